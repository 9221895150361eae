"""A vying game compiled for play: the model's statements with what the betting loop and the
showdown look up often worked out once per game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...model.game import Game
from ...model.values import Cited
from .rules import (
    AllInOpen,
    AllInWin,
    BetSeat,
    Blind,
    BlindSeat,
    Bonus,
    EndCondition,
    Excess,
    HandPattern,
    OpenFloor,
    PassEffect,
    PotFate,
    RaiseSize,
    ShortChoice,
    SidePotRule,
    SuitOwnerRule,
    TieStart,
    VyingModel,
)

__all__ = ["VyingRules", "Held", "RankedHand", "compile_vying", "clause", "cited"]

RankedHand = tuple[int, int, str, str]
"""(place of the hand in the ranking, rank order of its cards, hand name, clause)."""
Held = tuple[RankedHand | None, int, tuple[int, ...], Bonus | None, int]
"""What a seat holds at the showdown: its best ranked hand (None when it holds none and
competes on suit points), its points in each suit packed into one int (`VyingRules.suit_bits`
bits a suit, so that suit totals over the hands are one sum), in each suit the rank order of
its highest card plus one (0 where it holds none), the bonus its hand earns (or None), and the
ranks it holds two or more of, as a mask (only a turned card of those ranks changes the rest)."""


@dataclass(frozen=True)
class VyingRules:
    """The model's statements, with what play looks up often worked out once."""

    model: VyingModel
    account: str
    """The account the chips are kept in."""
    eldest_clause: str | None
    """The clause that says who the eldest hand is: turn order starts there (ties, short payers)."""
    titles: dict[str, str]
    """Hand name -> its title."""
    # The readings the betting loop asks about on every action, worked out once.
    open_at_pot: bool
    pass_drops_out: bool
    short_may_call: bool
    may_open_for_less: bool
    raise_at_most_pot: bool
    ends_when_all_called: bool
    two_left_call_ends: bool
    after_last_blind_first: bool
    pass_out_to_blind: bool
    level_may_not_fold: bool
    """`player level with largest stake may not fold`."""
    lone_may_not_raise: bool
    """`no raise that nobody can call`."""
    call_clause: str | None
    """The clause calls and raises are staked under (`raise by ...`)."""
    open_clause: str | None
    """`open at least ...`: the clause an opening is staked under."""
    bonus_of: dict[str, Bonus]
    """Hand name -> the bonus its holder collects (hands without one are absent)."""
    # The readings and the clauses the showdown asks about on every deal, worked out once.
    hand_clauses: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]
    """Per hand (by its place in the ranking): what a pot won with it cites, alone and in a tie."""
    points_cited: tuple[tuple[str, ...], tuple[str, ...]]
    """What a pot won on points cites, alone and in a tie."""
    main_suit_cited: tuple[tuple[str, ...], tuple[str, ...]]
    """What a side pot won with the suit that won the main pot cites, alone and in a tie."""
    ties_from_dealer: bool
    """`ties won by first from dealer` (else: from the eldest hand)."""
    owner_by_points: bool
    """`suit won by player holding most points in it` (else: its highest card)."""
    owner_strict: bool
    """`suit won by player holding its highest card even if folded`."""
    folded_hands_count: bool
    turned_card_counts: bool
    all_in_wins_whole_pot: bool
    stakes_above_go_back: bool
    side_pot_by_main_suit: bool
    bonuses_at_showdown: bool
    """Bonuses are paid only when the cards are shown at the end of the betting."""
    stakes_above_clause: str | None
    stakes_above_cited: tuple[str, ...]
    pass_out_cited: tuple[str, ...]
    betting_end_cited: tuple[str, ...]
    suit_bits: int
    """Bits a suit's points take in a packed row (`Held`): enough for all the cards of a suit."""
    blind_repeats: bool
    """The last blind is bet by each next player up to the dealer."""
    ranked: dict[int, Held] = field(default_factory=dict, compare=False, repr=False)
    """What a hand holds (see `showdown.seat_hands`), by the bit mask of its cards and of the
    turned ranks that matter to it, filled as hands are met. It is a pure function of those, and
    a pack of a few dozen cards has a few thousand hands of three: each is worked out once per
    game, not once per deal."""

    def blind(self, index: int) -> Blind | None:
        """The blind the `index`-th blind bettor (from 0) makes, or None when no more may bet blind."""
        blinds = self.model.blinds
        if index < len(blinds):
            return blinds[index]
        return blinds[-1] if self.blind_repeats else None



