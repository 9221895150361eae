"""The casebook: numbered rulings on disputed questions, each replayed from its transcripts.

A ruling is a TOML file `rulings/NNN-slug.toml` (the format is described in the book's casebook
page and in the README): a player's question, the decision and the clauses it rests on, the
readings considered, and cases — transcripts beside the file, each with the parameter values
under which it is judged and the verdict the referee must reach. `replay` judges a case in
process with `referee.judge`, so a ruling that no longer holds is found by the tests and by
`referee ruling N`.

Ruling files are data (read with `tomllib`, never executed); a bad one is a `RulingFileError`
with file:line:col where the key can be found.
"""

from __future__ import annotations

import re
import textwrap
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import i18n
from .errors import RulesDefinitionError, RulesError, SourcePosition, TranscriptError, UsageError
from .i18n import N_
from .judgement import Judgement
from .limits import LIMITS, UnreadableFile, read_untrusted
from .model.game import Game
from .report import judgement_json, judgement_text, where_text
from .resources import resource_dir
from .verdicts import cite

__all__ = ["Ruling", "Case", "Replay", "RulingFileError", "rulings_dir", "load_ruling", "load_rulings",
           "find_ruling", "replay", "render", "VERDICTS"]

VERDICTS = ("legal", "illegal", "wrong_score", "unfinished", "error")
"""What a case may say the referee rules: every action legal and every deal finished; an
illegal action; a total on the score sheet that differs from the rules'; every action legal but a
deal cut short; or an unusable transcript."""

_FILE_NAME = re.compile(r"^(\d{3})-([a-z0-9]+(?:-[a-z0-9]+)*)\.toml$")
_PLAIN_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*\.json$")
_TEXTS = ("title", "question", "decision", "readings")
_KEYS = {*_TEXTS, "game", "clauses", "cases"}
_CASE_KEYS = {"transcript", "params", "verdict", "cites", "where", "totals", "account"}


class RulingFileError(RulesDefinitionError):
    """A ruling file of the casebook cannot be used; its author must fix it."""

    kind = N_("ruling file error")


def rulings_dir() -> Path:
    """The shipped casebook: `rulings/` in a checkout, `referee/_rulings` in a wheel."""
    return resource_dir("rulings")


@dataclass(frozen=True)
class Case:
    """One transcript of a ruling, with what the referee must rule on it."""

    transcript: str
    """A plain file name beside the ruling file."""
    params: tuple[tuple[str, str], ...]
    """Parameter values the transcript is judged under (empty: the rules file's defaults)."""
    verdict: str
    """One of `VERDICTS`."""
    cites: tuple[str, ...]
    """Clause IDs the verdict must cite (it may cite more)."""
    where: str | None
    """Where the first illegal action stands (`deals[0].actions[3]`), when the case says."""
    totals: tuple[tuple[int, int], ...]
    """(seat, total) pairs the accounts must show after the last finished deal."""
    account: str | None
    """The account `totals` reads, when not the game's main one."""
    position: SourcePosition
    """The case's `[[cases]]` header in the ruling file."""

    def params_text(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.params)


@dataclass(frozen=True)
class Ruling:
    """A numbered ruling: the question, the decision, the clauses and the cases that show it."""

    number: int
    slug: str
    path: Path
    title: str
    game: str
    clauses: tuple[str, ...]
    question: str
    decision: str
    readings: str
    cases: tuple[Case, ...]

    @property
    def anchor(self) -> str:
        """The anchor of the ruling on the book's casebook page (`ruling-12`)."""
        return f"ruling-{self.number}"

    def texts(self) -> dict[str, str]:
        """The English texts, which are msgids of the `referee` catalogs."""
        return {key: getattr(self, key) for key in _TEXTS}


