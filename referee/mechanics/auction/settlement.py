"""Settling a deal of an auction game: what the declarer and each defender write, by the settle
rules of the game, multiplied by a multiplier the declarer holds and by the kontra. Every line
cites the clauses behind it.

The rules that apply to a contract, with their messages and clauses, are looked up once per game
(`compiled.ContractSettlement`); settling a deal only counts and writes the lines.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

from ...i18n import N_
from ...verdicts import ScoreLine
from ..tricks.compiled import CompiledContract
from ..tricks.score import taken_lines
from .compiled import CompiledAuction, Writing
from .rules import AmountKind, Counted, DeclinerTricks, Quota, QuotaKind
from .state import AuctionState

__all__ = ["SettledDeal", "settle_deal", "declarer_made", "declared_level", "short_defenders"]

_UNDERTRICKS_VALUE = AmountKind.UNDERTRICKS_VALUE  # a module name: asked on every line written


class SettledDeal(Protocol):
    """What the settlement reads of a finished deal."""

    bidding: AuctionState | None
    contract: CompiledContract | None
    declarer: int | None
    defenders: list[int]

    @property
    def tricks_won(self) -> list[int]: ...


def _state(deal: SettledDeal) -> AuctionState:
    assert deal.bidding is not None, "a deal without an auction is not settled here"
    return deal.bidding


def declared_level(state: AuctionState) -> int | None:
    """The level of the bid declared, on a ladder of levels (None otherwise)."""
    if state.declared is None:
        return None
    return state.rules.model.ladder[state.declared].level


def declarer_made(deal: SettledDeal) -> bool:
    assert deal.contract is not None and deal.declarer is not None
    state = _state(deal)
    return state.rules.model.target(deal.contract.id).made(deal.tricks_won[deal.declarer], declared_level(state))


def settle_deal(deal: SettledDeal) -> list[ScoreLine]:
    state = _state(deal)
    rules = state.rules
    if state.all_passed:
        out = rules.model.pass_out
        if out is not None and out.plays is not None:  # raspasy: the contract's own trick scores
            return _in_a_row(state, taken_lines(cast(Any, deal)))
        return _in_a_row(state, _passed_out(state, rules, len(state.held)))
    assert deal.contract is not None and deal.declarer is not None
    model = rules.model
    plan = rules.settlement[deal.contract.id]
    declarer, from_hand = deal.declarer, state.from_hand
    lines: list[ScoreLine] = []
    multiplier = 1
    extra: tuple[str, ...] = ()
    held_rule = model.multiplier
    if held_rule is not None and state.held[declarer] > 0:
        multiplier, extra = held_rule.multiplier, (held_rule.clause,)
        lines.append(rules.multiplier_lines[declarer])
    if state.doublings:
        assert model.doubling is not None
        multiplier *= 2 ** state.doublings
        extra += (model.doubling.clause,)
    base = plan.from_hand if from_hand else plan.value
    if rules.step_values and state.declared is not None:
        # On a ladder of levels the value is the declared level's, cited with the contract's rules.
        base, level_clause = rules.step_values[state.declared]
        if level_clause:
            extra = (level_clause,) + extra
    worth = base * multiplier
    title = plan.title
    undertricks = 0

    def write(writing: Writing, seat: int, counted: int = 0, tricks: int | None = None, against: int | None = None,
              tail: tuple[str, ...] = ()) -> None:
        # `counted`: the tricks a "tricks times value" rule counts; `tricks`: those the line shows.
        points = writing.amount(worth, multiplier, from_hand, counted, undertricks) * writing.sign
        values: tuple[tuple[str, str | int], ...]
        if writing.kind is _UNDERTRICKS_VALUE:
            values = (("value", worth), ("contract", title), ("undertricks", undertricks), ("points", points))
        elif tricks is None:
            values = (("value", worth), ("contract", title), ("points", points))
        else:
            values = (("value", worth), ("contract", title), ("tricks", tricks), ("points", points))
        cited = writing.cited
        if extra or tail or writing.tail:
            cited = tuple(dict.fromkeys(cited + extra + writing.tail + tail))
        lines.append(ScoreLine(seat, points, writing.account, writing.message, values, cited, against=against))

    if state.undefended:
        for writing in plan.undefended:
            write(writing, declarer)
        return lines
    if state.half_defended:
        # Half-whist: the deal is not played; the declarer is written his game, the half-whister
        # half the defence's quota at the level declared.
        for writing in plan.half[0]:
            write(writing, declarer)
        quota = _quotas(deal, state).get(QuotaKind.TOGETHER)
        half = quota.tricks // 2 if quota else 0
        for seat in deal.defenders:
            for writing in plan.half[1]:
                write(writing, seat, half, half, declarer if writing.against_declarer else None,
                      tail=(quota.clause,) if quota else ())
        return lines
    level = declared_level(state)
    won = deal.tricks_won
    made = plan.target.made(won[declarer], level)
    undertricks = plan.target.missed_by(won[declarer], level)
    for writing in plan.declarer[made]:
        write(writing, declarer)
    credit = _credit(deal, state, won)
    for seat in deal.defenders:
        tricks = credit[seat]
        for writing in plan.defenders[made]:
            write(writing, seat, tricks, tricks, declarer if writing.against_declarer else None)
    opponents = plan.opponents[made]
    if opponents:
        for seat in range(len(won)):
            if seat != declarer:
                for writing in opponents:
                    tricks = credit.get(seat, won[seat])
                    write(writing, seat, tricks, tricks, declarer if writing.against_declarer else None)
    short_rules = plan.short[made]
    if short_rules:
        short, quota = short_defenders(deal, credit)
        assert quota is not None or not short
        for seat in short:
            for writing in short_rules:
                if writing.kind is AmountKind.SHORTFALL_VALUE:
                    assert quota is not None
                    lacking = _needed(quota, len(deal.defenders)) - credit[seat]
                    write(writing, seat, lacking, lacking, declarer if writing.against_declarer else None,
                          tail=(quota.clause,))
                    continue
                # The line shows the defender's tricks (a "tricks times value" rule counts them).
                write(writing, seat, credit[seat], credit[seat], declarer if writing.against_declarer else None,
                      tail=(quota.clause,) if quota else ())
    return lines


def _needed(quota: Quota, defenders: int) -> int:
    """The tricks a defender short of `quota` needed himself."""
    if quota.kind is QuotaKind.TOGETHER and defenders > 1:
        return quota.share if quota.share is not None else quota.tricks
    return quota.tricks


def _quotas(deal: SettledDeal, state: AuctionState) -> dict[QuotaKind, Quota]:
    """The quotas in force: the contract's, or on a ladder of levels the quota at the level declared
    (together, and all of it for one who defends alone), unless the contract has none."""
    assert deal.contract is not None
    quotas = dict(state.rules.settlement[deal.contract.id].quotas)
    level = declared_level(state)
    by_level = state.rules.model.level_quotas.get(level) if level is not None else None
    if by_level is not None and QuotaKind.NONE not in quotas:
        quotas = {QuotaKind.TOGETHER: by_level, QuotaKind.LONE: Quota(QuotaKind.LONE, by_level.tricks, by_level.clause)}
    return quotas


def _in_a_row(state: AuctionState, lines: list[ScoreLine]) -> list[ScoreLine]:
    """The lines of a deal everybody passed, and what the price grown in a row adds to each
    (`all passing in a row: scores times 1, 2, 3`): the line again, times the multiplier less one."""
    rule = state.rules.model.progression
    if rule is None:
        return lines
    times = rule.times(state.passed_before)
    if times == 1:
        return lines
    row = state.passed_before + 1
    return lines + [ScoreLine(line.seat, line.points * (times - 1), line.account,
                              N_("{points} more: deal {row} in a row that everybody passed, at {times} times "
                                 "the price"),
                              (("points", line.points * (times - 1)), ("row", row), ("times", times)),
                              (rule.clause,), against=line.against)
                    for line in lines if line.points]


def _passed_out(state: AuctionState, rules: CompiledAuction, players: int) -> list[ScoreLine]:
    """Everyone passed: each player writes the pass-out lines, unless a cap on the multiplier
    they would receive (unused ones held, or all ever written) stops him."""
    model = rules.model
    out = model.pass_out
    if out is None or out.account is None:
        return []
    held_rule = model.multiplier if model.multiplier is not None and model.multiplier.account == out.account else None
    if held_rule is None or held_rule.limit is None:
        return list(rules.pass_out_lines[:players])
    counts = state.written if held_rule.counted is Counted.WRITTEN else state.held
    return [rules.pass_out_lines[seat] for seat in range(players) if counts[seat] < held_rule.limit]


def _credit(deal: SettledDeal, state: AuctionState, won: list[int]) -> dict[int, int]:
    """Tricks credited to each defender (`won`: the tricks each seat took); a decliner's tricks
    count for the lone defender when the rules say so."""
    credit = {s: won[s] for s in deal.defenders}
    to = state.rules.model.decliner_tricks
    if to is not None and len(deal.defenders) == 1 and to.value is DeclinerTricks.DEFENDER:
        for seat in range(len(won)):
            if seat != deal.declarer and seat not in deal.defenders:
                credit[deal.defenders[0]] += won[seat]
    return credit


def short_defenders(deal: SettledDeal, credit: dict[int, int]) -> tuple[list[int], Quota | None]:
    """The defenders short of their quota, and the quota they are short of."""
    quotas = _quotas(deal, _state(deal))
    defenders = deal.defenders
    if not defenders or QuotaKind.NONE in quotas:
        return [], None
    if len(defenders) == 1:
        quota = quotas.get(QuotaKind.LONE)
        return ([s for s in defenders if credit[s] < quota.tricks] if quota else []), quota
    together = quotas.get(QuotaKind.TOGETHER)
    if together:
        if sum(credit.values()) >= together.tricks:
            return [], together
        if together.share is None:
            return list(defenders), together
        return [s for s in defenders if credit[s] < together.share], together
    each = quotas.get(QuotaKind.EACH)
    return ([s for s in defenders if credit[s] < each.tricks] if each else []), each
