"""The table for one match: seats in turn order and the pack compiled to small integers.

Seats are numbered 0..n-1 in the direction of play, so "the next player" is always seat + 1;
`left` and `right` are mapped through the game's direction. Cards become integer IDs
(suit-major, rank-minor) so that simulation loops compare ints, not objects.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import UsageError
from ..model.cards import Card
from ..model.game import Game

__all__ = ["Table", "Action", "PASS"]

PASS = -1
"""The move ID of a pass."""
_CHOOSE = -1000
"""Move IDs at and below this choose a contract: _CHOOSE - index."""


@dataclass(frozen=True)
class Action:
    """One action at the table, written as in transcripts: `play QH`, `pass`, `choose no_king`."""

    kind: str
    """"play", "pass" or "choose"."""
    card: str | None = None
    contract: str | None = None

    def __str__(self) -> str:
        if self.kind == "play":
            return f"play {self.card}"
        if self.kind == "choose":
            return f"choose {self.contract}"
        return self.kind

    @classmethod
    def parse(cls, text: str) -> "Action":
        words = text.split()
        if words[:1] == ["pass"] and len(words) == 1:
            return cls("pass")
        if len(words) == 2 and words[0] == "play":
            return cls("play", card=words[1])
        if len(words) == 2 and words[0] == "choose":
            return cls("choose", contract=words[1])
        raise UsageError(f"cannot read the action {text!r}; write `play QH`, `pass` or `choose CONTRACT`")


class Table:
    """Seating and the compiled pack for a match of `game` with `players` players."""

    def __init__(self, game: Game, players: int) -> None:
        if game.players is None or players not in game.players.value:
            allowed = ", ".join(map(str, game.players.value)) if game.players else "?"
            raise UsageError(f"{game.id} is played by {allowed} players, not {players}")
        self.game = game
        self.players = players
        self.deck = game.pack_for(players)
        self.cards: tuple[Card, ...] = self.deck.cards
        self.index = {card: i for i, card in enumerate(self.cards)}
        self.by_code = {card.code: i for i, card in enumerate(self.cards)}
        self.suit_codes = tuple(s.code for s in self.deck.suits)
        suit_pos = {code: i for i, code in enumerate(self.suit_codes)}
        self.suit_of = tuple(suit_pos[c.suit] for c in self.cards)
        self.rank_of = tuple(c.rank.order for c in self.cards)
        self.nranks = len(self.deck.ranks)
        self.clockwise = game.direction is None or game.direction.value == "clockwise"
        self.contract_ids = tuple(game.contracts)

    def next(self, seat: int, steps: int = 1) -> int:
        return (seat + steps) % self.players

    def neighbour(self, seat: int, side: str) -> int:
        """The player on `seat`'s left or right (or the next one)."""
        forward = side == "next" or (side == "left") == self.clockwise
        return self.next(seat, 1 if forward else -1)

    def code(self, card: int) -> str:
        return self.cards[card].code

    def card_id(self, code: str) -> int | None:
        return self.by_code.get(code)

    def cards_of(self, cardset) -> frozenset[int]:
        return frozenset(self.index[c] for c in cardset.cards if c in self.index)

    # moves <-> actions
    def choose_move(self, contract: str) -> int:
        return _CHOOSE - self.contract_ids.index(contract)

    def action(self, move: int) -> Action:
        if move == PASS:
            return Action("pass")
        if move <= _CHOOSE:
            return Action("choose", contract=self.contract_ids[_CHOOSE - move])
        return Action("play", card=self.code(move))

    def move(self, action: Action) -> int | None:
        """The move ID of an action, or None if it names no card or contract of this game."""
        if action.kind == "pass":
            return PASS
        if action.kind == "choose":
            return self.choose_move(action.contract) if action.contract in self.contract_ids else None
        return self.card_id(action.card or "")
