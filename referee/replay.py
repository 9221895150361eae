"""One walk through a recorded match, action by action: the `Replay` that the judge, `legal` and
`explain`, and the reader and writer of the deal notation all use, and the `Judgement` it makes.

A replay takes the transcript's fields (every field but the deals) and then one deal at a time,
so a file can be judged as it is read: memory holds one deal, and the first illegal action is
reported without reading what follows it. The result is a `Judgement`: the verdicts in order
(draw, deals, actions), each deal's score lines, and the match result when the transcript covers
a whole match. It renders as text or JSON in any of the referee's languages.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, Protocol

from . import i18n, presentation
from .errors import N_, Phrase, RefereeError, Term, TranscriptError, UsageError
from .interpreter import Action, Deal, Match, MatchResult, Remaining
from .interpreter.seating import SeatedDeal
from .mechanics.claims.ruling import ClaimRuling, read_claim, rule_on_claim
from .model.checks import hand_size
from .model.game import Game
from .options import options, options_json
from .verdicts import ScoreLine, Verdict, cite
from .verdicts import cite as cite_for_people

__all__ = ["Judgement", "Outcome", "DealReport", "Replay", "Seats", "FORMAT", "shown_rules"]

FORMAT = "referee-judgement/1"
"""The version of `judge --json` (referee/data/judgement.schema.json)."""


# Lines about one seat: (by its number, by its player's name when the transcript gives names).
_ACTION_BY = N_("seat {seat}: {action}"), N_("{player}: {action}")
_DEALER = N_("Deal {number}: dealer seat {dealer}"), N_("Deal {number}: dealer {player}")
_DECLARER = N_(", declarer seat {seat}"), N_(", declarer {player}")
_CUTTER = N_(", cut by seat {seat}"), N_(", cut by {player}")
_SCORE_LINE = N_("Seat {seat}: {text}"), N_("{player}: {text}")

class Outcome(Enum):
    """What the referee rules on a whole transcript."""

    LEGAL = "legal"
    """Every action is legal and every deal is finished (a match cut short after a finished deal
    is legal as far as it goes: `Judgement.remaining` says what it still owes)."""
    ILLEGAL = "illegal"
    """An action, the draw or a deal breaks a rule: `Judgement.illegal` says which."""
    WRONG_SCORE = "wrong_score"
    """The score sheet the transcript wrote differs from the rules' totals (no action is illegal)."""
    UNFINISHED = "unfinished"
    """Every action is legal, but the last deal stops before its end."""


@dataclass
class DealReport:
    number: int
    dealer: int
    contract: str | None = None
    bid: str | None = None
    """On a ladder of levels, the bid the declarer named (`7S`): the level his contract is played at."""
    actions_judged: int = 0
    finished: bool = False
    ended_early: str | None = None
    declarer: int | None = None
    cancelled: bool = False
    upcards: list[str] = field(default_factory=list)
    cut: int | None = None
    """The seat that cut the pack before the deal (`cut by ... neighbour`), or None: no cut."""
    scores: list[ScoreLine] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    accounts: dict[str, list[int]] = field(default_factory=dict)
    """Every account after the deal (per-opponent accounts as the total each seat wrote)."""
    tricks: list[int] = field(default_factory=list)
    """Tricks taken per seat (zero in a deal without tricks)."""
    taken: list[list[str]] = field(default_factory=list)
    """Cards taken in tricks per seat, in the order taken."""
    sheet_checked: bool = False
    """The transcript wrote the score sheet after this deal, and it agrees with the referee's."""
    claims: list[Verdict] = field(default_factory=list)
    """The ruling on each claim or concession recorded in the deal (one ends its play)."""


