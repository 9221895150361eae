"""The one move codec: every move of every phase as an int, encoded and decoded here.

Simulation loops compare and pass ints, so a move is an int: a card's ID (0 and up) plays or
gives that card; every other move is negative, one range per kind of action. The ranges are laid
out from -1 downwards, each below the last, so that a decoder needs only comparisons:

==========================  ==============================================
`PASS` .. `WITHDRAW`        single words (pass, defend, call, ... double)
`choice(index, suit)`       choose or declare contract `index` (+ a named suit or rank)
`bid(step)`                 bid step `step` of the auction's ladder
`special(i)`                make special bid `i` (a bid off the ladder)
`discard(a, b)`             discard cards `a` and `b` (talon exchange)
`open_(n)`, `raise_(n)`     put `n` chips in (betting)
`pair_double(seat)`         double that seat (doubling between players)
`pair_redouble(seat)`       redouble that seat
`stock_draw(card, bottom)`  turn up `card` from the top (or bottom) of the stock (showdown)
==========================  ==============================================

`kind(move)` names the range a move falls in. A fused random loop may do the arithmetic of its
own range inline (with the base constants below); nothing else does.
"""

from __future__ import annotations

from enum import Enum
from itertools import combinations

__all__ = ["Move", "MoveKind", "kind", "PASS", "DEFEND", "CALL", "FOLD", "BLIND", "WITHDRAW", "DOUBLE", "HALF_DEFEND",
           "DEFEND_OPEN", "DEFEND_CLOSED",
           "choice", "decode_choice", "bid", "bid_step", "special", "special_index", "discard", "discard_cards",
           "discards", "open_", "raise_", "chips_put", "pair_double", "pair_redouble", "doubled_seat",
           "CHOOSE_BASE", "BID_BASE", "SPECIAL_BASE", "DISCARD_BASE", "OPEN_BASE", "RAISE_BASE",
           "PAIR_DOUBLE_BASE", "PAIR_REDOUBLE_BASE", "STOCK_DRAW_BASE", "stock_draw", "drawn"]

Move = int
"""A move: a card ID, or a negative code of one of the ranges above."""

PASS = -1
DEFEND = -2
"""A defender's decision to defend."""
CALL, FOLD, BLIND, WITHDRAW = -3, -4, -5, -6
"""Betting: hold the largest stake, drop out, bet blind before the deal, and take a stake back
(never legal; named so that a transcript can record the attempt)."""
DOUBLE = -7
"""Doubling the contract (kontra), or redoubling it."""
HALF_DEFEND = -8
"""A defender's half-whist (полвиста): `defend half`."""
DEFEND_OPEN, DEFEND_CLOSED = -9, -10
"""A lone defender's choice, where the rules leave it to him: the hands of the defence face up and
his to play (`defend openly`, вист в светлую), or each his own, closed (`defend closed`, втёмную)."""

CHOOSE_BASE = -1000
SUIT_STEP = 64
"""A contract choice is CHOOSE_BASE - index, minus SUIT_STEP * (suit + 1) with a named suit."""
BID_BASE = -2000
SPECIAL_BASE = -3000
DISCARD_BASE = -100_000
OPEN_BASE = -10_000_000
RAISE_BASE = -20_000_000
PAIR_DOUBLE_BASE = -30_000_000
PAIR_REDOUBLE_BASE = -31_000_000
STOCK_DRAW_BASE = -32_000_000


class MoveKind(Enum):
    """The kind of action a move is, by its range."""

    CARD = "card"
    WORD = "word"
    CHOICE = "choice"
    BID = "bid"
    SPECIAL = "special"
    DISCARD = "discard"
    OPEN = "open"
    RAISE = "raise"
    PAIR_DOUBLE = "pair_double"
    PAIR_REDOUBLE = "pair_redouble"
    STOCK_DRAW = "stock_draw"


