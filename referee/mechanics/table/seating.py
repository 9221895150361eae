"""A deal played by fewer than sit at the table: the dealer sits out (`players 4, 3 play each deal:
dealer sits out`).

The deal itself runs on the seats that play, numbered 0..k-1 from the player after the dealer, so
every mechanic keeps counting "the next player" as seat + 1. `SeatedDeal` stands between that deal
and the match, translating seats both ways: the actions coming in, and the seats named in turns,
verdicts and score lines going out.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ...engine.legal import LegalActions
from ...engine.start import write_position
from ...engine.table import Action, Table
from ...i18n import N_
from ...presentation import SEAT_KEYS
from ...verdicts import Verdict
from ..vocabulary import Phase

if TYPE_CHECKING:
    from ...drawing import Drawing
    from ...engine.start import DealStart
    from ...model.game import Game
    from ..auction.state import AuctionState
    from ..tricks.compiled import CompiledContract

__all__ = ["SeatedDeal", "playing_seats"]

_SEAT_ARGUMENT = ("double", "redouble")
"""Actions whose argument is a seat (doubling between players)."""


def playing_seats(players: int, in_deal: int, dealer: int) -> tuple[int, ...]:
    """The table's seats that play a deal, in turn order from the player after the dealer."""
    return tuple((dealer + 1 + k) % players for k in range(in_deal))


class InnerDeal(Protocol):
    """What the seated deal reads of the interpreter's `Deal` (named here by what it offers: the
    interpreter imports this module, so importing `Deal` would close a circle). Seat lists and the
    rest are read as they are and translated."""

    @property
    def phase(self) -> Phase: ...
    @property
    def game(self) -> Game: ...
    @property
    def contract(self) -> CompiledContract | None: ...
    @property
    def contracts(self) -> dict[str, CompiledContract]: ...
    @property
    def bidding(self) -> AuctionState | None: ...
    @property
    def ended_early(self) -> str | None: ...
    @property
    def all_passed(self) -> bool: ...
    @property
    def carry_out(self) -> int: ...
    @property
    def to_act(self) -> int: ...
    @property
    def actor(self) -> int: ...
    @property
    def eldest(self) -> int: ...
    @property
    def declarer(self) -> int | None: ...
    @property
    def hands(self) -> list[list[int]]: ...
    @property
    def taken(self) -> list[list[int]]: ...
    @property
    def tricks_won(self) -> list[int]: ...
    @property
    def trick(self) -> list[tuple[int, int]]: ...
    @property
    def trick_winners(self) -> list[int]: ...
    @property
    def history(self) -> list[tuple[int, int]]: ...
    @property
    def defenders(self) -> Sequence[int]: ...
    @property
    def table(self) -> Table: ...

    @property
    def start(self) -> DealStart: ...
    def is_over(self) -> bool: ...
    def legal_moves(self) -> list[int]: ...
    def undo(self) -> Action: ...
    def restarted(self) -> InnerDeal: ...
    def push(self, move: int) -> None: ...
    def copy(self) -> InnerDeal: ...
    def chips_of(self, seat: int) -> int | None: ...
    def action_of(self, move: int) -> Action: ...
    def parse_action(self, action: int | str | Action) -> Action: ...
    def play(self, seat: int, action: Action) -> Verdict: ...
    def judge(self, seat: int, action: Action) -> Verdict: ...
    def result(self) -> Any: ...


