"""The checks of a whole game that the table makes: the rules every game must state, a pack for
each table the game has (and none for a table it never has) that covers the deal for every number
of players (and is dealt out where no phase uses what is left), a draw that can name a first
dealer, a dealer who sits out with no turn, and a `holder of CARD` seat that somebody holds."""

from __future__ import annotations

from collections.abc import Sequence

from ...errors import N_, Phrase, Term
from ...front.syntax import Node, Seat
from ...model.cards import Deck
from ...model.document import Located
from ...model.game import Game
from ..declaration import Seen
from ..vocabulary import PhaseWord
from .rules import DrawKind, PacketKind
from .syntax import Deal, Pack

__all__ = ["require_table", "check_table", "check_holder"]


def require_table(game: Game, header: Located) -> None:
    """The rules every other check and mechanic reads: the players, the direction, the deal and a
    pack for every number of players (checked before anything else, at the game's header)."""
    for field, example in ((N_("players"), "players N"), (N_("direction"), "direction clockwise"),
                           (N_("deal"), "deal 1 each until 13")):
        if getattr(game.table, field) is None:
            raise header.error(header.tree, Phrase('the game never states its {field}', field=Term(field)),
                               hint=Phrase('add a clause with `{statement}`', statement=example))
    if not game.table.packs:
        raise header.error(header.tree, Phrase('the game never chooses a pack'),
                           hint=Phrase('declare a deck and add `pack DECK`'))
    assert game.table.players is not None
    for count in game.table.players.value:
        try:
            game.table.pack_for(count)
        except LookupError:
            raise header.error(header.tree, Phrase('no pack is chosen for {count} players', count=count),
                               hint=Phrase('add `pack DECK when players {count}`', count=count)) from None


def check_table(game: Game, seen: Seen, phases: tuple[PhaseWord, ...], header: Located) -> None:
    """A pack chosen `when players N` names a table the game has; the pack covers the deal for
    every number of players, and the draw can name a dealer."""
    where = {kind: (item, stmt) for kind, _, item, stmt in seen}
    assert game.table.players is not None
    tables = game.table.players.value
    for _, _, item, stmt in seen:  # a pack for a table the game never has would never be dealt
        if isinstance(stmt, Pack) and stmt.players is not None and int(stmt.players) not in tables:
            raise item.error(stmt.players, Phrase('the game is never played by {count} players', count=int(stmt.players)),
                             hint=Phrase('name a number of players the game allows: {tables}',
                                         tables=", ".join(map(str, tables))))
    for players in tables:
        deck = game.table.pack_for(players)
        hand, talon, up = game.table.dealt_cards(players)
        if hand < 1:
            raise header.error(header.tree, Phrase('the deal gives the players no cards'),
                               hint=Phrase('write `deal 1 each until 13`'))
        total = hand * game.table.dealt_players(players) + talon + up
        if total > len(deck.cards):
            item, stmt = where["deal"]
            raise item.error(stmt, Phrase('with {players} players the deal needs {total} cards, but the {title} '
                                          'has {count}', players=players, total=total, title=Term(deck.title),
                                          count=len(deck.cards)),
                             hint=Phrase('deal fewer cards, or choose a larger pack with `pack DECK when players '
                                         '{players}`', players=players))
        _check_dealt_out(game, players, deck, where)
    _check_sitting_out(game, where)
    first = game.table.first_dealer.value if game.table.first_dealer else None
    if first and first.kind is DrawKind.RANK:
        for players in game.table.players.value:
            deck = game.table.pack_for(players)
            rank = deck.rank(first.rank or "")
            top = rank.order + 1 if rank else 0
            if top < players:
                item, stmt = where["first_dealer_rank"]
                raise item.error(stmt, Phrase('with {players} players the {title} has only {top} ranks from {first} '
                                              'downwards to draw', players=players, title=Term(deck.title), top=top,
                                              first=first.rank), hint=Phrase('draw from a higher rank'))
        if game.table.draw_ties is not None:
            item, stmt = where["draw_ties"]
            raise item.error(stmt, Phrase('a draw of one card of each rank cannot tie'),
                             hint=Phrase('remove the statement'))
    elif first and game.table.draw_ties is None:
        raise header.error(header.tree, Phrase('the draw for the first dealer can tie, and the game never says what '
                                               'then'), expected=Phrase('`draw ties redraw` or `draw ties by suit order`'))


Where = dict[str, tuple[Located, Node]]


