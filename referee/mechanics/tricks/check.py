"""Load-time checks of trick play that need the whole game: a talon that leads tricks must lie on
the table, with a card for each of them, while the contract is played; and each condition of an
early end of the play needs a phase or a way of playing that gives it a meaning (a declarer to
count tricks for, places to decide)."""

from __future__ import annotations

from ...errors import Phrase
from ...model.document import Located
from ...model.game import Game
from ..declaration import Seen
from ..table.rules import PacketKind
from ..vocabulary import Phase, PhaseWord
from .syntax import EarlyEnd, TalonLeads

__all__ = ["check_tricks"]


def check_tricks(game: Game, seen: Seen, phases: tuple[PhaseWord, ...], header: Located) -> None:
    """The tricks mechanic's checks of a whole game (`Mechanic.check`)."""
    _check_talon_leads(game, seen, phases)
    _check_early_ends(game, seen, phases)


def _check_talon_leads(game: Game, seen: Seen, phases: tuple[PhaseWord, ...]) -> None:
    """`talon cards lead the first N tricks`: the deal lays a talon of at least N cards, and the
    contract is not one a declarer wins by an auction with a talon exchange (his hand takes the
    talon then), only the one played when everybody passes."""
    stated = [(scope, item, node) for _, scope, item, node in seen if isinstance(node, TalonLeads)]
    if not stated:
        return
    packets = game.table.deal.value if game.table.deal is not None else ()
    talon = sum(packet.count for packet in packets if packet.kind is PacketKind.TALON)
    auction = game.auction
    passed_out = auction.pass_out.plays if auction is not None and auction.pass_out is not None else None
    for scope, item, node in stated:
        count = int(node.count)
        if count > talon:
            raise item.error(node.count, Phrase('the deal lays a talon of {talon} cards, so it cannot lead {count} '
                                                'tricks', talon=talon, count=count),
                             hint=Phrase('write at most `talon cards lead the first {talon} tricks`', talon=talon))
        if PhaseWord.TALON_EXCHANGE in phases and scope != passed_out:
            raise item.error(node, Phrase('a declarer takes the talon into his hand, so its cards cannot lead '
                                          'the tricks of a contract he plays'),
                             hint=Phrase('state it in the contract played when everybody passes: `in {cid} {{ ... }}`',
                                         cid=passed_out or 'ID'))


def _check_early_ends(game: Game, seen: Seen, phases: tuple[PhaseWord, ...]) -> None:
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
