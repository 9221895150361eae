"""Vying games compiled for play: antes, blinds, betting limits, hand ranking, suit points,
side pots and bonuses for ranked hands, all read by name from the model's cited statements."""

from __future__ import annotations

from dataclasses import dataclass

from ..model.game import Game
from ..model.vying import Blind, VyingModel

__all__ = ["VyingRules", "compile_vying"]


@dataclass(frozen=True)
class VyingRules:
    """The model's statements, with what play looks up often worked out once."""

    model: VyingModel
    account: str
    """The account the chips are kept in."""
    eldest_clause: str | None
    """The clause that says who the eldest hand is: turn order starts there (ties, short payers)."""
    hand_index: dict[str, int]
    """Hand name -> its place in the ranking (0 the highest)."""

    def blind(self, index: int) -> Blind | None:
        """The blind the `index`-th blind bettor (from 0) makes, or None when no more may bet blind."""
        blinds = self.model.blinds
        if index < len(blinds):
            return blinds[index]
        if blinds and blinds[-1].by == "each next player up to dealer":
            return blinds[-1]
        return None

    def title(self, hand: str) -> str:
        return next((h.title for h in self.model.hands if h.name == hand), hand)

    def bonus(self, hand: str):
        return next((b for b in self.model.bonuses if b.hand == hand), None)


def clause(cited) -> str | None:
    return cited.clause if cited is not None else None


def compile_vying(game: Game) -> VyingRules | None:
    model = game.vying
    if model is None or not model.active:
        return None
    return VyingRules(model=model, account=game.primary_account,
                      eldest_clause=game.eldest.clause if game.eldest else None,
                      hand_index={h.name: i for i, h in enumerate(model.hands)})