class SeatedDeal:
    """A deal seen from the whole table: the interface of `Deal` its callers use (the match, the
    judge, the director, the notation, random players), in the table's seat numbers.

    Every attribute is written out here and translates what names a seat; nothing else is
    forwarded, so reading anything more is an AttributeError rather than a value silently in the
    deal's own seat numbers. Lists per seat are read-only and give the sitting-out dealer an
    empty hand, no tricks and nothing taken; the deal itself, in its own numbers, is `inner`."""

    __slots__ = ("inner", "table", "seats", "_inside", "dealer", "_clause")

    def __init__(self, deal: InnerDeal, table: Table, seats: tuple[int, ...], dealer: int, clause: str) -> None:
        self.inner = deal
        """The deal in its own seat numbers, 0..k-1 from the player after the dealer."""
        self.table = table
        """The whole table (every seat, the dealer's too); the deal's own counts only those who play."""
        self.seats = seats
        """The table's seat of each seat of the deal."""
        self._inside = {seat: local for local, seat in enumerate(seats)}
        self.dealer = dealer
        """The table's dealer, who sits this deal out."""
        self._clause = clause

    # -- what names no seat --------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self.inner.phase

    def is_over(self) -> bool:
        return self.inner.phase == Phase.OVER

    def legal_moves(self) -> list[int]:
        return self.inner.legal_moves()

    def push(self, move: int) -> None:
        self.inner.push(move)

    @property
    def game(self) -> Game:
        return self.inner.game

    @property
    def contract(self) -> CompiledContract | None:
        return self.inner.contract

    @property
    def contracts(self) -> dict[str, CompiledContract]:
        return self.inner.contracts

    @property
    def bidding(self) -> AuctionState | None:
        return self.inner.bidding

    @property
    def ended_early(self) -> str | None:
        return self.inner.ended_early

    @property
    def all_passed(self) -> bool:
        return self.inner.all_passed

    @property
    def carry_out(self) -> int:
        return self.inner.carry_out

    def copy(self) -> SeatedDeal:
        """An independent copy, seen from the table like this one."""
        return SeatedDeal(self.inner.copy(), self.table, self.seats, self.dealer, self._clause)

    # -- seats, translated -----------------------------------------------------------------------------

    def _per_seat(self, values: Iterable[Any], empty: Any) -> tuple[Any, ...]:
        """A list kept per seat of the deal, per seat of the table: `empty` for the dealer."""
        out = [empty] * self.table.players
        for local, value in enumerate(values):
            out[self.seats[local]] = value
        return tuple(out)

    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        return self._per_seat(map(tuple, self.inner.hands), ())

    @property
    def taken(self) -> tuple[tuple[int, ...], ...]:
        return self._per_seat(map(tuple, self.inner.taken), ())

    @property
    def tricks_won(self) -> tuple[int, ...]:
        return self._per_seat(self.inner.tricks_won, 0)

    def chips_of(self, seat: int) -> int | None:
        """The chips in front of `seat` (a vying deal; None in a deal without, and for the dealer
        who sits out)."""
        local = self._inside.get(seat)
        return self.inner.chips_of(local) if local is not None else None

    @property
    def trick(self) -> tuple[tuple[int, int], ...]:
        """(seat, card) of each card played to the trick so far."""
        return tuple((self.seats[seat], card) for seat, card in self.inner.trick)

    @property
    def trick_winners(self) -> tuple[int, ...]:
        return tuple(self.seats[seat] for seat in self.inner.trick_winners)

    @property
    def history(self) -> tuple[tuple[int, int], ...]:
        """(seat, move) of every move of the deal."""
        return tuple((self.seats[seat], move) for seat, move in self.inner.history)

    @property
    def defenders(self) -> tuple[int, ...]:
        return tuple(self.seats[seat] for seat in self.inner.defenders)

    def local_seat(self, seat: int) -> int | None:
        """The deal's own number of table seat `seat`, or None for the dealer who sits out."""
        return self._inside.get(seat)

    def _out(self, local: int | None) -> int | None:
        return None if local is None else self.seats[local]

    @property
    def to_act(self) -> int:
        return self.seats[self.inner.to_act]

    @property
    def actor(self) -> int:
        """The seat that chooses the move of the seat to act (`Deal.actor`)."""
        return self.seats[self.inner.actor]

    @property
    def declarer(self) -> int | None:
        return self._out(self.inner.declarer)

    @property
    def eldest(self) -> int:
        return self.seats[self.inner.eldest]

    def action_of(self, move: int) -> Action:
        action = self._action(self.inner.action_of(move), self.seats.__getitem__)
        assert action is not None  # every seat of the deal is a seat of the table
        return action

    def legal_actions(self) -> LegalActions:
        """The legal actions in the table's seat numbers (`Deal.legal_actions`)."""
        return LegalActions(self, self.legal_moves())

    def parse_action(self, action: Action | str | int) -> Action:
        """An action from its text, a move or an `Action`, in the table's seat numbers (`Deal.parse_action`)."""
        if isinstance(action, int) and not isinstance(action, bool):
            self.inner.parse_action(action)  # a clear error for a number that is no move now
            return self.action_of(action)
        return self.inner.parse_action(action)

    def _action(self, action: Action, seat_of: Callable[[int], int | None]) -> Action | None:
        if action.kind not in _SEAT_ARGUMENT or not action.args or not action.args[0].isdigit() \
                or len(action.args[0]) > 3:
            return action
        seat = seat_of(int(action.args[0]))
        return None if seat is None else Action(action.kind, (str(seat),) + action.args[1:])

    def play(self, seat: int | str | Action, action: int | str | Action | None = None) -> Verdict:
        """Rule on `seat`'s action and apply it if legal; the dealer, sitting out, has no turn.
        Without a seat, the seat to act's; the action as `Deal.play` takes it."""
        if action is None:
            seat, action = self.actor, seat
        assert isinstance(seat, int), seat
        if isinstance(action, int) and not isinstance(action, bool):
            self.inner.parse_action(action)  # a clear error for a number that is no move now
            action = self.action_of(action)
        return self._rule(seat, self.inner.parse_action(action), self.inner.play)

    def undo(self) -> Action:
        """Take back the last action (`Deal.undo`); the action taken back, in the table's seats."""
        taken = self._action(self.inner.undo(), self.seats.__getitem__)
        assert taken is not None, "every seat of the deal is a seat of the table"
        return taken

    def restarted(self) -> "SeatedDeal":
        """This deal at its start, before any action (`Deal.restarted`)."""
        return SeatedDeal(self.inner.restarted(), self.table, self.seats, self.dealer, self._clause)

    def position(self, upto: int | None = None) -> str:
        """This position as one line of text (`Deal.position`), in the table's seats."""
        inner = self.inner
        return write_position(self, inner.start, inner.game, inner.table.code, self.table.players, self.seats,
                              self.dealer, upto)

    def __repr__(self) -> str:
        inner = self.inner
        turn = "over" if inner.phase == Phase.OVER else f"seat {self.to_act + 1} to act"
        return (f"<SeatedDeal {inner.game.id}: {inner.phase.value}, dealer seat {self.dealer + 1} sits out, {turn}, "
                f"{len(inner.history)} actions>")

    def draw(self, lang: str = "en", view: int | None = None) -> str:
        """The deal drawn as text, each seat as the table numbers it (`Deal.draw`)."""
        return str(self.show(lang, view))

    def show(self, lang: str = "en", view: int | None = None) -> Drawing:
        """The deal drawn in `lang` (`Deal.show`); `view` is a seat of the table."""
        from ...drawing import Drawing, picture  # loaded on demand, as `Deal.show` loads it
        return Drawing(picture(self.inner, lang, None if view is None else self._inside.get(view, -1),
                               numbers=self.seats, sitting_out=self.dealer))

    __str__ = draw

    def _repr_html_(self) -> str:
        return self.show()._repr_html_()

    def judge(self, seat: int, action: Action) -> Verdict:
        """Rule on `seat`'s action without applying it."""
        return self._rule(seat, action, self.inner.judge)

    def _rule(self, seat: int, action: Action, rule: Callable[[int, Action], Verdict]) -> Verdict:
        local = self._inside.get(seat)
        inward = self._action(action, self._inside.get)
        if local is None or inward is None:
            named = seat if local is None else int(action.args[0])
            return Verdict(False, N_("Seat {seat} sits out this deal and takes no part in it."),
                           (("seat", named),), (self._clause,), seat, str(action))
        return self._verdict(rule(local, inward))

    def _values(self, values: tuple[tuple[str, str | int], ...]) -> tuple[tuple[str, str | int], ...]:
        """Message values with every seat named as the table numbers it."""
        return tuple((k, self.seats[v]) if k in SEAT_KEYS and isinstance(v, int) and 0 <= v < len(self.seats)
                     else (k, v) for k, v in values)

    def _verdict(self, verdict: Verdict) -> Verdict:
        values = self._values(verdict.values)
        action = verdict.action
        if action:
            action = str(self._action(Action.parse(action), self.seats.__getitem__))
        return dataclasses.replace(verdict, values=values, seat=self._out(verdict.seat), action=action)

    def result(self) -> Any:
        result = self.inner.result()
        lines = tuple(dataclasses.replace(
            line, seat=self.seats[line.seat], against=self._out(line.against), values=self._values(line.values))
            for line in result.scores)
        return dataclasses.replace(result, scores=lines,
                                   finish_order=tuple(self.seats[s] for s in result.finish_order))
