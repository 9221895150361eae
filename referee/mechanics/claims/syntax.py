"""The statement of the claim rule, one node."""

from __future__ import annotations

from lark import Token

from ...front.syntax import Node, Pos, statement_node
from .rules import Unstated

__all__ = ["ClaimRuleStatement"]


@statement_node("claim_rule")
class ClaimRuleStatement(Node):
    """`claims are ruled with all hands open, the claimer playing any legal card|his best`"""

    unstated: Unstated

    @classmethod
    def read(cls, pos: Pos, children: list[object]) -> ClaimRuleStatement:
        word, = children
        assert isinstance(word, Token), word
        return cls(pos=pos, unstated=Unstated(str(word).replace("_", " ")))
