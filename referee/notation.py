"""The deal notation: deals and matches written by hand in `.deal` files, read into transcripts
(`referee-transcript/1`) and written back from them.

A director types the deal as it was played (grammar in `grammar/deal.lark`)::

    game NAME                # a shipped game or variant (`referee games`)
    deal 1 dealer 3
    hand 1: 3♣ A♣ J♦ Q♦ 4♥ 6♥ 7♥ 10♥ Q♥ 8♠ 9♠ 10♠ Q♠
    ...
    4: choose CONTRACT
    4: 4♦ Q♦ 10♦ A♦          # one trick per line, the leader first

Seats are counted from 1, cards written as the referee prints them or in ASCII (``4C``, ``TH``).
An action without a seat is by the seat whose turn it is: the reader follows the deal through the
referee to know it. So reading needs the game, and so do the checks a typo calls for (a hand of
the wrong size, an action written for a seat whose turn it is not), each reported at the line and
column of the offending word. Once the referee would rule an action illegal, it can no longer say
whose turn it is: from there on an action without a seat is by the seat after the one before.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import lark
from lark.exceptions import UnexpectedInput

from .errors import (
    NotationError,
    NotationSyntaxError,
    Phrase,
    RefereeError,
    SourcePosition,
    TranscriptError,
    UsageError,
)
from .i18n import N_
from .limits import LIMITS, UnreadableFile, read_untrusted
from .resources import resource_dir
from .transcript import FORMAT, check_counts, rules_of, validate_transcript

__all__ = ["parse_deal_text", "read_deal_text", "read_deal_path", "write_deal", "grammar_path", "card_code", "card_written"]

_SUIT_LETTER = {"♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S", "♤": "S"}
_SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_WRITABLE_CARD = re.compile(r"([0-9]{1,2}|[A-SU-Z])([CDHS])")
_NAME = re.compile(r"[a-z][a-z0-9_]*")
_RANK = re.compile(r"10|[2-9]|[JQKA]")
_NUMBER = re.compile(r"[0-9]+")
_LEVEL_BID = re.compile(r"[0-9]+[A-Z][A-Za-z]*")
"""A bid of a ladder of levels (`7H`, `6NT`)."""
_SIMPLE_ACTIONS = frozenset({"pass", "defend", "call", "fold", "blind", "withdraw"})

# How terminals are named in "expected ..." (keywords are shown as themselves).
_TERMINALS = {
    "CARD": "a card (such as 4♣, 10♥, QS, TH)",
    "SEAT": "a seat and a colon (such as 3:)",
    "OUT_OF_TURN": "a seat acting out of turn (such as 3!:)",
    "NAME": "a lower-case name (such as no_tricks)",
    "INT": "a whole number",
    "BID": "a bid of a ladder of levels (such as 7H or 6NT)",
    "HALF": "half",
    "TOTAL": "a total on the score sheet (such as 120 or -20)",
    "STRING": 'a quoted text ("...")',
    "SUIT": "a suit (♣ ♦ ♥ ♠ or C D H S)",
    "RANK": "a rank (such as 7, 10, Q)",
    "_NL": "the end of the line",
    "COMMA": "','",
    "COLON": "':'",
    "EQUAL": "'='",
    "$END": "the end of the file",
}
_FOUND = {"CARD": N_("unexpected card {word}"), "NAME": N_("unexpected name {word}"),
          "INT": N_("unexpected number {word}"), "TOTAL": N_("unexpected number {word}"), "STRING": N_("unexpected text {word}"),
          "SEAT": N_("unexpected seat {word}"), "OUT_OF_TURN": N_("unexpected seat {word}"),
          "_NL": N_("the line ends too early")}


def grammar_path() -> Path:
    return resource_dir("grammar") / "deal.lark"


@functools.cache
def _parser() -> lark.Lark:
    from .front.tables import lalr_parser
    return lalr_parser(grammar_path())


@functools.cache
def _keywords() -> frozenset[str]:
    return frozenset(t.pattern.value for t in _parser().terminals if t.pattern.type == "str")


def card_code(written: str) -> str:
    """A card as written (``10♥``, ``TH``, ``4♣``) -> its code in transcripts (``10H``, ``4C``)."""
    rank, suit = written[:-1], written[-1]
    return ("10" if rank == "T" else rank) + _SUIT_LETTER.get(suit, suit)


def card_written(code: str) -> str | None:
    """A card code -> the notation (``10H`` -> ``10♥``); None for a code the notation cannot hold."""
    found = _WRITABLE_CARD.fullmatch(code)
    return found.group(1) + _SUIT_SYMBOL[found.group(2)] if found else None


# ---------------------------------------------------------------------------------------------
# Reading: text -> a transcript whose unnamed seats are still open

@dataclass
class _Reading:
    """A parsed deal file: the transcript so far, and where each part of it is written."""

    text: str
    path: str
    data: dict = field(default_factory=lambda: {"format": FORMAT})
    at: dict[str, SourcePosition] = field(default_factory=dict)
    """JSON path (`deals[0].actions[3]`, `deals[0].hands.2`, `game`) -> where it is written."""
    cards: list[tuple[str, str, SourcePosition]] = field(default_factory=list)
    """Every card written: (code, as written, where)."""
    named: dict[tuple[int, int], str] = field(default_factory=dict)
    """(deal, action) -> "seat" or "out_of_turn" for an action whose seat is written."""
    written: dict[tuple[int, int], str] = field(default_factory=dict)
    """(deal, action) -> the action's words as written (`3♥`, `bid 2`), for messages."""
    seats: list[tuple[int, SourcePosition]] = field(default_factory=list)
    """Every seat written (from 0), to check against the table once the game is known."""

    def where(self, token) -> SourcePosition:
        return SourcePosition(self.path, token.line, token.column)

    def error(self, where: SourcePosition, problem, hint=None) -> NotationError:
        return NotationError(where, problem, text=self.text, hint=hint)


