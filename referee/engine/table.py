"""The table for one match: seats in turn order and the pack compiled to small integers.

Seats are numbered 0..n-1 in the direction of play, so "the next player" is always seat + 1;
`left` and `right` are mapped through the game's direction. Cards become integer IDs
(suit-major, rank-minor) so that simulation loops compare ints, not objects.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from ..errors import Phrase, UsageError
from ..mechanics.table.rules import PlayDirection, Side
from ..model.cards import Card, CardSet
from ..model.game import Game
from . import moves
from .moves import BLIND, CALL, DEFEND, DEFEND_CLOSED, DEFEND_OPEN, DOUBLE, FOLD, HALF_DEFEND, PASS, WITHDRAW, MoveKind

__all__ = ["Table", "Action"]

# The sides as module names (asked every deal): a member looked up on its enum class costs
# several times as much (Python 3.11's EnumType.__getattr__).
_OPPOSITE, _NEXT, _LEFT = Side.OPPOSITE, Side.NEXT, Side.LEFT
_WORDS = {PASS: "pass", DEFEND: "defend", DOUBLE: "double", CALL: "call", FOLD: "fold", BLIND: "blind",
          WITHDRAW: "withdraw"}
"""The written word of each single-word move."""
_WORD_MOVES = {"call": CALL, "fold": FOLD, "blind": BLIND, "withdraw": WITHDRAW}
_DEFEND_ARGS = {HALF_DEFEND: "half", DEFEND_OPEN: "openly", DEFEND_CLOSED: "closed"}
"""The word after `defend` of each move that has one."""
_DEFEND_MOVES = {word: move for move, word in _DEFEND_ARGS.items()}

# The words of actions, with how many arguments each takes.
_ACTION_WORDS = {"pass": (0,), "defend": (0, 1), "double": (0, 1), "redouble": (1,), "call": (0,), "fold": (0,), "blind": (0,), "withdraw": (0,),
                 "play": (1,), "give": (1,), "choose": (1, 2), "declare": (1, 2), "bid": (1,), "open": (1,), "raise": (1,),
                 "discard": (2,), "draw": (2,), "claim": tuple(range(1, 18)), "concede": (1,)}
"""The words of actions, with how many arguments each may take (a contract may name its trumps)."""


@dataclass(frozen=True)
class Action:
    """One action at the table, as written in transcripts: `play QH`, `pass`, `choose CONTRACT`,
    `bid 2`, `bid NAME`, `discard 7S 8D`, `declare CONTRACT SUIT`, `defend`, `defend half`, `defend openly`, `defend closed`, `double`, `blind`, `open 3`,
    `call`, `raise 5`, `fold` (open and raise give the chips put in by that action)."""

    kind: str
    args: tuple[str, ...] = ()

    @property
    def card(self) -> str | None:
        return self.args[0] if self.kind == "play" else None

    @property
    def contract(self) -> str | None:
        return self.args[0] if self.kind in ("choose", "declare") else None

    def __str__(self) -> str:
        return " ".join((self.kind,) + self.args)

    @classmethod
    def parse(cls, text: str) -> "Action":
        """An action from its text as a transcript writes it (`play QS`, `bid 2`); a `UsageError`
        listing the forms otherwise (`Deal.parse_action` also reads suit symbols)."""
        words = text.split()
        if words and words[0] in _ACTION_WORDS and len(words) - 1 in _ACTION_WORDS[words[0]]:
            return cls(words[0], tuple(words[1:]))
        raise UsageError(Phrase("cannot read the action {text}; write one of: {actions}", text=repr(text), actions="play CARD, give CARD, pass, double [SEAT], redouble SEAT, "
                         "choose CONTRACT [SUIT], bid BID, discard CARD CARD, declare CONTRACT [SUIT], defend [half|openly|closed], double, "
                         "blind, open CHIPS, call, raise CHIPS, fold, withdraw, draw top CARD, draw bottom CARD, "
                         "claim TRICKS [CARD ...], claim [points] at most N [CARD ...], concede TRICKS"))


class Table:
    """Seating and the compiled pack for a match of `game` with `players` players."""

    def __init__(self, game: Game, players: int) -> None:
        if game.table.players is None or players not in game.table.players.value:
            allowed = ", ".join(map(str, game.table.players.value)) if game.table.players else "?"
            raise UsageError(Phrase("{game} is played by {allowed} players, not {players}", game=game.id, allowed=allowed, players=players))
        self.game = game
        self.players = players
        self.in_deal = game.table.dealt_players(players)
        """How many play each deal; fewer than `players` when the dealer sits out."""
        self.deck = game.table.pack_for(players)
        self.cards: tuple[Card, ...] = self.deck.cards
        self.index = {card: i for i, card in enumerate(self.cards)}
        self.by_code = {card.code: i for i, card in enumerate(self.cards)}
        self.codes = tuple(card.code for card in self.cards)
        """Each card's written form ("QH"), by card ID."""
        self.suit_codes = tuple(s.code for s in self.deck.suits)
        suit_pos = {code: i for i, code in enumerate(self.suit_codes)}
        self.suit_of = tuple(suit_pos[c.suit] for c in self.cards)
        self.rank_of = tuple(c.rank.order for c in self.cards)
        self.nranks = len(self.deck.ranks)
        self.clockwise = game.table.direction is None or game.table.direction.value is PlayDirection.CLOCKWISE
        self.contract_ids = tuple(game.contracts)
        # The table's load checks require both (`deal phases`, `eldest is`) of every game.
        assert game.table.phases is not None and game.table.eldest is not None
        self.phases = game.table.phases.value
        self.eldest_offset = game.table.eldest.value
        """Seats from the dealer to the eldest hand, as `eldest is ...` says."""
        values = game.table.card_points.value if game.table.card_points else {}
        self.points = tuple(values.get(c.rank.code, 0) for c in self.cards)
        """Each card's value in counting points (0 where the rules give none)."""
        auction = game.auction
        self.ladder_names = tuple(step.name for step in auction.ladder) if auction else ()
        """Each bid of the ladder as written (`2`, `7H`, `misere`), by step."""
        self.ladder_levels = auction is not None and auction.has_levels
        """The ladder is one of levels times strains: a declaration names a bid of it (`declare 7H`)."""
        self.special_names = tuple(s.name for s in auction.specials) if auction else ()
        self.rank_codes = tuple(r.code for r in self.deck.ranks)
        self.rank_named = frozenset(i for i, c in enumerate(game.contracts.values())
                                    if c.rules.layout is not None and c.rules.layout.start is not None
                                    and c.rules.layout.start.value.named_by is not None)
        """Contracts whose chooser names a rank (the layout's start) where others name trumps."""

    def for_deal(self) -> "Table":
        """The table as one deal sees it: only the seats that play (all of them, unless the
        dealer sits out). The pack and the rules are shared."""
        if self.in_deal == self.players:
            return self
        seated = self.__dict__.get("_seated")
        if seated is None:
            seated = copy.copy(self)
            seated.players = self.in_deal
            self._seated = seated
        return seated

    def next(self, seat: int, steps: int = 1) -> int:
        return (seat + steps) % self.players

    def neighbour(self, seat: int, side: Side) -> int:
        """The player on `seat`'s left or right (or the next one, or the one opposite him at an
        even table: `Match` and the passing's load check refuse an odd one)."""
        if side is _OPPOSITE:
            return self.next(seat, self.players // 2)
        forward = side is _NEXT or (side is _LEFT) == self.clockwise
        return self.next(seat, 1 if forward else -1)

    def code(self, card: int) -> str:
        return self.codes[card]

    def card_id(self, code: str) -> int | None:
        return self.by_code.get(code)

    def cards_of(self, cardset: CardSet) -> frozenset[int]:
        return frozenset(self.index[c] for c in cardset.cards if c in self.index)

    # moves <-> actions
    def choose_move(self, contract: str, suit: str | None = None) -> int:
        index = self.contract_ids.index(contract)
        return moves.choice(index, self.suit_codes.index(suit) if suit is not None else None)

    def action(self, move: int, contract_word: str = "choose") -> Action:
        """The action of a move; `contract_word` is "choose" or "declare" by the phase."""
        found = moves.kind(move)
        if found is MoveKind.CARD:
            return Action("play", (self.code(move),))
        if move in _DEFEND_ARGS:
            return Action("defend", (_DEFEND_ARGS[move],))
        if found is MoveKind.WORD:
            return Action(_WORDS[move])
        if found is MoveKind.STOCK_DRAW:
            card, bottom = moves.drawn(move)
            return Action("draw", ("bottom" if bottom else "top", self.code(card)))
        if found is MoveKind.PAIR_REDOUBLE:
            return Action("redouble", (str(moves.doubled_seat(move)),))
        if found is MoveKind.PAIR_DOUBLE:
            return Action("double", (str(moves.doubled_seat(move)),))
        if found is MoveKind.RAISE or found is MoveKind.OPEN:
            return Action(found.value, (str(moves.chips_put(move)),))
        if found is MoveKind.DISCARD:
            a, b = moves.discard_cards(move)
            return Action("discard", (self.code(a), self.code(b)))
        if found is MoveKind.SPECIAL:
            return Action("bid", (self.special_names[moves.special_index(move)],))
        if found is MoveKind.BID:
            # On a ladder of levels the declarer names a bid of the ladder: `declare 7H`.
            return Action("declare" if contract_word == "declare" else "bid", (self.ladder_names[moves.bid_step(move)],))
        index, suit = moves.decode_choice(move)
        codes = self.rank_codes if index in self.rank_named else self.suit_codes
        named = (codes[suit],) if suit is not None else ()
        return Action(contract_word, (self.contract_ids[index],) + named)

    def move(self, action: Action) -> int | None:
        """The move ID of an action, or None if it names no card, bid or contract of this game."""
        kind, args = action.kind, action.args
        if kind == "pass":
            return PASS
        if kind == "defend":
            return DEFEND if not args else _DEFEND_MOVES.get(args[0])
        if kind in ("double", "redouble") and args:
            if not (args[0].isascii() and args[0].isdigit()) or len(args[0]) > 3 or int(args[0]) >= self.players:
                return None
            return (moves.pair_double if kind == "double" else moves.pair_redouble)(int(args[0]))
        if kind == "double":
            return DOUBLE
        if kind in ("call", "fold", "blind", "withdraw"):
            return _WORD_MOVES[kind]
        if kind in ("open", "raise"):
            # ASCII digits, and no more of them than any stack of chips has: int() of a long
            # string is refused by Python itself, and `١` is a digit to str.isdigit.
            if not (args[0].isascii() and args[0].isdigit()) or len(args[0]) > 12 or int(args[0]) < 1:
                return None
            return (moves.open_ if kind == "open" else moves.raise_)(int(args[0]))
        if kind == "declare" and self.ladder_levels and len(args) == 1 and args[0] in self.ladder_names:
            return moves.bid(self.ladder_names.index(args[0]))
        if kind in ("choose", "declare"):
            if args[0] not in self.contract_ids:
                return None
            index = self.contract_ids.index(args[0])
            codes = self.rank_codes if index in self.rank_named else self.suit_codes
            if len(args) > 1 and args[1] not in codes:
                return None
            return moves.choice(index, codes.index(args[1]) if len(args) > 1 else None)
        if kind == "bid":
            if args[0] in self.special_names:
                return moves.special(self.special_names.index(args[0]))
            names = self.ladder_names
            return moves.bid(names.index(args[0])) if args[0] in names else None
        if kind == "draw":
            card = self.card_id(args[1])
            if args[0] not in ("top", "bottom") or card is None:
                return None
            return moves.stock_draw(card, args[0] == "bottom")
        if kind == "discard":
            a, b = (self.card_id(c) for c in args)
            if a is None or b is None or a == b:
                return None
            return moves.discard(a, b)
        return self.card_id(args[0])
