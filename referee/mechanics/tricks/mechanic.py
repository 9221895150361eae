"""Trick play, declared: its statements and its phase. Its statements belong to the `play` phase
of `deal phases` (layout play is the other way a contract plays)."""

from __future__ import annotations

from ...i18n import N_
from ..declaration import Mechanic
from ..vocabulary import Phase, PhaseWord
from .build import BUILDERS
from .check import check_early_ends
from .phase import TRICKS

__all__ = ["MECHANIC"]

MECHANIC = Mechanic(
    name="tricks",
    title=N_("the play of the cards"),  # the phase it is part of names it in messages
    builders=dict(BUILDERS),
    phases=(TRICKS,),
    part_of=PhaseWord.PLAY,
    plays=Phase.TRICKS,
    either_way=frozenset({"early_end"}),  # a layout deal ends early too (`when places are decided`)
    check=check_early_ends,
)