@dataclass
class Judgement:
    """Everything the referee ruled on one transcript."""

    game: Game
    legal: bool = True
    wrong_score: bool = False
    """The first verdict against the transcript is on its score sheet, not on an action."""
    illegal: Verdict | None = None
    where: str | None = None
    """Where the illegal action stands: `deals[0].actions[12]`."""
    notes: list[Verdict] = field(default_factory=list)
    deals: list[DealReport] = field(default_factory=list)
    match: MatchResult | None = None
    seats: list[str] = field(default_factory=list)
    remaining: Remaining | None = None
    """What a match cut short still owes (every action legal, the match not over)."""
    table: Match | None = None
    """The match as the replay left it (`referee.interpreter.Match`): the live state."""
    in_play: Deal | None = None
    """The deal the replay stopped in before its end (`referee.interpreter.Deal`), else None."""
    rules_shown: str | None = None
    """The rules file as the user named it (`--rules FILE`, or the transcript's `"rules"`), else
    the shipped file's own name: never a path of the machine that judged."""

    @property
    def rules_file(self) -> str:
        """The rules judged under, as `--json` names them (`rules_shown`)."""
        return self.rules_shown or Path(self.game.path).name

    def __repr__(self) -> str:
        """Short, for a REPL: the outcome, where and by which clauses (the dataclass's own is 20,000
        characters for one deal)."""
        at = f" at {self.where} ({', '.join(self.illegal.clauses)})" if self.illegal is not None else ""
        return f"<Judgement {self.game.id}: {self.verdict}{at}, {len(self.deals)} deal{'' if len(self.deals) == 1 else 's'} judged>"

    @property
    def exit_status(self) -> int:
        """As `referee judge` exits: 0 every action legal, 1 an illegal action or a wrong score."""
        return 0 if self.legal else 1

    @property
    def outcome(self) -> Outcome:
        if not self.legal:
            return Outcome.WRONG_SCORE if self.wrong_score else Outcome.ILLEGAL
        if any(not d.finished for d in self.deals):
            return Outcome.UNFINISHED
        return Outcome.LEGAL

    @property
    def verdict(self) -> str:
        """The outcome's word, as `judge --json` writes it."""
        return self.outcome.value

    def remaining_text(self, lang: str = "en") -> list[str]:
        """What the match still owes, for people: deals, contracts still to choose, an account's bound."""
        left, g = self.remaining, self.game
        if left is None:
            return []
        _ = functools.partial(i18n.gettext, lang)
        out = []
        if left.deals is not None:
            out.append(i18n.ngettext(lang, "The match is unfinished: {n} more deal to play.",
                                     "The match is unfinished: {n} more deals to play.", left.deals).format(n=left.deals))
        elif left.account is not None:
            title = _(g.accounts[left.account].value[0]) if left.account in g.accounts else left.account
            message = (N_("The match is unfinished: no player's {account} has reached {bound} yet (nearest {total}).")
                       if left.any_player else
                       N_("The match is unfinished: the {account} of all players add up to {total}, and it ends at {bound}."))
            out.append(_(message).format(account=title, total=left.total, bound=left.bound))
        for seat, owed in left.owed:
            out.append(_("Seat {seat} still owes a choice of: {contracts}.").format(
                seat=self.seat_name(seat), contracts=", ".join(_(g.contracts[c].title) for c in owed)))
        clause = " [" + cite_for_people(g, [left.clause], lang, human=True) + "]"
        return [out[0] + clause] + out[1:]

    def remaining_json(self) -> dict | None:
        left = self.remaining
        if left is None:
            return None
        return {"deals": left.deals, "owed": {str(seat): list(owed) for seat, owed in left.owed},
                "account": left.account, "total": left.total, "bound": left.bound,
                "any_player": left.any_player, "clauses": [left.clause],
                "citations": cite(self.game, [left.clause])}

    def seat_name(self, seat: int) -> str:
        """A seat as people count it (from 1), with the player's name when the transcript has one."""
        shown = presentation.seat(seat)
        return f"{shown} ({self.seats[seat]})" if seat < len(self.seats) else str(shown)

    def player(self, seat: int, lang: str) -> str | None:
        """The player at a seat, "Ana (seat 2)", when the transcript gives the players' names."""
        if 0 <= seat < len(self.seats):
            return i18n.gettext(lang, "{name} (seat {seat})").format(name=self.seats[seat], seat=presentation.seat(seat))
        return None

    def about(self, lang: str, templates: tuple[str, str], seat: int, key: str = "seat", **values) -> str:
        """A line about one seat: the first template names it "seat 2"; when the transcript gives
        the players' names, the second names it by its player, "Ana (seat 2)"."""
        numbered, named = templates
        player = self.player(seat, lang)
        if player is not None:
            return i18n.gettext(lang, named).format(player=player, **values)
        return i18n.gettext(lang, numbered).format(**{key: presentation.seat(seat)}, **values)

    def position(self, lang: str = "en") -> str:
        """Where the illegal action stands, for people: "deal 1, action 4 (seat 2: play 4♣)"."""
        text = presentation.position(self.where, lang)
        verdict = self.illegal
        if verdict is not None and verdict.seat is not None and verdict.action:
            text += " (" + self.about(lang, _ACTION_BY, verdict.seat,
                                      action=presentation.action(verdict.action, lang, self.game)) + ")"
        return text

    def text(self, lang: str = "en") -> str:
        """The judgement for people, in `lang`: as `referee judge` prints it."""
        g = self.game
        _ = functools.partial(i18n.gettext, lang)

        def cite(game, clauses, lang):
            return cite_for_people(game, clauses, lang, human=True)
        out = [f"{_(g.title)} ({Path(g.path).name})"]
        changed = {k: v for k, v in g.settings.items() if v != g.parameters[k].default}
        if changed:
            out.append(_("Parameters: {values}").format(
                values=", ".join(f"{k}={v}" for k, v in changed.items())))
        for note in self.notes:
            out.append(note.describe(g, lang, self.seats))
        for report in self.deals:
            head = self.about(lang, _DEALER, report.dealer, key="dealer", number=report.number)
            if report.cut is not None and g.cut is not None:
                head += self.about(lang, _CUTTER, report.cut) + f" [{cite(g, [g.cut.clause], lang)}]"
            if report.upcards:
                head += _(", turned card {cards}").format(cards=presentation.cards(report.upcards, lang, g))
            if report.contract:
                title = _(g.contracts[report.contract].title)
                if report.bid is not None and report.bid != report.contract:
                    title = f"{report.bid} ({title})"
                head += _(", contract {contract}").format(contract=title)
                if report.declarer is not None:
                    head += self.about(lang, _DECLARER, report.declarer)
                chosen_by = g.contract_choice or g.contract_order or g.phases
                if chosen_by is not None:
                    head += f" [{cite(g, [chosen_by.clause], lang)}]"
            out.append(head)
            n = report.actions_judged
            out.append("  " + i18n.ngettext(lang, "{n} action judged", "{n} actions judged", n).format(n=n))
            for ruling in report.claims:
                out.append("  " + ruling.describe(g, lang, self.seats))
            if report.cancelled:
                out.append("  " + _("The deal is cancelled for an irregularity") + f" [{cite(g, [report.ended_early], lang)}]")
            elif report.ended_early:
                out.append("  " + _("The deal ended early") + f" [{cite(g, [report.ended_early], lang)}]")
            for line in report.scores:
                out.append("  " + self.about(lang, _SCORE_LINE, line.seat,
                                             text=line.text(lang, g, self.seats))
                           + f" [{cite(g, line.clauses, lang)}]")
            if report.finished:
                if len(report.accounts) > 1:
                    shown = "; ".join(f"{_(g.accounts[name].value[0]) if name in g.accounts else name}: "
                                      + " ".join(map(str, values)) for name, values in report.accounts.items())
                    out.append("  " + _("Totals: {totals}").format(totals=shown))
                else:
                    out.append("  " + _("Totals: {totals}").format(totals=" ".join(map(str, report.totals))))
                if report.sheet_checked:
                    out.append("  " + _("The score sheet written after this deal agrees."))
            else:
                out.append("  " + _("The deal is not finished."))
        if self.illegal is not None:
            head = _("WRONG SCORE, {where}: {verdict}") if self.outcome is Outcome.WRONG_SCORE else _("ILLEGAL, {where}: {verdict}")
            out.append(head.format(where=self.position(lang), verdict=self.illegal.describe(g, lang, self.seats, titles=True)))
        elif self.match is not None:
            totals = " ".join(map(str, self.match.totals))
            if self.seats:
                players = ", ".join(self.player(s, lang) or self.seat_name(s) for s in self.match.winners)
                ending = _("Match over. Totals: {totals}. Winner: {players}.").format(totals=totals, players=players)
            else:
                winners = ", ".join(self.seat_name(s) for s in self.match.winners)
                ending = _("Match over. Totals: {totals}. Winner: seat {winners}.").format(totals=totals, winners=winners)
            out.append(ending + f" [{cite(g, self.match.clauses, lang)}]")
        else:
            out.append(_("Every action is legal."))
            out.extend(self.remaining_text(lang))
        return "\n".join(out)

    def to_json(self, lang: str = "en") -> dict:
        """The judgement as `referee-judgement/1` (referee/data/judgement.schema.json)."""
        g = self.game
        return {
            "format": FORMAT,
            "game": g.id, "rules": self.rules_file, "legal": self.legal, "verdict": self.verdict,
            "parameters": dict(g.settings),
            "illegal": None if self.illegal is None else {"where": self.where, **self.illegal.to_json(g, lang)},
            "notes": [v.to_json(g, lang) for v in self.notes],
            "deals": [{"number": d.number, "dealer": d.dealer, "cut": self._cut_json(d, lang), "contract": d.contract,
                       "declarer": d.declarer, "actions_judged": d.actions_judged, "finished": d.finished,
                       "ended_early": d.ended_early, "cancelled": d.cancelled, "upcards": d.upcards,
                       "tricks": d.tricks, "taken": d.taken,
                       "scores": [{"seat": s.seat, "for": s.seat, "against": s.counterpart, "points": s.points,
                                   "account": s.account, "explanation": s.text(lang, g), "clauses": list(s.clauses),
                                   "citations": cite(g, s.clauses, lang)} for s in d.scores],
                       "totals": d.totals, "accounts": d.accounts, "sheet_checked": d.sheet_checked,
                       "claims": [v.to_json(g, lang) for v in d.claims]}
                      for d in self.deals],
            "next": self._next_json(lang),
            "match": None if self.match is None else {
                "totals": list(self.match.totals), "winners": list(self.match.winners),
                "clauses": list(self.match.clauses), "citations": cite(g, self.match.clauses, lang)},
            "unfinished": self.remaining_json(),
        }

    def _cut_json(self, report: DealReport, lang: str) -> dict | None:
        cut = self.game.cut
        if report.cut is None or cut is None:
            return None
        return {"seat": report.cut, "clauses": [cut.clause], "citations": cite(self.game, [cut.clause], lang)}

    def _next_json(self, lang: str) -> dict | None:
        """Where the transcript leaves the table: whose turn it is and what he may do (in a deal
        not finished, or before the illegal action), or who deals next; None once the match is over."""
        state = self.table
        if state is None:
            return None
        if self.in_play is not None and not self.in_play.is_over():
            return {"deal": len(self.deals), "dealer": self.in_play.dealer,
                    "options": options_json(self.game, options(self.in_play), lang)}
        if state.is_over() or state.dealer is None or self.illegal is not None:
            return None
        return {"deal": len(self.deals) + 1, "dealer": state.dealer, "options": None}