def _hint(error: UnexpectedInput) -> Phrase | None:
    """What the notation's own slips call for (the rules language's hints cover the rest)."""
    token, expected = getattr(error, "token", None), getattr(error, "expected", None) or ()
    if token is not None and token.type in ("INT", "TOTAL") and "SEAT" in expected:
        return Phrase("a seat is written with a colon: {seat}:", seat=str(token)[:8])
    if token is not None and token.type == "_NL" and "CARD" in expected:
        return Phrase("write the cards on the same line")
    return None


def _number(reading: _Reading, token) -> int:
    if len(token) > LIMITS.json_int_digits:
        raise reading.error(reading.where(token), Phrase("a number of {digits} digits", digits=len(token)),
                            Phrase("numbers have at most {limit} digits", limit=LIMITS.json_int_digits))
    return int(token)


def _signed(reading: _Reading, token) -> int:
    """A total on the score sheet, perhaps below zero."""
    return -_number(reading, token[1:]) if token.startswith("-") else _number(reading, token)


def _seat(reading: _Reading, token) -> int:
    """A seat as written (counted from 1, perhaps with its colon) -> the transcript's (from 0)."""
    digits = str(token).rstrip(":").rstrip("!")
    seat = int(digits) - 1 if len(digits) <= 4 else LIMITS.players
    if seat < 0:
        raise reading.error(reading.where(token), Phrase("there is no seat {seat}", seat=digits),
                            Phrase("seats are counted from 1, in the direction of play"))
    if seat >= LIMITS.players:
        raise reading.error(reading.where(token), Phrase("there is no seat {seat}", seat=digits[:8]),
                            Phrase("a table has at most {limit} seats", limit=LIMITS.players))
    reading.seats.append((seat, reading.where(token)))
    return seat


def _card(reading: _Reading, token) -> str:
    code = card_code(str(token))
    reading.cards.append((code, str(token), reading.where(token)))
    return code


def _string(token) -> str:
    return json.loads(str(token))


# A line with something written on it (lines end at "\n" only, and Lark skips the same blanks),
# from its first word on; and the words that begin a line of something other than actions.
_WRITTEN_LINE = re.compile(r"^[ \t\f\r\ufeff]*([^\s#][^\n]*)", re.M)
_NOT_ACTIONS = frozenset({"game", "rules", "param", "players", "seats", "seed", "draw", "first", "hand", "talon",
                          "turned", "irregularity", "score"})


