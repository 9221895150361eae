"""What the player to act may do at a position, and what he may not, with the ruling on each
other action the table's vocabulary can form and the game's phases read (`referee legal`, and
`judge --json` where a transcript stops). Nothing here knows a game: every candidate is ruled on
by the deal's own judge.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from .interpreter import Action
from .interpreter.phases import RUNNERS
from .verdicts import Verdict

__all__ = ["NAMING", "Forbidden", "Options", "options", "options_json", "readings_of", "words_read"]


@dataclass(frozen=True)
class Forbidden:
    """Candidate actions of one kind that the same ruling forbids."""

    actions: tuple[str, ...]
    verdict: Verdict
    """The ruling on the first of them."""
    readings: tuple[tuple[str, str | int], ...]
    """The parameter values of the clauses the ruling cites (the reading it was made under)."""


@dataclass(frozen=True)
class Options:
    """What the player to act may do at a position, and what he may not, with why."""

    seat: int
    legal: tuple[str, ...]
    forbidden: tuple[Forbidden, ...]


NAMING = frozenset({"card", "cards", "action"})
"""Values of a ruling that only name the action ruled on (rulings alike but for them are grouped)."""

_PLAIN_WORDS = ("pass", "defend", "double", "call", "fold", "blind", "withdraw")

def words_read(deal) -> set[str]:
    """The words of the actions some phase of this game's deals reads (each phase runner says
    its own): a candidate of another word is no question a player of this game would ask."""
    phases = set(deal.game.table.phases.value) if deal.game.table.phases else set()
    return set().union(*(runner.words for phase, runner in RUNNERS.items() if phase.word in phases))


def _candidates(deal, seat: int, legal: list[Action]) -> list[Action]:
    """Every action the table's vocabulary forms for `seat` here (the legal ones among them)."""
    words = words_read(deal)
    return [a for a in _formed(deal, seat, legal) if a.kind in words]


def _formed(deal, seat: int, legal: list[Action]) -> list[Action]:
    table = deal.table
    hand = [table.code(c) for c in sorted(deal.hands[seat])]
    out = [Action(word) for word in _PLAIN_WORDS] + [Action("defend", (way,)) for way in ("half", "openly", "closed")]
    out += [Action(word, (code,)) for word in ("play", "give") for code in hand]
    if len(hand) <= 16:  # a talon exchange: every pair the hand could set aside
        out += [Action("discard", pair) for pair in combinations(hand, 2)]
    for index, cid in enumerate(table.contract_ids):
        # A contract whose chooser or declarer names its trumps or its starting rank takes a word more.
        compiled = deal.contracts[cid]
        takes_name = compiled.trumps_named_by is not None or compiled.layout_named_by is not None
        named = (table.rank_codes if index in table.rank_named else table.suit_codes) if takes_name else ()
        out += [Action(word, (cid,) + extra) for word in ("choose", "declare")
                for extra in [()] + [(code,) for code in named]]
    out += [Action("bid", (name,)) for name in table.ladder_names]
    if table.ladder_levels:  # a declaration names a bid of the ladder (`declare 7H`)
        out += [Action("declare", (name,)) for name in table.ladder_names if name not in table.contract_ids]
    out += [Action("bid", (name,)) for name in table.special_names]
    out += [Action(word, (str(other),)) for word in ("double", "redouble")
            for other in range(table.players) if other != seat]
    amounts = {1}
    for word in ("open", "raise"):  # around the legal amounts: the least and the most allowed
        allowed = [int(a.args[0]) for a in legal if a.kind == word]
        if allowed:
            amounts |= {min(allowed) - 1, max(allowed) + 1}
    chips = deal.chips_of(seat)
    if chips is not None:  # one more than the player has in front of him
        amounts.add(chips + 1)
    out += [Action(word, (str(n),)) for word in ("open", "raise") for n in sorted(amounts) if n >= 1]
    return out


def options(deal) -> Options:
    """The legal actions of the player to act, and the others ruled on, grouped by ruling: the
    player who chooses the move (`actor`: a lone defender playing an open hand too), with the
    cards of the hand to play."""
    seat = deal.actor
    legal = deal.legal_actions()
    allowed = {str(a) for a in legal}
    words = {a.kind for a in legal}
    game = deal.game
    groups: dict[tuple, list] = {}
    tried: set[str] = set()
    for action in _candidates(deal, deal.to_act, legal):
        if str(action) in allowed:
            continue
        # A word with no legal action here is ruled out as a word: one candidate speaks for it.
        if action.kind not in words and action.kind in tried:
            continue
        tried.add(action.kind)
        verdict = deal.judge(seat, action)
        if verdict.legal:  # an action the list would have held; never expected
            continue
        # Rulings alike but for the card or the action they name are one group; any other value
        # (a contract, an amount) makes a ruling of its own.
        key = (verdict.message, verdict.clauses, tuple(kv for kv in verdict.values if kv[0] not in NAMING))
        groups.setdefault(key, [verdict, []])[1].append(str(action))
    forbidden = tuple(Forbidden(tuple(actions), verdict, readings_of(game, verdict.clauses))
                      for verdict, actions in groups.values())
    return Options(seat, tuple(str(a) for a in legal), forbidden)


def readings_of(game, clauses) -> tuple[tuple[str, str | int], ...]:
    """The parameters the clauses read, with the value each has in this game (the reading a ruling was made under)."""
    names = dict.fromkeys(name for cid in clauses if cid in game.clauses for name in game.clauses[cid].parameters)
    return tuple((name, game.settings[name]) for name in names)


def options_json(game, found: Options | None, lang: str) -> dict | None:
    if found is None:
        return None
    return {"seat": found.seat, "legal": list(found.legal),
            "forbidden": [{"actions": list(f.actions), **f.verdict.to_json(game, lang),
                           "readings": dict(f.readings)} for f in found.forbidden]}