def _read_cards(table, codes, where: str, seen: set[int]) -> tuple[list[int], str | None]:
    """Card IDs for written cards, and the first one already dealt elsewhere (a misdeal)."""
    cards: list[int] = []
    for code in codes:
        card = table.card_id(code)
        if card is None:
            raise TranscriptError(f"transcript.{where}", Phrase('{code} is not a card of the pack', code=repr(code)),
                                  hint=Phrase('cards are written rank then suit: QH, 10S, AC'))
        if card in seen:
            return cards, code
        seen.add(card)
        cards.append(card)
    return cards, None


def _take_state(report: DealReport, deal) -> None:
    """What the deal has shown so far: its contract and declarer as soon as they are known, and
    the tricks and cards each seat has taken."""
    table = deal.table
    report.contract = deal.contract.id if deal.contract else None
    bidding = deal.bidding
    if bidding is not None and bidding.declared is not None and table.ladder_levels:
        report.bid = table.ladder_names[bidding.declared]
    report.declarer = getattr(deal, "declarer", None)
    report.tricks = list(deal.tricks_won)
    report.taken = [[table.code(card) for card in cards] for cards in deal.taken]


def _settled(report: DealReport, match, result, sheet: dict, where: str) -> tuple[Verdict, str] | None:
    """Record a deal's settling (played out or cancelled) in its report, then check the score
    sheet the transcript wrote after it (`_check_score_sheet`)."""
    report.finished = True
    report.scores = list(result.scores)
    report.totals = list(match.totals)
    report.accounts = match.score_sheet()
    return _check_score_sheet(match, report, sheet, where)


