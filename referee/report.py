"""A `Judgement` shown: as `referee judge` prints it for people, in any of the referee's
languages (`judgement_text`), and as `referee-judgement/1` for programs (`judgement_json`,
schema in referee/data/judgement.schema.json). The judgement itself is plain data
(`referee.judgement`); the replay that makes it is `referee.replay`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from . import i18n, presentation
from .errors import N_
from .judgement import DealReport, Judgement, Outcome
from .model.game import Game
from .options import options, options_json
from .verdicts import cite
from .verdicts import cite as cite_for_people

__all__ = ["FORMAT", "judgement_text", "judgement_json", "where_text", "seat_name", "player", "about",
           "remaining_text", "remaining_json"]

FORMAT = "referee-judgement/1"
"""The version of `judge --json` (referee/data/judgement.schema.json)."""

# Lines about one seat: (by its number, by its player's name when the transcript gives names).
_ACTION_BY = N_("seat {seat}: {action}"), N_("{player}: {action}")
_DEALER = N_("Deal {number}: dealer seat {dealer}"), N_("Deal {number}: dealer {player}")
_DECLARER = N_(", declarer seat {seat}"), N_(", declarer {player}")
_CUTTER = N_(", cut by seat {seat}"), N_(", cut by {player}")
_SCORE_LINE = N_("Seat {seat}: {text}"), N_("{player}: {text}")


def remaining_text(judgement: Judgement, lang: str = "en") -> list[str]:
    """What the match still owes, for people: deals, contracts still to choose, an account's bound."""
    left, g = judgement.remaining, judgement.game
    if left is None:
        return []
    _ = functools.partial(i18n.gettext, lang)
    out = []
    if left.deals is not None:
        out.append(i18n.ngettext(lang, "The match is unfinished: {n} more deal to play.",
                                 "The match is unfinished: {n} more deals to play.", left.deals).format(n=left.deals))
    elif left.account is not None:
        title = _(g.accounts[left.account].value.title) if left.account in g.accounts else left.account
        message = (N_("The match is unfinished: no player's {account} has reached {bound} yet (nearest {total}).")
                   if left.any_player else
                   N_("The match is unfinished: not every player's {account} has reached {bound} yet "
                      "(furthest {total}).")
                   if left.every_player else
                   N_("The match is unfinished: the {account} of all players add up to {total}, and it ends at {bound}."))
        out.append(_(message).format(account=title, total=left.total, bound=left.bound))
    for seat, owed in left.owed:
        out.append(_("Seat {seat} still owes a choice of: {contracts}.").format(
            seat=seat_name(judgement, seat), contracts=", ".join(_(g.contracts[c].title) for c in owed)))
    clause = " [" + cite_for_people(g, [left.clause], lang, human=True) + "]"
    return [out[0] + clause] + out[1:]


def remaining_json(judgement: Judgement) -> dict[str, Any] | None:
    left = judgement.remaining
    if left is None:
        return None
    return {"deals": left.deals, "owed": {str(seat): list(owed) for seat, owed in left.owed},
            "account": left.account, "total": left.total, "bound": left.bound,
            "any_player": left.any_player, "every_player": left.every_player, "clauses": [left.clause],
            "citations": cite(judgement.game, [left.clause])}

def seat_name(judgement: Judgement, seat: int) -> str:
    """A seat as people count it (from 1), with the player's name when the transcript has one."""
    shown = presentation.seat(seat)
    return f"{shown} ({judgement.seats[seat]})" if seat < len(judgement.seats) else str(shown)

def player(judgement: Judgement, seat: int, lang: str) -> str | None:
    """The player at a seat, "Ana (seat 2)", when the transcript gives the players' names."""
    if 0 <= seat < len(judgement.seats):
        return i18n.gettext(lang, "{name} (seat {seat})").format(name=judgement.seats[seat], seat=presentation.seat(seat))
    return None

def about(judgement: Judgement, lang: str, templates: tuple[str, str], seat: int, key: str = "seat", **values: object) -> str:
    """A line about one seat: the first template names it "seat 2"; when the transcript gives
    the players' names, the second names it by its player, "Ana (seat 2)"."""
    numbered, named = templates
    name = player(judgement, seat, lang)
    if name is not None:
        return i18n.gettext(lang, named).format(player=name, **values)
    return i18n.gettext(lang, numbered).format(**{key: presentation.seat(seat)}, **values)

