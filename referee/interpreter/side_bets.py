"""Doubling between players (side bets): once the contract is named, each player but
the dealer in turn may double any others, then each doubled player may redouble those who doubled
him; after the play, every doubled pair settles the difference of their scores in the deal.

Actions: `double SEAT` and `redouble SEAT` (seats from 0, as in transcripts), each turn ended by
`pass`. A rule of the contract may allow only the dealer to be doubled, and a rule of the game
may oblige every player to double each dealer a number of times over that dealer's deals.
"""

from __future__ import annotations

from ..engine.table import PASS
from ..i18n import N_
from ..verdicts import ScoreLine, Verdict
from .phases import PhaseRunner, register

__all__ = ["start_doubling", "pair_settlement", "PAIR_DOUBLE", "PAIR_REDOUBLE"]

PAIR_DOUBLE = -30_000_000
"""Move IDs PAIR_DOUBLE - seat double that seat."""
PAIR_REDOUBLE = -31_000_000
"""Move IDs PAIR_REDOUBLE - seat redouble that seat (who doubled the mover)."""


def start_doubling(deal, contract_id: str, trump) -> bool:
    """Open the doubling round after the contract is named; False when the game has none."""
    if deal.game.pair_doubling is None or "doubling" not in deal.table.phases:
        return False
    n = deal.table.players
    deal.pending_start = (contract_id, trump)
    deal.pair_doubles = {}
    deal.only_dealer = deal.contracts[contract_id].only_dealer_doubled
    deal.doublers = [(deal.eldest + k) % n for k in range(n) if (deal.eldest + k) % n != deal.dealer]
    deal.redoublers = None
    deal.phase, deal.to_act = "doubling", deal.doublers[0]
    return True


def _owed(deal, seat: int) -> bool:
    """Whether `seat` must still double the dealer in this deal: his doubles of this dealer so
    far, with the deals the dealer has left, would fall short of the game's quota."""
    quota = deal.game.double_quota
    if quota is None or deal.redoublers is not None or (seat, deal.dealer) in deal.pair_doubles:
        return False
    left = len(deal.contracts) - len(deal.chosen[deal.dealer])  # deals the dealer has after this one
    return deal.dealer_doubles.get((deal.dealer, seat), 0) + left < quota.value


def _moves(deal, seat: int) -> list[int]:
    n = deal.table.players
    if deal.redoublers is None:
        targets = [deal.dealer] if deal.only_dealer else [s for s in range(n) if s != seat]
        moves = [PAIR_DOUBLE - s for s in targets
                 if (seat, s) not in deal.pair_doubles and (s, seat) not in deal.pair_doubles]
        return moves if _owed(deal, seat) else [PASS] + moves
    return [PASS] + [PAIR_REDOUBLE - s for s in range(n) if deal.pair_doubles.get((s, seat)) == 1]


def _push(deal, seat: int, move: int) -> None:
    if move <= PAIR_REDOUBLE:
        deal.pair_doubles[(PAIR_REDOUBLE - move, seat)] = 2
        return
    if move <= PAIR_DOUBLE:
        target = PAIR_DOUBLE - move
        deal.pair_doubles[(seat, target)] = 1
        if target == deal.dealer:
            key = (deal.dealer, seat)
            deal.dealer_doubles[key] = deal.dealer_doubles.get(key, 0) + 1
        return
    _next_turn(deal, seat)


def _next_turn(deal, seat: int) -> None:
    """`seat` has passed: the next doubler, then the redoublers, then the play."""
    n = deal.table.players
    if deal.redoublers is None:
        later = deal.doublers[deal.doublers.index(seat) + 1:]
        if later:
            deal.to_act = later[0]
            return
        doubled = {b for (_a, b) in deal.pair_doubles}
        deal.redoublers = [(deal.eldest + k) % n for k in range(n) if (deal.eldest + k) % n in doubled]
        if deal.redoublers:
            deal.to_act = deal.redoublers[0]
            return
    else:
        later = deal.redoublers[deal.redoublers.index(seat) + 1:]
        if later:
            deal.to_act = later[0]
            return
    contract_id, trump = deal.pending_start
    deal._start(contract_id, trump)


def _judge(deal, seat: int, action, illegal) -> Verdict:
    clause = deal.game.pair_doubling.clause
    what = str(action)
    move = deal.table.move(action)
    legal = _moves(deal, seat)
    if move in legal:
        if move == PASS:
            return Verdict(True, N_("Seat {seat} passes."), (("seat", seat),), (clause,), seat, what)
        other = int(action.args[0])
        message = (N_("Seat {seat} redoubles seat {other}.") if action.kind == "redouble"
                   else N_("Seat {seat} doubles seat {other}."))
        return Verdict(True, message, (("seat", seat), ("other", other)), (clause,), seat, what)
    if move == PASS and _owed(deal, seat):
        quota = deal.game.double_quota
        return illegal(N_("Seat {seat} must double the dealer (seat {dealer}) now: at least {times} "
                          "doubles over his deals."), (quota.clause,), "illegal_bid",
                       seat=seat, dealer=deal.dealer, times=quota.value)
    if action.kind == "double" and action.args and deal.only_dealer and deal.redoublers is None:
        return illegal(N_("In this contract only the dealer (seat {dealer}) may be doubled."),
                       (deal.only_dealer,), "illegal_bid", dealer=deal.dealer)
    return illegal(N_("Seat {seat} may not {action} now."), (clause,), "illegal_bid", seat=seat, action=what)


def pair_settlement(deal, lines: list[ScoreLine]) -> list[ScoreLine]:
    """Every doubled pair: the higher deal score wins the difference from the lower, twice when
    redoubled."""
    if not getattr(deal, "pair_doubles", None):
        return []
    totals = [0] * deal.table.players
    for line in lines:
        totals[line.seat] += line.points
    account, clause = deal.game.primary_account, deal.game.pair_doubling.clause
    out = []
    for (a, b), times in sorted(deal.pair_doubles.items()):
        diff = (totals[a] - totals[b]) * times
        if not diff:
            continue
        for seat, other, points in ((a, b, diff), (b, a, -diff)):
            out.append(ScoreLine(seat, points, account,
                                 N_("{points} from the double with seat {other}") if times == 1
                                 else N_("{points} from the redouble with seat {other}"),
                                 (("points", points), ("other", other)), (clause,)))
    return out


register(PhaseRunner("doubling", _moves, _push, _judge))
