"""The statements of a vying game, one node each: the antes and blinds, the betting, and the
showdown with its hands and bonuses.

A choice among keywords is read straight into the model's enum (`open at least pot` ->
`OpenFloor.POT`); names, numbers and card codes stay tokens or `Number` nodes, so an error can
point at the very word that is wrong.
"""

from __future__ import annotations

import lark
from lark import Token

from ...front.syntax import Node, Number, Pos, as_number, as_token, as_tree, choice_of, statement_node, unquote
from .rules import (
    AllInOpen,
    AllInWin,
    AnteWho,
    BetSeat,
    BlindSeat,
    EndCondition,
    Excess,
    HandPattern,
    Meeting,
    OpenFloor,
    PassEffect,
    PotFate,
    RaiseSize,
    SessionUnit,
    ShortChoice,
    ShowingWho,
    SidePotRule,
    SizeKind,
    SuitOwnerRule,
    TieStart,
)

__all__ = ["AnteStatement", "BlindStatement", "BlindsFinal", "BlindBuyBack", "Opening", "PassBeforeOpen", "FirstBet", "RaiseLimit",
           "BettingEnd", "StakeLimit", "ShortStake", "AllInOpening", "AllInWinnings", "StakesAbove", "SidePotWinner",
           "BrokenPlayer", "SessionLengthStatement", "BrokenRebuy", "PassOut", "HandStatement", "HandOrder",
           "Showing", "FoldedHands", "TurnedCard",
           "SuitOwner", "ShowdownTies", "LevelFold", "LoneRaise", "BonusStatement", "BonusMeeting", "BonusesAtShowdown", "StockDraw",
           "StockDrawTop", "DrawnPaidOnly", "DrawnLosesTies"]

Children = list[Token | Number | lark.Tree[Token]]






# -- blinds and betting -------------------------------------------------------------------------------


@statement_node("ante")
class AnteStatement(Node):
    """`ante 1 from dealer`; several antes add up. `... unless pot is carried over`: not after a
    deal everybody passed."""

    amount: Number
    who: AnteWho
    unless_carried: bool

    @classmethod
    def read(cls, pos: Pos, children: Children) -> AnteStatement:
        return cls(pos=pos, amount=as_number(children[0]), who=choice_of(AnteWho, children[1]),
                   unless_carried=len(children) > 2)


@statement_node("blind")
class BlindStatement(Node):
    """`blind carre "carré" by eldest stakes pot`"""

    name: Token
    title: str
    by: BlindSeat
    size: SizeKind
    number: Number | None
    """The chips, or the multiple of the pot or of the last blind (None for `stakes pot`)."""

    @classmethod
    def read(cls, pos: Pos, children: Children) -> BlindStatement:
        name, title, seat, size = children
        size = as_tree(size)
        kind = {"size_pot": SizeKind.POT, "size_chips": SizeKind.CHIPS, "size_times_pot": SizeKind.TIMES_POT,
                "size_times_last": SizeKind.TIMES_LAST_BLIND}[str(size.data)]
        return cls(pos=pos, name=as_token(name), title=unquote(as_token(title)), by=choice_of(BlindSeat, seat), size=kind,
                   number=as_number(size.children[0]) if size.children else None)


def _blind_size(size: lark.Tree[Token]) -> tuple[SizeKind, Number | None]:
    kind = {"size_pot": SizeKind.POT, "size_chips": SizeKind.CHIPS, "size_times_pot": SizeKind.TIMES_POT,
            "size_times_last": SizeKind.TIMES_LAST_BLIND}[str(size.data)]
    return kind, as_number(size.children[0]) if size.children else None


@statement_node("blind_buy_back")
class BlindBuyBack(Node):
    """`previous blind bettor may buy back by staking pot`"""

    size: SizeKind
    number: Number | None

    @classmethod
    def read(cls, pos: Pos, children: Children) -> BlindBuyBack:
        size, number = _blind_size(as_tree(children[0]))
        return cls(pos=pos, size=size, number=number)


@statement_node("blinds_final")
class BlindsFinal(Node):
    """`blinds are final`"""


@statement_node("opening")
class Opening(Node):
    """`open at least largest stake` (or `pot`)."""

    floor: OpenFloor

    @classmethod
    def read(cls, pos: Pos, children: Children) -> Opening:
        return cls(pos=pos, floor=choice_of(OpenFloor, children[0]))


