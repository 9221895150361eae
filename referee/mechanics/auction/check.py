"""Load-time checks that an auction game's rules fit together: every contract can be won, played
and settled, and no rule waits for a situation its phases never make. Errors point at the
statement (or, for a missing one, at the game's header) and say what would make it valid."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...errors import N_, Phrase, RulesDefinitionError, Term
from ...model.document import Located
from ...model.game import Contract, Game
from ..declaration import Seen
from ..table.check import check_holder
from ..tricks.rules import ConditionKind
from ..vocabulary import PhaseWord
from .rules import AuctionRules, DefenceRule, Outcome, QuotaKind, Target, Undefended, Writer
from .syntax import (
    BidBinds,
    BidFirstCall,
    DeclareAfterSpecial,
    FirstBid,
    HalfDefence,
    NumberNotTo,
    QuotaLevels,
    ScoreContract,
    ScoreLevel,
    SettleStatement,
    SpecialContest,
    TargetOfLevel,
)

__all__ = ["check_auction", "TITLES"]

TITLES = {PhaseWord.AUCTION: N_("the auction"), PhaseWord.TALON_EXCHANGE: N_("the talon exchange"),
          PhaseWord.DECLARATION: N_("the declaration"), PhaseWord.DEFENCE: N_("the defence")}
"""How messages name each phase of an auction game (the mechanics' titles)."""

_ORDER = (PhaseWord.AUCTION, PhaseWord.TALON_EXCHANGE, PhaseWord.DECLARATION, PhaseWord.DEFENCE, PhaseWord.PLAY)

Fail = Callable[..., RulesDefinitionError]


def check_auction(game: Game, seen: Seen, phases: tuple[PhaseWord, ...], header: Located) -> None:
    listed = [p for p in phases if p in _ORDER]
    if PhaseWord.AUCTION not in phases:
        for phase in (PhaseWord.TALON_EXCHANGE, PhaseWord.DECLARATION, PhaseWord.DEFENCE):
            if phase in phases:
                raise header.error(header.tree, Phrase('{title} follows an auction, and the deal has none',
                                                       title=Term(TITLES[phase])),
                                   hint=Phrase('add `auction` to `deal phases`'))
        return
    if listed != sorted(listed, key=_ORDER.index):
        item, stmt = next((i, s) for k, _, i, s in seen if k == "phases")
        raise item.error(stmt, Phrase('the phases of an auction game come in the order auction, talon '
                                      'exchange, declaration, defence, play'), hint=Phrase('list them in that order'))
    rules = game.auction
    assert rules is not None, "the mechanics check asks for the bid ladder"

    def at(kind: str) -> tuple[Located, Any]:
        return next(((i, s) for k, _, i, s in seen if k == kind), (header, header.tree))

    def fail(kind: str, problem: Phrase, **kw: Any) -> RulesDefinitionError:
        item, stmt = at(kind)
        return item.error(stmt, problem, **kw)

    _check_specials_named(rules, seen)
    ladder_kind = "bid_grid" if rules.has_levels else "bid_ladder"
    on_ladder = {step.contract for step in rules.ladder}
    played_out = rules.pass_out.plays if rules.pass_out else None
    if played_out is not None and played_out in on_ladder:
        raise fail("pass_out_plays", Phrase('contract {cid} stands on the bid ladder, and a deal everybody passes is '
                                            'played in a contract nobody bid', cid=played_out),
                   hint=Phrase('declare a contract of its own for it, off the ladder'))
    played = game.contracts[played_out].rules.tricks if played_out is not None else None
    if played_out is not None and not (played is not None and played.scores):
        raise fail("pass_out_plays", Phrase('nothing scores the tricks of {cid}, so a deal played in it when '
                                            'everybody passes writes nothing', cid=played_out),
                   expected=Phrase('a statement such as `in {cid} {{ score 1 per trick to ACCOUNT }}`', cid=played_out))
    lead = played.first_lead if played is not None else None
    if lead is not None and lead.value.role in ("declarer", "before_declarer"):
        raise fail("first_lead", Phrase('a deal everybody passes is played in {cid} with no declarer, so its first '
                                        'lead by the declarer names nobody', cid=played_out),
                   hint=Phrase('state its own first lead: `in {cid} {{ first lead by eldest }}`', cid=played_out))
    _check_pass_out_rows(rules, at)
    for cid in game.contracts:
        if cid not in on_ladder and cid != played_out:
            raise fail(ladder_kind, Phrase('contract {cid} is not on the bid ladder, so no auction can win it', cid=cid),
                       hint=Phrase('add a step for {cid} to the ladder', cid=cid))
    from_hand = any(s.from_hand for s in rules.specials)
    _check_levels(rules, seen, fail)
    for step in rules.ladder:
        cid = step.contract
        if rules.targets.get(cid) is None and rules.targets.get(None) is None:
            raise fail(ladder_kind, Phrase('contract {cid} never says how many tricks its declarer needs', cid=cid),
                       expected=Phrase('a statement such as `declarer needs at least 6 tricks`'))
        value = rules.value_of(step)
        if value is None and step.level is not None:
            raise fail("bid_grid", Phrase('level {level} has no value, so a deal declared at it could not be settled',
                                          level=step.level),
                       expected=Phrase('a statement such as `score level {level} value 2`', level=step.level))
        if value is None:
            raise fail(ladder_kind, Phrase('contract {cid} has no value, so a deal of it could not be settled', cid=cid),
                       expected=Phrase('a statement such as `score {cid} value 4`', cid=cid))
        target = rules.target(cid)
        if target.of_level and step.level is None:
            item, stmt = next((i, s) for _, _, i, s in seen if isinstance(s, TargetOfLevel))
            raise item.error(stmt, Phrase('contract {cid} stands on the ladder without a level, so it has no tricks '
                                          'of a level to need', cid=cid),
                             hint=Phrase('state its own target: `in {cid} {{ declarer needs at most 0 tricks }}`',
                                         cid=cid))
        if from_hand and value.from_hand is None and step.level is None:
            item, stmt = next((i, s) for _, _, i, s in seen if isinstance(s, ScoreContract) and str(s.contract) == cid)
            raise item.error(stmt, Phrase('a bid off the ladder plays {cid} from hand, and its value from hand is '
                                          'not stated', cid=cid),
                             hint=Phrase('write `score {cid} value {value} from hand N`', cid=cid, value=value.value))
        _check_target_reachable(game.contracts[cid], Target(target.at_most, target.needed(step.level), target.clause),
                                fail)
        for outcome in (Outcome.MADE, Outcome.FAILED):
            if not rules.settle_rules(Writer.DECLARER, outcome, cid):
                sign = "minus" if outcome is Outcome.MADE else "plus"
                problem = (Phrase("nothing says what the declarer of {cid} writes when he makes his contract", cid=cid)
                           if outcome is Outcome.MADE else
                           Phrase("nothing says what the declarer of {cid} writes when he fails his contract", cid=cid))
                raise fail("settle", problem, expected=Phrase('a statement such as `if {outcome}: declarer writes points {sign} '
                                                              'value`', outcome=outcome.value, sign=sign))
    if not from_hand:
        for _, _, item, stmt in seen:
            hand = (stmt.from_hand if isinstance(stmt, ScoreContract) else
                    stmt.amount.from_hand if isinstance(stmt, SettleStatement) else None)
            if hand is not None:
                raise item.error(hand, Phrase('no bid of this game plays from hand, so a value from hand is never '
                                              'used'), hint=Phrase('remove `from hand N`, or declare a bid `from hand`'))
    winner = game.winner.value.account if game.winner else None
    written = {s.account for _, s in rules.settles} | {rules.pass_out.account if rules.pass_out else None}
    if rules.final is not None:
        written.add(rules.final.target)
    if winner is not None and winner not in written:
        raise fail("winner", Phrase('the winner is decided on {winner}, and nothing in this game writes it', winner=winner),
                   hint=Phrase('write it in a settle rule, or compute it: `final {winner} = ...`', winner=winner))
    if rules.final is not None and winner is not None and rules.final.target != winner:
        # The match ends on the winner's account (`Match.result`): nothing would read this one.
        final = rules.final.target
        raise fail("final_score", Phrase('the final settlement works out {final}, and the winner is decided on '
                                         '{winner}, so nothing reads it', final=final, winner=winner),
                   hint=Phrase('write `final {winner} = ...`, or `winner ... total of {final}`', winner=winner, final=final))
    for _, _, item, stmt in seen:
        if isinstance(stmt, FirstBid):  # somebody holds the card that names the first bidder
            check_holder(game, item, stmt, (stmt.seat, *stmt.otherwise))
    cap = rules.cap
    if cap is not None and rules.final is not None and rules.final.target in (cap.rest, cap.help, cap.account):
        # The final settlement overwrites its account when the match ends: what the cap wrote there is lost.
        raise fail("account_cap", Phrase('the final settlement works out {final} when the match ends, so what the '
                                         'closing of {account} writes in it is lost', final=rules.final.target,
                                         account=cap.account),
                   hint=Phrase('write the overflow in an account the settlement reads'))
    _check_pass_out(rules, fail)
    _check_talon(game, rules, phases, fail)
    _check_specials(rules, phases, fail)
    _check_defence(game, rules, phases, seen, fail)


def _check_pass_out_rows(rules: AuctionRules, at: Callable[[str], tuple[Located, Any]]) -> None:
    """The rules on deals everybody passes in a row: the price that grows needs something written
    when all pass, and the lowest bid after them must be a bid of the ladder above its first."""
    out = rules.pass_out
    if rules.progression is not None and (out is None or (out.account is None and out.plays is None)):
        item, stmt = at("pass_out_progression")
        raise item.error(stmt, Phrase('a deal everybody passes writes nothing here, so nothing can cost more in a row'),
                         hint=Phrase('state what it writes: `all passing: contract ID is played`, or `all passing: '
                                     'each player writes 1 ACCOUNT`'))
    if rules.exit_bid is not None:
        item, stmt = at("pass_out_exit")
        names = [step.name for step in rules.ladder]
        if rules.exit_bid.bid not in names:
            raise item.error(stmt.bid, Phrase('there is no bid {bid} on this ladder', bid=rules.exit_bid.bid),
                             expected=Phrase('a bid of the ladder, from {low} to {high}', low=names[0], high=names[-1]))
        if names.index(rules.exit_bid.bid) == 0:
            raise item.error(stmt.bid, Phrase('{bid} is the lowest bid anyway, so the rule changes nothing',
                                              bid=rules.exit_bid.bid),
                             hint=Phrase('name a higher bid, or remove the statement'))


def _check_levels(rules: AuctionRules, seen: Seen, fail: Fail) -> None:
    """The rules that read the level of a bid stand in a game whose ladder has levels, and name
    one of its levels; a rule on a contract of its own (misère) names one on the ladder."""
    levels = {step.level for step in rules.ladder if step.level is not None}
    own = [step.contract for step in rules.ladder if step.level is None]
    for _, _, item, stmt in seen:
        if isinstance(stmt, BidFirstCall | BidBinds | NumberNotTo):
            name = str(stmt.contract)
            if not levels and isinstance(stmt, NumberNotTo):
                raise item.error(stmt, Phrase('the bid ladder has no levels, so no bid has a level to read'),
                                 hint=Phrase('write the ladder as `bid ladder levels 6 to 10 in strains ...`, or '
                                             'state the tricks and the value of each contract'))
            if levels and name not in own:
                raise item.error(stmt.contract, Phrase('{name} is not a contract of its own on the ladder, so this '
                                                       'rule would bind every bid of a strain', name=name),
                                 expected=", ".join(own) or Phrase('a contract placed on the ladder with `, NAME '
                                                                   'above BID`'))
            if not levels and all(step.contract != name for step in rules.ladder):
                raise item.error(stmt.contract, Phrase('contract {cid} is not on the bid ladder, so no auction '
                                                       'can win it', cid=name),
                                 hint=Phrase('add a step for {cid} to the ladder', cid=name))
        if isinstance(stmt, HalfDefence | QuotaLevels) and not levels:
            raise item.error(stmt, Phrase('the bid ladder has no levels, so no bid has a level to read'),
                             hint=Phrase('write the ladder as `bid ladder levels 6 to 10 in strains ...`, or '
                                         'state the tricks and the value of each contract'))
        if isinstance(stmt, HalfDefence) and rules.half_defence and rules.half_defence.value not in levels:
            raise item.error(stmt.level, Phrase('there is no level {level} on the bid ladder',
                                                level=rules.half_defence.value),
                             expected=Phrase('a level from {low} to {high}', low=min(levels), high=max(levels)))
        if isinstance(stmt, QuotaLevels):
            for quota in stmt.quotas:
                if int(quota.level) not in levels:
                    raise item.error(quota.level, Phrase('there is no level {level} on the bid ladder',
                                                         level=quota.level),
                                     expected=Phrase('a level from {low} to {high}', low=min(levels), high=max(levels)))
        if isinstance(stmt, TargetOfLevel | ScoreLevel) and not levels:
            raise item.error(stmt, Phrase('the bid ladder has no levels, so no bid has a level to read'),
                             hint=Phrase('write the ladder as `bid ladder levels 6 to 10 in strains ...`, or state '
                                         'the tricks and the value of each contract'))
        if isinstance(stmt, ScoreLevel) and int(stmt.level) not in levels:
            raise item.error(stmt.level, Phrase('there is no level {level} on the bid ladder', level=stmt.level),
                             expected=Phrase('a level from {low} to {high}', low=min(levels), high=max(levels)))
    if levels:
        for _, _, item, stmt in seen:
            if isinstance(stmt, ScoreContract) and any(step.contract == str(stmt.contract) and step.level is not None
                                                       for step in rules.ladder):
                raise item.error(stmt, Phrase('contract {cid} is a strain of the ladder, and its value is that of '
                                              'the level it is declared at', cid=stmt.contract),
                                 hint=Phrase('write `score level N value M` for each level'))


def _check_half_defence(rules: AuctionRules, may_decline: bool, seen: Seen, fail: Fail) -> None:
    """A half-whist needs a defender who may pass, and rules for what it writes; rules for a
    half-whist need the half-whist."""
    writes = [s for _, s in rules.settles if s.outcome is Outcome.HALF_DEFENDED]
    if rules.half_defence is not None:
        if not may_decline:
            raise fail("half_defence", Phrase('no defender may decline, so nobody ever passes before a half-whist'),
                       hint=Phrase('remove it, or write `each defender may decline`'))
        if not any(s.who is Writer.DECLARER for s in writes):
            raise fail("half_defence", Phrase('nothing says what the declarer writes when a defender half-whists'),
                       expected=Phrase('a statement such as `if half defended: declarer writes pulka plus value`'))
    elif writes:
        item, stmt = next((i, s) for _, _, i, s in seen
                          if isinstance(s, SettleStatement) and s.outcome is Outcome.HALF_DEFENDED)
        raise item.error(stmt, Phrase('no defender may half-whist in this game, so this rule never applies'),
                         hint=Phrase('remove it, or write `the last defender may half defend after a pass, up to '
                                     'level 7`'))


def _check_specials_named(rules: AuctionRules, seen: Seen) -> None:
    """A rule that names a bid off the ladder names one the game declares."""
    names = [s.name for s in rules.specials]
    for _, _, item, stmt in seen:
        if isinstance(stmt, SpecialContest | DeclareAfterSpecial) and str(stmt.special) not in names:
            raise item.error(stmt.special, Phrase('there is no bid {token} off the ladder', token=stmt.special),
                             expected=", ".join(names) or Phrase('a bid declared with `bid NAME "title" above every number`'))


def _check_target_reachable(contract: Contract, target: Target, fail: Fail) -> None:
    """A deal that ends when the declarer takes k tricks can never be made by a declarer who needs
    more than k."""
    for end in contract.rules.tricks.early_ends if contract.rules.tricks is not None else ():
        if end.value.kind is ConditionKind.DECLARER_TRICKS and not target.at_most and target.tricks > end.value.count:
            raise fail("declarer_target", Phrase('in {id} the deal ends when the declarer takes {count} tricks, so he '
                                                 'can never take the {tricks} he needs', id=contract.id,
                                                 count=end.value.count, tricks=target.tricks),
                       hint=Phrase('state his target for {id}, such as `declarer needs at most {end} '
                                   'tricks`', id=contract.id, end=end.value.count - 1))


def _check_pass_out(rules: AuctionRules, fail: Fail) -> None:
    out, held = rules.pass_out, rules.multiplier
    if held is not None and (out is None or out.account != held.account):
        raise fail("pass_out_nothing" if out is not None and out.account is None else "multiplier_rule",
                   Phrase('nothing ever writes a {account}, so this rule never applies', account=held.account),
                   hint=Phrase('write `all passing: each player writes 1 {account}`', account=held.account))


def _check_talon(game: Game, rules: AuctionRules, phases: tuple[PhaseWord, ...], fail: Fail) -> None:
    if PhaseWord.TALON_EXCHANGE not in phases:
        return
    _, talon, _ = game.table.dealt_cards(game.table.default_players)
    assert rules.talon_discards is not None, "the mechanics check asks for `declarer takes the talon`"
    count = rules.talon_discards.value
    if talon == 0:
        raise fail("talon_take", Phrase('the deal puts no cards in the talon, so there is nothing to take'),
                   hint=Phrase('deal a talon (`deal 5 each, 2 to talon, 5 each`), or remove `talon '
                               'exchange` from `deal phases`'))
    if count != talon:
        raise fail("talon_take", Phrase('the declarer takes {talon} talon cards and discards {count}: his hand '
                                        "would no longer match the others'", talon=talon, count=count),
                   hint=Phrase('write `discards {talon}`', talon=talon))
    if count != 2:
        raise fail("talon_take", Phrase("this referee's discard action names two cards, not {count}", count=count),
                   hint=Phrase('a talon of two cards can be exchanged; deal two to the talon'))


def _check_specials(rules: AuctionRules, phases: tuple[PhaseWord, ...], fail: Fail) -> None:
    if not rules.specials:
        return
    name = rules.specials[0].name
    if PhaseWord.DECLARATION not in phases:
        raise fail("bid_special", Phrase('the declarer of {name} names his contract, and the deal has no '
                                         'declaration', name=name), hint=Phrase('add `declaration` to `deal phases`'))
    if rules.after_special is None:
        raise fail("bid_special", Phrase('nothing says which contracts the declarer of {name} may name', name=name),
                   expected=Phrase('`after {name} declarer may name any contract`', name=name))
    if rules.contest is None:
        raise fail("bid_special", Phrase('several players may say {name}, and nothing says who then wins', name=name),
                   expected=Phrase('`between several {name} bids the highest contract wins, then the earlier bidder`',
                                   name=name))


def _check_defence(game: Game, rules: AuctionRules, phases: tuple[PhaseWord, ...], seen: Seen, fail: Fail) -> None:
    if PhaseWord.DEFENCE not in phases:
        return
    choices = {scope: rule.value for scope, rule in rules.defence.items()}
    if None not in choices and set(choices) != set(game.contracts):
        missing = sorted(set(game.contracts) - {c for c in choices if c is not None})[0]
        raise fail("defence_must", Phrase('nothing says whether the defenders of {missing} may decline', missing=missing),
                   expected=Phrase('`each defender may decline` or `both defenders must defend`'))
    may_decline = any(choices.get(cid, choices.get(None)) is DefenceRule.MAY_DECLINE for cid in game.contracts)
    if may_decline:
        for key, write in (("undefended", "nobody defending: contract counts as made"),
                           ("decliner_tricks", "tricks of a decliner count for the lone defender")):
            if getattr(rules, key) is None:
                raise fail("defence_may_decline", Phrase('a defender may decline, and nothing says what follows'),
                           expected=Phrase('a statement such as `{write}`', write=write))
    else:
        if rules.open_defence is not None:
            raise fail(f"open_defence_{rules.open_defence.value.name.lower()}",
                       Phrase('no defender may decline, so nobody ever defends alone with open cards'),
                       hint=Phrase('remove it, or write `each defender may decline`'))
        for pair in (("undefended_made", "undefended_played"),
                     ("decliner_tricks_to_defender", "decliner_tricks_to_nobody")):
            for kind in pair:
                if any(k == kind for k, *_ in seen):
                    raise fail(kind, Phrase('no defender may decline, so this rule never applies'),
                               hint=Phrase('remove it, or write `each defender may decline`'))
    undefended_made = rules.undefended is not None and rules.undefended.value is Undefended.MADE
    writes_undefended = any(s.outcome is Outcome.NOT_DEFENDED for _, s in rules.settles)
    if undefended_made and not writes_undefended:
        raise fail("undefended_made", Phrase('nothing says what the declarer writes when nobody defends'),
                   expected=Phrase('a statement such as `if not defended: declarer writes points minus value`'))
    if writes_undefended and not undefended_made:
        item, stmt = next((i, s) for _, _, i, s in seen
                          if isinstance(s, SettleStatement) and s.outcome is Outcome.NOT_DEFENDED)
        raise item.error(stmt, Phrase('a contract nobody defends is played out here, so it is never settled '
                                      'as undefended'),
                         hint=Phrase('remove it, or write `nobody defending: contract counts as made`'))
    quotas = [q for qs in rules.quotas.values() for q in qs if q.kind is not QuotaKind.NONE]
    quotas += list(rules.level_quotas.values())
    _check_half_defence(rules, may_decline, seen, fail)
    short = any(s.who is Writer.EACH_SHORT_DEFENDER for _, s in rules.settles)
    if quotas and not short:
        raise fail(f"quota_{quotas[0].kind.value}",
                   Phrase('a quota is stated, and nothing says what a defender short of it writes'),
                   expected=Phrase('a statement such as `if made: each short defender writes points plus value`'))
    if short and not quotas:
        item, stmt = next((i, s) for _, _, i, s in seen
                          if isinstance(s, SettleStatement) and s.who is Writer.EACH_SHORT_DEFENDER)
        raise item.error(stmt, Phrase('no quota is stated, so no defender is ever short'),
                         hint=Phrase('state one, such as `defenders need 4 tricks together`'))
    if not may_decline and any(q.kind is QuotaKind.LONE for q in quotas):
        raise fail("quota_lone", Phrase('no defender may decline, so nobody ever defends alone'),
                   hint=Phrase('remove it, or write `each defender may decline`'))
    counted = {QuotaKind.TOGETHER, QuotaKind.EACH}
    for qs in rules.quotas.values():
        kinds = {q.kind for q in qs}
        if counted <= kinds:
            raise fail("quota_each", Phrase('the quota is counted both together and for each defender'),
                       hint=Phrase('keep one of the two'))
        if kinds & counted and may_decline and QuotaKind.LONE not in kinds | {q.kind for q in rules.quotas.get(None, ())}:
            first = next(k for k in (QuotaKind.TOGETHER, QuotaKind.EACH) if k in kinds)
            raise fail(f"quota_{first.value}", Phrase('a defender may defend alone, and nothing says how many tricks he needs'),
                       expected='`lone defender needs 2 tricks`')
