"""The fused random-play path (`play_out`) makes exactly the moves that `random_move` then `push`
make one at a time (the path `referee play` and the golden transcripts use), for every game."""

import random

import pytest

from referee.interpreter import Match
from referee.interpreter.phases import RUNNERS
from referee.interpreter.players import play_out, random_move
from referee.mechanics.table.seating import SeatedDeal
from referee.model import load_game


def _one_at_a_time(deal, rng):
    while not deal.is_over():
        deal.push(random_move(deal, rng))


def _cut_short(budgets: random.Random):
    """Each phase's fused loop (`PhaseRunner.random_loop`: trick play, the layout, the bidding
    phases, blinds and betting) in short runs of 1 to 7 moves (drawn from `budgets`, not the
    players' generator), so that it stops and starts again anywhere: in the middle of a trick,
    before a trick the budget cannot finish, in the middle of a layout or a betting round."""
    def play(deal, rng):
        own = deal.inner if isinstance(deal, SeatedDeal) else deal
        while not own.is_over():
            budget = budgets.randint(1, 7)
            loop = RUNNERS[own.phase].random_loop
            if loop is not None:
                assert 0 < loop(own, rng, budget) <= budget
            else:
                own.push(random_move(own, rng))
    return play


def _histories(game, seed, play, deals=30):
    """Each deal's moves and scores when `play(deal, rng)` plays the deals of a seeded match."""
    rng = random.Random(seed)
    match = Match(game)
    match.draw_for_dealer(rng)
    out = []
    for _ in range(deals):
        if match.is_over():
            break
        hands, talon, upcards = match.deal_pack(rng)
        deal = match.new_deal(hands, talon=talon, upcards=upcards)
        play(deal, rng)
        out.append((tuple(deal.history), match.finish_deal().scores))
    return out


from referee.model.document import game_names, variant_names


@pytest.mark.parametrize("name", game_names() + variant_names())
@pytest.mark.parametrize("seed", [0, 7])
def test_fused_random_play_makes_the_same_moves(name, seed):
    game = load_game(name)
    fused, single = _histories(game, seed, play_out), _histories(game, seed, _one_at_a_time)
    assert len(fused) > 1 and fused == single


@pytest.mark.parametrize("name", game_names() + variant_names())
def test_fused_play_cut_short_makes_the_same_moves(name):
    game = load_game(name)
    for seed in (3, 11):
        cut = _histories(game, seed, _cut_short(random.Random(seed + 1)), deals=12)
        single = _histories(game, seed, _one_at_a_time, deals=12)
        assert len(cut) > 1 and cut == single


class _OwnDraws(random.Random):
    """A generator with a `choice` of its own (here drawing as `random.Random` does), so that the
    fused loops cannot write its draws out and must call its methods."""

    def choice(self, seq):
        return super().choice(seq)


@pytest.mark.parametrize("name", ["bouillotte", "bouillotte_mistigri"])
def test_a_generator_that_draws_its_own_way_plays_the_betting_through_its_methods(name):
    game = load_game(name)

    def histories(generator):
        rng = generator(5)
        match = Match(game)
        match.draw_for_dealer(rng)
        out = []
        for _ in range(20):
            hands, talon, upcards = match.deal_pack(rng)
            deal = match.new_deal(hands, talon=talon, upcards=upcards)
            play_out(deal, rng)
            out.append(tuple(deal.history))
            match.finish_deal()
            if match.is_over():
                break
        return out

    own = histories(_OwnDraws)
    assert sum(map(len, own)) > 40 and own == histories(random.Random)
