"""A deal played by fewer than sit at the table: the dealer sits out (`players 4, 3 play each deal:
dealer sits out`).

The deal itself runs on the seats that play, numbered 0..k-1 from the player after the dealer, so
every mechanic keeps counting "the next player" as seat + 1. `SeatedDeal` stands between that deal
and the match, translating seats both ways: the actions coming in, and the seats named in turns,
verdicts and score lines going out.
"""

from __future__ import annotations

import dataclasses

from ..engine.table import Action
from ..i18n import N_
from ..presentation import SEAT_KEYS
from ..verdicts import Verdict

__all__ = ["SeatedDeal", "playing_seats"]

_SEAT_ARGUMENT = ("double", "redouble")
"""Actions whose argument is a seat (doubling between players)."""


def playing_seats(players: int, in_deal: int, dealer: int) -> tuple[int, ...]:
    """The table's seats that play a deal, in turn order from the player after the dealer."""
    return tuple((dealer + 1 + k) % players for k in range(in_deal))


class SeatedDeal:
    """A deal seen from the whole table: the same interface as `Deal`, in the table's seat numbers."""

    def __init__(self, deal, seats: tuple[int, ...], dealer: int, clause: str) -> None:
        self._deal = deal
        self.seats = seats
        """The table's seat of each seat of the deal."""
        self._inside = {seat: local for local, seat in enumerate(seats)}
        self.dealer = dealer
        """The table's dealer, who sits this deal out."""
        self._clause = clause

    def __getattr__(self, name: str):
        return getattr(self._deal, name)

    # The calls of random play, forwarded directly: `__getattr__` is the slow path.
    def is_over(self) -> bool:
        return self._deal.phase == "over"

    @property
    def phase(self) -> str:
        return self._deal.phase

    def legal_moves(self) -> list[int]:
        return self._deal.legal_moves()

    def push(self, move: int) -> None:
        self._deal.push(move)

    def copy(self) -> "SeatedDeal":
        """An independent copy, seen from the table like this one."""
        return SeatedDeal(self._deal.copy(), self.seats, self.dealer, self._clause)

    def _out(self, local: int | None) -> int | None:
        return None if local is None else self.seats[local]

    @property
    def to_act(self) -> int:
        return self.seats[self._deal.to_act]

    @property
    def declarer(self) -> int | None:
        return self._out(self._deal.declarer)

    @property
    def eldest(self) -> int:
        return self.seats[self._deal.eldest]

    def action_of(self, move: int) -> Action:
        return self._action(self._deal.action_of(move), self.seats.__getitem__)

    def legal_actions(self) -> list[Action]:
        return [self.action_of(m) for m in self.legal_moves()]

    def _action(self, action: Action, seat_of) -> Action | None:
        if action.kind not in _SEAT_ARGUMENT or not action.args or not action.args[0].isdigit() \
                or len(action.args[0]) > 3:
            return action
        seat = seat_of(int(action.args[0]))
        return None if seat is None else Action(action.kind, (str(seat),) + action.args[1:])

    def play(self, seat: int, action: Action) -> Verdict:
        """Rule on `seat`'s action; the dealer, sitting out, has no turn in this deal."""
        local = self._inside.get(seat)
        inward = self._action(action, self._inside.get)
        if local is None or inward is None:
            named = seat if local is None else int(action.args[0])
            return Verdict(False, N_("Seat {seat} sits out this deal and takes no part in it."),
                           (("seat", named),), (self._clause,), seat, str(action))
        return self._verdict(self._deal.play(local, inward))

    def _values(self, values: tuple) -> tuple:
        """Message values with every seat named as the table numbers it."""
        return tuple((k, self.seats[v]) if k in SEAT_KEYS and isinstance(v, int) and 0 <= v < len(self.seats)
                     else (k, v) for k, v in values)

    def _verdict(self, verdict: Verdict) -> Verdict:
        values = self._values(verdict.values)
        action = verdict.action
        if action:
            action = str(self._action(Action.parse(action), self.seats.__getitem__))
        return dataclasses.replace(verdict, values=values, seat=self._out(verdict.seat), action=action)

    def result(self):
        result = self._deal.result()
        lines = tuple(dataclasses.replace(
            line, seat=self.seats[line.seat], against=self._out(line.against), values=self._values(line.values))
            for line in result.scores)
        return dataclasses.replace(result, scores=lines,
                                   finish_order=tuple(self.seats[s] for s in result.finish_order))
