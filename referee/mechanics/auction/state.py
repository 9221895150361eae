"""The state of one deal of an auction game (`Deal.bidding`), from the first bid to the start of
the play, and what the settlement reads of it afterwards."""

from __future__ import annotations

from dataclasses import dataclass, field

from .compiled import CompiledAuction

__all__ = ["Said", "AuctionState"]


@dataclass(frozen=True)
class Said:
    """A bid off the ladder said in the auction: by whom, and which (its index among the game's)."""

    seat: int
    special: int


@dataclass(slots=True)
class AuctionState:
    """Everything the auction, the talon exchange, the declaration, the contest and the defence
    of one deal change; the deal's declarer and defenders are the deal's own (other mechanics
    read them)."""

    rules: CompiledAuction
    first_bidder: int
    held: list[int]
    """Per seat, the multipliers held (the account a `... multiplies the next contract` rule counts in)."""
    written: list[int]
    """Per seat, the multipliers ever written to him, used or not."""
    level: int | None = None
    """Ladder index of the highest number bid so far."""
    high_bidder: int | None = None
    passes_in_row: int = 0
    passed: set[int] = field(default_factory=set)
    spoken: set[int] = field(default_factory=set)
    said: list[Said] = field(default_factory=list)
    """The bids off the ladder, in the order they were said."""
    contest_games: dict[int, int] = field(default_factory=dict)
    """After several bids off the ladder: the contract move each of their bidders named."""
    bound: dict[int, int] = field(default_factory=dict)
    """Seat -> the ladder step he bid that binds him (misère): he may only pass now."""
    half_defended: bool = False
    """The last defender half-whisted: the deal is not played."""
    declared: int | None = None
    """On a ladder of levels: the step the declarer named (its level is what he needs)."""
    from_hand: bool = False
    won_by_special: bool = False
    discarded: tuple[int, ...] = ()
    all_passed: bool = False
    defence_answers: dict[int, bool] = field(default_factory=dict)
    undefended: bool = False
    to_double: list[int] = field(default_factory=list)
    """The defenders still to answer in this round of doubling."""
    doublings: int = 0
    """How many times the contract was doubled (kontra, rekontra, ...)."""
