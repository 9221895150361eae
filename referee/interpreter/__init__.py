"""The interpreter: runs a game model deal by deal, ruling on every action."""

from .deal import Deal, DealResult
from .match import Match, MatchResult, Remaining, unsupported_mechanics
from .table import PASS, Action, Table

__all__ = ["Deal", "DealResult", "Match", "MatchResult", "Remaining", "Action", "Table", "PASS", "unsupported_mechanics"]
