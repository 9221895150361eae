"""One walk through a recorded match, action by action: the `Replay` that the judge, `legal` and
`explain`, and the reader and writer of the deal notation all use, making a `Judgement`
(`referee.judgement`; shown as text or JSON by `referee.report`).

A replay takes the transcript's fields (every field but the deals) and then one deal at a time,
so a file can be judged as it is read: memory holds one deal, and the first illegal action is
reported without reading what follows it. The result is a `Judgement`: the verdicts in order
(draw, deals, actions), each deal's score lines, and the match result when the transcript covers
a whole match.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, Protocol

from .errors import N_, Phrase, RefereeError, Term, TranscriptError, UsageError
from .interpreter import Action, Deal, Match
from .judgement import DealReport, Judgement, Outcome
from .mechanics.claims.ruling import ClaimRuling, read_claim, rule_on_claim
from .mechanics.table.seating import SeatedDeal
from .mechanics.vying.rules import SessionUnit
from .model.checks import hand_size
from .model.game import Game
from .verdicts import Verdict

__all__ = ["Replay", "Seats", "shown_rules"]


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
                            (("seat", seat), ("written", written), ("account", game.accounts[name].value.title),
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
        assert isinstance(deal.inner, Deal), "the match seats a Deal"
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
        dealing, seating = game.table.deal, game.table.players
        assert dealing is not None and seating is not None, "every game deals and seats its players"
        self._dealing, self._seating = dealing, seating
        self.table = self.match.table
        self.judgement = Judgement(game, seats=list(header.get("seats", [])), table=self.match)
        self.deal: Deal | SeatedDeal | None = None
        """The deal in play (None between deals, in a cancelled deal, and once stopped)."""
        self.stopped = False
        """A verdict was given against the transcript, or (not strict) the replay lost track."""
        self.number = -1
        """The deal being replayed, from 0."""
        self.verdict: Verdict | None = None
        """The ruling on the last action `act` ruled on (None when it could not rule)."""
        self._report: DealReport | None = None
        self._started = False
        self._clock = 0
        """The session's clock at the last deal that recorded one (minutes)."""

    # -- the walk, one step at a time ------------------------------------------------------------

    def turn(self) -> int | None:
        """Whose turn it is, or None once the replay cannot tell (no deal in play, or stopped)."""
        deal = self.deal
        return None if deal is None or self.stopped or deal.is_over() else deal.actor

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
        self.verdict = None
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
        self.verdict = verdict
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
                                   (("number", self.number + 1), ("seat", deal.actor), ("next", self.number + 2)),
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
            early = self._left_early()
            if early is not None:
                self._stop(early, "leaves")
                return judgement
            if match.is_over():
                judgement.match = match.result()
            elif judgement.legal:
                judgement.remaining = match.remaining()
        return self._settle_kind()

    # -- the judge's walk ------------------------------------------------------------------------

    def run(self, deals: Iterable[RecordedDeal], until: tuple[int, int] | None = None,
            follow: bool = False) -> Judgement:
        """Replay `deals` to the end, or to the first verdict against them, or to `until` (deal
        index, action index, both from 0: stop before that action, or at the deal's end for an
        index past its last; the numbering people and the command line use, from 1, is
        `referee.at.Position`, which `until_of` turns into this). `follow`: after a verdict, go
        on through the rest of the deals only to settle their open seats (each as the seat after
        the one before), as a reader of the notation does to give back the whole transcript."""
        for _ruled in self.walk(deals, until, follow):
            pass
        return self.judgement

    def walk(self, deals: Iterable[RecordedDeal], until: tuple[int, int] | None = None,
             follow: bool = False) -> Iterator[tuple[int, dict]]:
        """`run`, one action at a time: (action index, its entry) after each action is ruled on
        (`verdict` holds the ruling; `deal` the deal, with the action applied when legal). The
        judgement is complete once the walk ends."""
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
                if seats is not None:  # the action at `until` too: `explain` rules on it
                    seats.settle(index, entry, self.turn(), previous, self.stopped)
                if until == (self.number, index) and not self.stopped:
                    if self._report is not None and self.deal is not None:
                        _take_state(self._report, self.deal)
                    self._settle_kind()
                    return
                if not self.stopped:
                    self.act(index, entry["seat"], entry["action"])
                    if self.verdict is not None:
                        yield index, entry
                elif not follow:
                    break
                previous = entry["seat"]
            if self.stopped and not follow:
                break
            self.end(record, ahead.more())
            if self.judgement.remaining is not None and self.deal is not None:
                break  # the record stops inside this deal, and nothing follows it
        self.finish()

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

    def _after_time(self, record: dict, number: int) -> Verdict | None:
        """A deal of a timed session begun once its time was up (by the clock the transcript
        records, minutes since the session began), or a clock that runs backwards."""
        clock = record.get("clock")
        if clock is None:
            return None
        if clock < self._clock:
            raise TranscriptError(f"transcript.deals[{number}].clock",
                                  Phrase('the clock reads {clock}, earlier than the {last} of the deal before',
                                         clock=clock, last=self._clock),
                                  hint=Phrase("write each deal's clock in minutes since the session began"))
        self._clock = clock
        session = self.match.session
        if session is None or session.value.unit is not SessionUnit.MINUTES or clock < session.value.count:
            return None
        return Verdict(False, N_("The session is played for {minutes} minutes and its time is up; deal {number} "
                                 "begins at minute {clock} and should not be played."),
                       (("minutes", session.value.count), ("number", number + 1), ("clock", clock)),
                       (session.clause,) + self.match.result().clauses)

    def _bought(self, match: Match) -> list[Verdict]:
        """The rulings on the seats that bought back before this deal (a timed session)."""
        model = match.vying.model if match.vying is not None else None
        if not match.bought_now or model is None or model.rebuy is None or model.session is None:
            return []
        clauses = tuple(dict.fromkeys(c.clause for c in (model.broken_player, model.session, model.rebuy) if c))
        return [Verdict(True, N_("Seat {seat} has lost all his chips, but the session is timed and he may not leave "
                                 "before its end: he buys back {chips} chips."),
                        (("seat", seat), ("chips", model.rebuy.value)), clauses, seat)
                for seat in match.bought_now]

    def _left_early(self) -> Verdict | None:
        """A player recorded as leaving the table (`leaves`) before a timed session's end."""
        leaves, match = self.header.get("leaves"), self.match
        session = match.session
        model = match.vying.model if match.vying is not None else None
        if leaves is None or session is None or model is None or not model.broken_stays:
            return None
        seat = leaves["seat"]
        if seat >= self.table.players:
            raise TranscriptError("transcript.leaves.seat", Phrase('there is no seat {seat}', seat=seat))
        clauses = tuple(dict.fromkeys(c.clause for c in (model.broken_player, session) if c))
        if session.value.unit is SessionUnit.DEALS:
            played = len(match.results)
            if played >= session.value.count:
                return None
            return Verdict(False, N_("Seat {seat} leaves after {played} deals, but the session is played for {deals} "
                                     "deals and nobody may leave before its end."),
                           (("seat", seat), ("played", played), ("deals", session.value.count)), clauses, seat)
        if "clock" not in leaves:
            raise TranscriptError("transcript.leaves", Phrase('the field {name} is missing', name=repr("clock")),
                                  hint=Phrase('a timed session needs the minute he left at'))
        if leaves["clock"] >= session.value.count:
            return None
        return Verdict(False, N_("Seat {seat} leaves at minute {clock}, but the session is played for {minutes} "
                                 "minutes and nobody may leave before its time is up."),
                       (("seat", seat), ("clock", leaves["clock"]), ("minutes", session.value.count)), clauses, seat)

    def _stop(self, verdict: Verdict, where: str, wrong_score: bool = False) -> None:
        judgement = self.judgement
        judgement.legal, judgement.illegal, judgement.where = False, verdict, where
        judgement.wrong_score = wrong_score
        judgement.kind = Outcome.WRONG_SCORE if wrong_score else Outcome.ILLEGAL
        self.stopped = True

    def _settle_kind(self) -> Judgement:
        """The judgement where the replay leaves it: unfinished when a deal stops before its end."""
        judgement = self.judgement
        if judgement.legal:
            judgement.kind = Outcome.UNFINISHED if any(not d.finished for d in judgement.deals) else Outcome.LEGAL
        return judgement

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
                leaves = match.vying.model.broken_player if match.vying is not None else None
                assert leaves is not None  # (only a session whose broken players leave has them)
                return self._stop(Verdict(False, N_("Seat {seat} has lost all his chips and gives up his seat, so the "
                                                    "session is over; deal {number} should not be played."),
                                          (("seat", broken[0]), ("number", number + 1)),
                                          (leaves.clause,) + match.result().clauses), where)
            return self._stop(Verdict(False, N_("The match is already over; deal {number} should not be played."),
                                      (("number", number + 1),), match.result().clauses), where)
        late = self._after_time(record, number)
        if late is not None:
            return self._stop(late, f"{where}.clock")
        if record["dealer"] != match.dealer:
            return self._stop(Verdict(False, N_("Seat {recorded} dealt, but the deal belongs to seat {seat}."),
                                      (("recorded", record["dealer"]), ("seat", _seat(match.dealer))),
                                      tuple(c for c in (match.rotation_clause,
                                                        game.table.first_dealer.clause if game.table.first_dealer else None) if c)),
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
            wanted = sum(p.count for p in self._dealing.value if p.kind.value == kind)
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
        self._report.session = self._bought(match)
        judgement.deals.append(self._report)
        judgement.in_play = self.deal = deal
        return None