@dataclass(frozen=True)
class Replay:
    """What the referee ruled on one case today, against what the case says it must rule."""

    case: Case
    verdict: str
    cites: tuple[str, ...]
    where: str | None
    totals: tuple[int, ...]
    judgement: Judgement | None
    """The judgement, or None when the transcript could not be judged."""
    error: str | None = None

    @property
    def differences(self) -> list[str]:
        """Each way the replay departs from the case, in English (empty when it holds)."""
        case, out = self.case, []
        if self.verdict != case.verdict:
            out.append(f"verdict {self.verdict}, not {case.verdict}" + (f" ({self.error})" if self.error else ""))
        missing = [c for c in case.cites if c not in self.cites]
        if missing:
            out.append(f"does not cite {', '.join(missing)} (cites {', '.join(self.cites) or 'nothing'})")
        if case.where is not None and self.where != case.where:
            out.append(f"the illegal action is at {self.where}, not {case.where}")
        for seat, total in case.totals:
            got = self.totals[seat] if seat < len(self.totals) else None
            if got != total:
                out.append(f"seat {seat} ends at {got}, not {total}")
        return out

    @property
    def holds(self) -> bool:
        return not self.differences


# --------------------------------------------------------------------------------------------------
# Loading


def _position(path: Path, text: str, key: str | None, after: int = 0) -> SourcePosition:
    """Where `key = ...` is written (its first line at or after line `after`, 0-based), else the
    line `after` itself: tomllib keeps no positions, so the key is found in the text."""
    lines = text.splitlines()
    if key is not None:
        pattern = re.compile(rf"^(\s*){re.escape(key)}\s*=")
        for number in range(after, len(lines)):
            found = pattern.match(lines[number])
            if found:
                return SourcePosition(str(path), number + 1, len(found.group(1)) + 1)
            if number > after and lines[number].lstrip().startswith("[["):  # the next case
                break
    return SourcePosition(str(path), min(after, max(len(lines) - 1, 0)) + 1, 1)


def _case_lines(text: str) -> list[int]:
    return [n for n, line in enumerate(text.splitlines()) if re.match(r"^\s*\[\[\s*cases\s*\]\]", line)]


def _fail(path: Path, text: str, problem: str, key: str | None = None, after: int = 0,
          hint: str | None = None) -> RulingFileError:
    return RulingFileError(_position(path, text, key, after), problem, text=text, hint=hint)


def _plain(text: str) -> str:
    """A text of the file as one paragraph: the line breaks of a TOML multi-line string are only
    layout, and the catalogs hold the text in this form."""
    return " ".join(text.split())


