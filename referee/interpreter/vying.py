"""Vying games compiled for play: antes, blinds, betting limits, hand ranking, suit points,
side pots and bonuses for ranked hands, all read from the model's cited statements."""

from __future__ import annotations

from dataclasses import dataclass

from ..model.game import Game

__all__ = ["VyingRules", "compile_vying"]


@dataclass(frozen=True)
class VyingRules:
    antes: tuple[tuple[str, int, str], ...]
    """(who: dealer|each|dealer_extra, chips, clause)."""
    blinds: tuple[tuple[str, str, str, str], ...]
    """(name, title, size: matches_pot|doubles_pot, clause) in order; the last repeats to the dealer."""
    bet: dict[str, str]
    """bet rule word -> clause."""
    stakes: dict[str, str]
    """stake rule word -> clause."""
    all_pass: tuple[tuple[str, ...], str] | None
    hands: tuple[tuple[str, str, str, str], ...]
    """(name, title, pattern, clause) from highest to lowest."""
    showdown: dict[str, str]
    bonuses: dict[str, tuple[int, frozenset[str], str]]
    """hand name -> (chips from each player, rule words, clause)."""
    account: str
    """The account the chips are kept in."""

    def hand(self, pattern: str) -> tuple[str, str, str, str] | None:
        return next((h for h in self.hands if h[2] == pattern), None)


def compile_vying(game: Game) -> VyingRules | None:
    antes = game.feature("ante")
    if not antes:
        return None
    return VyingRules(
        antes=tuple((c.value[1], c.value[2], c.clause) for c in antes),
        blinds=tuple((c.value[1], c.value[2], c.value[3], c.clause) for c in game.feature("blind")),
        bet={c.value[1]: c.clause for c in game.feature("bet_rule")},
        stakes={c.value[1]: c.clause for c in game.feature("stake_rule")},
        all_pass=next(((tuple(c.value[1:]), c.clause) for c in game.feature("all_pass")), None),
        hands=tuple((c.value[1], c.value[2], c.value[3], c.clause) for c in game.feature("hand_rank")),
        showdown={c.value[1]: c.clause for c in game.feature("showdown_rule")},
        bonuses={c.value[1]: (c.value[2], frozenset(c.value[3:]), c.clause) for c in game.feature("bonus")},
        account=game.primary_account,
    )
