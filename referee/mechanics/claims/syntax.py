"""The statement of the claim rule, one node."""

from __future__ import annotations

from ...front.syntax import Node, Pos, choice_of, statement_node
from .rules import Unstated

__all__ = ["ClaimRuleStatement"]


@statement_node("claim_rule")
class ClaimRuleStatement(Node):
    """`claims are ruled with all hands open, the claimer playing any legal card|his best`"""

    unstated: Unstated

    @classmethod
    def read(cls, pos: Pos, children: list[object]) -> ClaimRuleStatement:
        word, = children
        return cls(pos=pos, unstated=choice_of(Unstated, word))
