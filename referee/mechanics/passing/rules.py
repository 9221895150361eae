"""The model record of card passing: how many cards, and to whom, deal by deal."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["PassTarget", "CardPassing"]


class PassTarget(Enum):
    """Whom a player passes to in one deal."""

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    NONE = "none"
    """Nobody: the deal is played as dealt."""


@dataclass(frozen=True)
class CardPassing:
    """Before the play each player gives `count` cards to the player `targets` names for the deal:
    deal k of the match uses targets[k % len(targets)]."""

    count: int
    targets: tuple[PassTarget, ...]

    def target(self, number: int) -> PassTarget:
        """The target of deal `number` of the match (0 for the first)."""
        return self.targets[number % len(self.targets)]
