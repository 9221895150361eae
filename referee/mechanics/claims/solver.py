"""The search behind a claim: with every hand open, how many of the remaining tricks a side takes
over the continuations of a deal in trick play, by the deal's own legal moves.

Pure Python, so that it runs in the browser too: alpha-beta over the values 0 to the tricks left,
a transposition table keyed by the cards still held and the trick on the table, and equivalent
cards merged (cards of one suit in one hand with no live card of another hand between them, and
alike in every card set the contract's rules name, are one move). The search knows no game: it
moves a copy of the deal with `legal_moves` and `push`, and reads the tricks it took.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ...engine.table import Table
from ..auction.state import AuctionState
from ..base import Phase
from ..tricks.compiled import CompiledContract
from ..tricks.state import TrickState
from .rules import Unstated

__all__ = ["SearchDeal", "OutOfBudget", "Search", "Line", "tricks_left"]

Line = tuple[tuple[int, int], ...]
"""(seat, card) of each card of a line of play, in order."""


class SearchDeal(Protocol):
    """What the search reads and moves of a deal in trick play."""

    table: Table
    hands: list[list[int]]
    history: list[tuple[int, int]]
    tricks: TrickState | None
    contract: CompiledContract | None
    declarer: int | None
    defenders: list[int]
    bidding: AuctionState | None
    phase: Phase
    to_act: int

    def legal_moves(self) -> list[int]: ...

    def push(self, move: int) -> None: ...


def tricks_left(deal: SearchDeal) -> int:
    """The tricks still to be played, counting the one on the table."""
    return max((len(hand) for hand in deal.hands), default=0) + (1 if deal.tricks and deal.tricks.trick else 0)


class OutOfBudget(Exception):
    """The search met its budget of positions before deciding."""


def _distinguished(contract: CompiledContract) -> tuple[frozenset[int], ...]:
    """The card sets the contract's rules name: two cards are alike only if each set holds both
    or neither (a lead restriction, an early end, a scoring card, a discard the duty names)."""
    sets = [cards for _, cards in contract.duty if cards]
    sets += [rule.cards for rule in (*contract.ends_when_taken, *contract.lead_restrictions,
                                     *contract.lead_until_broken, *contract.first_trick_bans)]
    sets += [score.cards for score in contract.per_card]
    if contract.all_taken is not None:
        sets.append(contract.all_taken.cards)
    return tuple(dict.fromkeys(sets))


@dataclass
class Search:
    """One search from one position: `side` are the seats whose tricks count, `claimer` the seat
    whose play `line` states (then `unstated`: any legal card, or his best)."""

    root: SearchDeal
    side: frozenset[int]
    claimer: int
    line: tuple[int, ...] = ()
    unstated: Unstated = Unstated.ANY
    budget: int = 1_000_000
    nodes: int = 0
    generous: bool = False
    """Every player plays for the side's tricks (the most it could be given): for a line on
    which the side takes a number of tricks between its worst and its most."""

    def __post_init__(self) -> None:
        contract = self.root.contract
        assert contract is not None and self.root.tricks is not None, "a claim is ruled in trick play"
        self._sets = _distinguished(contract)
        self._suit_of: Sequence[int] = self.root.table.suit_of
        self._rank_of: Sequence[int] = self.root.table.rank_of
        self._table: dict[tuple[object, ...], tuple[int, int]] = {}
        self._count_declarer = contract.ends_declarer_tricks is not None

    # -- positions ------------------------------------------------------------------------------------

    def tricks_left(self) -> int:
        return tricks_left(self.root)

    def _side_tricks(self, deal: SearchDeal) -> int:
        assert deal.tricks is not None
        won = deal.tricks.tricks_won
        return sum(won[s] for s in self.side)

    def _key(self, deal: SearchDeal, at: int) -> tuple[object, ...]:
        assert deal.tricks is not None
        masks = tuple(sum(1 << c for c in hand) for hand in deal.hands)
        declarer = deal.declarer
        counted = deal.tricks.tricks_won[declarer] if self._count_declarer and declarer is not None else 0
        return deal.to_act, masks, tuple(deal.tricks.trick), at, counted

    def _child(self, deal: SearchDeal, move: int) -> SearchDeal:
        """A copy of `deal` after `move`: its hands and trick state copied, its rules shared."""
        child = copy.copy(deal)
        child.hands = [hand[:] for hand in deal.hands]
        child.history = []
        state = deal.tricks
        assert state is not None
        child.tricks = TrickState(state.trick[:], [t[:] for t in state.taken], state.tricks_won[:],
                                  set(state.taken_all), state.trick_winners[:])
        child.push(move)
        return child

    def moves(self, deal: SearchDeal, at: int) -> list[tuple[int, int]]:
        """(move, where the stated line stands after it) for each distinct move at this position."""
        legal = deal.legal_moves()
        seat = deal.to_act
        if seat == self.claimer and at < len(self.line):
            card = self.line[at]
            if card in legal:  # the claimer plays his line while it is legal, then as `unstated` says
                return [(card, at + 1)]
            at = len(self.line)
        return [(move, at) for move in self._distinct(deal, legal)]

    def _distinct(self, deal: SearchDeal, legal: list[int]) -> list[int]:
        """One move of each group of equivalent cards."""
        if len(legal) < 2:
            return legal
        suit_of, rank_of = self._suit_of, self._rank_of
        seat = deal.to_act
        assert deal.tricks is not None
        live: dict[int, list[tuple[int, int]]] = {}
        for holder, hand in enumerate(deal.hands):
            for card in hand:
                live.setdefault(suit_of[card], []).append((rank_of[card], holder))
        for _seat, card in deal.tricks.trick:
            live.setdefault(suit_of[card], []).append((rank_of[card], -1))
        for cards in live.values():
            cards.sort()
        out, seen = [], set()
        for card in legal:
            suit = suit_of[card]
            order = live[suit]
            at = order.index((rank_of[card], seat))
            low = at
            while low > 0 and order[low - 1][1] == seat:
                low -= 1
            signature = (suit, low, tuple(card in s for s in self._sets))
            if signature in seen:
                continue
            seen.add(signature)
            out.append(card)
        return out

    # -- values ---------------------------------------------------------------------------------------

    def value(self, deal: SearchDeal | None = None, at: int = 0, alpha: int = -1, beta: int = 1 << 30) -> int:
        """The side's tricks from here to the end (fail-soft within (alpha, beta))."""
        deal = self.root if deal is None else deal
        if deal.phase is not Phase.TRICKS:
            return 0
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        key = self._key(deal, at)
        low, high = self._table.get(key, (0, 1 << 30))
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        seat = deal.to_act
        maximise = self.generous or (seat in self.side and self.unstated is Unstated.BEST)
        best = -1 if maximise else 1 << 30
        before = self._side_tricks(deal)
        start_alpha, start_beta = alpha, beta
        for move, after in self.moves(deal, at):
            child = self._child(deal, move)
            gained = self._side_tricks(child) - before
            found = gained + self.value(child, after, alpha - gained, beta - gained)
            if maximise:
                if found > best:
                    best = found
                alpha = max(alpha, best)
            else:
                if found < best:
                    best = found
                beta = min(beta, best)
            if alpha >= beta:
                break
        if best <= start_alpha:
            self._table[key] = (low, best)
        elif best >= start_beta:
            self._table[key] = (best, high)
        else:
            self._table[key] = (best, best)
        return best

    def exact_line(self, target: int, most: Search) -> Line | None:
        """A continuation on which the side takes exactly `target` tricks, or None if there is none:
        a walk that keeps `target` between this search's value (the fewest) and `most`'s (the
        most, a search with `generous`) at every step."""
        def walk(deal: SearchDeal, at: int, wanted: int) -> list[tuple[int, int]] | None:
            if deal.phase is not Phase.TRICKS:
                return [] if wanted == 0 else None
            before = self._side_tricks(deal)
            for move, after in self.moves(deal, at):
                child = self._child(deal, move)
                left = wanted - (self._side_tricks(child) - before)
                if left >= 0 and self.value(child, after) <= left <= most.value(child, after):
                    rest = walk(child, after, left)
                    if rest is not None:
                        return [(deal.to_act, move), *rest]
            return None
        found = walk(self.root, 0, target)
        return tuple(found) if found is not None else None

    def line_to(self, target: int) -> Line:
        """A continuation from the root on which the side takes `target` tricks, the value found
        (the others' best defence against the claim, and the claimer's plays as `unstated` says)."""
        out: list[tuple[int, int]] = []
        deal, at, wanted = self.root, 0, target
        while deal.phase is Phase.TRICKS:
            before = self._side_tricks(deal)
            for move, after in self.moves(deal, at):
                child = self._child(deal, move)
                gained = self._side_tricks(child) - before
                if gained + self.value(child, after) == wanted:
                    out.append((deal.to_act, move))
                    deal, at, wanted = child, after, wanted - gained
                    break
            else:  # pragma: no cover - the value came from one of the moves
                raise AssertionError("no move gives the value found")
        return tuple(out)
