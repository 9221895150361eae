"""The statements of an auction game, one node each: the bid ladder and the bids off it, the
talon, the declaration, the defence, and the settle rules of a deal with a declarer.

A grammar rule with alternatives named apart (`pass_final` / `pass_not_final`) has a node for each,
as the grammar names them; a choice among keywords is read straight into the model's enum.
Names and numbers stay tokens or `Number` nodes, so an error can point at the very word.
"""

from __future__ import annotations

from dataclasses import dataclass

import lark
from lark import Token

from ...front.syntax import Node, Number, Pos, Seat, as_number, as_token, as_tree, choice_of, statement_node
from .rules import AmountKind, ContestWinner, Outcome, TermKind, Writer

__all__ = ["LadderEntry", "BidLadder", "GridStrain", "GridExtra", "BidGrid", "TargetOfLevel", "ScoreLevel",
           "BidFirstCall", "BidBinds", "NumberNotTo", "HalfDefence", "LevelQuota", "QuotaLevels", "BidSpecial", "FirstBid", "NextStep", "AnyHigherStep", "PassFinal",
           "PassNotFinal", "BidHold", "SpecialContest", "PassOutWrites", "PassOutNothing", "PassOutPlays", "PassOutProgression", "PassOutExit", "MultiplierRule", "TalonTake",
           "TalonShown", "TalonHidden", "DeclareAtLeastBid", "DeclareBid", "DeclareAfterSpecial", "DefenceMayDecline",
           "DefenceMust", "QuotaTogether", "QuotaEach", "QuotaLone", "QuotaNone", "UndefendedMade",
           "UndefendedPlayed", "DeclinerToDefender", "DeclinerToNobody", "OpenDefenceAlways", "OpenDefenceChoice", "Doubling", "DeclarerTarget",
           "ScoreContract", "AmountNode", "SettleStatement", "TermNode", "FinalScoreStatement"]

Children = list[Token | Number | Seat | lark.Tree[Token]]






# -- the auction ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LadderEntry:
    """One step of `bid ladder 6 spades, 7 clubs`: the number and the contract's ID as written."""

    number: Token
    contract: Token


@statement_node("bid_ladder")
class BidLadder(Node):
    """`bid ladder 2 spades, 3 hearts, ...`"""

    steps: tuple[LadderEntry, ...]

    @classmethod
    def read(cls, pos: Pos, children: Children) -> BidLadder:
        return cls(pos=pos, steps=tuple(LadderEntry(as_token(s.children[0]), as_token(s.children[1]))
                                        for s in map(as_tree, children)))


@dataclass(frozen=True)
class GridStrain:
    """A strain of `bid ladder levels ... in strains spades S, ...`: its contract and the code its
    bids are written with, as written."""

    contract: Token
    code: Token


@dataclass(frozen=True)
class GridExtra:
    """`misere above 8NT`: a contract of its own on the ladder, just above the bid named."""

    contract: Token
    above: Token


@statement_node("bid_grid")
class BidGrid(Node):
    """`bid ladder levels 6 to 10 in strains spades S, clubs C, ..., misere above 8NT`"""

    first: Token
    last: Token
    strains: tuple[GridStrain, ...]
    extras: tuple[GridExtra, ...]

    @classmethod
    def read(cls, pos: Pos, children: Children) -> BidGrid:
        first, last, *rest = children
        trees = list(map(as_tree, rest))
        return cls(pos=pos, first=as_token(first), last=as_token(last),
                   strains=tuple(GridStrain(as_token(t.children[0]), as_token(t.children[1]))
                                 for t in trees if t.data == "grid_strain"),
                   extras=tuple(GridExtra(as_token(t.children[0]), as_token(t.children[1]))
                                for t in trees if t.data == "grid_extra"))


@statement_node("bid_special")
class BidSpecial(Node):
    """`bid betl "Betl" above every number, from hand, at first turn only`"""

    name: Token
    title: Token
    terms: tuple[lark.Tree[Token], ...]
    """The properties as written (`special_from_hand`, `special_first_turn`), for their positions."""

    @classmethod
    def read(cls, pos: Pos, children: Children) -> BidSpecial:
        name, title, *terms = children
        return cls(pos=pos, name=as_token(name), title=as_token(title), terms=tuple(map(as_tree, terms)))

    def has(self, term: str) -> bool:
        return any(t.data == term for t in self.terms)


