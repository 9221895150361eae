"""Reading the statements of trick play into the contracts' rules, with the errors an author can
make in them."""

from __future__ import annotations

from lark import Token

from ...errors import Phrase
from ...front.syntax import Node
from ...model.cards import CardSet
from ...model.document import Located
from ..declaration import Builder, StatementBuilder
from ..layout.rules import LayoutRules
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
    TrickWinner,
    Trumps,
)
from .syntax import (
    EarlyEnd,
    FirstLead,
    FirstTrickBan,
    LeadRestriction,
    LeadUntilBroken,
    NoHeadDuty,
    NoTrumps,
    PlayDuty,
    ScoreAllTaken,
    ScoreFewest,
    ScoreNoTrick,
    ScorePerCard,
    ScorePerTrick,
    TalonLeads,
    TrumpsNamed,
    TrumpSuit,
)
from .syntax import (
    HeadDuty as HeadDutyStatement,
)
from .syntax import (
    TrickWinner as TrickWinnerStatement,
)

__all__ = ["BUILDERS"]

Scope = str | None

_DUTY_KINDS = {kind.value: kind for kind in DutyKind}
"""A step of the play duty as its node names it (`follow`, `trump`, `discard`, `any`) -> its kind."""
_CONDITIONS = {"cards_taken": ConditionKind.CARDS_TAKEN, "declarer_tricks": ConditionKind.DECLARER_TRICKS,
               "defenders_tricks": ConditionKind.DEFENDERS_TRICKS}
"""An early end's condition as its node names it -> its kind (`place_decided` is layout play's)."""


def build_play_duty(builder: Builder, item: Located, node: PlayDuty, cid: str, scope: Scope) -> None:
    steps: list[DutyStep] = []
    for step in node.steps:
        if steps and steps[-1].kind is DutyKind.ANY:
            raise item.error(step, Phrase('nothing can follow `any card`: every card is already allowed'),
                             hint=Phrase('end the list with `any card`'))
        kind = _DUTY_KINDS[step.kind]
        cards = builder.cardset(item, step.cards) if kind is DutyKind.DISCARD else None
        steps.append(DutyStep(kind, cards))
    if steps[-1].kind is not DutyKind.ANY:
        raise item.error(node, Phrase('a player who can do none of these would have no card to play'),
                         expected=Phrase('`else any card` at the end'),
                         hint=Phrase('write `must follow suit, else any card`'))
    builder.rule(item, node, cid, scope, TrickRules, "play_duty", tuple(steps))


def build_no_trumps(builder: Builder, item: Located, node: NoTrumps, cid: str, scope: Scope) -> None:
    builder.rule(item, node, cid, scope, TrickRules, "trumps", Trumps())


def build_trump_suit(builder: Builder, item: Located, node: TrumpSuit, cid: str, scope: Scope) -> None:
    builder.rule(item, node, cid, scope, TrickRules, "trumps", Trumps(suit=builder.known(item, node, node.suit, "suit")))


def build_trumps_named(builder: Builder, item: Located, node: TrumpsNamed, cid: str, scope: Scope) -> None:
    builder.rule(item, node, cid, scope, TrickRules, "trumps", Trumps(named_by=str(node.namer)))


def build_no_head_duty(builder: Builder, item: Located, node: NoHeadDuty, cid: str, scope: Scope) -> None:
    if str(node.what) == "overtrump":
        builder.rule(item, node, cid, scope, TrickRules, "overtrump_duty", False)
    else:
        builder.rule(item, node, cid, scope, TrickRules, "head_duty", HeadDuty.NONE)


def build_head_duty(builder: Builder, item: Located, node: HeadDutyStatement, cid: str, scope: Scope) -> None:
    if str(node.what) == "overtrump":
        if node.on_trump_leads:
            raise item.error(node, Phrase('overtrumping is always a duty on a trick that holds a trump'),
                             hint=Phrase('write `must overtrump if able`, or `must head if able on trump leads`'))
        builder.rule(item, node, cid, scope, TrickRules, "overtrump_duty", True)
    else:
        builder.rule(item, node, cid, scope, TrickRules, "head_duty",
                     HeadDuty.ON_TRUMP_LEADS if node.on_trump_leads else HeadDuty.ALWAYS)


def build_first_lead(builder: Builder, item: Located, node: FirstLead, cid: str, scope: Scope) -> None:
    builder.rule(item, node, cid, scope, TrickRules, "first_lead", builder.seats(item, node))
    if node.leads_it:
        last = (node.seat, *node.otherwise)[-1]
        if last.role != "holder":
            raise item.error(node, Phrase('`who leads it` names the card that makes a player the leader, and '
                                          '`{seat}` is named by no card', seat=str(last.role)),
                             hint=Phrase('write `first lead by holder of 2C, who leads it`, or leave out '
                                         '`, who leads it`'))
        builder.rule(item, node, cid, scope, TrickRules, "first_lead_card", True)


def build_talon_leads(builder: Builder, item: Located, node: TalonLeads, cid: str, scope: Scope) -> None:
    count = int(node.count)
    if count < 1:
        raise item.error(node.count, Phrase('the talon leads no trick here'),
                         hint=Phrase('write `talon cards lead the first 2 tricks`, or remove the statement'))
    builder.rule(item, node, cid, scope, TrickRules, "talon_leads", count)


def build_trick_winner(builder: Builder, item: Located, node: TrickWinnerStatement, cid: str, scope: Scope) -> None:
    builder.rule(item, node, cid, scope, TrickRules, "trick_winner",
                 TrickWinner(Extreme(str(node.extreme)), node.unless_trumped))


