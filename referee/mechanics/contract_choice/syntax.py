"""The statements of the contract choice."""

from __future__ import annotations

from lark import Token

from ...front.syntax import Node, statement_node

__all__ = ["ContractChoice", "ChooseOnce"]


@statement_node("contract_choice")
class ContractChoice(Node):
    """`contract chosen by eldest` (or `dealer`)."""

    chooser: Token


@statement_node("choose_once")
class ChooseOnce(Node):
    """`each player chooses each contract once`"""
