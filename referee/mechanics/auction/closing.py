"""The sheet of an auction game between its deals and at its end: an account that closes at a
cap, its overflow helping the other players close theirs (the Russian pulka), and the final
settlement worked out from the accounts (`final result = ...`), exact and rounded so that it
still adds up where its terms do."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from ...i18n import N_
from ...verdicts import ScoreLine
from .rules import AccountCap, FinalScore, TermKind

__all__ = ["close_overflow", "final_scores"]


def close_overflow(cap: AccountCap, totals: Sequence[int], lines: Sequence[ScoreLine],
                   left_of: Callable[[int], int]) -> list[ScoreLine]:
    """The lines that close `cap.account` after a deal wrote `lines` on the totals `totals` (as
    they stood before the deal): for each seat whose account the deal takes past the cap, the
    overflow taken back, put into the other players' accounts still open in turn from his left
    (`left_of`), each up to the cap, with `cap.times` written in `cap.help` against each player
    helped for every point; what is left when all are closed comes off `cap.rest` if the rule
    names it, else it stays where it was written."""
    n = len(totals)
    after = list(totals)
    for line in lines:
        if line.account == cap.account:
            after[line.seat] += line.points
    out: list[ScoreLine] = []
    clauses = (cap.clause,)
    for seat in range(n):
        over = after[seat] - max(totals[seat], cap.cap)
        if over <= 0:
            continue
        after[seat] -= over
        out.append(ScoreLine(seat, -over, cap.account, N_("{points}: closed at {cap}, the rest goes to the others"),
                             (("cap", cap.cap), ("points", -over)), clauses))
        other = left_of(seat)
        while over > 0 and other != seat:
            room = cap.cap - after[other]
            if room > 0:
                given = min(room, over)
                after[other] += given
                over -= given
                out.append(ScoreLine(other, given, cap.account, N_("{points} from seat {other}, whose is closed"),
                                     (("other", seat), ("points", given)), clauses))
                out.append(ScoreLine(seat, given * cap.times, cap.help, N_("{points} for helping seat {other} close"),
                                     (("other", other), ("points", given * cap.times)), clauses, against=other))
            other = left_of(other)
        if over > 0:
            if cap.rest is None:  # nobody left to help: it stays in his own, past the cap
                after[seat] += over
                out.append(ScoreLine(seat, over, cap.account, N_("{points}: every account is closed, so it stays"),
                                     (("points", over),), clauses))
            else:
                out.append(ScoreLine(seat, -over, cap.rest, N_("{points}: every account is closed, so it comes off"),
                                     (("points", -over),), clauses))
    return out


def final_scores(final: FinalScore, accounts: Mapping[str, Sequence[int]],
                 pairs: Mapping[str, Sequence[Sequence[int]]], players: int) -> list[int]:
    """Each seat's final score by `final`'s terms. A term `ACCOUNT above average` is a fraction
    until the end: the sum is worked out exactly, then rounded to whole points by the largest
    remainders (each seat rounded down, the points still missing given to the largest fractions,
    the earlier seat first on a tie), so a settlement whose terms add up to nothing still does."""
    exact = [Fraction(0)] * players
    for term in final.terms:
        name = term.account
        for seat in range(players):
            value: Fraction | int
            if term.kind is TermKind.ACCOUNT:
                value = accounts[name][seat] * term.times
            elif term.kind is TermKind.ABOVE_AVERAGE:
                value = Fraction((players * accounts[name][seat] - sum(accounts[name])) * term.times, players)
            elif term.kind is TermKind.AGAINST:
                value = sum(pairs[name][other][seat] for other in range(players))
            else:
                value = sum(pairs[name][seat])
            exact[seat] += term.sign * value
    floors = [int(x // 1) for x in exact]
    missing = round(sum(exact)) - sum(floors) if sum(exact).denominator == 1 else 0
    order = sorted(range(players), key=lambda s: (-(exact[s] - floors[s]), s))
    for seat in order[:max(missing, 0)]:
        floors[seat] += 1
    if sum(exact).denominator != 1:  # the terms do not add up to whole points: each rounded to the nearest
        return [round(x) for x in exact]
    return floors
