"""Judge a transcript: replay every action, stop at the first illegal one, score what was played.

The result is a `Judgement`: the verdicts in order (draw, deals, actions), each deal's score
lines, and the match result when the transcript covers a whole match. It renders as text or
JSON in any of the referee's languages.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from . import i18n, presentation
from .errors import N_, Phrase, Term, TranscriptError, UsageError
from .interpreter import Action, Deal, Match, MatchResult, Remaining, unsupported_mechanics
from .model.checks import hand_size
from .model.game import Game
from .options import options, options_json
from .records import read_deal_file
from .transcript import rules_of, validate_transcript
from .verdicts import ScoreLine, Verdict, cite
from .verdicts import cite as cite_for_people

__all__ = ["Judgement", "Outcome", "judge", "judge_file", "FORMAT"]

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

    @property
    def exit_status(self) -> int:
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
                head += f" [{cite(g, [chosen_by.clause], lang)}]"
            out.append(head)
            n = report.actions_judged
            out.append("  " + i18n.ngettext(lang, "{n} action judged", "{n} actions judged", n).format(n=n))
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
            out.append(head.format(where=self.position(lang), verdict=self.illegal.describe(g, lang, self.seats)))
        elif self.match is not None:
            totals = " ".join(map(str, self.match.totals))
            if self.seats:
                players = ", ".join(self.player(s, lang) or self.seat_name(s) for s in self.match.winners)
                line = _("Match over. Totals: {totals}. Winner: {players}.").format(totals=totals, players=players)
            else:
                winners = ", ".join(self.seat_name(s) for s in self.match.winners)
                line = _("Match over. Totals: {totals}. Winner: seat {winners}.").format(totals=totals, winners=winners)
            out.append(line + f" [{cite(g, self.match.clauses, lang)}]")
        else:
            out.append(_("Every action is legal."))
            out.extend(self.remaining_text(lang))
        return "\n".join(out)

    def to_json(self, lang: str = "en") -> dict:
        """The judgement as `referee-judgement/1` (referee/data/judgement.schema.json)."""
        g = self.game
        return {
            "format": FORMAT,
            "game": g.id, "rules": g.path, "legal": self.legal, "verdict": self.verdict,
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
                       "totals": d.totals, "accounts": d.accounts, "sheet_checked": d.sheet_checked}
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
    cards = []
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


def _load_game(name, params: dict):
    """The game to judge under: a shipped game kept from an earlier build when its files are
    unchanged (`referee.model.cache`), else built from its rules file."""
    from .model.cache import load_kept
    return load_kept(name, params)


def _take_state(report: DealReport, deal) -> None:
    """What the deal has shown so far: its contract and declarer as soon as they are known, and
    the tricks and cards each seat has taken."""
    table = deal.table
    report.contract = deal.contract.id if deal.contract else None
    bidding = getattr(deal, "bidding", None)
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


def judge_file(path: str | Path, settings: dict | None = None,
               rules_file: str | Path | None = None) -> Judgement:
    if Path(path).suffix.lower() == ".deal":  # reading the notation loads the game: judge under it
        from .notation import read_deal_path_and_game
        data, game = read_deal_path_and_game(path, rules_file=rules_file, settings=settings)
        return judge(data, base=Path(path).parent, settings=settings, rules_file=rules_file, validated=True,
                     game=game)
    data = read_deal_file(path, rules_file=rules_file, settings=settings)  # validated here, not again
    return judge(data, base=Path(path).parent, settings=settings, rules_file=rules_file, validated=True)


def _int_keys(mapping: dict, where: str, players: int) -> dict[int, object]:
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


def _load_with_parameters(name, data: dict, params: dict, settings: dict | None):
    """The game under the transcript's parameters and the command line's; a bad value is
    reported where it was written: `transcript.parameters` or `--param`."""
    try:
        return _load_game(name, params)
    except UsageError as err:
        written = {k: str(v) for k, v in (data.get("parameters") or {}).items()}
        if settings:
            try:
                _load_game(name, written)
            except UsageError:
                pass
            else:
                raise UsageError(Phrase("--param: {error}", error=err.args[0])) from None
        where = "transcript.parameters" if written else ("transcript.game" if "game" in data else "transcript.rules")
        raise TranscriptError(where, err.args[0]) from None


def judge(data: dict, base: Path | None = None, settings: dict | None = None,
          rules_file: str | Path | None = None, validated: bool = False,
          until: tuple[int, int] | None = None, game: Game | None = None) -> Judgement:
    """Judge a transcript given as parsed JSON (under `rules_file`, when given, whatever it names;
    `validated`: the caller has already checked it against the schema).

    `until` (deal index, action index), both from 0, stops the replay before that action (an
    index past the deal's last action: at the deal's end), leaving the state in the judgement.
    `game`: judge under this game already loaded (its parameters as chosen), not the one named.
    """
    if not validated:
        validate_transcript(data)
    params = {k: str(v) for k, v in (data.get("parameters") or {}).items()}
    params.update(settings or {})
    if game is None:
        name = rules_of(data, base, rules_file)  # confined: see transcript.rules_of
        game = _load_with_parameters(name, data, params, settings)
    missing = unsupported_mechanics(game)
    if missing:
        # The game as its parameters make it, not the number of players, is what cannot run.
        raise TranscriptError("transcript.parameters" if data.get("parameters") else
                              ("transcript.game" if "game" in data else "transcript.rules"),
                              Phrase("this referee cannot run {mechanics} yet", mechanics=", ".join(missing)))
    try:
        match = Match(game, data.get("players"))
    except UsageError as err:
        raise TranscriptError("transcript.players", err.args[0]) from None
    table = match.table
    judgement = Judgement(game, seats=list(data.get("seats", [])), table=match)

    def stop(verdict: Verdict, where: str, wrong_score: bool = False) -> Judgement:
        judgement.legal, judgement.illegal, judgement.where = False, verdict, where
        judgement.wrong_score = wrong_score
        return judgement

    if "draw" in data:
        rounds = [_int_keys(r, f"transcript.draw[{i}]", table.players) for i, r in enumerate(data["draw"])]
        for i, rnd in enumerate(rounds):
            for seat, code in rnd.items():
                if table.card_id(code) is None:
                    raise TranscriptError(f"transcript.draw[{i}].{seat}", Phrase('{code} is not a card of the pack', code=repr(code)))
        verdict = match.judge_draw(rounds)
        if not verdict.legal:
            return stop(verdict, "draw")
        judgement.notes.append(verdict)
        if "first_dealer" in data and data["first_dealer"] != match.dealer:
            return stop(Verdict(False, N_("The recorded first dealer {recorded} is not the winner of the draw, seat {seat}."),
                                (("recorded", data["first_dealer"]), ("seat", match.dealer)),
                                verdict.clauses), "first_dealer")
    elif "first_dealer" in data:
        if data["first_dealer"] >= table.players:
            raise TranscriptError("transcript.first_dealer", Phrase('there is no seat {seat}', seat=data['first_dealer']))
        match.dealer = data["first_dealer"]
    elif data["deals"]:
        match.dealer = data["deals"][0]["dealer"]

    size = hand_size(game, table.players)
    for number, deal_data in enumerate(data["deals"]):
        if until is not None and number > until[0]:
            break
        where = f"deals[{number}]"
        if match.is_over():
            broken = match.broken_seats()
            if broken:  # the session ended because a player lost his stake and left the table
                return stop(Verdict(False, N_("Seat {seat} has lost all his chips and gives up his seat, so the "
                                              "session is over; deal {number} should not be played."),
                                    (("seat", broken[0]), ("number", number + 1)),
                                    (match.vying.model.broken_player.clause,) + match.result().clauses), where)
            return stop(Verdict(False, N_("The match is already over; deal {number} should not be played."),
                                (("number", number + 1),), match.result().clauses), where)
        if deal_data["dealer"] != match.dealer:
            return stop(Verdict(False, N_("Seat {recorded} dealt, but the deal belongs to seat {seat}."),
                                (("recorded", deal_data["dealer"]), ("seat", match.dealer)),
                                tuple(c for c in (match.rotation_clause,
                                                  game.first_dealer.clause if game.first_dealer else None) if c)),
                        f"{where}.dealer")
        hands_raw = _int_keys(deal_data["hands"], f"transcript.{where}.hands", table.players)
        hands: list[list[int]] = []
        seen: set[int] = set()
        deal_clause = (game.deal.clause,)
        for seat in range(table.players):
            cards, twice = _read_cards(table, hands_raw.get(seat, []), f"{where}.hands.{seat}", seen)
            if twice:
                return stop(Verdict(False, N_("Misdeal: {card} was dealt twice."), (("card", twice),),
                                    deal_clause), f"{where}.hands")
            hands.append(cards)
            expected = match.hand_size(seat, size)
            if len(cards) != expected:
                # A dealer who sits out holds nothing: the rule that seats him out decides too.
                clauses = deal_clause if expected == size else deal_clause + (game.players.clause,)
                return stop(Verdict(False, N_("Misdeal: seat {seat} holds {count} cards, not {size}."),
                                    (("seat", seat), ("count", len(cards)), ("size", expected)),
                                    clauses), f"{where}.hands.{seat}")
        laid: dict[str, list[int]] = {}
        for part, kind, message in (
                ("talon", "talon", N_("Misdeal: the talon holds {count} cards, not {size}.")),
                ("upcard", "upcard", N_("Misdeal: {count} cards are turned up, not {size}."))):
            cards, twice = _read_cards(table, deal_data.get(part, []), f"{where}.{part}", seen)
            if twice:
                return stop(Verdict(False, N_("Misdeal: {card} was dealt twice."), (("card", twice),),
                                    deal_clause), f"{where}.{part}")
            wanted = sum(p.count for p in game.deal.value if p.kind == kind)
            if len(cards) != wanted:
                return stop(Verdict(False, message, (("count", len(cards)), ("size", wanted)), deal_clause),
                            f"{where}.{part}")
            laid[part] = cards
        talon, upcards = laid["talon"], laid["upcard"]
        if "irregularity" in deal_data:
            name = deal_data["irregularity"]
            if name not in game.irregularities:
                raise TranscriptError(f"transcript.{where}.irregularity",
                                      Phrase('{title} has no rule on the irregularity {name}', title=Term(game.title), name=repr(name)))
            if deal_data["actions"]:
                raise TranscriptError(f"transcript.{where}.actions", Phrase('a cancelled deal has no actions'))
            report = DealReport(number + 1, match.dealer, cancelled=True, cut=match.cutter)
            judgement.deals.append(report)
            result = match.cancel_deal(hands, name, upcards=upcards, talon=talon)
            report.ended_early = result.ended_early
            wrong = _settled(report, match, result, deal_data.get("totals", {}), where)
            if wrong is not None:
                return stop(*wrong, wrong_score=True)
            continue
        deal = match.new_deal(hands, talon=talon, upcards=upcards)
        report = DealReport(number + 1, deal.dealer, upcards=list(deal_data.get("upcard", [])), cut=match.cutter)
        judgement.deals.append(report)
        judgement.in_play = deal
        for index, entry in enumerate(deal_data["actions"]):
            if until == (number, index):
                _take_state(report, deal)
                return judgement
            seat = entry["seat"]
            if seat >= table.players:
                raise TranscriptError(f"transcript.{where}.actions[{index}].seat", Phrase('there is no seat {seat}', seat=seat))
            verdict = deal.play(seat, Action.parse(entry["action"]))
            if not verdict.legal:
                _take_state(report, deal)
                return stop(verdict, f"{where}.actions[{index}]")
            report.actions_judged += 1
        _take_state(report, deal)
        if not deal.is_over():
            if number + 1 < len(data["deals"]):
                # The next deal cannot begin before this one ends: the transcript lost its end.
                return stop(Verdict(False, N_("Deal {number} stops before its end (seat {seat} is still to act), "
                                              "but deal {next} follows it."),
                                    (("number", number + 1), ("seat", deal.to_act), ("next", number + 2)),
                                    (game.deal.clause, match.rotation_clause)),
                            f"{where}.actions[{len(deal_data['actions'])}]")
            judgement.remaining = match.remaining()
            return judgement
        judgement.in_play = None
        report.ended_early = deal.ended_early
        wrong = _settled(report, match, match.finish_deal(), deal_data.get("totals", {}), where)
        if wrong is not None:
            return stop(*wrong, wrong_score=True)
    if match.is_over():
        judgement.match = match.result()
    elif judgement.legal:
        judgement.remaining = match.remaining()
    return judgement
