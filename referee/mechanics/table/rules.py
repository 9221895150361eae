"""The model records of the table: a packet of the deal and the dealer's rotation (the rest of the
table's rules are plain values on `Game`: the player counts, the direction, the decks and packs,
the draw, the cut and the eldest hand)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Packet", "Rotation"]


@dataclass(frozen=True)
class Packet:
    """One step of the deal: `count` cards to each player (repeated until each holds
    `until`), to the talon, or face up on the table."""

    kind: str  # "each" | "talon" | "upcard"
    count: int
    until: int | None = None
    to_end: bool = False
    """`until all cards are dealt`: to each player until the pack is used up (the last packet)."""


@dataclass(frozen=True)
class Rotation:
    """`dealer passes left after every deal` (`every` 1), or after every `every` deals: one dealer
    deals that many in a row before the deal passes to `side`."""

    side: str
    """"next", "left", "right" (read through the direction of play) or "opposite"."""
    every: int = 1