def _check_score_sheet(match, report: DealReport, sheet: dict, where: str) -> tuple[Verdict, str] | None:
    """The score sheet as the players wrote it after a deal, against the referee's own totals:
    the first total that differs, as a verdict citing the clauses that wrote that seat's points in
    this deal (or the account's own clause when nothing was written to him)."""
    game, players = match.game, match.table.players
    for name, recorded in sheet.items():
        if name not in report.accounts:
            known = ", ".join(report.accounts)
            if name in game.accounts:  # worked out only when the match ends
                raise TranscriptError(f"transcript.{where}.totals.{name}",
                                      Phrase('{account} is worked out only at the end of the match, not after each deal',
                                             account=name), hint=Phrase('write only these accounts: {accounts}', accounts=known))
            raise TranscriptError(f"transcript.{where}.totals.{name}",
                                  Phrase('{title} keeps no account {account}', title=Term(game.title), account=repr(name)),
                                  hint=Phrase('its accounts are: {accounts}', accounts=known))
        if len(recorded) != players:
            raise TranscriptError(f"transcript.{where}.totals.{name}",
                                  Phrase('the score sheet gives {count} totals for {account}, one per seat is needed ({players})',
                                         count=len(recorded), account=name, players=players))
        for seat, (written, due) in enumerate(zip(recorded, report.accounts[name])):
            if written == due:
                continue
            clauses = tuple(dict.fromkeys(c for line in report.scores
                                          if line.account == name and seat in (line.seat, line.counterpart)
                                          for c in line.clauses)) or (game.accounts[name].clause,)
            return (Verdict(False, N_("The score sheet gives seat {seat} {written} in {account} after deal {number}, "
                                      "but the rules give {total}."),
                            (("seat", seat), ("written", written), ("account", game.accounts[name].value[0]),
                             ("number", report.number), ("total", due)), clauses),
                    f"{where}.totals.{name}")
    report.sheet_checked = bool(sheet)
    return None


