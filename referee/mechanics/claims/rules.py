"""The model record of the claim rule (`Game.claims`): how a claim or concession made during trick
play is ruled, as the rules file states it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["Unstated", "ClaimRule"]


class Unstated(Enum):
    """What the claimer is taken to play where his claim states no card: any legal card (doubt goes
    against the claimer, as the Laws of Duplicate Bridge, Law 70, resolve it) or his best play."""

    ANY = "playing any legal card"
    BEST = "playing his best"


@dataclass(frozen=True)
class ClaimRule:
    """`claims are ruled with all hands open, the claimer playing any legal card`"""

    unstated: Unstated
