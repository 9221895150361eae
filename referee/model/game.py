"""The model of a game: what a rules file means, with every rule traced to its clause.

A `Game` is built from parsed clauses by `referee.model.build`; the interpreter reads it and
never the text. Every rule value is `Cited`: the value and the ID of the clause that set it,
so a verdict can always name the clause and, through it, the source lines.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import ClassVar, Protocol

from ..errors import SourcePosition
from ..mechanics.auction.rules import AuctionRules
from ..mechanics.claims.rules import ClaimRule
from ..mechanics.contract_choice.rules import ContractChoiceRules
from ..mechanics.doubling.rules import DoublingRules
from ..mechanics.layout.rules import LayoutRules
from ..mechanics.passing.rules import PassingRules
from ..mechanics.table.rules import Packet, TableRules
from ..mechanics.tricks.rules import ScoreRule, TrickRules
from ..mechanics.vocabulary import Phase
from ..mechanics.vying.rules import VyingModel
from .values import Citation, Cited, Provenance, SeatRef

__all__ = [
    "Citation", "Provenance", "Clause", "Parameter", "Source", "Cited", "Packet", "SeatRef", "ContractRules",
    "Contract", "Check", "Game", "EndKind", "MatchEnd", "Account", "Winner", "PlayRecord",
]

class EndKind(Enum):
    """How a match ends: after a number of deals, once every player has chosen every contract,
    when an account's total (of all players, of any one, or of every one) reaches a bound, or by
    agreement."""

    DEALS = "deals"
    ALL_CHOSEN = "all chosen"
    ACCOUNT = "account"
    ANY_PLAYER = "any player"
    EVERY_PLAYER = "every player"
    """Every player's total has reached the bound (every pulka closed)."""
    AGREEMENT = "agreement"


@dataclass(frozen=True)
class MatchEnd:
    """`match ends after 24 deals`, `match ends when any player has at least 100 points`, ..."""

    kind: EndKind
    count: int = 0
    """The number of deals, or the bound on the account."""
    account: str | None = None
    at_least: bool = False
    """For ANY_PLAYER and EVERY_PLAYER: the bound is reached from below (at least), else from above
    (at most)."""


@dataclass(frozen=True)
class Account:
    """`account points "Points"`, `account bule "Bule" starting 100`, `... per opponent`."""

    title: str
    start: int = 0
    """Every player's total at the start of a match."""
    per_opponent: bool = False
    """Kept per opponent (a column for each other player, `Match.pairs`), so a player has no one
    total of it."""


@dataclass(frozen=True)
class Winner:
    """`winner lowest total`, `winner highest total of points`."""

    highest: bool
    """The highest total wins (else the lowest)."""
    account: str | None = None
    """The account whose totals decide, or None: the first account declared."""


@dataclass(frozen=True)
class Parameter:
    """A named choice where sources disagree or are silent."""

    name: str
    question: str
    choices: tuple[tuple[str, str], ...]
    """(value, description) pairs; empty for a number parameter."""
    default: str | int
    clause: str
    low: int | None = None
    high: int | None = None

    @property
    def is_number(self) -> bool:
        return not self.choices


@dataclass(frozen=True)
class Clause:
    """A numbered rule: its statement, provenance, formal text and position in its file."""

    id: str
    statement: str
    provenance: Provenance
    formal: str
    """The formal body as written in the rules file (shown beside the statement)."""
    position: SourcePosition
    parameters: tuple[str, ...] = ()
    """Parameters this clause declares: a clause that declares one records a ruling."""
    title: str | None = None
    """A few words naming the clause (`No queens`), for indexes and citations; English, translated
    through the catalogs like the statement."""

    @property
    def is_ruling(self) -> bool:
        return bool(self.parameters) or self.provenance.kind == "interpretation"


@dataclass(frozen=True)
class Source:
    id: str
    filename: str
    language: str
    lines: int


class PlayRecord(Protocol):
    """A mechanic's record of a contract's rules for one way of playing it (`TrickRules`,
    `LayoutRules`): a field of `ContractRules`, which it names."""

    contract_field: ClassVar[str]
    """The field of `ContractRules` the record fills."""


@dataclass(frozen=True)
class ContractRules:
    """How one contract is played and scored: one record per way of playing it, and the rules of
    the contract itself (each after global rules and the contract's own merge, field by field)."""

    tricks: TrickRules | None = None
    """Trick play's rules (`referee.mechanics.tricks`), or None when none is stated for it (those
    stated for the whole game reach every contract, one that plays layout too)."""
    layout: LayoutRules | None = None
    """Layout play's rules (`referee.mechanics.layout`), or None when none is stated for it."""
    only_dealer_doubled: Cited[bool] | None = None
    """In this contract only the dealer may be doubled (`referee.mechanics.doubling`)."""


