"""What the two ways of playing the cards (by tricks, `mechanics/tricks`; in a layout,
`mechanics/layout`) rule alike: the word of the action, a pass, a card not held, a card allowed."""

from __future__ import annotations

from ..engine.table import Action
from ..i18n import N_
from ..verdicts import Verdict
from .base import DealCore, Illegal

__all__ = ["rule_on_card"]


def rule_on_card(deal: DealCore, legal: list[int], seat: int, action: Action, illegal: Illegal,
                 pass_clause: str | None) -> Verdict | int:
    """The verdict on `action` when it is not a card, a pass, or a card the holder may play (its
    `legal` moves); otherwise the card's move, held but not allowed, for the phase to say why.
    A pass is legal when it is among `legal` (under `pass_clause`)."""
    what = str(action)
    move = deal.table.move(action)
    if action.kind == "choose":
        return illegal(N_("The contract is already named."), ())
    if action.kind not in ("play", "pass"):
        return illegal(N_("Seat {seat} must play a card now, not {action}."), (), "illegal_card",
                       seat=seat, action=what)
    if action.kind == "pass":
        if move in legal:
            return Verdict(True, N_("Seat {seat} cannot play and passes."), (("seat", seat),),
                           (pass_clause or "",), seat, what)
        return illegal(N_("Seat {seat} may not pass while holding a playable card."), (pass_clause,),
                       "illegal_card", seat=seat)
    if move is None or move not in deal.hands[seat]:
        return illegal(N_("Seat {seat} does not hold {card}."), (), "illegal_card", seat=seat, card=action.card or "")
    if move in legal:
        return Verdict(True, N_("Seat {seat} plays {card}."), (("seat", seat), ("card", action.card or "")),
                       (), seat, what)
    return move
