"""An auction game compiled for play: the model's `AuctionRules` with the tables its phases and its
settlement look up, worked out once per game and table.

A deal looks a move list or a settle rule up here instead of deriving it from the rules at every
move (a deal of an auction game makes a handful of bids and answers and settles once, so the
deriving would cost more than the moves themselves).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...engine import moves
from ...engine.moves import DEFEND, PASS
from ...engine.table import Table
from ...i18n import N_
from ...model.game import Game
from ...verdicts import ScoreLine
from ..contract_choice.phase import NAMERS
from ..tricks.compiled import CompiledContract
from ..vocabulary import PhaseWord
from .rules import (
    AmountKind,
    AuctionRules,
    ContestWinner,
    ContractValue,
    Counted,
    Declaring,
    DefenceRule,
    Outcome,
    Quota,
    QuotaKind,
    Rise,
    Target,
    Writer,
)

__all__ = ["CompiledAuction", "ContractSettlement", "Writing", "compile_auction"]

# Which bids off the ladder a seat may still say (the second index of the auction's move tables).
ANY_SPECIAL, LATER_SPECIALS, NO_SPECIAL = 0, 1, 2

# The kinds of amount as module names: a member looked up on its enum class costs several times
# as much (Python 3.11's EnumType.__getattr__), and every line a deal writes asks.
_VALUE, _TRICKS_VALUE, _UNDERTRICKS_VALUE = AmountKind.VALUE, AmountKind.TRICKS_VALUE, AmountKind.UNDERTRICKS_VALUE
_SHORTFALL_VALUE, _HALF_QUOTA_VALUE = AmountKind.SHORTFALL_VALUE, AmountKind.HALF_QUOTA_VALUE

MoveTable = tuple[tuple[int, ...], ...]
"""Moves by which bids off the ladder the seat may say: all, those not limited to a first turn, none."""


@dataclass(frozen=True)
class Writing:
    """A settle rule that writes something, ready to write its line."""

    account: str
    sign: int
    kind: AmountKind
    """What it counts: the value, tricks times the value or a fixed number (a rule writing nothing
    has no Writing)."""
    fixed: int
    fixed_from_hand: int
    """The fixed amount of a contract played from hand (the plain one where none is stated)."""
    message: str
    against_declarer: bool
    cited: tuple[str, ...]
    """The clauses of the rule and of the contract's value, in the order its line cites them."""
    tail: tuple[str, ...] = ()
    """Clauses cited after the multiplier's and the doubling's (the rule on an undefended contract)."""
    times: int = 1
    """The factor written after the amount (`tricks times value times 2`)."""

    def amount(self, worth: int, multiplier: int, from_hand: bool, tricks: int = 0, undertricks: int = 0) -> int:
        kind = self.kind
        if kind is _VALUE:
            base = worth
        elif kind is _TRICKS_VALUE or kind is _SHORTFALL_VALUE or kind is _HALF_QUOTA_VALUE:
            base = tricks * worth  # for the last two the caller counts the tricks short, or half the quota
        elif kind is _UNDERTRICKS_VALUE:
            base = undertricks * worth
        else:
            base = (self.fixed_from_hand if from_hand else self.fixed) * multiplier
        return base * self.times


@dataclass(frozen=True)
class ContractSettlement:
    """How a deal of one contract is settled: its title, value and target, the defenders' quotas,
    and by outcome what the declarer, each defender and each defender short of his quota write."""

    title: str
    value: int
    from_hand: int
    """Its value played from hand (the plain value where none is stated)."""
    target: Target
    quotas: Mapping[QuotaKind, Quota]
    undefended: tuple[Writing, ...]
    declarer: tuple[tuple[Writing, ...], tuple[Writing, ...]]
    """Indexed by whether the contract was made: (failed, made)."""
    defenders: tuple[tuple[Writing, ...], tuple[Writing, ...]]
    short: tuple[tuple[Writing, ...], tuple[Writing, ...]]
    opponents: tuple[tuple[Writing, ...], tuple[Writing, ...]] = ((), ())
    """What every player but the declarer writes, by whether the contract was made."""
    half: tuple[tuple[Writing, ...], tuple[Writing, ...]] = ((), ())
    """After a half-whist: what the declarer writes, and what the half-whister writes."""


