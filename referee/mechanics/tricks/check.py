"""The checks of a whole game that an early end of the play makes: each condition needs a phase
or a way of playing that gives it a meaning (a declarer to count tricks for, places to decide)."""

from __future__ import annotations

from ...errors import Phrase
from ...model.document import Located
from ...model.game import Game
from ..declaration import Seen
from ..vocabulary import Phase, PhaseWord
from .syntax import EarlyEnd

__all__ = ["check_early_ends"]


def check_early_ends(game: Game, seen: Seen, phases: tuple[PhaseWord, ...], header: Located) -> None:
    """`play ends when places are decided` is a rule of a contract that plays layout, and a deal
    ends on the declarer's or the defenders' tricks only where an auction makes a declarer."""
    for _kind, scope, item, node in seen:
        if not isinstance(node, EarlyEnd):
            continue
        condition = node.condition.kind
        if condition == "place_decided" and (scope is None or game.contracts[scope].plays is not Phase.LAYOUT):
            raise item.error(node, Phrase('places are decided only in a layout game'),
                             hint=Phrase('put it in the `in` block of a contract that plays layout'))
        if condition in ("declarer_tricks", "defenders_tricks") and PhaseWord.AUCTION not in phases:
            raise item.error(node, Phrase('only an auction makes a declarer and defenders'),
                             hint=Phrase('add `auction` to `deal phases`, or end the deal on cards taken'))