def clause(rule: Cited[Any] | None) -> str | None:
    """The clause of a rule, or None when the game does not state it."""
    return rule.clause if rule is not None else None


def cited(*clauses: str | None) -> tuple[str, ...]:
    """The clause IDs given, in order, without the missing ones and without repeats."""
    return tuple(dict.fromkeys(c for c in clauses if c))


def compile_vying(game: Game) -> VyingRules | None:
    model = game.vying
    if model is None or not model.active:
        return None
    # The needs of the three phases are checked when the game loads: these rules are stated.
    assert model.opening and model.pass_before_open and model.short_stake and model.all_in_opening
    assert model.raise_limit and model.betting_end and model.first_bet and model.pass_out
    ties, order = clause(model.ties), clause(model.hand_order)
    points = next((h.clause for h in model.hands if h.pattern is HandPattern.HIGHEST_SUIT_TOTAL), None)
    owner, side, above = clause(model.suit_owner), clause(model.side_pot_winner), clause(model.stakes_above)
    values = game.table.card_points.value if game.table.card_points else {}
    most = max((sum(values.get(r.code, 0) for r in deck.ranks) for deck in game.table.decks.values()), default=0)
    return VyingRules(model=model, account=game.primary_account,
                      eldest_clause=game.table.eldest.clause if game.table.eldest else None,
                      titles={h.name: h.title for h in reversed(model.hands)},
                      open_at_pot=model.opening.value is OpenFloor.POT,
                      pass_drops_out=model.pass_before_open.value is PassEffect.DROPS_OUT,
                      short_may_call=model.short_stake.value is ShortChoice.MAY_GO_ALL_IN,
                      may_open_for_less=model.all_in_opening.value is AllInOpen.MAY_OPEN_FOR_LESS,
                      raise_at_most_pot=model.raise_limit.value is RaiseSize.AT_MOST_POT,
                      ends_when_all_called=model.betting_end.value is EndCondition.ALL_CALLED,
                      two_left_call_ends=model.two_left_call_ends is not None,
                      after_last_blind_first=model.first_bet.value[0] is BetSeat.AFTER_LAST_BLIND,
                      pass_out_to_blind=model.pass_out.value[0] is PotFate.TO_LAST_BLIND,
                      level_may_not_fold=model.level_fold is not None, lone_may_not_raise=model.lone_raise is not None,
                      ties_from_dealer=model.ties is not None and model.ties.value is TieStart.DEALER,
                      call_clause=clause(model.raise_limit), open_clause=clause(model.opening),
                      bonus_of={b.hand: b for b in reversed(model.bonuses)},
                      hand_clauses=tuple((cited(h.clause, order), cited(h.clause, order, ties)) for h in model.hands),
                      points_cited=(cited(points, owner), cited(points, owner, ties)),
                      main_suit_cited=(cited(points, owner, side), cited(points, owner, side, ties)),
                      owner_strict=model.suit_owner is not None
                      and model.suit_owner.value is SuitOwnerRule.HIGHEST_IN_ANY_HAND,
                      owner_by_points=model.suit_owner is not None
                      and model.suit_owner.value is SuitOwnerRule.MOST_POINTS,
                      folded_hands_count=bool(model.folded_hands and model.folded_hands.value),
                      turned_card_counts=bool(model.turned_card and model.turned_card.value),
                      all_in_wins_whole_pot=model.all_in_winnings is not None
                      and model.all_in_winnings.value is AllInWin.WHOLE_POT,
                      stakes_above_go_back=model.stakes_above is not None and model.stakes_above.value is Excess.GO_BACK,
                      side_pot_by_main_suit=model.side_pot_winner is not None
                      and model.side_pot_winner.value is SidePotRule.WITH_MAIN_POT_SUIT,
                      bonuses_at_showdown=model.bonuses_at_showdown is not None,
                      stakes_above_clause=above, stakes_above_cited=cited(above),
                      pass_out_cited=(model.pass_out.clause,), betting_end_cited=(model.betting_end.clause,),
                      suit_bits=max(most.bit_length(), 1),
                      blind_repeats=bool(model.blinds) and model.blinds[-1].by is BlindSeat.EACH_NEXT_UP_TO_DEALER)
