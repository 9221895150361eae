"""The phases of a deal as the interpreter runs them: for each, its legal moves, applying a move,
and ruling on an action with the clauses that decide it.

Every phase belongs to a mechanic package (`referee.mechanics.phases` lists them). `Deal` looks the
current phase up here instead of switching on its name. A phase's functions take the deal first:
the state is the deal's, the rules are the model's.
"""

from __future__ import annotations

from ..mechanics.base import PhaseRunner
from ..mechanics.phases import PHASE_RUNNERS
from ..mechanics.vocabulary import Phase

__all__ = ["PhaseRunner", "RUNNERS"]


RUNNERS: dict[Phase, PhaseRunner] = PHASE_RUNNERS
