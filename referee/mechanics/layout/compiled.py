"""A layout contract's rules as the tables its phase runs on."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...engine.table import Table
from ...model.game import Contract
from .rules import LayoutRules

__all__ = ["LayoutTables", "compile_layout"]


@dataclass(frozen=True)
class LayoutTables:
    start: int | None
    """Rank order of the starting rank (None when a player names it with the contract)."""
    clauses: tuple[str, ...]
    """The clauses of the starting rank and of how columns grow (cited when a card cannot go)."""
    pass_clause: str | None
    """The clause of `pass only when unable`, or None when a player may always pass."""
    skip_clause: str | None
    """The clause of `skip players unable to start`, or None: a player unable to open passes."""
    ends_at_place: tuple[int, str] | None
    """(places, clause): the deal ends once that many players have gone out."""
    finish: tuple[tuple[int, ...], str] | None
    """(points by place, clause) of `score by finishing order`."""
    cards: tuple[tuple[int, int, int | None, int | None], ...]
    """Per card, (suit, rank, the card of its suit one rank below, the one above), None at either
    end of the ranks: the cards a column grows by once the card is placed."""
    openers: tuple[bytes, ...]
    """By rank order, 1 for each card of that rank: the cards a layout starting with it may
    open with."""


def compile_layout(table: Table, contract: Contract, contracts: Mapping[str, Contract]) -> LayoutTables:
    """The tables of a contract that plays layout; `contracts` are the game's, for the finishing
    scores of those it combines."""
    rules = contract.rules.layout or LayoutRules()
    start = rules.start.value if rules.start is not None else None
    at = {(suit, rank): card for card, (suit, rank) in enumerate(zip(table.suit_of, table.rank_of))}
    place = (rules.ends_at_place.value, rules.ends_at_place.clause) if rules.ends_at_place is not None else None
    rank = table.deck.rank(start.rank) if start is not None and start.rank is not None else None
    owners = (contract, *(contracts[part.value] for part in contract.combines))
    finish = next((laid.finish for laid in (c.rules.layout for c in owners) if laid is not None and laid.finish is not None),
                  None)
    return LayoutTables(
        start=rank.order if rank is not None else None,
        clauses=tuple(c.clause for c in (rules.start, rules.build) if c),
        pass_clause=rules.pass_only_when_unable.clause
        if rules.pass_only_when_unable is not None and rules.pass_only_when_unable.value else None,
        skip_clause=rules.skip_unable_to_start.clause if rules.skip_unable_to_start is not None else None,
        ends_at_place=place,
        finish=(finish.value, finish.clause) if finish is not None else None,
        cards=tuple((suit, rank, at.get((suit, rank - 1)), at.get((suit, rank + 1)))
                    for suit, rank in zip(table.suit_of, table.rank_of)),
        openers=tuple(bytes(r == opener for r in table.rank_of) for opener in range(max(table.rank_of) + 1)),
    )
