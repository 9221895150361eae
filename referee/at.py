"""A moment of a recorded match as people count it, the one numbering of the referee: deals and
actions from 1. `--at 2.7` (or `deal 2 action 7`) is the moment action 7 of deal 2 is taken,
after its first six; `2` is the end of deal 2; `end` the end of the transcript. `referee legal`,
`explain` and `claim` take it, `judge(at=...)` stops there, and `referee.Transcript` numbers its
actions so (`Step.at`). The replay itself counts records from 0 (`until_of`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import Phrase, UsageError
from .i18n import N_
from .limits import LIMITS

__all__ = ["Position", "parse_position", "until_of"]


@dataclass(frozen=True)
class Position:
    """A moment of a transcript as people count it (deals and actions from 1)."""

    deal: int | None
    """The deal; None: the last deal of the transcript."""
    action: int | None = None
    """The action about to be taken; None: the end of the deal."""

    def __str__(self) -> str:
        if self.deal is None:
            return "end"
        return f"{self.deal}" if self.action is None else f"{self.deal}.{self.action}"


_POSITION = re.compile(r"^\s*(?:(?:deal\s+)?(\d{1,6})(?:(?:\s*\.\s*|\s+action\s+)(\d{1,6}))?|(end))\s*$",
                       re.IGNORECASE)


def parse_position(text: str | None) -> Position:
    """`2.7`, `deal 2 action 7`, `2`, `deal 2` or `end` (the default)."""
    if text is None:
        return Position(None)
    found = _POSITION.match(text)
    if not found or found.group(1) == "0" or found.group(2) == "0":
        raise UsageError(Phrase(N_("--at {text!r} is not a position: write DEAL.ACTION (2.7), "
                                   "\"deal 2 action 7\", a deal alone for its end (2), or end"), text=text))
    if found.group(3):
        return Position(None)
    return Position(int(found.group(1)), int(found.group(2)) if found.group(2) else None)


def until_of(position: Position) -> tuple[int, int] | None:
    """Where a replay stops for a position (`Replay.run`'s `until`, from 0), before the transcript
    is read: an action index past a deal's last stops at the deal's end, as `locate` has it."""
    if position.deal is None:
        return None
    return position.deal - 1, (position.action - 1 if position.action is not None else LIMITS.actions + 1)
