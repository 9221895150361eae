"""Cards, ranks, suits and decks as declared by a rules file: small frozen values."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Suit", "Rank", "Card", "Deck", "CardSet"]


@dataclass(frozen=True, order=True)
class Rank:
    """A rank of a deck."""

    order: int
    """Position from the lowest rank (0) upwards; compares cards within a suit."""
    code: str = field(compare=False)
    """Written form in card notation: "10", "Q"."""

    def __repr__(self) -> str:
        return f"Rank({self.order!r}, {self.code!r})"


@dataclass(frozen=True)
class Suit:
    """A suit of a deck."""

    code: str
    """Written form in card notation: "H"."""
    name: str
    """English name: "hearts"."""
    symbol: str
    """Printed symbol: "♥"."""


@dataclass(frozen=True, order=True)
class Card:
    """One card. Ordered by suit then rank, which is the order hands are shown in."""

    suit: str
    """Suit code."""
    rank: Rank
    """Rank (with its order in the deck)."""

    @property
    def code(self) -> str:
        return f"{self.rank.code}{self.suit}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.suit!r}, {self.rank!r})"


@dataclass(frozen=True)
class Deck:
    """A pack of cards as a rules file declares it: suits, and ranks from low to high."""

    id: str
    title: str
    suits: tuple[Suit, ...]
    ranks: tuple[Rank, ...]
    clause: str
    """The clause that declares the deck."""
    suit_names: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    """Names of the suits in other traditions: (tradition, ((code, name), ...))."""
    removed: tuple[str, ...] = ()
    """Cards taken out of the pack, by code (`= standard without card 2D`): not in `cards`."""

    @property
    def cards(self) -> tuple[Card, ...]:
        every = tuple(Card(s.code, r) for s in self.suits for r in self.ranks)
        if not self.removed:
            return every
        return tuple(card for card in every if card.code not in self.removed)

    def rank(self, code: str) -> Rank | None:
        for rank in self.ranks:
            if rank.code == code:
                return rank
        return None

    def suit(self, code: str) -> Suit | None:
        for suit in self.suits:
            if suit.code == code:
                return suit
        return None

    def card(self, code: str) -> Card | None:
        """The card written `code` ("QH", "10S"), or None if this deck has no such card."""
        for suit in self.suits:
            if code.endswith(suit.code) and len(code) > len(suit.code):
                rank = self.rank(code[: -len(suit.code)])
                if rank is not None and code not in self.removed:
                    return Card(suit.code, rank)
        return None


@dataclass(frozen=True)
class CardSet:
    """A set of cards resolved against the deck."""

    cards: frozenset[Card]
    text: str
    """As written in the rules file, for messages."""

    def __contains__(self, card: Card) -> bool:
        return card in self.cards
