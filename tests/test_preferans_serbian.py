"""Serbian Preferans (rules/variants/preferans_serbian.rules): the Croatian clauses with the
Serbian readings set: counter-clockwise, moje, and the whole kontra ladder played and settled."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cli import main
from referee.interpreter import Match
from referee.judge import judge
from referee.mechanics.table.rules import PlayDirection
from referee.model import load_game
from referee.simulate import random_transcript

from .test_preferans import act, run, start


@pytest.fixture(scope="module")
def game():
    return load_game("preferans_serbian")


def test_the_variant_sets_the_serbian_readings(game):
    assert game.base == "preferans"
    assert {k: game.settings[k] for k in ("turn_direction", "moje", "kontra", "talon_view")} == {
        "turn_direction": "counterclockwise", "moje": "on", "kontra": "on", "talon_view": "shown"}
    assert game.table.direction.value is PlayDirection.COUNTERCLOCKWISE
    assert len(game.clauses) == len(load_game("preferans").clauses)


def _to_defence(game):
    match, deal = start(game)
    run(deal, [(0, "bid 2"), (1, "pass"), (2, "pass"), (0, "discard 9D 8D"), (0, "declare hearts"),
               (1, "defend"), (2, "defend")])
    return match, deal


def test_the_kontra_ladder_runs_to_mortkontra_and_no_further(game):
    match, deal = _to_defence(game)
    # kontra (a defender), rekontra (the declarer), subkontra (a defender, the first in turn order
    # again opening the defenders' round), mortkontra (the declarer)
    run(deal, [(1, "double"), (0, "double"), (1, "double"), (0, "double")])
    assert deal.bidding.doublings == 4 and deal.phase == "tricks"  # the ladder is used up: play begins
    fifth = act(deal, deal.to_act, "double")
    assert not fifth.legal


def test_mortkontra_settles_sixteen_times(game):
    match, deal = _to_defence(game)
    run(deal, [(1, "double"), (0, "double"), (1, "double"), (0, "double")])
    while not deal.is_over():
        deal.push(deal.legal_moves()[0])
    result = match.finish_deal()
    declarer = [l for l in result.scores if l.seat == 0 and l.account == "bule"]
    assert [abs(l.points) for l in declarer] == [8 * 16] and "P5.5" in declarer[0].clauses
    supe = [l for l in result.scores if l.account == "supe"]
    assert supe and all(l.points % 16 == 0 for l in supe)


def test_moje_holds_the_bid(game):
    match, deal = start(game)
    run(deal, [(0, "bid 2"), (1, "bid 3"), (2, "pass"), (0, "bid 3"), (1, "pass")])  # seat 0 keeps 3: moje
    assert deal.declarer == 0 and deal.bidding.level == 1


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_deals_conserve_cards_and_double_at_most_four_times(game, seed):
    rng = random.Random(seed)
    match = Match(game)
    match.draw_for_dealer(rng)
    for _ in range(6):
        hands, talon, _up = match.deal_pack(rng)
        assert sorted(c for h in hands for c in h) + sorted(talon) and len(set(sum(hands, []) + talon)) == 32
        deal = match.new_deal(hands, talon=talon)
        steps = 0
        while not deal.is_over():
            steps += 1
            assert steps <= 200
            deal.push(rng.choice(deal.legal_moves()))
        assert getattr(deal, "doublings", 0) <= 4
        held = sorted(c for h in deal.hands for c in h) + sorted(c for t in deal.taken for c in t)
        assert len(held) == len(set(held)) <= 32
        result = match.finish_deal()
        doubled = 2 ** getattr(deal, "doublings", 0)
        assert all(l.points % doubled == 0 for l in result.scores if l.account in ("bule", "supe"))


def test_whole_match_is_played_and_judged(game, capsys, tmp_path):
    data = random_transcript(game, 5, whole_match=True, max_deals=30, game_ref={"game": "preferans_serbian"})
    assert judge(data).legal
    assert any(a["action"] == "double" for d in data["deals"] for a in d["actions"])
    out = tmp_path / "m.json"
    assert main(["play", "preferans_serbian", "--match", "--seed", "2", "-o", str(out)]) == 0
    assert main(["judge", str(out)]) == 0
    assert "  preferans_serbian " in (main(["games"]), capsys.readouterr().out)[1]
