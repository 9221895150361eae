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
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import lark
from lark.exceptions import UnexpectedInput

from .errors import (
    NotationError,
    NotationSyntaxError,
    Phrase,
    SourcePosition,
    TranscriptError,
    UsageError,
)
from .i18n import N_
from .limits import LIMITS, UnreadableFile, read_chunks
from .resources import resource_dir
from .transcript import FORMAT, rules_of, validate_deal, validate_transcript

if TYPE_CHECKING:  # for the annotations only: the replay and the interpreter are loaded when deals are read
    from .judgement import Judgement

__all__ = ["read_deal_text", "read_deal_path", "judge_deal_path", "judge_deal_text", "PARSER_STARTS", "write_deal", "grammar_path", "card_code", "card_written"]

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
    "DEFENCE_WAY": "half, openly or closed",
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
    # on demand: Lark's tables only for a line the quick reader cannot take
    from .front.tables import lalr_parser
    return lalr_parser(grammar_path(), start=PARSER_STARTS)


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
# Reading: a deal file a line at a time, into a transcript's fields and then its deals

_IGNORED = "[ \t\f\r\ufeff]"
_BLANK_LINE = re.compile(rf"{_IGNORED}*(?:#[^\n]*)?\Z")
_FIRST_WORD = re.compile(rf"{_IGNORED}*([a-z]+)")
# The words of a line as the grammar's lexer reads them where it is plain (words apart, keywords
# whole): a line the quick reader below cannot take is handed to Lark, which reads it or says
# what is wrong with it, so the two never disagree on a line the quick reader takes.
_WORD = re.compile(rf"""{_IGNORED}*(?:
    (?P<seat>[0-9]+!?:)
  | (?P<card>(?:10|[0-9]{{1,2}}|[A-Z])[♣♦♥♠♧♢♡♤CDHS](?![0-9A-Za-z]))
  | (?P<word>[a-z][a-z0-9_]*)
  | (?P<int>-?[0-9]+(?![0-9]))
  | (?P<rank>(?:10|[2-9JQKA])(?![0-9A-Za-z♣♦♥♠]))
  | (?P<suit>[♣♦♥♠CDHS](?![0-9A-Za-z]))
  | (?P<comma>,)
  | (?P<colon>:)
  | (?P<end>(?:\#[^\n]*)?\Z)
)""", re.X)
_RANK_WORDS = frozenset({"10", "2", "3", "4", "5", "6", "7", "8", "9"})
_ONE_CARD, _TWO_CARDS = frozenset({"play", "give"}), frozenset({"discard"})
_ONE_NUMBER = frozenset({"redouble", "open", "raise"})
PARSER_STARTS = ("start", "line")
"""The rules of `grammar/deal.lark` a parse may begin at: a whole file, or one line."""


@dataclass(frozen=True)
class _Word:
    """A word of a line: its terminal (`CARD`, `SEAT`, `NAME`, ...), as written, and its column."""

    type: str
    text: str
    column: int

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class _Act:
    """An action as written: the seat before it (or None), its kind and words, where it starts."""

    seat: _Word | None
    kind: str
    args: tuple[_Word, ...]
    column: int
    written: str
    """The action's own words as written (`3♥`, `bid 2`), for messages."""


@dataclass(frozen=True, slots=True)
class _ActionsLine:
    """A line of actions."""

    acts: list[_Act]


@dataclass(frozen=True, slots=True)
class _HandLine:
    """`hand SEAT: CARD ...`: the cards dealt to a seat."""

    seat: _Word
    cards: list[_Word]


@dataclass(frozen=True, slots=True)
class _CardsLine:
    """`talon: CARD ...` or `turned: CARD ...` (`part`)."""

    part: str
    cards: list[_Word]


@dataclass(frozen=True, slots=True)
class _ScoreLine:
    """`score ACCOUNT: TOTAL ...`: a line of the score sheet."""

    account: _Word
    totals: list[_Word]


@dataclass(frozen=True, slots=True)
class _HeadLine:
    """`deal [N] dealer SEAT`: the head of a deal."""

    number: _Word | None
    dealer: _Word


@dataclass(frozen=True, slots=True)
class _IrregularityLine:
    """`irregularity NAME`: the deal is cancelled."""

    name: _Word


@dataclass(frozen=True, slots=True)
class _TagLine:
    """A tag before the first deal (`game`, `param`, `seats`, ...), as Lark read it."""

    tree: lark.Tree


_Line = _ActionsLine | _HandLine | _CardsLine | _ScoreLine | _HeadLine | _IrregularityLine | _TagLine
"""What a line of a deal file says."""
_Found = tuple[int, str, _Line]
"""A line that is not blank: its number, its text and what it says."""


def _words(line: str) -> list[tuple[str, str, int]] | None:
    """(group, text, column) of each word of the line, ending with ("end", "", column); None when
    a character is no word of the quick reader."""
    out, pos = [], 0
    while True:
        found = _WORD.match(line, pos)
        if found is None:
            return None
        kind = found.lastgroup or "end"
        if kind == "end":
            out.append(("end", "", found.start(kind) + 1))
            return out
        out.append((kind, found.group(kind), found.start(kind) + 1))
        pos = found.end()