@statement_node("bid_first_call")
class BidFirstCall(Node):
    """`bid misere only as a first call`"""

    contract: Token


@statement_node("bid_binds")
class BidBinds(Node):
    """`a bidder of misere must play it`"""

    contract: Token


@statement_node("number_not_to")
class NumberNotTo(Node):
    """`a declarer who won with a number may not name misere`"""

    contract: Token


@statement_node("first_bid")
class FirstBid(Node):
    """`first bid by eldest`, `first bid by holder of 2C, else eldest`."""

    seat: Seat
    otherwise: tuple[Seat, ...] = ()
    """The seats after `else`, in order: each bids first when nobody holds the card before it."""

    @classmethod
    def read(cls, pos: Pos, children: Children) -> FirstBid:
        seats = []
        for child in children:
            assert isinstance(child, Seat), child
            seats.append(child)
        return cls(pos=pos, seat=seats[0], otherwise=tuple(seats[1:]))


@statement_node("bid_next_step")
class NextStep(Node):
    """`each bid is the next step`"""


@statement_node("bid_any_higher")
class AnyHigherStep(Node):
    """`each bid is any higher step`"""


@statement_node("pass_final")
class PassFinal(Node):
    """`passed players may not bid again`"""


@statement_node("pass_not_final")
class PassNotFinal(Node):
    """`passed players may bid again`"""


@statement_node("bid_hold")
class BidHold(Node):
    """`earlier bidders may hold the bid`"""


@statement_node("special_contest")
class SpecialContest(Node):
    """`between several betl bids the highest contract wins, then the earlier bidder` (or `... bids
    the first bidder wins`)."""

    special: Token
    winner: ContestWinner

    @classmethod
    def read(cls, pos: Pos, children: Children) -> SpecialContest:
        name, word = children
        return cls(pos=pos, special=as_token(name), winner=choice_of(ContestWinner, word))


@statement_node("pass_out_writes")
class PassOutWrites(Node):
    """`all passing: each player writes 1 ACCOUNT`"""

    points: Number
    account: Token


@statement_node("pass_out_nothing")
class PassOutNothing(Node):
    """`all passing: nothing is written`"""


@statement_node("pass_out_plays")
class PassOutPlays(Node):
    """`all passing: contract raspasy is played`"""

    contract: Token


@statement_node("pass_out_progression")
class PassOutProgression(Node):
    """`all passing in a row: scores times 1, 2, 3[, up to N]`"""

    terms: tuple[Token, Token, Token]
    cap: Token | None = None

    @classmethod
    def read(cls, pos: Pos, children: Children) -> PassOutProgression:
        first, second, third, *cap = children
        return cls(pos=pos, terms=(as_token(first), as_token(second), as_token(third)),
                   cap=as_token(as_tree(cap[0]).children[0]) if cap else None)


@statement_node("pass_out_exit")
class PassOutExit(Node):
    """`after all passing: lowest bid 7S`"""

    bid: Token


@statement_node("multiplier_rule")
class MultiplierRule(Node):
    """`each ACCOUNT multiplies the next contract its holder declares by 2[, at most N held|written]`"""

    account: Token
    times: Number
    limit: Number | None = None
    limit_counts_written: bool = False
    limit_at: Pos | None = None

    @classmethod
    def read(cls, pos: Pos, children: Children) -> MultiplierRule:
        account, times, *limit = children
        if not limit:
            return cls(pos=pos, account=as_token(account), times=as_number(times))
        tree = as_tree(limit[0])
        return cls(pos=pos, account=as_token(account), times=as_number(times), limit=as_number(tree.children[0]),
                   limit_counts_written=tree.data == "multiplier_limit_written", limit_at=Pos.of(tree.meta))


# -- the talon and the declaration ---------------------------------------------------------------------


@statement_node("talon_take")
class TalonTake(Node):
    """`declarer takes the talon and discards 2`"""

    discards: Token