def where_text(judgement: Judgement, lang: str = "en") -> str:
    """Where the illegal action stands, for people: "deal 1, action 4 (seat 2: play 4♣)"."""
    text = presentation.position(judgement.where, lang)
    verdict = judgement.illegal
    if verdict is not None and verdict.seat is not None and verdict.action:
        text += " (" + about(judgement, lang, _ACTION_BY, verdict.seat,
                                  action=presentation.action(verdict.action, lang, judgement.game)) + ")"
    return text

def judgement_text(judgement: Judgement, lang: str = "en") -> str:
    """The judgement for people, in `lang`: as `referee judge` prints it."""
    g = judgement.game
    _ = functools.partial(i18n.gettext, lang)

    def cite(game: Game, clauses: Iterable[str | None], lang: str) -> str:
        # (a report's clause may be typed optional: `ended_early` is set whenever it is cited)
        return cite_for_people(game, [c for c in clauses if c is not None], lang, human=True)
    out = [f"{_(g.title)} ({Path(g.path).name})"]
    changed = {k: v for k, v in g.settings.items() if v != g.parameters[k].default}
    if changed:
        out.append(_("Parameters: {values}").format(
            values=", ".join(f"{k}={v}" for k, v in changed.items())))
    for note in judgement.notes:
        out.append(note.describe(g, lang, judgement.seats))
    for report in judgement.deals:
        head = about(judgement, lang, _DEALER, report.dealer, key="dealer", number=report.number)
        if report.cut is not None and g.table.cut is not None:
            head += about(judgement, lang, _CUTTER, report.cut) + f" [{cite(g, [g.table.cut.clause], lang)}]"
        if report.upcards:
            head += _(", turned card {cards}").format(cards=presentation.cards(report.upcards, lang, g))
        if report.contract:
            title = _(g.contracts[report.contract].title)
            if report.bid is not None and report.bid != report.contract:
                title = f"{report.bid} ({title})"
            head += _(", contract {contract}").format(contract=title)
            if report.declarer is not None:
                head += about(judgement, lang, _DECLARER, report.declarer)
            chosen_by = (g.contract_choice.chooser if g.contract_choice else None) or g.contract_order or g.table.phases
            if chosen_by is not None:
                head += f" [{cite(g, [chosen_by.clause], lang)}]"
        out.append(head)
        for ruling in report.session:
            out.append("  " + ruling.describe(g, lang, judgement.seats))
        n = report.actions_judged
        out.append("  " + i18n.ngettext(lang, "{n} action judged", "{n} actions judged", n).format(n=n))
        for ruling in report.claims:
            out.append("  " + ruling.describe(g, lang, judgement.seats))
        if report.cancelled:
            out.append("  " + _("The deal is cancelled for an irregularity") + f" [{cite(g, [report.ended_early], lang)}]")
        elif report.ended_early:
            out.append("  " + _("The deal ended early") + f" [{cite(g, [report.ended_early], lang)}]")
        for line in report.scores:
            out.append("  " + about(judgement, lang, _SCORE_LINE, line.seat,
                                         text=line.text(lang, g, judgement.seats))
                       + f" [{cite(g, line.clauses, lang)}]")
        if report.finished:
            if len(report.accounts) > 1:
                shown = "; ".join(f"{_(g.accounts[name].value.title) if name in g.accounts else name}: "
                                  + " ".join(map(str, values)) for name, values in report.accounts.items())
                out.append("  " + _("Totals: {totals}").format(totals=shown))
            else:
                out.append("  " + _("Totals: {totals}").format(totals=" ".join(map(str, report.totals))))
            if report.sheet_checked:
                out.append("  " + _("The score sheet written after this deal agrees."))
        else:
            out.append("  " + _("The deal is not finished."))
    if judgement.illegal is not None:
        head = _("WRONG SCORE, {where}: {verdict}") if judgement.kind is Outcome.WRONG_SCORE else _("ILLEGAL, {where}: {verdict}")
        out.append(head.format(where=where_text(judgement, lang), verdict=judgement.illegal.describe(g, lang, judgement.seats, titles=True)))
    elif judgement.match is not None:
        totals = " ".join(map(str, judgement.match.totals))
        if judgement.seats:
            players = ", ".join(player(judgement, s, lang) or seat_name(judgement, s) for s in judgement.match.winners)
            ending = _("Match over. Totals: {totals}. Winner: {players}.").format(totals=totals, players=players)
        else:
            winners = ", ".join(seat_name(judgement, s) for s in judgement.match.winners)
            ending = _("Match over. Totals: {totals}. Winner: seat {winners}.").format(totals=totals, winners=winners)
        out.append(ending + f" [{cite(g, judgement.match.clauses, lang)}]")
        out.extend(_pairs_text(judgement, lang))
    else:
        out.append(_("Every action is legal."))
        out.extend(remaining_text(judgement, lang))
    return "\n".join(out)

