"""Ruling on a claim or a concession made during trick play: with every hand open, the claim holds
if the claimer's side takes the tricks it claims against every defence; otherwise it fails, and
the result is adjusted to the side's worst result over the continuations (doubt goes against the
claimer), with one line of play that beats it. A concession stands, except for tricks the
conceder's side takes on every line, which are given back to it.

Every ruling cites the clause of the rules that states the claim rule (`Game.claims`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...errors import Phrase, UsageError
from ...i18n import N_
from ...model.values import Cited
from ...verdicts import Verdict
from ..auction.rules import DeclinerTricks
from ..vocabulary import Phase
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
    at_most: bool = False
    """A claim that the side takes no more than `tricks` ("no more tricks": at most 0)."""
    points: bool = False
    """`tricks` counts the points the contract scores for what the side takes, not its tricks: at
    least so many ("at least 50 more points"), or with `at_most` no more ("no more hearts", "at
    most 10 more points")."""


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
    (a number, or `rest` for all those left; for a claim `at most N` tricks, or `points N` or
    `points at most N` points), then for a claim the cards of its line, in order."""
    words = list(words)
    points = not concede and words[:1] == ["points"]
    if points:
        words = words[1:]
    at_most = not concede and words[:2] == ["at", "most"]
    if at_most:
        words = words[2:]
        if not words or words[0] == "rest":
            raise UsageError(Phrase("write how many at most, such as `at most 0` (no more) or `at most 10`"))
    elif points and (not words or words[0] == "rest"):
        raise UsageError(Phrase("a claim of points names how many: `points 50` (at least 50 more) or `points at "
                                "most 10`"))
    if not words:
        raise UsageError(Phrase("a claim names the tricks it claims: a number, or `rest` for every trick left"))
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
    return Claim(seat, tricks_left(deal) if tricks == "rest" else int(tricks), tuple(line), concede, at_most, points)


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
                  unstated: Unstated | None = None, budget: int = 1_000_000,
                  progress: Callable[[int], None] | None = None) -> ClaimRuling:
    """Rule on `claim` at the position of `deal` (not changed). `unstated` overrides the rule's
    reading of the claimer's unstated plays."""
    if rule is None:
        raise UsageError(Phrase("the rules of this game state no claim rule, so a claim cannot be ruled on "
                                "(a clause would say `claims are ruled with all hands open, the claimer playing "
                                "any legal card`)"))
    if deal.phase is Phase.LAYOUT:
        raise UsageError(Phrase("this contract is played as a layout, not in tricks, and a claim is ruled only in the "
                                "play of tricks: record the rest of the play instead (its finishing order decides "
                                "the deal)"))
    if deal.phase is not Phase.TRICKS or deal.tricks is None:
        raise UsageError(Phrase("a claim is made during the play of the tricks, and the deal is not there: "
                                "name a position inside the trick play with --at"))
    if not 0 <= claim.seat < len(deal.hands) or not deal.hands[claim.seat]:
        raise UsageError(Phrase("seat {seat} holds no cards, so it has nothing to claim", seat=claim.seat + 1))
    reading = unstated or rule.value.unstated
    if claim.points:
        _check_points(deal)
    search = Search(deal, side_of(deal, claim.seat), claim.seat, claim.line, reading, budget,
                    points=claim.points, at_most=claim.at_most, progress=progress)
    left = search.tricks_left()
    if claim.at_most:
        return _rule_at_most(deal, claim, rule, search, left)
    if claim.points:
        return _rule_points(claim, rule, search, left)
    if not 0 <= claim.tricks <= left:
        raise UsageError(Phrase("{tricks} tricks cannot be claimed: {left} are left to play (claim a number "
                                "from 0 to {left})", tricks=claim.tricks, left=left))
    if claim.concede:  # what the conceder's side takes on every line, whatever it plays
        search = Search(deal, search.side, claim.seat, (), Unstated.ANY, budget, progress=progress)
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


def _rule_points(claim: Claim, rule: Cited[ClaimRule], search: Search, left: int) -> ClaimRuling:
    """A claim that the side takes at least `claim.tricks` more points: it holds if the side's
    fewest over the continuations, the others playing to give it least, is no fewer."""
    try:
        worst = search.value()
        line = search.line_to(worst)
    except OutOfBudget:
        verdict = Verdict(False, N_("Seat {seat}'s claim is not decided: {nodes} positions were searched "
                                    "without settling it."), (("seat", claim.seat), ("nodes", search.budget)),
                          (rule.clause,), claim.seat, _written(claim))
        return ClaimRuling(claim, search.side, left, None, (), search.nodes, verdict)
    values: tuple[tuple[str, str | int], ...] = (("seat", claim.seat), ("tricks", claim.tricks), ("left", left),
                                                 ("worst", worst))
    holds = worst >= claim.tricks
    message = (N_("Seat {seat} claims his side takes at least {tricks} more points: the claim holds, it takes "
                  "at least {worst} against every defence.") if holds else
               N_("Seat {seat} claims his side takes at least {tricks} more points: the claim fails, on the "
                  "line shown it takes only {worst}, and the result is adjusted to {worst}."))
    verdict = Verdict(holds, message, values, (rule.clause,), claim.seat, _written(claim))
    return ClaimRuling(claim, search.side, left, worst, line, search.nodes, verdict, worst, line)


def _check_points(deal: SearchDeal) -> None:
    """A claim of points needs a contract that scores cards or tricks taken, and no score for
    taking them all still open (its search counts each card and trick on its own)."""
    contract = deal.contract
    assert contract is not None and deal.tricks is not None
    if not contract.per_card and not contract.per_trick:
        raise UsageError(Phrase("the contract being played scores no points by the card or the trick taken, so a "
                                "claim of points cannot be ruled (claim tricks instead: `at most N`)"))
    moon = contract.all_taken
    if moon is not None and len({s for s, taken in enumerate(deal.tricks.taken) if moon.cards.intersection(taken)}) < 2:
        raise UsageError(Phrase("one player may still take every card that scores for taking them all, which a claim "
                                "of points does not rule on (claim points once two players have taken such "
                                "cards, or claim tricks)"))


def _rule_at_most(deal: SearchDeal, claim: Claim, rule: Cited[ClaimRule], search: Search, left: int) -> ClaimRuling:
    """A claim that the side takes at most `claim.tricks` more tricks (or points): it holds if
    the side's most over the continuations, the others playing to give it more, is no more."""
    if not claim.points and not 0 <= claim.tricks <= left:
        raise UsageError(Phrase("{tricks} tricks cannot be claimed: {left} are left to play (claim a number "
                                "from 0 to {left})", tricks=claim.tricks, left=left))
    try:
        most = -search.value()
        line = search.line_to(-most)
    except OutOfBudget:
        verdict = Verdict(False, N_("Seat {seat}'s claim is not decided: {nodes} positions were searched "
                                    "without settling it."), (("seat", claim.seat), ("nodes", search.budget)),
                          (rule.clause,), claim.seat, _written(claim))
        return ClaimRuling(claim, search.side, left, None, (), search.nodes, verdict)
    values: tuple[tuple[str, str | int], ...] = (("seat", claim.seat), ("tricks", claim.tricks), ("left", left),
                                                 ("worst", most))
    holds = most <= claim.tricks
    if claim.points:
        message = (N_("Seat {seat} claims his side takes at most {tricks} more points: the claim holds, it takes "
                      "no more than {worst} on any line.") if holds else
                   N_("Seat {seat} claims his side takes at most {tricks} more points: the claim fails, on the "
                      "line shown it takes {worst}, and the result is adjusted to {worst}."))
    else:
        message = (N_("Seat {seat} claims his side takes at most {tricks} of the {left} tricks left: the claim "
                      "holds, it takes no more than {worst} on any line.") if holds else
                   N_("Seat {seat} claims his side takes at most {tricks} of the {left} tricks left: the claim "
                      "fails, on the line shown it takes {worst}, and the result is adjusted to {worst}."))
    verdict = Verdict(holds, message, values, (rule.clause,), claim.seat, _written(claim))
    return ClaimRuling(claim, search.side, left, most, line, search.nodes, verdict, most, line)


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
    bound = ("points at most " if claim.points else "at most ") if claim.at_most else "points " if claim.points else ""
    return f"{word} {bound}{claim.tricks}"
