"""Reading the statements of the table into the game, with the errors an author can make in them.

The decks and packs are declared in the builder's first pass (every card a later statement names
is resolved against the pack); the rest are game-wide rules stated once.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...errors import N_, Phrase, Term
from ...front.syntax import Node, unquote
from ...model.cards import Deck as DeckRecord
from ...model.cards import Rank, Suit
from ...model.document import Located
from ...model.values import Cited
from ..declaration import Builder, state_once
from ..vocabulary import PhaseWord
from .rules import (
    DrawKind,
    FirstDealerRule,
    PackChoice,
    Packet,
    PacketKind,
    PlayDirection,
    Rotation,
    Side,
    TableRules,
    TieBreak,
)
from .syntax import (
    Cut,
    Deal,
    DealerRotation,
    Deck,
    DerivedDeck,
    Direction,
    DrawTies,
    EldestDealer,
    EldestNext,
    FirstDealer,
    FirstDealerRank,
    Pack,
    Phases,
    Players,
    SuitNames,
)

__all__ = ["TableDraft", "build_players", "build_direction", "build_deck", "build_derived_deck", "build_suit_names", "build_pack",
           "build_phases", "build_first_dealer", "build_first_dealer_rank", "build_draw_ties", "build_cut",
           "build_eldest_next", "build_eldest_dealer", "build_deal", "build_dealer_rotation"]


@dataclass
class TableDraft:
    """The table's statements read so far (the builder makes it first: every card a statement
    names is resolved against its packs)."""

    game_field: ClassVar[str] = "table"
    """The field of `Game` the finished record fills."""
    decks: dict[str, DeckRecord] = field(default_factory=dict)
    packs: list[Cited[PackChoice]] = field(default_factory=list)
    once: dict[str, Cited[Any]] = field(default_factory=dict)
    """Field of `TableRules` -> the rule of a statement that may be stated once."""

    def state(self, item: Located, node: Node, cid: str, name: str, value: object) -> None:
        """Set the rule `name` (a field of `TableRules`), which may be stated once."""
        state_once(self.once, item, node, cid, name, value)

    def finish(self) -> TableRules:
        return TableRules(decks=self.decks, packs=tuple(self.packs), **self.once)


def _table(builder: Builder) -> TableDraft:
    return builder.draft(TableDraft)


def build_players(builder: Builder, item: Located, node: Players, cid: str, scope: str | None) -> None:
    low = int(node.low)
    high = int(node.high) if node.high is not None else low
    if not 2 <= low <= high <= 10:
        raise item.error(node, Phrase('players {low} to {high} is not a usable table', low=low, high=high),
                         expected=Phrase('between 2 and 10 players, the smaller number first'))
    counts = tuple(range(low, high + 1))
    if node.usual is not None:
        usual = int(node.usual)
        if usual not in counts:
            raise item.error(node.usual, Phrase('the usual number {usual} is outside {low} to {high}', usual=usual,
                                                low=low, high=high))
        # The usual number of players comes first: it is the default table.
        counts = (usual,) + tuple(c for c in counts if c != usual)
    _table(builder).state(item, node, cid, "players", counts)
    if node.in_deal is not None:
        _table(builder).state(item, node, cid, "in_deal", _sitting_out(item, node.in_deal, counts))


def _sitting_out(item: Located, token: object, counts: tuple[int, ...]) -> int:
    """How many play each deal (`N play each deal: dealer sits out`), checked against the table:
    only the dealer can sit out, so the table holds at most one more than play."""
    in_deal = int(str(token))
    if in_deal > min(counts):
        raise item.error(token, Phrase('{in_deal} play each deal, but only {seated} may sit at the table',
                                       in_deal=in_deal, seated=min(counts)),
                         hint=Phrase('write at most {seated}, or seat more players', seated=min(counts)))
    if max(counts) - in_deal > 1:
        raise item.error(token, Phrase('with {players} players {out} would sit out each deal, but only '
                                       'the dealer sits out', players=max(counts), out=max(counts) - in_deal),
                         expected=Phrase('{in_deal} play each deal', in_deal=max(counts) - 1))
    if max(counts) == in_deal:
        raise item.error(token, Phrase('all {in_deal} players play each deal, so nobody sits out',
                                       in_deal=in_deal),
                         hint=Phrase('remove `, N play each deal: dealer sits out`, or seat more players'))
    return in_deal


def build_direction(builder: Builder, item: Located, node: Direction, cid: str, scope: str | None) -> None:
    _table(builder).state(item, node, cid, "direction", PlayDirection(str(node.way)))


def build_deck(builder: Builder, item: Located, node: Deck, cid: str, scope: str | None) -> None:
    suits = [Suit(str(s.code), unquote(s.name), unquote(s.symbol)) for s in node.suits]
    _add_deck(builder, _new_deck(builder, item, node.id, unquote(node.title), suits, [str(t) for t in node.ranks], cid))


def _add_deck(builder: Builder, deck: DeckRecord) -> None:
    """Declare `deck`, or replace the deck of its ID."""
    _table(builder).decks[deck.id] = deck


def _new_deck(builder: Builder, item: Located, did: object, title: str, suits: list[Suit], ranks: list[str],
              cid: str, removed: tuple[str, ...] = ()) -> DeckRecord:
    if str(did) in builder.decks:
        raise item.error(did, Phrase('deck {did} is declared twice', did=did))
    for seen, what in (([s.code for s in suits]), N_("suit")), (ranks, N_("rank")):
        dup = {x for x in seen if seen.count(x) > 1}
        if dup:
            raise item.error(did, Phrase('deck {did} lists the {what} {dup} twice', did=did, what=Term(what),
                                         dup=sorted(dup)[0]))
    return DeckRecord(str(did), title, tuple(suits), tuple(Rank(i, r) for i, r in enumerate(ranks)), cid,
                      removed=removed)


def build_derived_deck(builder: Builder, item: Located, node: DerivedDeck, cid: str, scope: str | None) -> None:
    parent = builder.decks.get(str(node.base))
    if parent is None:
        raise item.error(node.base, Phrase('unknown deck {base}', base=node.base),
                         expected=", ".join(builder.decks) or Phrase('a deck declared earlier'))
    if str(node.how).startswith("without_card"):
        _without_cards(builder, item, node, parent, cid)
        return
    for code in node.codes:
        if parent.rank(str(code)) is None:
            raise item.error(code, Phrase('deck {base} has no rank {code}', base=node.base, code=code),
                             expected=" ".join(r.code for r in parent.ranks))
    chosen = {str(c) for c in node.codes}
    keep = [r.code for r in parent.ranks if (r.code in chosen) == (str(node.how) == "only")]
    # Cards the parent took out stay out, where their rank is kept.
    removed = tuple(code for code in parent.removed
                    if any(code == rank + suit.code for rank in keep for suit in parent.suits))
    _add_deck(builder, _new_deck(builder, item, node.id, unquote(node.title), list(parent.suits), keep, cid, removed))


def _without_cards(builder: Builder, item: Located, node: DerivedDeck, parent: DeckRecord, cid: str) -> None:
    """`= standard without card 2D`: the parent's suits and ranks, less single cards."""
    single = str(node.how) == "without_card"
    if single != (len(node.codes) == 1):
        raise item.error(node.codes[1] if single else node, Phrase('`without card` takes one card and `without '
                                                                   'cards` two or more'),
                         hint=Phrase('write `without card 2D` or `without cards 2C 2D`'))
    removed: list[str] = []
    for code in node.codes:
        card = parent.card(str(code))
        if card is None and str(code) in parent.removed:
            raise item.error(code, Phrase('deck {id} has no card {code}: it is already taken out of it', id=node.base,
                                          code=code),
                             hint=Phrase('take the card out once, or derive the deck from one that holds it'))
        if card is None:
            raise item.error(code, Phrase('deck {id} has no card {code}', id=node.base, code=code),
                             hint=Phrase('cards are written rank then suit, such as QH or 10S'))
        if card.code in removed:
            raise item.error(code, Phrase('the card {code} is taken out twice', code=code),
                             hint=Phrase('name each card once'))
        removed.append(card.code)
    if len(removed) == len(parent.cards):
        raise item.error(node, Phrase('that takes every card out of deck {base}', base=node.base),
                         hint=Phrase('name the cards to take out, not the ones to keep'))
    _add_deck(builder, _new_deck(builder, item, node.id, unquote(node.title), list(parent.suits),
                                 [r.code for r in parent.ranks], cid, parent.removed + tuple(removed)))


