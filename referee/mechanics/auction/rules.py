"""The model record of an auction game (`Game.auction`): the bid ladder and the bids off it, the
talon, the declaration, the defence, and what a deal with a declarer writes.

Every rule is a frozen value carrying the clause that states it (`Cited`, or a record with a
`clause`). Each choice a statement offers is an enum whose values are the words of the rules
language (`Rise.NEXT` is written `each bid is the next step`). Rules that may be stated for one
contract (`in CONTRACT { ... }`) are kept per scope, the contract's ID or None for the whole game,
and looked up contract first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ...model.values import Cited, SeatRef

__all__ = ["Rise", "ContestWinner", "Declaring", "DefenceRule", "Undefended", "DeclinerTricks", "OpenDefence", "Writer", "Outcome",
           "AmountKind", "QuotaKind", "Counted", "TermKind", "LadderStep", "SpecialBid", "PassOut", "Growth",
           "PassOutProgression", "PassOutExit", "Multiplier",
           "Target", "Amount", "Settle", "ContractValue", "Quota", "FinalTerm", "FinalScore", "AccountCap",
           "AuctionRules"]


class Rise(Enum):
    """How number bids rise: `each bid is the next step` or `each bid is any higher step`."""

    NEXT = "next"
    ANY_HIGHER = "any higher"


class ContestWinner(Enum):
    """Between equal contracts after several bids off the ladder: the earlier or the later bidder;
    or, whatever the contracts, the first to make the bid (`the first bidder wins`)."""

    EARLIER = "earlier"
    LATER = "later"
    FIRST = "the first bidder wins"


class Declaring(Enum):
    """What the declarer of a number bid names: any contract at least as high, or his bid's."""

    AT_LEAST_BID = "at least bid"
    BID = "bid"


class DefenceRule(Enum):
    """`each defender may decline` or `both defenders must defend`."""

    MAY_DECLINE = "may decline"
    MUST = "must"


class Undefended(Enum):
    """What follows when every defender declines: the contract counts as made, or is played."""

    MADE = "made"
    PLAYED = "played"


class DeclinerTricks(Enum):
    """Whom a decliner's tricks count for: the lone defender, or nobody."""

    DEFENDER = "defender"
    NOBODY = "nobody"


class OpenDefence(Enum):
    """Whether a lone defender plays the decliners' hands face up with his own: always
    (`a lone defender plays with open cards`), or as he chooses once the answers are in
    (`a lone defender may play with open cards`)."""

    ALWAYS = "plays"
    CHOICE = "may play"


class Writer(Enum):
    """Who a settle rule writes for."""

    DECLARER = "declarer"
    EACH_DEFENDER = "each defender"
    EACH_SHORT_DEFENDER = "each short defender"
    EACH_OPPONENT = "each opponent"
    """Every player of the deal but the declarer, whether he defended or not."""


class Outcome(Enum):
    """How a deal with a declarer ended, as a settle rule's `if OUTCOME:` names it."""

    MADE = "made"
    FAILED = "failed"
    NOT_DEFENDED = "not defended"
    HALF_DEFENDED = "half defended"


class AmountKind(Enum):
    """What a settle rule writes: the contract's value, tricks times the value, a number, nothing."""

    VALUE = "value"
    TRICKS_VALUE = "tricks times value"
    UNDERTRICKS_VALUE = "undertricks times value"
    """The tricks by which the declarer missed his target, times the value."""
    SHORTFALL_VALUE = "shortfall times value"
    """The tricks a defender short of his quota lacks, times the value."""
    HALF_QUOTA_VALUE = "half quota times value"
    """Half the tricks the defence needs, times the value (a half-whist)."""
    FIXED = "fixed"
    NOTHING = "nothing"


class QuotaKind(Enum):
    """How the defence's tricks are counted against its quota."""

    TOGETHER = "together"
    EACH = "each"
    LONE = "lone"
    NONE = "none"


class Counted(Enum):
    """What a limit on multipliers counts: the unused ones held, or every one ever written."""

    HELD = "held"
    WRITTEN = "written"


class TermKind(Enum):
    """A term of the final settlement: a player's total of an account (times a factor), or one
    side of an account kept per opponent (what the others wrote against him, or he against them)."""

    ACCOUNT = "account"
    ABOVE_AVERAGE = "above average"
    """His total less the players' average (a fraction until the settlement rounds it)."""
    AGAINST = "against"
    BY = "by"


@dataclass(frozen=True)
class LadderStep:
    """A bid of the ladder and the contract it wins: a number (`bid ladder 2 spades, ...`), or on a
    ladder of levels times strains a level and a strain (`7H`, with `level` 7), or a contract of
    its own placed on such a ladder (`misere`, with no level)."""

    number: int
    """Its number as written, or on a ladder of levels its place (1 for the lowest step)."""
    contract: str
    label: str = ""
    """How its bid is written on a ladder of levels (`7H`, `misere`); empty for a numbered step."""
    level: int | None = None
    """Its level on a ladder of levels; None for a numbered step or a contract of its own."""

    @property
    def name(self) -> str:
        """The bid as a player writes it: `bid 2`, `bid 7H`, `bid misere`."""
        return self.label or str(self.number)