def build_early_end(builder: Builder, item: Located, node: EarlyEnd, cid: str, scope: Scope) -> None:
    cond = node.condition
    if cond.kind == "place_decided":  # the end of a layout deal (the load check sees it in a layout contract)
        builder.rule(item, node, cid, scope, LayoutRules, "ends_at_place", int(cond.count or 0))
        return
    kind = _CONDITIONS[cond.kind]
    if kind is ConditionKind.CARDS_TAKEN:
        value = Condition(kind, cards=builder.cardset(item, cond.cards))
    else:
        value = Condition(kind, count=int(cond.count or 0))
    builder.rule(item, node, cid, scope, TrickRules, "early_ends", value, many=True)


def build_lead_restriction(builder: Builder, item: Located, node: LeadRestriction, cid: str, scope: Scope) -> None:
    builder.rule(item, node, cid, scope, TrickRules, "lead_restrictions", builder.cardset(item, node.cards), many=True)


def build_lead_until_broken(builder: Builder, item: Located, node: LeadUntilBroken, cid: str, scope: Scope) -> None:
    builder.rule(item, node, cid, scope, TrickRules, "lead_until_broken", builder.cardset(item, node.cards), many=True)


def build_first_trick_ban(builder: Builder, item: Located, node: FirstTrickBan, cid: str, scope: Scope) -> None:
    builder.rule(item, node, cid, scope, TrickRules, "first_trick_bans", builder.cardset(item, node.cards), many=True)


def _account_of(builder: Builder, item: Located, token: Token | None) -> str | None:
    """The account a trick score writes to (`score ... to ACCOUNT`), None for the main one."""
    if token is None:
        return None
    if builder.account(item, token).value.per_opponent:  # a trick score has no opponent to write against
        raise item.error(token, Phrase('{account} is kept per opponent, and a score for tricks or cards taken '
                                       'is written against nobody', account=token),
                         hint=Phrase('write it to an account declared without `per opponent`, or leave out `to {account}`',
                                     account=token))
    return str(token)


def build_score_per_trick(builder: Builder, item: Located, node: ScorePerTrick, cid: str, scope: Scope) -> None:
    count = int(node.last) if node.last is not None else None
    if count is not None and count < 1:
        raise item.error(node.last, Phrase('`of the last 0` counts no trick'), hint=Phrase('write a number from 1'))
    number = int(node.number) if node.number is not None else None
    if number is not None and number < 1:
        raise item.error(node.number, Phrase('tricks are numbered from 1'),
                         hint=Phrase('write `per trick number 1` for the first'))
    rule = ScoreRule(ScoreKind.PER_TRICK, builder.number(item, node.points), last=count, number=number,
                     account=_account_of(builder, item, node.account))
    builder.rule(item, node, cid, scope, TrickRules, "scores", rule, many=True)


def build_score_per_card(builder: Builder, item: Located, node: ScorePerCard, cid: str, scope: Scope) -> None:
    rule = ScoreRule(ScoreKind.PER_CARD, builder.number(item, node.points), builder.cardset(item, node.cards),
                     account=_account_of(builder, item, node.account))
    builder.rule(item, node, cid, scope, TrickRules, "scores", rule, many=True)


def build_score_no_trick(builder: Builder, item: Located, node: ScoreNoTrick, cid: str, scope: Scope) -> None:
    rule = ScoreRule(ScoreKind.NO_TRICK, builder.number(item, node.points), account=_account_of(builder, item, node.account))
    builder.rule(item, node, cid, scope, TrickRules, "scores", rule, many=True)


def build_score_fewest(builder: Builder, item: Located, node: ScoreFewest, cid: str, scope: Scope) -> None:
    if not builder.account(item, node.account).value.per_opponent:
        raise item.error(node.account, Phrase('the fewest write against each other player, so {account} must be '
                                              'kept per opponent', account=node.account),
                         hint=Phrase('declare it `account {account} "..." per opponent`', account=node.account))
    points = builder.number(item, node.points)
    if points < 1:
        raise item.error(node.points, Phrase('{points} a trick writes nothing', points=points),
                         hint=Phrase('write the rate of the source (5 visty a trick in Rostov)'))
    builder.rule(item, node, cid, scope, TrickRules, "scores", ScoreRule(ScoreKind.FEWEST, points, account=str(node.account)), many=True)


def build_score_all_taken(builder: Builder, item: Located, node: ScoreAllTaken, cid: str, scope: Scope) -> None:
    named = [builder.cardset(item, cards) for cards in node.cards]
    value = AllTaken(builder.number(item, node.taker), builder.number(item, node.others),
                     CardSet(frozenset().union(*(c.cards for c in named)), ", ".join(c.text for c in named))
                     if named else None)
    builder.rule(item, node, cid, scope, TrickRules, "all_taken", value)


BUILDERS: dict[type[Node], StatementBuilder] = {
    PlayDuty: build_play_duty, NoTrumps: build_no_trumps, TrumpSuit: build_trump_suit,
    TrumpsNamed: build_trumps_named, NoHeadDuty: build_no_head_duty, HeadDutyStatement: build_head_duty,
    FirstLead: build_first_lead, TrickWinnerStatement: build_trick_winner, EarlyEnd: build_early_end,
    LeadRestriction: build_lead_restriction, LeadUntilBroken: build_lead_until_broken,
    FirstTrickBan: build_first_trick_ban, TalonLeads: build_talon_leads, ScorePerTrick: build_score_per_trick, ScorePerCard: build_score_per_card,
    ScoreAllTaken: build_score_all_taken, ScoreNoTrick: build_score_no_trick, ScoreFewest: build_score_fewest,
}
