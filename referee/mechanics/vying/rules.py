"""The model record of a vying game (`Game.vying`): its antes, blinds, betting limits, hands and
bonuses as frozen values, each keeping the clause that states it for the verdicts that cite it.

Each choice a statement offers is an enum whose values are the words of the rules language
(`OpenFloor.LARGEST_STAKE` is written `open at least largest stake`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ...model.values import Cited

__all__ = ["AnteWho", "BlindSeat", "SizeKind", "OpenFloor", "PassEffect", "BetSeat", "RaiseSize", "EndCondition",
           "ShortChoice", "AllInOpen", "AllInWin", "Excess", "SidePotRule", "PotFate", "HandPattern", "ShowingWho",
           "SuitOwnerRule", "Meeting", "SessionUnit", "SessionLength", "Ante", "BlindSize", "Blind", "HandRank", "Bonus", "VyingModel"]


class AnteWho(Enum):
    """Who antes: `ante 1 from dealer`, `ante 1 from each player`."""

    DEALER = "dealer"
    EACH_PLAYER = "each player"


class BlindSeat(Enum):
    """Who makes a blind bet: the first by the eldest, each later one by the next player (or by
    each next player in turn up to the dealer)."""

    ELDEST = "eldest"
    NEXT_PLAYER = "next player"
    EACH_NEXT_UP_TO_DEALER = "each next player up to dealer"


class SizeKind(Enum):
    """What a blind stakes: the pot, a number of chips, or a multiple of the pot or of the last blind."""

    POT = "pot"
    CHIPS = "chips"
    TIMES_POT = "times pot"
    TIMES_LAST_BLIND = "times last blind"


_POT, _CHIPS, _TIMES_POT = SizeKind.POT, SizeKind.CHIPS, SizeKind.TIMES_POT
"""As module names for `BlindSize.chips`: a member looked up on its enum class costs ten times as much."""


class OpenFloor(Enum):
    """The least a player must bring his stake to when he opens."""

    LARGEST_STAKE = "largest stake"
    POT = "pot"


class PassEffect(Enum):
    """What a pass before anyone has opened does to the player."""

    MAY_COME_IN_LATER = "may come in later"
    DROPS_OUT = "drops out"


class BetSeat(Enum):
    """A seat `first bet by` may name (the first of the list that exists in a deal speaks first)."""

    ELDEST = "eldest"
    AFTER_LAST_BLIND = "player after last blind"


class RaiseSize(Enum):
    ANY_AMOUNT = "any amount"
    AT_MOST_POT = "at most pot"
    """The raise itself at most the pot after calling."""


class EndCondition(Enum):
    """When the betting ends (with `betting ends when two are left and one calls` besides, a
    rule of its own: `VyingModel.two_left_call_ends`)."""

    ALL_CALLED = "all have called"
    NONE_RAISES_AGAIN = "all have called and none raises again"


class ShortChoice(Enum):
    """What a player who cannot match the largest stake may do."""

    MAY_GO_ALL_IN = "may go all in"
    MUST_FOLD = "must fold"


class AllInOpen(Enum):
    """Whether a player who cannot match the largest stake may open (with all he has)."""

    MAY_NOT_OPEN_OR_RAISE = "may not open or raise"
    MAY_OPEN_FOR_LESS = "may open for less"


class AllInWin(Enum):
    """What an all-in player can win."""

    HIS_STAKE_FROM_EACH = "at most his stake from each player"
    WHOLE_POT = "whole pot"


class Excess(Enum):
    """What becomes of the stakes above an all-in player's."""

    FORM_SIDE_POTS = "form side pots"
    GO_BACK = "go back"


class SidePotRule(Enum):
    """Who wins a side pot."""

    WITH_MAIN_POT_SUIT = "with suit that won main pot"
    LIKE_MAIN_POT = "like main pot"


class PotFate(Enum):
    """What becomes of the pot when everybody passes (the first that applies to a deal)."""

    TO_LAST_BLIND = "pot to last blind"
    STAYS = "pot stays"


class HandPattern(Enum):
    """What makes a hand of the showdown's ranking."""

    THREE_OF_TURNED_RANK = "three of a kind of turned rank"
    THREE_OF_A_KIND = "three of a kind"
    PAIR_OF_TURNED_RANK = "pair of turned rank"
    PAIR_WITH = "pair with"
    """A pair of another rank beside the card the hand names (`HandRank.card`)."""
    HIGHEST_SUIT_TOTAL = "highest suit total"
    """The hand of whoever holds none of the others: the pot goes on suit points."""


class ShowingWho(Enum):
    EVERYONE = "everyone shows"
    STILL_IN = "players still in show"


class TieStart(Enum):
    """Where turn order starts when a tie at the showdown is broken."""

    ELDEST = "eldest"
    DEALER = "dealer"


class SessionUnit(Enum):
    """What a timed session is counted in: `session lasts 60 minutes`, `session lasts 20 deals`."""

    MINUTES = "minutes"
    DEALS = "deals"


@dataclass(frozen=True)
class SessionLength:
    """A session played for a fixed time or number of deals (`session lasts 60 minutes`)."""

    count: int
    """Minutes by the clock a transcript records at each deal, or deals played."""
    unit: SessionUnit


