"""The model record of doubling between players: the clause that allows it, and the duty to
double each dealer a number of times."""

from __future__ import annotations

from dataclasses import dataclass

from ...model.values import Cited

__all__ = ["DoublingRules"]


@dataclass(frozen=True)
class DoublingRules:
    """`players may double each other and redouble` (`Game.doubling`; None in a game without
    doubling), with `each player doubles each dealer at least N times`."""

    clause: str
    """The clause that lets players double each other (the side bets are settled under it)."""
    quota: Cited[int] | None = None
    """Each player must double each dealer at least this often over that dealer's deals, or None."""
