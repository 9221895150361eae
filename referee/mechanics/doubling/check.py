"""The checks of a whole game that doubling between players makes."""

from __future__ import annotations

from ...errors import Phrase
from ...model.document import Located
from ...model.game import Game
from ..declaration import Seen
from ..vocabulary import PhaseWord
from .syntax import DoubleQuota

__all__ = ["check_doubling"]


def check_doubling(game: Game, seen: Seen, phases: tuple[PhaseWord, ...], header: Located) -> None:
    """Doubling between players comes after the contract is chosen and before the play; a duty
    to double the dealer counts the deals he deals in a row, one per contract he chooses."""
    if PhaseWord.DOUBLING not in phases:
        return
    item, stmt = next((i, s) for k, _, i, s in seen if k == "phases")
    if PhaseWord.CONTRACT_CHOICE not in phases or phases.index(PhaseWord.DOUBLING) != phases.index(PhaseWord.CONTRACT_CHOICE) + 1:
        raise item.error(stmt, Phrase('players double once the contract is named: `doubling` comes right '
                                      'after `contract choice`'),
                         hint=Phrase('write `deal phases contract choice, doubling, play`'))
    choice = game.contract_choice
    if game.doubling is not None and game.doubling.quota is not None and not (
            choice is not None and choice.once is not None and choice.by_dealer):
        item, node = next((i, s) for _, _, i, s in seen if isinstance(s, DoubleQuota))
        raise item.error(node, Phrase('the duty counts the deals of each dealer, one for each contract he chooses'),
                         hint=Phrase('add `contract chosen by dealer` and `each player chooses each contract once`'))