def check_size(text: str, path: str = "<string>") -> None:
    """Refuse a deal file over the limits on deals and actions (`referee.limits`, as for a JSON
    transcript) in one pass over its lines, before it is parsed: the parser builds a tree of the
    whole file, at about 8 s of CPU and 400 MB a megabyte, and the counts were checked only on
    that tree. A line of actions holds at least one action, and at least a quarter of its words
    (no action is written in more than four, `3: discard 7♠ 8♠`), so the counts here never
    exceed the true ones: a file refused here is over a limit, at the line named."""
    def refused(found: re.Match, problem: Phrase, hint: Phrase | None = None) -> NotationError:
        line = text.count("\n", 0, found.start()) + 1
        return NotationError(SourcePosition(path, line, found.start(1) - found.start() + 1), problem, text=text,
                             hint=hint)

    deals = in_deal = total = 0
    for found in _WRITTEN_LINE.finditer(text):  # blank and comment lines are skipped by the pattern
        words = found.group(1).split("#", 1)[0].replace(",", " ").split()
        if not words:  # only commas: nothing is counted here, and the parser says what is wrong
            continue
        if words[0] == "deal":
            deals, in_deal = deals + 1, 0
            if deals > LIMITS.deals:
                raise refused(found, Phrase("the file has more than {limit:,} deals; at most {limit:,} are judged",
                                            limit=LIMITS.deals), Phrase('split it into several transcripts'))
        elif words[0] not in _NOT_ACTIONS:
            actions = max(1, (len(words) + 3) // 4)
            in_deal, total = in_deal + actions, total + actions
            if in_deal > LIMITS.actions:
                raise refused(found, Phrase("deal {deal} has more than {limit:,} actions; no deal needs more",
                                            deal=max(deals, 1), limit=LIMITS.actions))
            if total > LIMITS.transcript_actions:
                raise refused(found, Phrase("the file has more than {limit:,} actions; at most {limit:,} are judged",
                                            limit=LIMITS.transcript_actions), Phrase('split it into several transcripts'))


def parse_deal_text(text: str, path: str = "<string>") -> _Reading:
    """Parse a deal file's text: the transcript, with None for every seat not written."""
    check_size(text, path)
    reading = _Reading(text, path)
    parser = _parser()
    try:
        tree = parser.parse(text if text.endswith("\n") else text + "\n")
    except UnexpectedInput as error:
        from .front.parser import syntax_error
        raise syntax_error(parser, error, text, path, terminals=_TERMINALS, found_names=_FOUND,
                           kind=NotationSyntaxError, hint=_hint(error)) from None
    deals = []
    for node in tree.children:
        if node.data == "deal":
            deals.append(_read_deal(reading, node, len(deals)))
        else:
            _read_tag(reading, node)
    reading.data["deals"] = deals
    return reading


_ONCE = {"game_tag": "game", "rules_tag": "rules", "players_tag": "players", "seats_tag": "seats",
         "seed_tag": "seed", "first_dealer_tag": "first_dealer"}


def _read_tag(reading: _Reading, node: lark.Tree) -> None:
    data, tokens = reading.data, node.children
    where = SourcePosition(reading.path, node.meta.line, node.meta.column)
    key = _ONCE.get(node.data)
    if key is not None:
        if key in data or (key in ("game", "rules") and ("game" in data or "rules" in data)):
            raise reading.error(where, Phrase("the tag {tag} is given twice", tag=key.replace("_", " ")),
                                Phrase("keep one of them"))
        reading.at[key] = where
    if node.data == "game_tag":
        data["game"] = str(tokens[0])
    elif node.data == "rules_tag":
        data["rules"] = _string(tokens[0])
    elif node.data == "param_tag":
        name, value = str(tokens[0]), tokens[1]
        parameters = data.setdefault("parameters", {})
        if name in parameters:
            raise reading.error(where, Phrase("the parameter {name} is set twice", name=name),
                                Phrase("keep one of them"))
        parameters[name] = (_number(reading, value) if value.type == "INT"
                            else _string(value) if value.type == "STRING" else str(value))
    elif node.data == "players_tag":
        data["players"] = _number(reading, tokens[0])
    elif node.data == "seats_tag":
        data["seats"] = [_string(t) for t in tokens]
    elif node.data == "seed_tag":
        data["seed"] = _number(reading, tokens[0])
    elif node.data == "draw_tag":
        rounds = data.setdefault("draw", [])
        drawn = {}
        for seat_token, card_token in zip(tokens[::2], tokens[1::2]):
            seat = _seat(reading, seat_token)
            if str(seat) in drawn:
                raise reading.error(reading.where(seat_token),
                                    Phrase("seat {seat} draws twice in one round", seat=seat + 1),
                                    Phrase("write each round of the draw on a line of its own"))
            drawn[str(seat)] = _card(reading, card_token)
        rounds.append(drawn)
    elif node.data == "first_dealer_tag":
        data["first_dealer"] = _seat(reading, tokens[0])


def _read_deal(reading: _Reading, node: lark.Tree, number: int) -> dict:
    head, parts = node.children[0], node.children[1:]
    here = f"deals[{number}]"
    reading.at[here] = SourcePosition(reading.path, head.meta.line, head.meta.column)
    if len(head.children) == 2:
        written = head.children[0]
        if _number(reading, written) != number + 1:
            raise reading.error(reading.where(written), Phrase("this is deal {number}, not {written}",
                                                               number=number + 1, written=str(written)[:8]),
                                Phrase("number the deals 1, 2, 3 ... in order, or leave the numbers out"))
    deal: dict = {"dealer": _seat(reading, head.children[-1]), "hands": {}}
    actions: list[dict] = []
    for part in parts:
        where = SourcePosition(reading.path, part.meta.line, part.meta.column)
        if part.data == "action_line":
            for action in part.children:
                actions.append(_read_action(reading, action, number, len(actions)))
            continue
        if part.data == "hand":
            seat = _seat(reading, part.children[0])
            key, path, cards = str(seat), f"{here}.hands.{seat}", part.children[1:]
            if key in deal["hands"]:
                raise reading.error(where, Phrase("seat {seat} is dealt a second hand", seat=seat + 1),
                                    Phrase("write one line `hand {seat}: ...` per seat", seat=seat + 1))
            deal["hands"][key] = [_card(reading, c) for c in cards]
        elif part.data == "score_line":
            name, totals = str(part.children[0]), part.children[1:]
            path = f"{here}.totals.{name}"
            if name in deal.setdefault("totals", {}):
                raise reading.error(where, Phrase("the score of {account} is written twice", account=name),
                                    Phrase("write one line `score {account}: ...` per account", account=name))
            deal["totals"][name] = [_signed(reading, t) for t in totals]
        elif part.data == "irregularity":
            deal["irregularity"], path = str(part.children[0]), f"{here}.irregularity"
        else:
            key = "talon" if part.data == "talon" else "upcard"
            path = f"{here}.{key}"
            if key in deal:
                raise reading.error(where, Phrase("the {part} is written twice", part=part.data),
                                    Phrase("keep one of them"))
            deal[key] = [_card(reading, c) for c in part.children]
        reading.at[path] = where
    out = {"dealer": deal["dealer"], "hands": deal["hands"]}
    out.update((k, deal[k]) for k in ("talon", "upcard", "irregularity") if k in deal)
    out["actions"] = actions
    if "totals" in deal:
        out["totals"] = deal["totals"]
    return out


def _read_action(reading: _Reading, node: lark.Tree, deal: int, index: int) -> dict:
    *seat_token, act = node.children
    path = f"deals[{deal}].actions[{index}]"
    reading.at[path] = SourcePosition(reading.path, node.meta.line, node.meta.column)
    seat = None
    if seat_token:
        seat = _seat(reading, seat_token[0])
        reading.named[(deal, index)] = "out_of_turn" if seat_token[0].type == "OUT_OF_TURN" else "seat"
    kind, args = act.data, act.children
    reading.written[(deal, index)] = reading.text[act.meta.start_pos:act.meta.end_pos][:40]
    if kind in ("play", "give", "discard"):
        words = [_card(reading, c) for c in args]
        for _word, token in zip(words, args):
            reading.at.setdefault(f"{path}.card", reading.where(token))
    elif kind in ("double", "redouble"):
        words = [str(_seat(reading, a)) for a in args]
    elif kind in ("bid", "declare") and args and getattr(args[0], "type", None) == "BID":
        word = str(args[0])
        words = ["10" + word[1:] if word.startswith("T") else word]
    elif kind in ("choose", "declare"):
        words = [str(args[0])]
        if len(args) == 2:
            arg = args[1].children[0]
            words.append(_SUIT_LETTER.get(str(arg), str(arg)))
    else:  # bid, open, raise and the one-word actions
        words = [str(a) for a in args]
    return {"seat": seat, "action": " ".join([kind, *words])}


# ---------------------------------------------------------------------------------------------
# Following the match through the referee, to know whose turn it is

class _Replay:
    """The match as the judge replays it, as far as every action is legal: whose turn it is, and
    where a trick or a phase ends. At the first thing the judge would rule on (a misdeal, an
    illegal action, the wrong dealer) it loses track, as the judge stops there."""

    def __init__(self, game, data: dict) -> None:
        from .interpreter import Match
        self.match = Match(game, data.get("players"))
        self.table = self.match.table
        self.deal = None
        self.cancelled = False
        self.lost = False
        try:
            self._first_dealer(data)
        except (RefereeError, KeyError, ValueError, IndexError):  # the judge rules on a bad draw
            self.lost = True

    def _first_dealer(self, data: dict) -> None:
        if "draw" in data:
            rounds = [{int(k): v for k, v in r.items()} for r in data["draw"]]
            if any(self.table.card_id(c) is None for r in rounds for c in r.values()):
                self.lost = True
                return
            verdict = self.match.judge_draw(rounds)
            self.lost = not verdict.legal or data.get("first_dealer", self.match.dealer) != self.match.dealer
        elif "first_dealer" in data:
            self.match.dealer = data["first_dealer"]
        elif data["deals"]:
            self.match.dealer = data["deals"][0]["dealer"]

    def begin(self, deal: dict) -> None:
        from .model.checks import hand_size
        self.deal, self.cancelled = None, False
        if self.lost or self.match.is_over() or deal["dealer"] != self.match.dealer:
            self.lost = True
            return
        game, players = self.table.game, self.table.players
        hands = [[self.table.card_id(c) for c in deal["hands"].get(str(s), [])] for s in range(players)]
        laid = {part: [self.table.card_id(c) for c in deal.get(part, [])] for part in ("talon", "upcard")}
        every = [c for h in hands for c in h] + laid["talon"] + laid["upcard"]
        wanted = {part: sum(p.count for p in game.deal.value if p.kind == part) for part in laid}
        size = hand_size(game, players)
        if (None in every or len(set(every)) != len(every)
                or any(len(h) != _held(self.table, deal["dealer"], s, size) for s, h in enumerate(hands))
                or any(len(laid[p]) != wanted[p] for p in laid)):
            self.lost = True  # a misdeal: the judge rules on it
            return
        try:
            if "irregularity" in deal:
                if deal["irregularity"] not in game.irregularities or deal["actions"]:
                    self.lost = True
                    return
                self.match.cancel_deal(hands, deal["irregularity"], upcards=laid["upcard"], talon=laid["talon"])
                self.cancelled = True
            else:
                self.deal = self.match.new_deal(hands, talon=laid["talon"], upcards=laid["upcard"])
        except RefereeError:
            self.lost = True

    def turn(self) -> int | None:
        """Whose turn it is, or None once the referee cannot tell."""
        return None if self.deal is None or self.deal.is_over() else self.deal.to_act

    def stage(self):
        """What a line of actions spans: a phase, and within it a trick."""
        return None if self.deal is None else (self.deal.phase, len(self.deal.trick_winners))

    def act(self, seat: int, text: str) -> None:
        from .interpreter import Action
        if self.deal is None:
            self.lost = True
            return
        try:
            legal = self.deal.play(seat, Action.parse(text)).legal
        except RefereeError:
            legal = False
        if not legal:
            self.deal, self.lost = None, True

    def end(self) -> None:
        if self.deal is not None and self.deal.is_over():
            self.match.finish_deal()
        elif not self.cancelled:
            self.lost = True
        self.deal = None


def _held(table, dealer: int, seat: int, size: int) -> int:
    """Cards a seat is dealt: `size`, or none for a dealer who sits out the deal."""
    from .interpreter.seating import playing_seats
    if table.in_deal == table.players:
        return size
    return size if seat in playing_seats(table.players, table.in_deal, dealer) else 0


def _after(seat: int | None, dealer: int, players: int) -> int:
    """The seat after `seat` (after the dealer for a deal's first action)."""
    return ((dealer if seat is None else seat) + 1) % players


# ---------------------------------------------------------------------------------------------
# The checks that need the game, and the seats it gives

def _game(reading: _Reading, base: Path | None, rules_file, settings: dict | None):
    from .model.cache import load_kept
    data = reading.data
    if "game" not in data and "rules" not in data:
        raise reading.error(SourcePosition(reading.path, 1, 1), Phrase("the deal names no game"),
                            Phrase('start the file with `game NAME` (see `referee games`) or `rules "FILE.rules"`'))
    where = reading.at.get("game") or reading.at.get("rules")
    params = {k: str(v) for k, v in (data.get("parameters") or {}).items()}
    params.update(settings or {})
    try:
        return load_kept(rules_of(data, base, rules_file), params)
    except TranscriptError as err:
        raise reading.error(where, err.problem, err.hint) from None
    except UsageError as err:
        raise reading.error(where, str(err)) from None


def _check_cards(reading: _Reading, table) -> None:
    for code, written, where in reading.cards:
        if table.card_id(code) is None:
            raise reading.error(where, Phrase("{card} is not a card of this game's pack", card=written[:12]),
                                Phrase("the pack has the ranks {ranks} in the suits {suits}; write a card "
                                       "as rank and suit: 4♣, 10♥, Q♠ (or 4C, TH, QS)",
                                       ranks=" ".join(table.rank_codes),
                                       suits=" ".join(_SUIT_SYMBOL.get(s, s) for s in table.suit_codes)))
    for seat, where in reading.seats:
        if seat >= table.players:
            raise reading.error(where, Phrase("there is no seat {seat} at a table of {players}",
                                              seat=seat + 1, players=table.players),
                                Phrase("seats are counted from 1, in the direction of play"))


def _check_deal(reading: _Reading, game, table, number: int, deal: dict) -> None:
    from .model.checks import hand_size
    here, size = f"deals[{number}]", hand_size(game, table.players)
    if "irregularity" not in deal:  # a cancelled deal records the cards as they were misdealt
        for seat in range(table.players):
            cards, held = deal["hands"].get(str(seat)), _held(table, deal["dealer"], seat, size)
            if cards is None and held == 0:  # a dealer who sits out may be left out
                continue
            if cards is None:
                raise reading.error(reading.at[here], Phrase("deal {deal} gives no hand to seat {seat}",
                                                             deal=number + 1, seat=seat + 1),
                                    Phrase("write `hand {seat}: ...` with its {size} cards", seat=seat + 1, size=size))
            if len(cards) != held:
                raise reading.error(reading.at[f"{here}.hands.{seat}"],
                                    Phrase("seat {seat} is dealt {count} cards, not {size}",
                                           seat=seat + 1, count=len(cards), size=held),
                                    Phrase("every player is dealt {size} cards: look for a card left out or "
                                           "written twice", size=size) if held
                                    else Phrase("the dealer sits out this deal and is dealt no cards"))
        for part, tag in (("talon", "talon"), ("upcard", "turned")):
            wanted = sum(p.count for p in game.deal.value if p.kind == part)
            if len(deal.get(part, [])) != wanted:
                raise reading.error(reading.at.get(f"{here}.{part}", reading.at[here]),
                                    Phrase("the {part} holds {count} cards, not {size}", part=tag,
                                           count=len(deal.get(part, [])), size=wanted),
                                    Phrase("write `{part}: ...` with {size} cards", part=tag, size=wanted)
                                    if wanted else Phrase("this game lays no such cards: leave the line out"))


def _settle_seats(reading: _Reading, replay: _Replay, number: int, deal: dict) -> None:
    """Give each unnamed action the seat whose turn it is, and check the named ones and the cards
    played, as far as the judge will judge (up to the first action it rules illegal)."""
    players, previous, played = replay.table.players, None, {}
    replay.begin(deal)
    for index, action in enumerate(deal["actions"]):
        turn = replay.turn()
        if not replay.lost:
            _check_played(reading, number, index, action["action"], played)
        named = reading.named.get((number, index))
        if action["seat"] is None:
            action["seat"] = turn if turn is not None else _after(previous, deal["dealer"], players)
        elif named == "seat" and turn is not None and action["seat"] != turn:
            where = reading.at[f"deals[{number}].actions[{index}]"]
            raise reading.error(where, Phrase("{action} is written for seat {seat}, but it is seat {turn}'s turn",
                                              action=reading.written[(number, index)], seat=action["seat"] + 1,
                                              turn=turn + 1),
                                Phrase("correct the seat or an earlier action; if seat {seat} really acted out of "
                                       "turn, write `{seat}!:` and the referee rules on it", seat=action["seat"] + 1))
        replay.act(action["seat"], action["action"])
        previous = action["seat"]
    replay.end()


def _check_played(reading: _Reading, number: int, index: int, action: str, played: dict[str, int]) -> None:
    kind, *words = action.split()
    if kind != "play":
        return
    here = f"deals[{number}].actions"
    if words[0] in played:
        first = reading.at[f"{here}[{played[words[0]]}]"]
        raise reading.error(reading.at.get(f"{here}[{index}].card", reading.at[f"{here}[{index}]"]),
                            Phrase("{card} is played a second time (first at line {line})",
                                   card=card_written(words[0]) or words[0], line=first.line),
                            Phrase("a card is played once in a deal: correct one of the two"))
    played[words[0]] = index


def read_deal_text(text: str, path: str = "<string>", *, base: Path | None = None,
                   rules_file: str | Path | None = None, settings: dict | None = None) -> dict:
    """A transcript from a deal file's text, every seat settled and every check made.

    `base` is the file's folder (a `rules "FILE"` tag names a file there); `rules_file` and
    `settings` are the `--rules` and `--param` of the command line, as for `referee judge`.
    """
    return read_deal_and_game(text, path, base=base, rules_file=rules_file, settings=settings)[0]


def read_deal_and_game(text: str, path: str = "<string>", *, base: Path | None = None,
                       rules_file: str | Path | None = None, settings: dict | None = None):
    """`read_deal_text`, with the game it was read under (loaded with the deal's readings and
    `settings`), so that a judge need not load the rules a second time."""
    reading = parse_deal_text(text, path)
    data = reading.data
    check_counts(data)
    game = _game(reading, base, rules_file, settings)
    try:
        replay = _Replay(game, data)
    except UsageError as err:
        raise reading.error(reading.at.get("players", SourcePosition(path, 1, 1)), str(err)) from None
    _check_cards(reading, replay.table)
    for number, deal in enumerate(data["deals"]):
        _check_deal(reading, game, replay.table, number, deal)
    for number, deal in enumerate(data["deals"]):
        _settle_seats(reading, replay, number, deal)
    return validate_transcript(data), game


def read_deal_path(path: str | Path, *, rules_file: str | Path | None = None, settings: dict | None = None) -> dict:
    """Read a `.deal` file within the limits of `referee.limits` (see `read_deal_text`)."""
    return read_deal_path_and_game(path, rules_file=rules_file, settings=settings)[0]


def read_deal_path_and_game(path: str | Path, *, rules_file: str | Path | None = None,
                            settings: dict | None = None):
    """`read_deal_path`, with the game it was read under (see `read_deal_and_game`)."""
    path = Path(path)
    try:
        raw = read_untrusted(path, LIMITS.transcript_bytes, "deal")
    except UnreadableFile as why:
        raise TranscriptError(str(path), str(why)) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        before = raw[:err.start].decode("utf-8", errors="replace")
        line, column = before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1
        raise NotationError(SourcePosition(str(path), line, column),
                            Phrase("the file is not UTF-8 text (byte {byte})", byte=f"0x{raw[err.start]:02x}"),
                            hint=Phrase("save the deal as UTF-8")) from None
    return read_deal_and_game(text, str(path), base=path.parent, rules_file=rules_file, settings=settings)


# ---------------------------------------------------------------------------------------------
# Writing: a transcript -> the notation, one trick or one round per line

class _Unwritable(Exception):
    pass


def _name(word) -> str:
    word = str(word)
    if not _NAME.fullmatch(word) or word in _keywords():
        raise _Unwritable(word)
    return word


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _card_text(code: str) -> str:
    written = card_written(str(code))
    if written is None:
        raise _Unwritable(code)
    return written


def _seat_text(seat) -> str:
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        raise _Unwritable(seat)
    return str(seat + 1)


def _number_text(value, signed: bool = False) -> str:
    """A whole number as written; below zero only where `signed` (a total on the score sheet)."""
    if not isinstance(value, int) or isinstance(value, bool) or (value < 0 and not signed):
        raise _Unwritable(value)
    return str(value)


def _action_text(text: str) -> str:
    kind, *args = str(text).split()
    if kind == "play" and len(args) == 1:
        return _card_text(args[0])
    if kind in ("give", "discard") and len(args) == {"give": 1, "discard": 2}[kind]:
        return " ".join([kind, *map(_card_text, args)])
    if kind in ("double", "redouble") and len(args) == 1 and _NUMBER.fullmatch(args[0]) and len(args[0]) < 5:
        return f"{kind} {_seat_text(int(args[0]))}"
    if kind == "double" and not args:
        return kind
    if kind in ("open", "raise") and len(args) == 1 and _NUMBER.fullmatch(args[0]):
        return f"{kind} {args[0]}"
    if kind == "bid" and len(args) == 1:
        return f"bid {args[0] if _NUMBER.fullmatch(args[0]) or _LEVEL_BID.fullmatch(args[0]) else _name(args[0])}"
    if kind == "declare" and len(args) == 1 and _LEVEL_BID.fullmatch(args[0]):
        return f"declare {args[0]}"
    if kind in ("choose", "declare") and len(args) in (1, 2):
        extra = args[1:]
        if extra and not (extra[0] in _SUIT_SYMBOL or _RANK.fullmatch(extra[0])):
            raise _Unwritable(text)
        return " ".join([kind, _name(args[0]), *(_SUIT_SYMBOL.get(a, a) for a in extra)])
    if kind in _SIMPLE_ACTIONS and not args:
        return kind
    if kind == "defend" and list(args) == ["half"]:
        return "defend half"
    return _fail(text)


def _fail(text):
    raise _Unwritable(text)


def write_deal(data: dict, game=None, *, base: Path | None = None) -> str:
    """A transcript in the deal notation (`game`, the rules it is played under, is loaded from the
    transcript when not given). Reading the text back gives the same transcript."""
    from .model import load_game
    if game is None:
        game = load_game(rules_of(data, base), {k: str(v) for k, v in (data.get("parameters") or {}).items()})
    lines: list[str] = [f"# {game.title}"]
    where = "transcript"
    try:
        lines += _header(data)
        replay = _Replay(game, data)
        for number, deal in enumerate(data["deals"]):
            where = f"transcript.deals[{number}]"
            lines += ["", *_deal_lines(deal, number, replay)]
    except _Unwritable as err:
        raise TranscriptError(where, f"{str(err.args[0])[:80]!r} cannot be written in the deal notation",
                              hint="keep this transcript as JSON") from None
    return "\n".join(lines) + "\n"


def _header(data: dict) -> list[str]:
    lines = [f"game {_name(data['game'])}" if "game" in data else f"rules {_quoted(str(data['rules']))}"]
    for name, value in (data.get("parameters") or {}).items():
        if isinstance(value, int) and not isinstance(value, bool):
            shown = _number_text(value)
        else:
            shown = value if _NAME.fullmatch(value) and value not in _keywords() else _quoted(value)
        lines.append(f"param {_name(name)} = {shown}")
    if "players" in data:
        lines.append(f"players {_number_text(data['players'])}")
    if "seats" in data:
        lines.append(" ".join(["seats", *map(_quoted, data["seats"])]))
    if "seed" in data:
        lines.append(f"seed {_number_text(data['seed'])}")
    for rnd in data.get("draw", []):
        lines.append(("draw " + "  ".join(f"{_seat_text(int(s))}: {_card_text(c)}" for s, c in rnd.items())).rstrip())
    if "first_dealer" in data:
        lines.append(f"first dealer {_seat_text(data['first_dealer'])}")
    return lines


def _deal_lines(deal: dict, number: int, replay: _Replay) -> list[str]:
    lines = [f"deal {number + 1} dealer {_seat_text(deal['dealer'])}"]
    for seat, cards in deal["hands"].items():
        lines.append(f"hand {_seat_text(int(seat))}: {' '.join(map(_card_text, cards))}".rstrip())
    for part, tag in (("talon", "talon"), ("upcard", "turned")):
        if part in deal:
            lines.append(f"{tag}: {' '.join(map(_card_text, deal[part]))}".rstrip())
    if "irregularity" in deal:
        lines.append(f"irregularity {_name(deal['irregularity'])}")
    players = replay.table.players
    replay.begin(deal)
    line: list[tuple[int, str, bool]] = []  # (seat, as written, a card played?) of the current line
    previous, run = None, 0
    for action in deal["actions"]:
        seat, turn = action["seat"], replay.turn()
        again = any(s == seat for s, _, _ in line)
        # A new line for each round: when a seat comes round again, or after one seat's run of
        # actions (the cards one player passes); once the referee has lost track, at any repeat.
        if line and ((seat != previous and (run > 1 or again)) or (turn is None and again)):
            lines.append(_line(line))
            line = []
        expected = turn if turn is not None else _after(previous, deal["dealer"], players)
        mark = "!:" if turn is not None and seat != turn else ":" if seat != expected or not line else ""
        written = _action_text(action["action"])
        line.append((seat, f"{_seat_text(seat)}{mark} {written}" if mark else written,
                     action["action"].startswith("play ")))
        run = run + 1 if seat == previous and len(line) > 1 else 1
        stage = replay.stage()
        replay.act(seat, action["action"])
        if replay.stage() != stage:  # a trick or a phase is over
            lines.append(_line(line))
            line = []
        previous = seat
    if line:
        lines.append(_line(line))
    replay.end()
    for name, totals in deal.get("totals", {}).items():
        lines.append(" ".join([f"score {_name(name)}:", *(_number_text(total, signed=True) for total in totals)]))
    return lines


def _line(actions: list[tuple[int, str, bool]]) -> str:
    """Cards played are separated by spaces (`4: 4♦ Q♦ 10♦ A♦`), other actions by commas."""
    plays_only = all(play for _, _, play in actions)
    return (" " if plays_only else ", ").join(written for _, written, _ in actions)