@statement_node("pass_before_open")
class PassBeforeOpen(Node):
    """`pass before open may come in later` (or `drops out`)."""

    effect: PassEffect

    @classmethod
    def read(cls, pos: Pos, children: Children) -> PassBeforeOpen:
        return cls(pos=pos, effect=choice_of(PassEffect, children[0]))


@statement_node("first_bet")
class FirstBet(Node):
    """`first bet by player after last blind, else eldest`"""

    seats: tuple[BetSeat, ...]

    @classmethod
    def read(cls, pos: Pos, children: Children) -> FirstBet:
        return cls(pos=pos, seats=tuple(choice_of(BetSeat, c) for c in children))


@statement_node("raise_limit")
class RaiseLimit(Node):
    """`raise by any amount` (or `at most pot`)."""

    size: RaiseSize

    @classmethod
    def read(cls, pos: Pos, children: Children) -> RaiseLimit:
        return cls(pos=pos, size=choice_of(RaiseSize, children[0]))


@statement_node("betting_end")
class BettingEnd(Node):
    """`betting ends when all have called`, `... and none raises again`, or `when two are left
    and one calls` (a rule of its own, beside one of the others)."""

    condition: EndCondition | None
    """None for `two are left and one calls`."""

    @property
    def two_left(self) -> bool:
        return self.condition is None

    @classmethod
    def read(cls, pos: Pos, children: Children) -> BettingEnd:
        words = str(as_token(children[0])).replace("_", " ")
        return cls(pos=pos, condition=None if words == "two are left and one calls" else EndCondition(words))


@statement_node("stake_limit")
class StakeLimit(Node):
    """`stakes at most chips in front`"""


@statement_node("short_stake")
class ShortStake(Node):
    """`short player may go all in` (or `must fold`)."""

    choice: ShortChoice

    @classmethod
    def read(cls, pos: Pos, children: Children) -> ShortStake:
        return cls(pos=pos, choice=choice_of(ShortChoice, children[0]))


@statement_node("all_in_opening")
class AllInOpening(Node):
    """`all in may not open or raise` (or `may open for less`)."""

    allowed: AllInOpen

    @classmethod
    def read(cls, pos: Pos, children: Children) -> AllInOpening:
        return cls(pos=pos, allowed=choice_of(AllInOpen, children[0]))


@statement_node("all_in_winnings")
class AllInWinnings(Node):
    """`all in wins at most his stake from each player` (or `whole pot`)."""

    wins: AllInWin

    @classmethod
    def read(cls, pos: Pos, children: Children) -> AllInWinnings:
        return cls(pos=pos, wins=choice_of(AllInWin, children[0]))


@statement_node("stakes_above")
class StakesAbove(Node):
    """`stakes above all in form side pots` (or `go back`)."""

    excess: Excess

    @classmethod
    def read(cls, pos: Pos, children: Children) -> StakesAbove:
        return cls(pos=pos, excess=choice_of(Excess, children[0]))


@statement_node("side_pot_winner")
class SidePotWinner(Node):
    """`side pot won with suit that won main pot` (or `like main pot`)."""

    winner: SidePotRule

    @classmethod
    def read(cls, pos: Pos, children: Children) -> SidePotWinner:
        return cls(pos=pos, winner=choice_of(SidePotRule, children[0]))


@statement_node("broken_player")
class BrokenPlayer(Node):
    """`broken player leaves seat`, perhaps `unless session is timed`."""

    unless_timed: bool

    @classmethod
    def read(cls, pos: Pos, children: Children) -> BrokenPlayer:
        return cls(pos=pos, unless_timed=bool(children))


@statement_node("session_length")
class SessionLengthStatement(Node):
    """`session lasts 60 minutes` (or `20 deals`)."""

    count: Number
    unit: SessionUnit

    @classmethod
    def read(cls, pos: Pos, children: Children) -> SessionLengthStatement:
        return cls(pos=pos, count=as_number(children[0]), unit=choice_of(SessionUnit, children[1]))


@statement_node("broken_rebuy")
class BrokenRebuy(Node):
    """`broken player buys back 100 chips`"""

    chips: Number

    @classmethod
    def read(cls, pos: Pos, children: Children) -> BrokenRebuy:
        return cls(pos=pos, chips=as_number(children[0]))


@statement_node("level_fold")
class LevelFold(Node):
    """`player level with largest stake may not fold`"""


@statement_node("lone_raise")
class LoneRaise(Node):
    """`no raise that nobody can call`"""