@dataclass(frozen=True)
class SpecialBid:
    """A bid off the ladder, above every number."""

    name: str
    title: str
    from_hand: bool
    """Its declarer does not take the talon and scores the contract's value from hand."""
    first_turn_only: bool
    """A player may say it only at his first turn to speak."""
    clause: str


@dataclass(frozen=True)
class PassOut:
    """What each player is written when every player passes (`points` in `account`), if anything."""

    points: int
    account: str | None
    clause: str
    plays: str | None = None
    """The contract the deal is then played in, with no declarer (raspasy), if any."""


class Growth(Enum):
    """How the price of deals everybody passes in a row grows from one to the next."""

    STEP = "step"
    """By the same step each time (`1, 2, 3`)."""
    FACTOR = "factor"
    """By the same factor each time (`1, 2, 4`)."""


@dataclass(frozen=True)
class PassOutProgression:
    """`all passing in a row: scores times 1, 2, 3[, up to N]`: a deal everybody passes, after
    `k` such deals in a row, writes its scores times `times(k)`."""

    first: int
    """The multiplier of the first such deal (after none in a row)."""
    growth: Growth
    by: int
    """The step added, or the factor multiplied, from one deal in the row to the next."""
    cap: int | None
    """The highest multiplier (`up to N`), or None."""
    clause: str

    def times(self, before: int) -> int:
        """The multiplier of a deal everybody passes after `before` such deals in a row."""
        cap = self.cap
        if self.growth is Growth.STEP:
            times = self.first + self.by * before
        else:
            # A row read from a position or a transcript is untrusted: past the cap, or past
            # `_LONGEST_ROW` deals, the power stops growing (no row of play comes near it).
            times, count = self.first, min(before, _LONGEST_ROW)
            while count and (cap is None or times < cap):
                times, count = times * self.by, count - 1
        return times if cap is None else min(times, cap)


_LONGEST_ROW = 64
"""The longest row of deals everybody passed whose price still grows by a factor."""


@dataclass(frozen=True)
class PassOutExit:
    """`after all passing: lowest bid 7S`: after a deal everybody passed, no bid below this one."""

    bid: str
    """The bid as written (a step's name on the ladder, which the load check finds)."""
    clause: str


@dataclass(frozen=True)
class Multiplier:
    """Each unit of `account` multiplies the next contract its holder declares by `multiplier`."""

    account: str
    multiplier: int
    limit: int | None
    """The most a player may have (see `counted`), or None for no limit."""
    clause: str
    counted: Counted = Counted.HELD


@dataclass(frozen=True)
class Target:
    """The declarer needs at least (or at most) `tricks` tricks to make his contract."""

    at_most: bool
    tricks: int
    clause: str
    of_level: bool = False
    """`declarer needs the tricks of his level`: at least as many as the level declared."""

    def needed(self, level: int | None) -> int:
        """The tricks the bound counts, for a contract declared at `level`."""
        return level if self.of_level and level is not None else self.tricks

    def made(self, taken: int, level: int | None = None) -> bool:
        tricks = self.needed(level)
        return taken <= tricks if self.at_most else taken >= tricks

    def missed_by(self, taken: int, level: int | None = None) -> int:
        """The tricks by which `taken` misses the target (0 when it is made): the undertricks."""
        tricks = self.needed(level)
        return max(0, taken - tricks) if self.at_most else max(0, tricks - taken)


@dataclass(frozen=True)
class Amount:
    """What a settle rule writes: the contract's value, tricks times the value, a fixed number
    (another from hand), or nothing."""

    kind: AmountKind
    fixed: int = 0
    from_hand: int | None = None
    times: int = 1
    """The factor written after the amount (`tricks times value times 2`)."""


@dataclass(frozen=True)
class Settle:
    """`[if OUTCOME:] WHO writes ACCOUNT plus|minus AMOUNT [against declarer]`."""

    who: Writer
    outcome: Outcome | None
    """None: for every outcome."""
    account: str
    sign: int
    amount: Amount
    against_declarer: bool
    clause: str


@dataclass(frozen=True)
class ContractValue:
    value: int
    from_hand: int | None
    clause: str


@dataclass(frozen=True)
class Quota:
    """The tricks the defence needs."""

    kind: QuotaKind
    tricks: int
    clause: str
    share: int | None = None
    """For TOGETHER: the tricks each defender needs when the pair falls short (None: both fail)."""


@dataclass(frozen=True)
class FinalTerm:
    """One term of the final settlement, with the sign before it."""

    sign: int
    kind: TermKind
    account: str
    times: int = 1


@dataclass(frozen=True)
class FinalScore:
    """`final TARGET = TERM plus|minus TERM ...`: the match's final account, worked out when it ends."""

    target: str
    terms: tuple[FinalTerm, ...]
    clause: str


@dataclass(frozen=True)
class AccountCap:
    """`close ACCOUNT at N: overflow to the others for HELP times K[, then REST minus the rest]`:
    an account that closes at a cap, its overflow helping the others close theirs."""

    account: str
    cap: int
    help: str
    """The account kept per opponent in which the helper writes `times` per point against the helped."""
    times: int
    rest: str | None
    """The account the overflow comes off once every other one is closed; None: it stays where written."""
    clause: str


