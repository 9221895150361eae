"""The three phases of a vying game, declared: the blinds, the betting and the showdown, each
with its statements, what it needs and its phase. They share one model record (`Game.vying`),
one compiled table and one state per deal, and the game check runs once (with the betting)."""

from __future__ import annotations

from ...i18n import N_
from ..declaration import Mechanic, Need
from ..vocabulary import PhaseWord
from .betting import BETTING, BLINDS
from .build import BUILDERS
from .check import check_vying
from .stock_draw import STOCK_DRAW

__all__ = ["BLINDS_MECHANIC", "BETTING_MECHANIC", "SHOWDOWN_MECHANIC"]


def _need(write: str, kind: str) -> Need:
    return Need(frozenset({kind}), write)


BLINDS_MECHANIC = Mechanic(
    name=PhaseWord.BLINDS,
    title=N_("the blind bets"),
    builders=dict(BUILDERS["blinds"]),
    needs=(_need('blind first "first blind" by eldest stakes pot', "blind"),
           _need("blinds are final", "blinds_final")),
    irregularities=("blind_taken_back",),
    phases=(BLINDS,),
)

BETTING_MECHANIC = Mechanic(
    name=PhaseWord.BETTING,
    title=N_("the betting"),
    builders=dict(BUILDERS["betting"]),
    needs=(_need("ante 1 from dealer", "ante"), _need("open at least largest stake", "opening"),
           _need("pass before open may come in later", "pass_before_open"),
           _need("first bet by eldest", "first_bet"), _need("raise by any amount", "raise_limit"),
           _need("betting ends when all have called", "betting_end"),
           _need("stakes at most chips in front", "stake_limit"),
           _need("short player may go all in", "short_stake"),
           _need("all in may not open or raise", "all_in_opening"),
           _need("all in wins at most his stake from each player", "all_in_winnings"),
           _need("everyone passes: pot stays", "pass_out"),
           _need("broken player leaves seat", "broken_player")),
    irregularities=("over_stake",),
    check=check_vying,
    phases=(BETTING,),
)

SHOWDOWN_MECHANIC = Mechanic(
    name=PhaseWord.SHOWDOWN,
    title=N_("the showdown"),
    builders=dict(BUILDERS["showdown"]),
    reads=frozenset({"card_points"}),  # a statement of the table (`card points ...`), counted at the showdown
    needs=(_need('hand trips "three of a kind" three of a kind', "hand_rank"),
           _need("hands rank as listed, higher cards first", "hand_order"),
           _need("everyone shows", "showing"), _need("folded hands count", "folded_hands"),
           _need("turned card counts", "turned_card"),
           _need("suit won by player holding its highest card", "suit_owner"),
           _need("ties won by first from eldest", "showdown_ties")),
    phases=(STOCK_DRAW,),
)
