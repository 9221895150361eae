"""The layout phase of a deal: place a card that extends a column, or pass when unable."""

from __future__ import annotations

import random
from typing import Protocol

from ...engine.dice import chooser
from ...engine.moves import PASS
from ...engine.table import Action
from ...i18n import N_
from ...verdicts import ScoreLine, Verdict
from ..base import DealCore, Illegal, PhaseRunner
from ..play import rule_on_card
from ..vocabulary import Phase
from .compiled import LayoutTables
from .state import LayoutState

__all__ = ["LayoutDeal", "start_layout", "skip_unable_to_start", "random_layout", "finish_lines", "LAYOUT"]

# A member looked up on its enum class costs several times a module name (Python 3.11's
# EnumType.__getattr__): random play asks for this one on every move.
_LAYOUT = Phase.LAYOUT


class LayoutDeal(DealCore, Protocol):
    layout: LayoutState | None
    history: list[tuple[int, int]]
    ended_early: str | None

    def legal_moves(self) -> list[int]: ...


def start_layout(tables: LayoutTables, start: int | None) -> LayoutState:
    """The layout at the start of play: no column yet, so the cards of the starting rank (the
    contract's, or `start` as its namer named it) may be placed."""
    opener = tables.start if tables.start is not None else start
    assert opener is not None, "a layout whose namer names its start has it named with the contract"
    return LayoutState(tables, bytearray(tables.openers[opener]))


def skip_unable_to_start(deal: LayoutDeal) -> None:
    """Under `skip players unable to start`, the turn goes from the first mover to the first
    player, in turn order, who can place a card (one of the starting rank)."""
    state = _state(deal)
    if state.tables.skip_clause is None:
        return
    placeable, hands, n = state.placeable, deal.hands, deal.table.players
    for step in range(n):
        seat = (deal.to_act + step) % n
        if any(placeable[card] for card in hands[seat]):
            deal.to_act = seat
            return


def _state(deal: LayoutDeal) -> LayoutState:
    state = deal.layout
    assert state is not None, "the layout phase runs only in a deal that plays layout"
    return state


def _moves(deal: LayoutDeal, seat: int) -> list[int]:
    state = _state(deal)
    placeable = state.placeable
    moves = [card for card in deal.hands[seat] if placeable[card]]
    if not moves or not state.tables.pass_clause:
        moves.append(PASS)
    return moves


def _push(deal: LayoutDeal, seat: int, move: int) -> None:
    _place(deal, _state(deal), seat, move)


def _place(deal: LayoutDeal, state: LayoutState, seat: int, move: int) -> None:
    """`seat` places card `move` (or passes) in the layout `state` of `deal`."""
    hands = deal.hands
    if move != PASS:
        hand = hands[seat]
        hand.remove(move)
        suit, rank, below, above = state.tables.cards[move]
        columns, placeable = state.columns, state.placeable
        column = columns.get(suit)
        placeable[move] = 0
        # The column grows at the end the card went to: the card beyond it may be placed next.
        if column is None:
            columns[suit] = [rank, rank]
            if below is not None:
                placeable[below] = 1
            if above is not None:
                placeable[above] = 1
        elif rank < column[0]:
            column[0] = rank
            if below is not None:
                placeable[below] = 1
        else:
            column[1] = rank
            if above is not None:
                placeable[above] = 1
        if not hand:
            state.finished.append(seat)
            place = state.tables.ends_at_place
            if place and len(state.finished) >= place[0]:
                deal.phase, deal.ended_early = Phase.OVER, place[1]
                return
            if len(state.finished) == deal.table.players:
                deal.phase = Phase.OVER
                return
    n = deal.table.players
    nxt = (seat + 1) % n
    while not hands[nxt]:
        nxt = (nxt + 1) % n
    deal.to_act = nxt


def random_layout(deal: LayoutDeal, rng: random.Random, budget: int) -> int:
    """Random legal layout play until the phase ends or `budget` moves are made: the moves made.
    The same moves and draws as `rng.choice(legal_moves())` then `push`, one by one."""
    choice, history, hands = chooser(rng), deal.history, deal.hands
    state = _state(deal)
    placeable, may_pass = state.placeable, not state.tables.pass_clause
    steps = 0
    layout = _LAYOUT  # bound once: asked on every move
    while deal.phase == layout and steps < budget:
        seat = deal.to_act
        moves = [card for card in hands[seat] if placeable[card]]  # `_moves`, with the lookups bound
        if not moves or may_pass:
            moves.append(PASS)
        move = choice(moves)
        history.append((seat, move))
        _place(deal, state, seat, move)
        steps += 1
    return steps


def _judge(deal: LayoutDeal, seat: int, action: Action, illegal: Illegal) -> Verdict:
    state = _state(deal)
    ruled = rule_on_card(deal, deal.legal_moves(), seat, action, illegal, state.tables.pass_clause)
    if isinstance(ruled, Verdict):
        return ruled
    return illegal(N_("{card} cannot be placed: a column starts with its starting rank and grows "
                      "one rank at a time in its own suit."), state.tables.clauses, "illegal_card",
                   card=deal.table.code(ruled))


def finish_lines(deal: LayoutDeal, account: str) -> list[ScoreLine]:
    """The points of `score by finishing order`, one line per seat that scores."""
    state = deal.layout
    if state is None or state.tables.finish is None:
        return []
    values, clause = state.tables.finish
    return [ScoreLine(seat, values[place], account, N_("{points} for finishing in place {place}"),
                      (("points", values[place]), ("place", place + 1)), (clause,))
            for place, seat in enumerate(state.finished) if place < len(values) and values[place]]


LAYOUT = PhaseRunner(Phase.LAYOUT, _moves, _push, _judge, frozenset({"play", "pass"}), random_loop=random_layout)
