"""The statements of trick play: the play duty, trumps, the duties to head and overtrump, the
first lead, who wins a trick, early ends, lead restrictions, and the per-trick and per-card scores
with the moon. Each node declares its shape and reads itself."""

from __future__ import annotations

from typing import Any

import lark
from lark import Token

from ...front.syntax import CardSet, Condition, DutyStep, Node, Number, Pos, Seat, statement_node

__all__ = ["PlayDuty", "NoTrumps", "TrumpSuit", "TrumpsNamed", "NoHeadDuty", "HeadDuty", "FirstLead", "TrickWinner",
           "EarlyEnd", "LeadRestriction", "LeadUntilBroken", "FirstTrickBan", "ScoreAllTaken", "ScorePerTrick",
           "ScorePerCard", "TalonLeads"]


@statement_node("play_duty")
class PlayDuty(Node):
    steps: tuple[DutyStep, ...]

    @classmethod
    def read(cls, pos: Pos, children: list[Any]) -> PlayDuty:
        return cls(pos=pos, steps=tuple(children))


@statement_node("no_trumps")
class NoTrumps(Node):
    """`trumps none`"""


@statement_node("trump_suit")
class TrumpSuit(Node):
    suit: Token


@statement_node("trumps_named")
class TrumpsNamed(Node):
    namer: Token  # "declarer" | "chooser"


@statement_node("no_head_duty")
class NoHeadDuty(Node):
    what: Token  # "head" | "overtrump"


@statement_node("head_duty")
class HeadDuty(Node):
    what: Token
    on_trump_leads: bool = False
    """The duty holds only when a trump is led (`must head if able on trump leads`)."""

    @classmethod
    def read(cls, pos: Pos, children: list[Any]) -> HeadDuty:
        return cls(pos=pos, what=children[0], on_trump_leads=len(children) > 1)


@statement_node("first_lead")
class FirstLead(Node):
    seat: Seat
    otherwise: tuple[Seat, ...] = ()
    """The seats after `else`, in order, for a card that nobody holds."""
    leads_it: bool = False
    """`, who leads it`: the holder must lead the card that names him to the first trick."""

    @classmethod
    def read(cls, pos: Pos, children: list[Any]) -> FirstLead:
        seats = [c for c in children if isinstance(c, Seat)]
        return cls(pos=pos, seat=seats[0], otherwise=tuple(seats[1:]), leads_it=len(seats) < len(children))


@statement_node("talon_leads")
class TalonLeads(Node):
    """`talon cards lead the first 2 tricks`"""

    count: Token


@statement_node("trick_winner")
class TrickWinner(Node):
    extreme: Token
    unless_trumped: bool

    @classmethod
    def read(cls, pos: Pos, children: list[Any]) -> TrickWinner:
        return cls(pos=pos, extreme=children[0], unless_trumped=len(children) > 1)


@statement_node("early_end")
class EarlyEnd(Node):
    condition: Condition


@statement_node("lead_restriction")
class LeadRestriction(Node):
    cards: CardSet


@statement_node("lead_until_broken")
class LeadUntilBroken(Node):
    cards: CardSet


@statement_node("first_trick_ban")
class FirstTrickBan(Node):
    cards: CardSet


@statement_node("score_all_taken")
class ScoreAllTaken(Node):
    taker: Number
    others: Number
    cards: tuple[CardSet, ...] = ()
    """`all of CARDS, ...`: the moon's cards as named; empty for `every scoring card`."""

    @classmethod
    def read(cls, pos: Pos, children: list[Any]) -> ScoreAllTaken:
        return cls(pos=pos, taker=children[-2], others=children[-1], cards=tuple(children[:-2]))


@statement_node("score_per_trick")
class ScorePerTrick(Node):
    points: Number
    last: Token | None
    account: Token | None
    number: Token | None = None
    """`per trick number N`: only the Nth trick counts."""

    @classmethod
    def read(cls, pos: Pos, children: list[Any]) -> ScorePerTrick:
        last = [t for x in children if isinstance(x, lark.Tree) and x.data == "last_tricks"
                for t in x.children[:1] if isinstance(t, Token)]
        number = [t for x in children if isinstance(x, lark.Tree) and x.data == "trick_number"
                  for t in x.children[:1] if isinstance(t, Token)]
        account = [x for x in children[1:] if isinstance(x, Token)]
        return cls(pos=pos, points=children[0], last=last[0] if last else None,
                   number=number[0] if number else None, account=account[0] if account else None)


@statement_node("score_no_trick")
class ScoreNoTrick(Node):
    """`score N for no trick [to ACCOUNT]`"""

    points: Number
    account: Token | None = None

    @classmethod
    def read(cls, pos: Pos, children: list[Any]) -> ScoreNoTrick:
        return cls(pos=pos, points=children[0], account=children[1] if len(children) > 1 else None)


@statement_node("score_fewest")
class ScoreFewest(Node):
    """`fewest tricks write N per trick of each other player in ACCOUNT`"""

    points: Number
    account: Token


@statement_node("score_per_card")
class ScorePerCard(Node):
    points: Number
    cards: CardSet
    account: Token | None

    @classmethod
    def read(cls, pos: Pos, children: list[Any]) -> ScorePerCard:
        return cls(pos=pos, points=children[0], cards=children[1], account=children[2] if len(children) > 2 else None)
