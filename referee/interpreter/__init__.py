"""The interpreter: runs a game model deal by deal, ruling on every action."""

from ..engine.moves import PASS
from ..engine.table import Action, Table
from .deal import Deal, DealResult
from .match import Match, MatchResult, Remaining, unsupported_mechanics

__all__ = ["Deal", "DealResult", "Match", "MatchResult", "Remaining", "Action", "Table", "PASS", "unsupported_mechanics"]
