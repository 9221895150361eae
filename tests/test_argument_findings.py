"""What the argument sweep (tests/test_argument_sweep.py) found: arguments of the shipped files
that `check` accepts and play then ignores or fails on.

Each test says what a fixed referee does, whichever way the fix goes: the file is refused when it
loads (at file:line:col), or play honours the argument. Until the fix each is a strict xfail (on
any failure: the internal error a bug ends in changes as the code moves), so the fix turns it into
a failure that says to drop the mark, and the entry of tests/inert-arguments.txt that names it.
The findings below are fixed; each test stays to keep them so.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from referee.errors import RulesError
from referee.judge import judge
from referee.model import load_game
from referee.model.document import find_game
from referee.report import judgement_text
from referee.simulate import random_transcript
from referee.transcript import dump_transcript

pytestmark = pytest.mark.slow  # with the sweep that found them: seeded sessions of whole matches

HERE = Path(__file__).parent
POSITION = re.compile(r"^\S[^\n]*?:\d+:\d+: ")


def mutant(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """The shipped rules file `name` with its one statement `old` written `new`, as `{name}.rules`."""
    text = find_game(name).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / f"{name}.rules"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def refused(path: Path) -> bool:
    """Whether the file is refused when it loads, at file:line:col (one way to fix each finding)."""
    try:
        load_game(path)
    except RulesError as err:
        assert POSITION.match(str(err)), str(err)
        return True
    return False


def shown(path: Path, seeds=(1, 2, 3), players=None) -> str:
    """Seeded sessions of the file at `path` and the judge's verdicts on them."""
    game, out = load_game(path), []
    for seed in seeds:
        data = random_transcript(game, seed, whole_match=True, max_deals=24, players=players,
                                 game_ref={"rules": path.name})
        out.append(dump_transcript(data) + judgement_text(judge(data, base=path.parent)))
    return "\n".join(out)


def to_the_end(path: Path) -> str:
    """The judge's verdict, under the file at `path`, on a Preferans match played to its end."""
    data = json.loads((HERE / "fixtures" / "preferans-to-the-end.json").read_text(encoding="utf-8"))
    data.pop("game")
    return judgement_text(judge({"rules": path.name, **data}, base=path.parent))


@pytest.mark.parametrize("old, new", [
    ("if made: declarer writes bule minus value", "if made: declarer writes supe minus value"),
    ("if failed: declarer writes bule plus value", "if failed: declarer writes supe plus value"),
    ("if made: each short defender writes bule plus value", "if made: each short defender writes supe plus value"),
    ("if not defended: declarer writes bule minus value", "if not defended: declarer writes supe minus value"),
    ("  each defender writes supe plus tricks times value against declarer",
     "  each short defender writes supe plus tricks times value against declarer"),
    ("  each defender writes supe plus tricks times value against declarer",
     "  each defender writes supe plus tricks times value"),
    ("if failed: each defender writes supe plus 60 from hand 70 against declarer",
     "if failed: each defender writes supe plus 60 from hand 70"),
    ("match ends when total bule at most 0", "match ends when total supe at most 0"),
])
def test_a_per_opponent_account_written_plainly_is_refused_or_played(tmp_path, old, new):
    path = mutant(tmp_path, "preferans", old, new)
    assert refused(path) or shown(path)


@pytest.mark.parametrize("new", ["final result = supe times 10 plus supe against minus supe by",
                                 "final result = bule times 10 plus result against minus supe by",
                                 "final result = bule times 10 plus supe against minus result by"])
def test_a_final_term_of_the_wrong_kind_of_account_is_refused_or_settled(tmp_path, new):
    path = mutant(tmp_path, "preferans", "final result = bule times 10 plus supe against minus supe by", new)
    assert refused(path) or to_the_end(path)


def test_the_winner_is_decided_on_the_account_named(tmp_path):
    path = mutant(tmp_path, "preferans", "winner lowest total of result", "winner lowest total of refe")
    # nobody is written a refe in that match: on refe every seat ties for the lowest total
    assert refused(path) or to_the_end(path) != to_the_end(find_game("preferans"))


@pytest.mark.parametrize("name, old, new", [("preferans", "cut by right neighbour", "cut by left neighbour"),
                                            ("bouillotte", "cut by left neighbour", "cut by right neighbour")])
def test_the_side_of_the_cut_shows(tmp_path, name, old, new):
    path = mutant(tmp_path, name, old, new)
    assert refused(path) or shown(path) != shown(find_game(name))


def test_a_layout_rank_named_by_the_dealer_is_refused_or_played(tmp_path):
    path = mutant(tmp_path, "barbu", "layout starts with rank named by chooser",
                  "layout starts with rank named by dealer")
    assert refused(path) or shown(path, seeds=(1, 2))


def test_a_draw_from_another_rank_gets_a_verdict(tmp_path):
    path = mutant(tmp_path, "bouillotte", "first dealer by draw of K", "first dealer by draw of A")
    data = json.loads((HERE / "golden" / "bouillotte-match-seed5.json").read_text(encoding="utf-8"))
    data.pop("game")
    judgement = judge({"rules": path.name, **data}, base=path.parent)
    assert not judgement.legal
