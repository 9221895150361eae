"""The model record of card passing: how many cards, and to whom, deal by deal."""

from __future__ import annotations

from dataclasses import dataclass

from ..table.rules import Side

__all__ = ["CardPassing"]


@dataclass(frozen=True)
class CardPassing:
    """Before the play each player gives `count` cards to the player `targets` names for the deal:
    deal k of the match uses targets[k % len(targets)]."""

    count: int
    targets: tuple[Side | None, ...]
    """The neighbour each player passes to, deal by deal (`across` is `Side.OPPOSITE`); None:
    nobody, the deal is played as dealt (`none`)."""

    def target(self, number: int) -> Side | None:
        """The target of deal `number` of the match (0 for the first)."""
        return self.targets[number % len(self.targets)]