def _quick_actions(words: list[tuple[str, str, int]], keywords: frozenset[str], line: str) -> list[_Act] | None:
    """The actions of a line of actions, or None when the quick reader does not take it."""
    acts: list[_Act] = []
    i, comma_ok = 0, False
    while True:
        kind, text, column = words[i]
        if kind == "end":
            return acts or None
        if kind == "comma":
            if not comma_ok:
                return None
            comma_ok, i = False, i + 1
            continue
        seat = None
        if kind == "seat":
            seat = _Word("OUT_OF_TURN" if text.endswith("!:") else "SEAT", text, column)
            i += 1
            kind, text, column = words[i]
        start, args = column, []
        if kind == "card":
            act, args, i = "play", [_Word("CARD", text, column)], i + 1
        elif kind != "word" or text not in keywords:
            return None
        else:
            act, i = text, i + 1
            following = words[i]
            if act in _ONE_CARD or act in _TWO_CARDS:
                for _ in range(2 if act in _TWO_CARDS else 1):
                    if words[i][0] != "card":
                        return None
                    args.append(_Word("CARD", words[i][1], words[i][2]))
                    i += 1
            elif act in _SIMPLE_ACTIONS:
                pass
            elif act == "double":
                if following[0] == "int" and not following[1].startswith("-"):
                    args, i = [_Word("INT", following[1], following[2])], i + 1
            elif act in _ONE_NUMBER:
                if following[0] != "int" or following[1].startswith("-"):
                    return None
                args, i = [_Word("INT", following[1], following[2])], i + 1
            elif act == "bid":
                if following[0] == "int" and not following[1].startswith("-"):
                    args = [_Word("INT", following[1], following[2])]
                elif following[0] == "word" and following[1] not in keywords:
                    args = [_Word("NAME", following[1], following[2])]
                else:
                    return None
                i += 1
            elif act in ("choose", "declare"):
                if following[0] != "word" or following[1] in keywords:
                    return None
                args, i = [_Word("NAME", following[1], following[2])], i + 1
                kind, text, column = words[i]
                if kind == "suit" or kind == "rank" or (kind == "int" and text in _RANK_WORDS):
                    args.append(_Word("SUIT" if kind == "suit" else "RANK", text, column))
                    i += 1
            else:
                return None
        end = (args[-1].column + len(args[-1].text)) if args else start + len(act)
        acts.append(_Act(seat, act, tuple(args), seat.column if seat else start, line[start - 1:end - 1][:40]))
        comma_ok = True


def _tree_actions(tree: lark.Tree, line: str) -> list[_Act]:
    """The actions of a line of actions as Lark read it."""
    acts = []
    for node in tree.children:
        *seat_token, act = node.children  # (SEAT | OUT_OF_TURN)? act
        seat = _token(seat_token[0]) if seat_token else None
        args: list[_Word] = []
        for child in act.children:
            if isinstance(child, lark.Tree):  # a choice (the suit or rank named), a claim's bound
                for token in child.scan_values(lambda v: isinstance(v, lark.Token)):
                    args.append(_Word(token.type, " ".join(str(token).split()), token.column))
            else:
                args.append(_Word(child.type, str(child), child.column))
        acts.append(_Act(seat, act.data, tuple(args), node.meta.column,
                         line[act.meta.start_pos:act.meta.end_pos][:40]))
    return acts


@dataclass
class _DealMarks:
    """Where each part of one deal is written, and which of its actions name their seat: what the
    checks and the seats of its actions need (`Seats` for the replay). Held for one deal at a time."""

    reader: "_Reader"
    number: int
    dealer: int
    at: dict[str, SourcePosition] = field(default_factory=dict)
    """JSON path (`deals[0].actions[3]`, `deals[0].hands.2`) -> where it is written."""
    lines: dict[int, str] = field(default_factory=dict)
    """The deal's lines by number, for the excerpts of messages."""
    cards: list[tuple[str, str, SourcePosition]] = field(default_factory=list)
    """Every card written in the deal: (code, as written, where)."""
    seats: list[tuple[int, SourcePosition]] = field(default_factory=list)
    """Every seat written in the deal (from 0), checked against the table."""
    named: dict[int, str] = field(default_factory=dict)
    """action index -> "seat" or "out_of_turn" for an action whose seat is written."""
    written: dict[int, str] = field(default_factory=dict)
    """action index -> the action's words as written, for messages."""
    played: dict[str, int] = field(default_factory=dict)
    players: int = 0

    def error(self, where: SourcePosition, problem, hint=None) -> NotationError:
        return self.reader.error(where, problem, hint, self.lines.get(where.line))

    def settle(self, index: int, entry: dict, turn: int | None, previous: int | None, lost: bool = False) -> None:
        """Give an unnamed action the seat whose turn it is, and check a named one and the card
        played, as far as the judge will judge (up to the first thing it rules on)."""
        if not lost:
            self._check_played(index, entry["action"])
        named = self.named.get(index)
        if entry["seat"] is None:
            entry["seat"] = turn if turn is not None else _after(previous, self.dealer, self.players)
        elif named == "seat" and turn is not None and entry["seat"] != turn \
                and entry["action"].split()[0] not in ("claim", "concede"):  # any seat may claim, in turn or not
            seat = entry["seat"] + 1
            raise self.error(self.at[f"deals[{self.number}].actions[{index}]"],
                             Phrase("{action} is written for seat {seat}, but it is seat {turn}'s turn",
                                    action=self.written[index], seat=seat, turn=turn + 1),
                             Phrase("correct the seat or an earlier action; if seat {seat} really acted out of "
                                    "turn, write `{seat}!:` and the referee rules on it", seat=seat))

    def _check_played(self, index: int, action: str) -> None:
        kind, *words = action.split()
        if kind != "play":
            return
        here = f"deals[{self.number}].actions"
        if words[0] in self.played:
            first = self.at[f"{here}[{self.played[words[0]]}]"]
            raise self.error(self.at.get(f"{here}[{index}].card", self.at[f"{here}[{index}]"]),
                             Phrase("{card} is played a second time (first at line {line})",
                                    card=card_written(words[0]) or words[0], line=first.line),
                             Phrase("a card is played once in a deal: correct one of the two"))
        self.played[words[0]] = index


