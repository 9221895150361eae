"""Settling a deal of an auction game: what the declarer and each defender write, by the
settle rules of the game, multiplied by a multiplier a player holds. Every line cites the clauses behind it."""

from __future__ import annotations


from ..i18n import N_
from ..verdicts import ScoreLine

__all__ = ["settle_deal", "declarer_made", "short_defenders"]


def declarer_made(deal) -> bool:
    return deal.auction.target(deal.contract.id).made(deal.tricks_won[deal.declarer])


def settle_deal(deal) -> list[ScoreLine]:
    rules = deal.auction
    lines: list[ScoreLine] = []
    n = deal.table.players
    if deal.all_passed:
        out = rules.pass_out
        if out.account is None:
            return lines
        held_rule = rules.multiplier if rules.multiplier is not None and rules.multiplier.account == out.account else None
        for seat in range(n):
            # A cap on refes (unused ones held, or all ever written) stops a player receiving more.
            count = (deal.written if held_rule and held_rule.counted == "written" else deal.held)[seat]
            if held_rule is None or held_rule.limit is None or count < held_rule.limit:
                clauses = (out.clause,) + ((held_rule.clause,) if held_rule else ())
                lines.append(ScoreLine(seat, out.points, out.account, N_("everyone passed, so nobody played the deal"), (),
                                       clauses))
        return lines
    contract = deal.contract.id
    declarer = deal.declarer
    value = rules.values[contract]
    base = value.from_hand if deal.from_hand and value.from_hand is not None else value.value
    multiplier, extra = 1, ()
    held_rule = rules.multiplier
    if held_rule is not None and deal.held[declarer] > 0:
        multiplier, extra = held_rule.multiplier, (held_rule.clause,)
        lines.append(ScoreLine(declarer, -1, held_rule.account,
                               N_("a multiplier used up: this deal's scores are multiplied by {times}"),
                               (("times", held_rule.multiplier),), (held_rule.clause,)))
    if deal.doublings:
        multiplier *= 2 ** deal.doublings
        extra += (rules.doubling[1],)
    worth = base * multiplier
    values = (("value", worth), ("contract", deal.game.contracts[contract].title))

    def amount_of(rule, tricks=0) -> int:
        amount = rule.amount
        if amount.kind == "value":
            return worth
        if amount.kind == "tricks_value":
            return tricks * worth
        if amount.kind == "fixed":
            fixed = amount.from_hand if deal.from_hand and amount.from_hand is not None else amount.fixed
            return fixed * multiplier
        return 0

    def write(rule, seat, points, message, against=None, clauses=(), **more):
        if rule.amount.kind == "nothing":
            return
        points *= rule.sign
        lines.append(ScoreLine(seat, points, rule.account, message,
                               values + tuple(more.items()) + (("points", points),),
                               tuple(dict.fromkeys((rule.clause, value.clause) + extra + clauses)),
                               against=against))

    if deal.undefended:
        for rule in rules.settle_rules("declarer", "not_defended", contract):
            write(rule, declarer, amount_of(rule), N_("{points} {contract} not defended: counted as made"),
                  clauses=(rules.undefended[1],) if rules.undefended[1] != rule.clause else ())
        return lines
    made = declarer_made(deal)
    outcome = "made" if made else "failed"
    for rule in rules.settle_rules("declarer", outcome, contract):
        write(rule, declarer, amount_of(rule),
              N_("{points} {contract} made") if made else N_("{points} {contract} failed"))
    credit = _credit(deal, rules)
    for seat in deal.defenders:
        tricks = credit[seat]
        for rule in rules.settle_rules("each_defender", outcome, contract):
            message = (N_("{points} written for defending tricks: {tricks}")
                       if rule.amount.kind == "tricks_value" else N_("{points} written against {contract}"))
            write(rule, seat, amount_of(rule, tricks), message,
                  against=declarer if rule.against_declarer else None, tricks=tricks)
    short, quota = short_defenders(deal, credit)
    for seat in short:
        for rule in rules.settle_rules("each_short_defender", outcome, contract):
            write(rule, seat, amount_of(rule), N_("{points} defender short of his quota (tricks: {tricks})"),
                  clauses=(quota.clause,), tricks=credit[seat])
    return lines


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
    quotas = deal.auction.quotas_for(deal.contract.id)
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
