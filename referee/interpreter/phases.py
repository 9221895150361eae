"""The phases of a deal as the interpreter runs them: for each, its legal moves, applying a move,
and ruling on an action with the clauses that decide it.

The phases of mechanic packages come from `referee.mechanics.registry`; the mechanics not yet
moved into a package register theirs here (`register`). `Deal` looks the current phase up here
instead of switching on its name. A phase's functions take the deal first: the state is the
deal's, the rules are the model's.
"""

from __future__ import annotations

from ..mechanics.base import Phase, PhaseRunner
from ..mechanics.phases import PHASE_RUNNERS

__all__ = ["PhaseRunner", "RUNNERS", "register"]


RUNNERS: dict[Phase, PhaseRunner] = dict(PHASE_RUNNERS)


def register(*runners: PhaseRunner) -> None:
    for runner in runners:
        RUNNERS[Phase(runner.name)] = runner  # a phase not of the vocabulary fails here, at import
