"""The legal actions of one position as a lazy collection (`Deal.legal_actions()`), for a deal
in its own seats and for a deal seen from the whole table alike. It knows no mechanic: it asks
the deal to read and name its moves."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from ..errors import UsageError
from .table import Action, Table

__all__ = ["LegalActions", "ActionNamer"]


class ActionNamer(Protocol):
    """What the collection asks of its deal: a move's action, and an action read from text."""

    def action_of(self, move: int) -> Action: ...
    def parse_action(self, action: Action | str | int) -> Action: ...


class LegalActions:
    """The legal actions of one position, as `Deal.legal_actions()` gives them: a lazy collection
    (like python-chess's `board.legal_moves`) that answers `in` and `len` from the moves alone
    and builds an `Action` only when one is read. An action is asked for as an `Action`, as text
    (``"play Q♠" in deal.legal_actions()``) or as a move of `legal_moves()`. It is the position
    when it was asked: play on the deal and ask again.

    `table` is the deal's own table, whose moves are its actions one for one; a deal seen from
    the whole table (`SeatedDeal`) names seats in other numbers and passes none, so an action is
    looked for among those the moves make."""

    __slots__ = ("_deal", "_moves", "_table")

    def __init__(self, deal: ActionNamer, moves: list[int], table: Table | None = None) -> None:
        self._deal, self._moves, self._table = deal, moves, table

    def __len__(self) -> int:
        return len(self._moves)

    def count(self) -> int:
        """How many actions are legal (python-chess's `legal_moves.count()`)."""
        return len(self._moves)

    def __bool__(self) -> bool:
        return bool(self._moves)

    def __iter__(self) -> Iterator[Action]:
        action_of = self._deal.action_of
        return (action_of(m) for m in self._moves)

    def __getitem__(self, index: int) -> Action:
        return self._deal.action_of(self._moves[index])

    def __contains__(self, item: object) -> bool:
        deal = self._deal
        if isinstance(item, int) and not isinstance(item, bool):
            return item in self._moves
        if not isinstance(item, (str, Action)):
            return False
        try:
            action = deal.parse_action(item)
        except UsageError:  # text that is no action at all is not a legal one
            return False
        if self._table is None:
            return any(found == action for found in self)
        move = self._table.move(action)
        # One move ID is one word in one phase: the action must read back as itself.
        return move is not None and move in self._moves and deal.action_of(move) == action

    def __repr__(self) -> str:
        return f"<LegalActions ({len(self._moves)}): {', '.join(str(a) for a in self)}>"