@dataclass(frozen=True)
class AuctionRules:
    """Everything the auction, talon exchange, declaration and defence phases and the settlement
    of an auction game read. A rule the game does not state is None (or empty)."""

    ladder: tuple[LadderStep, ...]
    ladder_clause: str
    specials: tuple[SpecialBid, ...] = ()
    first_bid: Cited[SeatRef] | None = None
    steps: Cited[Rise] | None = None
    pass_final: Cited[bool] | None = None
    """Whether a pass is final: `passed players may [not] bid again`."""
    hold: str | None = None
    """Clause of `earlier bidders may hold the bid` (a holding bid)."""
    contest: Cited[ContestWinner] | None = None
    pass_out: PassOut | None = None
    progression: PassOutProgression | None = None
    """How the scores of deals everybody passes in a row grow (`all passing in a row: ...`)."""
    exit_bid: PassOutExit | None = None
    """The lowest bid after a deal everybody passed (`after all passing: lowest bid ...`)."""
    multiplier: Multiplier | None = None
    talon_discards: Cited[int] | None = None
    """Cards discarded: `declarer takes the talon and discards N`."""
    talon_shown: Cited[bool] | None = None
    declaration: Cited[Declaring] | None = None
    after_special: Cited[str] | None = None
    """The bid off the ladder of `after NAME declarer may name any contract`."""
    defence: dict[str | None, Cited[DefenceRule]] = field(default_factory=dict)
    quotas: dict[str | None, tuple[Quota, ...]] = field(default_factory=dict)
    undefended: Cited[Undefended] | None = None
    decliner_tricks: Cited[DeclinerTricks] | None = None
    open_defence: Cited[OpenDefence] | None = None
    """Whether a lone defender plays the decliners' cards face up with his own (None: never; each
    plays his own hand closed)."""
    doubling: Cited[int] | None = None
    """The most doublings of kontra."""
    targets: dict[str | None, Target] = field(default_factory=dict)
    values: dict[str, ContractValue] = field(default_factory=dict)
    level_values: dict[int, ContractValue] = field(default_factory=dict)
    """On a ladder of levels: the value of a contract declared at each level (`score level 6 value 2`)."""
    level_quotas: dict[int, Quota] = field(default_factory=dict)
    """On a ladder of levels: the defence's quota (counted together) at each level."""
    first_call: dict[str, str] = field(default_factory=dict)
    """Contract -> clause of `bid CONTRACT only as a first call`."""
    binding: dict[str, str] = field(default_factory=dict)
    """Contract -> clause of `a bidder of CONTRACT must play it`."""
    not_after_number: dict[str, str] = field(default_factory=dict)
    """Contract -> clause of `a declarer who won with a number may not name CONTRACT`."""
    half_defence: Cited[int] | None = None
    """The highest level at which the last defender may half defend after a pass."""
    settles: tuple[tuple[str | None, Settle], ...] = ()
    final: FinalScore | None = None
    cap: AccountCap | None = None

    def target(self, contract: str) -> Target:
        return self.targets.get(contract) or self.targets[None]

    def defence_for(self, contract: str) -> Cited[DefenceRule]:
        return self.defence.get(contract) or self.defence[None]

    def quotas_for(self, contract: str) -> dict[QuotaKind, Quota]:
        """The quotas in force for `contract`: scoped ones replace the game-wide ones."""
        chosen = self.quotas.get(contract) or self.quotas.get(None, ())
        return {q.kind: q for q in chosen}

    def settle_rules(self, who: Writer, outcome: Outcome, contract: str) -> list[Settle]:
        """The rules that write to `who` when the deal ends with `outcome`. For each outcome
        (a named one, or every outcome), rules scoped to the contract replace game-wide ones. A
        rule for every outcome is one for every deal played out: a deal nobody defends or that is
        half-whisted is not played, and only its own rules write."""
        out: list[Settle] = []
        for when in ((None, outcome) if outcome in (Outcome.MADE, Outcome.FAILED) else (outcome,)):
            scoped = [s for scope, s in self.settles if scope == contract and s.who is who and s.outcome is when]
            out.extend(scoped or [s for scope, s in self.settles
                                  if scope is None and s.who is who and s.outcome is when])
        return out

    @property
    def has_levels(self) -> bool:
        """The ladder is one of levels times strains (`bid ladder levels 6 to 10 in strains ...`)."""
        return any(step.level is not None for step in self.ladder)

    def value_of(self, step: LadderStep) -> ContractValue | None:
        """The value of a contract declared at `step`: its level's, else its contract's."""
        if step.level is not None and step.level in self.level_values:
            return self.level_values[step.level]
        return self.values.get(step.contract)

    def ladder_index(self, contract: str) -> int:
        for i, step in enumerate(self.ladder):
            if step.contract == contract:
                return i
        return -1

    def special(self, name: str) -> SpecialBid | None:
        return next((s for s in self.specials if s.name == name), None)
