"""The state of doubling between players in one deal."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["DoublingState"]


@dataclass(slots=True)
class DoublingState:
    """The doubling round of a deal, and the pairs doubled in it."""

    contract: str
    """The contract named, whose play starts once the round is over."""
    trump: int | None
    """The trump suit (or starting rank) named with it."""
    doublers: list[int]
    """Who may double, in turn order from the eldest (all but the dealer)."""
    only_dealer: str | None
    """The clause by which only the dealer may be doubled in this contract, or None."""
    doubles: dict[tuple[int, int], int] = field(default_factory=dict)
    """(doubler, doubled) -> 1 when doubled, 2 when redoubled."""
    redoublers: list[int] | None = None
    """Once every doubler has spoken: the doubled players, in turn order, who may redouble."""
