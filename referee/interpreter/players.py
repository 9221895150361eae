"""Random legal players, for `referee play`, the benchmark and the simulation tests.

In trick and layout games every legal move is equally likely. In betting, the kind of action
(pass, open, call, raise, fold) is chosen first and then a small amount is preferred, so that a
simulated session lasts more than one all-in deal.
"""

from __future__ import annotations

import random


__all__ = ["random_move"]


def random_move(deal, rng: random.Random) -> int:
    if deal.phase == "betting":
        return deal.random_bet(rng)
    return rng.choice(deal.legal_moves())