def build_suit_names(builder: Builder, item: Located, node: SuitNames, cid: str, scope: str | None) -> None:
    names = tuple((str(code), unquote(name)) for code, name in node.names)

    def attach() -> None:  # once every deck is declared, the variants' too
        for code, _ in names:
            if not any(d.suit(code) for d in builder.decks.values()):
                raise item.error(node, Phrase('no deck has the suit {code}', code=code))
        for deck in list(builder.decks.values()):
            _add_deck(builder, dataclasses.replace(deck, suit_names=deck.suit_names + ((str(node.tradition), names),)))
    builder.later(attach)


def build_pack(builder: Builder, item: Located, node: Pack, cid: str, scope: str | None) -> None:
    did = str(node.deck)
    count = int(node.players) if node.players is not None else None
    if did not in builder.decks:
        raise item.error(node.deck, Phrase('unknown deck {did}', did=did),
                         expected=", ".join(builder.decks) or Phrase('a deck declared with `deck`'))
    packs = _table(builder).packs
    if any(p.value.players == count for p in packs):
        raise item.error(node, Phrase("a pack is already chosen for {table}", table=Phrase(
            "{count} players", count=count) if count else Phrase("the game")))
    packs.append(Cited(PackChoice(did, count), cid))


def build_phases(builder: Builder, item: Located, node: Phases, cid: str, scope: str | None) -> None:
    names = tuple(PhaseWord(str(name)) for name in node.names)  # the grammar's `phase_word`: one of them
    if len(set(names)) != len(names):
        raise item.error(node, Phrase('a phase is listed twice'), hint=Phrase('each phase of a deal comes once'))
    _table(builder).state(item, node, cid, "phases", names)


