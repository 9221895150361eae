"""Card passing before the play: each player in turn sets cards aside for another player, and
when all have done so each receives the cards meant for him.

A recorded deal writes one `give CARD` action per card, each player giving all his cards before
the next starts (from the eldest hand in turn order). The cards given are out of the giver's hand
at once and reach the receiver only when everybody has given, so nobody passes on a card he was
passed.
"""

from __future__ import annotations

from ..i18n import N_
from ..verdicts import Verdict
from .phases import PhaseRunner, register

__all__ = ["start_passing", "receiver"]

def receiver(deal, seat: int) -> int:
    """The seat that receives the cards `seat` passes in this deal."""
    table = deal.table
    target = deal.pass_target
    if target == "across":
        return table.next(seat, table.players // 2)
    return table.neighbour(seat, target)


def start_passing(deal, number: int) -> bool:
    """Open the passing phase of deal `number` (0 for the match's first); False when this deal
    passes no cards (no `pass` statement, or `none` is its turn in the rotation)."""
    rule = deal.game.card_passing
    if rule is None or "passing" not in deal.table.phases:
        return False
    targets = rule.value.targets
    deal.pass_target = targets[number % len(targets)]
    if deal.pass_target == "none":
        return False
    deal.pass_count, deal.pass_clause = rule.value.count, rule.clause
    deal.passed_cards = [[] for _ in range(deal.table.players)]
    deal.phase, deal.to_act = "passing", deal.eldest
    return True


def _moves(deal, seat: int) -> list[int]:
    return list(deal.hands[seat])


def _push(deal, seat: int, card: int) -> None:
    deal.hands[seat].remove(card)
    deal.passed_cards[seat].append(card)
    if len(deal.passed_cards[seat]) < deal.pass_count:
        return
    nxt = deal.table.next(seat)
    if nxt != deal.eldest:
        deal.to_act = nxt
        return
    for giver, cards in enumerate(deal.passed_cards):  # everybody has given: the cards arrive
        deal.hands[receiver(deal, giver)].extend(cards)
    deal._after_passing()


def _judge(deal, seat: int, action, illegal) -> Verdict:
    what = str(action)
    if action.kind != "give":
        return illegal(N_("Seat {seat} must first pass {count} cards to seat {receiver}: give CARD, "
                          "one card at a time."), (deal.pass_clause,), "illegal_card",
                       seat=seat, count=deal.pass_count, receiver=receiver(deal, seat))
    card = deal.table.move(action)
    if card is None or card not in deal.hands[seat]:
        held = card is not None and card in deal.passed_cards[seat]
        message = (N_("Seat {seat} has already set {card} aside to pass.") if held
                   else N_("Seat {seat} does not hold {card}."))
        return illegal(message, (deal.pass_clause,) if held else (), "illegal_card", seat=seat,
                       card=action.args[0])
    return Verdict(True, N_("Seat {seat} passes {card} to seat {receiver}."),
                   (("seat", seat), ("card", action.args[0]), ("receiver", receiver(deal, seat))),
                   (deal.pass_clause,), seat, what)


register(PhaseRunner("passing", _moves, _push, _judge))
