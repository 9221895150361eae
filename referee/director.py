"""A director's questions about one position of a recorded deal: what may be done there
(`referee legal`), and why the action recorded there was legal or not, under each reading of the
rules that bears on it (`referee explain`).

A position is written as people count: `2.7` or `deal 2 action 7` is the moment action 7 of
deal 2 is (or would be) taken, after its first six; `2` or `deal 2` is the end of deal 2; `end`
is the end of the transcript. Nothing here knows a game: the candidate actions are every action
the table's vocabulary can form for the player to act (his cards, the contracts, the bids, the
seats, amounts around the legal ones), and each one that is not legal is ruled on by the deal's
own judge, which names the clause that forbids it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from . import i18n, presentation
from .at import Position, parse_position, until_of
from .errors import Phrase, RefereeError, RulesError, TranscriptError, UsageError, in_language
from .i18n import N_
from .interpreter import Action
from .judge import Judgement, Outcome, judge
from .judgement import DealReport
from .mechanics.table.seating import SeatedDeal
from .notation import replay_deal_path
from .options import NAMING, Forbidden, Options, options, options_json, readings_of
from .position import from_position
from .records import read_deal_file
from .replay import rule_on_recorded_claim
from .report import seat_name, where_text
from .verdicts import Verdict

__all__ = ["Position", "parse_position", "AtPosition", "read_at", "legal_in", "until_of", "Options", "Forbidden", "options", "legal_at", "explain_at",
           "Explanation", "Reading", "read_transcript"]


def read_transcript(path: str | Path, rules_file: str | Path | None = None,
                    settings: dict | None = None) -> dict:
    """The one place `legal` and `explain` read a deal: a JSON transcript or the deal notation
    (which needs the rules and readings to know whose turn it is)."""
    return read_deal_file(path, rules_file=rules_file, settings=settings)


# -- positions ----------------------------------------------------------------------------------------

def locate(data: dict, position: Position) -> tuple[int, int]:
    """(deal index, action index) from 0 of a position, or a clean error when the transcript has
    no such moment (past its end, or inside a deal cancelled before any action)."""
    deals = data["deals"]
    if not deals:
        raise TranscriptError("transcript.deals", Phrase(N_("the transcript has no deal")))
    number = position.deal or len(deals)
    if number > len(deals):
        raise UsageError(Phrase(N_("there is no deal {number}: the deals of the transcript are numbered 1 to {count}"),
                                number=number, count=len(deals)))
    deal = deals[number - 1]
    if "irregularity" in deal:
        raise UsageError(Phrase(N_("deal {number} was cancelled for an irregularity ({name}): no action "
                                   "was taken in it"), number=number, name=deal["irregularity"]))
    count = len(deal["actions"])
    action = count + 1 if position.action is None else position.action
    if action > count + 1:
        raise UsageError(Phrase(N_("position {position} is past the end of deal {number}: its actions are "
                                   "numbered 1 to {count}, and {number}.{end} is its end"),
                                position=str(position), number=number, count=count, end=count + 1))
    return number - 1, action - 1


@dataclass(frozen=True)
class AtPosition:
    """A recorded deal or match read, and judged up to a position, once."""

    data: dict
    """The transcript as read (a `.deal` file: its deals up to the position at least)."""
    judgement: Judgement
    """The replay up to the position, holding the state there."""
    where: tuple[int, int]
    """The position as (deal index, action index) from 0."""


def read_at(path: str | Path, position: Position, rules_file: str | Path | None = None,
            settings: dict | None = None) -> AtPosition:
    """The one read and replay `legal` and `explain` make of a file: a `.deal` file is read by the
    replay that judges it up to `position` (which settles the seats it leaves open), a JSON
    transcript is read and then replayed; either way the game is loaded once."""
    path = Path(path)
    if path.suffix.lower() == ".deal":
        data, judgement = replay_deal_path(path, until_of(position), rules_file=rules_file, settings=settings)
        return AtPosition(data, judgement, locate(data, position))
    data = read_deal_file(path, rules_file=rules_file, settings=settings)
    judgement, where = replay(data, position, path.parent, settings, rules_file)
    return AtPosition(data, judgement, where)


def replay(data: dict, position: Position, base: Path | None = None, settings: dict | None = None,
           rules_file=None) -> tuple[Judgement, tuple[int, int]]:
    """The transcript judged up to a position: the judgement holds the live state there."""
    where = locate(data, position)
    # A position asks about the actions: the score sheet is `judge`'s to check, and a wrong total
    # must not hide whose turn it is.
    data = {**data, "deals": _without_sheets(data["deals"])}
    return judge(data, base=base, settings=settings, rules_file=rules_file, validated=True, at=position), where


# -- what may be done -----------------------------------------------------------------------------------

L_LIKEWISE = N_("Likewise: {actions}.")
"""After a ruling on one of several actions ruled out alike: the others."""


def shown_actions(actions, lang: str, game) -> str:
    """Actions for people, grouped: one word with all its cards (play 4♥ 9♥ K♥), a run of
    amounts as a range (raise by 3–500), anything else one by one."""
    by_word: dict[str, list[Action]] = {}
    for text in actions:
        action = Action.parse(text)
        by_word.setdefault(action.kind, []).append(action)
    parts = []
    for word, group in by_word.items():
        args = [a.args for a in group]
        if all(len(a) == 1 and _CARD.match(a[0]) for a in args) and len(args) > 1:
            parts.append(presentation.action(f"{word} {' '.join(a[0] for a in args)}", lang, game))
        elif all(len(a) == 1 and a[0].isdigit() for a in args) and len(args) > 2 and _is_run(args):
            parts.append(presentation.action(f"{word} {args[0][0]}–{args[-1][0]}", lang, game))
        else:
            parts.extend(_one_action(a, lang, game) for a in group)
    return ", ".join(dict.fromkeys(parts))


def _one_action(action: Action, lang: str, game) -> str:
    shown = presentation.action(str(action), lang, game)
    if action.kind in ("choose", "declare") and len(action.args) == 2:  # the named trumps or rank
        shown += " " + str(presentation.value("suit", action.args[1], lang, game))
    return shown


_CARD = re.compile(r"^(10|[2-9JQKA])[CDHS]$")


def _is_run(args) -> bool:
    numbers = [int(a[0]) for a in args]
    return numbers == list(range(numbers[0], numbers[0] + len(numbers)))


def legal_at(data: dict, position: Position, base: Path | None = None, settings: dict | None = None,
             rules_file=None, *, at: AtPosition | None = None) -> "LegalView":
    """Whose turn it is at `position` and what he may do (`at`: the transcript already judged
    there by `read_at`, not replayed again)."""
    judgement, where = (at.judgement, at.where) if at is not None else replay(data, position, base, settings, rules_file)
    deal = judgement.in_play
    return LegalView(judgement, where, options(deal) if deal is not None and judgement.legal else None)


@dataclass(frozen=True)
class LegalView:
    judgement: Judgement
    where: tuple[int, int]
    options: Options | None
    """None when no deal is in play there (the deal is over) or the replay stopped earlier."""

    @property
    def exit_status(self) -> int:
        return self.judgement.exit_status

    def text(self, lang: str = "en") -> str:
        return "\n".join(_head(self.judgement, self.where, lang) + _options_lines(self.judgement, self.options,
                                                                                  self.where, lang))

    def to_json(self, lang: str = "en") -> dict:
        out = {"format": "referee-legal/1", **_state_json(self.judgement, self.where, lang)}
        out["options"] = options_json(self.judgement.game, self.options, lang)
        return out


def legal_in(text: str) -> LegalView:
    """`referee legal --position TEXT`: whose turn it is at a position string (`Deal.position()`)
    and what he may do there, as `legal_at` answers for a position of a transcript."""
    deal = from_position(text)
    inner = deal.inner if isinstance(deal, SeatedDeal) else deal
    start = inner.start
    report = DealReport(start.number + 1, deal.dealer, contract=inner.contract.id if inner.contract else None,
                        declarer=deal.declarer, actions_judged=len(inner.history))
    judgement = Judgement(deal.game, deals=[report], in_play=deal)
    where = (start.number, len(inner.history))
    return _OverView(judgement, where, None) if deal.is_over() else LegalView(judgement, where, options(deal))


def _head(judgement: Judgement, where: tuple[int, int], lang: str) -> list[str]:
    game = judgement.game
    return [f"{i18n.gettext(lang, game.title)} ({Path(game.path).name})",
            i18n.gettext(lang, "Position: {where}").format(where=_where(where, lang, judgement))]


@dataclass(frozen=True)
class _OverView(LegalView):
    """A position string of a deal already over: nothing is legal, and no match says who deals next."""

    def text(self, lang: str = "en") -> str:
        return "\n".join(_head(self.judgement, self.where, lang)
                         + [i18n.gettext(lang, N_("The deal is over: nothing more may be done in it."))])


def _where(where: tuple[int, int], lang: str, judgement: Judgement | None = None) -> str:
    if judgement is not None and judgement.deals and where[1] >= judgement.deals[-1].actions_judged \
            and judgement.in_play is None and judgement.illegal is None:
        return i18n.gettext(lang, "the end of deal {deal}").format(deal=where[0] + 1)
    return presentation.position(f"deals[{where[0]}].actions[{where[1]}]", lang)


def _options_lines(judgement: Judgement, found: Options | None, where, lang: str) -> list[str]:
    _ = lambda m: i18n.gettext(lang, m)  # noqa: E731
    game = judgement.game
    if judgement.illegal is not None:
        return [_("The replay stops before this position: ILLEGAL, {where}: {verdict}").format(
            where=where_text(judgement, lang), verdict=judgement.illegal.describe(game, lang))]
    if found is None:
        return [_next_deal_line(judgement, where, lang)]
    out = _table_lines(judgement, lang)
    out += [_("Seat {seat} to act.").format(seat=seat_name(judgement, found.seat)),
            _("Legal: {actions}").format(actions=shown_actions(found.legal, lang, game) or "—")]
    if found.forbidden:
        out.append(_("Not legal:"))
    for item in found.forbidden:
        kinds = {Action.parse(a).kind for a in item.actions}
        likewise: tuple[str, ...] = ()
        if len(kinds) == 1 and len(item.actions) > 1 and any(k in NAMING for k, _v in item.verdict.values):
            # The ruling names one card (or action): it is shown on that one, the others after it,
            # so that "play 4♣ 5♣ … 7♠" is not followed by "may not play 4♣" alone.
            named, likewise = item.actions[:1], item.actions[1:]
            shown = shown_actions(named, lang, game)
        elif len(kinds) == 1:
            shown = shown_actions(item.actions, lang, game)
        elif len(kinds) <= 3:
            shown = ", ".join(dict.fromkeys(_one_action(Action.parse(a), lang, game) for a in item.actions))
        else:  # the words of other parts of the game, ruled out alike (--json lists them)
            shown = _("any other action")
        line = f"  {shown}: {item.verdict.describe(game, lang)}"
        if item.readings:
            line += " " + _("under {readings}").format(readings=", ".join(f"{k}={v}" for k, v in item.readings))
        if likewise:
            line += ("." if item.readings else "") + " " + _(L_LIKEWISE).format(actions=shown_actions(likewise, lang, game))
        out.append(line)
    return out


def _table_lines(judgement: Judgement, lang: str) -> list[str]:
    """What the table shows at the position: the deal's contract and declarer once known, and
    the cards of the trick being played."""
    _ = lambda m: i18n.gettext(lang, m)  # noqa: E731
    deal, game = judgement.in_play, judgement.game
    report = judgement.deals[-1]
    head = _("Deal {number}: dealer seat {dealer}").format(number=report.number,
                                                           dealer=seat_name(judgement, report.dealer))
    if report.contract:
        head += _(", contract {contract}").format(contract=_(game.contracts[report.contract].title))
    if report.declarer is not None:
        head += _(", declarer seat {seat}").format(seat=seat_name(judgement, report.declarer))
    out = [head]
    if deal is not None and deal.trick:
        plays = ", ".join(_("seat {seat}: {action}").format(
            seat=seat_name(judgement, seat), action=presentation.action(f"play {deal.table.code(card)}", lang, game))
            for seat, card in deal.trick)
        out.append(_("The trick so far: {plays}").format(plays=plays))
    return out


def _next_deal_line(judgement: Judgement, where, lang: str) -> str:
    _ = lambda m: i18n.gettext(lang, m)  # noqa: E731
    match = judgement.table
    assert match is not None and match.dealer is not None  # a deal was played in it
    if match.is_over():
        return _("Deal {deal} is over, and so is the match.").format(deal=where[0] + 1)
    return _("Deal {deal} is over; seat {seat} deals the next one.").format(
        deal=where[0] + 1, seat=seat_name(judgement, match.dealer))


def _state_json(judgement: Judgement, where, lang: str) -> dict:
    return {"game": judgement.game.id, "rules": judgement.rules_file, "parameters": dict(judgement.game.settings),
            "position": {"deal": where[0] + 1, "action": where[1] + 1, "where": f"deals[{where[0]}].actions[{where[1]}]",
                         "shown": _where(where, lang)},
            "illegal_before": None if judgement.illegal is None else {
                "where": judgement.where, **judgement.illegal.to_json(judgement.game, lang)}}


# -- why -------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Reading:
    """The ruling on the action under one other value of one parameter."""

    parameter: str
    value: str | int
    verdict: Verdict | None
    """None when the replay does not reach the action under this reading."""
    stopped: str | None = None
    """Why it does not: an earlier action illegal, or the rules not loading."""


@dataclass(frozen=True)
class Explanation:
    judgement: Judgement
    where: tuple[int, int]
    verdict: Verdict | None
    readings: tuple[tuple[str, str | int], ...]
    """The values, under which the ruling was made, of the parameters involved."""
    others: tuple[Reading, ...]
    sheet: bool = False
    """The ruling is on the score sheet written after the deal, not on an action."""

    def word(self, verdict: Verdict, lang: str) -> str:
        """LEGAL or ILLEGAL for an action; AGREES or WRONG SCORE for a score sheet."""
        if self.sheet:
            return i18n.gettext(lang, N_("AGREES") if verdict.legal else N_("WRONG SCORE"))
        return i18n.gettext(lang, N_("LEGAL") if verdict.legal else N_("ILLEGAL"))

    @property
    def exit_status(self) -> int:
        if self.verdict is None:
            return self.judgement.exit_status
        return 0 if self.verdict.legal else 1

    def text(self, lang: str = "en") -> str:
        _ = lambda m: i18n.gettext(lang, m)  # noqa: E731
        judgement, game = self.judgement, self.judgement.game
        out = _head(judgement, self.where, lang)
        if self.sheet:  # the place is the end of the deal, whatever the replay met there
            out[-1] = _("Position: {where}").format(where=_("the end of deal {deal}").format(deal=self.where[0] + 1))
        if self.verdict is None:
            return "\n".join(out + _options_lines(judgement, None, self.where, lang))
        verdict = self.verdict
        if self.sheet:
            subject = _("the score sheet after deal {number}").format(number=self.where[0] + 1)
        else:
            assert verdict.seat is not None and verdict.action is not None  # a ruling on an action names both
            subject = _("seat {seat}: {action}").format(seat=seat_name(judgement, verdict.seat),
                                                       action=presentation.action(verdict.action, lang, game))
        out.append(subject + " — " + self.word(verdict, lang))
        out.append("  " + verdict.describe(game, lang))
        if self.readings:
            out.append("  " + _("Ruled under: {readings}").format(readings=_shown_readings(game, self.readings, lang)))
        if self.others:
            out.append("  " + _("Under the other readings:"))
        for other in self.others:
            if other.verdict is None:
                said = other.stopped or ""
            elif _same(other.verdict, verdict):
                said = _("the same ruling")
            else:
                said = self.word(other.verdict, lang) + " — " + other.verdict.describe(game, lang)
            out.append(f"    {other.parameter}={other.value}: {said}")
        return "\n".join(out)

    def to_json(self, lang: str = "en") -> dict:
        game = self.judgement.game
        out = {"format": "referee-explain/1", **_state_json(self.judgement, self.where, lang)}
        if self.sheet:
            out["position"].update(where=f"deals[{self.where[0]}].totals",
                                   shown=i18n.gettext(lang, "the end of deal {deal}").format(deal=self.where[0] + 1))
        out["verdict"] = None if self.verdict is None else self.verdict.to_json(game, lang)
        out["readings"] = dict(self.readings)
        out["other_readings"] = [{"parameter": r.parameter, "value": r.value,
                                  "verdict": None if r.verdict is None else r.verdict.to_json(game, lang),
                                  "same": r.verdict is not None and self.verdict is not None
                                  and _same(r.verdict, self.verdict), "stopped": r.stopped}
                                 for r in self.others]
        return out


def _shown_readings(game, readings, lang: str) -> str:
    parts = []
    for name, value in readings:
        default = game.parameters[name].default
        parts.append(f"{name}={value}" + ("" if value != default else " (" + i18n.gettext(lang, "default") + ")"))
    return ", ".join(parts)


def _same(a: Verdict, b: Verdict) -> bool:
    return (a.legal, a.message, a.values, a.clauses) == (b.legal, b.message, b.values, b.clauses)


def _other_values(parameter) -> list[str | int]:
    if parameter.is_number:  # a number: its bounds and its default stand for the readings
        return [v for v in dict.fromkeys((parameter.low, parameter.default, parameter.high)) if v is not None]
    return [value for value, _description in parameter.choices]


def _without_sheets(deals: list[dict]) -> list[dict]:
    """The deals without the score sheets written after them (copies; the transcript is kept)."""
    return [{k: v for k, v in deal.items() if k != "totals"} for deal in deals]


def _sheet_ruling(data, position, base, settings, rules_file) -> tuple[Judgement, tuple[int, int], Verdict | None]:
    """The ruling on the score sheet written after the deal at `position`: the deals up to it
    judged with that sheet alone (an earlier sheet is a question of its own)."""
    where = locate(data, position)
    number = where[0]
    deals = _without_sheets(data["deals"][:number + 1])
    deals[number]["totals"] = data["deals"][number]["totals"]
    judgement = judge({**data, "deals": deals}, base=base, settings=settings, rules_file=rules_file,
                      validated=True)
    if judgement.outcome is Outcome.WRONG_SCORE:
        return judgement, where, judgement.illegal
    report = judgement.deals[number] if len(judgement.deals) > number else None
    if judgement.illegal is not None or report is None or not report.sheet_checked:
        return judgement, where, None  # the replay stops before the sheet
    clauses = tuple(dict.fromkeys(c for line in report.scores for c in line.clauses))
    return judgement, where, Verdict(True, N_("The score sheet written after deal {number} agrees with the rules."),
                                     (("number", number + 1),), clauses)


def _ruling(data, position, base, settings, rules_file,
            at: AtPosition | None = None) -> tuple[Judgement, tuple[int, int], Verdict | None]:
    judgement, where = (at.judgement, at.where) if at is not None else replay(data, position, base, settings, rules_file)
    deal = judgement.in_play
    if judgement.illegal is not None or deal is None:
        return judgement, where, None
    entry = data["deals"][where[0]]["actions"][where[1]]
    action = Action.parse(entry["action"])
    if action.kind in ("claim", "concede"):  # ruled by the claim rule, as the judge rules on it
        return judgement, where, rule_on_recorded_claim(judgement.game, deal, entry["seat"], action)[2]
    return judgement, where, deal.judge(entry["seat"], action)


def explain_at(data: dict, position: Position, base: Path | None = None, settings: dict | None = None,
               rules_file=None, lang: str = "en", *, at: AtPosition | None = None) -> Explanation:
    """The ruling on the action recorded at `position`, the readings it was made under, and the
    ruling under every other value of each parameter involved: those of the clauses it cites, and
    any other whose change changes the ruling."""
    where = locate(data, position)
    deal = data["deals"][where[0]]
    # At the end of a deal whose score sheet is written, the sheet is what there is to explain.
    sheet = where[1] >= len(deal["actions"]) and "totals" in deal
    if where[1] >= len(deal["actions"]) and not sheet:
        raise UsageError(Phrase(N_("position {position} is the end of deal {number}: no action is recorded "
                                   "there to explain (its last is {number}.{last})"),
                                position=str(position), number=where[0] + 1, last=where[1]))
    settings = dict(settings or {})
    if sheet:
        rule = _sheet_ruling
        judgement, where, verdict = rule(data, position, base, settings, rules_file)
    else:  # the ruling under the readings chosen: on the replay `read_at` made, when given
        rule = _ruling
        judgement, where, verdict = _ruling(data, position, base, settings, rules_file, at)
    if verdict is None:
        return Explanation(judgement, where, None, (), (), sheet)
    game = judgement.game
    cited = [name for name, _value in readings_of(game, verdict.clauses)]
    others: list[Reading] = []
    involved = list(cited)
    for name, parameter in game.parameters.items():
        for value in _other_values(parameter):
            if value == game.settings[name]:
                continue
            reading = _reading(data, position, base, {**settings, name: str(value)}, rules_file, name, value, lang,
                               rule)
            changed = reading.verdict is None or not _same(reading.verdict, verdict)
            if name in cited or changed:
                others.append(reading)
                if name not in involved:
                    involved.append(name)
    readings = tuple((name, game.settings[name]) for name in involved)
    return Explanation(judgement, where, verdict, readings, tuple(others), sheet)


def _reading(data, position, base, settings, rules_file, name, value, lang: str, rule=None) -> Reading:
    try:
        judgement, _where, verdict = (rule or _ruling)(data, position, base, settings, rules_file)
    except RulesError as err:
        return Reading(name, value, None, i18n.gettext(lang, "the rules do not load under this reading: {error}")
                       .format(error=err.render(lang).splitlines()[0]))
    except RefereeError as err:
        return Reading(name, value, None, in_language(err.args[0], lang) if err.args else str(err))
    if verdict is None:
        stopped = judgement.illegal.describe(judgement.game, lang) if judgement.illegal else ""
        return Reading(name, value, None, i18n.gettext(lang, "the replay stops earlier: ILLEGAL, {where}: {verdict}")
                       .format(where=where_text(judgement, lang), verdict=stopped))
    return Reading(name, value, verdict)
