"""Reading the statements of an auction game into its model record (`Game.auction`), with the
errors an author can make in each one.

The statements collect in an `AuctionDraft`, the builder's draft of the record; the record is
made once every statement is read (a game without a bid ladder has none). Checks that need the
whole game (every contract on the ladder, a special bid named where it is declared) are in
`check`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...errors import Phrase, Term
from ...front.syntax import Node, unquote
from ...model.document import Located
from ...model.values import Cited, SeatRef
from ..declaration import Builder, StatementBuilder
from ..vocabulary import PhaseWord
from .rules import (
    AccountCap,
    Amount,
    AmountKind,
    AuctionRules,
    ContractValue,
    Counted,
    Declaring,
    DeclinerTricks,
    DefenceRule,
    FinalScore,
    FinalTerm,
    Growth,
    LadderStep,
    Multiplier,
    OpenDefence,
    Outcome,
    PassOut,
    Quota,
    QuotaKind,
    Rise,
    Settle,
    SpecialBid,
    Target,
    TermKind,
    Undefended,
    Writer,
)
from .rules import PassOutExit as PassOutExitRule
from .rules import PassOutProgression as ProgressionRule
from .syntax import (
    AccountCapStatement,
    AnyHigherStep,
    BidBinds,
    BidFirstCall,
    BidGrid,
    BidHold,
    BidLadder,
    BidSpecial,
    DeclareAfterSpecial,
    DeclareAtLeastBid,
    DeclareBid,
    DeclarerTarget,
    DeclinerToDefender,
    DeclinerToNobody,
    DefenceMayDecline,
    DefenceMust,
    Doubling,
    FinalScoreStatement,
    FirstBid,
    HalfDefence,
    MultiplierRule,
    NextStep,
    NumberNotTo,
    OpenDefenceAlways,
    OpenDefenceChoice,
    PassFinal,
    PassNotFinal,
    PassOutExit,
    PassOutNothing,
    PassOutPlays,
    PassOutProgression,
    PassOutWrites,
    QuotaEach,
    QuotaLevels,
    QuotaLone,
    QuotaNone,
    QuotaTogether,
    ScoreContract,
    ScoreLevel,
    SettleStatement,
    SpecialContest,
    TalonHidden,
    TalonShown,
    TalonTake,
    TargetOfLevel,
    UndefendedMade,
    UndefendedPlayed,
)

__all__ = ["AuctionDraft", "BUILDERS", "SCOPED"]

SCOPED: frozenset[type[Node]] = frozenset({
    DeclarerTarget, TargetOfLevel, SettleStatement, DefenceMayDecline, DefenceMust, QuotaTogether, QuotaEach, QuotaLone, QuotaNone,
    ScoreContract})
"""The statements that may stand in an `in CONTRACT { ... }` block: they can differ by contract
(`score CONTRACT value N` names its contract and may stand in its block)."""


@dataclass
class AuctionDraft:
    """The auction statements read so far: the record's fields by name, and the clause of each
    once-only rule for the message when it is stated again."""

    game_field: ClassVar[str] = "auction"
    once: dict[str, Any] = field(default_factory=dict)
    clauses: dict[str, str] = field(default_factory=dict)
    specials: list[SpecialBid] = field(default_factory=list)
    defence: dict[str | None, Cited[DefenceRule]] = field(default_factory=dict)
    targets: dict[str | None, Target] = field(default_factory=dict)
    quotas: dict[str | None, list[Quota]] = field(default_factory=dict)
    values: dict[str, ContractValue] = field(default_factory=dict)
    level_values: dict[int, ContractValue] = field(default_factory=dict)
    level_quotas: dict[int, Quota] = field(default_factory=dict)
    first_call: dict[str, str] = field(default_factory=dict)
    binding: dict[str, str] = field(default_factory=dict)
    not_after_number: dict[str, str] = field(default_factory=dict)
    settles: list[tuple[str | None, Settle]] = field(default_factory=list)

    def set_once(self, item: Located, node: Node, cid: str, key: str, value: object) -> None:
        if key in self.once:
            raise item.error(node, Phrase('this rule is already stated by clause {clause}', clause=self.clauses[key]),
                             hint=Phrase('state each rule once; a variant replaces the clause instead'))
        self.once[key] = value
        self.clauses[key] = cid

    def finish(self) -> AuctionRules | None:
        ladder = self.once.pop("ladder", None)
        if ladder is None:  # the mechanics check asks for the ladder by name
            return None
        steps, clause = ladder
        return AuctionRules(ladder=steps, ladder_clause=clause, specials=tuple(self.specials), defence=self.defence,
                            quotas={scope: tuple(q) for scope, q in self.quotas.items()}, targets=self.targets,
                            values=self.values, level_values=self.level_values,
                            level_quotas=self.level_quotas, first_call=self.first_call, binding=self.binding,
                            not_after_number=self.not_after_number, settles=tuple(self.settles), **self.once)


def _draft(builder: Builder, item: Located, node: Node, scope: str | None) -> AuctionDraft:
    """The draft, for a statement that holds for every contract (not one in an `in` block)."""
    if scope is not None and type(node) not in SCOPED:
        words = node.rule.replace("_", " ")
        raise item.error(node, Phrase('`{kind}` holds for every contract and cannot stand in an `in` block', kind=words),
                         hint=Phrase('state it outside the `in` block'))
    return builder.draft(AuctionDraft)


def _once(key: str, value: object) -> StatementBuilder:
    """The build function of a statement that sets one rule to a fixed value, once per game."""
    def build(builder: Builder, item: Located, node: Node, cid: str, scope: str | None) -> None:
        _draft(builder, item, node, scope).set_once(item, node, cid, key, Cited(value, cid))
    return build


def _per_opponent(builder: Builder, item: Located, account: Any) -> bool:
    return builder.account(item, account).value.per_opponent


# -- the auction ----------------------------------------------------------------------------------------


def _ladder(builder: Builder, item: Located, node: BidLadder, cid: str, scope: str | None) -> None:
    draft = _draft(builder, item, node, scope)
    steps = tuple(LadderStep(int(step.number), builder.contract(item, step.contract)) for step in node.steps)
    numbers = [s.number for s in steps]
    if numbers != sorted(set(numbers)):
        raise item.error(node, Phrase('the bid ladder must rise: each number above the one before'))
    if len({s.contract for s in steps}) != len(steps):
        raise item.error(node, Phrase('a contract stands twice on the bid ladder'),
                         hint=Phrase('each step of the ladder wins a different contract'))
    draft.set_once(item, node, cid, "ladder", (steps, cid))


def _grid(builder: Builder, item: Located, node: BidGrid, cid: str, scope: str | None) -> None:
    draft = _draft(builder, item, node, scope)
    first, last = int(node.first), int(node.last)
    if not 1 <= first <= last:
        raise item.error(node.last, Phrase('the levels of the ladder must rise: from {first} to a level at least as high',
                                           first=first),
                         hint=Phrase('write the lowest level first, such as `levels 6 to 10`'))
    seen_strains: dict[str, str] = {}
    seen_codes: set[str] = set()
    for strain in node.strains:
        name = builder.contract(item, strain.contract)
        code = str(strain.code)
        if name in seen_strains:
            raise item.error(strain.contract, Phrase('strain {name} stands twice in the order of strains, so the '
                                                     'order between its places is not known', name=name),
                             hint=Phrase('list each strain once, from the lowest to the highest'))
        if not code[0].isalpha():
            raise item.error(strain.code, Phrase('the code {code} of a strain must begin with a letter: a bid is '
                                                 'written as its level and then the code', code=code),
                             hint=Phrase('write a code such as S, H or NT'))
        if code in seen_codes:
            raise item.error(strain.code, Phrase('two strains are written {code}, so a bid of it names neither',
                                                 code=code),
                             hint=Phrase('give each strain a code of its own'))
        seen_strains[name] = code
        seen_codes.add(code)
    steps = [LadderStep(0, name, f"{level}{code}", level)
             for level in range(first, last + 1) for name, code in seen_strains.items()]
    for extra in node.extras:
        name = builder.contract(item, extra.contract)
        if name in seen_strains or any(s.contract == name for s in steps):
            raise item.error(extra.contract, Phrase('contract {name} already stands on the ladder', name=name),
                             hint=Phrase('each contract of its own stands on the ladder once, and not as a strain'))
        labels = [s.label for s in steps]
        if str(extra.above) not in labels:
            raise item.error(extra.above, Phrase('there is no bid {bid} on this ladder', bid=extra.above),
                             expected=Phrase('a bid of the ladder, from {low} to {high}', low=labels[0], high=labels[-1]))
        steps.insert(labels.index(str(extra.above)) + 1, LadderStep(0, name, name))
    ladder = tuple(LadderStep(i + 1, s.contract, s.label, s.level) for i, s in enumerate(steps))
    draft.set_once(item, node, cid, "ladder", (ladder, cid))


def _target_of_level(builder: Builder, item: Located, node: TargetOfLevel, cid: str, scope: str | None) -> None:
    table = _draft(builder, item, node, scope).targets
    if scope in table:
        raise item.error(node, Phrase('the rule on {key} is already stated for {where}', key=Term("targets"),
                                      where=_scope_phrase(scope)),
                         hint=Phrase('state each rule once for each contract'))
    table[scope] = Target(False, 0, cid, of_level=True)


def _score_level(builder: Builder, item: Located, node: ScoreLevel, cid: str, scope: str | None) -> None:
    values = _draft(builder, item, node, scope).level_values
    level = int(node.level)
    if level in values:
        raise item.error(node, Phrase('the value of level {level} is already stated by clause {clause}', level=level,
                                      clause=values[level].clause))
    values[level] = ContractValue(builder.number(item, node.value), None, cid)


def _step_rule(field_name: str) -> StatementBuilder:
    """The build function of a rule on one contract of the ladder (`bid misere only as a first
    call`): the contract is checked against the ladder by `check`, once the ladder is read."""
    def build(builder: Builder, item: Located, node: Any, cid: str, scope: str | None) -> None:
        table = getattr(_draft(builder, item, node, scope), field_name)
        name = builder.contract(item, node.contract)
        if name in table:
            raise item.error(node, Phrase('this rule is already stated by clause {clause}', clause=table[name]),
                             hint=Phrase('state each rule once; a variant replaces the clause instead'))
        table[name] = cid
    return build


def _half_defence(builder: Builder, item: Located, node: HalfDefence, cid: str, scope: str | None) -> None:
    _draft(builder, item, node, scope).set_once(item, node, cid, "half_defence",
                                                       Cited(builder.number(item, node.level), cid))


def _quota_levels(builder: Builder, item: Located, node: QuotaLevels, cid: str, scope: str | None) -> None:
    table = _draft(builder, item, node, scope).level_quotas
    for quota in node.quotas:
        level, tricks = int(quota.level), int(quota.tricks)
        if level in table:
            raise item.error(quota.level, Phrase('the quota at level {level} is already stated by clause {clause}',
                                                 level=level, clause=table[level].clause))
        if tricks < 1:
            raise item.error(quota.tricks, Phrase('a quota of no tricks is no quota'),
                             hint=Phrase('leave the level out, or write `defenders have no quota` in a contract'))
        table[level] = Quota(QuotaKind.TOGETHER, tricks, cid, (tricks + 1) // 2)


def _special(builder: Builder, item: Located, node: BidSpecial, cid: str, scope: str | None) -> None:
    draft = _draft(builder, item, node, scope)
    kinds = [t.data for t in node.terms]
    if len(set(kinds)) != len(kinds):
        raise item.error(node, Phrase('bid {name} states the same property twice', name=node.name))
    if any(s.name == str(node.name) for s in draft.specials):
        raise item.error(node.name, Phrase('the bid {name} is declared twice', name=node.name))
    draft.specials.append(SpecialBid(str(node.name), unquote(node.title), node.has("special_from_hand"),
                                     node.has("special_first_turn"), cid))


def _first_bid(builder: Builder, item: Located, node: FirstBid, cid: str, scope: str | None) -> None:
    draft = _draft(builder, item, node, scope)
    for written in (node.seat, *node.otherwise):
        if written.role not in ("eldest", "dealer", "holder"):
            raise item.error(written, Phrase('the {seat} is not known before the auction ends',
                                             seat=builder.seat(item, written)),
                             expected=Phrase('eldest, dealer or holder of a card'))
    seat: SeatRef = builder.seats(item, node)
    draft.set_once(item, node, cid, "first_bid", Cited(seat, cid))


def _contest(builder: Builder, item: Located, node: SpecialContest, cid: str, scope: str | None) -> None:
    _draft(builder, item, node, scope).set_once(item, node, cid, "contest", Cited(node.winner, cid))


def _pass_out_writes(builder: Builder, item: Located, node: PassOutWrites, cid: str, scope: str | None) -> None:
    draft = _draft(builder, item, node, scope)
    if _per_opponent(builder, item, node.account):  # every player writes it, against nobody
        raise item.error(node.account, Phrase('{account} is kept per opponent, and a deal everybody passes writes it '
                                              'against nobody', account=node.account),
                         hint=Phrase('write it to an account declared without `per opponent`'))
    draft.set_once(item, node, cid, "pass_out", PassOut(builder.number(item, node.points), str(node.account), cid))


def _pass_out_nothing(builder: Builder, item: Located, node: PassOutNothing, cid: str, scope: str | None) -> None:
    _draft(builder, item, node, scope).set_once(item, node, cid, "pass_out", PassOut(0, None, cid))


def _pass_out_plays(builder: Builder, item: Located, node: PassOutPlays, cid: str, scope: str | None) -> None:
    draft = _draft(builder, item, node, scope)
    draft.set_once(item, node, cid, "pass_out", PassOut(0, None, cid, plays=builder.contract(item, node.contract)))


def _pass_out_progression(builder: Builder, item: Located, node: PassOutProgression, cid: str,
                          scope: str | None) -> None:
    draft = _draft(builder, item, node, scope)
    first, second, third = (int(term) for term in node.terms)
    if first < 1:
        raise item.error(node.terms[0], Phrase('a deal everybody passes writes its scores at least once'),
                         hint=Phrase('begin the terms with 1: `scores times 1, 2, 3`'))
    if second - first == third - second and second > first:
        value = ProgressionRule(first, Growth.STEP, second - first, None, cid)
    elif second % first == 0 and second > first and second * (second // first) == third:
        value = ProgressionRule(first, Growth.FACTOR, second // first, None, cid)
    else:
        raise item.error(node.terms[1], Phrase('{first}, {second}, {third} neither rise by the same step nor '
                                               'grow by the same factor', first=first, second=second, third=third),
                         hint=Phrase('write `scores times 1, 2, 3` (one more each time) or `scores times 1, 2, 4` '
                                     '(twice each time)'))
    if node.cap is not None:
        cap = int(node.cap)
        if cap <= first:
            raise item.error(node.cap, Phrase('up to {cap} stops the terms before they rise above {first}',
                                              cap=cap, first=first),
                             hint=Phrase('write a cap above the first term, or leave out `up to`'))
        value = dataclasses.replace(value, cap=cap)
    draft.set_once(item, node, cid, "progression", value)


def _pass_out_exit(builder: Builder, item: Located, node: PassOutExit, cid: str, scope: str | None) -> None:
    # the bid is looked for on the ladder by the load check: the ladder may be stated later
    _draft(builder, item, node, scope).set_once(item, node, cid, "exit_bid", PassOutExitRule(str(node.bid), cid))


def _multiplier(builder: Builder, item: Located, node: MultiplierRule, cid: str, scope: str | None) -> None:
    draft = _draft(builder, item, node, scope)
    builder.account(item, node.account)
    multiplier = builder.number(item, node.times)
    if multiplier < 1:
        raise item.error(node.times, Phrase('a multiplier must be 1 or more'), hint=Phrase('write `by 2` to double'))
    most = builder.number(item, node.limit) if node.limit is not None else None
    if most is not None and most < 1:
        raise item.error(node.limit_at or node, Phrase('with at most 0 held nobody could ever hold one'),
                         hint=Phrase('remove the statement, or allow at least 1'))
    counted = Counted.WRITTEN if node.limit_counts_written else Counted.HELD
    draft.set_once(item, node, cid, "multiplier", Multiplier(str(node.account), multiplier, most, cid, counted))


# -- the talon and the declaration ------------------------------------------------------------------------


def _talon_take(builder: Builder, item: Located, node: TalonTake, cid: str, scope: str | None) -> None:
    _draft(builder, item, node, scope).set_once(item, node, cid, "talon_discards", Cited(int(node.discards), cid))


def _after_special(builder: Builder, item: Located, node: DeclareAfterSpecial, cid: str, scope: str | None) -> None:
    _draft(builder, item, node, scope).set_once(item, node, cid, "after_special", Cited(str(node.special), cid))


# -- the defence -------------------------------------------------------------------------------------------


def _scope_phrase(scope: str | None) -> Phrase:
    return Phrase("contract {scope}", scope=scope) if scope else Phrase("the game")


def _defence(choice: DefenceRule) -> StatementBuilder:
    def build(builder: Builder, item: Located, node: Node, cid: str, scope: str | None) -> None:
        table = _draft(builder, item, node, scope).defence
        if scope in table:
            raise item.error(node, Phrase('the rule on {key} is already stated for {where}', key=Term("defence"),
                                          where=_scope_phrase(scope)),
                             hint=Phrase('state each rule once for each contract'))
        table[scope] = Cited(choice, cid)
    return build


def _add_quota(builder: Builder, item: Located, node: Node, cid: str, scope: str | None, kind: QuotaKind,
               tricks: int, share: int | None = None) -> None:
    quotas = _draft(builder, item, node, scope).quotas.setdefault(scope, [])
    kinds = {q.kind for q in quotas}
    if kind in kinds or (quotas and QuotaKind.NONE in kinds | {kind}):
        raise item.error(node, Phrase("this quota contradicts or repeats one already stated for {where}",
                                      where=_scope_phrase(scope)))
    quotas.append(Quota(kind, tricks, cid, share))


def _quota_together(builder: Builder, item: Located, node: QuotaTogether, cid: str, scope: str | None) -> None:
    tricks = int(node.tricks)
    share = int(node.share) if node.share is not None else None
    if share is not None and not 1 <= share <= tricks:
        raise item.error(node.share, Phrase('a share of {share} tricks each does not fit a quota of {tricks} '
                                            'together', share=share, tricks=tricks),
                         expected=Phrase('a number from 1 to {tricks}', tricks=tricks))
    _add_quota(builder, item, node, cid, scope, QuotaKind.TOGETHER, tricks, share)


def _quota(kind: QuotaKind) -> StatementBuilder:
    def build(builder: Builder, item: Located, node: Any, cid: str, scope: str | None) -> None:
        _add_quota(builder, item, node, cid, scope, kind, int(node.tricks) if kind is not QuotaKind.NONE else 0)
    return build


def _doubling(builder: Builder, item: Located, node: Doubling, cid: str, scope: str | None) -> None:
    draft = _draft(builder, item, node, scope)
    times = int(node.times)
    if not 1 <= times <= 8:
        raise item.error(node.times, Phrase('{times} doublings is not a usable kontra ladder', times=times),
                         expected=Phrase('from 1 to 8 doublings'))
    draft.set_once(item, node, cid, "doubling", Cited(times, cid))


# -- scores ------------------------------------------------------------------------------------------------


def _target(builder: Builder, item: Located, node: DeclarerTarget, cid: str, scope: str | None) -> None:
    table = _draft(builder, item, node, scope).targets
    if scope in table:
        raise item.error(node, Phrase('the rule on {key} is already stated for {where}', key=Term("targets"),
                                      where=_scope_phrase(scope)),
                         hint=Phrase('state each rule once for each contract'))
    table[scope] = Target(node.at_most, int(node.tricks), cid)


def _score_contract(builder: Builder, item: Located, node: ScoreContract, cid: str, scope: str | None) -> None:
    values = _draft(builder, item, node, scope).values
    name = builder.contract(item, node.contract)
    if name in values:
        raise item.error(node, Phrase('the value of contract {name} is already stated by clause {clause}', name=name,
                                      clause=values[name].clause))
    values[name] = ContractValue(builder.number(item, node.value),
                                 builder.number(item, node.from_hand) if node.from_hand is not None else None, cid)


def _settle(builder: Builder, item: Located, node: SettleStatement, cid: str, scope: str | None) -> None:
    draft = _draft(builder, item, node, scope)
    per_opponent = _per_opponent(builder, item, node.account)
    written = node.amount
    times = int(written.times) if written.times is not None else 1
    if times < 1 or (written.times is not None and written.kind is AmountKind.NOTHING):
        assert written.times is not None
        raise item.error(written.times, Phrase('`times {times}` after the amount must multiply something by at '
                                               'least 1', times=str(written.times)),
                         hint=Phrase('leave `times` out for the amount as it is, or write a factor of 1 or more'))
    if written.kind is AmountKind.FIXED:
        assert written.fixed is not None
        amount = Amount(AmountKind.FIXED, builder.number(item, written.fixed),
                        builder.number(item, written.from_hand) if written.from_hand is not None else None, times)
    else:
        amount = Amount(written.kind, times=times)
    rule = Settle(node.who, node.outcome, str(node.account), node.sign, amount, node.against_declarer, cid)
    account = node.account
    if rule.against_declarer and not per_opponent:
        raise item.error(account, Phrase('`against declarer` needs an account kept per opponent, and {account} '
                                         'is not', account=account),
                         hint=Phrase('declare it `account {account} "..." per opponent`', account=account))
    if rule.against_declarer and rule.who is Writer.DECLARER:
        raise item.error(node, Phrase('the declarer cannot write against himself'),
                         hint=Phrase('write `each defender writes ... against declarer`'))
    if per_opponent and not rule.against_declarer and amount.kind is not AmountKind.NOTHING:
        # Each line of an account kept per opponent is written against someone (`Match.pairs`).
        raise item.error(account, Phrase('{account} is kept per opponent, and this rule does not say whom it '
                                         'is written against', account=account),
                         hint=Phrase('write it to an account declared without `per opponent`')
                         if rule.who is Writer.DECLARER else
                         Phrase('end it with `against declarer`, or write it to an account declared '
                                'without `per opponent`'))
    if amount.kind is AmountKind.SHORTFALL_VALUE and rule.who is not Writer.EACH_SHORT_DEFENDER:
        raise item.error(node, Phrase('only a defender short of his quota has a shortfall to write'),
                         hint=Phrase('write `each short defender writes ... shortfall times value`'))
    if amount.kind is AmountKind.HALF_QUOTA_VALUE and rule.outcome is not Outcome.HALF_DEFENDED:
        raise item.error(node, Phrase('half the quota is written only for a half-whist'),
                         hint=Phrase('write `if half defended: each defender writes ... half quota times value`'))
    if rule.who is Writer.EACH_OPPONENT and rule.outcome is Outcome.HALF_DEFENDED:
        raise item.error(node, Phrase('a half-whisted contract is not played, and only the half-whister writes'),
                         hint=Phrase('write `if half defended: each defender writes ...`'))
    if rule.outcome is Outcome.NOT_DEFENDED and rule.who is not Writer.DECLARER:
        raise item.error(node, Phrase('a contract nobody defends has no defenders to write to'),
                         hint=Phrase('write `if not defended: declarer writes ...`'))
    draft.settles.append((scope, rule))


def _final(builder: Builder, item: Located, node: FinalScoreStatement, cid: str, scope: str | None) -> None:
    draft = _draft(builder, item, node, scope)
    if _per_opponent(builder, item, node.target):  # a column per opponent (`Match.pairs`), no one total
        raise item.error(node.target, Phrase('{account} is kept per opponent, so a player has no one total of it',
                                             account=node.target),
                         hint=Phrase('work the settlement out into an account declared without `per opponent`'))
    terms = []
    for term in node.terms:
        account = term.account
        per_opponent = _per_opponent(builder, item, account)
        # `ACCOUNT against` and `ACCOUNT by` read the columns of an account kept per opponent
        # (`Match.final_totals`); a plain term, a player's one total.
        if term.kind in (TermKind.ACCOUNT, TermKind.ABOVE_AVERAGE) and per_opponent:
            raise item.error(account, Phrase('{account} is kept per opponent, so a player has no one total of it',
                                             account=account),
                             hint=Phrase('write `{account} against` for what the others wrote against him, or '
                                         '`{account} by` for what he wrote against them', account=account))
        if term.kind in (TermKind.AGAINST, TermKind.BY) and not per_opponent:
            raise item.error(term.pos, Phrase('`{account} {side}` reads an account kept per opponent, and {account} '
                                              'is not', account=account, side=term.kind.value),
                             hint=Phrase('write `{account}` alone for his total', account=account))
        terms.append(FinalTerm(term.sign, term.kind, str(account), int(term.times) if term.times is not None else 1))
    draft.set_once(item, node, cid, "final", FinalScore(str(node.target), tuple(terms), cid))


def _cap(builder: Builder, item: Located, node: AccountCapStatement, cid: str, scope: str | None) -> None:
    draft = _draft(builder, item, node, scope)
    cap = builder.number(item, node.cap)
    if cap < 1:
        raise item.error(node.cap, Phrase('an account that closes at {cap} is closed before the first deal, so '
                                          'every point would overflow', cap=cap),
                         hint=Phrase('close it at 1 or more (the agreed size of the pulka, 20 by custom)'))
    if _per_opponent(builder, item, node.account):
        raise item.error(node.account, Phrase('{account} is kept per opponent, so a player has no one total of it '
                                              'to close', account=node.account),
                         hint=Phrase('close an account declared without `per opponent`'))
    if not _per_opponent(builder, item, node.help):
        raise item.error(node.help, Phrase('the help is written against the player helped, so {account} must be '
                                           'kept per opponent', account=node.help),
                         hint=Phrase('declare it `account {account} "..." per opponent`', account=node.help))
    rest = None
    if node.rest is not None:
        if _per_opponent(builder, item, node.rest):
            raise item.error(node.rest, Phrase('{account} is kept per opponent, so a player has no one total of it',
                                               account=node.rest),
                             hint=Phrase('take the rest off an account declared without `per opponent`'))
        if str(node.rest) == str(node.account):
            raise item.error(node.rest, Phrase('taking the rest off {account} itself would open it again below {cap}',
                                               account=node.account, cap=cap),
                             hint=Phrase('take it off another account, or leave out `then ... minus the rest`'))
        rest = str(node.rest)
    times = int(node.times)
    if times < 1:
        raise item.error(node.times, Phrase('each point of help must write at least 1 in {account}',
                                            account=node.help),
                         hint=Phrase('write the rate the source gives for each point of help'))
    draft.set_once(item, node, cid, "cap", AccountCap(str(node.account), cap, str(node.help), times, rest, cid))


BUILDERS: dict[PhaseWord, dict[type[Node], StatementBuilder]] = {
    PhaseWord.AUCTION: {
        BidLadder: _ladder, BidGrid: _grid, TargetOfLevel: _target_of_level, ScoreLevel: _score_level,
        BidSpecial: _special, FirstBid: _first_bid,
        NextStep: _once("steps", Rise.NEXT), AnyHigherStep: _once("steps", Rise.ANY_HIGHER),
        PassFinal: _once("pass_final", True), PassNotFinal: _once("pass_final", False),
        BidHold: lambda builder, item, node, cid, scope: _draft(builder, item, node, scope).set_once(
            item, node, cid, "hold", cid),
        BidFirstCall: _step_rule("first_call"), BidBinds: _step_rule("binding"),
        SpecialContest: _contest, PassOutWrites: _pass_out_writes, PassOutNothing: _pass_out_nothing,
        PassOutPlays: _pass_out_plays, PassOutProgression: _pass_out_progression, PassOutExit: _pass_out_exit,
        MultiplierRule: _multiplier, ScoreContract: _score_contract, SettleStatement: _settle, DeclarerTarget: _target,
        FinalScoreStatement: _final, AccountCapStatement: _cap,
    },
    PhaseWord.TALON_EXCHANGE: {
        TalonTake: _talon_take, TalonShown: _once("talon_shown", True), TalonHidden: _once("talon_shown", False),
    },
    PhaseWord.DECLARATION: {
        NumberNotTo: _step_rule("not_after_number"),
        DeclareAtLeastBid: _once("declaration", Declaring.AT_LEAST_BID), DeclareBid: _once("declaration", Declaring.BID),
        DeclareAfterSpecial: _after_special,
    },
    PhaseWord.DEFENCE: {
        DefenceMayDecline: _defence(DefenceRule.MAY_DECLINE), DefenceMust: _defence(DefenceRule.MUST),
        QuotaTogether: _quota_together, QuotaEach: _quota(QuotaKind.EACH), QuotaLone: _quota(QuotaKind.LONE),
        QuotaNone: _quota(QuotaKind.NONE),
        UndefendedMade: _once("undefended", Undefended.MADE), UndefendedPlayed: _once("undefended", Undefended.PLAYED),
        DeclinerToDefender: _once("decliner_tricks", DeclinerTricks.DEFENDER),
        DeclinerToNobody: _once("decliner_tricks", DeclinerTricks.NOBODY),
        OpenDefenceAlways: _once("open_defence", OpenDefence.ALWAYS),
        OpenDefenceChoice: _once("open_defence", OpenDefence.CHOICE),
        Doubling: _doubling, HalfDefence: _half_defence, QuotaLevels: _quota_levels,
    },
}
"""By the mechanic that reads them: each statement's node type and its build function."""