@dataclass(frozen=True)
class Contract:
    id: str
    title: str
    plays: Phase
    """The phase its play runs in: `Phase.TRICKS` or `Phase.LAYOUT` (`plays tricks`, `plays layout`)."""
    clause: str
    rules: ContractRules
    combines: tuple[Cited[str], ...] = ()

    def trick_scores(self, contracts: dict[str, "Contract"]) -> tuple[Cited[ScoreRule], ...]:
        """This contract's trick scores with those of the contracts it combines."""
        out: list[Cited[ScoreRule]] = []
        for contract in (self, *(contracts[part.value] for part in self.combines)):
            if contract.rules.tricks is not None:
                out.extend(contract.rules.tricks.scores)
        return tuple(out)


@dataclass(frozen=True)
class Check:
    """A number a source states, checked against the model when the file loads."""

    quantity: str
    contract: str | None
    expected: int
    clause: str
    position: SourcePosition


@dataclass(frozen=True)
class Game:
    """A game as the rules file defines it, with parameter values already chosen.

    A mechanic's rules are one field, its package's model record (`table`, `contract_choice`,
    `card_passing`, `doubling`, `auction`, `vying`, `claims`); the rest are the framework's: the
    clauses and parameters, the accounts, the match's end and winner, the contracts and the
    numbers a source states."""

    id: str
    title: str
    path: str
    base: str | None
    """The game this one extends, for a variant."""
    sources: dict[str, Source]
    clauses: dict[str, Clause]
    uncovered: tuple[tuple[Citation, str], ...]
    parameters: dict[str, Parameter]
    settings: dict[str, str | int]
    """The value in force for every parameter."""
    table: TableRules
    """The table: the players, the decks and packs, the deal's phases, the draw, the cut, the deal
    and the dealer's rotation (`referee.mechanics.table`)."""
    accounts: dict[str, Cited[Account]] = field(default_factory=dict)
    """The accounts kept, by name, in the order declared (the match's: `account ...`)."""
    match_end: Cited[MatchEnd] | None = None
    """When the match ends (`match ends ...`)."""
    winner: Cited[Winner] | None = None
    """Who wins the match (`winner lowest total ...`)."""
    contracts: dict[str, Contract] = field(default_factory=dict)
    """The contracts, by ID, each with its play rules (the tricks' or the layout's)."""
    contract_choice: ContractChoiceRules | None = None
    """Who chooses the contract of a deal (`referee.mechanics.contract_choice`), or None."""
    card_passing: PassingRules | None = None
    """The cards passed before the play, at each table (`referee.mechanics.passing`), or None."""
    doubling: DoublingRules | None = None
    """Doubling between players, settled pair by pair (`referee.mechanics.doubling`), or None."""
    contract_order: Cited[tuple[str, ...]] | None = None
    """The contracts the deals of a match play, in order (`contracts in order ...`): the match's,
    for a game whose deals choose no contract."""
    irregularities: dict[str, Cited[tuple[str, ...]]] = field(default_factory=dict)
    """The remedies of each irregularity the rules rule on (`irregularity ... : ...`)."""
    checks: tuple[Check, ...] = ()
    """The numbers a source states, checked when the file loads (`check ...`)."""
    global_rules: ContractRules = field(default_factory=ContractRules)
    auction: "AuctionRules | None" = None
    """The rules of an auction game (its bid ladder and what follows it), or None."""
    vying: VyingModel | None = None
    """The blinds, betting and showdown statements of a vying game (`referee.mechanics.vying`)."""
    claims: Cited[ClaimRule] | None = None
    """How a claim during trick play is ruled (`referee.mechanics.claims`), or None."""

    @property
    def primary_account(self) -> str:
        """The account penalties and finishing scores are written to (the winner's account)."""
        if self.winner is not None and self.winner.value.account:
            return self.winner.value.account
        return next(iter(self.accounts), "points")

    def __repr__(self) -> str:
        """Short, for a REPL (the dataclass's own would print every clause: 30,000 characters)."""
        counts = self.table.players
        players = "-".join(str(n) for n in dict.fromkeys((min(counts.value), max(counts.value)))) \
            if counts is not None else "?"
        changed = [f"{k}={v}" for k, v in self.settings.items() if v != self.parameters[k].default]
        return (f"<Game {self.id}: {self.title!r}, {players} players, {len(self.clauses)} clauses, "
                f"{len(self.parameters)} parameters{' (' + ', '.join(changed) + ')' if changed else ''}>")

    def citations(self, clause_id: str) -> tuple[Citation, ...]:
        clause = self.clauses.get(clause_id)
        return clause.provenance.citations if clause else ()