class SuitOwnerRule(Enum):
    """Which player a suit goes to at the showdown."""

    HIGHEST_CARD = "its highest card"
    HIGHEST_IN_ANY_HAND = "its highest card even if folded"
    """The holder of its highest card even if folded, folded or not; a suit so held by a player the
    pot is not between belongs to nobody."""
    MOST_POINTS = "most points in it"


class Meeting(Enum):
    """Who pays whom when two holders of bonus hands meet."""

    LOWER_PAYS_HIGHER = "lower pays higher"
    NEITHER_PAYS = "neither pays"


@dataclass(frozen=True)
class Ante:
    who: AnteWho
    chips: int
    clause: str
    unless_carried: bool = False
    """Not paid on a deal that starts with a pot carried over from one everybody passed."""


@dataclass(frozen=True)
class BlindSize:
    kind: SizeKind
    number: int = 1

    def chips(self, pot: int, last_blind: int) -> int:
        """The chips this blind stakes with `pot` on the table after a blind of `last_blind`."""
        kind = self.kind
        if kind is _POT:
            return pot
        if kind is _CHIPS:
            return self.number
        return self.number * (pot if kind is _TIMES_POT else last_blind)


@dataclass(frozen=True)
class Blind:
    name: str
    title: str
    by: BlindSeat
    size: BlindSize
    clause: str


@dataclass(frozen=True)
class HandRank:
    name: str
    title: str
    pattern: HandPattern
    clause: str
    card: str | None = None
    """For `HandPattern.PAIR_WITH`: the code of the card that makes the pair a hand."""


@dataclass(frozen=True)
class Bonus:
    hand: str
    chips: int
    on_cancelled_deal: bool
    clause: str


@dataclass(frozen=True)
class VyingModel:
    """Every statement of the blinds, betting and showdown of a vying game."""

    antes: tuple[Ante, ...] = ()
    blinds: tuple[Blind, ...] = ()
    blinds_final: Cited[bool] | None = None
    buy_back: Cited[BlindSize] | None = None
    """After a later blind, the blind bettor before it may stake this to speak last instead."""
    opening: Cited[OpenFloor] | None = None
    pass_before_open: Cited[PassEffect] | None = None
    first_bet: Cited[tuple[BetSeat, ...]] | None = None
    """Seats tried in order; the list ends with `BetSeat.ELDEST`."""
    raise_limit: Cited[RaiseSize] | None = None
    betting_end: Cited[EndCondition] | None = None
    two_left_call_ends: Cited[bool] | None = None
    stake_limit: Cited[bool] | None = None
    short_stake: Cited[ShortChoice] | None = None
    all_in_opening: Cited[AllInOpen] | None = None
    all_in_winnings: Cited[AllInWin] | None = None
    stakes_above: Cited[Excess] | None = None
    side_pot_winner: Cited[SidePotRule] | None = None
    broken_player: Cited[bool] | None = None
    """A broken player leaves his seat (the value: unless the session is timed)."""
    session: Cited[SessionLength] | None = None
    """The session is timed: played for this many minutes or deals."""
    rebuy: Cited[int] | None = None
    """The chips a broken player who may not leave buys before the next deal."""
    pass_out: Cited[tuple[PotFate, ...]] | None = None
    """Fates tried in order; the list ends with `PotFate.STAYS`."""
    hands: tuple[HandRank, ...] = ()
    hand_order: Cited[bool] | None = None
    showing: Cited[ShowingWho] | None = None
    folded_hands: Cited[bool] | None = None
    """Whether folded hands count in the suit totals."""
    turned_card: Cited[bool] | None = None
    """Whether the turned card counts in its suit's total."""
    suit_owner: Cited[SuitOwnerRule] | None = None
    ties: Cited[TieStart] | None = None
    """Ties are won by the first in turn order from this seat."""
    level_fold: Cited[bool] | None = None
    """A player level with the largest stake may not fold."""
    lone_raise: Cited[bool] | None = None
    """The one player still able to bet may not raise (nobody could call it)."""
    bonuses: tuple[Bonus, ...] = ()
    bonus_meeting: Cited[Meeting] | None = None
    bonuses_at_showdown: Cited[bool] | None = None
    """Bonuses are not paid on a deal that ends without a showdown."""
    stock_draw: Cited[tuple[str, str]] | None = None
    """(hand, hand it is against): at the showdown the holder may turn up a card of the stock."""
    stock_draw_top: Cited[bool] | None = None
    """Only the top card of the stock may be turned up."""
    drawn_paid_only: Cited[bool] | None = None
    """A hand made by the draw is paid as such, but does not play for the pot."""
    drawn_loses_ties: Cited[bool] | None = None
    """A hand made by the draw loses to the same hand dealt."""

    @property
    def active(self) -> bool:
        return bool(self.antes)

    @property
    def broken_stays(self) -> bool:
        """A broken player may not leave: the session is timed and he leaves only when it is not."""
        return self.session is not None and self.broken_player is not None and self.broken_player.value
