"""The fused random-play path (`play_out`) makes exactly the moves that `random_move` then `push`
make one at a time (the path `referee play` and the golden transcripts use), for every game."""

import random

import pytest

from referee.interpreter import Match
from referee.interpreter.players import play_out, random_move
from referee.model import load_game


def _histories(game, seed, fused, deals=30):
    rng = random.Random(seed)
    match = Match(game)
    match.draw_for_dealer(rng)
    out = []
    for _ in range(deals):
        if match.is_over():
            break
        hands, talon, upcards = match.deal_pack(rng)
        deal = match.new_deal(hands, talon=talon, upcards=upcards)
        if fused:
            play_out(deal, rng)
        else:
            while not deal.is_over():
                deal.push(random_move(deal, rng))
        out.append((tuple(deal.history), match.finish_deal().scores))
    return out


from referee.model.document import game_names, variant_names


@pytest.mark.parametrize("name", game_names() + variant_names())
@pytest.mark.parametrize("seed", [0, 7])
def test_fused_random_play_makes_the_same_moves(name, seed):
    game = load_game(name)
    fused, single = _histories(game, seed, True), _histories(game, seed, False)
    assert len(fused) > 1 and fused == single


def _cut_short_histories(game, seed, deals=12):
    """Fused trick and layout play in short runs of 1 to 7 moves, so that it stops and starts
    again anywhere: in the middle of a trick, before a trick the budget cannot finish, and in the
    middle of a layout. The run lengths come from their own generator."""
    rng, budgets = random.Random(seed), random.Random(seed + 1)
    match = Match(game)
    match.draw_for_dealer(rng)
    out = []
    for _ in range(deals):
        if match.is_over():
            break
        hands, talon, upcards = match.deal_pack(rng)
        deal = match.new_deal(hands, talon=talon, upcards=upcards)
        while not deal.is_over():
            budget = budgets.randint(1, 7)
            if deal.phase == "tricks":
                assert 0 < deal.random_tricks(rng, budget) <= budget
            elif deal.phase == "layout":
                assert 0 < deal.random_layout(rng, budget) <= budget
            else:
                deal.push(random_move(deal, rng))
        out.append((tuple(deal.history), match.finish_deal().scores))
    return out


@pytest.mark.parametrize("name", game_names() + variant_names())
def test_fused_play_cut_short_makes_the_same_moves(name):
    game = load_game(name)
    for seed in (3, 11):
        cut, single = _cut_short_histories(game, seed), _histories(game, seed, False, deals=12)
        assert len(cut) > 1 and cut == single
