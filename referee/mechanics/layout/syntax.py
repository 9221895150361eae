"""The statements of layout play."""

from __future__ import annotations

from lark import Token

from ...front.syntax import Node, Pos, Seat, statement_node

__all__ = ["LayoutStartRank", "LayoutStartNamed", "LayoutBuild", "PassOnlyWhenUnable", "FirstMove", "ScoreFinish"]


@statement_node("layout_start")
class LayoutStartRank(Node):
    """`layout starts with rank J`"""

    rank: Token


@statement_node("layout_start_named")
class LayoutStartNamed(Node):
    """`layout starts with rank named by chooser` (or `declarer`, `dealer`)."""

    namer: Token


@statement_node("layout_build")
class LayoutBuild(Node):
    """`layout builds up and down in suit`"""


@statement_node("pass_rule")
class PassOnlyWhenUnable(Node):
    """`pass only when unable`"""


@statement_node("skip_start")
class SkipUnableToStart(Node):
    """`skip players unable to start`"""


@statement_node("first_move")
class FirstMove(Node):
    """`first move by eldest`, or `first move by holder of 7H, else holder of 7D`."""

    seat: Seat
    otherwise: tuple[Seat, ...] = ()
    """The seats after `else`, in order, for a card that nobody holds."""

    @classmethod
    def read(cls, pos: Pos, children: list[Seat]) -> FirstMove:
        return cls(pos=pos, seat=children[0], otherwise=tuple(children[1:]))


@statement_node("score_finish")
class ScoreFinish(Node):
    """`score by finishing order 10, 5, 0, -5`"""

    values: tuple[int, ...]

    @classmethod
    def read(cls, pos: Pos, children: list[int]) -> ScoreFinish:
        return cls(pos=pos, values=tuple(children))
