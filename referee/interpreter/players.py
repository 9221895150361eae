"""Random legal players, for `referee play`, the benchmark and the simulation tests.

In trick and layout games every legal move is equally likely. In betting, the kind of action
(pass, open, call, raise, fold) is chosen first and then a small amount is preferred, so that a
simulated session lasts more than one all-in deal.
"""

from __future__ import annotations

import random

from .table import _OPEN, _RAISE

__all__ = ["random_move"]


def random_move(deal, rng: random.Random) -> int:
    moves = deal.legal_moves()
    if deal.phase != "betting":
        return rng.choice(moves)
    kinds: dict[str, list[int]] = {}
    for move in moves:
        kind = "raise" if move <= _RAISE else "open" if move <= _OPEN else str(move)
        kinds.setdefault(kind, []).append(move)
    group = kinds[rng.choice(sorted(kinds))]
    if len(group) > 1 and rng.random() < 0.9:
        group = sorted(group, reverse=True)[:3]  # the smallest amounts (move IDs count down)
    return rng.choice(group)