class _Reader:
    """A deal file read a line at a time: the tags first (`header`, the transcript's fields), then
    the deals one at a time (`deals`), each checked against the game as soon as it is whole. The
    limits on lines, deals and actions are checked as the lines are read, at the line that
    goes over one; nothing but the current deal is held."""

    def __init__(self, lines: Iterator[str], path: str) -> None:
        self.path = path
        self._lines = lines
        self._read_lines = 0  # the line being read
        self._ahead: _Found | None = None  # a line read but not yet used
        self._keywords = _keywords()
        self.data: dict = {"format": FORMAT}
        self.at: dict[str, SourcePosition] = {}
        self._tag_lines: dict[int, str] = {}
        self._tag_seats: list[tuple[int, SourcePosition]] = []
        self._tag_cards: list[tuple[str, str, SourcePosition]] = []
        self.deals_read = 0
        self.actions_read = 0
        self._read_tags()

    # -- lines ----------------------------------------------------------------------------------

    def error(self, where: SourcePosition, problem, hint=None, line: str | None = None,
              kind: type[NotationError] = NotationError, expected: str | None = None) -> NotationError:
        """An error at `where`, with the excerpt of its `line` (a tag's line when not given)."""
        if line is None:
            line = self._tag_lines.get(where.line)
        text = "\n" * (where.line - 1) + line if line is not None else None
        return kind(where, problem, text=text, hint=hint, expected=expected)

    def _next(self) -> _Found | None:
        """The next line that is not blank: (number, text, what it says), None at the end."""
        if self._ahead is not None:
            found, self._ahead = self._ahead, None
            return found
        for line in self._lines:
            self._read_lines += 1
            number = self._read_lines
            if number > LIMITS.deal_lines:
                raise self.error(SourcePosition(self.path, number, 1),
                                 Phrase("the file has more than {limit:,} lines; at most {limit:,} are read",
                                        limit=LIMITS.deal_lines), Phrase('split it into several transcripts'))
            if len(line) > LIMITS.deal_line_chars:
                raise self.error(SourcePosition(self.path, number, LIMITS.deal_line_chars + 1),
                                 Phrase("the line has {count:,} characters; a line may have at most {limit:,}",
                                        count=len(line), limit=LIMITS.deal_line_chars),
                                 Phrase("write one trick or one round of actions a line"), line[:LIMITS.deal_line_chars])
            if _BLANK_LINE.match(line):
                continue
            return number, line, self._read_line(number, line)
        return None

    def _read_line(self, number: int, line: str) -> _Line:
        """What a line says (`_Line`), read quickly where it is plain, else by Lark."""
        words = _words(line)
        if words is not None:
            first = words[0]
            quick: _Line | None = None
            if first[0] == "word" and first[1] in ("hand", "talon", "turned", "score", "deal", "irregularity"):
                quick = _quick_line(first[1], words)
            elif first[0] in ("seat", "card", "word"):
                acts = _quick_actions(words, self._keywords, line)
                quick = _ActionsLine(acts) if acts else None
            if quick is not None:
                return quick
        return self._lark_line(number, line)

    def _lark_line(self, number: int, line: str) -> _Line:
        parser = _parser()
        try:
            tree = parser.parse(line + "\n", start="line")
        except UnexpectedInput as error:
            # on demand: the rules language's messages only for a line that does not parse
            from .front.parser import syntax_error
            found = syntax_error(parser, error, line + "\n", self.path, terminals=_TERMINALS, found_names=_FOUND,
                                 kind=NotationSyntaxError, hint=_hint(error))
            raise self.error(SourcePosition(self.path, number, found.position.column), found.problem, found.hint, line,
                             kind=NotationSyntaxError, expected=found.expected) from None
        node = tree.children[0]
        assert isinstance(node, lark.Tree)  # the `line` rule is one of the lines below
        kids = node.children
        if node.data == "action_line":
            return _ActionsLine(_tree_actions(node, line))
        if node.data == "hand":
            return _HandLine(_token(kids[0]), [_token(c) for c in kids[1:]])
        if node.data in ("talon", "turned"):
            return _CardsLine(node.data, [_token(c) for c in kids])
        if node.data == "score_line":
            return _ScoreLine(_token(kids[0]), [_token(c) for c in kids[1:]])
        if node.data == "deal_head":
            return _HeadLine(_token(kids[0]) if len(kids) == 2 else None, _token(kids[-1]))
        if node.data == "irregularity":
            return _IrregularityLine(_token(kids[0]))
        return _TagLine(node)

    def _where(self, number: int, column: int) -> SourcePosition:
        return SourcePosition(self.path, number, column)

    # -- the tags ---------------------------------------------------------------------------------

    def _read_tags(self) -> None:
        tags = 0
        while True:
            found = self._next()
            if found is None:
                break
            number, line, said = found
            if not isinstance(said, _TagLine):
                self._ahead = found
                if not isinstance(said, _HeadLine):
                    raise self.error(self._where(number, 1), Phrase("this line comes before the first deal"),
                                     Phrase("begin each deal with its head: `deal 1 dealer 3`"), line)
                break
            tags += 1
            if tags > LIMITS.deal_tags:
                raise self.error(self._where(number, 1),
                                 Phrase("the file has more than {limit:,} lines of tags", limit=LIMITS.deal_tags),
                                 Phrase("a game has few parameters and a draw few rounds: remove the others"), line)
            self._tag_lines[number] = line
            self._read_tag(said.tree, number, line)

    def _number(self, token, line: str, number: int) -> int:
        if len(str(token)) > LIMITS.json_int_digits:
            raise self.error(self._where(number, token.column), Phrase("a number of {digits} digits", digits=len(str(token))),
                             Phrase("numbers have at most {limit} digits", limit=LIMITS.json_int_digits), line)
        return int(str(token))

    def _seat(self, token, line: str, number: int, seats: list | None = None) -> int:
        """A seat as written (counted from 1, perhaps with its colon) -> the transcript's (from 0)."""
        digits = str(token).rstrip(":").rstrip("!")
        seat = int(digits) - 1 if len(digits) <= 4 else LIMITS.players
        where = self._where(number, token.column)
        if seat < 0:
            raise self.error(where, Phrase("there is no seat {seat}", seat=digits),
                             Phrase("seats are counted from 1, in the direction of play"), line)
        if seat >= LIMITS.players:
            raise self.error(where, Phrase("there is no seat {seat}", seat=digits[:8]),
                             Phrase("a table has at most {limit} seats", limit=LIMITS.players), line)
        (self._tag_seats if seats is None else seats).append((seat, where))
        return seat

    def _read_tag(self, node: lark.Tree, number: int, line: str) -> None:
        data, tokens = self.data, [_token(t) for t in node.children]  # a tag's rule holds terminals only
        where = self._where(number, node.meta.column)
        key = _ONCE.get(node.data)
        if key is not None:
            if key in data or (key in ("game", "rules") and ("game" in data or "rules" in data)):
                raise self.error(where, Phrase("the tag {tag} is given twice", tag=key.replace("_", " ")),
                                 Phrase("keep one of them"), line)
            self.at[key] = where
        if node.data == "game_tag":
            data["game"] = str(tokens[0])
        elif node.data == "rules_tag":
            data["rules"] = _string(tokens[0])
        elif node.data == "param_tag":
            name, value = str(tokens[0]), tokens[1]
            parameters = data.setdefault("parameters", {})
            if name in parameters:
                raise self.error(where, Phrase("the parameter {name} is set twice", name=name),
                                 Phrase("keep one of them"), line)
            parameters[name] = (self._number(value, line, number) if value.type == "INT"
                                else _string(value) if value.type == "STRING" else str(value))
        elif node.data == "players_tag":
            data["players"] = self._number(tokens[0], line, number)
        elif node.data == "seats_tag":
            data["seats"] = [_string(t) for t in tokens]
        elif node.data == "seed_tag":
            data["seed"] = self._number(tokens[0], line, number)
        elif node.data == "draw_tag":
            rounds = data.setdefault("draw", [])
            drawn: dict[str, str] = {}
            for seat_token, card_token in zip(tokens[::2], tokens[1::2]):
                seat = self._seat(seat_token, line, number)
                if str(seat) in drawn:
                    raise self.error(self._where(number, seat_token.column),
                                     Phrase("seat {seat} draws twice in one round", seat=seat + 1),
                                     Phrase("write each round of the draw on a line of its own"), line)
                code = card_code(str(card_token))
                self._tag_cards.append((code, str(card_token), self._where(number, card_token.column)))
                drawn[str(seat)] = code
            rounds.append(drawn)
        elif node.data == "first_dealer_tag":
            data["first_dealer"] = self._seat(tokens[0], line, number)

    def check_tags(self, table) -> None:
        """The cards and seats of the tags, against the table of the game they name."""
        _check_cards(self, table, self._tag_cards, self._tag_seats)

    # -- the deals --------------------------------------------------------------------------------

    def deals(self, game, table, keep: list | None = None) -> Iterator[tuple[dict, _DealMarks]]:
        """Each deal as soon as it is read and checked against `game` (the pack, the seats, the
        hands' sizes), with the marks that settle its seats (`keep`: every deal is also put there)."""
        for deal, marks in self.records():
            _check_cards(marks, table, marks.cards, marks.seats)
            _check_deal(marks, game, table, marks.number, deal)
            marks.players = table.players
            if keep is not None:
                keep.append(deal)
            yield deal, marks

    def records(self) -> Iterator[tuple[dict, _DealMarks]]:
        """Each deal as it is read, before any check that needs the game."""
        while True:
            found = self._next()
            if found is None:
                return
            yield self._read_deal(found)

    def _read_deal(self, found: _Found) -> tuple[dict, _DealMarks]:
        number, line, said = found
        if isinstance(said, _TagLine):
            raise self.error(self._where(number, 1), Phrase("a tag comes after the first deal"),
                             Phrase("write the tags (game, param, players, seats, draw) before the first deal"), line)
        if not isinstance(said, _HeadLine):
            raise self.error(self._where(number, 1), Phrase("this line comes before the first deal"),
                             Phrase("begin each deal with its head: `deal 1 dealer 3`"), line)
        index = self.deals_read
        if index >= LIMITS.deals:
            raise self.error(self._where(number, 1),
                             Phrase("the file has more than {limit:,} deals; at most {limit:,} are judged",
                                    limit=LIMITS.deals), Phrase('split it into several transcripts'), line)
        self.deals_read += 1
        marks = _DealMarks(self, index, 0)
        marks.lines[number] = line
        here = f"deals[{index}]"
        written, dealer_token = said.number, said.dealer
        marks.at[here] = self._where(number, 1 + len(line) - len(line.lstrip(" \t\f\r\ufeff")))
        if written is not None and self._number(written, line, number) != index + 1:
            raise marks.error(self._where(number, written.column),
                              Phrase("this is deal {number}, not {written}", number=index + 1, written=str(written)[:8]),
                              Phrase("number the deals 1, 2, 3 ... in order, or leave the numbers out"))
        marks.dealer = self._seat(dealer_token, line, number, marks.seats)
        deal: dict = {"dealer": marks.dealer, "hands": {}}
        actions: list[dict] = []
        stage = 0  # 0: the cards dealt, 1: the actions, 2: the score sheet
        while True:
            ahead = self._next()
            if ahead is None:
                break
            number, line, said = ahead
            if isinstance(said, (_HeadLine, _TagLine)):
                if isinstance(said, _TagLine):
                    raise self.error(self._where(number, 1), Phrase("a tag comes after the first deal"),
                                     Phrase("write the tags (game, param, players, seats, draw) before the first deal"),
                                     line)
                self._ahead = ahead
                break
            marks.lines[number] = line
            where = self._where(number, 1 + len(line) - len(line.lstrip(" \t\f\r\ufeff")))
            if isinstance(said, _ActionsLine):
                if stage == 2:
                    raise marks.error(where, Phrase("an action comes after the score sheet"),
                                      Phrase("write the score lines after the deal's last action"))
                stage = 1
                for act in said.acts:
                    actions.append(self._action(marks, act, number, line, len(actions)))
                continue
            if isinstance(said, _ScoreLine):
                stage = 2
                name, totals = str(said.account), said.totals
                path = f"{here}.totals.{name}"
                if name in deal.setdefault("totals", {}):
                    raise marks.error(where, Phrase("the score of {account} is written twice", account=name),
                                      Phrase("write one line `score {account}: ...` per account", account=name))
                deal["totals"][name] = [self._signed(t, line, number) for t in totals]
                marks.at[path] = where
                continue
            if stage:
                raise marks.error(where, Phrase("the cards dealt are written after the actions"),
                                  Phrase("write the hands, the talon and the turned cards before the first action"))
            if isinstance(said, _HandLine):
                seat = self._seat(said.seat, line, number, marks.seats)
                key, path = str(seat), f"{here}.hands.{seat}"
                if key in deal["hands"]:
                    raise marks.error(where, Phrase("seat {seat} is dealt a second hand", seat=seat + 1),
                                      Phrase("write one line `hand {seat}: ...` per seat", seat=seat + 1))
                deal["hands"][key] = [self._card(marks, c, number) for c in said.cards]
            elif isinstance(said, _IrregularityLine):
                deal["irregularity"], path = str(said.name), f"{here}.irregularity"
            else:
                key = "talon" if said.part == "talon" else "upcard"
                path = f"{here}.{key}"
                if key in deal:
                    raise marks.error(where, Phrase("the {part} is written twice", part=said.part),
                                      Phrase("keep one of them"))
                deal[key] = [self._card(marks, c, number) for c in said.cards]
            marks.at[path] = where
        out = {"dealer": deal["dealer"], "hands": deal["hands"]}
        out.update((k, deal[k]) for k in ("talon", "upcard", "irregularity") if k in deal)
        out["actions"] = actions
        if "totals" in deal:
            out["totals"] = deal["totals"]
        return out, marks

    def _signed(self, token, line: str, number: int) -> int:
        """A total on the score sheet, perhaps below zero."""
        text = str(token)
        if text.startswith("-"):
            return -self._number(_Word("INT", text[1:], token.column + 1), line, number)
        return self._number(token, line, number)

    def _card(self, marks: _DealMarks, token, number: int) -> str:
        code = card_code(str(token))
        marks.cards.append((code, str(token), self._where(number, token.column)))
        return code

    def _action(self, marks: _DealMarks, act: _Act, number: int, line: str, index: int) -> dict:
        deal = marks.number
        if index >= LIMITS.actions:
            raise marks.error(self._where(number, act.column),
                              Phrase("deal {deal} has more than {limit:,} actions; no deal needs more",
                                     deal=deal + 1, limit=LIMITS.actions))
        self.actions_read += 1
        if self.actions_read > LIMITS.transcript_actions:
            raise marks.error(self._where(number, act.column),
                              Phrase("the file has more than {limit:,} actions; at most {limit:,} are judged",
                                     limit=LIMITS.transcript_actions), Phrase('split it into several transcripts'))
        path = f"deals[{deal}].actions[{index}]"
        marks.at[path] = self._where(number, act.column)
        seat = None
        if act.seat is not None:
            seat = self._seat(act.seat, line, number, marks.seats)
            marks.named[index] = "out_of_turn" if act.seat.type == "OUT_OF_TURN" else "seat"
        marks.written[index] = act.written
        kind, args = act.kind, act.args
        if kind in ("play", "give", "discard"):
            words = [self._card(marks, c, number) for c in args]
            marks.at.setdefault(f"{path}.card", self._where(number, args[0].column))
        elif kind in ("double", "redouble"):
            words = [str(self._seat(a, line, number, marks.seats)) for a in args]
        elif kind == "claim":  # the bound as a transcript writes it, then the cards of the stated line
            words = [self._card(marks, a, number) if a.type == "CARD" else a.text for a in args]
        elif kind == "draw":  # draw top|bottom CARD: the end of the stock, then the card turned up
            words = [args[0].text, self._card(marks, args[1], number)]
        elif kind in ("bid", "declare") and args and args[0].type == "BID":
            word = args[0].text
            words = ["10" + word[1:] if word.startswith("T") else word]
        elif kind in ("choose", "declare"):
            words = [args[0].text]
            if len(args) == 2:
                words.append(_SUIT_LETTER.get(args[1].text, args[1].text))
        else:  # bid, open, raise and the one-word actions
            words = [a.text for a in args]
        return {"seat": seat, "action": " ".join([kind, *words])}


