"""The statements of the table: `players 4`, `direction clockwise`, the decks (`deck standard
"..." { ... }`, `deck short "..." = standard without 2 3 4`), `suit names`, `pack`, `deal phases`,
`first dealer by draw highest`, `draw ties redraw`, `cut by right neighbour`, `eldest is next after
dealer`, `deal 1 each until 13` and `dealer passes left after every deal`.

Names, codes and numbers stay Lark tokens, so an error can point at the very word that is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass

import lark
from lark import Token

from ...front.syntax import Node, Pos, as_token, as_tree, statement_node

__all__ = ["Players", "Direction", "SuitDef", "Deck", "DerivedDeck", "SuitNames", "Pack", "Phases",
           "FirstDealer", "FirstDealerRank", "DrawTies", "Cut", "EldestNext", "EldestDealer", "DealPacket", "Deal",
           "DealerRotation"]

Children = list[Token | lark.Tree[Token]]


@statement_node("players")
class Players(Node):
    """`players 3 to 4 usually 4`, `players 4, 3 play each deal: dealer sits out`."""

    low: Token
    high: Token | None
    usual: Token | None
    in_deal: Token | None = None
    """How many play each deal when more sit at the table (the dealer sits out), or None."""

    @classmethod
    def read(cls, pos: Pos, children: Children) -> Players:
        ints = [t for t in children if isinstance(t, Token)]
        parts = {t.data: as_token(t.children[0]) for t in children if isinstance(t, lark.Tree)}
        return cls(pos=pos, low=ints[0], high=ints[1] if len(ints) > 1 else None,
                   usual=parts.get("usual_players"), in_deal=parts.get("sitting_out"))


@statement_node("direction")
class Direction(Node):
    way: Token
    """"clockwise" or "counterclockwise"."""


@dataclass(frozen=True)
class SuitDef:
    """One suit of a deck as declared: its code, English name and symbol, as written."""

    code: Token
    name: Token
    symbol: Token


@statement_node("deck")
class Deck(Node):
    id: Token
    title: Token
    suits: tuple[SuitDef, ...]
    ranks: tuple[Token, ...]
    """From low to high."""

    @classmethod
    def read(cls, pos: Pos, children: Children) -> Deck:
        did, title, *rest = children
        suits = tuple(SuitDef(*(as_token(t) for t in c.children)) for c in rest if isinstance(c, lark.Tree))
        return cls(pos=pos, id=as_token(did), title=as_token(title), suits=suits,
                   ranks=tuple(t for t in rest if isinstance(t, Token)))


@statement_node("derived_deck")
class DerivedDeck(Node):
    id: Token
    title: Token
    base: Token
    how: Token
    """"without" | "only" (ranks) | "without_card" | "without_cards" (single cards)."""
    codes: tuple[Token, ...]
    """The ranks kept or dropped, or the cards taken out."""

    @classmethod
    def read(cls, pos: Pos, children: Children) -> DerivedDeck:
        did, title, base, how, *codes = map(as_token, children)
        return cls(pos=pos, id=did, title=title, base=base, how=how, codes=tuple(codes))


@statement_node("suit_names")
class SuitNames(Node):
    tradition: Token
    names: tuple[tuple[Token, Token], ...]
    """(suit code, its name in the tradition)."""

    @classmethod
    def read(cls, pos: Pos, children: Children) -> SuitNames:
        tradition, *rest = map(as_token, children)
        return cls(pos=pos, tradition=tradition, names=tuple(zip(rest[::2], rest[1::2])))


@statement_node("pack")
class Pack(Node):
    deck: Token
    players: Token | None
    """`when players N`: the table this pack is for, or None for any."""

    @classmethod
    def read(cls, pos: Pos, children: Children) -> Pack:
        deck, *players = map(as_token, children)
        return cls(pos=pos, deck=deck, players=players[0] if players else None)


@statement_node("phases")
class Phases(Node):
    names: tuple[Token, ...]
    """The phase words, in order (`contract_choice` for "contract choice")."""

    @classmethod
    def read(cls, pos: Pos, children: Children) -> Phases:
        return cls(pos=pos, names=tuple(map(as_token, children)))


@statement_node("first_dealer")
class FirstDealer(Node):
    extreme: Token
    """"highest" or "lowest"."""


@statement_node("first_dealer_rank")
class FirstDealerRank(Node):
    rank: Token


@statement_node("draw_ties")
class DrawTies(Node):
    tie: Token
    """"redraw" or "by_suit_order"."""


@statement_node("cut")
class Cut(Node):
    side: Token


@statement_node("eldest_next")
class EldestNext(Node):
    pass


@statement_node("eldest_dealer")
class EldestDealer(Node):
    pass


@dataclass(frozen=True)
class DealPacket:
    """One packet of `deal ...` as written: `3 each`, `1 each until 13`, `1 each until all cards are
    dealt`, `2 to talon` or `1 face up`."""

    pos: Pos
    kind: str
    """"each" | "talon" | "upcard"."""
    count: Token
    until: Token | None = None
    to_end: bool = False
    """`until all cards are dealt`: round and round until the pack is used up."""


_PACKET_KINDS = {"packet_each": "each", "packet_each_to_end": "each", "packet_talon": "talon",
                 "packet_upcard": "upcard"}


@statement_node("deal")
class Deal(Node):
    packets: tuple[DealPacket, ...]

    @classmethod
    def read(cls, pos: Pos, children: Children) -> Deal:
        packets = []
        for child in map(as_tree, children):
            count, *until = map(as_token, child.children)
            packets.append(DealPacket(Pos.of(child.meta), _PACKET_KINDS[str(child.data)], count,
                                      until[0] if until else None, child.data == "packet_each_to_end"))
        return cls(pos=pos, packets=tuple(packets))


@statement_node("dealer_rotation")
class DealerRotation(Node):
    """`dealer passes left after every deal`, `dealer passes left after every 7 deals`."""

    side: Token
    """"next", "left", "right" or "opposite"."""
    every: Token | None = None
    """`after every N deals`: how many deals one dealer deals in a row; None for `every deal`."""

    @classmethod
    def read(cls, pos: Pos, children: Children) -> DealerRotation:
        side, *every = map(as_token, children)
        return cls(pos=pos, side=side, every=every[0] if every else None)
