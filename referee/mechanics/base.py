"""The interfaces a mechanic's phase runs against: the deal it moves on, the ruling it gives
and the runner the interpreter calls. Nothing here knows a mechanic, and nothing here needs the
parser: a judge of a kept game imports this and no syntax.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from ..engine.table import Action, Table
from ..model.game import Game
from ..verdicts import Verdict

__all__ = ["Phase", "DealCore", "Illegal", "PhaseRunner"]


class Phase(StrEnum):
    """The phase a deal is in: the one vocabulary of phases. Where the rules file has a word for
    it (`deal phases passing, contract choice, ...`), the value is that word; `word` gives the
    rules-file word of the others (a contract `plays tricks` or `plays layout` in the `play`
    phase)."""

    PASSING = "passing"
    CONTRACT_CHOICE = "contract_choice"
    DOUBLING = "doubling"
    """Doubling between players, once the contract is named."""
    AUCTION = "auction"
    TALON_EXCHANGE = "talon_exchange"
    DECLARATION = "declaration"
    CONTEST = "contest"
    """After bids off the ladder: who plays which of them (part of the auction)."""
    DEFENCE = "defence"
    KONTRA = "kontra"
    """Doubling the contract (kontra, rekontra, ...), part of the defence."""
    BLINDS = "blinds"
    BETTING = "betting"
    STOCK_DRAW = "stock_draw"
    """At the showdown: a player turns up a card of the stock (part of the showdown)."""
    TRICKS = "tricks"
    LAYOUT = "layout"
    OVER = "over"
    """The deal is over: nothing more may be done in it."""

    # Hash as the word does (Enum's own __hash__ is a Python call): phases key the registries
    # looked up on every move.
    __hash__ = str.__hash__

    @property
    def word(self) -> str | None:
        """The phase word of `deal phases` this phase runs under (None once the deal is over)."""
        return _WORDS.get(self, self.value)


_WORDS: dict[Phase, str | None] = {Phase.CONTEST: "auction", Phase.KONTRA: "defence", Phase.TRICKS: "play",
                                   Phase.LAYOUT: "play", Phase.STOCK_DRAW: "showdown",
                                   Phase.OVER: None}


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