def _int_keys(mapping: dict, where: str, players: int) -> dict[int, Any]:
    out = {}
    for key, value in mapping.items():
        # A seat number longer than a few digits is no seat (and too long to convert cheaply).
        if len(key) > 4:
            raise TranscriptError(f"{where}.{key[:12]}...", Phrase('there is no seat {key}... with {players} players', key=key[:12], players=players))
        seat = int(key)
        if seat >= players:
            raise TranscriptError(f"{where}.{key}", Phrase('there is no seat {seat} with {players} players', seat=seat, players=players))
        out[seat] = value
    return out


def _seat(dealer: int | None) -> int:
    """The match's dealer, known once the first deal begins."""
    assert dealer is not None, "the first dealer is set before the first deal"
    return dealer


def shown_rules(header: dict, rules_file: str | Path | None = None) -> str | None:
    """The rules file as the user named it: `--rules FILE` as given, or the transcript's own
    `"rules"` (a plain name beside it); None for a game named by `"game"`."""
    if rules_file is not None:
        return str(rules_file)
    rules = header.get("rules")
    return str(rules) if rules is not None else None


class Seats(Protocol):
    """How a deal's actions get their seats where the record leaves them open: the deal notation
    writes a trick as its cards, and an action without a seat is by the seat whose turn it is."""

    def settle(self, index: int, entry: dict, turn: int | None, previous: int | None, lost: bool = False) -> None:
        """Give `entry` (the deal's action `index`, `{"seat": ..., "action": ...}`) its seat:
        `turn` is whose turn the replay says it is (None once it cannot tell), `previous` the seat
        of the action before, `lost`: the replay has stopped. May refuse the record (a seat
        written that is not the turn's)."""


RecordedDeal = tuple[dict, "Seats | None"]
"""A deal as a transcript records it (`{"dealer": ..., "hands": ..., "actions": [...]}`), with
what settles its open seats (None: every seat is written)."""


class _Ahead:
    """The deals one at a time, with a look at whether another follows (read only when asked:
    a broken later deal must not hide a verdict on an earlier one)."""

    def __init__(self, deals: Iterable[RecordedDeal]) -> None:
        self._deals: Iterator[RecordedDeal] = iter(deals)
        self._next: list[RecordedDeal] = []

    def more(self) -> bool:
        if not self._next:
            for deal in self._deals:
                self._next.append(deal)
                break
        return bool(self._next)

    def take(self) -> RecordedDeal:
        self.more()
        return self._next.pop()


def rule_on_recorded_claim(game, deal: Deal | SeatedDeal, seat: int, action: Action) -> tuple[Deal, ClaimRuling, Verdict]:
    """The ruling on a claim or concession `action` by table seat `seat` at the position of
    `deal` (not moved): the deal played, the ruling, and its verdict with the table's seats.
    Claiming is always allowed: a decided claim that fails is no illegal action, its ruling
    adjusts the result (the deal is played out on the line that beats it)."""
    inner: Deal
    if isinstance(deal, SeatedDeal):
        inner, found = deal.inner, deal.local_seat(seat)
        if found is None:
            raise UsageError(Phrase("seat {seat} sits out this deal and takes no part in it", seat=seat + 1))
        local = found
    else:
        inner, local = deal, seat
    ruling = rule_on_claim(inner, read_claim(inner, local, action.args, action.kind == "concede"), game.claims)
    verdict = ruling.verdict
    if ruling.decided:
        verdict = Verdict(True, verdict.message, verdict.values, verdict.clauses, verdict.seat, verdict.action)
    if isinstance(deal, SeatedDeal):  # the ruling's seats are the deal's: name the table's
        verdict = Verdict(verdict.legal, verdict.message,
                          tuple((k, deal.seats[v] if k == "seat" and isinstance(v, int) else v)
                                for k, v in verdict.values), verdict.clauses, seat, verdict.action)
    return inner, ruling, verdict