def _pairs_text(judgement: Judgement, lang: str) -> list[str]:
    """The accounts kept per opponent (the visty) as the finished sheet holds them, pair by pair:
    the per-seat totals above add up what each wrote, and the settlement sets pairs off."""
    if judgement.match is None:
        return []
    g = judgement.game
    _ = functools.partial(i18n.gettext, lang)
    lines = []
    for name in dict.fromkeys(p.account for p in judgement.match.pairs):
        title = _(g.accounts[name].value.title) if name in g.accounts else name
        each = ", ".join(_("seat {seat} on seat {other}: {points}").format(
            seat=seat_name(judgement, p.seat), other=seat_name(judgement, p.against), points=p.points)
            for p in judgement.match.pairs if p.account == name)
        lines.append(_("Pair by pair, {account}: {pairs}").format(account=title, pairs=each))
    return lines

def judgement_json(judgement: Judgement, lang: str = "en") -> dict[str, Any]:
    """The judgement as `referee-judgement/1` (referee/data/judgement.schema.json)."""
    g = judgement.game
    return {
        "format": FORMAT,
        "game": g.id, "rules": judgement.rules_file, "legal": judgement.legal, "verdict": judgement.verdict,
        "parameters": dict(g.settings),
        "illegal": None if judgement.illegal is None else {"where": judgement.where, **judgement.illegal.to_json(g, lang)},
        "notes": [v.to_json(g, lang) for v in judgement.notes],
        "deals": [{"number": d.number, "dealer": d.dealer, "cut": _cut_json(judgement, d, lang), "contract": d.contract,
                   "declarer": d.declarer, "actions_judged": d.actions_judged, "finished": d.finished,
                   "ended_early": d.ended_early, "cancelled": d.cancelled, "upcards": d.upcards,
                   "tricks": d.tricks, "taken": d.taken,
                   "scores": [{"seat": s.seat, "for": s.seat, "against": s.counterpart, "points": s.points,
                               "account": s.account, "explanation": s.text(lang, g), "clauses": list(s.clauses),
                               "citations": cite(g, s.clauses, lang)} for s in d.scores],
                   "totals": d.totals, "accounts": d.accounts, "sheet_checked": d.sheet_checked,
                   "claims": [v.to_json(g, lang) for v in d.claims],
                   **({"session": [v.to_json(g, lang) for v in d.session]} if d.session else {})}
                  for d in judgement.deals],
        "next": _next_json(judgement, lang),
        "match": None if judgement.match is None else {
            "totals": list(judgement.match.totals), "winners": list(judgement.match.winners),
            "clauses": list(judgement.match.clauses), "citations": cite(g, judgement.match.clauses, lang),
            "pairs": [{"account": p.account, "seat": p.seat, "against": p.against, "points": p.points}
                      for p in judgement.match.pairs]},
        "unfinished": remaining_json(judgement),
    }

def _cut_json(judgement: Judgement, report: DealReport, lang: str) -> dict[str, Any] | None:
    cut = judgement.game.table.cut
    if report.cut is None or cut is None:
        return None
    return {"seat": report.cut, "clauses": [cut.clause], "citations": cite(judgement.game, [cut.clause], lang)}

def _next_json(judgement: Judgement, lang: str) -> dict[str, Any] | None:
    """Where the transcript leaves the table: whose turn it is and what he may do (in a deal
    not finished, or before the illegal action), or who deals next; None once the match is over."""
    state = judgement.table
    if state is None:
        return None
    if judgement.in_play is not None and not judgement.in_play.is_over():
        return {"deal": len(judgement.deals), "dealer": judgement.in_play.dealer,
                "options": options_json(judgement.game, options(judgement.in_play), lang)}
    if state.is_over() or state.dealer is None or judgement.illegal is not None:
        return None
    return {"deal": len(judgement.deals) + 1, "dealer": state.dealer, "options": None}
