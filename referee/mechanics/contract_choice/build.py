"""Reading the statements of the contract choice into the game."""

from __future__ import annotations

from ...model.document import Located
from ..declaration import Builder
from .syntax import ChooseOnce, ContractChoice

__all__ = ["build_contract_choice", "build_choose_once"]


def build_contract_choice(builder: Builder, item: Located, node: ContractChoice, cid: str, scope: str | None) -> None:
    builder.once(item, node, cid, "contract_choice", str(node.chooser))


def build_choose_once(builder: Builder, item: Located, node: ChooseOnce, cid: str, scope: str | None) -> None:
    builder.once(item, node, cid, "choose_once", True)
