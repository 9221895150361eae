"""Settling a deal of an auction game: what the declarer and each defender write, by the
settle rules of the game, multiplied by a multiplier a player holds. Every line cites the clauses behind it.

The rules that apply to a contract, with their messages and clauses, are looked up once per game
(`settle_plans`, read by `CompiledAuction`); settling a deal only counts and writes the lines.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_
from ..verdicts import ScoreLine

__all__ = ["settle_deal", "declarer_made", "short_defenders", "settle_plans", "fixed_lines", "ContractSettlement",
           "Writing"]


@dataclass(frozen=True)
class Writing:
    """A settle rule that writes something, ready to write its line."""

    account: str
    sign: int
    kind: str
    """What it counts: "value", "tricks_value" or "fixed" (a rule writing nothing has no Writing)."""
    fixed: int
    fixed_from_hand: int
    """The fixed amount of a contract played from hand (the plain one where none is stated)."""
    message: str
    against_declarer: bool
    cited: tuple[str, ...]
    """The clauses of the rule and of the contract's value, in the order its line cites them."""
    tail: tuple[str, ...] = ()
    """Clauses cited after the multiplier's and the doubling's (the rule on an undefended contract)."""

    def amount(self, worth: int, multiplier: int, from_hand: bool, tricks: int = 0) -> int:
        kind = self.kind
        if kind == "value":
            return worth
        if kind == "tricks_value":
            return tricks * worth
        return (self.fixed_from_hand if from_hand else self.fixed) * multiplier


@dataclass(frozen=True)
class ContractSettlement:
    """How a deal of one contract is settled: its title, value and target, the defenders' quotas,
    and by outcome what the declarer, each defender and each defender short of his quota write."""

    title: str
    value: int
    from_hand: int
    """Its value played from hand (the plain value where none is stated)."""
    target: object
    """The model's `Target`: how many tricks make the contract."""
    quotas: dict
    """Quota kind -> the model's `Quota` in force for this contract."""
    undefended: tuple[Writing, ...]
    declarer: tuple[tuple[Writing, ...], tuple[Writing, ...]]
    """Indexed by whether the contract was made: (failed, made)."""
    defenders: tuple[tuple[Writing, ...], tuple[Writing, ...]]
    short: tuple[tuple[Writing, ...], tuple[Writing, ...]]


_DECLARER_MESSAGES = {"made": N_("{points} {contract} made"), "failed": N_("{points} {contract} failed"),
                      "not_defended": N_("{points} {contract} not defended: counted as made")}


def settle_plans(rules, game) -> dict[str, ContractSettlement]:
    """Each contract's `ContractSettlement`, from the model's `AuctionRules`."""
    plans = {}
    for cid, contract in game.contracts.items():
        value = rules.values.get(cid)
        if value is None:  # not on the ladder: no auction wins it (the model refuses such a game)
            continue

        def writings(who: str, outcome: str, tail=(), cid=cid, value=value) -> tuple[Writing, ...]:
            out = []
            for rule in rules.settle_rules(who, outcome, cid):
                amount = rule.amount
                if amount.kind == "nothing":  # it replaces a game-wide rule and writes no line
                    continue
                if who == "declarer":
                    message = _DECLARER_MESSAGES[outcome]
                elif who == "each_defender":
                    message = (N_("{points} written for defending tricks: {tricks}") if amount.kind == "tricks_value"
                               else N_("{points} written against {contract}"))
                else:
                    message = N_("{points} defender short of his quota (tricks: {tricks})")
                out.append(Writing(rule.account, rule.sign, amount.kind, amount.fixed,
                                   amount.from_hand if amount.from_hand is not None else amount.fixed,
                                   message, rule.against_declarer, tuple(dict.fromkeys((rule.clause, value.clause))),
                                   tail))
            return tuple(out)

        outcomes = ("failed", "made")
        plans[cid] = ContractSettlement(
            title=contract.title, value=value.value,
            from_hand=value.from_hand if value.from_hand is not None else value.value,
            target=rules.target(cid), quotas=rules.quotas_for(cid),
            undefended=writings("declarer", "not_defended", (rules.undefended[1],) if rules.undefended else ()),
            declarer=tuple(writings("declarer", o) for o in outcomes),
            defenders=tuple(writings("each_defender", o) for o in outcomes),
            short=tuple(writings("each_short_defender", o) for o in outcomes))
    return plans


