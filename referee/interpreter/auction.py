"""Auction games compiled for play: the model's `AuctionRules` (the bid ladder, bids off it, the
talon, the declaration, the defence, contract values and settle rules), each with its clause."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model.game import Game

if TYPE_CHECKING:  # a game without an auction never loads the auction's model (see __getattr__)
    from ..model.auction import AuctionRules, Settle

__all__ = ["AuctionRules", "Settle", "compile_auction"]


def __getattr__(name: str):
    if name in ("AuctionRules", "Settle"):
        from ..model import auction
        return getattr(auction, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def compile_auction(game: Game) -> AuctionRules | None:
    """The auction rules the deals of `game` run, or None for a game without an auction. The
    model's record is already plain frozen values, so nothing needs compiling."""
    if game.phases is None or "auction" not in game.phases.value:
        return None
    return game.auction