def _hint(error: UnexpectedInput) -> Phrase | None:
    """What the notation's own slips call for (the rules language's hints cover the rest)."""
    token, expected = getattr(error, "token", None), getattr(error, "expected", None) or ()
    if token is not None and token.type in ("INT", "TOTAL") and "SEAT" in expected:
        return Phrase("a seat is written with a colon: {seat}:", seat=str(token)[:8])
    if token is not None and token.type == "_NL" and "CARD" in expected:
        return Phrase("write the cards on the same line")
    return None


def _token(token) -> _Word:
    return _Word(token.type, str(token), token.column)


def _quick_line(first: str, words: list[tuple[str, str, int]]) -> _Line | None:
    """A line of the cards dealt, a score line, a deal's head or an irregularity, read quickly;
    None when the quick reader does not take it."""
    kinds = [w[0] for w in words]
    if first == "hand":
        if len(words) < 3 or kinds[1] != "seat" or words[1][1].endswith("!:") or not all(k == "card" for k in kinds[2:-1]):
            return None
        return _HandLine(_Word("SEAT", words[1][1], words[1][2]), [_Word("CARD", t, c) for _k, t, c in words[2:-1]])
    if first in ("talon", "turned"):
        rest = words[2:-1] if len(words) > 2 and kinds[1] == "colon" else words[1:-1]
        if not all(w[0] == "card" for w in rest):
            return None
        return _CardsLine(first, [_Word("CARD", t, c) for _k, t, c in rest])
    if first == "score":
        if len(words) < 3 or kinds[1] != "word" or words[1][1] in _keywords():
            return None
        rest = words[3:-1] if kinds[2] == "colon" else words[2:-1]
        if not all(w[0] == "int" for w in rest):
            return None
        return _ScoreLine(_Word("NAME", words[1][1], words[1][2]), [_Word("TOTAL", t, c) for _k, t, c in rest])
    if first == "irregularity":
        if kinds[1:] != ["word", "end"] or words[1][1] in _keywords():
            return None
        return _IrregularityLine(_Word("NAME", words[1][1], words[1][2]))
    # deal INT? ","? dealer INT
    i, written = 1, None
    if kinds[i] == "int":
        written, i = _Word("INT", words[i][1], words[i][2]), i + 1
    if kinds[i] == "comma":
        i += 1
    if kinds[i:] != ["word", "int", "end"] or words[i][1] != "dealer" or words[i + 1][1].startswith("-") \
            or (written is not None and written.text.startswith("-")):
        return None
    return _HeadLine(written, _Word("INT", words[i + 1][1], words[i + 1][2]))


