"""Vying games compiled for play: antes, blinds, betting limits, hand ranking, suit points,
side pots and bonuses for ranked hands, all read by name from the model's cited statements."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..model.game import Game

if TYPE_CHECKING:  # a game without betting never loads the betting model
    from ..model.vying import Blind, Bonus, VyingModel

__all__ = ["VyingRules", "compile_vying"]


@dataclass(frozen=True)
class VyingRules:
    """The model's statements, with what play looks up often worked out once."""

    model: VyingModel
    account: str
    """The account the chips are kept in."""
    eldest_clause: str | None
    """The clause that says who the eldest hand is: turn order starts there (ties, short payers)."""
    hand_index: dict[str, int]
    """Hand name -> its place in the ranking (0 the highest)."""
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
    call_clause: str | None
    """The clause calls and raises are staked under (`raise by ...`)."""
    open_clause: str | None
    """`everyone passes: pot to last blind, ...`: the pot goes to the last blind bettor, if any."""
    bonus_of: dict[str, Bonus]
    """Hand name -> the bonus its holder collects (hands without one are absent)."""
    hand_clauses: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]
    """Per hand (by its place in the ranking): what a pot won with it cites, alone and in a tie."""
    points_clauses: tuple[str | None, str | None]
    """The clauses of a pot won on suit points (the points hand, who owns a suit)."""
    points_cited: tuple[tuple[str, ...], tuple[str, ...]]
    """What a pot won on points cites, alone and in a tie."""
    ties_clause: str | None
    owner_by_points: bool
    """`suit won by player holding most points in it` (else: its highest card)."""
    ranked: dict[int, tuple | None] = field(default_factory=dict, compare=False, repr=False)
    """What a hand makes beside the turned cards (see `showdown.seat_hands`), by the bit mask of
    its cards and of the turned cards' ranks, filled as hands are met. It is a pure function of
    those, and a pack of a few dozen cards has a few thousand hands of three: each is worked out
    once per game, not once per deal."""

    def blind(self, index: int) -> Blind | None:
        """The blind the `index`-th blind bettor (from 0) makes, or None when no more may bet blind."""
        blinds = self.model.blinds
        if index < len(blinds):
            return blinds[index]
        if blinds and blinds[-1].by == "each next player up to dealer":
            return blinds[-1]
        return None

    def title(self, hand: str) -> str:
        return next((h.title for h in self.model.hands if h.name == hand), hand)

    def bonus(self, hand: str):
        return self.bonus_of.get(hand)


def clause(cited) -> str | None:
    return cited.clause if cited is not None else None


def cited(*clauses: str | None) -> tuple[str, ...]:
    """The clause IDs given, in order, without the missing ones and without repeats."""
    return tuple(dict.fromkeys(c for c in clauses if c))


def compile_vying(game: Game) -> VyingRules | None:
    model = game.vying
    if model is None or not model.active:
        return None
    ties, order = clause(model.ties), clause(model.hand_order)
    points = next((h.clause for h in model.hands if h.pattern == "highest suit total"), None)
    return VyingRules(model=model, account=game.primary_account,
                      eldest_clause=game.eldest.clause if game.eldest else None,
                      hand_index={h.name: i for i, h in enumerate(model.hands)},
                      open_at_pot=model.opening.value == "pot",
                      pass_drops_out=model.pass_before_open.value == "drops out",
                      short_may_call=model.short_stake.value == "may go all in",
                      may_open_for_less=model.all_in_opening.value == "may open for less",
                      raise_at_most_pot=model.raise_limit.value == "at most pot",
                      ends_when_all_called=model.betting_end.value == "all have called",
                      two_left_call_ends=model.two_left_call_ends is not None,
                      after_last_blind_first=model.first_bet.value[0] == "player after last blind",
                      pass_out_to_blind=model.pass_out.value[0] == "pot to last blind",
                      call_clause=clause(model.raise_limit), open_clause=clause(model.opening),
                      bonus_of={b.hand: b for b in reversed(model.bonuses)},
                      hand_clauses=tuple((cited(h.clause, order), cited(h.clause, order, ties)) for h in model.hands),
                      points_clauses=(points, clause(model.suit_owner)), ties_clause=ties,
                      points_cited=(cited(points, clause(model.suit_owner)),
                                    cited(points, clause(model.suit_owner), ties)),
                      owner_by_points=model.suit_owner is not None and model.suit_owner.value == "most points in it")
