"""Random legal players, for `referee play`, the benchmark and the simulation tests.

In trick and layout games every legal move is equally likely. In betting, the kind of action
(pass, open, call, raise, fold) is chosen first and then a small amount is preferred, so that a
simulated session lasts more than one all-in deal. How a phase's random player moves is its
mechanic's (`PhaseRunner.random_move`, `PhaseRunner.random_loop`): this module only asks.
"""

from __future__ import annotations

import random

from ..errors import SimulationError
from ..mechanics.table.seating import InnerDeal, SeatedDeal
from .phases import RUNNERS

__all__ = ["random_move", "play_out"]


def random_move(deal: InnerDeal | SeatedDeal, rng: random.Random) -> int:
    """A random player's move in the phase the deal is in (a move of the deal's own codec); `deal`
    is a `Deal` or the table's view of one (`SeatedDeal`)."""
    runner = RUNNERS.get(deal.phase)
    if runner is not None and runner.random_move is not None:
        return runner.random_move(deal.inner if isinstance(deal, SeatedDeal) else deal, rng)
    return rng.choice(deal.legal_moves())


def play_out(deal: InnerDeal | SeatedDeal, rng: random.Random, step_cap: int = 10_000) -> int:
    """Play a deal to its end with random legal players; the number of actions taken. A deal
    that does not end within `step_cap` actions is a bug in the rules or the referee.

    A phase whose mechanic has a fused random loop (trick play, the layout, the bidding phases,
    blinds and betting) is played by that loop until the deal leaves it: the runner is looked up
    once per change of phase, not once per move."""
    own = deal.inner if isinstance(deal, SeatedDeal) else deal  # the loops move by the deal's own turn
    steps = 0
    while not own.is_over():
        if steps >= step_cap:
            raise SimulationError(f"{deal.table.game.path}: the deal did not end within {step_cap} "
                                  "actions of random play")
        runner = RUNNERS.get(own.phase)
        loop = runner.random_loop if runner is not None else None
        if loop is not None:
            steps += loop(own, rng, step_cap - steps)
            continue
        own.push(random_move(own, rng))
        steps += 1
    return steps
