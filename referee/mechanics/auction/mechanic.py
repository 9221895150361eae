"""The four phases of an auction game, declared: the auction, the talon exchange, the declaration
and the defence, each with its statements, what it needs and its phase runners. They share one
model record (`Game.auction`), one compiled table and one state per deal; the game check runs
once (with the auction)."""

from __future__ import annotations

from ..declaration import Mechanic, Need
from ..vocabulary import PhaseWord
from .build import BUILDERS
from .check import TITLES, check_auction
from .phase import AUCTION_RUNNERS, DECLARATION_RUNNERS, DEFENCE_RUNNERS, TALON_RUNNERS

__all__ = ["AUCTION", "TALON_EXCHANGE", "DECLARATION", "DEFENCE"]


def _need(write: str, *kinds: str) -> Need:
    return Need(frozenset(kinds), write)


AUCTION = Mechanic(
    name=PhaseWord.AUCTION,
    title=TITLES[PhaseWord.AUCTION],
    builders=dict(BUILDERS[PhaseWord.AUCTION]),
    needs=(_need("bid ladder 2 spades, 3 hearts", "bid_ladder", "bid_grid"),
           _need("first bid by eldest", "first_bid"),
           _need("each bid is the next step", "bid_next_step", "bid_any_higher"),
           _need("passed players may not bid again", "pass_final", "pass_not_final"),
           _need("all passing: nothing is written", "pass_out_writes", "pass_out_nothing", "pass_out_plays"),
           _need("declarer needs at least 6 tricks", "declarer_target", "target_of_level"),
           _need("if made: declarer writes points minus value", "settle")),
    irregularities=("illegal_bid",),
    check=check_auction,
    phases=AUCTION_RUNNERS,
)

TALON_EXCHANGE = Mechanic(
    name=PhaseWord.TALON_EXCHANGE,
    title=TITLES[PhaseWord.TALON_EXCHANGE],
    builders=dict(BUILDERS[PhaseWord.TALON_EXCHANGE]),
    needs=(_need("declarer takes the talon and discards 2", "talon_take"),
           _need("talon shown", "talon_shown", "talon_hidden")),
    irregularities=("illegal_card",),
    phases=TALON_RUNNERS,
)

DECLARATION = Mechanic(
    name=PhaseWord.DECLARATION,
    title=TITLES[PhaseWord.DECLARATION],
    builders=dict(BUILDERS[PhaseWord.DECLARATION]),
    needs=(_need("declarer may name any contract at least as high as his bid", "declare_at_least_bid",
                 "declare_bid"),),
    irregularities=("illegal_bid",),
    phases=DECLARATION_RUNNERS,
)

DEFENCE = Mechanic(
    name=PhaseWord.DEFENCE,
    title=TITLES[PhaseWord.DEFENCE],
    builders=dict(BUILDERS[PhaseWord.DEFENCE]),
    needs=(_need("each defender may decline", "defence_may_decline", "defence_must"),),
    phases=DEFENCE_RUNNERS,
)