def build_first_dealer(builder: Builder, item: Located, node: FirstDealer, cid: str, scope: str | None) -> None:
    _table(builder).state(item, node, cid, "first_dealer",
                          FirstDealerRule(DrawKind.DRAW, highest=str(node.extreme) == "highest"))


def build_first_dealer_rank(builder: Builder, item: Located, node: FirstDealerRank, cid: str,
                            scope: str | None) -> None:
    if builder.pack_deck(item, node).rank(str(node.rank)) is None:
        raise item.error(node.rank, Phrase('the pack has no rank {rank}', rank=node.rank))
    _table(builder).state(item, node, cid, "first_dealer", FirstDealerRule(DrawKind.RANK, rank=str(node.rank)))


def build_draw_ties(builder: Builder, item: Located, node: DrawTies, cid: str, scope: str | None) -> None:
    _table(builder).state(item, node, cid, "draw_ties", TieBreak(str(node.tie)))


def build_cut(builder: Builder, item: Located, node: Cut, cid: str, scope: str | None) -> None:
    _table(builder).state(item, node, cid, "cut", Side(str(node.side)))


def build_eldest_next(builder: Builder, item: Located, node: EldestNext, cid: str, scope: str | None) -> None:
    _table(builder).state(item, node, cid, "eldest", 1)


def build_eldest_dealer(builder: Builder, item: Located, node: EldestDealer, cid: str, scope: str | None) -> None:
    _table(builder).state(item, node, cid, "eldest", 0)


def build_deal(builder: Builder, item: Located, node: Deal, cid: str, scope: str | None) -> None:
    packets: list[Packet] = []
    for packet in node.packets:
        count = int(packet.count)
        if count < 1:
            raise item.error(packet.pos, Phrase('a packet must hold at least one card'))
        until = int(packet.until) if packet.until is not None else None
        if until is not None and until % count:
            raise item.error(packet.pos, Phrase('packets of {count} cannot reach exactly {until}', count=count,
                                                until=until))
        if packets and packets[-1].to_end:
            raise item.error(packet.pos, Phrase('`until all cards are dealt` uses up the pack, so no packet may '
                                                'follow it'), hint=Phrase('put it last'))
        packets.append(Packet(PacketKind(packet.kind), count, until, packet.to_end))
    _table(builder).state(item, node, cid, "deal", tuple(packets))


def build_dealer_rotation(builder: Builder, item: Located, node: DealerRotation, cid: str,
                          scope: str | None) -> None:
    every = int(node.every) if node.every is not None else 1
    if every < 2 and node.every is not None:
        raise item.error(node.every, Phrase('`after every {count} deals` names no run of deals: a dealer who deals '
                                            'one deal at a time passes the deal after every deal', count=every),
                         hint=Phrase('write `after every deal`, or `after every 7 deals` for seven in a row'))
    _table(builder).state(item, node, cid, "dealer_rotation", Rotation(Side(str(node.side)), every))
