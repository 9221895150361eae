"""The statement of card passing: `pass 3 cards to left`, or several targets taken in turn,
deal by deal: `pass 3 cards in rotation to left, right, across, none`; `when players 6` makes it the
statement for those tables."""

from __future__ import annotations

import lark
from lark import Token

from ...front.syntax import Node, Pos, statement_node

__all__ = ["PassCards"]


@statement_node("card_passing")
class PassCards(Node):
    count: Token
    targets: tuple[Token, ...]
    """"left", "right", "across" or "none", one per deal in rotation."""
    rotation: bool
    """Whether `in rotation` is written."""
    players: tuple[Token, ...] = ()
    """`when players 6, 7`: the tables this statement is for; empty: every table no other names."""

    @classmethod
    def read(cls, pos: Pos, children: list[Token | lark.Tree[Token]]) -> PassCards:
        count, *rest = children
        assert isinstance(count, Token)
        rotation = any(isinstance(x, lark.Tree) and x.data == "pass_rotation" for x in rest)
        tables = next((x for x in rest if isinstance(x, lark.Tree) and x.data == "pass_players"), None)
        players = tuple(t for t in tables.children if isinstance(t, Token)) if tables is not None else ()
        return cls(pos=pos, count=count, targets=tuple(x for x in rest if isinstance(x, Token)),
                   rotation=rotation, players=players)
