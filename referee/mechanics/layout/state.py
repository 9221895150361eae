"""The state of layout play in one deal."""

from __future__ import annotations

from dataclasses import dataclass, field

from .compiled import LayoutTables

__all__ = ["LayoutState"]


@dataclass(slots=True)
class LayoutState:
    tables: LayoutTables
    placeable: bytearray
    """By card, 1 if it may be placed now: a card of the starting rank in a suit with no column
    yet, or the card one rank beyond either end of its suit's column."""
    columns: dict[int, list[int]] = field(default_factory=dict)
    """Per suit, the lowest and the highest rank of its column."""
    finished: list[int] = field(default_factory=list)
    """The seats that have gone out, in the order they did."""
