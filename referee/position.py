"""A position as one line of text, like chess's FEN beside PGN: a one-position form of the deal
notation, written by `Deal.position()` (`referee.engine.start`) and read back by `from_position`.

A position names the game and its readings, the deal (its number in the match and its dealer),
the cards dealt, what the match had written before the deal that the deal reads (the contracts
each seat has chosen, the chips, the multipliers held, the doublings counted, a pot carried
over, the deals everybody passed in a row just before), and the actions taken since, in order. Parts are separated by ``;``; seats are counted
from 1, cards written as the referee prints them or in ASCII (``4♣`` or ``4C``)::

    game GAME; players N; deal D dealer S; hand 1: CARDS; ...; actions: ACTION, ACTION

Reading one back replays its actions through the referee, each ruled on as `Deal.play` rules:
an action the rules forbid is refused with its column and the verdict. The text is untrusted
input: its length is bounded before it is read (`referee.limits`), every number is bounded, and
a text that is no position gets an error with ``<position>:1:COLUMN``, a caret and a hint.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from .engine.start import DealStart
from .errors import Phrase, PositionError, SourcePosition, Term, TranscriptError, UsageError
from .i18n import N_
from .interpreter import Deal, Match, Table
from .limits import LIMITS
from .mechanics.table.rules import PacketKind
from .mechanics.table.seating import SeatedDeal
from .model.cache import load_kept, shipped_game
from .model.checks import hand_size
from .model.game import Game

__all__ = ["from_position"]

_WHERE = "<position>"
_NUMBER = re.compile(r"[0-9]{1,9}")
_SIGNED = re.compile(r"-?[0-9]{1,12}")
_NAME = re.compile(r"[a-z][a-z0-9_]{0,99}")
_PARAM = re.compile(r"([a-z][a-z0-9_]{0,99})=(\S{1,100})")
_PARTS = ("game", "players", "param", "deal", "hand", "talon", "turned", "contract", "chosen", "chips", "held",
          "written", "carry", "doubled", "passed", "actions")
_PARTS_HINT = N_("a position is parts separated by `;`: game, players, param, deal, hand, talon, turned, "
                 "contract, chosen, chips, held, written, carry, doubled, passed, actions (see `Deal.position()`)")


# -- reading --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Word:
    text: str
    column: int
    """1-based column of the word in the whole position."""


class _Text:
    """The position's text, for errors at a column with a caret and a hint."""

    def __init__(self, text: str) -> None:
        self.text = text

    def error(self, column: int, problem: str | Phrase, hint: str | Phrase | None = None) -> PositionError:
        return PositionError(SourcePosition(_WHERE, 1, column), problem, text=self.text, hint=hint)


def _parts(text: str) -> Iterator[list[_Word]]:
    """Each part's words, with their columns."""
    column = 1
    for part in text.split(";"):
        words = [_Word(m.group(), column + m.start()) for m in re.finditer(r"[^\s,]+|,", part)]
        if words and words[0].text.endswith(":") and len(words[0].text) > 1:  # `talon:`: the word, then its colon
            first = words[0]
            words[:1] = [_Word(first.text[:-1], first.column), _Word(":", first.column + len(first.text) - 1)]
        if words:
            yield words
        column += len(part) + 1


def from_position(text: str, game: Game | None = None) -> Deal | SeatedDeal:
    """The deal at the position `text` (as `Deal.position()` writes it): its game loaded under
    the readings it names (a shipped game, or `game` when given: its name must be the one the
    position names), the cards dealt, and the actions replayed, each ruled on.

    A text that is no position, or an action the rules forbid, is a `PositionError` at
    ``<position>:1:COLUMN`` with the text, a caret and a hint."""
    if not isinstance(text, str):
        raise UsageError(Phrase("a position is text, not {value}", value=type(text).__name__))
    if len(text) > LIMITS.position_chars:
        raise PositionError(SourcePosition(_WHERE, 1, LIMITS.position_chars + 1),
                            Phrase("the position is {count} characters long; a position may have at most {limit}",
                                   count=len(text), limit=LIMITS.position_chars))
    if "\n" in text or "\r" in text:
        raise _Text(text.splitlines()[0]).error(len(text.splitlines()[0]) + 1,
                                                Phrase("a position is one line of text"))
    return _Reader(_Text(text), game).read()


