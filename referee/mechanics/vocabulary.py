"""The one vocabulary of phases (`Phase`): the words a deal's phases go by, in the rules file
and at run time. It imports nothing, so that a model record (a contract's `plays`) can name a
phase without the interfaces of `referee.mechanics.base`, which import the model."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Phase"]


class Phase(StrEnum):
    """The phase a deal is in: the one vocabulary of phases. Where the rules file has a word for
    it (`deal phases passing, contract choice, ...`), the value is that word; `word` gives the
    rules-file word of the others (a contract `plays tricks` or `plays layout` in the `play`
    phase)."""

    PASSING = "passing"
    CONTRACT_CHOICE = "contract_choice"
    DOUBLING = "doubling"
    """Doubling between players, once the contract is named."""
    AUCTION = "auction"
    TALON_EXCHANGE = "talon_exchange"
    DECLARATION = "declaration"
    CONTEST = "contest"
    """After bids off the ladder: who plays which of them (part of the auction)."""
    DEFENCE = "defence"
    KONTRA = "kontra"
    """Doubling the contract (kontra, rekontra, ...), part of the defence."""
    BLINDS = "blinds"
    BETTING = "betting"
    STOCK_DRAW = "stock_draw"
    """At the showdown: a player turns up a card of the stock (part of the showdown)."""
    TRICKS = "tricks"
    LAYOUT = "layout"
    OVER = "over"
    """The deal is over: nothing more may be done in it."""

    # Hash as the word does (Enum's own __hash__ is a Python call): phases key the registries
    # looked up on every move.
    __hash__ = str.__hash__

    @property
    def word(self) -> str | None:
        """The phase word of `deal phases` this phase runs under (None once the deal is over)."""
        return _WORDS.get(self, self.value)


_WORDS: dict[Phase, str | None] = {Phase.CONTEST: "auction", Phase.KONTRA: "defence", Phase.TRICKS: "play",
                                   Phase.LAYOUT: "play", Phase.STOCK_DRAW: "showdown",
                                   Phase.OVER: None}
