"""The model of a game: what a rules file means, with every rule traced to its clause.

A `Game` is built from parsed clauses by `referee.model.build`; the interpreter reads it and
never the text. Every rule value is `Cited`: the value and the ID of the clause that set it,
so a verdict can always name the clause and, through it, the source lines.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ..errors import SourcePosition
from ..mechanics.auction.rules import AuctionRules
from ..mechanics.claims.rules import ClaimRule
from ..mechanics.layout.rules import LayoutRules
from ..mechanics.passing.rules import CardPassing
from ..mechanics.table.rules import Packet, Rotation
from ..mechanics.tricks.rules import ScoreRule, TrickRules
from ..mechanics.vocabulary import Phase
from ..mechanics.vying.rules import VyingModel
from .cards import Deck
from .values import Citation, Cited, Provenance, SeatRef

__all__ = [
    "Citation", "Provenance", "Clause", "Parameter", "Source", "Cited", "Packet", "SeatRef", "ContractRules",
    "Contract", "Check", "Game", "EndKind", "MatchEnd",
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
    """A game as the rules file defines it, with parameter values already chosen."""

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
    players: Cited[tuple[int, ...]] | None = None
    in_deal: Cited[int] | None = None
    """How many play each deal when more sit at the table (the dealer sits out), or None: all play."""
    direction: Cited[str] | None = None
    decks: dict[str, Deck] = field(default_factory=dict)
    packs: tuple[Cited[tuple[str, int | None]], ...] = ()
    """(deck id, player count or None for any)."""
    card_points: Cited[dict[str, int]] | None = None
    first_dealer: Cited[tuple[str, str]] | None = None
    """("draw", "highest"|"lowest") or ("rank", code)."""
    draw_ties: Cited[str] | None = None
    cut: Cited[str] | None = None
    eldest: Cited[int] | None = None
    """Seats after the dealer of the eldest hand (1: the next player; 0: the dealer)."""
    phases: Cited[tuple[str, ...]] | None = None
    """The phases of every deal, in order (`deal phases ...`)."""
    deal: Cited[tuple[Packet, ...]] | None = None
    dealer_rotation: Cited[Rotation] | None = None
    """Where the deal passes, and after how many deals of one dealer."""
    accounts: dict[str, Cited[tuple[str, int, bool]]] = field(default_factory=dict)
    """name -> (title, starting value, kept per opponent)."""
    match_end: Cited[MatchEnd] | None = None
    winner: Cited[tuple[str, str | None]] | None = None
    contracts: dict[str, Contract] = field(default_factory=dict)
    contract_choice: Cited[str] | None = None
    card_passing: Cited[CardPassing] | None = None
    pair_doubling: Cited[bool] | None = None
    """Players may double each other and redouble (side bets settled pair by pair)."""
    double_quota: Cited[int] | None = None
    """Each player must double each dealer at least this often over that dealer's deals."""
    contract_order: Cited[tuple[str, ...]] | None = None
    """The contracts the deals of a match play, in order (`contracts in order ...`)."""
    choose_once: Cited[bool] | None = None
    irregularities: dict[str, Cited[tuple[str, ...]]] = field(default_factory=dict)
    checks: tuple[Check, ...] = ()
    global_rules: ContractRules = field(default_factory=ContractRules)
    auction: "AuctionRules | None" = None
    """The rules of an auction game (its bid ladder and what follows it), or None."""
    vying: VyingModel | None = None
    claims: Cited[ClaimRule] | None = None
    """How a claim during trick play is ruled (`referee.mechanics.claims`), or None."""
    """The blinds, betting and showdown statements of a vying game (`referee.mechanics.vying`)."""

    @property
    def primary_account(self) -> str:
        """The account penalties and finishing scores are written to (the winner's account)."""
        if self.winner is not None and self.winner.value[1]:
            return self.winner.value[1]
        return next(iter(self.accounts), "points")

    def pack_for(self, players: int) -> Deck:
        """The deck used with this many players."""
        fallback = None
        for cited in self.packs:
            deck_id, count = cited.value
            if count == players:
                return self.decks[deck_id]
            if count is None:
                fallback = self.decks[deck_id]
        if fallback is None:
            raise LookupError(f"no pack for {players} players")
        return fallback

    def pack_clause(self, players: int) -> str:
        for cited in self.packs:
            if cited.value[1] in (players, None):
                return cited.clause
        return ""

    def dealt_players(self, players: int) -> int:
        """How many of `players` at the table receive cards and play a deal (the rest, the dealer, sit out)."""
        return min(players, self.in_deal.value) if self.in_deal is not None else players

    def dealt_cards(self, players: int) -> tuple[int, int, int]:
        """(cards in each hand, cards to the talon, cards face up) for `players` players."""
        hand = talon = up = 0
        assert self.deal is not None
        hands = self.dealt_players(players)
        for packet in self.deal.value:
            if packet.to_end:  # the rest of the pack, shared out evenly (the load check sees to that)
                hand += (len(self.pack_for(players).cards) - hand * hands - talon - up) // hands
            elif packet.kind == "each":
                hand = packet.until if packet.until is not None else hand + packet.count
            elif packet.kind == "talon":
                talon += packet.count
            else:
                up += packet.count
        return hand, talon, up

    def __repr__(self) -> str:
        """Short, for a REPL (the dataclass's own would print every clause: 30,000 characters)."""
        players = "-".join(str(n) for n in dict.fromkeys((min(self.players.value), max(self.players.value)))) \
            if self.players is not None else "?"
        changed = [f"{k}={v}" for k, v in self.settings.items() if v != self.parameters[k].default]
        return (f"<Game {self.id}: {self.title!r}, {players} players, {len(self.clauses)} clauses, "
                f"{len(self.parameters)} parameters{' (' + ', '.join(changed) + ')' if changed else ''}>")

    @property
    def default_players(self) -> int:
        assert self.players is not None
        return self.players.value[0]

    def citations(self, clause_id: str) -> tuple[Citation, ...]:
        clause = self.clauses.get(clause_id)
        return clause.provenance.citations if clause else ()
