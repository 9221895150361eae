"""The cards shuffled, cut and dealt by the game's packets (`deal 3 each, 2 to talon, ...`), eldest
first and the dealer last; a dealer who sits the deal out receives none.

Where each card of the pack goes depends only on the dealer and the size of the pack, so the
match works a plan out once for each (`DealPlan`) and every deal takes its cards by slices.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...engine.dice import randrange, shuffle
from ...engine.table import Table
from ...errors import Phrase, SimulationError
from ...model.game import Game
from .rules import PacketKind

__all__ = ["DealPlan", "shuffled_pack", "deal_plan", "deal_by_plan", "deal_places", "cutter", "RotationPlan",
           "rotation_plan"]


def shuffled_pack(game: Game, table: Table, rng: random.Random) -> list[int]:
    """The pack shuffled and, where the rules state a cut, cut at a random place."""
    pack = list(range(len(table.cards)))
    shuffle(rng, pack)  # as rng.shuffle(pack) does, with fewer calls (dice.py)
    if game.table.cut is not None:
        # The stated neighbour (`cutter`) cuts: the pack is lifted at a random place and turned round.
        at = randrange(rng, 1, len(pack))  # as rng.randrange does, with fewer calls (dice.py)
        pack = pack[at:] + pack[:at]
    return pack


def cutter(game: Game, table: Table, dealer: int | None) -> int | None:
    """The seat that cuts the pack before the deal to come (`cut by left|right neighbour`, the
    side read through the direction of play), or None where the rules state no cut."""
    if game.table.cut is None or dealer is None:
        return None
    return table.neighbour(dealer, game.table.cut.value)


@dataclass(frozen=True, slots=True)
class RotationPlan:
    """The rotation of the deal at one table (`dealer passes ...`), worked out once: how many
    deals a dealer deals in a row, and, for each seat, the seat the deal passes to from it."""

    every: int
    after: tuple[int, ...]

    def next_dealer(self, dealer: int, dealt: int) -> tuple[int, int]:
        """The dealer of the next deal, and how many he has dealt in his run, once `dealer` has
        dealt `dealt` deals in a row: the deal passes on after `every` of them."""
        if dealt < self.every:
            return dealer, dealt
        return self.after[dealer], 0


def rotation_plan(game: Game, table: Table) -> RotationPlan:
    """The game's rotation of the deal at `table`, as a `RotationPlan`."""
    assert game.table.dealer_rotation is not None  # every game states its rotation
    rotation = game.table.dealer_rotation.value
    side = rotation.side
    return RotationPlan(rotation.every, tuple(table.neighbour(seat, side) for seat in range(table.players)))


def _runs(places: list[int]) -> tuple[slice, ...]:
    """`places` (of cards in the pack) as slices, each a run of places the same step apart."""
    runs: list[slice] = []
    i, count = 0, len(places)
    while i < count:
        first, last, step = places[i], i, 1
        if i + 1 < count and places[i + 1] > first:
            step, last = places[i + 1] - first, i + 1
            while last + 1 < count and places[last + 1] - places[last] == step:
                last += 1
        runs.append(slice(first, places[last] + 1, step))
        i = last + 1
    return tuple(runs)


def _joined(pack: list[int], runs: tuple[slice, ...]) -> list[int]:
    """The cards of `pack` at the places `runs` (`_runs`) give, in order."""
    if len(runs) == 1:
        return pack[runs[0]]
    out: list[int] = []
    for run in runs:
        out += pack[run]
    return out


@dataclass(frozen=True, slots=True)
class DealPlan:
    """Where the cards of a pack go for one dealer, as slices of the pack."""

    single: tuple[slice, ...] | None
    """Each hand as one slice, when every hand is one run (the usual deal one card at a time)."""
    hands: tuple[tuple[slice, ...], ...]
    talon: tuple[slice, ...]
    upcards: tuple[slice, ...]


def deal_plan(game: Game, table: Table, dealer: int, size: int) -> DealPlan:
    """The plan of the deal of a pack of `size` cards by `dealer` (`deal_places` worked out on
    the places of the pack)."""
    hands, talon, upcards = deal_places(game, table, dealer, list(range(size)))
    parts = tuple(_runs(hand) for hand in hands)
    single = tuple(part[0] for part in parts) if all(len(part) == 1 for part in parts) else None
    return DealPlan(single, parts, _runs(talon), _runs(upcards))


def deal_by_plan(plan: DealPlan, pack: list[int]) -> tuple[list[list[int]], list[int], list[int]]:
    """`pack` dealt as `plan` says: (hands, talon, face-up cards)."""
    single = plan.single
    # (`map` over the slices, not a comprehension: one deal of random play asks this once)
    dealt = list(map(pack.__getitem__, single)) if single is not None else [_joined(pack, part) for part in plan.hands]
    return dealt, _joined(pack, plan.talon), _joined(pack, plan.upcards)


def deal_places(game: Game, table: Table, dealer: int,
                pack: list[int]) -> tuple[list[list[int]], list[int], list[int]]:
    """The game's packets dealt from `pack`, eldest first and the dealer last."""
    assert game.table.deal is not None
    n = table.players
    hands: list[list[int]] = [[] for _ in range(n)]
    talon: list[int] = []
    upcards: list[int] = []
    # Packets go round from the eldest hand, the dealer last (as `eldest is ...` says); a
    # dealer who sits the deal out receives none.
    order = [(dealer + table.eldest_offset + k) % n for k in range(n)]
    if table.in_deal < n:
        order = [seat for seat in order if seat != dealer]
    pos = 0
    for packet in game.table.deal.value:
        if packet.kind is PacketKind.EACH:
            if packet.to_end:  # the rest of the pack, evenly (the load check saw that it comes out even)
                target = len(hands[order[-1]]) + (len(pack) - pos) // len(order)
            else:
                target = packet.until if packet.until is not None else len(hands[order[0]]) + packet.count
            rounds = target - len(hands[order[-1]])
            if packet.count == 1 and rounds > 0 and pos + rounds * n <= len(pack):
                # One card at a time: seat i of the order takes every n-th card from its place.
                for i, seat in enumerate(order):
                    hands[seat].extend(pack[pos + i:pos + rounds * n:n])
                pos += rounds * n
            while len(hands[order[-1]]) < target:
                if pos >= len(pack) or packet.count <= 0:  # else this loop would never end
                    raise SimulationError(Phrase("{path}: the pack of {cards} cards runs out before every hand "
                                                 "holds {target}", path=str(game.path), cards=len(pack),
                                                 target=target))
                for seat in order:
                    hands[seat].extend(pack[pos:pos + packet.count])
                    pos += packet.count
        elif packet.kind is PacketKind.TALON:
            talon.extend(pack[pos:pos + packet.count])
            pos += packet.count
        else:
            upcards.extend(pack[pos:pos + packet.count])
            pos += packet.count
    return hands, talon, upcards
