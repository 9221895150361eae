"""Reading the statements of the contract choice into the game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...model.document import Located
from ...model.values import Cited
from ..declaration import Builder, state_once
from .rules import Chooser, ContractChoiceRules
from .syntax import ChooseOnce, ContractChoice

__all__ = ["ContractChoiceDraft", "build_contract_choice", "build_choose_once"]


@dataclass
class ContractChoiceDraft:
    """The contract choice's statements read so far."""

    game_field: ClassVar[str] = "contract_choice"
    """The field of `Game` the finished record fills."""
    once: dict[str, Cited[Any]] = field(default_factory=dict)
    """Field of `ContractChoiceRules` -> the rule of a statement that may be stated once."""

    def finish(self) -> ContractChoiceRules | None:
        # Without `contract chosen by` there is no record: the load checks refuse such a game
        # (the phase needs the statement, and `... chooses each contract once` needs the phase).
        return ContractChoiceRules(**self.once) if "chooser" in self.once else None


def build_contract_choice(builder: Builder, item: Located, node: ContractChoice, cid: str, scope: str | None) -> None:
    state_once(builder.draft(ContractChoiceDraft).once, item, node, cid, "chooser", Chooser(str(node.chooser)))


def build_choose_once(builder: Builder, item: Located, node: ChooseOnce, cid: str, scope: str | None) -> None:
    state_once(builder.draft(ContractChoiceDraft).once, item, node, cid, "once", True)
