"""The numbers a source states (`check` statements), computed from the model and compared.

A mismatch is a definition error at the `check`: either the encoding is wrong or the source's
number is, and then the clause must say so as a ruling and the check must state the true value.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..errors import Phrase
from ..mechanics.tricks.rules import ScoreKind
from .game import EndKind, Game

if TYPE_CHECKING:  # the parser's side: a judge of a kept game reads the checks' numbers without it
    from .document import Located

__all__ = ["run_checks", "hand_size", "quantity"]


def hand_size(game: Game, players: int) -> int:
    """Cards each player holds once the deal is complete."""
    return game.table.dealt_cards(players)[0]


def quantity(game: Game, name: str, contract: str | None) -> int:
    players = game.table.default_players
    deck = game.table.pack_for(players)
    if name == "cards":
        return len(deck.cards)
    if name == "tricks":
        return hand_size(game, players)
    if name == "deals":
        if game.match_end is None:
            raise ValueError(Phrase('the game states no match length'))
        end = game.match_end.value
        if end.kind is EndKind.ALL_CHOSEN:
            return players * len(game.contracts)
        if end.kind is EndKind.DEALS:
            return end.count
        raise ValueError(Phrase('the match has no fixed number of deals'))
    if contract is None:
        raise ValueError(Phrase('`check {name}` needs a contract (`check {name} in CONTRACT = N`)', name=name))
    played = game.contracts[contract]
    total = 0
    if name == "total_finish_score":
        for part in (played, *(game.contracts[p.value] for p in played.combines)):
            if part.rules.layout is not None and part.rules.layout.finish is not None:
                total += sum(part.rules.layout.finish.value)
        return total
    for cited in played.trick_scores(game.contracts):
        rule = cited.value
        if name in ("total_penalty", "max_penalty"):
            if rule.kind is ScoreKind.PER_TRICK:
                tricks = 1 if rule.number is not None else min(rule.last or hand_size(game, players),
                                                                 hand_size(game, players))
                total += rule.points * tricks
            elif rule.kind is ScoreKind.PER_CARD and rule.cards is not None:  # (`per card` names its cards)
                total += rule.points * len(rule.cards.cards & frozenset(deck.cards))
    return total


def run_checks(game: Game, statements: Sequence[tuple[Located, Any]]) -> None:
    """Each `check` of the game against the rules: `statements` holds each check's, in order."""
    for check, (item, stmt) in zip(game.checks, statements):
        try:
            actual = quantity(game, check.quantity, check.contract)
        except ValueError as err:
            raise item.error(stmt, err.args[0]) from None
        if actual != check.expected:
            where = f" in {check.contract}" if check.contract else ""
            raise item.error(stmt, Phrase('the rules give {quantity}{where} = {actual}, but the check states '
                                          '{expected}', quantity=check.quantity, where=where, actual=actual, expected=check.expected),
                             hint=Phrase("fix the encoding, or if the source's number is wrong, record a ruling "
                                         'in the clause and check the true value'))
