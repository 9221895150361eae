"""`referee.browser`, the Python side of the book's "Check a deal" page, without a browser: it
judges pasted text through `referee judge` itself, names the paste as the reader knows it, and
reads only shipped rules files."""

from __future__ import annotations

import contextlib
import io
import json
import re

import pytest

from referee.browser import judge_pasted, shipped_rules
from referee.cli import main
from referee.resources import repo_root

GOLDEN = repo_root() / "tests" / "golden"


def _cli(argv: list[str]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        main(argv)
    return out.getvalue()


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_same_verdict_as_the_command_line(lang):
    path = GOLDEN / "kierki-revoke.json"
    result = json.loads(judge_pasted(path.read_text("utf-8"), "json", lang))
    assert result["status"] == 1
    assert result["text"] == _cli(["judge", str(path), "--lang", lang])
    assert result["links"][0] == f"{lang}/kierki/rules.html#K3.1"
    # what could be done there, as `referee legal --at 1.4` says it, and the table drawn there
    assert result["next"] == _cli(["legal", str(path), "--at", "1.4", "--lang", lang])
    drawing = result["drawing"]
    assert drawing.startswith('<div class="referee-deal">') and '<span style="color:#c00">♦</span>' in drawing
    assert ("Gracz 2" if lang == "pl" else "Seat 2") in drawing


def test_a_legal_deal_draws_no_table():
    result = json.loads(judge_pasted((GOLDEN / "kierki-seed1.json").read_text("utf-8"), "json", "en"))
    assert result["status"] == 0 and result["drawing"] == "" and "deals the next one" in result["next"]


@pytest.mark.parametrize("fmt", ["json", "deal"])
def test_a_deal_stopped_by_a_claim_is_drawn_as_the_claimer_showed_it(fmt):
    """Casebook ruling 106: the table is drawn at the claim (six tricks left, seat 2 holding ♠A 8 5 3
    and ♥4 3), as `referee legal --at 1.33` draws it, not at the end of the deal."""
    from referee.notation import write_deal
    from referee.transcript import load_transcript
    path = repo_root() / "rulings" / "106-claim-points-in-trumps.json"
    text = path.read_text("utf-8") if fmt == "json" else write_deal(load_transcript(path))
    result = json.loads(judge_pasted(text, fmt, "en"))
    assert result["status"] == 0 and "at least 20 more points: the claim fails" in result["text"]
    cells = re.sub(r"<[^>]+>", " ", result["drawing"]).split()
    assert "Seat 2" in " ".join(cells) and "A 8 5 3" in " ".join(cells)
    assert result["drawing"] == _drawn_at(path, "1.33")


def _drawn_at(path, at: str) -> str:
    from referee.director import legal_at, parse_position, read_transcript
    view = legal_at(read_transcript(path), parse_position(at), path.parent)
    return view.judgement.in_play.show("en")._repr_html_()


def test_errors_name_the_paste_at_line_and_column_in_the_readers_language():
    result = json.loads(judge_pasted('{\n "deals": [,]\n}', "json", "ru"))
    assert result["status"] == 2 and result["links"] == []
    assert result["error"].startswith("referee: deal.json:2:12: не является корректным JSON: ожидалось значение")
    assert "Traceback" not in result["error"]


def test_a_picked_game_and_reading_reach_the_referee():
    text = (GOLDEN / "kierki-seed1.json").read_text("utf-8")
    picked = json.loads(judge_pasted(text, "json", "en", ["heart_lead=restricted"], "kierki.rules"))
    assert picked["status"] in (0, 1)
    wrong = json.loads(judge_pasted(text, "json", "en", ["no_such_reading=1"], "kierki.rules"))
    assert wrong["status"] == 2 and "no_such_reading" in wrong["error"]


@pytest.mark.parametrize("name", ["../pyproject.toml", "/etc/passwd", "sources/sources.toml", "nothing.rules"])
def test_only_shipped_rules_files(name):
    with pytest.raises(ValueError, match="not a shipped rules file"):
        shipped_rules(name)


@pytest.mark.parametrize("lang", ["en", "hr"])
def test_the_page_shows_what_could_be_done_where_the_deal_stops(lang):
    # At an illegal action: the legal actions there (what the player might have done instead);
    # after a legal deal: its end, as `referee legal` prints it.
    revoke = GOLDEN / "kierki-revoke.json"
    result = json.loads(judge_pasted(revoke.read_text("utf-8"), "json", lang))
    assert result["next"] == _cli(["legal", str(revoke), "--at", "1.4", "--lang", lang])
    assert "2♦ 6♦ 9♦ 10♦" in result["next"]
    legal = GOLDEN / "kierki-seed1.json"
    result = json.loads(judge_pasted(legal.read_text("utf-8"), "json", lang))
    assert result["status"] == 0 and result["next"] == _cli(["legal", str(legal), "--lang", lang])
