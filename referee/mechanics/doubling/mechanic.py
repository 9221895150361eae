"""Doubling between players, declared: its statements, what it needs, its check and its phase."""

from __future__ import annotations

from ...i18n import N_
from ..declaration import Mechanic, Need
from ..vocabulary import PhaseWord
from .build import build_double_quota, build_only_dealer_doubled, build_pair_doubling
from .check import check_doubling
from .phase import DOUBLING
from .syntax import DoubleQuota, OnlyDealerDoubled, PairDoubling

__all__ = ["MECHANIC"]

MECHANIC = Mechanic(
    name=PhaseWord.DOUBLING,
    title=N_("the doubling between players"),
    builders={PairDoubling: build_pair_doubling, OnlyDealerDoubled: build_only_dealer_doubled,
              DoubleQuota: build_double_quota},
    needs=(Need(frozenset({"pair_doubling"}),
                "each player but the dealer may double any other player, and a doubled player may redouble"),),
    irregularities=("illegal_bid",),
    check=check_doubling,
    phases=(DOUBLING,),
)