def _check_dealt_out(game: Game, players: int, deck: Deck, where: Where) -> None:
    """`until all cards are dealt` shares the rest of the pack out evenly in whole packets; and a
    game whose cards are played (tricks or a layout) leaves none undealt, since no phase would
    ever use them (`players 3 to 4` with `deal 1 each until 13` would set 13 cards aside)."""
    item, stmt = where["deal"]
    assert isinstance(stmt, Deal) and game.table.deal is not None and game.table.phases is not None
    hands = game.table.dealt_players(players)
    hand = other = 0
    for packet, node in zip(game.table.deal.value, stmt.packets):
        if packet.to_end:
            left = len(deck.cards) - hand * hands - other
            if left % hands:
                raise item.error(node.pos, Phrase('with {players} players the {count} cards of the {title} do not '
                                                  'come out even: {left} would be left over', players=players,
                                                  count=len(deck.cards), title=Term(deck.title), left=left % hands),
                                 hint=Phrase('take cards out of the pack for {players} players (`deck ID "TITLE" = '
                                             'DECK without card 2D` and `pack ID when players {players}`)',
                                             players=players))
            if left // hands % packet.count:
                raise item.error(node.pos, Phrase('packets of {count} cannot reach exactly {until}',
                                                  count=packet.count, until=left // hands))
        elif packet.kind is PacketKind.EACH:
            hand = packet.until if packet.until is not None else hand + packet.count
        else:
            other += packet.count
    if PhaseWord.PLAY not in game.table.phases.value:
        return
    hand, talon, up = game.table.dealt_cards(players)
    left = len(deck.cards) - hand * hands - talon - up
    if left > 0:
        raise item.error(stmt, Phrase('with {players} players the deal leaves {left} of the {count} cards of the '
                                      '{title} undealt, and no phase of this game uses them', players=players,
                                      left=left, count=len(deck.cards), title=Term(deck.title)),
                         hint=Phrase('deal them out (`deal 1 each until all cards are dealt`), put them in a '
                                     'talon (`{left} to talon`), or take them out of the pack', left=left))


def _check_sitting_out(game: Game, where: Where) -> None:
    """A dealer who sits out the deal holds no cards: no rule may give him a turn in it."""
    if game.table.in_deal is None:
        return
    acting = (("eldest_dealer", game.table.eldest is not None and game.table.eldest.value == 0, Term(N_("the eldest hand"))),
              ("contract_choice", game.contract_choice is not None and game.contract_choice.by_dealer,
               Term(N_("the player who chooses the contract"))))
    for kind, by_dealer, role in acting:
        if by_dealer and kind in where:
            item, stmt = where[kind]
            raise item.error(stmt, Phrase('the dealer sits out each deal (`players ... dealer sits out`), so '
                                          'he cannot be {role}', role=role),
                             hint=Phrase('name the player after the dealer instead'))


def check_holder(game: Game, item: Located, stmt: Node, seats: Sequence[Seat]) -> None:
    """`holder of CARD` names a player only if somebody holds the card: where cards lie outside
    the hands (a talon, cards left undealt, a card the pack for the table lacks), the `else` seats
    after it (`seats`, in order) must cover every way the cards they name can all lie there."""
    if any(seat.role != "holder" for seat in seats):
        return  # it ends in a seat that always names a player
    named = list(dict.fromkeys(str(seat.card) for seat in seats))
    assert game.table.players is not None
    for players in game.table.players.value:
        deck = game.table.pack_for(players)
        # A card the pack for this table leaves out is surely nobody's.
        cards = [code for code in named if deck.card(code) is not None]
        if not cards:
            raise item.error(stmt, Phrase('with {players} players the {title} has no {card}, so nobody holds it',
                                          players=players, title=Term(deck.title), card=named[-1]),
                             hint=Phrase('name a seat for that case after `else`: `holder of {card}, else eldest`',
                                         card=named[-1]))
        aside = len(deck.cards) - game.table.dealt_cards(players)[0] * game.table.dealt_players(players)
        if aside < len(cards):
            continue
        hint = Phrase('name a seat for that case after `else`: `holder of {card}, else eldest`', card=cards[-1])
        if len(cards) == 1:
            raise item.error(stmt, Phrase('with {players} players not every card is dealt to a hand, so {card} '
                                          'may lie undealt and nobody hold it', players=players, card=cards[0]),
                             hint=hint)
        raise item.error(stmt, Phrase('with {players} players not every card is dealt to a hand, and {cards} may '
                                      'all lie undealt, so that nobody holds any of them', players=players,
                                      cards=", ".join(cards)), hint=hint)