@statement_node("talon_shown")
class TalonShown(Node):
    """`talon shown`"""


@statement_node("talon_hidden")
class TalonHidden(Node):
    """`talon hidden`"""


@statement_node("declare_at_least_bid")
class DeclareAtLeastBid(Node):
    """`declarer may name any contract at least as high as his bid`"""


@statement_node("declare_bid")
class DeclareBid(Node):
    """`declarer plays the contract of his bid`"""


@statement_node("declare_after_special")
class DeclareAfterSpecial(Node):
    """`after betl declarer may name any contract`"""

    special: Token


# -- the defence ---------------------------------------------------------------------------------------


@statement_node("defence_may_decline")
class DefenceMayDecline(Node):
    """`each defender may decline`"""


@statement_node("defence_must")
class DefenceMust(Node):
    """`both defenders must defend`"""


@statement_node("quota_together")
class QuotaTogether(Node):
    """`defenders need 4 tricks together[, else each needs 2]`"""

    tricks: Token
    share: Token | None = None

    @classmethod
    def read(cls, pos: Pos, children: Children) -> QuotaTogether:
        tricks, *share = children
        return cls(pos=pos, tricks=as_token(tricks), share=as_token(share[0]) if share else None)


@statement_node("quota_each")
class QuotaEach(Node):
    """`each defender needs 2 tricks`"""

    tricks: Token


@statement_node("quota_lone")
class QuotaLone(Node):
    """`lone defender needs 2 tricks`"""

    tricks: Token


@statement_node("quota_none")
class QuotaNone(Node):
    """`defenders have no quota`"""


@statement_node("half_defence")
class HalfDefence(Node):
    """`the last defender may half defend after a pass, up to level 7`"""

    level: Number


@dataclass(frozen=True)
class LevelQuota:
    """`4 tricks at level 6` in `defenders need ...`, as written."""

    tricks: Token
    level: Token


@statement_node("quota_levels")
class QuotaLevels(Node):
    """`defenders need 4 tricks at level 6, 2 tricks at level 7, ...`"""

    quotas: tuple[LevelQuota, ...]

    @classmethod
    def read(cls, pos: Pos, children: Children) -> QuotaLevels:
        return cls(pos=pos, quotas=tuple(LevelQuota(as_token(t.children[0]), as_token(t.children[1]))
                                         for t in map(as_tree, children)))


@statement_node("undefended_made")
class UndefendedMade(Node):
    """`nobody defending: contract counts as made`"""


@statement_node("undefended_played")
class UndefendedPlayed(Node):
    """`nobody defending: contract is played`"""


@statement_node("decliner_tricks_to_defender")
class DeclinerToDefender(Node):
    """`tricks of a decliner count for the lone defender`"""


@statement_node("decliner_tricks_to_nobody")
class DeclinerToNobody(Node):
    """`tricks of a decliner count for nobody`"""


@statement_node("open_defence_always")
class OpenDefenceAlways(Node):
    """`a lone defender plays with open cards`"""


@statement_node("open_defence_choice")
class OpenDefenceChoice(Node):
    """`a lone defender may play with open cards`"""


@statement_node("doubling")
class Doubling(Node):
    """`defenders may double and declarer redouble, up to 4 times`"""

    times: Token


# -- scores --------------------------------------------------------------------------------------------


@statement_node("declarer_target")
class DeclarerTarget(Node):
    """`declarer needs at least 6 tricks`"""

    at_most: bool
    tricks: Token

    @classmethod
    def read(cls, pos: Pos, children: Children) -> DeclarerTarget:
        bound, tricks = children
        return cls(pos=pos, at_most=str(bound) == "at_most", tricks=as_token(tricks))


@statement_node("target_of_level")
class TargetOfLevel(Node):
    """`declarer needs the tricks of his level`"""


@statement_node("score_level")
class ScoreLevel(Node):
    """`score level 6 value 2`"""

    level: Token
    value: Number


@statement_node("score_contract")
class ScoreContract(Node):
    """`score spades value 2[ from hand 3]`"""

    contract: Token
    value: Number
    from_hand: Number | None = None

    @classmethod
    def read(cls, pos: Pos, children: Children) -> ScoreContract:
        contract, value, *hand = children
        return cls(pos=pos, contract=as_token(contract), value=as_number(value),
                   from_hand=as_number(hand[0]) if hand else None)


