"""What a deal starts from (`DealStart`), and a position written from it: the writer of the
position string that `referee.position` documents and reads back (`Deal.position()`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..model.game import Game
from .table import Action

__all__ = ["DealStart", "Replayable", "write_position"]


@dataclass(frozen=True)
class DealStart:
    """What a deal starts from: the cards as dealt and what the match had written before it, in
    the deal's own seats (from 0). `Deal.start` gives it; a position string writes it."""

    dealer: int
    hands: tuple[tuple[int, ...], ...]
    """Each seat's cards as dealt (card IDs of the table's pack)."""
    talon: tuple[int, ...] = ()
    upcards: tuple[int, ...] = ()
    """The cards turned face up in the deal (a vying game's turned card)."""
    contract: str | None = None
    """The contract the order of the match fixes for this deal, if any."""
    chosen: tuple[frozenset[str], ...] = ()
    """Per seat, the contracts it chose in earlier deals (empty: none chosen yet)."""
    held: tuple[int, ...] | None = None
    """Per seat, the multipliers held (an auction game's `... multiplies the next contract`)."""
    written: tuple[int, ...] | None = None
    """Per seat, the multipliers ever written to him."""
    chips: tuple[int, ...] | None = None
    """Per seat, the chips in front of him (a vying game)."""
    carry: int = 0
    """Chips left on the table by the deal before."""
    number: int = 0
    """Deals already played in the match (0: the first)."""
    doubles: tuple[tuple[tuple[int, int], int], ...] = ()
    """((dealer, player), times): how often each player has doubled each dealer in the match."""
    passed_before: int = 0
    """Deals everybody passed in a row right before this one (`all passing in a row`, `after all
    passing`): 0 after a deal somebody bid, and in a game whose rules never ask."""



class Replayable(Protocol):
    """A deal as the writer replays it from its start (`Deal`, or a deal the dealer sits out)."""

    @property
    def history(self) -> Sequence[tuple[int, int]]: ...

    def restarted(self) -> Replayable: ...

    def action_of(self, move: int) -> Action: ...

    def push(self, move: int) -> None: ...


def write_position(deal: Replayable, start: DealStart, game: Game, code: Callable[[int], str], players: int,
                   seats: tuple[int, ...], dealer: int, upto: int | None = None) -> str:
    """The position of `deal` as one line: `start` and the actions since (the first `upto` of
    them when given), the seats of the table `seats` (the table's seat of each seat of the
    deal), `dealer` the table's."""
    symbols = _symbols(game)

    def card(c: int) -> str:
        return _card_text(code(c), symbols)
    parts = [f"game {game.id}", f"players {players}"]
    parts += [f"param {name}={value}" for name, value in game.settings.items()
              if value != game.parameters[name].default]
    parts.append(f"deal {start.number + 1} dealer {dealer + 1}")
    for local, cards in enumerate(start.hands):
        parts.append(f"hand {seats[local] + 1}: " + " ".join(map(card, cards)))
    if start.talon:
        parts.append("talon: " + " ".join(map(card, start.talon)))
    if start.upcards:
        parts.append("turned: " + " ".join(map(card, start.upcards)))
    if start.contract is not None:
        parts.append(f"contract {start.contract}")
    for local, names in enumerate(start.chosen):
        if names:
            parts.append(f"chosen {seats[local] + 1}: " + " ".join(sorted(names)))
    for word, values in (("chips", start.chips), ("held", start.held), ("written", start.written)):
        if values is not None:
            per_seat = ["-"] * players
            for local, value in enumerate(values):
                per_seat[seats[local]] = str(value)
            parts.append(f"{word}: " + " ".join(per_seat))
    if start.carry:
        parts.append(f"carry {start.carry}")
    for (by_dealer, player), times in start.doubles:
        parts.append(f"doubled {seats[by_dealer] + 1} by {seats[player] + 1}: {times}")
    if start.passed_before:
        parts.append(f"passed {start.passed_before}")
    actions = list(_actions_taken(deal, upto))
    if actions:
        parts.append("actions: " + ", ".join(_action_text(a, symbols) for a in actions))
    return "; ".join(parts)


def _actions_taken(deal: Replayable, upto: int | None) -> Iterator[str]:
    """The deal's actions as written, each read in the phase it was taken in (a move ID means
    different actions in different phases): the deal replayed from its start."""
    fresh = deal.restarted()
    history = deal.history
    for _seat, move in history[:upto] if upto is not None else history:
        yield str(fresh.action_of(move))
        fresh.push(move)


def _symbols(game: Game) -> dict[str, str]:
    return {suit.code: suit.symbol for deck in game.table.decks.values() for suit in deck.suits if suit.symbol}


def _card_text(code: str, symbols: dict[str, str]) -> str:
    return code[:-1] + symbols.get(code[-1], code[-1])


def _action_text(text: str, symbols: dict[str, str]) -> str:
    # A card (or a bid written like one, `7S`) gets its suit's symbol; the reader takes either.
    kind, *args = text.split()
    return " ".join([kind] + [_card_text(a, symbols) if len(a) >= 2 and a[-1] in symbols and a[:-1].isalnum()
                              else a for a in args])
