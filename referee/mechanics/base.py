"""The interfaces a mechanic's phase runs against: the deal it moves on, the ruling it gives
and the runner the interpreter calls. Nothing here knows a mechanic, and nothing here needs the
parser: a judge of a kept game imports this and no syntax.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, Protocol

from ..engine.table import Action, Table
from ..model.game import Game
from ..verdicts import Verdict
from .vocabulary import Phase

__all__ = ["DealCore", "Illegal", "PhaseRunner"]


class DealCore(Protocol):
    """The part of a deal every phase may read and move on: seats, hands and whose turn it is."""

    table: Table
    game: Game
    hands: list[list[int]]
    dealer: int
    eldest: int
    phase: Phase
    to_act: int


class Illegal(Protocol):
    """Rule an action illegal: the message, the clauses that forbid it, the irregularity it is
    (whose remedy the game states) and the message's values."""

    def __call__(self, message: str, clauses: Sequence[str | None], irregularity: str | None = None,
                 **values: str | int) -> Verdict: ...


@dataclass(frozen=True)
class PhaseRunner:
    """One phase of a deal as the interpreter runs it."""

    name: Phase
    moves: Callable[[Any, int], list[int]]
    """(deal, seat) -> the moves `seat` may make."""
    push: Callable[[Any, int, int], None]
    """(deal, seat, move) -> None: apply a move without checking it."""
    judge: Callable[[Any, int, Action, Illegal], Verdict | None]
    """(deal, seat, action, illegal) -> the verdict on `action`, or None for a word the phase
    does not know."""
    words: frozenset[str]
    """The words of the actions a player may be asked about in this phase (`give`, `bid`, `play`
    ...): `referee legal` rules on a candidate only if some phase of the game reads its word."""
    action_of: Callable[[Any, int], Action] | None = None
    """(deal, move) -> the written action of a move, when the table's own codec does not say."""
    turn_clauses: Callable[[Any], tuple[str | None, ...]] | None = None
    """(deal) -> the rules that give the turn in this phase, cited when a player acts out of turn."""
    before_turn: Callable[[Any, int, Action, Illegal], Verdict | None] | None = None
    """(deal, seat, action, illegal) -> a ruling the phase gives whoever's turn it is (a player who
    has passed for good may not bid again), or None to go on to the turn."""
    random_loop: Callable[[Any, Random, int], int] | None = None
    """(deal, rng, budget) -> the actions taken: random legal play, fused into one loop, from this
    phase until the deal leaves the phases the loop plays or `budget` actions are made; the same
    moves and draws as `random_move` then `push`, one by one. The deal is in its own seat numbers
    (a seated deal's `inner`). None: random play pushes one `random_move` at a time."""
    random_move: Callable[[Any, Random], int] | None = None
    """(deal, rng) -> a random player's move in this phase, when it is not drawn evenly from the
    legal moves (a bet: the kind of action first, then a small amount); None: evenly."""
