"""The passing phase of a deal.

A recorded deal writes one `give CARD` action per card, each player giving all his cards before
the next starts (from the eldest hand in turn order). The cards given are out of the giver's hand
at once and reach the receiver only when everybody has given, so nobody passes on a card he was
passed.
"""

from __future__ import annotations

from typing import Protocol

from ...engine.table import Action
from ...i18n import N_
from ...verdicts import Verdict
from ..base import DealCore, Illegal, PhaseRunner
from ..vocabulary import Phase, PhaseWord
from .state import PassingState

__all__ = ["PassingDeal", "start_passing", "receiver", "PASSING"]


class PassingDeal(DealCore, Protocol):
    passing: PassingState | None

    def after_passing(self) -> None:
        """Go on to the contract choice, or to the play of the deal's one contract."""


def start_passing(deal: PassingDeal, number: int) -> PassingState | None:
    """The passing of deal `number` (0 for the match's first), with the phase opened; None when
    this deal passes no cards (no `pass` statement for this table, or `none` is its turn in the
    rotation)."""
    rules = deal.game.card_passing
    if rules is None or PhaseWord.PASSING not in deal.table.phases:
        return None
    rule = rules.for_players(deal.table.players)
    if rule is None:
        return None
    target = rule.value.target(number)
    if target is None:
        return None
    deal.phase, deal.to_act = Phase.PASSING, deal.eldest
    return PassingState(target, rule.value.count, rule.clause, [[] for _ in range(deal.table.players)])


def receiver(deal: PassingDeal, state: PassingState, seat: int) -> int:
    """The seat that receives the cards `seat` passes in this deal."""
    return deal.table.neighbour(seat, state.target)


def _state(deal: PassingDeal) -> PassingState:
    state = deal.passing
    assert state is not None, "the passing phase runs only in a deal that passes cards"
    return state


def _moves(deal: PassingDeal, seat: int) -> list[int]:
    return list(deal.hands[seat])


def _push(deal: PassingDeal, seat: int, card: int) -> None:
    state = _state(deal)
    deal.hands[seat].remove(card)
    state.given[seat].append(card)
    if len(state.given[seat]) < state.count:
        return
    nxt = deal.table.next(seat)
    if nxt != deal.eldest:
        deal.to_act = nxt
        return
    for giver, cards in enumerate(state.given):  # everybody has given: the cards arrive
        deal.hands[receiver(deal, state, giver)].extend(cards)
    deal.after_passing()


def _judge(deal: PassingDeal, seat: int, action: Action, illegal: Illegal) -> Verdict:
    state = _state(deal)
    if action.kind != "give":
        return illegal(N_("Seat {seat} must first pass {count} cards to seat {receiver}: give CARD, "
                          "one card at a time."), (state.clause,), "illegal_card",
                       seat=seat, count=state.count, receiver=receiver(deal, state, seat))
    card = deal.table.move(action)
    if card is None or card not in deal.hands[seat]:
        held = card is not None and card in state.given[seat]
        message = (N_("Seat {seat} has already set {card} aside to pass.") if held
                   else N_("Seat {seat} does not hold {card}."))
        return illegal(message, (state.clause,) if held else (), "illegal_card", seat=seat,
                       card=action.args[0])
    return Verdict(True, N_("Seat {seat} passes {card} to seat {receiver}."),
                   (("seat", seat), ("card", action.args[0]), ("receiver", receiver(deal, state, seat))),
                   (state.clause,), seat, str(action))


def _action_of(deal: PassingDeal, move: int) -> Action:
    return Action("give", (deal.table.code(move),))


PASSING = PhaseRunner(Phase.PASSING, _moves, _push, _judge, frozenset({"give"}), _action_of)
