"""The draw from the stock at the showdown (`hand A may draw from stock against B`): when the
betting ends in a showdown, each player still in who holds hand A, while another player still
in holds hand B, may turn up the top or the bottom card of the stock, or decline. A card of his
hand's rank makes his hand a B; `showdown.seat_hands` reads what was
drawn.

The stock is every card of the pack that was neither dealt nor turned up. A transcript does not
record its order, so a draw names the card it turned up (`draw top KS`) and the referee checks
that the card is one of the stock.

Moves: `moves.stock_draw(card, bottom)` and `PASS` (he declines).
"""

from __future__ import annotations

from ...engine.moves import PASS, STOCK_DRAW_BASE, drawn, stock_draw
from ...engine.table import Action
from ...i18n import N_
from ...verdicts import Verdict
from ..base import Illegal, PhaseRunner
from ..vocabulary import Phase
from .showdown import ShowdownDeal, seat_hands
from .state import BettingState, StockDrawState

__all__ = ["start_stock_draw", "stock_cards", "STOCK_DRAW"]


def start_stock_draw(deal: ShowdownDeal, state: BettingState) -> None:
    """At the end of a betting that goes to a showdown: the players who may draw, in turn order
    from the eldest hand; the deal waits for the first of them, or is over when there is none."""
    rule = state.rules.model.stock_draw
    if rule is None or state.won_by_fold is not None or state.pass_out:
        return
    hand, against = rule.value
    held = seat_hands(deal, state)
    n = deal.table.players
    still_in = [(deal.eldest + k) % n for k in range(n)]
    still_in = [s for s in still_in if not state.folded_mask >> s & 1]

    def holds(seat: int, name: str) -> bool:
        ranked = held[seat][0]
        return ranked is not None and ranked[2] == name

    drawers = [s for s in still_in if holds(s, hand)] if any(holds(s, against) for s in still_in) else []
    if drawers:
        state.stock = StockDrawState(drawers)
        deal.phase, deal.to_act = Phase.STOCK_DRAW, drawers[0]


def stock_cards(deal: ShowdownDeal, state: BettingState) -> list[int]:
    """The cards of the stock: neither dealt nor turned up, nor turned up from it already."""
    out = set(range(len(deal.table.cards)))
    for cards in state.dealt:
        out.difference_update(cards)
    out.difference_update(state.upcards)
    if state.stock is not None:
        out.difference_update(card for _seat, card in state.stock.drawn)
    return sorted(out)


def _state(deal: ShowdownDeal) -> BettingState:
    state = deal.betting
    assert state is not None, "the draw from the stock runs only in a vying deal"
    return state


def _moves(deal: ShowdownDeal, seat: int) -> list[int]:
    state = _state(deal)
    ends = (False,) if state.rules.model.stock_draw_top else (False, True)
    return [stock_draw(card, bottom) for bottom in ends for card in stock_cards(deal, state)] + [PASS]


def _push(deal: ShowdownDeal, seat: int, move: int) -> None:
    state = _state(deal)
    stock = state.stock
    assert stock is not None, "the draw from the stock runs once it has started"
    if move != PASS:
        stock.drawn.append((seat, drawn(move)[0]))
        state.held = None  # what he holds is worked out again with the card he turned up
    stock.drawers.pop(0)
    if stock.drawers:
        deal.to_act = stock.drawers[0]
    else:
        deal.phase = Phase.OVER


def _judge(deal: ShowdownDeal, seat: int, action: Action, illegal: Illegal) -> Verdict | None:
    state = _state(deal)
    model = state.rules.model
    assert model.stock_draw is not None, "the draw runs only when the rules state it"
    why = (model.stock_draw.clause,)
    what = str(action)
    move = deal.table.move(action)
    if action.kind == "pass":
        return Verdict(True, N_("Seat {seat} does not draw from the stock."), (("seat", seat),), why, seat, what)
    if action.kind != "draw" or move is None or move > STOCK_DRAW_BASE:
        return illegal(N_("Seat {seat} may turn up the top or the bottom card of the stock (draw top CARD, "
                          "draw bottom CARD), or pass; not {action}."), why, seat=seat, action=what)
    card, bottom = drawn(move)
    if bottom and model.stock_draw_top:
        return illegal(N_("Seat {seat} may turn up only the top card of the stock."),
                       (model.stock_draw_top.clause,), seat=seat)
    if card not in stock_cards(deal, state):
        return illegal(N_("{card} is not in the stock: it was dealt, turned up, or drawn already."),
                       why, card=deal.table.code(card))
    return Verdict(True, N_("Seat {seat}: {action}."), (("seat", seat), ("action", what)), why, seat, what)


STOCK_DRAW = PhaseRunner(Phase.STOCK_DRAW, _moves, _push, _judge, frozenset({"draw", "pass"}))
