"""The one vocabulary of phases: the words of `deal phases` in the rules file (`PhaseWord`), the
phases a deal is in at run time (`Phase`), and the one map from each phase to the word it runs
under (`Phase.word`). It imports nothing, so that a model record (a contract's `plays`, the
table's `phases`) can name a phase without the interfaces of `referee.mechanics.base`, which
import the model."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["PhaseWord", "Phase"]


class PhaseWord(StrEnum):
    """A word of `deal phases` (`deal phases contract choice, play`): a phase as the rules file
    lists it, each the name of the mechanic that runs it. Most are one run-time `Phase` of the same
    value; `play` runs as `Phase.TRICKS` or `Phase.LAYOUT` (as each contract `plays`), `showdown`
    as `Phase.STOCK_DRAW` (when a card is turned up) and then settles, and `auction` and `defence`
    take in the contest and the kontra (`Phase.word` maps them)."""

    PASSING = "passing"
    CONTRACT_CHOICE = "contract_choice"
    DOUBLING = "doubling"
    AUCTION = "auction"
    TALON_EXCHANGE = "talon_exchange"
    DECLARATION = "declaration"
    DEFENCE = "defence"
    BLINDS = "blinds"
    BETTING = "betting"
    PLAY = "play"
    SHOWDOWN = "showdown"

    # As `Phase` does: a word keys the same dicts and sets its string does.
    __hash__ = str.__hash__


class Phase(StrEnum):
    """The phase a deal is in at run time. Where the rules file has a word for it (`deal phases
    passing, contract choice, ...`), the value is that word; `word` gives the `PhaseWord` each
    phase runs under (a contract `plays tricks` or `plays layout` in the `play` phase)."""

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
    def word(self) -> PhaseWord | None:
        """The word of `deal phases` this phase runs under (None once the deal is over)."""
        return _WORDS[self]


_WORDS: dict[Phase, PhaseWord | None] = {
    **{phase: PhaseWord(phase.value) for phase in Phase if phase.value in set(PhaseWord)},
    Phase.CONTEST: PhaseWord.AUCTION, Phase.KONTRA: PhaseWord.DEFENCE, Phase.TRICKS: PhaseWord.PLAY,
    Phase.LAYOUT: PhaseWord.PLAY, Phase.STOCK_DRAW: PhaseWord.SHOWDOWN, Phase.OVER: None}
"""The one map from the run-time phases to the rules file's words: every phase, once."""