class Replay:
    """A recorded match walked through action by action, as the judge rules on it.

    `header` is the transcript's fields but the deals (`players`, `seats`, `draw`,
    `first_dealer`). Give it the deals with `run` (the judge), or step through them with
    `begin`, `act` and `end`, asking `turn` and `stage` in between (the notation's reader and
    writer). At the first verdict against the transcript (an illegal action, a misdeal, the
    wrong dealer, a wrong score sheet) the replay stops: `judgement` holds the verdict and the
    state there, `turn()` is None from then on, and nothing more is ruled.

    `strict` (the judge): a record that cannot be judged at all (a card not in the pack, a seat
    the table lacks, an irregularity the rules do not know) raises `TranscriptError`. Otherwise
    (a reader or writer following the deal) the replay only loses track there, as after a verdict.
    """

    def __init__(self, game: Game, header: dict, *, strict: bool = True) -> None:
        try:
            self.match = Match(game, header.get("players"))
        except UsageError as err:
            raise TranscriptError("transcript.players", err.args[0]) from None
        self.game, self.header, self.strict = game, header, strict
        dealing, seating = game.deal, game.players
        assert dealing is not None and seating is not None, "every game deals and seats its players"
        self._dealing, self._seating = dealing, seating
        self.table = self.match.table
        self.judgement = Judgement(game, seats=list(header.get("seats", [])), table=self.match)
        self.deal: Deal | None = None
        """The deal in play (None between deals, in a cancelled deal, and once stopped)."""
        self.stopped = False
        """A verdict was given against the transcript, or (not strict) the replay lost track."""
        self.number = -1
        """The deal being replayed, from 0."""
        self._report: DealReport | None = None
        self._started = False

    # -- the walk, one step at a time ------------------------------------------------------------

    def turn(self) -> int | None:
        """Whose turn it is, or None once the replay cannot tell (no deal in play, or stopped)."""
        deal = self.deal
        return None if deal is None or self.stopped or deal.is_over() else deal.to_act

    def stage(self) -> tuple[object, int] | None:
        """What a line of actions spans: the phase, and within it the trick (None once stopped)."""
        deal = self.deal
        return None if deal is None or self.stopped else (deal.phase, len(deal.trick_winners))

    def begin(self, record: dict) -> None:
        """The next deal: its dealer and the cards dealt, ruled on (a misdeal, the wrong dealer);
        a deal cancelled for an irregularity is settled at once."""
        self.number += 1
        self.deal, self._report = None, None
        if not self._started:
            self._start(record)
        if self.stopped:
            return
        try:
            self._begin(record)
        except RefereeError:
            if self.strict:
                raise
            self.stopped = True

    def act(self, index: int, seat: int, text: str) -> bool:
        """Rule on action `index` of the deal, by `seat`; False once the replay has stopped."""
        deal, report = self.deal, self._report
        if self.stopped or deal is None or report is None:
            self.stopped = True
            return False
        where = f"deals[{self.number}]"
        try:
            if seat >= self.table.players:
                raise TranscriptError(f"transcript.{where}.actions[{index}].seat",
                                      Phrase('there is no seat {seat}', seat=seat))
            action = Action.parse(text)
            if action.kind in ("claim", "concede"):
                verdict = self._claim(deal, seat, action, f"transcript.{where}.actions[{index}].action")
                report.claims.append(verdict)
            else:
                verdict = deal.play(seat, action)
        except RefereeError:
            if self.strict:
                raise
            self.stopped = True
            return False
        if not verdict.legal:
            _take_state(report, deal)
            self._stop(verdict, f"{where}.actions[{index}]")
            return False
        report.actions_judged += 1
        return True

    def end(self, record: dict, more: bool) -> None:
        """The deal's end as recorded (`more`: another deal follows): a deal cut short is
        unfinished, or a verdict when a deal follows it; a finished one is settled and its score
        sheet checked."""
        deal, report = self.deal, self._report
        self.deal = None
        if self.stopped or deal is None or report is None:
            return
        _take_state(report, deal)
        match = self.match
        where = f"deals[{self.number}]"
        if not deal.is_over():
            self.deal = deal  # the state where the record stops
            if more:
                # The next deal cannot begin before this one ends: the transcript lost its end.
                self._stop(Verdict(False, N_("Deal {number} stops before its end (seat {seat} is still to act), "
                                             "but deal {next} follows it."),
                                   (("number", self.number + 1), ("seat", deal.to_act), ("next", self.number + 2)),
                                   (self._dealing.clause, match.rotation_clause)),
                           f"{where}.actions[{len(record['actions'])}]")
            else:
                self.judgement.remaining = match.remaining()
            return
        self.judgement.in_play = None
        report.ended_early = deal.ended_early
        wrong = _settled(report, match, match.finish_deal(), record.get("totals", {}), where)
        if wrong is not None:
            self._stop(*wrong, wrong_score=True)

    def finish(self) -> Judgement:
        """The judgement once every deal is replayed: the match's result, or what it still owes."""
        if not self._started:
            self._start(None)
        judgement, match = self.judgement, self.match
        if not self.stopped and judgement.in_play is None:
            if match.is_over():
                judgement.match = match.result()
            elif judgement.legal:
                judgement.remaining = match.remaining()
        return judgement

    # -- the judge's walk ------------------------------------------------------------------------

    def run(self, deals: Iterable[RecordedDeal], until: tuple[int, int] | None = None,
            follow: bool = False) -> Judgement:
        """Replay `deals` to the end, or to the first verdict against them, or to `until` (deal
        index, action index, both from 0: stop before that action, or at the deal's end for an
        index past its last). `follow`: after a verdict, go on through the rest of the deals
        only to settle their open seats (each as the seat after the one before), as a reader of
        the notation does to give back the whole transcript."""
        ahead = _Ahead(deals)
        while ahead.more():
            if self.stopped and not follow:
                break
            if until is not None and self.number + 1 > until[0]:
                break
            record, seats = ahead.take()
            self.begin(record)
            previous: int | None = None
            for index, entry in enumerate(record["actions"]):
                if until == (self.number, index) and not self.stopped:
                    if self._report is not None and self.deal is not None:
                        _take_state(self._report, self.deal)
                    return self.judgement
                if seats is not None:
                    seats.settle(index, entry, self.turn(), previous, self.stopped)
                if not self.stopped:
                    self.act(index, entry["seat"], entry["action"])
                elif not follow:
                    break
                previous = entry["seat"]
            if self.stopped and not follow:
                break
            self.end(record, ahead.more())
            if self.judgement.remaining is not None and self.deal is not None:
                break  # the record stops inside this deal, and nothing follows it
        return self.finish()

    # -- the steps' rulings ----------------------------------------------------------------------

    def _claim(self, deal: Deal | SeatedDeal, seat: int, action: Action, where: str) -> Verdict:
        """Rule on a recorded claim or concession (`referee.mechanics.claims`) and play the deal out
        on the line its ruling credits, so that the deal is scored as the ruling says."""
        try:
            inner, ruling, verdict = rule_on_recorded_claim(self.game, deal, seat, action)
        except UsageError as err:
            raise TranscriptError(where, err.args[0]) from None
        if ruling.decided:
            for _who, card in ruling.play_out:
                inner.push(card)
        return verdict

    def _stop(self, verdict: Verdict, where: str, wrong_score: bool = False) -> None:
        judgement = self.judgement
        judgement.legal, judgement.illegal, judgement.where = False, verdict, where
        judgement.wrong_score = wrong_score
        self.stopped = True

    def _start(self, first: dict | None) -> None:
        """The draw for the first dealer, or the first dealer as written (else the first deal's)."""
        self._started = True
        data, match, table = self.header, self.match, self.table
        try:
            if "draw" in data:
                rounds = [_int_keys(r, f"transcript.draw[{i}]", table.players) for i, r in enumerate(data["draw"])]
                for i, rnd in enumerate(rounds):
                    for seat, code in rnd.items():
                        if table.card_id(code) is None:
                            raise TranscriptError(f"transcript.draw[{i}].{seat}",
                                                  Phrase('{code} is not a card of the pack', code=repr(code)))
                verdict = match.judge_draw(rounds)
                if not verdict.legal:
                    return self._stop(verdict, "draw")
                self.judgement.notes.append(verdict)
                if "first_dealer" in data and data["first_dealer"] != match.dealer:
                    return self._stop(Verdict(False, N_("The recorded first dealer {recorded} is not the winner of "
                                                        "the draw, seat {seat}."),
                                              (("recorded", data["first_dealer"]), ("seat", _seat(match.dealer))),
                                              verdict.clauses), "first_dealer")
            elif "first_dealer" in data:
                if data["first_dealer"] >= table.players:
                    raise TranscriptError("transcript.first_dealer",
                                          Phrase('there is no seat {seat}', seat=data['first_dealer']))
                match.dealer = data["first_dealer"]
            elif first is not None:
                match.dealer = first["dealer"]
        except RefereeError:
            if self.strict:
                raise
            self.stopped = True

    def _begin(self, record: dict) -> None:
        game, match, table = self.game, self.match, self.table
        number, judgement = self.number, self.judgement
        where = f"deals[{number}]"
        if match.is_over():
            broken = match.broken_seats()
            if broken:  # the session ended because a player lost his stake and left the table
                return self._stop(Verdict(False, N_("Seat {seat} has lost all his chips and gives up his seat, so the "
                                                    "session is over; deal {number} should not be played."),
                                          (("seat", broken[0]), ("number", number + 1)),
                                          (match.vying.model.broken_player.clause,) + match.result().clauses), where)
            return self._stop(Verdict(False, N_("The match is already over; deal {number} should not be played."),
                                      (("number", number + 1),), match.result().clauses), where)
        if record["dealer"] != match.dealer:
            return self._stop(Verdict(False, N_("Seat {recorded} dealt, but the deal belongs to seat {seat}."),
                                      (("recorded", record["dealer"]), ("seat", _seat(match.dealer))),
                                      tuple(c for c in (match.rotation_clause,
                                                        game.first_dealer.clause if game.first_dealer else None) if c)),
                              f"{where}.dealer")
        hands_raw = _int_keys(record["hands"], f"transcript.{where}.hands", table.players)
        hands: list[list[int]] = []
        seen: set[int] = set()
        deal_clause = (self._dealing.clause,)
        size = hand_size(game, table.players)
        for seat in range(table.players):
            cards, twice = _read_cards(table, hands_raw.get(seat, []), f"{where}.hands.{seat}", seen)
            if twice:
                return self._stop(Verdict(False, N_("Misdeal: {card} was dealt twice."), (("card", twice),),
                                          deal_clause), f"{where}.hands")
            hands.append(cards)
            expected = match.hand_size(seat, size)
            if len(cards) != expected:
                # A dealer who sits out holds nothing: the rule that seats him out decides too.
                clauses = deal_clause if expected == size else deal_clause + (self._seating.clause,)
                return self._stop(Verdict(False, N_("Misdeal: seat {seat} holds {count} cards, not {size}."),
                                          (("seat", seat), ("count", len(cards)), ("size", expected)),
                                          clauses), f"{where}.hands.{seat}")
        laid: dict[str, list[int]] = {}
        for part, kind, message in (
                ("talon", "talon", N_("Misdeal: the talon holds {count} cards, not {size}.")),
                ("upcard", "upcard", N_("Misdeal: {count} cards are turned up, not {size}."))):
            cards, twice = _read_cards(table, record.get(part, []), f"{where}.{part}", seen)
            if twice:
                return self._stop(Verdict(False, N_("Misdeal: {card} was dealt twice."), (("card", twice),),
                                          deal_clause), f"{where}.{part}")
            wanted = sum(p.count for p in self._dealing.value if p.kind == kind)
            if len(cards) != wanted:
                return self._stop(Verdict(False, message, (("count", len(cards)), ("size", wanted)), deal_clause),
                                  f"{where}.{part}")
            laid[part] = cards
        talon, upcards = laid["talon"], laid["upcard"]
        if "irregularity" in record:
            name = record["irregularity"]
            if name not in game.irregularities:
                raise TranscriptError(f"transcript.{where}.irregularity",
                                      Phrase('{title} has no rule on the irregularity {name}', title=Term(game.title),
                                             name=repr(name)))
            if record["actions"]:
                raise TranscriptError(f"transcript.{where}.actions", Phrase('a cancelled deal has no actions'))
            report = DealReport(number + 1, _seat(match.dealer), cancelled=True, cut=match.cutter)
            judgement.deals.append(report)
            result = match.cancel_deal(hands, name, upcards=upcards, talon=talon)
            report.ended_early = result.ended_early
            wrong = _settled(report, match, result, record.get("totals", {}), where)
            if wrong is not None:
                self._stop(*wrong, wrong_score=True)
            return None
        deal = match.new_deal(hands, talon=talon, upcards=upcards)
        self._report = DealReport(number + 1, deal.dealer, upcards=list(record.get("upcard", [])), cut=match.cutter)
        judgement.deals.append(self._report)
        judgement.in_play = self.deal = deal
        return None
