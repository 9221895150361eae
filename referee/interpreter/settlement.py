"""Settling a deal of an auction game: what the declarer and each defender write, by the
`settle` statements of the rules, doubled by a refe. Every line cites the clauses behind it."""

from __future__ import annotations

from ..i18n import N_
from ..verdicts import ScoreLine

__all__ = ["settle_deal", "declarer_made"]


def declarer_made(deal) -> bool:
    kind, tricks, _ = deal.auction.target(deal.contract.id)
    taken = deal.tricks_won[deal.declarer]
    return taken <= tricks if kind == "at_most" else taken >= tricks


def settle_deal(deal) -> list[ScoreLine]:
    rules = deal.auction
    lines: list[ScoreLine] = []
    n = deal.table.players
    if deal.all_passed:
        outcome = rules.all_pass
        if outcome and "refe_to_all" in outcome[0] and rules.refe is not None:
            limit, refe_clause, refe_account = rules.refe
            for seat in range(n):
                if limit is None or deal.refe[seat] < limit:
                    lines.append(ScoreLine(seat, 1, refe_account, N_("a refe: everyone passed"), (),
                                           (outcome[1], refe_clause)))
        return lines
    contract = deal.contract.id
    declarer = deal.declarer
    value, from_hand, value_clause = rules.values[contract]
    base = from_hand if deal.from_hand and from_hand is not None else value
    multiplier, extra = 1, ()
    if rules.refe is not None and deal.refe[declarer] > 0:
        multiplier, extra = 2, (rules.refe[1],)
        lines.append(ScoreLine(declarer, -1, rules.refe[2], N_("a refe used: this deal counts double"), (),
                               (rules.refe[1],)))
    worth = base * multiplier
    values = (("value", worth), ("contract", deal.game.contracts[contract].title))

    def write(rule, seat, amount_for, message, against=None, **more):
        points = rule.sign * amount_for(rule.amount)
        if points == 0 and rule.amount[0] == "amount_nothing":
            return
        lines.append(ScoreLine(seat, points, rule.account, message,
                               values + tuple(more.items()) + (("points", points),),
                               (rule.clause, value_clause) + extra, against=against))

    def plain(amount, tricks=0):
        kind = amount[0]
        if kind == "amount_value":
            return worth
        if kind == "amount_tricks_value":
            return tricks * worth
        if kind == "amount_fixed":
            fixed = amount[2] if deal.from_hand and len(amount) > 2 else amount[1]
            return fixed * multiplier
        return 0

    if deal.undefended:
        for rule in rules.settle_rules("undefended", contract):
            write(rule, declarer, plain, N_("{points} {contract} not defended: counted as made"))
        return lines
    made = declarer_made(deal)
    who = "declarer_made" if made else "declarer_failed"
    for rule in rules.settle_rules(who, contract):
        write(rule, declarer, plain, N_("{points} {contract} made") if made else N_("{points} {contract} failed"))
    # Tricks credited to each defender; a declining player's tricks count for the lone defender.
    credit = {s: deal.tricks_won[s] for s in deal.defenders}
    passer_rule = rules.defence_rule("passer_tricks_to_defender", contract)
    if passer_rule and len(deal.defenders) == 1:
        for seat in range(n):
            if seat != declarer and seat not in deal.defenders:
                credit[deal.defenders[0]] += deal.tricks_won[seat]
    for seat in deal.defenders:
        tricks = credit[seat]
        for word in ("each_defender", "each_defender_if_made" if made else "each_defender_if_failed"):
            for rule in rules.settle_rules(word, contract):
                message = (N_("{points} written for defending tricks: {tricks}")
                           if rule.amount[0] == "amount_tricks_value" else N_("{points} written against {contract}"))
                write(rule, seat, lambda a, taken=tricks: plain(a, taken), message,
                      against=declarer if rule.against_declarer else None, tricks=tricks)
    only_when_made = rules.defence_rule("quota_only_when_made", contract)
    if made or not only_when_made:
        for seat in _short_defenders(deal, rules, contract, credit):
            for rule in rules.settle_rules("defender_short", contract):
                quota_clause = _quota_clause(rules, contract, len(deal.defenders))
                write(rule, seat, plain, N_("{points} defender short of his quota (tricks: {tricks})"),
                      tricks=credit[seat])
                lines[-1] = _with_clause(lines[-1], quota_clause)
    return lines


def _quota_clause(rules, contract, defenders) -> str | None:
    if defenders == 1:
        found = rules.defence_rule("lone_quota", contract)
    else:
        found = rules.defence_rule("quota_together", contract) or rules.defence_rule("quota_each", contract)
    return found[1] if found else None


def _with_clause(line: ScoreLine, clause: str | None) -> ScoreLine:
    if clause is None or clause in line.clauses:
        return line
    from dataclasses import replace
    return replace(line, clauses=line.clauses + (clause,))


def _short_defenders(deal, rules, contract, credit) -> list[int]:
    defenders = deal.defenders
    if not defenders:
        return []
    if len(defenders) == 1:
        quota = rules.defence_rule("lone_quota", contract)
        return [s for s in defenders if quota and credit[s] < quota[0]]
    together = rules.defence_rule("quota_together", contract)
    if together:
        if sum(credit.values()) >= together[0]:
            return []
        share = together[0] // len(defenders)
        return [s for s in defenders if credit[s] < share]
    each = rules.defence_rule("quota_each", contract)
    return [s for s in defenders if each and credit[s] < each[0]]
