"""Reading the statements of a vying game into its model record (`Game.vying`), with the errors
an author can make in each one.

The statements are collected in a `VyingDraft`, the builder's draft of the record, and the
record is made once every statement is read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...errors import Phrase
from ...front.syntax import Node
from ...model.document import Located
from ...model.values import Cited
from ..declaration import Builder, StatementBuilder, state_once
from .rules import (
    Ante,
    BetSeat,
    Blind,
    BlindSize,
    Bonus,
    HandPattern,
    HandRank,
    PotFate,
    SessionLength,
    VyingModel,
)
from .syntax import (
    AllInOpening,
    AllInWinnings,
    AnteStatement,
    BettingEnd,
    BlindBuyBack,
    BlindsFinal,
    BlindStatement,
    BonusesAtShowdown,
    BonusMeeting,
    BonusStatement,
    BrokenPlayer,
    BrokenRebuy,
    DrawnLosesTies,
    DrawnPaidOnly,
    FirstBet,
    FoldedHands,
    HandOrder,
    HandStatement,
    LevelFold,
    LoneRaise,
    Opening,
    PassBeforeOpen,
    PassOut,
    RaiseLimit,
    SessionLengthStatement,
    ShortStake,
    ShowdownTies,
    Showing,
    SidePotWinner,
    StakeLimit,
    StakesAbove,
    StockDraw,
    StockDrawTop,
    SuitOwner,
    TurnedCard,
)

__all__ = ["VyingDraft", "BUILDERS"]


@dataclass
class VyingDraft:
    """The vying statements read so far."""

    game_field: ClassVar[str] = "vying"
    """The field of `Game` the finished record fills."""
    antes: list[Ante] = field(default_factory=list)
    blinds: list[Blind] = field(default_factory=list)
    hands: list[HandRank] = field(default_factory=list)
    bonuses: list[Bonus] = field(default_factory=list)
    once: dict[str, Cited[Any]] = field(default_factory=dict)
    """Field of `VyingModel` -> the rule of a statement that may be stated once."""

    def finish(self) -> VyingModel:
        return VyingModel(antes=tuple(self.antes), blinds=tuple(self.blinds), hands=tuple(self.hands),
                          bonuses=tuple(self.bonuses), **self.once)


def _draft(builder: Builder, item: Located, node: Node, scope: str | None) -> VyingDraft:
    if scope is not None:
        raise item.error(node, Phrase('betting and showdown rules hold for every deal, not inside `in`'),
                         hint=Phrase('move the statement out of the `in` block'))
    return builder.draft(VyingDraft)


def _once(builder: Builder, item: Located, node: Node, cid: str, scope: str | None, name: str, value: object) -> None:
    """Set the rule `name` (a field of `VyingModel`), which may be stated once."""
    state_once(_draft(builder, item, node, scope).once, item, node, cid, name, value)


# -- blinds and betting -------------------------------------------------------------------------------


def build_ante(builder: Builder, item: Located, node: AnteStatement, cid: str, scope: str | None) -> None:
    chips = builder.number(item, node.amount)
    if chips < 1:
        raise item.error(node.amount, Phrase('an ante of {chips} puts nothing in', chips=chips),
                         hint=Phrase('write 1 or more chips'))
    _draft(builder, item, node, scope).antes.append(Ante(node.who, chips, cid, node.unless_carried))


def build_blind(builder: Builder, item: Located, node: BlindStatement, cid: str, scope: str | None) -> None:
    number = builder.number(item, node.number) if node.number is not None else 1
    if number < 1:
        raise item.error(node.number, Phrase('a blind of {number} stakes nothing', number=number),
                         hint=Phrase('write 1 or more'))
    if any(b.name == str(node.name) for b in builder.draft(VyingDraft).blinds):
        raise item.error(node.name, Phrase('the blind {name} is declared twice', name=node.name))
    blind = Blind(str(node.name), node.title, node.by, BlindSize(node.size, number), cid)
    _draft(builder, item, node, scope).blinds.append(blind)


def build_blind_buy_back(builder: Builder, item: Located, node: BlindBuyBack, cid: str, scope: str | None) -> None:
    number = builder.number(item, node.number) if node.number is not None else 1
    if number < 1:
        raise item.error(node.number, Phrase('a buy-back of {number} stakes nothing', number=number),
                         hint=Phrase('write 1 or more'))
    _once(builder, item, node, cid, scope, "buy_back", BlindSize(node.size, number))


def build_blinds_final(builder: Builder, item: Located, node: BlindsFinal, cid: str, scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "blinds_final", True)


def build_opening(builder: Builder, item: Located, node: Opening, cid: str, scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "opening", node.floor)


def build_pass_before_open(builder: Builder, item: Located, node: PassBeforeOpen, cid: str,
                           scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "pass_before_open", node.effect)


def build_first_bet(builder: Builder, item: Located, node: FirstBet, cid: str, scope: str | None) -> None:
    seats = node.seats
    if BetSeat.ELDEST in seats[:-1]:
        raise item.error(node, Phrase('the eldest hand is always there: nothing after `eldest` is ever tried'),
                         hint=Phrase('end the list with `eldest`'))
    if seats[-1] is not BetSeat.ELDEST:
        raise item.error(node, Phrase('when nobody bet blind nobody would speak first'),
                         expected=Phrase('`, else eldest` at the end'),
                         hint=Phrase('write `first bet by player after last blind, else eldest`'))
    _once(builder, item, node, cid, scope, "first_bet", seats)


def build_level_fold(builder: Builder, item: Located, node: LevelFold, cid: str, scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "level_fold", True)


def build_lone_raise(builder: Builder, item: Located, node: LoneRaise, cid: str, scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "lone_raise", True)


def build_raise_limit(builder: Builder, item: Located, node: RaiseLimit, cid: str, scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "raise_limit", node.size)


def build_betting_end(builder: Builder, item: Located, node: BettingEnd, cid: str, scope: str | None) -> None:
    if node.condition is None:
        _once(builder, item, node, cid, scope, "two_left_call_ends", True)
    else:
        _once(builder, item, node, cid, scope, "betting_end", node.condition)


def build_stake_limit(builder: Builder, item: Located, node: StakeLimit, cid: str, scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "stake_limit", True)


def build_short_stake(builder: Builder, item: Located, node: ShortStake, cid: str, scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "short_stake", node.choice)


def build_all_in_opening(builder: Builder, item: Located, node: AllInOpening, cid: str, scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "all_in_opening", node.allowed)


def build_all_in_winnings(builder: Builder, item: Located, node: AllInWinnings, cid: str,
                          scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "all_in_winnings", node.wins)


def build_stakes_above(builder: Builder, item: Located, node: StakesAbove, cid: str, scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "stakes_above", node.excess)


def build_side_pot_winner(builder: Builder, item: Located, node: SidePotWinner, cid: str,
                          scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "side_pot_winner", node.winner)


def build_broken_player(builder: Builder, item: Located, node: BrokenPlayer, cid: str, scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "broken_player", node.unless_timed)


def build_session_length(builder: Builder, item: Located, node: SessionLengthStatement, cid: str,
                         scope: str | None) -> None:
    count = builder.number(item, node.count)
    if count < 1:
        raise item.error(node.count, Phrase('a session of {count} {unit} is over before it begins', count=count,
                                            unit=node.unit.value),
                         hint=Phrase('write 1 or more'))
    _once(builder, item, node, cid, scope, "session", SessionLength(count, node.unit))


def build_broken_rebuy(builder: Builder, item: Located, node: BrokenRebuy, cid: str, scope: str | None) -> None:
    chips = builder.number(item, node.chips)
    if chips < 1:
        raise item.error(node.chips, Phrase('a buy-back of {chips} chips leaves the player broken', chips=chips),
                         hint=Phrase('write 1 or more chips, a cave such as `$cave`'))
    _once(builder, item, node, cid, scope, "rebuy", chips)


def build_pass_out(builder: Builder, item: Located, node: PassOut, cid: str, scope: str | None) -> None:
    fates = node.fates
    if PotFate.STAYS in fates[:-1]:
        raise item.error(node, Phrase('the pot can always stay: nothing after `pot stays` is ever tried'),
                         hint=Phrase('end the list with `pot stays`'))
    if fates[-1] is not PotFate.STAYS:
        raise item.error(node, Phrase('when nobody bet blind the pot would go nowhere'),
                         expected=Phrase('`, else pot stays` at the end'),
                         hint=Phrase('write `everyone passes: pot to last blind, else pot stays`'))
    _once(builder, item, node, cid, scope, "pass_out", fates)


# -- the showdown ---------------------------------------------------------------------------------------


def build_hand(builder: Builder, item: Located, node: HandStatement, cid: str, scope: str | None) -> None:
    if any(h.name == str(node.name) for h in builder.draft(VyingDraft).hands):
        raise item.error(node.name, Phrase('the hand {name} is declared twice', name=node.name))
    card = None
    if node.pattern is HandPattern.PAIR_WITH:
        assert node.card is not None
        card = str(node.card)
        if not any(deck.card(card) for deck in builder.decks.values()):
            raise item.error(node.card, Phrase('the pack has no card {card}', card=card),
                             hint=Phrase('cards are written rank then suit, such as QC'))
    hand = HandRank(str(node.name), node.title, node.pattern, cid, card)
    _draft(builder, item, node, scope).hands.append(hand)


def build_hand_order(builder: Builder, item: Located, node: HandOrder, cid: str, scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "hand_order", True)


def build_showing(builder: Builder, item: Located, node: Showing, cid: str, scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "showing", node.who)


def build_folded_hands(builder: Builder, item: Located, node: FoldedHands, cid: str, scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "folded_hands", node.count)


def build_turned_card(builder: Builder, item: Located, node: TurnedCard, cid: str, scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "turned_card", node.counts)


def build_suit_owner(builder: Builder, item: Located, node: SuitOwner, cid: str, scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "suit_owner", node.owner)


def build_showdown_ties(builder: Builder, item: Located, node: ShowdownTies, cid: str, scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "ties", node.start)


def build_bonus(builder: Builder, item: Located, node: BonusStatement, cid: str, scope: str | None) -> None:
    chips = builder.number(item, node.amount)
    if chips < 1:
        raise item.error(node.amount, Phrase('a bonus of {chips} pays nothing', chips=chips),
                         hint=Phrase('write 1 or more chips'))
    if any(b.hand == str(node.hand) for b in builder.draft(VyingDraft).bonuses):
        raise item.error(node.hand, Phrase('the bonus for {name} is stated twice', name=node.hand))
    _draft(builder, item, node, scope).bonuses.append(Bonus(str(node.hand), chips, node.on_cancelled_deal, cid))


def build_bonuses_at_showdown(builder: Builder, item: Located, node: BonusesAtShowdown, cid: str,
                              scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "bonuses_at_showdown", True)


def build_bonus_meeting(builder: Builder, item: Located, node: BonusMeeting, cid: str, scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "bonus_meeting", node.meeting)


def build_stock_draw_top(builder: Builder, item: Located, node: StockDrawTop, cid: str, scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "stock_draw_top", True)


def build_drawn_paid_only(builder: Builder, item: Located, node: DrawnPaidOnly, cid: str, scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "drawn_paid_only", True)


def build_drawn_loses_ties(builder: Builder, item: Located, node: DrawnLosesTies, cid: str,
                           scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "drawn_loses_ties", True)


def build_stock_draw(builder: Builder, item: Located, node: StockDraw, cid: str, scope: str | None) -> None:
    _once(builder, item, node, cid, scope, "stock_draw", (str(node.hand), str(node.against)))


BUILDERS: dict[str, dict[type[Node], StatementBuilder]] = {
    "blinds": {BlindStatement: build_blind, BlindsFinal: build_blinds_final, BlindBuyBack: build_blind_buy_back},
    "betting": {AnteStatement: build_ante, Opening: build_opening, PassBeforeOpen: build_pass_before_open,
                FirstBet: build_first_bet, RaiseLimit: build_raise_limit, BettingEnd: build_betting_end,
                StakeLimit: build_stake_limit, ShortStake: build_short_stake, AllInOpening: build_all_in_opening,
                AllInWinnings: build_all_in_winnings, StakesAbove: build_stakes_above,
                SidePotWinner: build_side_pot_winner, BrokenPlayer: build_broken_player, PassOut: build_pass_out,
                LevelFold: build_level_fold, LoneRaise: build_lone_raise,
                SessionLengthStatement: build_session_length, BrokenRebuy: build_broken_rebuy},
    "showdown": {HandStatement: build_hand, HandOrder: build_hand_order, Showing: build_showing,
                 FoldedHands: build_folded_hands, TurnedCard: build_turned_card, SuitOwner: build_suit_owner,
                 ShowdownTies: build_showdown_ties, BonusStatement: build_bonus, BonusMeeting: build_bonus_meeting,
                 BonusesAtShowdown: build_bonuses_at_showdown, StockDraw: build_stock_draw,
                 StockDrawTop: build_stock_draw_top, DrawnPaidOnly: build_drawn_paid_only,
                 DrawnLosesTies: build_drawn_loses_ties},
}
"""Per phase, its statements with the functions that read them."""