def _string(token) -> str:
    return json.loads(str(token))


_ONCE = {"game_tag": "game", "rules_tag": "rules", "players_tag": "players", "seats_tag": "seats",
         "seed_tag": "seed", "first_dealer_tag": "first_dealer"}


def _text_lines(text: str) -> Iterator[str]:
    """The lines of a text (a line ends at "\\n" only, as the grammar says), one at a time."""
    start = 0
    while start <= len(text):
        end = text.find("\n", start)
        if end < 0:
            if start < len(text):
                yield text[start:]
            return
        yield text[start:end]
        start = end + 1


def _file_lines(path: Path, shown: str) -> Iterator[str]:
    """The lines of a deal file read a megabyte at a time, checked to be UTF-8 as they are read."""
    pending, rest, done, first = b"", "", 0, True
    try:
        for chunk in read_chunks(path, LIMITS.transcript_bytes, "deal"):
            data = pending + chunk
            try:
                text, pending = data.decode("utf-8"), b""
            except UnicodeDecodeError as err:
                if err.reason != "unexpected end of data":
                    _not_utf8(shown, done, rest + data[:err.start].decode("utf-8"), data[err.start])
                text, pending = data[:err.start].decode("utf-8"), data[err.start:]
            if first:
                text, first = text.removeprefix("\ufeff"), False
            lines = (rest + text).split("\n")
            rest = lines.pop()
            done += len(lines)
            yield from lines
    except UnreadableFile as why:
        raise TranscriptError(shown, str(why)) from None
    if pending:
        _not_utf8(shown, done, rest, pending[0])
    if rest:
        yield rest


