"""The model records of the table: `TableRules` (one field of `Game`, every rule of the table
with its clause) and the records it is made of: a pack chosen for a table, the draw for the
first dealer, a packet of the deal and the dealer's rotation."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ...model.cards import Deck
from ...model.values import Cited
from ..vocabulary import PhaseWord

__all__ = ["PlayDirection", "Side", "PackChoice", "DrawKind", "FirstDealerRule", "TieBreak", "PacketKind", "Packet",
           "Rotation", "TableRules"]


class PlayDirection(Enum):
    """Which way the turn, the deal and the cards go round the table (`direction ...`)."""

    CLOCKWISE = "clockwise"
    COUNTERCLOCKWISE = "counterclockwise"


class Side(Enum):
    """A seat's neighbour, the one vocabulary of sides (`Table.neighbour`): who cuts (`cut by left
    neighbour`: left or right), where the deal passes (`dealer passes ...`) and to whom cards are
    passed (`pass 3 cards to across`: opposite). Left and right are read through the direction of
    play; opposite needs an even table."""

    NEXT = "next"
    """The next player in the direction of play."""
    LEFT = "left"
    RIGHT = "right"
    OPPOSITE = "opposite"


@dataclass(frozen=True)
class PackChoice:
    """`pack standard` or `pack short when players 3`: the deck dealt at a table."""

    deck: str
    """The ID of the deck (a key of `TableRules.decks`)."""
    players: int | None = None
    """The number of players this pack is for, or None for any table."""


class DrawKind(Enum):
    """How the first dealer is drawn for."""

    DRAW = "draw"
    """Each player draws a card, and the highest (or lowest) deals (`first dealer by draw highest`)."""
    RANK = "rank"
    """One card of each rank from the named one down is drawn, one to each player, and the named
    rank deals (`first dealer by draw of K`)."""


@dataclass(frozen=True)
class FirstDealerRule:
    """`first dealer by draw highest|lowest`, or `first dealer by draw of RANK`."""

    kind: DrawKind
    highest: bool = True
    """For DRAW: the highest card deals (else the lowest)."""
    rank: str | None = None
    """For RANK: the code of the rank that deals (a rank of the pack)."""


class TieBreak(Enum):
    """What players who tie for the deciding card of the draw do (`draw ties ...`)."""

    REDRAW = "redraw"
    BY_SUIT_ORDER = "by_suit_order"
    """The suit listed later in the deck ranks higher: there is no tie."""


class PacketKind(Enum):
    """Where a packet of the deal goes."""

    EACH = "each"
    """To each player in turn (`3 each`)."""
    TALON = "talon"
    """To the talon (`2 to talon`)."""
    UPCARD = "upcard"
    """Face up on the table (`1 face up`)."""


@dataclass(frozen=True)
class Packet:
    """One step of the deal: `count` cards to each player (repeated until each holds
    `until`), to the talon, or face up on the table."""

    kind: PacketKind
    count: int
    until: int | None = None
    to_end: bool = False
    """`until all cards are dealt`: to each player until the pack is used up (the last packet)."""


@dataclass(frozen=True)
class Rotation:
    """`dealer passes left after every deal` (`every` 1), or after every `every` deals: one dealer
    deals that many in a row before the deal passes to `side`."""

    side: Side
    every: int = 1


@dataclass(frozen=True)
class TableRules:
    """The rules of the table every game is played at, each with the clause that states it
    (`Game.table`). A rule a game leaves out is None; the load checks (`referee.mechanics.table.
    check`, the needs of `referee.mechanics.table.mechanic`) refuse a game without one that
    play reads."""

    players: Cited[tuple[int, ...]] | None = None
    """The numbers of players the game allows, the usual one first (`players 3 to 4 usually 4`)."""
    in_deal: Cited[int] | None = None
    """How many play each deal when more sit at the table (the dealer sits out), or None: all play."""
    direction: Cited[PlayDirection] | None = None
    decks: dict[str, Deck] = field(default_factory=dict)
    """Every deck declared, by ID (those a variant derives too)."""
    packs: tuple[Cited[PackChoice], ...] = ()
    """The deck dealt at each table, in the order the packs are chosen."""
    card_points: Cited[dict[str, int]] | None = None
    """Points of each rank (rank code -> points), for the showdown's count (`card points ...`)."""
    first_dealer: Cited[FirstDealerRule] | None = None
    draw_ties: Cited[TieBreak] | None = None
    cut: Cited[Side] | None = None
    """Which neighbour of the dealer cuts the pack (left or right), or None: no cut."""
    eldest: Cited[int] | None = None
    """Seats after the dealer of the eldest hand (1: the next player; 0: the dealer)."""
    phases: Cited[tuple[PhaseWord, ...]] | None = None
    """The phases of every deal, in order (`deal phases ...`), as the rules file's words (each
    run-time `Phase` says the word it runs under: `Phase.word`)."""
    deal: Cited[tuple[Packet, ...]] | None = None
    dealer_rotation: Cited[Rotation] | None = None
    """Where the deal passes, and after how many deals of one dealer."""

    @property
    def default_players(self) -> int:
        """The usual number of players (the first the rules state)."""
        assert self.players is not None
        return self.players.value[0]

    def pack_for(self, players: int) -> Deck:
        """The deck used with this many players."""
        fallback = None
        for cited in self.packs:
            if cited.value.players == players:
                return self.decks[cited.value.deck]
            if cited.value.players is None:
                fallback = self.decks[cited.value.deck]
        if fallback is None:
            raise LookupError(f"no pack for {players} players")
        return fallback

    def pack_clause(self, players: int) -> str:
        """The clause that chooses the pack for this many players ("" if none does)."""
        for cited in self.packs:
            if cited.value.players in (players, None):
                return cited.clause
        return ""

    def dealt_players(self, players: int) -> int:
        """How many of `players` at the table receive cards and play a deal (the rest, the dealer, sit out)."""
        return min(players, self.in_deal.value) if self.in_deal is not None else players

    def dealt_cards(self, players: int) -> tuple[int, int, int]:
        """(cards in each hand, cards to the talon, cards face up) for `players` players."""
        hand = talon = up = 0
        assert self.deal is not None
        hands = self.dealt_players(players)
        for packet in self.deal.value:
            if packet.to_end:  # the rest of the pack, shared out evenly (the load check sees to that)
                hand += (len(self.pack_for(players).cards) - hand * hands - talon - up) // hands
            elif packet.kind is PacketKind.EACH:
                hand = packet.until if packet.until is not None else hand + packet.count
            elif packet.kind is PacketKind.TALON:
                talon += packet.count
            else:
                up += packet.count
        return hand, talon, up
