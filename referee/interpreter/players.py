"""Random legal players, for `referee play`, the benchmark and the simulation tests.

In trick and layout games every legal move is equally likely. In betting, the kind of action
(pass, open, call, raise, fold) is chosen first and then a small amount is preferred, so that a
simulated session lasts more than one all-in deal.
"""

from __future__ import annotations

import random

from ..errors import SimulationError
from ..mechanics.auction.phase import BIDDING_PHASES
from ..mechanics.vocabulary import Phase

__all__ = ["random_move", "play_out"]

# The phases as module names: a member looked up on its enum class costs ten times as much
# (Python 3.11's EnumType.__getattr__), and the loop below asks on every turn.
_TRICKS, _LAYOUT, _BETTING, _BLINDS = Phase.TRICKS, Phase.LAYOUT, Phase.BETTING, Phase.BLINDS


def random_move(deal, rng: random.Random) -> int:
    if deal.phase == _BETTING:
        return deal.random_bet(rng)
    return rng.choice(deal.legal_moves())


def play_out(deal, rng: random.Random, step_cap: int = 10_000) -> int:
    """Play a deal to its end with random legal players; the number of actions taken. A deal
    that does not end within `step_cap` actions is a bug in the rules or the referee."""
    steps = 0
    while not deal.is_over():
        if steps >= step_cap:
            raise SimulationError(f"{deal.table.game.path}: the deal did not end within {step_cap} "
                                  "actions of random play")
        phase = deal.phase
        if phase == _TRICKS:  # the bulk of most deals: a fused loop, same moves as random_move
            steps += deal.random_tricks(rng, step_cap - steps)
            continue
        if phase == _LAYOUT:
            steps += deal.random_layout(rng, step_cap - steps)
            continue
        if phase == _BETTING or phase == _BLINDS:
            steps += deal.random_betting(rng, step_cap - steps)
            continue
        if phase in BIDDING_PHASES:  # auction, talon, declaration, defence: one loop through them
            steps += deal.random_bidding(rng, step_cap - steps)
            continue
        deal.push(random_move(deal, rng))
        steps += 1
    return steps
