"""Claims and concessions during trick play, declared: the claim rule's statement. A claim is
ruled by `ruling.rule_on_claim`, which searches the deal's own continuations (`solver`)."""

from __future__ import annotations

from ...i18n import N_
from ..declaration import Mechanic
from ..vocabulary import Phase, PhaseWord
from .build import BUILDERS

__all__ = ["MECHANIC"]

MECHANIC = Mechanic(
    name="claims",
    title=N_("claims"),
    builders=dict(BUILDERS),
    part_of=PhaseWord.PLAY,
    plays=Phase.TRICKS,  # claims are made in trick play
)
