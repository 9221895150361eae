"""The table, declared: its statements, what every game must state of it, and its checks."""

from __future__ import annotations

from ...i18n import N_
from ..declaration import Mechanic, Need
from .build import (
    build_cut,
    build_deal,
    build_dealer_rotation,
    build_deck,
    build_derived_deck,
    build_direction,
    build_draw_ties,
    build_eldest_dealer,
    build_eldest_next,
    build_first_dealer,
    build_first_dealer_rank,
    build_pack,
    build_phases,
    build_players,
    build_suit_names,
)
from .check import check_table, require_table
from .syntax import (
    Cut,
    Deal,
    DealerRotation,
    Deck,
    DerivedDeck,
    Direction,
    DrawTies,
    EldestDealer,
    EldestNext,
    FirstDealer,
    FirstDealerRank,
    Pack,
    Phases,
    Players,
    SuitNames,
)

__all__ = ["MECHANIC"]


def _need(write: str, *kinds: str) -> Need:
    return Need(frozenset(kinds), write)


MECHANIC = Mechanic(
    name="table",
    title=N_("the table and the deal"),
    builders={Players: build_players, Direction: build_direction, Deck: build_deck, DerivedDeck: build_derived_deck,
              SuitNames: build_suit_names, Pack: build_pack, Phases: build_phases, FirstDealer: build_first_dealer,
              FirstDealerRank: build_first_dealer_rank, DrawTies: build_draw_ties, Cut: build_cut,
              EldestNext: build_eldest_next, EldestDealer: build_eldest_dealer, Deal: build_deal,
              DealerRotation: build_dealer_rotation},
    # The framework's own statements, which every game may have (its builder reads them): the
    # language reference lists them with the table's.
    reads=frozenset({"parameter", "number_parameter", "check", "irregularity", "contract", "combines"}),
    needs=(_need("players 4", "players"), _need("direction clockwise", "direction"),
           _need("pack standard", "pack"), _need("deal 1 each until 13", "deal"),
           _need("eldest is next after dealer", "eldest_next", "eldest_dealer"),
           _need("first dealer by draw highest", "first_dealer", "first_dealer_rank"),
           _need("dealer passes next after every deal", "dealer_rotation"),
           _need("deal phases contract choice, play", "phases")),
    irregularities=("out_of_turn", "misdeal", "exposed_card", "one_exposed_card"),
    require=require_table,
    check=check_table,
    first_pass=frozenset({Players, Deck, DerivedDeck, SuitNames, Pack}),
)
