"""The model record of the contract choice: who chooses the contract of a deal, and whether a
player may choose each contract only once in a match."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ...model.values import Cited

__all__ = ["Chooser", "ContractChoiceRules"]


class Chooser(Enum):
    """The player who chooses the contract of a deal (`contract chosen by ...`)."""

    ELDEST = "eldest"
    DEALER = "dealer"


_DEALER = Chooser.DEALER  # a module name: `by_dealer` is asked on every deal, and an enum class's own is slow


@dataclass(frozen=True)
class ContractChoiceRules:
    """`contract chosen by eldest|dealer`, with `each contract chosen once by each player`
    (`Game.contract_choice`; None in a game whose deals choose no contract)."""

    chooser: Cited[Chooser]
    once: Cited[bool] | None = None
    """Each player chooses each contract once in a match (his last choice is forced), or None:
    any contract in any deal."""

    @property
    def by_dealer(self) -> bool:
        """The dealer chooses (and names what the contract leaves open: trumps, a starting rank)."""
        return self.chooser.value is _DEALER
