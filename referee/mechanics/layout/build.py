"""Reading the statements of layout play into the contracts' rules."""

from __future__ import annotations

from ...front.syntax import Node
from ...model.document import Located
from ..declaration import Builder, StatementBuilder
from .rules import LayoutBuildKind, LayoutRules, LayoutStart
from .syntax import (
    FirstMove,
    LayoutBuild,
    LayoutStartNamed,
    LayoutStartRank,
    PassOnlyWhenUnable,
    ScoreFinish,
    SkipUnableToStart,
)

__all__ = ["BUILDERS"]


def build_start_rank(builder: Builder, item: Located, node: LayoutStartRank, cid: str, scope: str | None) -> None:
    builder.rule(item, node, cid, scope, LayoutRules, "start", LayoutStart(rank=builder.known(item, node, node.rank, "rank")))


def build_start_named(builder: Builder, item: Located, node: LayoutStartNamed, cid: str, scope: str | None) -> None:
    builder.rule(item, node, cid, scope, LayoutRules, "start", LayoutStart(named_by=str(node.namer)))


def build_layout_build(builder: Builder, item: Located, node: LayoutBuild, cid: str, scope: str | None) -> None:
    builder.rule(item, node, cid, scope, LayoutRules, "build", LayoutBuildKind.UP_AND_DOWN_IN_SUIT)


def build_pass_rule(builder: Builder, item: Located, node: PassOnlyWhenUnable, cid: str, scope: str | None) -> None:
    builder.rule(item, node, cid, scope, LayoutRules, "pass_only_when_unable", True)


def build_skip_start(builder: Builder, item: Located, node: SkipUnableToStart, cid: str, scope: str | None) -> None:
    builder.rule(item, node, cid, scope, LayoutRules, "skip_unable_to_start", True)


def build_first_move(builder: Builder, item: Located, node: FirstMove, cid: str, scope: str | None) -> None:
    builder.rule(item, node, cid, scope, LayoutRules, "first_move", builder.seats(item, node))


def build_score_finish(builder: Builder, item: Located, node: ScoreFinish, cid: str, scope: str | None) -> None:
    builder.rule(item, node, cid, scope, LayoutRules, "finish", node.values)


BUILDERS: dict[type[Node], StatementBuilder] = {LayoutStartRank: build_start_rank, LayoutStartNamed: build_start_named, LayoutBuild: build_layout_build,
            PassOnlyWhenUnable: build_pass_rule, FirstMove: build_first_move, ScoreFinish: build_score_finish,
            SkipUnableToStart: build_skip_start}
