"""Random legal play of whole Kierki deals and matches: invariants and the source's numbers.

The source (003_e21bac2628eec2a5.txt:32) states every contract's total; each is audited here
against what the referee actually writes, deal after deal.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.interpreter import Match
from referee.model import load_game
from referee.model.checks import quantity

STEP_CAP = 400  # a Kierki deal has at most 52 plays plus passes; more is a referee bug

# Every total the source states, with the reading the rules file records for 55 and 325.
STATED_TOTALS = {"no_king": 50, "no_hearts": 130, "no_queens": 100, "no_tricks": 65,
                 "rozbojnik": 345, "loteryjka": -60}


def seeded_deal(game, seed: int, contract: str | None = None):
    """A match after the draw, and its first deal dealt from `seed` (with `contract` named)."""
    rng = random.Random(seed)
    match = Match(game)
    match.draw_for_dealer(rng)
    return match, match.new_deal(match.deal_cards(rng), contract=contract), rng


def play_out(deal, rng) -> int:
    steps = 0
    while not deal.is_over():
        steps += 1
        assert steps <= STEP_CAP, "deal did not end within the step cap"
        moves = deal.legal_moves()
        assert moves, "a player to act always has a legal move"
        deal.push(rng.choice(moves))
    return steps


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), contract=st.sampled_from(sorted(STATED_TOTALS)))
def test_each_contract_writes_its_stated_total(kierki, seed, contract):
    match, deal, rng = seeded_deal(kierki, seed, contract)
    play_out(deal, rng)
    # Cards are conserved: in hand, on the table, in tricks taken, or in the layout.
    table_cards = sum(len(h) for h in deal.hands) + sum(len(t) for t in deal.taken)
    if contract == "loteryjka":
        laid = sum(hi - lo + 1 for lo, hi in deal.layout.columns.values())
        assert laid + sum(len(h) for h in deal.hands) == 52
    else:
        assert table_cards + len(deal.trick) == 52
        assert sum(deal.tricks_won) * 4 == sum(len(t) for t in deal.taken)
    result = match.finish_deal()
    assert sum(line.points for line in result.scores) == STATED_TOTALS[contract]
    assert all(line.clauses for line in result.scores)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_whole_match_invariants(kierki, seed):
    rng = random.Random(seed)
    match = Match(kierki)
    match.draw_for_dealer(rng)
    while not match.is_over():
        deal = match.new_deal(match.deal_cards(rng))
        assert len(deal.legal_moves()) == 6 - len(match.chosen[deal.chooser])
        play_out(deal, rng)
        match.finish_deal()
    assert len(match.results) == 24 == quantity(kierki, "deals", None)
    assert all(len(chosen) == 6 for chosen in match.chosen)
    assert sorted(Counter(r.contract for r in match.results).values()) == [4] * 6
    assert sum(match.totals) == 4 * sum(STATED_TOTALS.values())
    assert [sum(r.totals(4)[s] for r in match.results) for s in range(4)] == match.totals


def test_flat_queens_reading_gives_the_stated_325():
    game = load_game("kierki", {"robber_queens": "flat"})
    match, deal, rng = seeded_deal(game, 3, "rozbojnik")
    play_out(deal, rng)
    assert sum(line.points for line in match.finish_deal().scores) == 325


def test_static_quantities_match_the_source(kierki):
    assert quantity(kierki, "cards", None) == 52
    assert quantity(kierki, "tricks", None) == 13
    assert quantity(kierki, "total_penalty", "no_hearts") == 130
    assert quantity(kierki, "total_finish_score", "loteryjka") == -60


def test_layout_end_parameter_stops_when_places_decided():
    game = load_game("kierki", {"layout_end": "places_decided"})
    match, deal, rng = seeded_deal(game, 8, "loteryjka")
    play_out(deal, rng)
    assert len(deal.layout.finished) == 2 and deal.ended_early == "K4.4"
    assert sum(l.points for l in match.finish_deal().scores) == -60
