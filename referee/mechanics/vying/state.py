"""The state of the betting in one deal of a vying game: the chips, the stakes and who is still in."""

from __future__ import annotations

from dataclasses import dataclass, field

from .compiled import Held, RankedHand, VyingRules

__all__ = ["BettingState", "StockDrawState", "seats_of"]


def seats_of(mask: int) -> set[int]:
    """The seats of a bit mask of seats."""
    return {s for s in range(mask.bit_length()) if mask >> s & 1}


@dataclass(slots=True, eq=False)
class StockDrawState:
    """The draw from the stock at the showdown (`hand A may draw from stock against B`): made
    when it starts, so a deal without one builds none of its lists."""

    drawers: list[int]
    """Players still to decide on a draw from the stock, in turn order."""
    drawn: list[tuple[int, int]] = field(default_factory=list)
    """(seat, card) of each card turned up from the stock."""
    paid_as: dict[int, RankedHand] = field(default_factory=dict)
    """Under `drawn hand is paid only`: the hand each lucky drawer is paid as (he plays his own)."""


@dataclass(slots=True, eq=False)
class BettingState:
    """The chips and stakes of a deal, from the antes to the showdown.

    Sets of seats (folded, all in, passed, acted, owed a second chance) are bit masks, and the
    largest stake with the seats that hold it is kept up to date as chips go in, so that each
    betting action costs a few integer operations whatever the number of players."""

    rules: VyingRules
    chips: list[int]
    """The chips still in front of each player."""
    chips_at_start: tuple[int, ...]
    """The chips in front of each player before the antes: bonuses are paid from what he has left."""
    stake: list[int]
    """The chips each player has put in this deal."""
    staked_under: list[tuple[int, str]]
    """(seat, clause) of each ante and blind that put chips in, in order (see `stake_clauses`)."""
    carry: int
    """A pot carried over from a deal nobody played."""
    upcards: list[int]
    """The cards turned face up, which belong to nobody."""
    dealt: list[list[int]]
    """The hands as dealt, read at the showdown (folded hands count too): the deal's own hands,
    which no card leaves in a vying deal."""
    speakers: tuple[int, ...]
    """For each (seat, set of seats as a bit mask): the first seat of the set after that seat in
    turn order (see `betting._speakers`)."""
    everyone: int
    """Every seat, as a mask."""
    staked: int = 0
    """The sum of `stake`."""
    top: int = 0
    """The largest stake."""
    at_top: int = 0
    """The seats whose stake is the largest."""
    folded_mask: int = 0
    all_in_mask: int = 0
    passed_mask: int = 0
    """The seats that passed before anyone opened."""
    acted_mask: int = 0
    """The seats that have acted since the last raise."""
    opened: bool = False
    opener: int | None = None
    """Who opened the betting."""
    called_mask: int = 0
    """The seats that put chips in by a call or a raise."""
    blinders: list[int] = field(default_factory=list)
    """The seats that bet blind, in order."""
    last_blind: int = 0
    """The chips the last blind bettor put in."""
    buying_back: bool = False
    """The blinds' turn is the previous blind bettor's, to buy back (`previous blind bettor may buy
    back ...`) or decline."""
    raiser: int | None = None
    """Who opened or raised last."""
    second_chance: int | None = None
    """The callers still owed one more chance to raise (`... and none raises again`), once all called."""
    pass_out: bool = False
    """Everybody passed: nobody opened."""
    won_by_fold: int | None = None
    """The one player left when all the others folded."""
    stock: StockDrawState | None = None
    """The draw from the stock at the showdown, once some player may draw (None before, and in
    the deals where nobody may)."""
    held: list[Held] | None = None
    """What each seat holds at the showdown, worked out at its first use (`showdown.seat_hands`)."""

    @property
    def pot(self) -> int:
        return self.carry + self.staked

    def stake_clauses(self, seat: int) -> tuple[str, ...]:
        """The clauses under which `seat` put chips in, in the order it first did: its antes and
        blind, the opening, the calls and raises (an opener calls or raises only after opening)."""
        rules = self.rules
        found = [clause for who, clause in self.staked_under if who == seat]
        if seat == self.opener and rules.open_clause:
            found.append(rules.open_clause)
        if self.called_mask >> seat & 1 and rules.call_clause:
            found.append(rules.call_clause)
        return tuple(dict.fromkeys(found))

    @property
    def pot_goes_to_last_blind(self) -> bool:
        """The first fate of `everyone passes: ...` that applies to this deal is `pot to last
        blind` (the list ends with `pot stays`, checked when the file loads)."""
        return self.rules.pass_out_to_blind and bool(self.blinders)

    @property
    def carried(self) -> int:
        """The chips this deal leaves on the table for the next: the pot, when everybody passed
        and it stays."""
        return self.pot if self.pass_out and not self.pot_goes_to_last_blind else 0

    @property
    def folded(self) -> set[int]:
        return seats_of(self.folded_mask)

    @property
    def all_in(self) -> set[int]:
        return seats_of(self.all_in_mask)
