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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ...engine.table import Table
from ..auction.state import AuctionState
from ..tricks.compiled import CompiledContract
from ..tricks.phase import Step, led_strength, strength_by_led_suit, talon_led, trick_step, trick_undo
from ..tricks.state import TrickState
from ..vocabulary import Phase
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
    """The tricks still to be played, counting the one on the table: a seat yet to play to it still
    holds a card for it, so the longest hand counts it."""
    return max((len(hand) for hand in deal.hands), default=0)


class OutOfBudget(Exception):
    """The search met its budget of positions before deciding."""


def _distinguished(contract: CompiledContract, state: TrickState, points: bool) -> tuple[frozenset[int], ...]:
    """The card sets the contract's rules name that can still matter from the trick state `state`
    on: two cards are alike only if each set holds both or neither (a lead restriction, an early
    end, a discard the duty names, a first trick's ban before the first trick is taken, a lead
    barred until broken before it is, and where points are counted a scoring card; tricks are
    counted alike whatever cards they hold). A search only goes forward, so a set that no longer
    matters at its root never will (the Q♠ of a first trick's ban is then one spade among others)."""
    sets = [cards for _, cards in contract.duty if cards]
    sets += [rule.cards for rule in (*contract.ends_when_taken, *contract.lead_restrictions)]
    sets += [rule.cards for rule in contract.lead_until_broken if rule.cards.isdisjoint(state.taken_all)]
    if not state.trick_winners:
        sets += [rule.cards for rule in contract.first_trick_bans]
    if points:
        sets += [score.cards for score in contract.per_card]
        if contract.all_taken is not None:
            sets.append(contract.all_taken.cards)
    return tuple(dict.fromkeys(sets))


_DEAD = b"\xff"
"""A cell of `_key_layout` no live card fills."""


