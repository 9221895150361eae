"""The model record of card passing: how many cards, and to whom, deal by deal, at each table."""

from __future__ import annotations

from dataclasses import dataclass

from ...model.values import Cited
from ..table.rules import Side

__all__ = ["CardPassing", "PassingRules"]


@dataclass(frozen=True)
class CardPassing:
    """Before the play each player gives `count` cards to the player `targets` names for the deal:
    deal k of the match uses targets[k % len(targets)]."""

    count: int
    targets: tuple[Side | None, ...]
    """The neighbour each player passes to, deal by deal (`across` is `Side.OPPOSITE`); None:
    nobody, the deal is played as dealt (`none`)."""
    players: tuple[int, ...] = ()
    """The tables this rule is for (`when players 6, 7`); empty: every table no other rule names."""

    def target(self, number: int) -> Side | None:
        """The target of deal `number` of the match (0 for the first)."""
        return self.targets[number % len(self.targets)]


@dataclass(frozen=True)
class PassingRules:
    """Every `pass` statement of a game, each with its clause: one for every table, or one per
    number of players (`pass 2 cards to right when players 6`) beside one for the rest."""

    rules: tuple[Cited[CardPassing], ...]

    def for_players(self, players: int) -> Cited[CardPassing] | None:
        """The rule for a table of `players` (its own, else the one for any table), or None: that
        table passes no cards."""
        general = None
        for rule in self.rules:
            if players in rule.value.players:
                return rule
            if not rule.value.players:
                general = rule
        return general