@statement_node("pass_out")
class PassOut(Node):
    """`everyone passes: pot to last blind, else pot stays`"""

    fates: tuple[PotFate, ...]

    @classmethod
    def read(cls, pos: Pos, children: Children) -> PassOut:
        return cls(pos=pos, fates=tuple(choice_of(PotFate, c) for c in children))


# -- the showdown ---------------------------------------------------------------------------------------


@statement_node("hand_rank")
class HandStatement(Node):
    """`hand trips "three of a kind" three of a kind`, or `hand NAME "..." pair with QC`; hands rank
    in the order they are written."""

    name: Token
    title: str
    pattern: HandPattern
    card: Token | None
    """For `pair with CODE`: the card."""

    @classmethod
    def read(cls, pos: Pos, children: Children) -> HandStatement:
        name, title, pattern = children
        if isinstance(pattern, lark.Tree):  # pair_with
            return cls(pos=pos, name=as_token(name), title=unquote(as_token(title)), pattern=HandPattern.PAIR_WITH,
                       card=as_token(pattern.children[0]))
        return cls(pos=pos, name=as_token(name), title=unquote(as_token(title)), pattern=choice_of(HandPattern, pattern),
                   card=None)


@statement_node("hand_order")
class HandOrder(Node):
    """`hands rank as listed, higher cards first`"""


@statement_node("showing")
class Showing(Node):
    """`everyone shows` (or `players still in show`)."""

    who: ShowingWho

    @classmethod
    def read(cls, pos: Pos, children: Children) -> Showing:
        return cls(pos=pos, who=choice_of(ShowingWho, children[0]))


@statement_node("folded_hands")
class FoldedHands(Node):
    """`folded hands count` (or `do not count`)."""

    count: bool

    @classmethod
    def read(cls, pos: Pos, children: Children) -> FoldedHands:
        return cls(pos=pos, count=str(as_token(children[0])) == "count")


@statement_node("turned_card")
class TurnedCard(Node):
    """`turned card counts` (or `does not count`)."""

    counts: bool

    @classmethod
    def read(cls, pos: Pos, children: Children) -> TurnedCard:
        return cls(pos=pos, counts=str(as_token(children[0])) == "counts")


@statement_node("suit_owner")
class SuitOwner(Node):
    """`suit won by player holding its highest card` (or `most points in it`)."""

    owner: SuitOwnerRule

    @classmethod
    def read(cls, pos: Pos, children: Children) -> SuitOwner:
        return cls(pos=pos, owner=choice_of(SuitOwnerRule, children[0]))


@statement_node("showdown_ties")
class ShowdownTies(Node):
    """`ties won by first from eldest` (or `from dealer`)."""

    start: TieStart

    @classmethod
    def read(cls, pos: Pos, children: Children) -> ShowdownTies:
        return cls(pos=pos, start=choice_of(TieStart, children[0]))


@statement_node("bonus")
class BonusStatement(Node):
    """`bonus HAND 1 from each player`, perhaps `, also on cancelled deal`."""

    hand: Token
    amount: Number
    on_cancelled_deal: bool

    @classmethod
    def read(cls, pos: Pos, children: Children) -> BonusStatement:
        hand, amount, *cancelled = children
        return cls(pos=pos, hand=as_token(hand), amount=as_number(amount), on_cancelled_deal=bool(cancelled))


@statement_node("bonus_meeting")
class BonusMeeting(Node):
    """`two bonus hands: lower pays higher` (or `neither pays`)."""

    meeting: Meeting

    @classmethod
    def read(cls, pos: Pos, children: Children) -> BonusMeeting:
        return cls(pos=pos, meeting=choice_of(Meeting, children[0]))


@statement_node("bonuses_at_showdown")
class BonusesAtShowdown(Node):
    """`bonuses only at showdown`"""


@statement_node("stock_draw")
class StockDraw(Node):
    """`hand A may draw from stock against B`"""

    hand: Token
    against: Token

    @classmethod
    def read(cls, pos: Pos, children: Children) -> StockDraw:
        return cls(pos=pos, hand=as_token(children[0]), against=as_token(children[1]))


@statement_node("stock_draw_top")
class StockDrawTop(Node):
    """`stock draw from top only`"""


@statement_node("drawn_paid_only")
class DrawnPaidOnly(Node):
    """`drawn hand is paid only`"""


@statement_node("drawn_loses_ties")
class DrawnLosesTies(Node):
    """`drawn hand loses ties`"""