def _not_utf8(shown: str, done: int, before: str, byte: int):
    line = done + before.count("\n") + 1
    column = len(before) - (before.rfind("\n") + 1) + 1
    raise NotationError(SourcePosition(shown, line, column),
                        Phrase("the file is not UTF-8 text (byte {byte})", byte=f"0x{byte:02x}"),
                        hint=Phrase("save the deal as UTF-8"))


def _held(table, dealer: int, seat: int, size: int) -> int:
    """Cards a seat is dealt: `size`, or none for a dealer who sits out the deal."""
    # on demand: the game's model and mechanics only once a deal is read against its game
    from .mechanics.table.seating import playing_seats
    if table.in_deal == table.players:
        return size
    return size if seat in playing_seats(table.players, table.in_deal, dealer) else 0


def _after(seat: int | None, dealer: int, players: int) -> int:
    """The seat after `seat` (after the dealer for a deal's first action)."""
    return ((dealer if seat is None else seat) + 1) % players


# ---------------------------------------------------------------------------------------------
# The checks that need the game, and the seats it gives

def _game(reader: _Reader, base: Path | None, rules_file, settings: dict | None):
    # on demand: the game's model and mechanics only once a deal is read against its game
    from .model.cache import load_kept
    data = reader.data
    if "game" not in data and "rules" not in data:
        raise reader.error(SourcePosition(reader.path, 1, 1), Phrase("the deal names no game"),
                           Phrase('start the file with `game NAME` (see `referee games`) or `rules "FILE.rules"`'))
    where = reader.at["game"] if "game" in reader.at else reader.at["rules"]  # the tag naming it was read
    params = {k: str(v) for k, v in (data.get("parameters") or {}).items()}
    params.update(settings or {})
    try:
        return load_kept(rules_of(data, base, rules_file), params)
    except TranscriptError as err:
        raise reader.error(where, err.problem, err.hint) from None
    except UsageError as err:
        raise reader.error(where, str(err)) from None


def _check_cards(marks, table, cards, seats) -> None:
    for code, written, where in cards:
        if table.card_id(code) is None:
            raise marks.error(where, Phrase("{card} is not a card of this game's pack", card=written[:12]),
                              Phrase("the pack has the ranks {ranks} in the suits {suits}; write a card "
                                     "as rank and suit: 4♣, 10♥, Q♠ (or 4C, TH, QS)",
                                     ranks=" ".join(table.rank_codes),
                                     suits=" ".join(_SUIT_SYMBOL.get(s, s) for s in table.suit_codes)))
    for seat, where in seats:
        if seat >= table.players:
            raise marks.error(where, Phrase("there is no seat {seat} at a table of {players}",
                                            seat=seat + 1, players=table.players),
                              Phrase("seats are counted from 1, in the direction of play"))