@dataclass(frozen=True)
class AmountNode:
    """What a settle rule writes, as written (`value`, `tricks times value`, `N [from hand M]`, `nothing`)."""

    kind: AmountKind
    fixed: Number | None = None
    from_hand: Number | None = None
    times: Token | None = None
    """The factor of `... times N` after the amount, as written."""


_AMOUNTS = {"amount_value": AmountKind.VALUE, "amount_tricks_value": AmountKind.TRICKS_VALUE,
            "amount_undertricks_value": AmountKind.UNDERTRICKS_VALUE,
            "amount_shortfall_value": AmountKind.SHORTFALL_VALUE, "amount_half_quota_value": AmountKind.HALF_QUOTA_VALUE,
            "amount_fixed": AmountKind.FIXED, "amount_nothing": AmountKind.NOTHING}


@statement_node("settle")
class SettleStatement(Node):
    """`[if OUTCOME:] WHO writes ACCOUNT plus|minus AMOUNT [against declarer]`"""

    outcome: Outcome | None
    who: Writer
    account: Token
    sign: int
    amount: AmountNode
    against_declarer: bool

    @classmethod
    def read(cls, pos: Pos, children: Children) -> SettleStatement:
        parts = list(children)
        first = parts[0]
        outcome = None
        if isinstance(first, lark.Tree) and first.data == "settle_outcome":
            outcome = choice_of(Outcome, as_tree(parts.pop(0)).children[0])
        who, account, sign, amount, *rest = parts
        tree = as_tree(amount)
        numbers = [as_number(c) for c in tree.children]
        times = next((as_token(as_tree(r).children[0]) for r in rest
                      if isinstance(r, lark.Tree) and r.data == "amount_times"), None)
        against = [r for r in rest if not (isinstance(r, lark.Tree) and r.data == "amount_times")]
        return cls(pos=pos, outcome=outcome, who=choice_of(Writer, who), account=as_token(account),
                   sign=1 if str(sign) == "plus" else -1,
                   amount=AmountNode(_AMOUNTS[str(tree.data)], numbers[0] if numbers else None,
                                     numbers[1] if len(numbers) > 1 else None, times),
                   against_declarer=bool(against))


@dataclass(frozen=True)
class TermNode:
    """A term of `final ...` as written, with its sign and position."""

    sign: int
    kind: TermKind
    account: Token
    times: Token | None
    pos: Pos


_TERMS = {"term_account": TermKind.ACCOUNT, "term_above_average": TermKind.ABOVE_AVERAGE,
          "term_against": TermKind.AGAINST, "term_by": TermKind.BY}


@statement_node("final_score")
class FinalScoreStatement(Node):
    """`final TARGET = ACCOUNT times 10 plus ACCOUNT against minus ACCOUNT by`"""

    target: Token
    terms: tuple[TermNode, ...]

    @classmethod
    def read(cls, pos: Pos, children: Children) -> FinalScoreStatement:
        target, *rest = children
        terms, sign = [], 1
        for child in rest:
            if isinstance(child, Token):  # plus | minus, before the next term
                sign = 1 if str(child) == "plus" else -1
                continue
            tree = as_tree(child)
            account, *times = tree.children
            terms.append(TermNode(sign, _TERMS[str(tree.data)], as_token(account), as_token(times[0]) if times else None,
                                  Pos.of(tree.meta)))
        return cls(pos=pos, target=as_token(target), terms=tuple(terms))


@statement_node("account_cap")
class AccountCapStatement(Node):
    """`close ACCOUNT at N: overflow to the others for HELP times K[, then REST minus the rest]`"""

    account: Token
    cap: Number
    help: Token
    times: Token
    rest: Token | None = None

    @classmethod
    def read(cls, pos: Pos, children: Children) -> AccountCapStatement:
        account, cap, help_, times, *rest = children
        return cls(pos=pos, account=as_token(account), cap=as_number(cap), help=as_token(help_),
                   times=as_token(times), rest=as_token(rest[0]) if rest else None)
