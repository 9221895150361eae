"""A contract compiled for play: its rules as plain values and tables for the trick loop (and,
for a contract that plays layout, its layout's tables), each with its clause ID."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ...engine.moves import choice as choice_move
from ...engine.table import Table
from ...model.game import Contract, Game
from ...model.values import Cited, SeatRef
from ..contract_choice.phase import NAMERS, dealer_chooses
from ..layout.compiled import LayoutTables, compile_layout
from ..layout.rules import LayoutRules
from ..vocabulary import Phase
from .rules import (
    AllTaken,
    Condition,
    ConditionKind,
    DutyKind,
    DutyStep,
    Extreme,
    HeadDuty,
    ScoreKind,
    ScoreRule,
    TrickRules,
    Trumps,
)

__all__ = ["CompiledContract", "compile_contract", "trick_strength_table"]


class DutyCheck(NamedTuple):
    """One step of the play duty: follow, trump, discard (from `cards`, or any card) or any card."""

    kind: DutyKind
    """Compared with `is` in the play loops (an Enum's `==` is a Python call)."""
    cards: frozenset[int] | None


class CardRule(NamedTuple):
    """A rule about a set of cards (an early end, a lead restriction, a first-trick ban) and its clause."""

    cards: frozenset[int]
    clause: str


class CountRule(NamedTuple):
    """A rule about a number of tricks (the declarer's, or the defenders' together, that end the
    deal) and its clause."""

    tricks: int
    clause: str


class Leader(NamedTuple):
    """Who leads (tricks) or moves (layout) first, and the clause."""

    seat: SeatRef
    clause: str


class Moon(NamedTuple):
    """Shooting the moon: the taker's score, each other's, the moon's cards, the clause."""

    taker: int
    others: int
    cards: frozenset[int]
    clause: str


class TrickScore(NamedTuple):
    """`score N per trick`: the points, the clause, only the last N tricks or only trick number N
    (or None), and the account written."""

    points: int
    clause: str
    last: int | None
    number: int | None
    account: str


class CardScore(NamedTuple):
    """`score N per card of ... taken`: the points, the cards, the clause, the card set as written
    (for the line) and the account written."""

    points: int
    cards: frozenset[int]
    clause: str
    text: str
    account: str


@dataclass(frozen=True)
class CompiledContract:
    """A contract's rules as plain values for the play loop, each with its clause ID."""

    id: str
    plays: Phase
    """The phase its play runs in: tricks or layout."""
    duty: tuple[DutyCheck, ...]
    """The play duty's steps in order."""
    duty_clause: str | None
    trump: int | None
    """Suit index of fixed trumps, or None."""
    trumps_named_by: str | None
    """"declarer" or "chooser" when that player names the trump suit."""
    trumps_clause: str | None
    head: str | None
    """Clause of a duty to head the trick (beat its best card) when following suit, or None."""
    head_on_trump_leads: bool
    """The duty to head holds only in a trick whose led card is a trump."""
    overtrump: str | None
    """Clause of a duty to overtrump when trumping a trick already trumped, or None."""
    after_follow: tuple[DutyCheck, ...] | None
    """The duty's steps for a player who cannot follow suit, when it begins `must follow suit`
    and asks nothing more of a player who can (no duty to head or to overtrump); else None."""
    trumps_win: bool
    winner_clause: str | None
    first_lead: Leader | None
    first_lead_card: str | None
    """Clause of `, who leads it`: the first leader must lead the card that names him; or None."""
    ends_when_taken: tuple[CardRule, ...]
    ends_declarer_tricks: CountRule | None
    """The declarer's tricks that end the deal (the fewest, where several rules say)."""
    ends_defenders_tricks: CountRule | None
    """The defenders' tricks together that end the deal (the fewest, where several rules say)."""
    lead_restrictions: tuple[CardRule, ...]
    lead_until_broken: tuple[CardRule, ...]
    """Cards that may not be led until one of them has been played to a trick."""
    first_trick_bans: tuple[CardRule, ...]
    """Cards barred from the first trick while the player holds another he may play."""
    all_taken: Moon | None
    per_trick: tuple[TrickScore, ...]
    per_card: tuple[CardScore, ...]
    layout: LayoutTables | None
    """The tables of layout play, for a contract that plays layout."""
    layout_named_by: str | None
    """"chooser", "declarer" or "dealer" when that player names the starting rank."""
    layout_clauses: tuple[str, ...]
    trick_strength: tuple[tuple[tuple[int, ...], ...], ...] = ()
    no_trick: tuple[TrickScore, ...] = ()
    """`score N for no trick`: what a player who takes no trick is written."""
    fewest: tuple[TrickScore, ...] = ()
    """`fewest tricks write N per trick of each other player in ACCOUNT` (an account kept per opponent)."""
    """[trump suit + 1, or 0 without trumps][suit led][card]: the card's strength in the trick
    (see `trick_strength_table`); the strongest card wins it."""
    talon_leads: int = 0
    """`talon cards lead the first N tricks`: N (0 without the rule)."""
    talon_clause: str | None = None
    naming_moves: tuple[tuple[int, ...], ...] = ()
    """Per player who may name this contract (in the order of `NAMERS`), the moves by which he
    names it (`_naming_moves`)."""
    ends_early: bool = field(init=False, repr=False, compare=False)
    """Some rule may end the deal before the hands are played out (`ends_when_taken`,
    `ends_declarer_tricks`, `ends_defenders_tricks`): taking a trick asks only then."""

    def __post_init__(self) -> None:
        ends = bool(self.ends_when_taken) or self.ends_declarer_tricks is not None \
            or self.ends_defenders_tricks is not None
        object.__setattr__(self, "ends_early", ends)


def compile_contract(game: Game, table: Table, contract: Contract) -> CompiledContract:
    # Global trick rules reach a contract that plays layout too (what it reads of them: none).
    rules = contract.rules.tricks or TrickRules()
    laid = contract.rules.layout or LayoutRules()

    def clause(cited: Cited[Any] | None) -> str | None:
        return cited.clause if cited is not None and cited.value else None

    scores = contract.trick_scores(game.contracts)
    trumps = rules.trumps.value if rules.trumps else Trumps()
    named = trumps.named_by
    layout = contract.plays is Phase.LAYOUT
    lead = laid.first_move if layout else rules.first_lead
    duty = rules.play_duty.value if rules.play_duty else ()
    winner = rules.trick_winner.value if rules.trick_winner else None
    head = rules.head_duty
    head_clause = head.clause if head is not None and head.value is not HeadDuty.NONE else None
    layout_named = laid.start.value.named_by if laid.start is not None else None
    if dealer_chooses(game):  # the dealer names the contract: what he names, he names as its chooser
        named, layout_named = ("chooser" if role == "dealer" else role for role in (named, layout_named))
    account = game.primary_account
    return CompiledContract(
        id=contract.id,
        plays=contract.plays,
        duty=tuple(DutyCheck(step.kind, table.cards_of(step.cards) if step.cards else None) for step in duty),
        duty_clause=rules.play_duty.clause if rules.play_duty else None,
        trump=table.suit_codes.index(trumps.suit) if trumps.suit in table.suit_codes else None,
        trumps_named_by=named,
        trumps_clause=rules.trumps.clause if rules.trumps else None,
        head=head_clause,
        head_on_trump_leads=head is not None and head.value is HeadDuty.ON_TRUMP_LEADS,
        overtrump=clause(rules.overtrump_duty),
        after_follow=_after_follow(table, duty, head_clause or clause(rules.overtrump_duty)),
        trumps_win=winner is not None and winner.trumps_win,
        winner_clause=rules.trick_winner.clause if rules.trick_winner else None,
        first_lead=Leader(lead.value, lead.clause) if lead else None,
        first_lead_card=clause(rules.first_lead_card) if not layout else None,
        ends_when_taken=tuple(CardRule(table.cards_of(c.value.cards), c.clause) for c in rules.early_ends
                              if c.value.kind is ConditionKind.CARDS_TAKEN and c.value.cards is not None),
        ends_declarer_tricks=_fewest(rules.early_ends, ConditionKind.DECLARER_TRICKS),
        ends_defenders_tricks=_fewest(rules.early_ends, ConditionKind.DEFENDERS_TRICKS),
        lead_restrictions=tuple(CardRule(table.cards_of(c.value), c.clause) for c in rules.lead_restrictions),
        lead_until_broken=tuple(CardRule(table.cards_of(c.value), c.clause) for c in rules.lead_until_broken),
        first_trick_bans=tuple(CardRule(table.cards_of(c.value), c.clause) for c in rules.first_trick_bans),
        all_taken=Moon(rules.all_taken.value.taker, rules.all_taken.value.others,
                       _moon_cards(game, table, rules.all_taken.value, scores),
                       rules.all_taken.clause) if rules.all_taken else None,
        # `score ... to ACCOUNT` writes there; without `to`, the main account.
        per_trick=tuple(TrickScore(s.value.points, s.clause, s.value.last, s.value.number, s.value.account or account)
                        for s in scores if s.value.kind is ScoreKind.PER_TRICK),
        per_card=tuple(CardScore(s.value.points, table.cards_of(s.value.cards), s.clause, s.value.cards.text,
                                 s.value.account or account)
                       for s in scores if s.value.kind is ScoreKind.PER_CARD and s.value.cards is not None),
        layout=compile_layout(table, contract, game.contracts) if layout else None,
        layout_named_by=layout_named,
        layout_clauses=tuple(c.clause for c in (laid.start, laid.build) if c),
        trick_strength=trick_strength_table(table, winner is not None and winner.extreme is Extreme.LOWEST)
        if contract.plays is Phase.TRICKS else (),
        no_trick=tuple(TrickScore(s.value.points, s.clause, None, None, s.value.account or account)
                       for s in scores if s.value.kind is ScoreKind.NO_TRICK),
        fewest=tuple(TrickScore(s.value.points, s.clause, None, None, s.value.account or account)
                     for s in scores if s.value.kind is ScoreKind.FEWEST),
        talon_leads=rules.talon_leads.value if rules.talon_leads else 0,
        talon_clause=clause(rules.talon_leads),
        naming_moves=tuple(tuple(_naming_moves(table, table.contract_ids.index(contract.id), named, layout_named, namer))
                           for namer in NAMERS),
    )


def _fewest(ends: Sequence[Cited[Condition]], kind: ConditionKind) -> CountRule | None:
    """The end of `kind` that comes first: the one with the fewest tricks (every one is in force,
    so the first reached ends the deal)."""
    counted = [CountRule(end.value.count, end.clause) for end in ends if end.value.kind is kind]
    return min(counted, key=lambda rule: rule.tricks) if counted else None


def _moon_cards(game: Game, table: Table, rule: AllTaken, scores: Sequence[Cited[ScoreRule]]) -> frozenset[int]:
    """The cards a player must take to shoot the moon: those the rule names, else every card that
    scores per card against its taker (positive points when the lowest total wins, negative when
    the highest does); a card that scores in its taker's favour is not one of them."""
    if rule.cards is not None:
        return table.cards_of(rule.cards)
    against = -1 if game.winner is not None and game.winner.value.highest else 1
    return frozenset().union(*(table.cards_of(s.value.cards) for s in scores
                               if s.value.kind is ScoreKind.PER_CARD and s.value.cards is not None
                               and s.value.points * against > 0))


def _naming_moves(table: Table, index: int, trumps_named_by: str | None, layout_named_by: str | None,
                  namer: str) -> list[int]:
    """The moves by which `namer` names contract `index`: with each trump suit, or each starting
    rank, when the contract lets him name it."""
    if trumps_named_by == namer:
        return [choice_move(index, suit) for suit in range(len(table.suit_codes))]
    if layout_named_by == namer:  # the namer's word is a rank: the layout starts with it
        return [choice_move(index, rank) for rank in range(table.nranks)]
    return [choice_move(index)]



def _after_follow(table: Table, duty: Sequence[DutyStep],
                  beat_duty: str | None) -> tuple[DutyCheck, ...] | None:
    """`CompiledContract.after_follow`: the steps after `follow`, when the duty is one the fused
    random play works out from hands split by suit (follow, then trump or discard, then any)."""
    kinds = [step.kind for step in duty]
    if (beat_duty or kinds[:1] != [DutyKind.FOLLOW] or kinds[-1:] != [DutyKind.ANY]
            or not set(kinds[1:-1]) <= {DutyKind.TRUMP, DutyKind.DISCARD}):
        return None
    return tuple(DutyCheck(step.kind, table.cards_of(step.cards) if step.cards else None) for step in duty[1:])


def trick_strength_table(table: Table, lowest: bool) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Each card's strength in a trick, by trump suit (row 0: none) and suit led. A trump beats
    the suit led, which beats the other suits (strength 0, never winning); within trumps the
    higher rank wins, within the suit led the higher, or the lower when the lowest wins."""
    top = max(table.rank_of) + 1
    suits = range(len(table.suit_codes))
    cards = tuple(zip(table.suit_of, table.rank_of))

    def row(led: int, trump: int | None) -> tuple[int, ...]:
        return tuple(2 * top + rank if suit == trump else top + (top - 1 - rank if lowest else rank)
                     if suit == led else 0 for suit, rank in cards)
    return tuple(tuple(row(led, trump) for led in suits) for trump in (None, *suits))
