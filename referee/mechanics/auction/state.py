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
    passed_before: int = 0
    """Deals everybody passed in a row right before this one (the match's count)."""
    # The rest starts the same in every deal: set by `__init__` without a parameter each, so
    # that the state of a new deal is made in as few steps as its fields.
    level: int | None = field(init=False, default=None)
    """Ladder index of the highest number bid so far."""
    high_bidder: int | None = field(init=False, default=None)
    passes_in_row: int = field(init=False, default=0)
    passed: set[int] = field(init=False, default_factory=set)
    spoken: set[int] = field(init=False, default_factory=set)
    said: list[Said] = field(init=False, default_factory=list)
    """The bids off the ladder, in the order they were said."""
    contest_games: dict[int, int] = field(init=False, default_factory=dict)
    """After several bids off the ladder: the contract move each of their bidders named."""
    bound: dict[int, int] = field(init=False, default_factory=dict)
    """Seat -> the ladder step he bid that binds him (misère): he may only pass now."""
    half_defended: bool = field(init=False, default=False)
    """The last defender half-whisted: the deal is not played."""
    declared: int | None = field(init=False, default=None)
    """On a ladder of levels: the step the declarer named (its level is what he needs)."""
    from_hand: bool = field(init=False, default=False)
    won_by_special: bool = field(init=False, default=False)
    discarded: tuple[int, ...] = field(init=False, default=())
    all_passed: bool = field(init=False, default=False)
    defence_answers: dict[int, bool] = field(init=False, default_factory=dict)
    undefended: bool = field(init=False, default=False)
    open_choice: bool = field(init=False, default=False)
    """The answers are in, one defends alone, and he is to say whether he plays with open cards."""
    to_double: list[int] = field(init=False, default_factory=list)
    """The defenders still to answer in this round of doubling."""
    doublings: int = field(init=False, default=0)
    """How many times the contract was doubled (kontra, rekontra, ...)."""