def _check_deal(marks: _DealMarks, game, table, number: int, deal: dict) -> None:
    # on demand: the game's model and mechanics only once a deal is read against its game
    from .model.checks import hand_size
    here, size = f"deals[{number}]", hand_size(game, table.players)
    if "irregularity" not in deal:  # a cancelled deal records the cards as they were misdealt
        for seat in range(table.players):
            cards, held = deal["hands"].get(str(seat)), _held(table, deal["dealer"], seat, size)
            if cards is None and held == 0:  # a dealer who sits out may be left out
                continue
            if cards is None:
                raise marks.error(marks.at[here], Phrase("deal {deal} gives no hand to seat {seat}",
                                                         deal=number + 1, seat=seat + 1),
                                  Phrase("write `hand {seat}: ...` with its {size} cards", seat=seat + 1, size=size))
            if len(cards) != held:
                raise marks.error(marks.at[f"{here}.hands.{seat}"],
                                  Phrase("seat {seat} is dealt {count} cards, not {size}",
                                         seat=seat + 1, count=len(cards), size=held),
                                  Phrase("every player is dealt {size} cards: look for a card left out or "
                                         "written twice", size=size) if held
                                  else Phrase("the dealer sits out this deal and is dealt no cards"))
        for part, tag in (("talon", "talon"), ("upcard", "turned")):
            wanted = sum(p.count for p in game.table.deal.value if p.kind.value == part)
            if len(deal.get(part, [])) != wanted:
                raise marks.error(marks.at.get(f"{here}.{part}", marks.at[here]),
                                  Phrase("the {part} holds {count} cards, not {size}", part=tag,
                                         count=len(deal.get(part, [])), size=wanted),
                                  Phrase("write `{part}: ...` with {size} cards", part=tag, size=wanted)
                                  if wanted else Phrase("this game lays no such cards: leave the line out"))


# ---------------------------------------------------------------------------------------------
# A deal file judged as it is read, or read whole into a transcript

def _open(lines: Iterator[str], path: str, base: Path | None, rules_file, settings: dict | None,
          strict: bool = True):
    """The reader with its tags read, the game they name, and a replay of it (`strict`: the judge's)."""
    # on demand: the replay and the interpreter only when deals are written or read
    from .replay import Replay
    reader = _Reader(lines, path)
    game = _game(reader, base, rules_file, settings)
    header = reader.data
    validate_transcript({**header, "deals": []})
    try:
        replay = Replay(game, header, strict=strict)
    except TranscriptError as err:
        raise reader.error(reader.at.get("players", SourcePosition(path, 1, 1)), err.problem) from None
    reader.check_tags(replay.table)
    return reader, game, replay


def _settled(deals: Iterator[tuple[dict, _DealMarks]],
             read: list[_DealMarks] | None = None) -> Iterator[tuple[dict, _DealMarks]]:
    for deal, marks in deals:
        if read is not None:
            read[:] = [marks]
        yield deal, marks
        validate_deal(deal, marks.number)  # its seats all settled now


def open_deal_path(path: str | Path, *, rules_file: str | Path | None = None, settings: dict | None = None):
    """A `.deal` file opened for a walk: its replay (strict, as the judge's) and its deals as they
    are read, each with what settles its open seats (`Replay.walk` takes both)."""
    path = Path(path)
    reader, game, replay = _open(_file_lines(path, str(path)), str(path), path.parent, rules_file, settings)
    # on demand: the replay and the interpreter only when deals are written or read
    from .replay import shown_rules
    replay.judgement.rules_shown = shown_rules(reader.data, rules_file)
    return replay, _settled(reader.deals(game, replay.table))


def judge_deal_text(text: str, path: str = "<string>", *, base: Path | None = None,
                    rules_file: str | Path | None = None, settings: dict[str, str] | None = None) -> Judgement:
    """Judge a deal file's text as it is read (see `judge_deal_path`)."""
    return _judge(_text_lines(text), path, base, rules_file, settings)


def judge_deal_path(path: str | Path, *, rules_file: str | Path | None = None,
                    settings: dict[str, str] | None = None) -> Judgement:
    """Judge a `.deal` file as it is read: one replay gives each action its seat and rules on it,
    and reading stops at the first verdict against the deal; memory holds one deal."""
    path = Path(path)
    return _judge(_file_lines(path, str(path)), str(path), path.parent, rules_file, settings)


def _judge(lines: Iterator[str], path: str, base: Path | None, rules_file: str | Path | None,
           settings: dict[str, str] | None) -> Judgement:
    # on demand: the replay and the interpreter only when deals are written or read
    from .interpreter import unsupported_mechanics
    reader, game, replay = _open(lines, path, base, rules_file, settings)
    missing = unsupported_mechanics(game)
    if missing:
        raise TranscriptError("transcript.parameters" if reader.data.get("parameters") else
                              ("transcript.game" if "game" in reader.data else "transcript.rules"),
                              Phrase("this referee cannot run {mechanics} yet", mechanics=", ".join(missing)))
    # on demand: the replay and the interpreter only when deals are written or read
    from .replay import shown_rules
    replay.judgement.rules_shown = shown_rules(reader.data, rules_file)
    read: list[_DealMarks] = []  # the marks of the deal being judged
    try:
        return replay.run(_settled(reader.deals(game, replay.table), read))
    except TranscriptError as err:  # an action the judge cannot use (a claim it cannot rule on): at its line
        where = err.where.removeprefix("transcript.").removesuffix(".action")
        if read and where in read[-1].at:
            raise read[-1].error(read[-1].at[where], err.problem, err.hint) from None
        raise


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
    return _read(_text_lines(text), path, base, rules_file, settings)


def _read(lines: Iterator[str], path: str, base: Path | None, rules_file: str | Path | None,
          settings: dict | None):
    """The whole transcript: the replay follows the deals to give each action its seat, and goes
    on past a verdict (each later action by the seat after the one before) to read every deal."""
    reader, game, replay = _open(lines, path, base, rules_file, settings, strict=False)
    deals: list[dict] = []
    replay.run(_settled(reader.deals(game, replay.table, keep=deals)), follow=True)
    return {**reader.data, "deals": deals}, game


