"""The contract choice, declared: its statements, what it needs and its phase."""

from __future__ import annotations

from ...i18n import N_
from ..declaration import Mechanic, Need
from ..vocabulary import PhaseWord
from .build import build_choose_once, build_contract_choice
from .phase import CHOOSE
from .syntax import ChooseOnce, ContractChoice

__all__ = ["MECHANIC"]

MECHANIC = Mechanic(
    name=PhaseWord.CONTRACT_CHOICE,
    title=N_("the contract choice"),
    builders={ContractChoice: build_contract_choice, ChooseOnce: build_choose_once},
    needs=(Need(frozenset({"contract_choice"}), "contract chosen by eldest"),),
    phases=(CHOOSE,),
)
