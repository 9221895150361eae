"""Ruling on a claim or a concession made during trick play: with every hand open, the claim holds
if the claimer's side takes the tricks it claims against every defence; otherwise it fails, and
the result is adjusted to the side's worst result over the continuations (doubt goes against the
claimer), with one line of play that beats it. A concession stands, except for tricks the
conceder's side takes on every line, which are given back to it.

Every ruling cites the clause of the rules that states the claim rule (`Game.claims`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...errors import Phrase, UsageError
from ...i18n import N_
from ...model.values import Cited
from ...verdicts import Verdict
from ..auction.rules import DeclinerTricks
from ..base import Phase
from .rules import ClaimRule, Unstated
from .solver import Line, OutOfBudget, Search, SearchDeal, tricks_left

__all__ = ["Claim", "ClaimRuling", "read_claim", "rule_on_claim", "side_of"]


@dataclass(frozen=True)
class Claim:
    """A claim by `seat` that his side takes at least `tricks` of the tricks left (all of them:
    "the rest are mine"), optionally with the cards he says he will play, in order; or, with
    `concede`, a concession of `tricks` of them to the others."""

    seat: int
    tricks: int
    line: tuple[int, ...] = ()
    concede: bool = False


@dataclass(frozen=True)
class ClaimRuling:
    """What the search found. `worst` is the side's tricks on its worst continuation (None when
    the search ran out of budget); `line` is that continuation."""

    claim: Claim
    side: frozenset[int]
    left: int
    worst: int | None
    line: Line
    nodes: int
    verdict: Verdict
    credited: int | None = None
    """The tricks of those left the ruling credits the side with (None when not decided): its
    worst result for a claim (one that holds is met on every line, one that fails gets its worst
    line), and for a concession what it kept or, if more, what it takes on every line."""
    play_out: Line = ()
    """A continuation to the end on which the side takes the tricks the ruling credits it with:
    what a judge plays out to score the deal (the counter-line of a failed claim)."""

    @property
    def holds(self) -> bool:
        return self.verdict.legal

    @property
    def decided(self) -> bool:
        return self.worst is not None


def read_claim(deal: SearchDeal, seat: int, words: Sequence[str], concede: bool = False) -> Claim:
    """The claim (or concession) by `seat` of the deal that `words` state as written: the tricks
    (a number, or `rest` for all those left), then for a claim the cards of its line, in order."""
    tricks, *codes = words
    if tricks != "rest" and not (tricks.isascii() and tricks.isdigit() and len(tricks) <= 3):
        raise UsageError(Phrase("{tricks} is not a number of tricks: write a number, or `rest` for every trick "
                                "left", tricks=tricks))
    line = []
    for code in codes:
        card = deal.table.card_id(code)
        if card is None or not 0 <= seat < len(deal.hands) or card not in deal.hands[seat]:
            raise UsageError(Phrase("{card} is not a card seat {seat} holds (write the cards of the line as the "
                                    "deal writes them, such as AS KS)", card=code, seat=seat + 1))
        line.append(card)
    return Claim(seat, tricks_left(deal) if tricks == "rest" else int(tricks), tuple(line), concede)


def side_of(deal: SearchDeal, seat: int) -> frozenset[int]:
    """The seats whose tricks a claim by `seat` counts, as the contract's accounting has it: the
    defenders together against a declarer (with a decliner's tricks when they count for the lone
    defender), else the player alone."""
    if deal.declarer is None or seat == deal.declarer or seat not in deal.defenders:
        return frozenset({seat})
    state = deal.bidding
    counted = state.rules.model.decliner_tricks if state is not None else None
    if len(deal.defenders) == 1 and counted is not None and counted.value is DeclinerTricks.DEFENDER:
        return frozenset(s for s in range(len(deal.hands)) if s != deal.declarer)
    return frozenset(deal.defenders)


def rule_on_claim(deal: SearchDeal, claim: Claim, rule: Cited[ClaimRule] | None, *,
                  unstated: Unstated | None = None, budget: int = 1_000_000) -> ClaimRuling:
    """Rule on `claim` at the position of `deal` (not changed). `unstated` overrides the rule's
    reading of the claimer's unstated plays."""
    if rule is None:
        raise UsageError(Phrase("the rules of this game state no claim rule, so a claim cannot be ruled on "
                                "(a clause would say `claims are ruled with all hands open, the claimer playing "
                                "any legal card`)"))
    if deal.phase is not Phase.TRICKS or deal.tricks is None:
        raise UsageError(Phrase("a claim is made during the play of the tricks, and the deal is not there: "
                                "name a position inside the trick play with --at"))
    if not 0 <= claim.seat < len(deal.hands) or not deal.hands[claim.seat]:
        raise UsageError(Phrase("seat {seat} holds no cards, so it has nothing to claim", seat=claim.seat + 1))
    reading = unstated or rule.value.unstated
    search = Search(deal, side_of(deal, claim.seat), claim.seat, claim.line, reading, budget)
    left = search.tricks_left()
    if not 0 <= claim.tricks <= left:
        raise UsageError(Phrase("{tricks} tricks cannot be claimed: {left} are left to play (claim a number "
                                "from 0 to {left})", tricks=claim.tricks, left=left))
    if claim.concede:  # what the conceder's side takes on every line, whatever it plays
        search = Search(deal, search.side, claim.seat, (), Unstated.ANY, budget)
    try:
        worst = search.value()
        line = search.line_to(worst)
        credited, play_out, ruled = worst, line, claim
        if claim.concede and left - claim.tricks > worst:  # the concession's own count, on a line that gives it
            exact = _exact(deal, search, left - claim.tricks)
            if exact is not None:
                credited, play_out = left - claim.tricks, exact
            else:  # the side cannot keep that many on any line: a claim of them, ruled as one
                ruled = Claim(claim.seat, left - claim.tricks, (), False)
    except OutOfBudget:
        verdict = Verdict(False, N_("Seat {seat}'s claim is not decided: {nodes} positions were searched "
                                    "without settling it."), (("seat", claim.seat), ("nodes", search.budget)),
                          (rule.clause,), claim.seat, _written(claim))
        return ClaimRuling(claim, search.side, left, None, (), search.nodes, verdict)
    values: tuple[tuple[str, str | int], ...] = (("seat", ruled.seat), ("tricks", ruled.tricks), ("left", left),
                                                 ("worst", worst))
    cited = (rule.clause,)
    if ruled.concede:
        if worst > left - claim.tricks:
            verdict = Verdict(True, N_("Seat {seat} concedes {tricks} of the {left} tricks left, but his side "
                                       "takes {worst} on every line: the tricks it cannot lose are given "
                                       "back to it."), values, cited, claim.seat, _written(claim))
        else:
            verdict = Verdict(True, N_("Seat {seat} concedes {tricks} of the {left} tricks left: the "
                                       "concession stands."), values, cited, claim.seat, _written(claim))
    elif worst >= ruled.tricks:
        verdict = Verdict(True, N_("Seat {seat} claims {tricks} of the {left} tricks left: the claim holds, "
                                   "his side takes at least {worst} against every defence."),
                          values, cited, claim.seat, _written(claim))
    else:
        verdict = Verdict(False, N_("Seat {seat} claims {tricks} of the {left} tricks left: the claim fails, "
                                    "on the line shown his side takes only {worst}, and the result is adjusted "
                                    "to {worst}."), values, cited, claim.seat, _written(claim))
    return ClaimRuling(claim, search.side, left, worst, line, search.nodes, verdict, credited, play_out)


def _exact(deal: SearchDeal, fewest: Search, target: int) -> Line | None:
    """A line on which the side takes `target` tricks (more than its worst), or None when no line
    gives that many. Out of budget, the whole ruling is not decided (never a line that credits
    something other than the verdict)."""
    most = Search(deal, fewest.side, fewest.claimer, fewest.line, fewest.unstated, fewest.budget, generous=True)
    if not most.at_least(deal, 0, target):
        return None
    found = fewest.exact_line(target, most)
    fewest.nodes += most.nodes
    if fewest.nodes > fewest.budget:
        raise OutOfBudget
    return found


def _written(claim: Claim) -> str:
    word = "concede" if claim.concede else "claim"
    return f"{word} {claim.tricks}"
