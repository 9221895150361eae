"""The statements of doubling between players."""

from __future__ import annotations

from lark import Token

from ...front.syntax import Node, statement_node

__all__ = ["PairDoubling", "OnlyDealerDoubled", "DoubleQuota"]


@statement_node("pair_doubling")
class PairDoubling(Node):
    """`each player but the dealer may double any other player, and a doubled player may redouble`"""


@statement_node("only_dealer_doubled")
class OnlyDealerDoubled(Node):
    """`only the dealer may be doubled`, in the `in` block of the contracts it limits."""


@statement_node("double_quota")
class DoubleQuota(Node):
    """`each player must double the dealer at least N times over his deals`"""

    times: Token
