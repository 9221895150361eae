"""The score sheet a transcript may carry after each deal (`totals` in JSON, `score ACCOUNT: ...`
lines in the deal notation): the referee checks every total against its own and, where one
differs, names the seat, both figures and the clauses that wrote that seat's points."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from referee.cli import main
from referee.errors import NotationError, TranscriptError
from referee.judge import judge
from referee.model import load_game
from referee.notation import read_deal_text, write_deal
from referee.report import judgement_json, judgement_text
from referee.simulate import random_transcript

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("game, seed", [("kierki", 2), ("preferans", 5), ("bouillotte", 3)])
def test_random_play_writes_the_score_sheet_and_the_judge_agrees_with_it(game, seed):
    record = random_transcript(load_game(game), seed, whole_match=True, max_deals=6)
    assert all("totals" in deal for deal in record["deals"])
    judgement = judge(record)
    assert judgement.verdict in ("legal", "unfinished") and judgement.legal
    assert [d.sheet_checked for d in judgement.deals] == [True] * len(record["deals"])
    for deal, report in zip(record["deals"], judgement.deals):
        assert deal["totals"] == report.accounts


def _preferans() -> dict:
    return json.loads((GOLDEN / "preferans-seed5.json").read_text(encoding="utf-8"))


def test_a_wrong_total_is_a_wrong_score_citing_the_clauses_that_wrote_it(capsys):
    record = _preferans()
    record["deals"][0]["totals"]["supe"][2] += 2  # seat 3 wrote 18 for his defending tricks
    judgement = judge(record)
    assert not judgement.legal and judgement.verdict == "wrong_score"
    assert judgement.where == "deals[0].totals.supe"
    assert judgement.illegal.clauses == ("P7.3", "P7.1")  # the clauses of seat 3's score line
    text = judgement_text(judgement)
    assert ("WRONG SCORE, deal 1, the score sheet: The score sheet gives seat 3 20 in supe after deal 1, "
            "but the rules give 18.") in text
    assert "ILLEGAL" not in text
    assert judgement_json(judgement)["verdict"] == "wrong_score"
    assert "POGREŠAN REZULTAT" in judgement_text(judgement, "hr") and "после сдачи 1" in judgement_text(judgement, "ru")


def test_a_wrong_total_where_the_deal_wrote_nothing_cites_the_account():
    record = _preferans()
    record["deals"][0]["totals"]["refe"][0] = 1  # nobody wrote a refe in this deal
    judgement = judge(record)
    assert judgement.verdict == "wrong_score"
    game = load_game("preferans")
    assert judgement.illegal.clauses == (game.accounts["refe"].clause,)


def _wrong_bule(tmp_path: Path) -> str:
    """Deal 1 of preferans-seed5 with seat 1's bule written as 100 (the rules give 106), as a file."""
    record = _preferans()
    record["deals"][0]["totals"]["bule"][0] = 100
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return str(path)


def test_the_command_line_exits_1_on_a_wrong_score(tmp_path, capsys):
    assert main(["judge", _wrong_bule(tmp_path)]) == 1
    assert "seat 1 100 in bule after deal 1, but the rules give 106" in capsys.readouterr().out


@pytest.mark.parametrize("totals, problem, hint", [
    ({"points": [0, 0, 0]}, "keeps no account 'points'", "its accounts are: refe, bule, supe"),
    ({"result": [0, 0, 0]}, "result is worked out only at the end of the match", "write only these accounts"),
    ({"bule": [106, 100]}, "gives 2 totals for bule, one per seat is needed (3)", None),
])
def test_a_score_sheet_that_cannot_be_read_says_why(totals, problem, hint):
    record = _preferans()
    record["deals"][0]["totals"] = totals
    with pytest.raises(TranscriptError) as caught:
        judge(record)
    message = caught.value.render("en")
    assert message.startswith("transcript.deals[0].totals.") and problem in message
    if hint:
        assert hint in message


def test_the_notation_writes_and_reads_the_score_sheet():
    record = _preferans()
    text = write_deal(record)
    assert "score refe: 0 0 0\nscore bule: 106 100 100\nscore supe: 0 12 18\n" in text
    assert read_deal_text(text, "p.deal") == record
    negative = copy.deepcopy(record)
    negative["deals"][0]["totals"]["supe"] = [0, 12, -18]
    written = write_deal(negative)
    assert "score supe: 0 12 -18" in written and read_deal_text(written, "p.deal") == negative


def test_the_notation_refuses_an_account_written_twice():
    text = write_deal(_preferans()).replace("score supe: 0 12 18", "score bule: 1 2 3")
    with pytest.raises(NotationError) as caught:
        read_deal_text(text, "p.deal")
    message = caught.value.render("en")
    assert "the score of bule is written twice" in message and "p.deal:" in message


def test_legal_answers_past_a_wrong_total_because_it_asks_about_actions(tmp_path, capsys):
    assert main(["legal", _wrong_bule(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "WRONG SCORE" not in out and "ILLEGAL" not in out and "deals the next one" in out


def test_explain_at_the_end_of_a_deal_rules_on_its_score_sheet_under_every_reading(capsys):
    """Ruling 80's sheet counts the rozbójnik's king and queen of hearts once: wrong by default,
    right under robber_queens=once; explain says so for each reading."""
    sheet = str(Path(__file__).parent.parent / "rulings" / "080-score-sheet.json")
    assert main(["explain", sheet, "--at", "1"]) == 1
    out = capsys.readouterr().out
    assert "Position: the end of deal 1" in out
    assert "the score sheet after deal 1 — WRONG SCORE" in out
    assert "robber_queens=once: AGREES — The score sheet written after deal 1 agrees with the rules." in out
    assert "robber_queens=flat: WRONG SCORE" in out
    assert main(["explain", sheet, "--at", "1", "--param", "robber_queens=once"]) == 0
    assert "the score sheet after deal 1 — AGREES" in capsys.readouterr().out
    assert main(["explain", sheet, "--at", "1", "--json"]) == 1
    found = json.loads(capsys.readouterr().out)
    assert found["position"]["where"] == "deals[0].totals" and found["verdict"]["legal"] is False
