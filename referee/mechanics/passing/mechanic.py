"""Card passing, declared: its statement, what it needs, what it checks and its phase."""

from __future__ import annotations

from ...i18n import N_
from ..declaration import Mechanic, Need
from ..vocabulary import PhaseWord
from .build import build_pass_cards
from .check import check_passing
from .phase import PASSING
from .syntax import PassCards

__all__ = ["MECHANIC"]

MECHANIC = Mechanic(
    name=PhaseWord.PASSING,
    title=N_("the card passing"),
    builders={PassCards: build_pass_cards},
    needs=(Need(frozenset({"card_passing"}), "pass 3 cards to left"),),
    irregularities=("illegal_card",),
    check=check_passing,
    phases=(PASSING,),
)