# The kinds as module names for `kind`: a member looked up on its enum class costs several times
# as much (Python 3.11's EnumType.__getattr__).
_K_CARD, _K_STOCK_DRAW, _K_PAIR_REDOUBLE = MoveKind.CARD, MoveKind.STOCK_DRAW, MoveKind.PAIR_REDOUBLE
_K_PAIR_DOUBLE, _K_RAISE, _K_OPEN = MoveKind.PAIR_DOUBLE, MoveKind.RAISE, MoveKind.OPEN
_K_DISCARD, _K_SPECIAL = MoveKind.DISCARD, MoveKind.SPECIAL
_K_BID, _K_CHOICE, _K_WORD = MoveKind.BID, MoveKind.CHOICE, MoveKind.WORD


def kind(move: Move) -> MoveKind:
    """The range `move` falls in."""
    # From zero down: the ranges random play asks about most (words, contracts, bids) come first.
    if move >= 0:
        return _K_CARD
    if move > CHOOSE_BASE:
        return _K_WORD
    if move > BID_BASE:
        return _K_CHOICE
    if move > SPECIAL_BASE:
        return _K_BID
    if move > DISCARD_BASE:
        return _K_SPECIAL
    if move > OPEN_BASE:
        return _K_DISCARD
    if move > RAISE_BASE:
        return _K_OPEN
    if move > PAIR_DOUBLE_BASE:
        return _K_RAISE
    if move > PAIR_REDOUBLE_BASE:
        return _K_PAIR_DOUBLE
    if move > STOCK_DRAW_BASE:
        return _K_PAIR_REDOUBLE
    return _K_STOCK_DRAW


def choice(index: int, suit: int | None = None) -> Move:
    """Name contract `index`, with trump suit (or starting rank) `suit` when the namer names one."""
    return CHOOSE_BASE - index - (0 if suit is None else SUIT_STEP * (suit + 1))


def decode_choice(move: Move) -> tuple[int, int | None]:
    """(contract index, named suit or rank or None) of a contract-naming move."""
    step, index = divmod(CHOOSE_BASE - move, SUIT_STEP)
    return index, (step - 1 if step else None)


def bid(step: int) -> Move:
    return BID_BASE - step


def bid_step(move: Move) -> int:
    return BID_BASE - move


def special(index: int) -> Move:
    return SPECIAL_BASE - index


def special_index(move: Move) -> int:
    return SPECIAL_BASE - move


def discard(a: int, b: int) -> Move:
    """Discard cards `a` and `b` (in either order)."""
    a, b = min(a, b), max(a, b)
    return DISCARD_BASE - (a * 256 + b)


def discard_cards(move: Move) -> tuple[int, int]:
    """The two cards a discard sets aside, lower ID first."""
    a, b = divmod(DISCARD_BASE - move, 256)
    return a, b


def discards(hand: list[int]) -> list[Move]:
    """Every discard of two cards from `hand`, in the order of its sorted pairs."""
    return [DISCARD_BASE - (a * 256 + b) for a, b in combinations(sorted(hand), 2)]


def stock_draw(card: int, bottom: bool) -> Move:
    """Turn up `card`, the top card of the stock (or, with `bottom`, the bottom one)."""
    return STOCK_DRAW_BASE - (card * 2 + bottom)


def drawn(move: Move) -> tuple[int, bool]:
    """(card, from the bottom) of a draw from the stock."""
    card, bottom = divmod(STOCK_DRAW_BASE - move, 2)
    return card, bool(bottom)


def open_(chips: int) -> Move:
    return OPEN_BASE - chips


def raise_(chips: int) -> Move:
    return RAISE_BASE - chips


def chips_put(move: Move) -> int:
    """The chips an `open` or `raise` puts in."""
    return (OPEN_BASE - move) if move > RAISE_BASE else (RAISE_BASE - move)


def pair_double(seat: int) -> Move:
    return PAIR_DOUBLE_BASE - seat


def pair_redouble(seat: int) -> Move:
    return PAIR_REDOUBLE_BASE - seat


def doubled_seat(move: Move) -> int:
    """The seat a pair double or redouble names."""
    return (PAIR_REDOUBLE_BASE - move) if move <= PAIR_REDOUBLE_BASE else (PAIR_DOUBLE_BASE - move)
