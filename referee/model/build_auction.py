"""Reading the statements of an auction game into `AuctionRules`: the builder's handlers for the
auction, talon exchange, declaration and defence phases and for the settlement of a deal.

A mixin of the builder (`build._Builder`), which provides `_number`, `_seat`, `_need_account`,
`_need_totals` and `_unknown_contract`. Each handler checks its names and numbers and stores a named record
with its clause; `_auction_rules` assembles them once every clause is read.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import lark

from ..errors import N_, Phrase, Term
from .auction import (
    Amount,
    AuctionRules,
    ContractValue,
    LadderStep,
    Multiplier,
    PassOut,
    Quota,
    Settle,
    SpecialBid,
    Target,
)

_SCOPED_RULES = (N_("defence"), N_("targets"))  # the rules `_scoped_once` names in its error
from .document import _string

__all__ = ["AuctionStatements", "AUCTION_KINDS"]

# Statements that may stand in an `in CONTRACT { ... }` block: they can differ by contract.
_SCOPED = {"declarer_target", "settle", "defence_may_decline", "defence_must", "quota_together",
           "quota_each", "quota_lone", "quota_none"}

AUCTION_KINDS = frozenset({
    "bid_ladder", "bid_special", "first_bid", "bid_next_step", "bid_any_higher", "pass_final", "pass_not_final",
    "bid_hold", "special_contest", "pass_out_writes", "pass_out_nothing", "refe_rule", "talon_take",
    "talon_shown", "talon_hidden", "declare_at_least_bid", "declare_bid", "declare_after_special",
    "defence_may_decline", "defence_must", "quota_together", "quota_each", "quota_lone", "quota_none",
    "undefended_made", "undefended_played", "decliner_tricks_to_defender", "decliner_tricks_to_nobody",
    "doubling", "declarer_target", "score_contract", "settle", "final_score"})
"""The statements read here (grammar rule names)."""


def _words(tree: lark.Tree) -> str:
    return "_".join(str(t) for t in tree.children)


class AuctionStatements:
    """Builder handlers for the auction statements; the values collect in `self.auction_parts`."""

    auction_parts: dict[str, Any]
    auction_clauses: dict[str, str]
    """The clause that stated each once-only rule, for the message when it is stated again."""

    @staticmethod
    def clause_id_of(item) -> str:
        return str(item.tree.children[0])

    def _auction_statement(self, item, stmt, cid, scope) -> None:
        kind = stmt.data
        if scope is not None and kind not in _SCOPED | {"score_contract"}:
            raise item.error(stmt, Phrase('`{kind}` holds for every contract and cannot stand in an `in` block', kind=kind.replace('_', ' ')), hint=Phrase('state it outside the `in` block'))
        getattr(self, f"_a_{kind}")(item, stmt, cid, scope)

    def _auction_once(self, item, stmt, key: str, value) -> None:
        parts = self.auction_parts
        if key in parts:
            raise item.error(stmt, Phrase('this rule is already stated by clause {clause}', clause=self.auction_clauses[key]),
                             hint=Phrase('state each rule once; a variant replaces the clause instead'))
        parts[key] = value
        self.auction_clauses[key] = self.clause_id_of(item)

    def _scoped_once(self, item, stmt, key: str, scope, value) -> None:
        table = self.auction_parts.setdefault(key, {})
        if scope in table:
            where = Phrase("contract {scope}", scope=scope) if scope else Phrase("the game")
            raise item.error(stmt, Phrase('the rule on {key} is already stated for {where}', key=Term(key), where=where),
                             hint=Phrase('state each rule once for each contract'))
        table[scope] = value

    # -- the auction ----------------------------------------------------------------------------

    def _a_bid_ladder(self, item, stmt, cid, scope) -> None:
        steps = []
        for step in stmt.children:
            number, contract = step.children
            if str(contract) not in self.contracts:
                raise self._unknown_contract(item, contract)
            steps.append(LadderStep(int(number), str(contract)))
        numbers = [s.number for s in steps]
        if numbers != sorted(set(numbers)):
            raise item.error(stmt, Phrase('the bid ladder must rise: each number above the one before'))
        if len({s.contract for s in steps}) != len(steps):
            raise item.error(stmt, Phrase('a contract stands twice on the bid ladder'),
                             hint=Phrase('each step of the ladder wins a different contract'))
        self._auction_once(item, stmt, "ladder", (tuple(steps), cid))

    def _a_bid_special(self, item, stmt, cid, scope) -> None:
        name, title, *terms = stmt.children
        kinds = [t.data for t in terms]
        if len(set(kinds)) != len(kinds):
            raise item.error(stmt, Phrase('bid {name} states the same property twice', name=name))
        specials = self.auction_parts.setdefault("specials", [])
        if any(s.name == str(name) for s in specials):
            raise item.error(name, Phrase('the bid {name} is declared twice', name=name))
        specials.append(SpecialBid(str(name), _string(title), "special_from_hand" in kinds,
                                   "special_first_turn" in kinds, cid))

    def _a_first_bid(self, item, stmt, cid, scope) -> None:
        seat = self._seat(item, stmt.children[0])
        if seat.role not in ("eldest", "dealer", "holder"):
            raise item.error(stmt.children[0], Phrase('the {seat} is not known before the auction ends', seat=seat),
                             expected=Phrase('eldest, dealer or holder of a card'))
        self._auction_once(item, stmt, "first_bid", (seat, cid))

    def _a_bid_next_step(self, item, stmt, cid, scope) -> None:
        self._auction_once(item, stmt, "steps", ("next", cid))

    def _a_bid_any_higher(self, item, stmt, cid, scope) -> None:
        self._auction_once(item, stmt, "steps", ("any_higher", cid))

    def _a_pass_final(self, item, stmt, cid, scope) -> None:
        self._auction_once(item, stmt, "pass_final", (True, cid))

    def _a_pass_not_final(self, item, stmt, cid, scope) -> None:
        self._auction_once(item, stmt, "pass_final", (False, cid))

    def _a_bid_hold(self, item, stmt, cid, scope) -> None:
        self._auction_once(item, stmt, "hold", cid)

    def _a_special_contest(self, item, stmt, cid, scope) -> None:
        name, order = stmt.children
        self.pending.append(lambda: self._need_special(item, name))
        self._auction_once(item, stmt, "contest", (_words(order), cid))

    def _need_special(self, item, token) -> None:
        names = [s.name for s in self.auction_parts.get("specials", [])]
        if str(token) not in names:
            raise item.error(token, Phrase('there is no bid {token} off the ladder', token=token),
                             expected=", ".join(names) or Phrase('a bid declared with `bid NAME "title" above every number`'))

    def _a_pass_out_writes(self, item, stmt, cid, scope) -> None:
        points, account = stmt.children
        self._need_account(item, account)
        if self.accounts[str(account)].value[2]:  # every player writes it, against nobody
            raise item.error(account, Phrase('{account} is kept per opponent, and a deal everybody passes writes it '
                                             'against nobody', account=account),
                             hint=Phrase('write it to an account declared without `per opponent`'))
        self._auction_once(item, stmt, "pass_out", PassOut(self._number(item, points), str(account), cid))

    def _a_pass_out_nothing(self, item, stmt, cid, scope) -> None:
        self._auction_once(item, stmt, "pass_out", PassOut(0, None, cid))

    def _a_refe_rule(self, item, stmt, cid, scope) -> None:
        account, times, *limit = stmt.children
        self._need_account(item, account)
        multiplier = self._number(item, times)
        if multiplier < 1:
            raise item.error(times, Phrase('a multiplier must be 1 or more'), hint=Phrase('write `by 2` to double'))
        most = self._number(item, limit[0].children[0]) if limit else None
        if most is not None and most < 1:
            raise item.error(limit[0], Phrase('with at most 0 held nobody could ever hold one'),
                             hint=Phrase('remove the statement, or allow at least 1'))
        counted = "written" if limit and limit[0].data == "refe_limit_written" else "held"
        self._auction_once(item, stmt, "multiplier", Multiplier(str(account), multiplier, most, cid, counted))

    # -- the talon and the declaration ---------------------------------------------------------------

    def _a_talon_take(self, item, stmt, cid, scope) -> None:
        self._auction_once(item, stmt, "talon_discards", (int(stmt.children[0]), cid))

    def _a_talon_shown(self, item, stmt, cid, scope) -> None:
        self._auction_once(item, stmt, "talon_shown", (True, cid))

    def _a_talon_hidden(self, item, stmt, cid, scope) -> None:
        self._auction_once(item, stmt, "talon_shown", (False, cid))

    def _a_declare_at_least_bid(self, item, stmt, cid, scope) -> None:
        self._auction_once(item, stmt, "declaration", ("at_least_bid", cid))

    def _a_declare_bid(self, item, stmt, cid, scope) -> None:
        self._auction_once(item, stmt, "declaration", ("bid", cid))

    def _a_declare_after_special(self, item, stmt, cid, scope) -> None:
        name = stmt.children[0]
        self.pending.append(lambda: self._need_special(item, name))
        self._auction_once(item, stmt, "after_special", (str(name), cid))

    # -- the defence ------------------------------------------------------------------------------------

    def _a_defence_may_decline(self, item, stmt, cid, scope) -> None:
        self._scoped_once(item, stmt, "defence", scope, ("may_decline", cid))

    def _a_defence_must(self, item, stmt, cid, scope) -> None:
        self._scoped_once(item, stmt, "defence", scope, ("must", cid))

    def _quota(self, item, stmt, cid, scope, kind: str, tricks: int, share: int | None = None) -> None:
        quotas = self.auction_parts.setdefault("quotas", {}).setdefault(scope, [])
        if any(q.kind == kind for q in quotas) or (quotas and "none" in {kind} | {q.kind for q in quotas}):
            raise item.error(stmt, Phrase("this quota contradicts or repeats one already stated for {where}", where=Phrase(
                "contract {scope}", scope=scope) if scope else Phrase("the game")))
        quotas.append(Quota(kind, tricks, cid, share))

    def _a_quota_together(self, item, stmt, cid, scope) -> None:
        tricks, *share = (int(t) for t in stmt.children)
        if share and not 1 <= share[0] <= tricks:
            raise item.error(stmt.children[1], Phrase('a share of {share} tricks each does not fit a quota of {tricks} '
                                                      'together', share=share[0], tricks=tricks), expected=Phrase('a number from 1 to {tricks}', tricks=tricks))
        self._quota(item, stmt, cid, scope, "together", tricks, share[0] if share else None)

    def _a_quota_each(self, item, stmt, cid, scope) -> None:
        self._quota(item, stmt, cid, scope, "each", int(stmt.children[0]))

    def _a_quota_lone(self, item, stmt, cid, scope) -> None:
        self._quota(item, stmt, cid, scope, "lone", int(stmt.children[0]))

    def _a_quota_none(self, item, stmt, cid, scope) -> None:
        self._quota(item, stmt, cid, scope, "none", 0)

    def _a_undefended_made(self, item, stmt, cid, scope) -> None:
        self._auction_once(item, stmt, "undefended", ("made", cid))

    def _a_undefended_played(self, item, stmt, cid, scope) -> None:
        self._auction_once(item, stmt, "undefended", ("played", cid))

    def _a_decliner_tricks_to_defender(self, item, stmt, cid, scope) -> None:
        self._auction_once(item, stmt, "decliner_tricks", ("defender", cid))

    def _a_decliner_tricks_to_nobody(self, item, stmt, cid, scope) -> None:
        self._auction_once(item, stmt, "decliner_tricks", ("nobody", cid))

    def _a_doubling(self, item, stmt, cid, scope) -> None:
        times = int(stmt.children[0])
        if not 1 <= times <= 8:
            raise item.error(stmt.children[0], Phrase('{times} doublings is not a usable kontra ladder', times=times),
                             expected=Phrase('from 1 to 8 doublings'))
        self._auction_once(item, stmt, "doubling", (times, cid))

    # -- scores -----------------------------------------------------------------------------------------

    def _a_declarer_target(self, item, stmt, cid, scope) -> None:
        bound, tricks = stmt.children
        at_most = "most" in [str(t) for t in bound.children]
        self._scoped_once(item, stmt, "targets", scope, Target(at_most, int(tricks), cid))

    def _a_score_contract(self, item, stmt, cid, scope) -> None:
        name, value, *hand = stmt.children
        if str(name) not in self.contracts:
            raise self._unknown_contract(item, name)
        values = self.auction_parts.setdefault("values", {})
        if str(name) in values:
            raise item.error(stmt, Phrase('the value of contract {name} is already stated by clause {clause}', name=name, clause=values[str(name)].clause))
        values[str(name)] = ContractValue(self._number(item, value),
                                          self._number(item, hand[0]) if hand else None, cid)

    def _a_settle(self, item, stmt, cid, scope) -> None:
        children = list(stmt.children)
        outcome = _words(children.pop(0).children[0]) if children[0].data == "settle_outcome" else None
        who, account, sign, amount, *against = children
        self._need_account(item, account)
        kind = amount.data[len("amount_"):]
        if kind == "fixed":
            fixed, *hand = amount.children
            value = Amount("fixed", self._number(item, fixed), self._number(item, hand[0]) if hand else None)
        else:
            value = Amount(kind)
        rule = Settle(_words(who), outcome, str(account), 1 if _words(sign) == "plus" else -1, value,
                      bool(against), cid)
        if rule.against_declarer and not self.accounts[rule.account].value[2]:
            raise item.error(account, Phrase('`against declarer` needs an account kept per opponent, and {account} '
                                             'is not', account=account), hint=Phrase('declare it `account {account} "..." per opponent`', account=account))
        if rule.against_declarer and rule.who == "declarer":
            raise item.error(stmt, Phrase('the declarer cannot write against himself'),
                             hint=Phrase('write `each defender writes ... against declarer`'))
        if self.accounts[rule.account].value[2] and not rule.against_declarer and value.kind != "nothing":
            # Each line of an account kept per opponent is written against someone (`Match.pairs`).
            raise item.error(account, Phrase('{account} is kept per opponent, and this rule does not say whom it '
                                             'is written against', account=account),
                             hint=Phrase('write it to an account declared without `per opponent`') if rule.who == "declarer"
                             else Phrase('end it with `against declarer`, or write it to an account declared '
                                         'without `per opponent`'))
        if rule.outcome == "not_defended" and rule.who != "declarer":
            raise item.error(stmt, Phrase('a contract nobody defends has no defenders to write to'),
                             hint=Phrase('write `if not defended: declarer writes ...`'))
        self.auction_parts.setdefault("settles", []).append((scope, rule))

    def _a_final_score(self, item, stmt, cid, scope) -> None:
        target, *rest = stmt.children
        self._need_totals(item, target, Phrase('work the settlement out into an account declared without `per opponent`'))
        terms: list = []
        for child in rest:
            if child.data == "sign_word":
                terms.append(_words(child))
            else:
                account, *times = child.children
                self._need_account(item, account)
                # `ACCOUNT against` and `ACCOUNT by` read the columns of an account kept per opponent
                # (`Match.final_totals`); a plain term, a player's one total.
                if child.data == "term_account" and self.accounts[str(account)].value[2]:
                    raise item.error(account, Phrase('{account} is kept per opponent, so a player has no one total of it',
                                                     account=account),
                                     hint=Phrase('write `{account} against` for what the others wrote against him, or '
                                                 '`{account} by` for what he wrote against them', account=account))
                if child.data != "term_account" and not self.accounts[str(account)].value[2]:
                    side = child.data[len("term_"):]
                    raise item.error(child, Phrase('`{account} {side}` reads an account kept per opponent, and {account} '
                                                   'is not', account=account, side=side),
                                     hint=Phrase('write `{account}` alone for his total', account=account))
                terms.append((child.data, str(account)) + tuple(int(t) for t in times))
        self._auction_once(item, stmt, "final", ((str(target), *terms), cid))

    def _auction_rules(self) -> AuctionRules | None:
        parts = self.auction_parts
        if "ladder" not in parts:
            return None
        steps, clause = parts["ladder"]
        fields = {f.name for f in dataclasses.fields(AuctionRules)}
        given = {k: v for k, v in parts.items() if k in fields and k != "ladder"}
        given["specials"] = tuple(parts.get("specials", ()))
        given["quotas"] = {scope: tuple(q) for scope, q in parts.get("quotas", {}).items()}
        given["settles"] = tuple(parts.get("settles", ()))
        return AuctionRules(ladder=steps, ladder_clause=clause, **given)
