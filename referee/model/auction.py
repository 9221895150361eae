"""The rules of an auction game as the model reads them: the bid ladder and the bids off it, the
talon, the declaration, the defence, and what a deal with a declarer writes.

Every value is a small frozen record carrying the clause that stated it. Rules that may be
stated for one contract (`in CONTRACT { ... }`) are kept per scope, the contract's name or None for
the whole game, and looked up contract first.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .values import SeatRef

__all__ = ["LadderStep", "SpecialBid", "PassOut", "Multiplier", "Target", "Amount", "Settle",
           "ContractValue", "Quota", "AuctionRules"]


@dataclass(frozen=True)
class LadderStep:
    """A number bid and the contract it wins."""

    number: int
    contract: str


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


@dataclass(frozen=True)
class Multiplier:
    """Each unit of `account` multiplies the next contract its holder declares by `multiplier`."""

    account: str
    multiplier: int
    limit: int | None
    """The most refes a player may have (see `counted`), or None for no limit."""
    clause: str
    counted: str = "held"
    """What the limit counts: "held" (unused ones) or "written" (every one he was ever given)."""


@dataclass(frozen=True)
class Target:
    """The declarer needs at least (or at most) `tricks` tricks to make his contract."""

    at_most: bool
    tricks: int
    clause: str

    def made(self, taken: int) -> bool:
        return taken <= self.tricks if self.at_most else taken >= self.tricks


@dataclass(frozen=True)
class Amount:
    """What a settle rule writes: the contract's value, tricks times the value, a fixed number
    (another from hand), or nothing."""

    kind: str  # "value" | "tricks_value" | "fixed" | "nothing"
    fixed: int = 0
    from_hand: int | None = None


@dataclass(frozen=True)
class Settle:
    """`[if OUTCOME:] WHO writes ACCOUNT plus|minus AMOUNT [against declarer]`."""

    who: str  # "declarer" | "each_defender" | "each_short_defender"
    outcome: str | None  # "made" | "failed" | "not_defended", or None for every outcome
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
    """The tricks the defence needs: `kind` is "together", "each", "lone" or "none"."""

    kind: str
    tricks: int
    clause: str
    share: int | None = None
    """For "together": the tricks each defender needs when the pair falls short (None: both fail)."""


@dataclass(frozen=True)
class AuctionRules:
    """Everything the auction, talon exchange, declaration and defence phases and the settlement
    of an auction game read. Fields with a clause of None are rules the game does not state."""

    ladder: tuple[LadderStep, ...]
    ladder_clause: str
    specials: tuple[SpecialBid, ...] = ()
    first_bid: tuple[SeatRef, str] | None = None
    steps: tuple[str, str] | None = None
    """("next" | "any_higher", clause): how number bids rise."""
    pass_final: tuple[bool, str] | None = None
    """(whether a pass is final, clause): `passed players may [not] bid again`."""
    hold: str | None = None
    """Clause of `earlier bidders may hold the bid` (a holding bid)."""
    contest: tuple[str, str] | None = None
    """("earlier" | "later", clause): who wins between equal contracts after several special bids."""
    pass_out: PassOut | None = None
    multiplier: Multiplier | None = None
    talon_discards: tuple[int, str] | None = None
    """(cards discarded, clause) of `declarer takes the talon and discards N`."""
    talon_shown: tuple[bool, str] | None = None
    declaration: tuple[str, str] | None = None
    """("at_least_bid" | "bid", clause): what the declarer may name after a number bid."""
    after_special: tuple[str, str] | None = None
    """(special bid, clause) of `after NAME declarer may name any contract`."""
    defence: dict[str | None, tuple[str, str]] = field(default_factory=dict)
    """scope -> ("may_decline" | "must", clause)."""
    quotas: dict[str | None, tuple[Quota, ...]] = field(default_factory=dict)
    undefended: tuple[str, str] | None = None
    """("made" | "played", clause): what follows when every defender declines."""
    decliner_tricks: tuple[str, str] | None = None
    """("defender" | "nobody", clause): whom a decliner's tricks count for."""
    doubling: tuple[int, str] | None = None
    """(most doublings, clause) of kontra."""
    targets: dict[str | None, Target] = field(default_factory=dict)
    values: dict[str, ContractValue] = field(default_factory=dict)
    settles: tuple[tuple[str | None, Settle], ...] = ()
    final: tuple[tuple, str] | None = None
    """The match's final formula: ((target, terms...), clause)."""

    def target(self, contract: str) -> Target:
        return self.targets.get(contract) or self.targets[None]

    def defence_for(self, contract: str) -> tuple[str, str]:
        return self.defence.get(contract) or self.defence[None]

    def quotas_for(self, contract: str) -> dict[str, Quota]:
        """The quotas in force for `contract`: scoped ones replace the game-wide ones."""
        chosen = self.quotas.get(contract) or self.quotas.get(None, ())
        return {q.kind: q for q in chosen}

    def settle_rules(self, who: str, outcome: str, contract: str) -> list[Settle]:
        """The rules that write to `who` when the deal ends with `outcome`. For each outcome
        (a named one, or every outcome), rules scoped to the contract replace game-wide ones."""
        out = []
        for when in (None, outcome):
            scoped = [s for scope, s in self.settles if scope == contract and s.who == who and s.outcome == when]
            out.extend(scoped or [s for scope, s in self.settles
                                  if scope is None and s.who == who and s.outcome == when])
        return out

    def ladder_index(self, contract: str) -> int:
        for i, step in enumerate(self.ladder):
            if step.contract == contract:
                return i
        return -1

    def special(self, name: str) -> SpecialBid | None:
        return next((s for s in self.specials if s.name == name), None)
