"""The state of card passing in one deal."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..table.rules import Side

__all__ = ["PassingState"]


@dataclass(slots=True)
class PassingState:
    """Who passes to whom in this deal, and the cards each has set aside so far."""

    target: Side
    """The neighbour each player passes to."""
    count: int
    """Cards each player passes."""
    clause: str
    """The clause of the `pass` statement."""
    given: list[list[int]] = field(default_factory=list)
    """Per seat, the cards it has set aside to pass."""
