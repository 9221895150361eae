"""The statements of the contract choice."""

from __future__ import annotations

from lark import Token

from ...front.syntax import Node, Pos, statement_node

__all__ = ["ContractChoice", "ChooseOnce"]


@statement_node("contract_choice")
class ContractChoice(Node):
    """`contract chosen by eldest` (or `dealer`)."""

    chooser: Token

    @classmethod
    def read(cls, pos: Pos, children: list[Token]) -> ContractChoice:
        return cls(pos=pos, chooser=children[0])


@statement_node("choose_once")
class ChooseOnce(Node):
    """`each player chooses each contract once`"""

    @classmethod
    def read(cls, pos: Pos, children: list[Token]) -> ChooseOnce:
        return cls(pos=pos)
