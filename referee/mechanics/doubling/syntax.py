"""The statements of doubling between players."""

from __future__ import annotations

from lark import Token

from ...front.syntax import Node, Pos, statement_node

__all__ = ["PairDoubling", "OnlyDealerDoubled", "DoubleQuota"]


@statement_node("pair_doubling")
class PairDoubling(Node):
    """`each player but the dealer may double any other player, and a doubled player may redouble`"""

    @classmethod
    def read(cls, pos: Pos, children: list[Token]) -> PairDoubling:
        return cls(pos=pos)


@statement_node("only_dealer_doubled")
class OnlyDealerDoubled(Node):
    """`only the dealer may be doubled`, in the `in` block of the contracts it limits."""

    @classmethod
    def read(cls, pos: Pos, children: list[Token]) -> OnlyDealerDoubled:
        return cls(pos=pos)


@statement_node("double_quota")
class DoubleQuota(Node):
    """`each player must double the dealer at least N times over his deals`"""

    times: Token

    @classmethod
    def read(cls, pos: Pos, children: list[Token]) -> DoubleQuota:
        return cls(pos=pos, times=children[0])
