"""Auction games compiled for play: the model's `AuctionRules` (the bid ladder, bids off it, the
talon, the declaration, the defence, contract values and settle rules), each with its clause,
and the tables its deals look up (`auction_tables.CompiledAuction`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model.game import Game

if TYPE_CHECKING:  # a game without an auction never loads the auction's model (see __getattr__)
    from ..model.auction import AuctionRules, Settle
    from .auction_tables import CompiledAuction

__all__ = ["AuctionRules", "Settle", "compile_auction"]


def __getattr__(name: str):
    if name in ("AuctionRules", "Settle"):
        from ..model import auction
        return getattr(auction, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def compile_auction(game: Game, table, contracts) -> CompiledAuction | None:
    """The auction rules the deals of `game` run at `table`, with the compiled `contracts`, or
    None for a game without an auction."""
    if game.phases is None or "auction" not in game.phases.value:
        return None
    from .auction_tables import compile_tables
    return compile_tables(game, table, contracts)
