"""Layout play, declared: its statements and its phase. Its statements belong to the `play`
phase of `deal phases` (trick play is the other way a contract plays)."""

from __future__ import annotations

from ...i18n import N_
from ..declaration import Mechanic
from ..vocabulary import Phase, PhaseWord
from .build import BUILDERS
from .phase import LAYOUT

__all__ = ["MECHANIC"]

MECHANIC = Mechanic(
    name="layout",
    title=N_("the play of the cards"),  # the phase it is part of names it in messages
    builders=dict(BUILDERS),
    phases=(LAYOUT,),
    part_of=PhaseWord.PLAY,
    plays=Phase.LAYOUT,
)