def replay_deal_path(path: str | Path, until: tuple[int, int] | None, *, rules_file: str | Path | None = None,
                     settings: dict | None = None):
    """A `.deal` file read and judged up to `until` (deal and action index from 0, as `Replay.run`
    takes it; None: to the end) in one replay, which also settles the seats the file leaves open:
    the game is loaded once, the deals are replayed once. The score sheets written after the
    deals are not checked (a question of `judge`: a wrong total must not hide whose turn it is).

    Returns the transcript as read (every deal up to the position, and on to the end when the
    replay goes there) and the judgement holding the state at the position."""
    path = Path(path)
    reader, game, replay = _open(_file_lines(path, str(path)), str(path), path.parent, rules_file, settings)
    # on demand: the replay and the interpreter only when deals are written or read
    from .replay import shown_rules
    replay.judgement.rules_shown = shown_rules(reader.data, rules_file)
    deals: list[dict] = []

    def without_sheets():
        for deal, marks in _settled(reader.deals(game, replay.table, keep=deals)):
            yield {k: v for k, v in deal.items() if k != "totals"}, marks
    judgement = replay.run(without_sheets(), until=until, follow=True)
    return {**reader.data, "deals": deals}, judgement


def read_deal_path(path: str | Path, *, rules_file: str | Path | None = None, settings: dict | None = None) -> dict:
    """Read a `.deal` file within the limits of `referee.limits` (see `read_deal_text`)."""
    return read_deal_path_and_game(path, rules_file=rules_file, settings=settings)[0]


def read_deal_path_and_game(path: str | Path, *, rules_file: str | Path | None = None,
                            settings: dict | None = None):
    """`read_deal_path`, with the game it was read under (see `read_deal_and_game`)."""
    path = Path(path)
    return _read(_file_lines(path, str(path)), str(path), path.parent, rules_file, settings)


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
    if kind == "draw" and len(args) == 2 and args[0] in ("top", "bottom"):
        return f"draw {args[0]} {_card_text(args[1])}"
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
    if kind in ("claim", "concede") and args:
        bound = " ".join(args[:3] if args[:3] == ["points", "at", "most"] else args[:2] if args[:2] == ["at", "most"]
                         else args[:1] if args[:1] == ["points"] else ())
        rest = args[len(bound.split()):] if bound else args
        if not rest or not (rest[0] == "rest" or _NUMBER.fullmatch(rest[0])) or (bound and rest[0] == "rest") \
                or (kind == "concede" and (bound or len(rest) > 1)):
            raise _Unwritable(text)
        line = f"({' '.join(map(_card_text, rest[1:]))})" if rest[1:] else ""
        return " ".join([kind, *bound.split(), rest[0], *([line] if line else [])])
    if kind in _SIMPLE_ACTIONS and not args:
        return kind
    if kind == "defend" and list(args) in (["half"], ["openly"], ["closed"]):
        return f"defend {args[0]}"
    return _fail(text)


def _fail(text):
    raise _Unwritable(text)


def write_deal(data: dict, game=None, *, base: Path | None = None) -> str:
    """A transcript in the deal notation (`game`, the rules it is played under, is loaded from the
    transcript when not given). Reading the text back gives the same transcript."""
    # on demand: the parser and builder only when no game is given
    from .model import load_game
    if game is None:
        game = load_game(rules_of(data, base), {k: str(v) for k, v in (data.get("parameters") or {}).items()})
    lines: list[str] = [f"# {game.title}"]
    where = "transcript"
    try:
        lines += _header(data)
        # on demand: the replay and the interpreter only when deals are written or read
        from .replay import Replay
        replay = Replay(game, {k: v for k, v in data.items() if k != "deals"}, strict=False)
        for number, deal in enumerate(data["deals"]):
            where = f"transcript.deals[{number}]"
            lines += ["", *_deal_lines(deal, number, replay, number + 1 < len(data["deals"]))]
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


def _deal_lines(deal: dict, number: int, replay, more: bool) -> list[str]:
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
    for index, action in enumerate(deal["actions"]):
        seat, turn = action["seat"], replay.turn()
        again = any(s == seat for s, _, _ in line)
        # A new line for each round: when a seat comes round again, or after one seat's run of
        # actions (the cards one player passes); once the referee has lost track, at any repeat.
        if line and ((seat != previous and (run > 1 or again)) or (turn is None and again)):
            lines.append(_line(line))
            line = []
        expected = turn if turn is not None else _after(previous, deal["dealer"], players)
        claim = action["action"].split()[0] in ("claim", "concede")  # any seat may claim: never out of turn
        mark = "!:" if turn is not None and seat != turn and not claim else ":" if seat != expected or not line else ""
        written = _action_text(action["action"])
        line.append((seat, f"{_seat_text(seat)}{mark} {written}" if mark else written,
                     action["action"].startswith("play ")))
        run = run + 1 if seat == previous and len(line) > 1 else 1
        stage = replay.stage()
        replay.act(index, seat, action["action"])
        if replay.stage() != stage:  # a trick or a phase is over
            lines.append(_line(line))
            line = []
        previous = seat
    if line:
        lines.append(_line(line))
    replay.end(deal, more)
    for name, totals in deal.get("totals", {}).items():
        lines.append(" ".join([f"score {_name(name)}:", *(_number_text(total, signed=True) for total in totals)]))
    return lines


def _line(actions: list[tuple[int, str, bool]]) -> str:
    """Cards played are separated by spaces (`4: 4♦ Q♦ 10♦ A♦`), other actions by commas."""
    plays_only = all(play for _, _, play in actions)
    return (" " if plays_only else ", ").join(written for _, written, _ in actions)