def _parse(path: Path) -> tuple[str, dict[str, Any]]:
    try:
        raw = read_untrusted(path, LIMITS.rules_file_bytes, "ruling file")
    except UnreadableFile as why:
        raise RulingFileError(SourcePosition(str(path), 1, 1), f"{path.name} {why}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw[:err.start].count(b"\n") + 1
        raise RulingFileError(SourcePosition(str(path), line, 1), "the file is not UTF-8 text",
                              hint="save it as UTF-8") from None
    try:
        return text, tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        found = re.search(r"\(at line (\d+), column (\d+)\)", str(err))
        line, column = (int(found.group(1)), int(found.group(2))) if found else (1, 1)
        problem = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", str(err))
        raise RulingFileError(SourcePosition(str(path), line, column), f"not valid TOML: {problem}",
                              text=text, hint="see https://toml.io for the syntax") from None


def _strings(value: object, path: Path, text: str, key: str, after: int = 0) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise _fail(path, text, f"{key} must be a list of clause IDs in quotes", key, after,
                    hint=f'{key} = ["P6.1", "P1.4"]')
    return tuple(value)


def _known_clauses(ids: tuple[str, ...], game: Game, path: Path, text: str, key: str, after: int = 0) -> None:
    unknown = [c for c in ids if c not in game.clauses]
    if unknown:
        raise _fail(path, text, f"{game.title} has no clause {', '.join(unknown)}", key, after,
                    hint="`referee rules " + game.id + "` lists the clause IDs")


def _case(entry: object, index: int, folder: Path, path: Path, text: str, game_name: str, game: Game) -> Case:
    headers = _case_lines(text)
    start = headers[index] if index < len(headers) else 0
    if not isinstance(entry, dict):
        raise _fail(path, text, "each [[cases]] must be a table", "cases")
    unknown = sorted(set(entry) - _CASE_KEYS)
    if unknown:
        raise _fail(path, text, f"a case has no key {unknown[0]!r}", unknown[0], start,
                    hint="a case has " + ", ".join(sorted(_CASE_KEYS)))
    for key in ("transcript", "verdict"):
        if not isinstance(entry.get(key), str):
            raise _fail(path, text, f"a case needs {key} = \"...\"", key if key in entry else None, start)
    name = entry["transcript"]
    if not _PLAIN_NAME.match(name) or ".." in name:
        raise _fail(path, text, f"transcript {name!r} is not the plain name of a .json file beside the ruling",
                    "transcript", start, hint='transcript = "012-first-lead.json"')
    if not (folder / name).is_file():
        raise _fail(path, text, f"there is no transcript {name} beside {path.name}", "transcript", start)
    if entry["verdict"] not in VERDICTS:
        raise _fail(path, text, f"verdict {entry['verdict']!r} is not one of {', '.join(VERDICTS)}",
                    "verdict", start)
    params = entry.get("params", {})
    if not isinstance(params, dict) or not all(isinstance(v, (str, int)) and not isinstance(v, bool)
                                               for v in params.values()):
        raise _fail(path, text, "params must be a table of parameter names and values", "params", start,
                    hint='params = { heart_lead = "restricted" }')
    params = tuple((k, str(v)) for k, v in params.items())
    try:
        # on demand: the parser, the judge and the transcripts only when a ruling is loaded or replayed
        from .model import load_game
        load_game(game_name, dict(params))
    except UsageError as err:
        raise _fail(path, text, f"params: {err}", "params", start) from None
    except RulesError:  # a reading the referee cannot run yet: the case says so with "error"
        pass
    cites = _strings(entry.get("cites", []), path, text, "cites", start)
    _known_clauses(cites, game, path, text, "cites", start)
    where = entry.get("where")
    if where is not None and not isinstance(where, str):
        raise _fail(path, text, "where must be a place such as \"deals[0].actions[3]\"", "where", start)
    totals = entry.get("totals", {})
    if not isinstance(totals, dict) or not all(k.isdigit() and len(k) <= 2 and isinstance(v, int)
                                               and not isinstance(v, bool) for k, v in totals.items()):
        raise _fail(path, text, "totals must be a table of seats (numbers in quotes) and whole numbers",
                    "totals", start, hint='totals = { "0" = 12, "1" = -6 }')
    account = entry.get("account")
    if account is not None and (not isinstance(account, str) or account not in game.accounts):
        raise _fail(path, text, f"account must name one of the game's accounts: {', '.join(game.accounts)}",
                    "account", start, hint=f'account = "{next(iter(game.accounts), "points")}"')
    return Case(name, params, entry["verdict"], cites, where,
                tuple(sorted((int(k), v) for k, v in totals.items())), account,
                SourcePosition(str(path), start + 1, 1))


def load_ruling(path: str | Path) -> Ruling:
    """Read and check one ruling file (its game, clauses, cases and their transcripts' names)."""
    # on demand: the parser, the judge and the transcripts only when a ruling is loaded or replayed
    from .model import load_game
    from .model.document import game_names, variant_names

    path = Path(path)
    named = _FILE_NAME.match(path.name)
    if not named:
        raise RulingFileError(SourcePosition(str(path), 1, 1),
                              f"{path.name} is not named NNN-slug.toml (three digits, a hyphen, a slug)")
    text, data = _parse(path)
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise _fail(path, text, f"a ruling has no key {unknown[0]!r}", unknown[0],
                    hint="a ruling has " + ", ".join(sorted(_KEYS)))
    for key in (*_TEXTS, "game"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise _fail(path, text, f"the ruling needs {key} = \"...\" (a text)", key if key in data else None)
    if data["game"] not in game_names() + variant_names():
        raise _fail(path, text, f"{data['game']!r} is not a shipped game or variant", "game",
                    hint="`referee games` lists them")
    game = load_game(data["game"])
    clauses = _strings(data.get("clauses"), path, text, "clauses")
    _known_clauses(clauses, game, path, text, "clauses")
    cases = data.get("cases")
    if not isinstance(cases, list) or not cases:
        raise _fail(path, text, "the ruling needs at least one [[cases]] with a transcript", "cases")
    return Ruling(int(named.group(1)), named.group(2), path, title=_plain(data["title"]), game=data["game"],
                  clauses=clauses, question=_plain(data["question"]), decision=_plain(data["decision"]),
                  readings=_plain(data["readings"]),
                  cases=tuple(_case(entry, i, path.parent, path, text, data["game"], game)
                              for i, entry in enumerate(cases)))


def load_rulings(folder: Path | None = None) -> list[Ruling]:
    """Every ruling of a casebook folder, by number; two files with one number are an error."""
    folder = folder or rulings_dir()
    rulings = [load_ruling(p) for p in sorted(folder.glob("*.toml"))]
    seen: dict[int, Ruling] = {}
    for ruling in rulings:
        if ruling.number in seen:
            raise RulingFileError(SourcePosition(str(ruling.path), 1, 1),
                                  f"ruling {ruling.number} is also {seen[ruling.number].path.name}",
                                  hint="give each ruling its own number")
        seen[ruling.number] = ruling
    return sorted(rulings, key=lambda r: r.number)


def find_ruling(number: str, folder: Path | None = None) -> Ruling:
    """The ruling of this number (as typed on a command line: `12` or `012`)."""
    folder = folder or rulings_dir()
    if not number.isdigit() or len(number) > 3:
        raise UsageError(f"a ruling is named by its number (1 to 999), not {number[:20]!r}; "
                         "`referee ruling --list` lists them")
    matches = [p for p in sorted(folder.glob(f"{int(number):03d}-*.toml"))]
    if not matches:
        raise UsageError(f"there is no ruling {int(number)}; `referee ruling --list` lists them")
    return load_ruling(matches[0])


# --------------------------------------------------------------------------------------------------
# Replaying


def _cited(judgement: Judgement) -> tuple[str, ...]:
    """The clauses a judgement cites: the refusal's when an action is illegal, else every clause
    the judgement's lines cite (the draw, each deal's contract, early end and scores, the match)."""
    if judgement.illegal is not None:
        return tuple(judgement.illegal.clauses)
    game = judgement.game
    found: list[str] = []
    for note in judgement.notes:
        found.extend(note.clauses)
    for report in judgement.deals:
        if report.contract:
            chosen_by = (game.contract_choice.chooser if game.contract_choice else None) or game.contract_order \
                or game.table.phases
            assert chosen_by is not None  # every game states its phases
            found.append(chosen_by.clause)
        if report.ended_early:
            found.append(report.ended_early)
        for line in report.scores:
            found.extend(line.clauses)
    if judgement.match is not None:
        found.extend(judgement.match.clauses)
    found.extend(_json_clauses(judgement_json(judgement)))  # and whatever else the judgement reports
    return tuple(dict.fromkeys(found))


def _json_clauses(value: object) -> list[str]:
    """Every clause ID listed under a `clauses` key anywhere in a judgement's JSON form."""
    if isinstance(value, dict):
        out = [c for c in value.get("clauses") or () if isinstance(c, str)]
        for key, item in value.items():
            if key != "clauses":
                out.extend(_json_clauses(item))
        return out
    if isinstance(value, list):
        return [c for item in value for c in _json_clauses(item)]
    return []


def _final_totals(judgement: Judgement, account: str | None = None) -> tuple[int, ...]:
    """The totals after the last finished deal: the main account, or the named one."""
    finished = [d for d in judgement.deals if d.finished]
    if account is not None:
        return tuple(finished[-1].accounts.get(account, ())) if finished else ()
    if judgement.match is not None:
        return tuple(judgement.match.totals)
    return tuple(finished[-1].totals) if finished else ()


def replay(ruling: Ruling, case: Case) -> Replay:
    """Judge a case's transcript under its parameters, with the ruling's game."""
    # on demand: the parser, the judge and the transcripts only when a ruling is loaded or replayed
    from .judge import judge
    from .model.document import find_rules_file
    from .transcript import load_transcript

    path = ruling.path.parent / case.transcript
    try:
        data = load_transcript(path)
        if data.get("game") != ruling.game:
            raise TranscriptError(f"{case.transcript}: transcript.game",
                                  f"the transcript names {data.get('game')!r}, the ruling {ruling.game!r}")
        judgement = judge(data, base=path.parent, settings=dict(case.params),
                          rules_file=find_rules_file(ruling.game))
    except (TranscriptError, UsageError) as err:
        return Replay(case, "error", (), None, (), None, str(err))
    except RulesError as err:  # the rules in force under these readings do not load
        first = err.render().splitlines()[0]
        return Replay(case, "error", (), None, (), None, first.replace(err.position.path, Path(err.position.path).name, 1))
    if not judgement.legal:
        verdict = judgement.verdict  # an illegal action, or a wrong total on the score sheet
    elif any(not d.finished for d in judgement.deals) or getattr(judgement, "unfinished", None):
        verdict = "unfinished"
    else:
        verdict = "legal"
    return Replay(case, verdict, _cited(judgement), judgement.where, _final_totals(judgement, case.account), judgement)


# --------------------------------------------------------------------------------------------------
# For people

L_RULING = N_("Ruling {number}: {title}")
L_QUESTION = N_("Question")
L_DECISION = N_("Decision")
L_CLAUSES = N_("Clauses")
L_READINGS = N_("Readings considered")
L_CASES = N_("Cases")
L_DEFAULTS = N_("the default readings")
L_HOLDS = N_("holds")
L_FAILS = N_("DOES NOT HOLD")
L_EXPECTED = N_("the ruling says: {verdict}")
L_CASE = N_("{transcript} under {params}: {verdict}")
VERDICT_WORDS = {"legal": N_("every action legal"), "illegal": N_("an illegal action"),
                 "wrong_score": N_("a wrong total on the score sheet"),
                 "unfinished": N_("legal so far, the deal unfinished"), "error": N_("the transcript cannot be judged")}


def _wrap(text: str, indent: str = "  ") -> list[str]:
    return textwrap.wrap(text, 96, initial_indent=indent, subsequent_indent=indent) or [indent.rstrip()]


def case_line(replay_: Replay, ruling: Ruling, lang: str = "en", detail: bool = True) -> str:
    """One case as people read it: the transcript, the readings, what the referee rules now
    (where, citing what) and whether that is what the ruling says. `detail` adds why a
    transcript cannot be judged, in the words of the error (English, as `referee judge` has it)."""
    _ = lambda m: i18n.gettext(lang, m)  # noqa: E731
    case = replay_.case
    verdict = _(VERDICT_WORDS[replay_.verdict])
    judgement = replay_.judgement
    if judgement is not None and judgement.illegal is not None:
        verdict += f", {where_text(judgement, lang)}: {judgement.illegal.describe(judgement.game, lang)}"
    elif judgement is not None and replay_.cites:
        verdict += f" [{cite(judgement.game, [c for c in replay_.cites if c in case.cites] or replay_.cites, lang, human=True)}]"
    elif replay_.error and detail:
        verdict += f": {replay_.error}"
    if replay_.totals and case.totals:
        shown = " ".join(map(str, replay_.totals))
        if case.account is not None and judgement is not None:
            shown = f"{_(judgement.game.accounts[case.account].value.title)}: {shown}"
        verdict += "; " + _("Totals: {totals}").format(totals=shown)
    line = _(L_CASE).format(transcript=case.transcript, params=case.params_text() or _(L_DEFAULTS), verdict=verdict)
    if replay_.holds:
        return f"{line} — {_(L_HOLDS)}"
    shown = _(L_EXPECTED).format(verdict=_(VERDICT_WORDS[case.verdict]))
    return f"{line} — {_(L_FAILS)} ({shown}; {'; '.join(replay_.differences)})"


def render(ruling: Ruling, replays: list[Replay], lang: str = "en", verbose: bool = False) -> str:
    """The ruling for people in `lang`: question, decision, clauses with their citations and
    statements, readings, and each case as replayed now."""
    # on demand: the parser, the judge and the transcripts only when a ruling is loaded or replayed
    from .model import load_game
    _ = lambda m: i18n.gettext(lang, m)  # noqa: E731
    game = load_game(ruling.game)
    out = [_(L_RULING).format(number=ruling.number, title=_(ruling.title)),
           f"{_(game.title)} ({Path(game.path).name})", ""]
    for label, key in ((L_QUESTION, "question"), (L_DECISION, "decision")):
        out += [_(label), *_wrap(_(getattr(ruling, key))), ""]
    out.append(_(L_CLAUSES))
    for cid in ruling.clauses:
        out.append(f"  {cite(game, [cid], lang, human=True, titles=True)}")
        out += _wrap(_(game.clauses[cid].statement), "    ")
    out += ["", _(L_READINGS), *_wrap(_(ruling.readings)), "", _(L_CASES)]
    for one in replays:
        out += _wrap(case_line(one, ruling, lang))
        if verbose and one.judgement is not None:
            out += ["    | " + line for line in judgement_text(one.judgement, lang).splitlines()]
    return "\n".join(out)
