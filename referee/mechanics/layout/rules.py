"""The model record of layout play that is its own: where the layout starts."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["LayoutStart"]


@dataclass(frozen=True)
class LayoutStart:
    """The rank every column starts from: written in the rules (`rank`), or named with the
    contract by a player (`named_by`: "chooser", "declarer" or "dealer"). Exactly one is set."""

    rank: str | None = None
    named_by: str | None = None
