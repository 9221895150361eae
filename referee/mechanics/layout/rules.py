"""The model record of layout play (`LayoutRules`, one per contract) and the values it holds."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from ...model.values import Cited, SeatRef

__all__ = ["LayoutStart", "LayoutBuildKind", "LayoutRules"]


@dataclass(frozen=True)
class LayoutStart:
    """The rank every column starts from: written in the rules (`rank`), or named with the
    contract by a player (`named_by`: "chooser", "declarer" or "dealer"). Exactly one is set."""

    rank: str | None = None
    named_by: str | None = None


class LayoutBuildKind(Enum):
    """How a column grows from its starting card."""

    UP_AND_DOWN_IN_SUIT = "up and down in suit"
    """`layout builds up and down in suit`: one rank above or below its ends, in its suit."""


@dataclass(frozen=True)
class LayoutRules:
    """How one contract is played in a layout and scored (global rules and the contract's own
    merged field by field)."""

    contract_field: ClassVar[str] = "layout"
    """The field of `ContractRules` this record fills (`referee.mechanics.declaration.Builder.rule`)."""

    start: Cited[LayoutStart] | None = None
    build: Cited[LayoutBuildKind] | None = None
    pass_only_when_unable: Cited[bool] | None = None
    skip_unable_to_start: Cited[bool] | None = None
    """When the layout opens, players who cannot place a card are skipped (no pass)."""
    first_move: Cited[SeatRef] | None = None
    finish: Cited[tuple[int, ...]] | None = None
    """`score by finishing order`: the points by place, the first out first."""
    ends_at_place: Cited[int] | None = None
    """`deal ends when place N decided`: the deal ends once that many players have gone out."""
