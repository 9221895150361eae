"""The phase of every mechanic package, for the deal: the run-time half of the registry, which
imports no syntax (a judge of a kept game never loads the parser)."""

from __future__ import annotations

from .auction.phase import AUCTION_RUNNERS, DECLARATION_RUNNERS, DEFENCE_RUNNERS, TALON_RUNNERS
from .base import PhaseRunner
from .contract_choice.phase import CHOOSE
from .doubling.phase import DOUBLING
from .layout.phase import LAYOUT
from .passing.phase import PASSING
from .tricks.phase import TRICKS
from .vocabulary import Phase
from .vying.betting import BETTING, BLINDS
from .vying.stock_draw import STOCK_DRAW

__all__ = ["PHASE_RUNNERS"]

PHASE_RUNNERS: dict[Phase, PhaseRunner] = {runner.name: runner for runner in (
    PASSING, DOUBLING, CHOOSE, *AUCTION_RUNNERS, *TALON_RUNNERS, *DECLARATION_RUNNERS, *DEFENCE_RUNNERS, TRICKS, LAYOUT,
    BLINDS, BETTING, STOCK_DRAW)}
"""Phase of a deal -> its runner."""
