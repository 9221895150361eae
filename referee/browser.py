"""The referee's side of the book's "Check a deal" page, run by Pyodide in the reader's browser.

The pasted deal is written to a file named for its format (`deal.json`, `deal.deal`) and judged
in-process by what `referee judge FILE --lang LANG` runs (`judge_file`, then the text and the
`--json` rendering of the one judgement): every format that `referee judge` reads, the page reads
too, and a ruling on the page and on the command line cannot differ. The JSON gives the verdicts'
links to the clauses in the book; an input that cannot be judged gets the command line's error.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import i18n
from .cli import main, param_settings
from .errors import RefereeError
from .resources import rules_dir

__all__ = ["FORMATS", "judge_pasted", "shipped_rules", "warm_up"]

FORMATS = {"json": ".json", "deal": ".deal"}
"""The formats the page offers, by the suffix `referee judge` tells them apart by."""


def shipped_rules(relative: str) -> str:
    """The path of a shipped rules file (`NAME.rules`, `variants/NAME.rules`), refusing any other."""
    path = (rules_dir() / relative).resolve()
    if not path.is_relative_to(rules_dir().resolve()) or path.suffix != ".rules" or not path.is_file():
        raise ValueError(f"not a shipped rules file: {relative}")
    return str(path)


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


def _links(value: object) -> list[str]:
    """Every clause link of a `judge --json` result, in order, each once."""
    found: dict[str, None] = {}
    if isinstance(value, dict):
        for key, item in value.items():
            for link in (item if key == "links" and isinstance(item, list) else _links(item)):
                found.setdefault(link)
    elif isinstance(value, list):
        for item in value:
            found.update(dict.fromkeys(_links(item)))
    return list(found)


def judge_pasted(text: str, fmt: str, lang: str, params: Sequence[str] = (), rules: str | None = None) -> str:
    """Judge `text` as `referee judge` would; JSON with the exit status, the printed verdict (or
    the error), its line of verdict, the clause links (relative to the book's root), the game
    judged, what could be done at the illegal action or the end (`next`, as `referee legal`
    prints it) and the table drawn there as HTML (`drawing`; for a deal whose every action is
    legal and which records a claim, the table at the last claim, as the claimer showed it)."""
    argv = ["--lang", lang, *(f"--param={p}" for p in params)]
    if rules:
        argv += ["--rules", shipped_rules(rules)]
    here = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="deal-") as folder:
        name = "deal" + FORMATS[fmt]
        Path(folder, name).write_text(text, "utf-8")
        os.chdir(folder)  # the verdict and its errors name the file as the reader knows it: deal.json:3:5
        try:
            rules_path = shipped_rules(rules) if rules else None
            status, out, err, found = _judged(name, argv, params, rules_path, lang)
            links = _links(found)
            # What could be done: at the illegal action (what the player might have done
            # instead), else at the end of the deal (whose turn it is, or who deals next).
            at = _position((found.get("illegal") or {}).get("where")) if status == 1 else "end"
            offered, drawing = _legal_at(name, at, lang, params, rules_path) if at else ("", "")
            claimed = _claim_position(name, params, rules_path) if status == 0 else None
            if claimed is not None:  # a deal stopped by a claim: the table as the claimer showed it
                drawing = _legal_at(name, claimed, lang, params, rules_path)[1] or drawing
        finally:
            os.chdir(here)
    return json.dumps({"status": status, "text": out, "error": err, "links": links, "game": found.get("game"),
                       "headline": _headline(out, lang), "next": offered, "drawing": drawing},
                      ensure_ascii=False)


def _judged(name: str, argv: list[str], params: Sequence[str], rules: str | None,
            lang: str) -> tuple[int, str, str, dict[str, Any]]:
    """The exit status, the printed judgement, the error and the `--json` judgement of the deal
    file `name`, from one replay (a claim is ruled once). A file the referee cannot judge goes to
    the command line, whose error text the page shows as it prints it."""
    # on demand: the page imports this module before anything is judged
    from .judge import judge_file
    from .report import judgement_json, judgement_text
    try:
        judgement = judge_file(name, param_settings(list(params)), rules_file=rules)
    except Exception:  # noqa: BLE001 - the command line words every failure, a bug's included
        status, out, err = _run(["judge", name, *argv])
        return status, out, err, {}
    found = json.loads(json.dumps(judgement_json(judgement, lang), ensure_ascii=False))
    return judgement.exit_status, judgement_text(judgement, lang) + "\n", "", found


def _legal_at(name: str, at: str, lang: str, params: Sequence[str], rules: str | None) -> tuple[str, str]:
    """What `referee legal NAME --at AT` prints (empty unless it exits 0), and the table drawn at
    that position as HTML (empty when no deal is in play there): one replay for both."""
    # on demand: the page imports this module before anything is judged
    from .director import legal_at, parse_position, read_transcript
    try:
        settings = param_settings(list(params))
        data = read_transcript(name, rules, settings)
        view = legal_at(data, parse_position(at), Path(name).parent, settings, rules)
    except (RefereeError, OSError):
        return "", ""
    deal = view.judgement.in_play
    return (view.text(lang) + "\n" if view.exit_status == 0 else "",
            deal.show(lang)._repr_html_() if deal is not None else "")


def _claim_position(name: str, params: Sequence[str], rules: str | None) -> str | None:
    """The position (`D.A`, as `referee claim --at` counts it) of the last claim or concession
    recorded in the deal file `name`, or None when it records none."""
    # on demand: the page imports this module before anything is judged
    from .director import read_transcript
    try:
        data = read_transcript(name, rules, param_settings(list(params)))
    except (RefereeError, OSError):
        return None
    found = None
    for number, deal in enumerate(data.get("deals", []), 1):
        for index, action in enumerate(deal.get("actions", []), 1):
            if str(action.get("action", "")).split(" ")[0] in ("claim", "concede"):
                found = f"{number}.{index}"
    return found


_VERDICT_LINES = ("ILLEGAL, {where}: {verdict}", "WRONG SCORE, {where}: {verdict}",
                  "Match over. Totals: {totals}. Winner: {players}.", "Match over. Totals: {totals}. Winner: seat {winners}.",
                  "Every action is legal.")
"""How `referee judge` begins its line of verdict on the whole transcript (referee/judge.py)."""


def _headline(out: str, lang: str) -> str:
    """The line of the printed judgement that gives the verdict (the page sets it apart)."""
    starts = tuple(i18n.gettext(lang, line).split("{")[0] for line in _VERDICT_LINES)
    return next((line for line in out.splitlines() if line.startswith(starts)), "")


def _position(where: str | None) -> str | None:
    """`deals[0].actions[3]` (a judgement's place, from 0) as `referee legal` counts it: `1.4`."""
    found = re.fullmatch(r"deals\[(\d+)\]\.actions\[(\d+)\]", where or "")
    return f"{int(found[1]) + 1}.{int(found[2]) + 1}" if found else None


def warm_up() -> None:
    """Build the rules language's parser (cached) while the reader is still pasting, so the
    first judgement does not wait for it."""
    # on demand: the page imports this module before anything is judged
    from .front.parser import get_parser
    get_parser()