def _key_layout(by_order: Sequence[int], suit_of: Sequence[int], sig: Sequence[int],
                players: int) -> tuple[bytes | None, list[int], list[int]]:
    """The cells of a transposition key as bytes: one cell per card in suit and rank order, each
    suit closed by a separator; a live card's cell holds its holder and the class of its sets,
    and the dead cells are dropped, so a suit reads as the holders of its live cards from the
    lowest, which is what ranks among the live cards tell. (None when the classes and the seats
    do not fit in a byte: the key is then built as tuples.)"""
    classes = {value: index for index, value in enumerate(dict.fromkeys(sig))}
    if len(classes) * players > 254:
        return None, [], []
    cells, slot = bytearray(), [0] * len(by_order)
    for place, card in enumerate(by_order):
        if place and suit_of[by_order[place - 1]] != suit_of[card]:
            cells.append(254)
        slot[card] = len(cells)
        cells.append(255)
    return bytes(cells), slot, [classes[value] * players for value in sig]


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
    progress: Callable[[int], None] | None = None
    """Called with the positions searched so far, every 65,536 of them (a long search's progress)."""
    points: bool = False
    """Count the points the contract scores for what the side takes (per card and per trick)
    instead of its tricks."""
    at_most: bool = False
    """The side wants as little as it can (a claim of at most so many): every value is negated,
    so the search still maximises for the side."""

    def __post_init__(self) -> None:
        contract = self.root.contract
        assert contract is not None and self.root.tricks is not None, "a claim is ruled in trick play"
        self._sets = _distinguished(contract, self.root.tricks, self.points)
        self._suit_of: Sequence[int] = self.root.table.suit_of
        self._rank_of: Sequence[int] = self.root.table.rank_of
        self._table: dict[tuple[object, ...], tuple[int, int, int]] = {}
        # An end by tricks taken makes the declarer's count part of a position (the defenders'
        # count follows from it and the cards left).
        self._count_declarer = contract.ends_declarer_tricks is not None or contract.ends_defenders_tricks is not None
        self._sign = -1 if self.at_most else 1
        self._card_points: list[int] | None = None
        self._trick_points: list[int] = []
        if self.points:
            self._card_points = [sum(score.points for score in contract.per_card if c in score.cards)
                                 for c in range(len(self.root.table.suit_of))]
            played = len(self.root.tricks.trick_winners)
            total = played + tricks_left(self.root)
            self._trick_points = [sum(score.points for score in contract.per_trick
                                      if (score.last is None or i >= total - score.last)
                                      and (score.number is None or i == score.number - 1)) for i in range(total)]
            live = [c for hand in self.root.hands for c in hand] + [c for _s, c in self.root.tricks.trick]
            spread = [self._card_points[c] for c in live] + self._trick_points[played:]
            self._range = (self._sign * sum(p for p in spread if p > 0), self._sign * sum(p for p in spread if p < 0))
            self._range = (min(self._range), max(self._range))
        cards = range(len(self._suit_of))
        self._by_order = sorted(cards, key=lambda c: (self._suit_of[c], self._rank_of[c]))
        self._order = [0] * len(cards)
        for place, card in enumerate(self._by_order):
            self._order[card] = place
        self._sig = [sum(1 << i for i, cards in enumerate(self._sets) if c in cards) for c in range(len(self._suit_of))]
        self._cashing = (not self.points and not self.at_most and not self._count_declarer
                         and not contract.ends_when_taken)
        """Tricks cashed for sure bound a position (`_cash`): the side's tricks counted, and no
        early end that could stop the play before they are taken."""
        self._blank, self._slot, self._code = _key_layout(self._by_order, self._suit_of, self._sig,
                                                          len(self.root.hands))

    # -- positions ------------------------------------------------------------------------------------

    def tricks_left(self) -> int:
        return tricks_left(self.root)

    def _side_tricks(self, deal: SearchDeal) -> int:
        """What the side has scored so far: its tricks, or the points of what it took; negated
        for a claim of at most so many."""
        state = deal.tricks
        assert state is not None
        if self._card_points is None:
            return self._sign * sum(state.tricks_won[s] for s in self.side)
        cards = sum(self._card_points[c] for s in self.side for c in state.taken[s])
        tricks = sum(self._trick_points[i] for i, w in enumerate(state.trick_winners) if w in self.side)
        return self._sign * (cards + tricks)

    def _bounds(self, deal: SearchDeal) -> tuple[int, int]:
        """The least and the most the side can score from `deal` on."""
        if self._card_points is None:
            left = tricks_left(deal)
            return (-left, 0) if self.at_most else (0, left)
        return self._range

    def _gain(self, deal: SearchDeal, step: Step) -> int:
        """What the side scores by the card `step` played: something only if it closed a trick
        the side took."""
        closing = step[6]
        if closing is None:
            return 0
        state = deal.tricks
        assert state is not None
        winners = state.trick_winners
        if winners[-1] not in self.side:
            return 0
        if self._card_points is None:
            return self._sign
        points = self._card_points
        return self._sign * (points[step[1]] + sum(points[c] for _s, c in closing)
                             + self._trick_points[len(winners) - 1])

    def _key(self, deal: SearchDeal, at: int) -> tuple[object, ...]:
        assert deal.tricks is not None
        declarer = deal.declarer
        counted = deal.tricks.tricks_won[declarer] if self._count_declarer and declarer is not None else 0
        if at < len(self.line):  # the claimer's stated line names his cards
            return deal.to_act, tuple(map(tuple, deal.hands)), at, counted
        # At a trick's start, cards are named by suit, rank among the live cards of their suit
        # and the sets that tell them apart: positions alike in that are worth the same.
        if self._blank is not None:  # per suit, the holder and sets of each live card, low to high
            cells, slot, code = bytearray(self._blank), self._slot, self._code
            for holder, hand in enumerate(deal.hands):
                for card in hand:
                    cells[slot[card]] = code[card] + holder
            return deal.to_act, bytes(cells).translate(None, _DEAD), counted
        order, suit_of, sig, width = self._order, self._suit_of, self._sig, len(self._sets)
        live = sorted(order[c] << 4 | holder for holder, hand in enumerate(deal.hands) for c in hand)
        hands: list[list[int]] = [[] for _ in deal.hands]
        by_order = self._by_order
        suit, index = -1, 0
        for entry in live:
            card = by_order[entry >> 4]
            if suit_of[card] != suit:
                suit, index = suit_of[card], 0
            hands[entry & 15].append((((suit << 8) | index) << width) | sig[card])
            index += 1
        return deal.to_act, tuple(map(tuple, hands)), counted

    def _child(self, deal: SearchDeal, move: int) -> SearchDeal:
        """A copy of `deal` after `move`: its hands and trick state copied, its rules shared."""
        child = self._copy(deal)
        child.push(move)
        return child

    def _copy(self, deal: SearchDeal) -> SearchDeal:
        """A copy of `deal` the search may move and take back: the search never moves a deal it was
        given (a search cut short by its budget leaves the copy, not the deal, part-played)."""
        child = copy.copy(deal)
        child.hands = [hand[:] for hand in deal.hands]
        child.history = []
        state = deal.tricks
        assert state is not None
        child.tricks = TrickState(state.trick[:], [t[:] for t in state.taken], state.tricks_won[:],
                                  set(state.taken_all), state.trick_winners[:])
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
        suit_of, rank_of, sig = self._suit_of, self._rank_of, self._sig
        seat = deal.to_act
        assert deal.tricks is not None
        others: dict[int, int] = {}  # per suit, the ranks of the live cards the seat does not hold
        for holder, hand in enumerate(deal.hands):
            if holder != seat:
                for card in hand:
                    suit = suit_of[card]
                    others[suit] = others.get(suit, 0) | 1 << rank_of[card]
        for _seat, card in deal.tricks.trick:
            suit = suit_of[card]
            others[suit] = others.get(suit, 0) | 1 << rank_of[card]
        out: list[int] = []
        kept: dict[tuple[int, int], list[int]] = {}  # (suit, sets) -> ranks of the cards kept
        for card in legal:
            suit, rank = suit_of[card], rank_of[card]
            group = kept.setdefault((suit, sig[card]), [])
            between = others.get(suit, 0)
            if any(between & ((2 << max(rank, r)) - (1 << min(rank, r))) == 0 for r in group):
                continue  # no live card of another hand between: the same move
            group.append(rank)
            out.append(card)
        return out

    # -- values ---------------------------------------------------------------------------------------

    def value(self, deal: SearchDeal | None = None, at: int = 0, alpha: int | None = None,
              beta: int | None = None) -> int:
        """The side's tricks from here to the end, exactly when no window is given: null-window
        tests from the tricks left down, sharing the table (MTD from above: a claim is tested
        first, and the bound a failed test returns is the next one tried)."""
        deal = self.root if deal is None else deal
        deal = self._copy(deal)
        if alpha is not None and beta is not None:
            return self._bound(deal, at, alpha, beta)
        low, high = self._bounds(deal)
        while high > low:  # from the most down: each test that fails bounds the value below it
            found = self._bound(deal, at, high - 1, high)
            if found >= high:
                return high
            high = found
        return low

    def at_least(self, deal: SearchDeal, at: int, target: int) -> bool:
        """Whether the side takes at least `target` tricks from `deal` on: one null-window test."""
        return target <= self._bounds(deal)[0] or self._bound(self._copy(deal), at, target - 1, target) >= target

    def _bound(self, deal: SearchDeal, at: int, alpha: int, beta: int) -> int:
        """The side's tricks from here to the end, fail-soft within (alpha, beta)."""
        if deal.phase is not Phase.TRICKS:
            return 0
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        if not self.nodes & 0xFFFF and self.progress is not None:
            self.progress(self.nodes)
        state = deal.tricks
        assert state is not None
        trick, side = state.trick, self.side
        if trick:  # inside a trick: no table (positions rarely meet again before it closes)
            key: tuple[object, ...] | None = None
            low, high = self._bounds(deal)
            first = -1
        else:
            if at >= len(self.line) and max(map(len, deal.hands)) == 1:
                return self._last_trick(deal)
            key = self._key(deal, at)
            entry = self._table.get(key)
            if entry is not None:
                low, high, first = entry
            else:
                low, high = self._bounds(deal)
                first = -1
                if self._cashing and at >= len(self.line):
                    low, high = self._cash(deal, low, high)
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        seat = deal.to_act
        maximise = self.generous or (seat in side and self.unstated is Unstated.BEST)
        best = -(1 << 30) if maximise else 1 << 30
        chosen = -1
        start_alpha, start_beta = alpha, beta
        moves = self.moves(deal, at)
        if trick and len(moves) > 1:  # the cards that take the trick the mover wants taken first
            strength = led_strength(deal)  # type: ignore[arg-type]
            top = max(strength[card] for _seat, card in trick)
            wants = (seat in side) == maximise
            moves.sort(key=lambda entry: ((strength[entry[0]] > top) != wants, strength[entry[0]]))
        if first >= 0:  # the move that decided this position before goes first
            for index, (move, _after) in enumerate(moves):
                if move == first:
                    if index:
                        moves.insert(0, moves.pop(index))
                    break
        for move, after in moves:
            step = trick_step(deal, move)  # type: ignore[arg-type]
            gained = self._gain(deal, step)
            found = gained + self._bound(deal, after, alpha - gained, beta - gained)
            # not on OutOfBudget: the search's copy of the deal is dropped then
            trick_undo(deal, step)  # type: ignore[arg-type]
            if maximise:
                if found > best:
                    best, chosen = found, move
                    if best > alpha:
                        alpha = best
            elif found < best:
                best, chosen = found, move
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        if key is not None:
            if best <= start_alpha:
                self._table[key] = (low, best, chosen)
            elif best >= start_beta:
                self._table[key] = (best, high, chosen)
            else:
                self._table[key] = (best, best, chosen)
        return best

    def _cash(self, deal: SearchDeal, low: int, high: int) -> tuple[int, int]:
        """`low` and `high` narrowed by the tricks the leader takes for sure: each card he may lead
        that is stronger, led, than every card the other hands hold wins its trick and keeps him
        on lead (what the others hold only shrinks, and a lead allowed stays allowed). A leader
        who plays for the side gives it at least that many; one against it, at most the rest."""
        seat = deal.to_act
        in_side = seat in self.side
        if in_side != (self.generous or (in_side and self.unstated is Unstated.BEST)):
            return low, high  # a leader who plays for nobody in particular cashes nothing for sure
        if talon_led(deal):  # type: ignore[arg-type]
            return low, high  # the talon sets the suit of this trick: no lead of his is sure to win
        strength = strength_by_led_suit(deal)  # type: ignore[arg-type]
        suit_of = self._suit_of
        legal = deal.legal_moves()
        strongest: dict[int, int] = {}
        sure = 0
        for card in legal:
            suit = suit_of[card]
            table = strength[suit]
            top = strongest.get(suit)
            if top is None:
                top = strongest[suit] = max((table[c] for holder, hand in enumerate(deal.hands) if holder != seat
                                             for c in hand), default=-1)
            if table[card] > top:
                sure += 1
        if in_side:
            return max(low, sure), high
        return low, min(high, tricks_left(deal) - sure)

    def _last_trick(self, deal: SearchDeal) -> int:
        """The side's tricks from a last trick, every card forced: played out and taken back."""
        before = self._side_tricks(deal)
        steps = []
        while deal.phase is Phase.TRICKS:
            moves = deal.legal_moves()
            if not moves:
                break
            steps.append(trick_step(deal, moves[0]))  # type: ignore[arg-type]
        gained = self._side_tricks(deal) - before
        for step in reversed(steps):
            trick_undo(deal, step)  # type: ignore[arg-type]
        return gained

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
                if not self.at_least(child, after, left + 1) and most.at_least(child, after, left):
                    rest = walk(child, after, left)
                    if rest is not None:
                        return [(deal.to_act, move), *rest]
            return None
        found = walk(self.root, 0, target)
        return tuple(found) if found is not None else None

    def _gives(self, deal: SearchDeal, child: SearchDeal, at: int, wanted: int) -> bool:
        """Whether `child` is worth `wanted` to the side, given that `deal` is worth the value
        followed: at a maximising turn no child is worth more, at a minimising one none less."""
        seat = deal.to_act
        if self.generous or (seat in self.side and self.unstated is Unstated.BEST):
            return self.at_least(child, at, wanted)
        return not self.at_least(child, at, wanted + 1)

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
                if self._gives(deal, child, after, wanted - gained):
                    out.append((deal.to_act, move))
                    deal, at, wanted = child, after, wanted - gained
                    break
            else:  # pragma: no cover - the value came from one of the moves
                raise AssertionError("no move gives the value found")
        return tuple(out)