@dataclass(frozen=True)
class CompiledAuction:
    """The model's rules (`model`) and the tables below."""

    model: AuctionRules
    has_talon_exchange: bool
    has_declaration: bool
    has_defence: bool
    bid_options: tuple[MoveTable, ...]
    """The moves of the auction by the ladder step a number bid may start from (0 to the length of
    the ladder, past its top)."""
    spoken_options: tuple[MoveTable, ...]
    """The same for a player who has spoken already: without the bids only a first call may be
    (the same tables when there are none)."""
    binding_steps: frozenset[int]
    """Ladder steps whose bidder must play them (`a bidder of misere must play it`)."""
    hold_options: tuple[MoveTable, ...]
    """The moves of an earlier bidder facing a later one's number, by that number's ladder step:
    pass or hold it, and the bids off the ladder."""
    after_special_options: MoveTable
    """The moves after a bid off the ladder (no number may follow)."""
    declare_after_special: tuple[int, ...]
    """The contracts a declarer who won with a bid off the ladder may name."""
    declare_after_bid: tuple[tuple[int, ...], ...]
    """By the ladder step of the winning number: the contracts its declarer may name."""
    ladder_step_of: tuple[int, ...]
    """Per contract index of the table: its (lowest) step on the ladder (-1 for none)."""
    step_values: tuple[tuple[int, str | None], ...]
    """On a ladder of levels, per step: the value of a contract declared there and the clause that
    states it (empty for a numbered ladder, whose values are its contracts')."""
    defence_moves: Mapping[str, tuple[int, ...]]
    """Per contract: what a defender may answer (defend; or defend or pass)."""
    settlement: Mapping[str, ContractSettlement]
    pass_out_lines: tuple[ScoreLine, ...]
    """Per seat: his line when everyone passes (none when nothing is written)."""
    multiplier_lines: tuple[ScoreLine, ...]
    """Per seat: his line when he uses up a multiplier as declarer."""
    pass_is_final: bool
    later_wins_contest: bool
    first_wins_contest: bool
    """Several bids off the ladder: the first bidder declares, and nobody else names a contract."""
    counts_written: bool
    """A limit on multipliers counts every one ever written (else the unused ones held)."""
    exit_step: int = 0
    """The ladder step the bids start from after a deal everybody passed (`after all passing:
    lowest bid ...`); 0 without the rule."""


def compile_auction(game: Game, table: Table, contracts: Mapping[str, CompiledContract]) -> CompiledAuction | None:
    """The auction rules the deals of `game` run at `table`, with the compiled `contracts`, or
    None for a game without an auction."""
    rules = game.auction
    if rules is None or game.table.phases is None or PhaseWord.AUCTION not in game.table.phases.value:
        return None
    passed, used = _fixed_lines(rules, table.players)
    multiplier = rules.multiplier
    return CompiledAuction(
        model=rules, **_bid_tables(rules, table, contracts), settlement=_settle_plans(rules, game),
        pass_out_lines=passed, multiplier_lines=used,
        pass_is_final=rules.pass_final is not None and rules.pass_final.value,
        later_wins_contest=rules.contest is not None and rules.contest.value is ContestWinner.LATER,
        first_wins_contest=rules.contest is not None and rules.contest.value is ContestWinner.FIRST,
        counts_written=multiplier is not None and multiplier.counted is Counted.WRITTEN,
        exit_step=next((i for i, step in enumerate(rules.ladder) if step.name == rules.exit_bid.bid), 0)
        if rules.exit_bid is not None else 0)


