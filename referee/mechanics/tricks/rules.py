"""The model record of trick play (`TrickRules`, one per contract) and the values it holds."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from ...model.cards import CardSet
from ...model.values import Cited, SeatRef

__all__ = ["Trumps", "DutyKind", "DutyStep", "HeadDuty", "Extreme", "TrickWinner", "ScoreKind", "ScoreRule",
           "AllTaken", "ConditionKind", "Condition", "TrickRules"]


@dataclass(frozen=True)
class Trumps:
    """The trump suit of a contract: a fixed suit (`trumps hearts`), none (`trumps none`), or the
    suit a player names with the contract (`trumps named by declarer`)."""

    suit: str | None = None
    """The suit's code, for a fixed suit."""
    named_by: str | None = None
    """Who names the suit: "declarer", "chooser" or "dealer"."""

    @property
    def any(self) -> bool:
        """Whether the contract has trumps at all."""
        return self.suit is not None or self.named_by is not None


class DutyKind(Enum):
    """What one step of the play duty asks of a player who can do it."""

    FOLLOW = "follow"
    """Follow suit."""
    TRUMP = "trump"
    """Play a trump."""
    DISCARD = "discard"
    """Play a card of a set (`else discard ...`)."""
    ANY = "any"
    """Any card: the last step of every duty."""


@dataclass(frozen=True)
class DutyStep:
    """One step of a play duty, tried in order: follow suit, trump, discard from a set, any card."""

    kind: DutyKind
    cards: CardSet | None = None
    """The cards a `discard` step asks for."""


class HeadDuty(Enum):
    """The duty to head a trick (beat its best card) when following suit."""

    NONE = "none"
    """`no duty to head`."""
    ALWAYS = "always"
    """`must head if able`."""
    ON_TRUMP_LEADS = "on trump leads"
    """`must head if able on trump leads`: only in a trick whose led card is a trump."""


class Extreme(Enum):
    """Which card of the suit led wins a trick nobody trumps."""

    HIGHEST = "highest"
    LOWEST = "lowest"


@dataclass(frozen=True)
class TrickWinner:
    """Which card of a trick wins it: the highest (or lowest) of the suit led, unless trumped."""

    extreme: Extreme
    trumps_win: bool


class ScoreKind(Enum):
    """What a trick score counts."""

    PER_TRICK = "per trick"
    """`score N per trick` (of the last N, or number N)."""
    PER_CARD = "per card"
    """`score N per card of ... taken`."""
    NO_TRICK = "no trick"
    """`score N for no trick`."""
    FEWEST = "fewest"
    """`fewest tricks write N per trick of each other player in ACCOUNT`."""


@dataclass(frozen=True)
class ScoreRule:
    """Points written to a player for what he took in tricks."""

    kind: ScoreKind
    points: int = 0
    cards: CardSet | None = None
    """For `per card`: the cards that score."""
    account: str | None = None
    """The account written (`to ACCOUNT`), or None for the game's main one."""
    last: int | None = None
    """For `per trick`: count only the last `last` tricks of the deal."""
    number: int | None = None
    """For `per trick`: count only trick number `number` of the deal (1 the first)."""


@dataclass(frozen=True)
class AllTaken:
    """Shooting the moon: what a player who takes every scoring card is written instead, and what
    each other player is written."""

    taker: int
    others: int
    cards: CardSet | None = None
    """The moon's cards as the rule names them (`all of ...`); None: every card that scores per
    card against its taker (`every scoring card`)."""


class ConditionKind(Enum):
    """What ends a trick-play deal before its last trick."""

    CARDS_TAKEN = "cards taken"
    """Every card of a set has been taken."""
    DECLARER_TRICKS = "declarer tricks"
    """The declarer has taken a number of tricks."""
    DEFENDERS_TRICKS = "defenders tricks"
    """The defenders have taken a number of tricks."""


@dataclass(frozen=True)
class Condition:
    """A condition that ends a deal early (`deal ends when ...`)."""

    kind: ConditionKind
    cards: CardSet | None = None
    """For CARDS_TAKEN: the cards."""
    count: int = 0
    """For the tricks of the declarer or the defenders: how many."""


@dataclass(frozen=True)
class TrickRules:
    """How one contract is played by tricks and scored (global rules and the contract's own
    merged field by field: `in` replaces a single rule and adds to a list of them)."""

    contract_field: ClassVar[str] = "tricks"
    """The field of `ContractRules` this record fills (`referee.mechanics.declaration.Builder.rule`)."""

    play_duty: Cited[tuple[DutyStep, ...]] | None = None
    trumps: Cited[Trumps] | None = None
    head_duty: Cited[HeadDuty] | None = None
    overtrump_duty: Cited[bool] | None = None
    """True: a player trumping a trick already trumped must overtrump if able."""
    first_lead: Cited[SeatRef] | None = None
    first_lead_card: Cited[bool] | None = None
    """`first lead by holder of 2C, who leads it`: the holder must lead that card to the first trick."""
    talon_leads: Cited[int] | None = None
    """`talon cards lead the first N tricks`: the talon's cards, turned up in turn, set the suit led
    of the first N tricks, which every player follows, the first to play too."""
    trick_winner: Cited[TrickWinner] | None = None
    early_ends: tuple[Cited[Condition], ...] = ()
    lead_restrictions: tuple[Cited[CardSet], ...] = ()
    lead_until_broken: tuple[Cited[CardSet], ...] = ()
    """Cards that may not be led until one of them has been played to a trick."""
    first_trick_bans: tuple[Cited[CardSet], ...] = ()
    """Cards nobody may lead or play to the first trick while holding another playable card."""
    scores: tuple[Cited[ScoreRule], ...] = ()
    all_taken: Cited[AllTaken] | None = None
