"""Golden transcripts: `referee play` and `referee judge` output diffed line by line.

To accept a deliberate change, regenerate with `python -m tests.test_golden` and review the diff.
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest

from referee.judge import judge_file
from referee.model import load_game
from referee.report import judgement_json, judgement_text
from referee.simulate import random_transcript
from referee.transcript import dump_transcript

GOLDEN = Path(__file__).parent / "golden"
PLAYED = {"kierki-seed1.json": ("kierki", 1, False), "kierki-match-seed2.json": ("kierki", 2, True),
          "preferans-seed5.json": ("preferans", 5, False),
          "bouillotte-match-seed5.json": ("bouillotte", 5, True, 4),
          "bouillotte5-match-seed2.json": ("bouillotte", 2, True, 5)}
JUDGED = ["kierki-seed1", "kierki-match-seed2", "kierki-revoke", "preferans-seed5",
          "bouillotte-match-seed5", "bouillotte5-match-seed2"]


def _diff(expected: str, actual: str, name: str) -> str:
    return "\n".join(difflib.unified_diff(expected.splitlines(), actual.splitlines(),
                                          f"{name} (golden)", f"{name} (now)", lineterm=""))


@pytest.mark.parametrize("name", sorted(PLAYED))
def test_play_reproduces_golden_transcript(name):
    game_name, seed, whole, *players = PLAYED[name]
    actual = dump_transcript(random_transcript(load_game(game_name), seed, whole_match=whole,
                                               players=players[0] if players else None))
    expected = (GOLDEN / name).read_text(encoding="utf-8")
    assert actual == expected, _diff(expected, actual, name)


@pytest.mark.parametrize("stem", JUDGED)
def test_judge_reproduces_golden_verdicts(stem):
    actual = judgement_text(judge_file(GOLDEN / f"{stem}.json")) + "\n"
    expected = (GOLDEN / f"{stem}.judge.txt").read_text(encoding="utf-8")
    assert actual == expected, _diff(expected, actual, stem)


def test_revoke_golden_is_illegal_and_cites_follow_suit():
    judgement = judge_file(GOLDEN / "kierki-revoke.json")
    assert not judgement.legal and judgement.where == "deals[0].actions[3]"
    assert judgement.illegal.clauses == ("K3.1", "K3.6")
    assert json.loads(json.dumps(judgement_json(judgement)))["illegal"]["clauses"] == ["K3.1", "K3.6"]


if __name__ == "__main__":  # regenerate the golden files
    for name, (game_name, seed, whole, *players) in PLAYED.items():
        (GOLDEN / name).write_text(dump_transcript(random_transcript(
            load_game(game_name), seed, whole_match=whole, players=players[0] if players else None)), "utf-8")
    for stem in JUDGED:
        (GOLDEN / f"{stem}.judge.txt").write_text(judgement_text(judge_file(GOLDEN / f"{stem}.json")) + "\n", "utf-8")