class _Reader:
    def __init__(self, text: _Text, game: Game | None) -> None:
        self.text, self.given = text, game
        self.parts: dict[str, list[list[_Word]]] = {}

    def error(self, word: _Word, problem: str | Phrase, hint: str | Phrase | None = None) -> PositionError:
        return self.text.error(word.column, problem, hint)

    def number(self, word: _Word | None, at: _Word, pattern: re.Pattern[str] = _NUMBER) -> int:
        if word is None or not pattern.fullmatch(word.text):
            shown = word if word is not None else at
            raise self.error(shown, Phrase("expected a whole number here, not {word}",
                                           word=repr(word.text[:20]) if word is not None else "…"))
        return int(word.text)

    def read(self) -> Deal | SeatedDeal:
        for words in _parts(self.text.text):
            key = words[0]
            if key.text not in _PARTS:
                raise self.error(key, Phrase("{word} is not a part of a position", word=repr(key.text[:20])),
                                 Phrase(_PARTS_HINT))
            self.parts.setdefault(key.text, []).append(words)
        game = self._game()
        players = self._players(game)
        try:
            match = Match(game, players)
        except UsageError as err:
            raise self.error(self.parts["players"][0][1] if players is not None else self.parts["game"][0][1],
                             err.args[0]) from None
        table = match.table
        deal_words = self._one("deal", Phrase("the position gives no deal"), Phrase("write `deal NUMBER dealer SEAT`"))
        if len(deal_words) != 4 or deal_words[2].text != "dealer":
            raise self.error(deal_words[0], Phrase("expected `deal NUMBER dealer SEAT`"))
        number = self.number(deal_words[1], deal_words[0])
        if number < 1:
            raise self.error(deal_words[1], Phrase("deals are counted from 1"))
        dealer = self._seat(deal_words[3], table.players)
        match.dealer = dealer
        seats = match.playing_seats or tuple(range(table.players))
        local = {seat: i for i, seat in enumerate(seats)}
        seen: set[int] = set()
        size = hand_size(game, len(seats))
        hands: list[list[int] | None] = [None] * len(seats)
        for words in self.parts.get("hand", []):
            if len(words) < 2 or not words[1].text.endswith(":"):
                raise self.error(words[0], Phrase("expected `hand SEAT: CARDS`"))
            seat = self._seat(_Word(words[1].text[:-1], words[1].column), table.players)
            if seat not in local:
                raise self.error(words[1], Phrase("the dealer sits out this deal and is dealt no cards"))
            if hands[local[seat]] is not None:
                raise self.error(words[0], Phrase("{word} is written twice", word=f"hand {seat + 1}"))
            cards = self._cards(words[2:], table, seen)
            if len(cards) != size:
                raise self.error(words[0], Phrase("seat {seat} is dealt {count} cards, not {size}",
                                                  seat=seat + 1, count=len(cards), size=size))
            hands[local[seat]] = cards
        dealt: list[tuple[int, ...]] = []
        for i, held in enumerate(hands):
            if held is None:
                raise self.error(deal_words[0], Phrase("deal {deal} gives no hand to seat {seat}",
                                                       deal=number, seat=seats[i] + 1),
                                 Phrase("write `hand {seat}: ...` with its {size} cards", seat=seats[i] + 1, size=size))
            dealt.append(tuple(held))
        laid: dict[str, tuple[int, ...]] = {}
        packets = game.table.deal.value if game.table.deal is not None else ()
        for part, kind in (("talon", PacketKind.TALON), ("turned", PacketKind.UPCARD)):
            found = self.parts.get(part, [])
            if len(found) > 1:
                raise self.error(found[1][0], Phrase("{word} is written twice", word=part))
            cards = self._cards(found[0][1:] if found else [], table, seen, colon=True)
            wanted = sum(packet.count for packet in packets if packet.kind is kind)
            if len(cards) != wanted:
                raise self.error(found[0][0] if found else deal_words[0],
                                 Phrase("the {part} holds {count} cards, not {size}", part=part, count=len(cards),
                                        size=wanted),
                                 Phrase("write `{part}: ...` with {size} cards", part=part, size=wanted)
                                 if wanted else Phrase("this game lays no such cards: leave the line out"))
            laid[part] = tuple(cards)
        chips, held_multipliers, written = self._lists(match, table.players, local)
        start = DealStart(self._deal_dealer(match, dealer), tuple(dealt), laid["talon"], laid["turned"],
                          self._contract(game), self._chosen(game, table.players, local),
                          held=held_multipliers, written=written, chips=chips, carry=self._carry(),
                          number=number - 1, doubles=self._doubles(table.players, local),
                          passed_before=self._passed(number - 1))
        deal = Deal.from_start(table.for_deal(), start, contracts=match.contracts, auction=match.auction,
                               vying=match.vying)
        shown: Deal | SeatedDeal = deal
        if match.playing_seats:
            assert game.table.players is not None, "a dealer sits out only where `players` says so"
            shown = SeatedDeal(deal, table, seats, dealer, game.table.players.clause)
        self._play(shown)
        return shown

    # -- the parts ------------------------------------------------------------------------------

    def _one(self, key: str, missing: Phrase, hint: Phrase) -> list[_Word]:
        found = self.parts.get(key)
        if not found:
            raise self.text.error(1, missing, hint)
        if len(found) > 1:
            raise self.error(found[1][0], Phrase("{word} is written twice", word=key))
        return found[0]

    def _game(self) -> Game:
        words = self._one("game", Phrase("the position names no game"),
                          Phrase("start it with `game NAME` (see `referee games`)"))
        if len(words) != 2 or not _NAME.fullmatch(words[1].text):
            raise self.error(words[0], Phrase("expected `game NAME`"),
                             Phrase("start it with `game NAME` (see `referee games`)"))
        name = words[1]
        params: dict[str, str] = {}
        for part in self.parts.get("param", []):
            for word in part[1:]:
                found = _PARAM.fullmatch(word.text)
                if not found:
                    raise self.error(word, Phrase("expected NAME=VALUE, not {word}", word=repr(word.text[:20])))
                params[found.group(1)] = found.group(2)
        given = self.given
        if given is not None:
            if given.id != name.text:
                raise self.error(name, Phrase("the position is of {name}, not of the game given ({game})",
                                              name=name.text, game=given.id))
            if all(str(given.settings.get(k)) == v for k, v in params.items()):
                return given
            path = given.path
        else:
            found_path = shipped_game(name.text)
            if found_path is None:
                raise self.error(name, Phrase("{name} is not a game shipped with the referee", name=name.text),
                                 Phrase("`referee games` lists them; for another rules file, give its game: "
                                        "from_position(text, game=load_game(FILE))"))
            path = str(found_path)
        try:
            loaded: Game = load_kept(path, {**({} if given is None else {k: str(v) for k, v in given.settings.items()}),
                                            **params})
        except (UsageError, TranscriptError) as err:
            where = self.parts["param"][0][0] if params else name
            raise self.error(where, err.args[0]) from None
        return loaded

    def _players(self, game: Game) -> int | None:
        found = self.parts.get("players")
        if not found:
            return None
        words = found[0]
        players = self.number(words[1] if len(words) > 1 else None, words[0])
        if len(found) > 1 or len(words) != 2:
            raise self.error(words[0], Phrase("expected `players N`"))
        if players > LIMITS.players:
            raise self.error(words[1], Phrase("there is no seat {seat} at a table of {players}", seat=players,
                                              players=LIMITS.players))
        return players

    def _seat(self, word: _Word, players: int) -> int:
        seat = self.number(word, word)
        if not 1 <= seat <= players:
            raise self.error(word, Phrase("there is no seat {seat} at a table of {players}", seat=seat,
                                          players=players),
                             Phrase("seats are counted from 1, in the direction of play"))
        return seat - 1

    def _cards(self, words: list[_Word], table: Table, seen: set[int], colon: bool = False) -> list[int]:
        if colon and words and words[0].text == ":":
            words = words[1:]
        cards = []
        for word in words:
            code = word.text
            for letter, symbol in (("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠")):
                code = code.replace(symbol, letter)
            code = "10" + code[1:] if code[:1] == "T" else code
            card = table.card_id(code)
            if card is None:
                raise self.error(word, Phrase("{card} is not a card of this game's pack", card=word.text[:12]),
                                 Phrase("the pack has the ranks {ranks} in the suits {suits}; write a card "
                                        "as rank and suit: 4♣, 10♥, Q♠ (or 4C, TH, QS)",
                                        ranks=" ".join(table.rank_codes), suits=" ".join(table.suit_codes)))
            if card in seen:
                raise self.error(word, Phrase("Misdeal: {card} was dealt twice.", card=word.text))
            seen.add(card)
            cards.append(card)
        return cards

    def _deal_dealer(self, match: Match, dealer: int) -> int:
        # The deal's own dealer: the table's, or (a dealer who sits out) the last seat of the deal.
        return match.table.in_deal - 1 if match.playing_seats else dealer

    def _contract(self, game: Game) -> str | None:
        found = self.parts.get("contract")
        if not found:
            return None
        words = found[0]
        if len(found) > 1 or len(words) != 2 or words[1].text not in game.contracts:
            raise self.error(words[0], Phrase("expected `contract NAME`, a contract of {title}: {contracts}",
                                              title=Term(game.title), contracts=", ".join(game.contracts)))
        return words[1].text

    def _chosen(self, game: Game, players: int, local: dict[int, int]) -> tuple[frozenset[str], ...]:
        chosen: list[frozenset[str]] = [frozenset()] * len(local)
        for words in self.parts.get("chosen", []):
            if len(words) < 2 or not words[1].text.endswith(":"):
                raise self.error(words[0], Phrase("expected `chosen SEAT: CONTRACTS`"))
            seat = self._seat(_Word(words[1].text[:-1], words[1].column), players)
            if seat not in local:
                raise self.error(words[1], Phrase("the dealer sits out this deal and is dealt no cards"))
            for word in words[2:]:
                if word.text not in game.contracts:
                    raise self.error(word, Phrase("expected `contract NAME`, a contract of {title}: {contracts}",
                                                  title=Term(game.title), contracts=", ".join(game.contracts)))
            chosen[local[seat]] = frozenset(w.text for w in words[2:])
        return tuple(chosen) if any(chosen) else ()

    def _lists(self, match: Match, players: int, local: dict[int, int]) -> tuple[
            tuple[int, ...] | None, tuple[int, ...] | None, tuple[int, ...] | None]:
        """The chips (a vying game), and the multipliers held and written (an auction game that
        counts them): each one value per seat, `-` for a dealer who sits out."""
        out: list[tuple[int, ...] | None] = []
        wants = {"chips": match.vying is not None,
                 "held": match.auction is not None and match.auction.model.multiplier is not None,
                 "written": match.auction is not None and match.auction.model.multiplier is not None}
        for word in ("chips", "held", "written"):
            found = self.parts.get(word)
            if not wants[word]:
                if found:
                    raise self.error(found[0][0], Phrase("{title} keeps no {word} for a position to give",
                                                         title=Term(match.game.title), word=word))
                out.append(None)
                continue
            if not found:
                raise self.text.error(1, Phrase("the position gives no {word}", word=word),
                                      Phrase("write `{word}: ...` with one number per seat", word=word))
            words = found[0]
            values = [w for w in words[1:] if w.text != ":"]
            if len(found) > 1 or len(values) != players:
                raise self.error(words[0], Phrase("{word} gives {count} values, one per seat is needed ({players})",
                                                  word=word, count=len(values), players=players))
            per_deal = [0] * len(local)
            for seat, value in enumerate(values):
                if seat in local:
                    per_deal[local[seat]] = self.number(value, words[0], _SIGNED)
                elif value.text != "-":
                    raise self.error(value, Phrase("the dealer sits out this deal and is dealt no cards"))
            out.append(tuple(per_deal))
        chips, held, written = out
        return chips, held, written

    def _passed(self, before: int) -> int:
        """`passed N`: the deals everybody passed in a row right before this one, of the
        `before` deals played."""
        found = self.parts.get("passed")
        if not found:
            return 0
        words = found[0]
        passed = self.number(words[1] if len(words) > 1 else None, words[0])
        if passed > before:
            raise self.error(words[1], Phrase("only {before} deals were played before this one", before=before),
                             Phrase("write at most `passed {before}`", before=before))
        return passed

    def _carry(self) -> int:
        found = self.parts.get("carry")
        if not found:
            return 0
        words = found[0]
        return self.number(words[1] if len(words) > 1 else None, words[0])

    def _doubles(self, players: int, local: dict[int, int]) -> tuple[tuple[tuple[int, int], int], ...]:
        out = {}
        for words in self.parts.get("doubled", []):
            if len(words) != 5 or words[2].text != "by" or not words[3].text.endswith(":"):
                raise self.error(words[0], Phrase("expected `doubled DEALER by PLAYER: TIMES`"))
            by_dealer = self._seat(words[1], players)
            player = self._seat(_Word(words[3].text[:-1], words[3].column), players)
            if by_dealer not in local or player not in local:
                raise self.error(words[1], Phrase("the dealer sits out this deal and is dealt no cards"))
            out[(local[by_dealer], local[player])] = self.number(words[4], words[0])
        return tuple(sorted(out.items()))

    def _play(self, deal: Deal | SeatedDeal) -> None:
        found = self.parts.get("actions")
        if not found:
            return
        if len(found) > 1:
            raise self.error(found[1][0], Phrase("{word} is written twice", word="actions"))
        words = found[0][1:]
        if words and words[0].text == ":":
            words = words[1:]
        groups: list[list[_Word]] = [[]]
        for word in words:
            if word.text == ",":
                groups.append([])
            else:
                groups[-1].append(word)
        if len(groups) > LIMITS.actions:
            raise self.error(found[0][0], Phrase("the deal has more than {limit} actions", limit=LIMITS.actions))
        for group in groups:
            if not group:
                raise self.error(found[0][0], Phrase("an action is missing between two commas"))
            text = " ".join(w.text for w in group)
            try:
                verdict = deal.play(text)
            except UsageError as err:
                raise self.error(group[0], err.args[0]) from None
            if not verdict.legal:
                raise self.error(group[0], Phrase("{action} cannot be played here: {verdict}", action=text,
                                                  verdict=verdict.describe(deal.game)))