def _bid_tables(rules: AuctionRules, table: Table, contracts: Mapping[str, CompiledContract]) -> dict[str, Any]:
    """The move tables of the auction, declaration and defence, worked out once from the rules
    and the compiled contracts: what the phases look up instead of deriving them per move."""
    ladder = rules.ladder
    size = len(ladder)
    # Bids off the ladder: every one (a first turn), those not limited to a first turn, none.
    specials = tuple(moves.special(i) for i in range(len(rules.specials)))
    later = tuple(moves.special(i) for i, special in enumerate(rules.specials) if not special.first_turn_only)
    by_kind = (specials, later, ())

    def options(numbers: tuple[int, ...]) -> MoveTable:
        return tuple((PASS,) + numbers + said for said in by_kind)

    def numbers_from(nxt: int, spoken: bool = False) -> tuple[int, ...]:
        stop = nxt + 1 if rules.steps is not None and rules.steps.value is Rise.NEXT else size
        return tuple(moves.bid(i) for i in range(nxt, min(stop, size))
                     if not (spoken and ladder[i].contract in rules.first_call))

    ids = table.contract_ids
    by_declarer = NAMERS.index("declarer")

    def naming(cid: str) -> tuple[int, ...]:
        # The moves naming contract `cid`, with the trump suit (or the starting rank) when the
        # declarer names it.
        return tuple(contracts[cid].naming_moves[by_declarer])

    kind = rules.declaration.value if rules.declaration else None
    if rules.has_levels:
        # On a ladder of levels the declarer names a bid of the ladder (`declare 7H`): its strain
        # is the contract played, its level what the contract needs and is worth.
        any_contract = tuple(moves.bid(i) for i in range(size))
        def declarable(won: int) -> tuple[int, ...]:
            # A bid that binds its bidder is played as bid; after a number the contracts a number
            # may not lead to are left out.
            if ladder[won].contract in rules.binding:
                return (moves.bid(won),)
            steps = range(won, size) if kind is Declaring.AT_LEAST_BID else (won,)
            return tuple(moves.bid(i) for i in steps
                         if not (ladder[won].level is not None and ladder[i].contract in rules.not_after_number))
        after_bid = tuple(declarable(won) for won in range(size)) if kind else ()
    else:
        any_contract = tuple(move for step in ladder for move in naming(step.contract))
        after_bid = tuple(
            tuple(move for step in (ladder[level:] if kind is Declaring.AT_LEAST_BID else ladder[level:level + 1])
                  for move in naming(step.contract))
            for level in range(size)) if kind else ()
    steps: dict[str, int] = {}
    for i, step in enumerate(ladder):
        steps.setdefault(step.contract, i)
    defence = {cid: rules.defence.get(cid) or rules.defence.get(None) for cid in ids}
    phases = table.phases
    return dict(
        has_talon_exchange=PhaseWord.TALON_EXCHANGE in phases,
        has_declaration=PhaseWord.DECLARATION in phases,
        has_defence=PhaseWord.DEFENCE in phases,
        bid_options=tuple(options(numbers_from(nxt)) for nxt in range(size + 1)),
        spoken_options=tuple(options(numbers_from(nxt, True)) for nxt in range(size + 1)),
        binding_steps=frozenset(i for i, step in enumerate(ladder) if step.contract in rules.binding),
        hold_options=tuple(options((moves.bid(level),)) for level in range(size)),
        after_special_options=options(()),
        declare_after_special=any_contract,
        declare_after_bid=after_bid,
        ladder_step_of=tuple(steps.get(cid, -1) for cid in ids),
        step_values=tuple((v.value, v.clause) if (v := rules.value_of(step)) else (0, None) for step in ladder)
        if rules.has_levels else (),
        defence_moves={cid: ((DEFEND,) if rule.value is DefenceRule.MUST else (DEFEND, PASS))
                       for cid, rule in defence.items() if rule is not None},
    )


_DECLARER_MESSAGES = {Outcome.MADE: N_("{points} {contract} made"), Outcome.FAILED: N_("{points} {contract} failed"),
                      Outcome.NOT_DEFENDED: N_("{points} {contract} not defended: counted as made"),
                      Outcome.HALF_DEFENDED: N_("{points} {contract} half-whisted: counted as made")}


