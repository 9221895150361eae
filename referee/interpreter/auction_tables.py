"""The auction rules of a game compiled for play: the model's `AuctionRules` together with the
tables its phases and its settling read, worked out once per game and table.

A deal looks a move list or a settle rule up here instead of deriving it from the rules at every
move (a deal of an auction game makes a handful of bids and answers and settles once, so the
deriving would cost more than the moves themselves). Imported only for a game with an auction.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from ..model.auction import AuctionRules
from ..verdicts import ScoreLine
from .bidding import bid_tables
from .settlement import ContractSettlement, fixed_lines, settle_plans

__all__ = ["CompiledAuction", "compile_tables"]


@dataclass(frozen=True)
class CompiledAuction(AuctionRules):
    """`AuctionRules` (every field of the model's record, read as before) and the tables below."""

    has_talon_exchange: bool = False
    has_declaration: bool = False
    has_defence: bool = False
    bid_options: tuple[tuple[tuple[int, ...], ...], ...] = ()
    """The moves of the auction by the ladder step a number bid may start from (0 to the length of
    the ladder, past its top), then by which bids off the ladder the seat may say: all, those
    not limited to a first turn, or none."""
    hold_options: tuple[tuple[tuple[int, ...], ...], ...] = ()
    """The moves of an earlier bidder facing a later one's number, by that number's ladder step:
    pass or hold it, and the bids off the ladder as above."""
    after_special_options: tuple[tuple[int, ...], ...] = ()
    """The moves after a bid off the ladder (no number may follow), as above."""
    declare_after_special: tuple[int, ...] = ()
    """The contracts a declarer who won with a bid off the ladder may name."""
    declare_after_bid: tuple[tuple[int, ...], ...] = ()
    """By the ladder step of the winning number: the contracts its declarer may name."""
    ladder_step_of: tuple[int, ...] = ()
    """Per contract index of the table: its step on the ladder."""
    defence_moves: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """Per contract: what a defender may answer (defend; or defend or pass)."""
    settlement: dict[str, ContractSettlement] = field(default_factory=dict)
    pass_out_lines: tuple[ScoreLine, ...] = ()
    """Per seat: his line when everyone passes (none when nothing is written)."""
    multiplier_lines: tuple[ScoreLine, ...] = ()
    """Per seat: his line when he uses up a multiplier as declarer."""


def compile_tables(game, table, contracts) -> CompiledAuction:
    rules = game.auction
    model = {f.name: getattr(rules, f.name) for f in fields(AuctionRules)}
    passed, used = fixed_lines(rules, table.players)
    return CompiledAuction(**model, **bid_tables(rules, table, contracts), settlement=settle_plans(rules, game),
                           pass_out_lines=passed, multiplier_lines=used)
