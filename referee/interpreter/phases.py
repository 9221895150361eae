"""The phases of a deal as the interpreter runs them: for each, its legal moves, applying a move,
and ruling on an action with the clauses that decide it.

A mechanic module registers the phases it runs (`register`); `Deal` looks the current phase up
here instead of switching on its name, so a new mechanic is a new module and its registration.
A phase's functions take the deal first: the state is the deal's, the rules are the model's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

__all__ = ["PhaseRunner", "RUNNERS", "register"]


@dataclass(frozen=True)
class PhaseRunner:
    name: str
    """The deal's state while the phase runs ("tricks", "auction", "betting", ...)."""
    moves: Callable
    """(deal, seat) -> the moves `seat` may make."""
    push: Callable
    """(deal, seat, move) -> None: apply a move without checking it."""
    judge: Callable
    """(deal, seat, action, illegal) -> the verdict on `action` (legal or not, with its clauses)."""


RUNNERS: dict[str, PhaseRunner] = {}


def register(*runners: PhaseRunner) -> None:
    for runner in runners:
        RUNNERS[runner.name] = runner
