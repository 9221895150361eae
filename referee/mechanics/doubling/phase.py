"""The doubling phase of a deal, and the settlement of every doubled pair after the play.

Actions: `double SEAT` and `redouble SEAT` (seats from 0, as in transcripts), each turn ended by
`pass`. A rule of the contract may allow only the dealer to be doubled, and a rule of the game
may oblige every player to double each dealer a number of times over that dealer's deals.
"""

from __future__ import annotations

from typing import Protocol

from ...engine import moves
from ...engine.moves import PASS
from ...engine.table import Action
from ...i18n import N_
from ...verdicts import ScoreLine, Verdict
from ..base import DealCore, Illegal, PhaseRunner
from ..vocabulary import Phase, PhaseWord
from .state import DoublingState

__all__ = ["DoublingDeal", "start_doubling", "pair_settlement", "DOUBLING"]


class DoublingDeal(DealCore, Protocol):
    doubling: DoublingState | None
    chosen: list[set[str]]
    """Per seat, the contracts he has chosen so far in the match."""
    dealer_doubles: dict[tuple[int, int], int]
    """(dealer, player) -> how often the player has doubled that dealer in this match."""

    def start_play(self, contract_id: str, trump: int | None = None) -> None:
        """Start the play of the contract named."""


def start_doubling(deal: DoublingDeal, contract_id: str, trump: int | None) -> DoublingState | None:
    """The doubling round after the contract is named, with the phase opened; None when the
    game has none."""
    if deal.game.doubling is None or PhaseWord.DOUBLING not in deal.table.phases:
        return None
    n = deal.table.players
    limit = deal.game.contracts[contract_id].rules.only_dealer_doubled
    doublers = [(deal.eldest + k) % n for k in range(n) if (deal.eldest + k) % n != deal.dealer]
    deal.phase, deal.to_act = Phase.DOUBLING, doublers[0]
    return DoublingState(contract_id, trump, doublers, limit.clause if limit is not None and limit.value else None)


def _state(deal: DoublingDeal) -> DoublingState:
    state = deal.doubling
    assert state is not None, "the doubling phase runs only in a deal that has one"
    return state


def _owed(deal: DoublingDeal, state: DoublingState, seat: int) -> bool:
    """Whether `seat` must still double the dealer in this deal: his doubles of this dealer so
    far, with the deals the dealer has left, would fall short of the game's quota."""
    rules = deal.game.doubling
    quota = rules.quota if rules is not None else None
    if quota is None or state.redoublers is not None or (seat, deal.dealer) in state.doubles:
        return False
    left = len(deal.game.contracts) - len(deal.chosen[deal.dealer])  # deals the dealer has after this one
    return deal.dealer_doubles.get((deal.dealer, seat), 0) + left < quota.value


def _moves(deal: DoublingDeal, seat: int) -> list[int]:
    state = _state(deal)
    n = deal.table.players
    if state.redoublers is None:
        targets = [deal.dealer] if state.only_dealer else [s for s in range(n) if s != seat]
        found = [moves.pair_double(s) for s in targets
                 if (seat, s) not in state.doubles and (s, seat) not in state.doubles]
        return found if _owed(deal, state, seat) else [PASS, *found]
    return [PASS] + [moves.pair_redouble(s) for s in range(n) if state.doubles.get((s, seat)) == 1]


def _push(deal: DoublingDeal, seat: int, move: int) -> None:
    state = _state(deal)
    found = moves.kind(move)
    if found is moves.MoveKind.PAIR_REDOUBLE:
        state.doubles[(moves.doubled_seat(move), seat)] = 2
    elif found is moves.MoveKind.PAIR_DOUBLE:
        target = moves.doubled_seat(move)
        state.doubles[(seat, target)] = 1
        if target == deal.dealer:
            key = (deal.dealer, seat)
            deal.dealer_doubles[key] = deal.dealer_doubles.get(key, 0) + 1
    else:
        _next_turn(deal, state, seat)


def _next_turn(deal: DoublingDeal, state: DoublingState, seat: int) -> None:
    """`seat` has passed: the next doubler, then the redoublers, then the play."""
    n = deal.table.players
    if state.redoublers is None:
        later = state.doublers[state.doublers.index(seat) + 1:]
        if later:
            deal.to_act = later[0]
            return
        doubled = {b for (_a, b) in state.doubles}
        state.redoublers = [(deal.eldest + k) % n for k in range(n) if (deal.eldest + k) % n in doubled]
        if state.redoublers:
            deal.to_act = state.redoublers[0]
            return
    else:
        later = state.redoublers[state.redoublers.index(seat) + 1:]
        if later:
            deal.to_act = later[0]
            return
    deal.start_play(state.contract, state.trump)


def _judge(deal: DoublingDeal, seat: int, action: Action, illegal: Illegal) -> Verdict:
    state = _state(deal)
    rules = deal.game.doubling
    assert rules is not None
    clause = rules.clause
    what = str(action)
    move = deal.table.move(action)
    if move in _moves(deal, seat):
        if move == PASS:
            return Verdict(True, N_("Seat {seat} passes."), (("seat", seat),), (clause,), seat, what)
        other = int(action.args[0])
        message = (N_("Seat {seat} redoubles seat {other}.") if action.kind == "redouble"
                   else N_("Seat {seat} doubles seat {other}."))
        return Verdict(True, message, (("seat", seat), ("other", other)), (clause,), seat, what)
    quota = rules.quota
    if move == PASS and quota is not None and _owed(deal, state, seat):
        return illegal(N_("Seat {seat} must double the dealer (seat {dealer}) now: at least {times} "
                          "doubles over his deals."), (quota.clause,), "illegal_bid",
                       seat=seat, dealer=deal.dealer, times=quota.value)
    if action.kind == "double" and action.args and state.only_dealer and state.redoublers is None:
        return illegal(N_("In this contract only the dealer (seat {dealer}) may be doubled."),
                       (state.only_dealer,), "illegal_bid", dealer=deal.dealer)
    return illegal(N_("Seat {seat} may not {action} now."), (clause,), "illegal_bid", seat=seat, action=what)


def pair_settlement(deal: DoublingDeal, lines: list[ScoreLine]) -> list[ScoreLine]:
    """Every doubled pair: the higher deal score wins the difference from the lower, twice when
    redoubled."""
    state = deal.doubling
    if state is None or not state.doubles:
        return []
    assert deal.game.doubling is not None
    account, clause = deal.game.primary_account, deal.game.doubling.clause
    totals = [0] * deal.table.players
    for line in lines:  # the deal's score is its main account's; `score ... to ACCOUNT` stays apart
        if line.account == account:
            totals[line.seat] += line.points
    out = []
    for (a, b), times in sorted(state.doubles.items()):
        diff = (totals[a] - totals[b]) * times
        if not diff:
            continue
        for seat, other, points in ((a, b, diff), (b, a, -diff)):
            out.append(ScoreLine(seat, points, account,
                                 N_("{points} from the double with seat {other}") if times == 1
                                 else N_("{points} from the redouble with seat {other}"),
                                 (("points", points), ("other", other)), (clause,)))
    return out


DOUBLING = PhaseRunner(Phase.DOUBLING, _moves, _push, _judge, frozenset({"double", "redouble", "pass"}))