def _settle_plans(rules: AuctionRules, game: Game) -> dict[str, ContractSettlement]:
    """Each contract's `ContractSettlement`."""
    plans = {}
    for cid, contract in game.contracts.items():
        value = rules.values.get(cid)
        on_levels = any(step.contract == cid and step.level is not None for step in rules.ladder)
        if value is None and not on_levels:  # not on the ladder: no auction wins it (the check refuses such a game)
            continue
        if value is None:
            # A strain of a ladder of levels: its value is the level's, cited when it is settled.
            value = ContractValue(0, None, "")
        clause = value.clause

        def writings(who: Writer, outcome: Outcome, tail: tuple[str, ...] = (), cid: str = cid,
                     clause: str = clause) -> tuple[Writing, ...]:
            out = []
            for rule in rules.settle_rules(who, outcome, cid):
                amount = rule.amount
                if amount.kind is AmountKind.NOTHING:  # it replaces a game-wide rule and writes no line
                    continue
                if who is Writer.DECLARER and amount.kind is AmountKind.UNDERTRICKS_VALUE:
                    message = N_("{points} {contract} failed by {undertricks}")
                elif who is Writer.DECLARER:
                    message = _DECLARER_MESSAGES[outcome]
                elif amount.kind is AmountKind.UNDERTRICKS_VALUE:
                    message = N_("{points} written for the declarer's undertricks: {undertricks}")
                elif amount.kind is AmountKind.HALF_QUOTA_VALUE:
                    message = N_("{points} written for a half-whist: {tricks} tricks")
                elif amount.kind is AmountKind.SHORTFALL_VALUE:
                    message = N_("{points} defender short of his quota by {tricks}")
                elif who is Writer.EACH_DEFENDER:
                    message = (N_("{points} written for defending tricks: {tricks}")
                               if amount.kind is AmountKind.TRICKS_VALUE else N_("{points} written against {contract}"))
                else:
                    message = N_("{points} defender short of his quota (tricks: {tricks})")
                out.append(Writing(rule.account, rule.sign, amount.kind, amount.fixed,
                                   amount.from_hand if amount.from_hand is not None else amount.fixed,
                                   message, rule.against_declarer, tuple(dict.fromkeys(c for c in (rule.clause, clause) if c)), tail,
                                   amount.times))
            return tuple(out)

        outcomes = (Outcome.FAILED, Outcome.MADE)
        plans[cid] = ContractSettlement(
            title=contract.title, value=value.value,
            from_hand=value.from_hand if value.from_hand is not None else value.value,
            target=rules.target(cid), quotas=rules.quotas_for(cid),
            undefended=writings(Writer.DECLARER, Outcome.NOT_DEFENDED,
                                (rules.undefended.clause,) if rules.undefended else ()),
            declarer=(writings(Writer.DECLARER, outcomes[0]), writings(Writer.DECLARER, outcomes[1])),
            defenders=(writings(Writer.EACH_DEFENDER, outcomes[0]), writings(Writer.EACH_DEFENDER, outcomes[1])),
            short=(writings(Writer.EACH_SHORT_DEFENDER, outcomes[0]), writings(Writer.EACH_SHORT_DEFENDER, outcomes[1])),
            opponents=(writings(Writer.EACH_OPPONENT, outcomes[0]), writings(Writer.EACH_OPPONENT, outcomes[1])),
            half=(writings(Writer.DECLARER, Outcome.HALF_DEFENDED,
                           (rules.half_defence.clause,) if rules.half_defence else ()),
                  writings(Writer.EACH_DEFENDER, Outcome.HALF_DEFENDED,
                           (rules.half_defence.clause,) if rules.half_defence else ())))
    return plans


def _fixed_lines(rules: AuctionRules, players: int) -> tuple[tuple[ScoreLine, ...], tuple[ScoreLine, ...]]:
    """The lines that never change, per seat: what each player writes when everyone passes, and
    the line that uses up a declarer's multiplier. Score lines are frozen, so deals share them."""
    out, held_rule = rules.pass_out, rules.multiplier
    passed: tuple[ScoreLine, ...] = ()
    if out is not None and out.account is not None:
        counted = held_rule if held_rule is not None and held_rule.account == out.account else None
        clauses = (out.clause,) + ((counted.clause,) if counted else ())
        passed = tuple(ScoreLine(seat, out.points, out.account, N_("everyone passed, so nobody played the deal"), (),
                                 clauses) for seat in range(players))
    used: tuple[ScoreLine, ...] = () if held_rule is None else tuple(
        ScoreLine(seat, -1, held_rule.account, N_("a multiplier used up: this deal's scores are multiplied by {times}"),
                  (("times", held_rule.multiplier),), (held_rule.clause,)) for seat in range(players))
    return passed, used
