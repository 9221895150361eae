"""The draw for the first dealer: each player draws a card, and the highest (or lowest) deals;
players who tie draw again, or the suit order decides (`draw ties ...`). Under `first dealer by
draw of K` one card of each rank from K down is drawn, one to each player, and K deals.

The match (`referee.interpreter.match.Match`) runs it before the first deal; the functions here
take the game and its table and return what was drawn, or the verdict on a recorded draw.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ...engine.dice import shuffle
from ...engine.table import Table
from ...errors import Phrase, SimulationError
from ...i18n import N_
from ...model.game import Game
from ...verdicts import Verdict
from .rules import DrawKind, FirstDealerRule, TieBreak

__all__ = ["Draw", "DRAW_ROUNDS", "draw_for_dealer", "judge_draw", "decide_draw", "drawn_ranks", "draw_clauses"]

DRAW_ROUNDS = 1_000
"""Rounds of the draw for the first dealer before it is given up as never ending."""

Decide = Callable[[dict[int, int]], "int | None"]
"""The seat a round of the draw (seat -> card drawn) names as dealer, or None for a tie."""


@dataclass(frozen=True)
class Draw:
    """The draw for the first dealer: each round maps seats to the card they drew."""

    rounds: tuple[tuple[tuple[int, str], ...], ...]
    dealer: int
    clauses: tuple[str, ...]


def _first(game: Game) -> FirstDealerRule:
    assert game.table.first_dealer is not None, "every game states how its first dealer is found"
    return game.table.first_dealer.value


def draw_clauses(game: Game) -> tuple[str, ...]:
    """The clauses the draw follows: how the dealer is drawn, and what a tie does."""
    return tuple(c.clause for c in (game.table.first_dealer, game.table.draw_ties) if c)


def drawn_ranks(game: Game, table: Table) -> list[str] | None:
    """Under `first dealer by draw of RANK`, the ranks drawn, one to each player: the named
    one and those below it, from the top; None for a draw for the highest or lowest card."""
    first = _first(game)
    if first.kind is not DrawKind.RANK or first.rank is None:
        return None
    rank = table.deck.rank(first.rank)
    assert rank is not None  # the builder checks the rank against the pack
    return [r.code for r in table.deck.ranks if r.order <= rank.order][::-1][:table.players]


def _draw_key(game: Game, table: Table, card: int) -> tuple[int, ...]:
    """How a drawn card ranks in the draw: by rank, then by suit when the rules say so."""
    key: tuple[int, ...] = (table.rank_of[card],)
    if game.table.draw_ties is not None and game.table.draw_ties.value is TieBreak.BY_SUIT_ORDER:
        key += (table.suit_of[card],)
    return key if _first(game).highest else tuple(-k for k in key)


def decide_draw(game: Game, table: Table, drawn: dict[int, int]) -> int | None:
    """The seat that draws the deciding card in one round (seat -> card), or None for a tie."""
    first = _first(game)
    if first.kind is DrawKind.RANK:
        holders = [s for s, c in drawn.items() if table.cards[c].rank.code == first.rank]
        return holders[0] if len(holders) == 1 else None
    order = sorted(drawn.items(), key=lambda sc: _draw_key(game, table, sc[1]), reverse=True)
    if len(order) > 1 and _draw_key(game, table, order[0][1]) == _draw_key(game, table, order[1][1]):
        return None
    return order[0][0]


def _tied(game: Game, table: Table, drawn: dict[int, int]) -> list[int]:
    """The seats that tie for the deciding card and draw again."""
    best = max(_draw_key(game, table, c) for c in drawn.values())
    return [s for s, c in drawn.items() if _draw_key(game, table, c) == best]


def draw_for_dealer(game: Game, table: Table, rng: random.Random, decide: Decide) -> Draw:
    """Each player draws a card; ties for the deciding card draw again (as the rules say).
    `decide` rules on each round (`decide_draw`, as the match gives it)."""
    if _first(game).kind is DrawKind.RANK:
        # One card of each rank from the named one downwards is drawn: no ties are possible.
        codes = [rank + table.suit_codes[0] for rank in drawn_ranks(game, table) or ()]
        drawn = list(codes)
        shuffle(rng, drawn)  # as rng.shuffle does, with fewer calls (engine/dice.py)
        return Draw(((tuple(enumerate(drawn))),), drawn.index(codes[0]), draw_clauses(game))
    contenders = list(range(table.players))
    rounds: list[tuple[tuple[int, str], ...]] = []
    while True:
        if len(rounds) >= DRAW_ROUNDS:  # ties every round: the pack cannot decide a dealer
            raise SimulationError(Phrase("{path}: the draw for the first dealer was tied {rounds} times in a row",
                                         path=str(game.path), rounds=DRAW_ROUNDS))
        pack = list(range(len(table.cards)))
        shuffle(rng, pack)  # as rng.shuffle does, with fewer calls (engine/dice.py)
        cards = {seat: pack[i] for i, seat in enumerate(contenders)}
        rounds.append(tuple((s, table.code(c)) for s, c in cards.items()))
        dealer = decide(cards)
        if dealer is not None:
            return Draw(tuple(rounds), dealer, draw_clauses(game))
        contenders = _tied(game, table, cards)


def _off_the_ranks(game: Game, table: Table, drawn: dict[int, int]) -> Verdict | None:
    """A draw of one card of each rank from the named one down (`drawn_ranks`) that draws
    another rank, or one twice: the verdict against it, citing the draw's clause."""
    ranks = drawn_ranks(game, table)
    if ranks is None:
        return None
    left = list(ranks)
    for seat, card in sorted(drawn.items()):
        rank = table.cards[card].rank.code
        if rank not in left:
            return Verdict(False, N_("The draw for the first dealer is not valid: one card of each rank from "
                                     "{rank} down is drawn, one to each player, and seat {seat} drew {card}."),
                           (("rank", ranks[0]), ("seat", seat), ("card", table.code(card))), draw_clauses(game))
        left.remove(rank)
    return None


def judge_draw(game: Game, table: Table, rounds: list[dict[int, str]], decide: Decide) -> Verdict:
    """Rule on a recorded draw: does it name a first dealer, and which (the verdict's seat)?"""
    contenders = set(range(table.players))
    clauses = draw_clauses(game)
    for number, drawn in enumerate(rounds, 1):
        ids = {}
        for seat, code in drawn.items():
            card = table.card_id(code)
            if card is None or seat not in contenders:
                return Verdict(False, N_("The draw for the first dealer is not valid (round {round})."),
                               (("round", number),), clauses)
            ids[seat] = card
        if set(ids) != contenders:
            return Verdict(False, N_("The draw for the first dealer is not valid (round {round})."),
                           (("round", number),), clauses)
        wrong = _off_the_ranks(game, table, ids)
        if wrong is not None:
            return wrong
        dealer = decide(ids)
        if dealer is not None:
            if number != len(rounds):
                return Verdict(False, N_("The draw was decided in round {round}; later rounds are void."),
                               (("round", number),), clauses)
            return Verdict(True, N_("Seat {seat} draws the deciding card and deals first."),
                           (("seat", dealer),), clauses, dealer)
        contenders = set(_tied(game, table, ids))
    return Verdict(False, N_("The draw for the first dealer is tied and not completed."), (), clauses)