def fixed_lines(rules, players: int) -> tuple[tuple[ScoreLine, ...], tuple[ScoreLine, ...]]:
    """The lines that never change, per seat: what each player writes when everyone passes, and
    the line that uses up a declarer's multiplier. Score lines are frozen, so deals share them."""
    out, held_rule = rules.pass_out, rules.multiplier
    passed = ()
    if out is not None and out.account is not None:
        counted = held_rule if held_rule is not None and held_rule.account == out.account else None
        clauses = (out.clause,) + ((counted.clause,) if counted else ())
        passed = tuple(ScoreLine(seat, out.points, out.account, N_("everyone passed, so nobody played the deal"), (),
                                 clauses) for seat in range(players))
    used = () if held_rule is None else tuple(
        ScoreLine(seat, -1, held_rule.account, N_("a multiplier used up: this deal's scores are multiplied by {times}"),
                  (("times", held_rule.multiplier),), (held_rule.clause,)) for seat in range(players))
    return passed, used


def declarer_made(deal) -> bool:
    return deal.auction.target(deal.contract.id).made(deal.tricks_won[deal.declarer])


def settle_deal(deal) -> list[ScoreLine]:
    rules = deal.auction
    if deal.all_passed:
        return _passed_out(deal, rules)
    plan = rules.settlement[deal.contract.id]
    declarer, from_hand = deal.declarer, deal.from_hand
    lines: list[ScoreLine] = []
    multiplier, extra = 1, ()
    held_rule = rules.multiplier
    if held_rule is not None and deal.held[declarer] > 0:
        multiplier, extra = held_rule.multiplier, (held_rule.clause,)
        lines.append(rules.multiplier_lines[declarer])
    if deal.doublings:
        multiplier *= 2 ** deal.doublings
        extra += (rules.doubling[1],)
    worth = (plan.from_hand if from_hand else plan.value) * multiplier
    title = plan.title

    def write(writing: Writing, seat: int, counted: int = 0, tricks=None, against=None, tail=()) -> None:
        # `counted`: the tricks a "tricks times value" rule counts; `tricks`: those the line shows.
        points = writing.amount(worth, multiplier, from_hand, counted) * writing.sign
        if tricks is None:
            values = (("value", worth), ("contract", title), ("points", points))
        else:
            values = (("value", worth), ("contract", title), ("tricks", tricks), ("points", points))
        cited = writing.cited
        if extra or tail or writing.tail:
            cited = tuple(dict.fromkeys(cited + extra + writing.tail + tail))
        lines.append(ScoreLine(seat, points, writing.account, writing.message, values, cited, against=against))

    if deal.undefended:
        for writing in plan.undefended:
            write(writing, declarer)
        return lines
    made = plan.target.made(deal.tricks_won[declarer])
    for writing in plan.declarer[made]:
        write(writing, declarer)
    credit = _credit(deal, rules)
    for seat in deal.defenders:
        tricks = credit[seat]
        for writing in plan.defenders[made]:
            write(writing, seat, tricks, tricks, declarer if writing.against_declarer else None)
    short_rules = plan.short[made]
    if short_rules:
        short, quota = short_defenders(deal, credit)
        for seat in short:
            for writing in short_rules:
                # The line shows the defender's tricks (a "tricks times value" rule counts them).
                write(writing, seat, credit[seat], credit[seat], declarer if writing.against_declarer else None,
                      tail=(quota.clause,))
    return lines


def _passed_out(deal, rules) -> list[ScoreLine]:
    """Everyone passed: each player writes the pass-out lines, unless a cap on the multiplier
    they would receive (unused ones held, or all ever written) stops him."""
    out = rules.pass_out
    if out.account is None:
        return []
    n = deal.table.players
    held_rule = rules.multiplier if rules.multiplier is not None and rules.multiplier.account == out.account else None
    if held_rule is None or held_rule.limit is None:
        return list(rules.pass_out_lines[:n])
    counts = deal.written if held_rule.counted == "written" else deal.held
    return [rules.pass_out_lines[seat] for seat in range(n) if counts[seat] < held_rule.limit]


def _credit(deal, rules) -> dict[int, int]:
    """Tricks credited to each defender; a decliner's tricks count for the lone defender when the
    rules say so."""
    credit = {s: deal.tricks_won[s] for s in deal.defenders}
    to = rules.decliner_tricks
    if to is not None and to[0] == "defender" and len(deal.defenders) == 1:
        for seat in range(deal.table.players):
            if seat != deal.declarer and seat not in deal.defenders:
                credit[deal.defenders[0]] += deal.tricks_won[seat]
    return credit


def short_defenders(deal, credit: dict[int, int]):
    """The defenders short of their quota, and the quota they are short of."""
    quotas = deal.auction.settlement[deal.contract.id].quotas
    defenders = deal.defenders
    if not defenders or "none" in quotas:
        return [], None
    if len(defenders) == 1:
        quota = quotas.get("lone")
        return ([s for s in defenders if credit[s] < quota.tricks] if quota else []), quota
    together = quotas.get("together")
    if together:
        if sum(credit.values()) >= together.tricks:
            return [], together
        if together.share is None:
            return list(defenders), together
        return [s for s in defenders if credit[s] < together.share], together
    each = quotas.get("each")
    return ([s for s in defenders if credit[s] < each.tricks] if each else []), each
