"""The state of trick play in one deal."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["TrickState"]


@dataclass(slots=True)
class TrickState:
    """The trick on the table and the tricks taken so far."""

    trick: list[tuple[int, int]] = field(default_factory=list)
    """(seat, card) of each card played to the trick in progress."""
    taken: list[list[int]] = field(default_factory=list)
    """Per seat, the cards it has taken in tricks, in the order taken."""
    tricks_won: list[int] = field(default_factory=list)
    """Per seat, the tricks it has taken."""
    taken_all: set[int] = field(default_factory=set)
    """Every card taken in a trick so far."""
    trick_winners: list[int] = field(default_factory=list)
    """Who took each trick, in order."""

    @classmethod
    def empty(cls, players: int) -> TrickState:
        return cls([], [[] for _ in range(players)], [0] * players, set(), [])
