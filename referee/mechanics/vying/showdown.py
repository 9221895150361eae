"""The showdown of a vying game and the settling of its chips: hand ranking (three of a kind and
the like), suit points gathered from every hand, main and side pots, and bonuses paid by every
player to the holder of a ranked hand.

`settle_vying` works out what each seat wins or pays and keeps the reasons as small records;
the score lines, with their messages, values and clauses, are built from those only when
someone reads them (a random session adds up chips deal after deal and never shows a line).
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Sequence
from functools import partial
from typing import Protocol

from ...engine.table import Table
from ...i18n import N_
from ...verdicts import ScoreLine
from ..base import DealCore
from .compiled import Held, RankedHand, VyingRules, cited
from .rules import Bonus, HandPattern, Meeting
from .state import BettingState, StockDrawState

__all__ = ["ShowdownDeal", "Settlement", "settle_vying", "seat_hands", "hand_bonuses"]


class ShowdownDeal(DealCore, Protocol):
    betting: BettingState | None


_STAKED = N_("{points} staked")

_MEMO_CAP = 250_000
"""Most hands `VyingRules.ranked` keeps: a few thousand for three cards from a short pack; the cap
only bounds the memory of a game dealing many cards from a long one."""

Values = tuple[tuple[str, str | int], ...]
PotWin = tuple[int, str, Values, tuple[str, ...], frozenset[int] | None]
"""(winner, message, values, clauses, winning suits or None) of one pot."""
Line = tuple[int, int, str, str, Values, tuple[str, ...]]
"""A score line not built yet: (seat, points, account, message, values, clauses)."""
Payment = tuple[int, int, int, RankedHand, tuple[str, ...]]
"""A bonus paid: (holder, payer, chips, the holder's hand, clauses)."""
Settlement = tuple[dict[str, list[int]], Callable[[], tuple[ScoreLine, ...]]]
"""What a deal writes to each account, per seat, and how to build its score lines."""


def _state(deal: ShowdownDeal) -> BettingState:
    state = deal.betting
    assert state is not None, "the showdown settles a vying deal"
    return state


def seat_hands(deal: ShowdownDeal, state: BettingState | None = None) -> list[Held]:
    """What every seat holds (`compiled.Held`), worked out once per deal and looked up in the
    game's table of hands met so far (`VyingRules.ranked`) by the bit mask of the seat's cards.
    A turned card changes what a hand makes only when the hand holds two or more of its rank;
    those few hands are kept apart, with the turned ranks that matter above the cards' bits. So
    the table fills with the few thousand hands a pack has, not with those times the turned cards.
    A card turned up from the stock (`stock_draw`) that matches a drawer's hand makes it the
    hand it was drawn against."""
    state = state or _state(deal)
    hands = state.held
    if hands is None:
        rules, table = state.rules, deal.table
        memo, shift = rules.ranked, len(table.cards)
        up = 0
        for card in state.upcards:
            up |= 1 << table.rank_of[card]
        hands = []
        for cards in state.dealt:
            key = 0
            for card in cards:
                key |= 1 << card
            held = memo.get(key)
            if held is None:
                held = _held(rules, table, cards, 0, key)
            turned = up & held[4]
            if turned:  # a turned card of a rank it holds two of
                key |= turned << shift
                held = memo.get(key) or _held(rules, table, cards, turned, key)
            hands.append(held)
        if state.stock is not None and state.stock.drawn:
            _made_by_draw(state, state.stock, deal.table, hands)
        state.held = hands
    return hands


def _made_by_draw(state: BettingState, stock: StockDrawState, table: Table, hands: list[Held]) -> None:
    """Each drawer whose card matches the rank of his hand holds the hand he drew against (or,
    under `drawn hand is paid only`, is paid as its holder and plays his hand as dealt)."""
    model, rules = state.rules.model, state.rules
    assert model.stock_draw is not None
    hand, against = model.stock_draw.value
    index = next(i for i, h in enumerate(model.hands) if h.name == against)
    for seat, card in stock.drawn:
        ranked, points, tops, _bonus, repeated = hands[seat]
        if ranked is None or ranked[2] != hand or table.rank_of[card] != ranked[1]:
            continue
        made = (index, ranked[1], against, model.hands[index].clause)
        if model.drawn_paid_only:
            stock.paid_as[seat] = made
        hands[seat] = (ranked if model.drawn_paid_only else made), points, tops, rules.bonus_of.get(against), repeated


def _made_seats(state: BettingState, hands: list[Held]) -> set[int]:
    """The seats whose hand the draw made (none in most deals)."""
    rule, stock = state.rules.model.stock_draw, state.stock
    if rule is None or stock is None or not stock.drawn:
        return set()
    made = set()
    for seat, _card in stock.drawn:
        ranked = stock.paid_as.get(seat) or hands[seat][0]
        if ranked is not None and ranked[2] == rule.value[1]:
            made.add(seat)
    return made


def _held(rules: VyingRules, table: Table, cards: Sequence[int], up: int, key: int) -> Held:
    """What `cards` hold beside turned cards of the ranks `up` (a mask), kept under `key`."""
    rank_of = table.rank_of
    counts: dict[int, int] = {}
    for card in cards:  # a hand of a few cards: a plain dict is cheaper than a Counter
        rank = rank_of[card]
        counts[rank] = counts.get(rank, 0) + 1
    repeated = 0
    for rank, count in counts.items():
        if count >= 2:
            repeated |= 1 << rank
    ranked = _rank_hand(rules, table, cards, up, counts)
    points, tops = _suit_rows(table, rules.suit_bits, cards)
    held = ranked, points, tops, rules.bonus_of.get(ranked[2]) if ranked is not None else None, repeated
    if len(rules.ranked) < _MEMO_CAP:
        rules.ranked[key] = held
    return held


def _suit_rows(table: Table, bits: int, cards: Iterable[int]) -> tuple[int, tuple[int, ...]]:
    """(points in each suit packed, `bits` a suit; rank order plus one of the highest card in each
    suit, or 0)."""
    suit_of, points_of, rank_of = table.suit_of, table.points, table.rank_of
    points, tops = 0, [0] * len(table.suit_codes)
    for card in cards:
        suit = suit_of[card]
        points += points_of[card] << bits * suit
        top = rank_of[card] + 1
        if top > tops[suit]:
            tops[suit] = top
    return points, tuple(tops)


# The patterns as module names: a member looked up on its enum class costs ten times as much.
_TRIPS_TURNED, _TRIPS = HandPattern.THREE_OF_TURNED_RANK, HandPattern.THREE_OF_A_KIND
_PAIR_TURNED, _PAIR_WITH = HandPattern.PAIR_OF_TURNED_RANK, HandPattern.PAIR_WITH


def _rank_hand(rules: VyingRules, table: Table, cards: Sequence[int], up: int,
               counts: dict[int, int]) -> RankedHand | None:
    """The best hand of the ranking that `cards` (with `counts` cards of each rank) make beside
    turned cards of the ranks `up` (a mask), or None."""
    rank_of: tuple[int, ...] = table.rank_of
    ranks = sorted(counts.items(), reverse=True)  # higher cards first
    for index, hand in enumerate(rules.model.hands):
        pattern = hand.pattern
        if pattern is _PAIR_WITH:  # a pair of another rank beside the named card
            named = table.card_id(hand.card) if hand.card is not None else None
            if named is not None and named in cards:
                pairs = [r for r, n in ranks if n >= 2 and r != rank_of[named]]
                if pairs:
                    return index, pairs[0], hand.name, hand.clause
        elif pattern is _TRIPS or pattern is _TRIPS_TURNED:
            turned = pattern is _TRIPS_TURNED
            for rank, count in ranks:
                if count >= 3 and (not turned or up >> rank & 1):
                    return index, rank, hand.name, hand.clause
        elif pattern is _PAIR_TURNED:
            for rank, count in ranks:
                if count == 2 and up >> rank & 1:
                    return index, rank, hand.name, hand.clause
    return None


def _suit_totals(table: Table, state: BettingState, hands: list[Held]) -> list[int]:
    """Each suit's points over the hands that count (`folded hands count`) and the turned card."""
    rules = state.rules
    folded = 0 if rules.folded_hands_count else state.folded_mask
    total = 0
    for seat, held in enumerate(hands):
        if not folded >> seat & 1:
            total += held[1]
    bits = rules.suit_bits
    if rules.turned_card_counts:
        for card in state.upcards:
            total += table.points[card] << bits * table.suit_of[card]
    mask = (1 << bits) - 1
    return [total >> shift & mask for shift in range(0, bits * len(table.suit_codes), bits)]


def _owner(deal: ShowdownDeal, rules: VyingRules, hands: list[Held], suit: int, eligible: list[int]) -> int | None:
    """The eligible player the suit goes to (`suit won by player holding ...`), if any holds it."""
    if rules.owner_by_points:
        holders = [seat for seat in eligible if hands[seat][2][suit]]
        if not holders:
            return None
        shift, mask = rules.suit_bits * suit, (1 << rules.suit_bits) - 1
        best = max(hands[seat][1] >> shift & mask for seat in holders)
        return _first_in_hand(deal, [seat for seat in holders if hands[seat][1] >> shift & mask == best])
    owner, top = None, 0
    for seat in range(len(hands)) if rules.owner_strict else eligible:  # ranks within a suit never tie
        held = hands[seat][2][suit]
        if held > top:
            owner, top = seat, held
    return owner if owner is None or not rules.owner_strict or owner in eligible else None


def _first_in_hand(deal: ShowdownDeal, seats: Container[int]) -> int:
    """Of `seats`, the first in turn order from the eldest hand (the one "in hand"), or from the
    dealer himself under `ties won by first from dealer`."""
    state = deal.betting
    n = deal.table.players
    seat = deal.dealer if state is not None and state.rules.ties_from_dealer else deal.eldest
    while seat not in seats:
        seat = (seat + 1) % n
    return seat


def _pot_winner(deal: ShowdownDeal, state: BettingState, hands: list[Held], eligible: list[int],
                suits_hint: frozenset[int] | None) -> PotWin:
    """The winner of one pot, with the message and clauses of the line, and the winning suits:
    every suit tied at the winning total that the winner holds, so a side pot decided "with the
    suit that won the main pot" does not depend on the order cards are listed in."""
    rules, table = state.rules, deal.table
    if len(eligible) == 1:
        return eligible[0], N_("{points} back: nobody else matched this part of his stake"), (), \
            rules.stakes_above_cited, suits_hint
    best: tuple[int, int, int] | None = None
    winners: list[int] = []
    made = _made_seats(state, hands) if state.stock is not None else _NOBODY
    for seat in eligible:  # the first category listed, then the highest rank
        hand = hands[seat][0]
        if hand is not None:
            # `drawn hand loses ties`: a hand the draw made comes after the same hand dealt.
            strength = (hand[0], int(seat in made and rules.model.drawn_loses_ties is not None), -hand[1])
            if best is None or strength < best:
                best, winners = strength, [seat]
            elif strength == best:
                winners.append(seat)
    if winners:
        winner = _first_in_hand(deal, winners)
        won = hands[winner][0]
        assert won is not None
        why = rules.hand_clauses[won[0]][len(winners) > 1]
        if made and rules.model.stock_draw is not None:  # the draw decided what the hands were
            why = cited(*why, rules.model.stock_draw.clause)
        return winner, N_("{points} pot won with a {hand} of {rank}"), \
            (("hand", rules.titles[won[2]]), ("rank", table.rank_codes[won[1]])), why, None
    if suits_hint:
        owners: dict[int, int] = {}
        for suit in sorted(suits_hint):
            owner = _owner(deal, rules, hands, suit, eligible)
            if owner is not None:
                owners.setdefault(owner, suit)
        if owners:
            winner = _first_in_hand(deal, owners)
            return winner, N_("{points} pot won with the suit that won the main pot ({suit})"), \
                (("suit", table.suit_codes[owners[winner]]),), \
                rules.main_suit_cited[len(owners) > 1], suits_hint
    totals = _suit_totals(table, state, hands)
    total = max(totals)
    while True:  # the highest total that an eligible player holds a suit at
        tied: dict[int, list[int]] = {}
        for suit, points in enumerate(totals):  # the suits at this total, in order
            if points == total:
                owner = _owner(deal, rules, hands, suit, eligible)
                if owner is not None:
                    tied.setdefault(owner, []).append(suit)
        if tied:
            winner = _first_in_hand(deal, tied)
            return winner, N_("{points} pot won on points: {total} in {suit}"), \
                (("total", total), ("suit", table.suit_codes[tied[winner][0]])), \
                rules.points_cited[len(tied) > 1], frozenset(tied[winner])
        lower = [points for points in totals if points < total]
        if not lower:
            break
        total = max(lower)
    return _first_in_hand(deal, eligible), N_("{points} pot won"), (), rules.points_cited[0], None


_NOBODY: frozenset[int] = frozenset()
_PAID_AS_DEALT: dict[int, RankedHand] = {}
"""`StockDrawState.paid_as` of a deal without a draw from the stock (only read)."""

_SEATS: dict[int, tuple[list[int], ...]] = {}
"""Players at the table -> for each set of seats as a bit mask, its seats in order."""


def _seats(n: int) -> tuple[list[int], ...]:
    found = _SEATS.get(n)
    if found is None:
        found = _SEATS[n] = tuple([s for s in range(n) if mask >> s & 1] for mask in range(1 << n))
    return found


def _pots(deal: ShowdownDeal, state: BettingState) -> list[tuple[int, list[int]]]:
    """Main pot first, then side pots: (chips, players who may win it, a list not to be changed).
    Stakes above an all in player form side pots, or go back to whoever put them in (then as
    pots only he may win)."""
    rules = state.rules
    n = deal.table.players
    folded, stake = state.folded_mask, state.stake
    active = (_SEATS.get(n) or _seats(n))[state.everyone & ~folded]
    if rules.all_in_wins_whole_pot or not state.everyone & ~folded & ~state.at_top:
        return [(state.carry + state.staked, active)]  # one pot: what the side pots below give when everyone in staked the same
    levels = sorted({stake[s] for s in active})
    if rules.stakes_above_go_back:
        short = [stake[s] for s in active if state.all_in_mask >> s & 1]
        cap = min(short) if short else levels[-1]
        back = [(sum(min(stake[s], cap) for s in range(n)) + state.carry, active)]
        return back + [(stake[seat] - cap, [seat]) for seat in range(n) if stake[seat] > cap]
    sizes: list[int] = []
    entitled: list[list[int]] = []
    previous = 0
    for level in levels:  # (plain loops: a generator per level costs more than the sums)
        chips = 0
        for put in stake:  # what each put in between the level below and this one
            if put > previous:
                chips += (put if put < level else level) - previous
        if chips:
            sizes.append(chips)
            entitled.append([s for s in active if stake[s] >= level])
        previous = level
    leftover = 0
    for put in stake:
        if put > previous:
            leftover += put - previous
    if not sizes:
        sizes.append(0)
        entitled.append(active)
    sizes[-1] += leftover
    sizes[0] += state.carry
    return list(zip(sizes, entitled))


def _bonus_payments(deal: ShowdownDeal, state: BettingState, balance: list[int],
                    cancelled: bool = False) -> list[Payment]:
    """Every holder of a bonus hand collects from every other player, folded or not; nobody
    pays more than the chips he has left (`balance`, updated in place). Holders are paid in turn
    from the eldest hand, so a short payer pays the first of them first. On a cancelled deal only
    the bonuses paid `also on cancelled deal` are paid."""
    hands = seat_hands(deal, state)
    rules = state.rules
    n = deal.table.players
    in_turn = [(deal.eldest + k) % n for k in range(n)]
    holders: dict[int, tuple[RankedHand, Bonus]] = {}
    paid_as = state.stock.paid_as if state.stock is not None else _PAID_AS_DEALT
    for seat in in_turn:
        hand, bonus = paid_as.get(seat) or hands[seat][0], hands[seat][3]
        if hand is not None and bonus is not None and (bonus.on_cancelled_deal or not cancelled):
            holders[seat] = (hand, bonus)
    if not holders:
        return []
    meeting = rules.model.bonus_meeting
    assert meeting is not None  # checked when the game loads: a game with bonuses says who pays whom
    # How the bonus hands meet: as they rank at the showdown (a hand the draw made after the same
    # hand dealt, under `drawn hand loses ties`).
    made = _made_seats(state, hands) if rules.model.drawn_loses_ties is not None else set()
    keys = {seat: (hand[0], int(seat in made), -hand[1]) for seat, (hand, _bonus) in holders.items()}
    paid_out: list[Payment] = []
    owed, can_pay = [0] * n, list(balance)
    for seat, (_hand, bonus) in holders.items():
        for payer in range(n):
            if payer != seat and _pays(keys[seat], keys.get(payer), meeting.value):
                owed[payer] += bonus.chips
    for seat, (hand, bonus) in holders.items():
        for payer in in_turn:
            if payer == seat:
                continue
            other = holders.get(payer)
            if not _pays(keys[seat], keys.get(payer), meeting.value):
                continue
            short = owed[payer] > can_pay[payer]  # the eldest-first order decides who is paid
            paid = min(bonus.chips, balance[payer])
            if paid <= 0:
                continue
            balance[payer] -= paid
            balance[seat] += paid
            why = cited(bonus.clause, meeting.clause if other is not None else None,
                        rules.eldest_clause if short else None)
            paid_out.append((seat, payer, paid, hand, why))
    return paid_out


def _pays(hand: tuple[int, int, int], other: tuple[int, int, int] | None, meeting: Meeting) -> bool:
    """Whether a player holding the hand ranked `other` (a bonus holder's, or None: no bonus
    hand) pays the bonus of the hand ranked `hand` (lower first): when two bonus hands meet, the
    lower pays the higher, or neither pays."""
    if other is None:
        return True
    return meeting is not Meeting.NEITHER_PAYS and hand < other


def _bonus_lines(rules: VyingRules, payments: list[Payment]) -> list[ScoreLine]:
    lines = []
    for seat, payer, paid, hand, why in payments:
        lines.append(ScoreLine(seat, paid, rules.account, N_("{points} bonus for a {hand} from seat {payer}"),
                               (("points", paid), ("hand", rules.titles[hand[2]]), ("payer", payer)), why))
        lines.append(ScoreLine(payer, -paid, rules.account, N_("{points} bonus paid to seat {holder}"),
                               (("points", -paid), ("holder", seat)), why))
    return lines


def hand_bonuses(deal: ShowdownDeal, balance: list[int], cancelled: bool = False) -> list[ScoreLine]:
    """The score lines of the bonuses for ranked hands (`_bonus_payments`), `balance` updated."""
    state = _state(deal)
    return _bonus_lines(state.rules, _bonus_payments(deal, state, balance, cancelled))


def settle_vying(deal: ShowdownDeal) -> Settlement:
    """What the deal writes to each account, and its score lines (built when called): the
    stakes, the pots and who wins each, the bonuses."""
    state = _state(deal)
    rules = state.rules
    account = rules.account
    stake = state.stake
    pot = state.carry + state.staked
    net = [-chips for chips in stake]  # what each wins or loses in the deal
    won: list[Line] = []
    written = {account: net}
    if state.pass_out:
        if state.pot_goes_to_last_blind:
            winner = state.blinders[-1]
            won.append((winner, pot, account, N_("{points} pot taken by the last blind: everyone passed"),
                        (("points", pot),), rules.pass_out_cited))
            net[winner] += pot
        else:
            won.append((deal.dealer, 0, "pot", N_("everyone passed: the pot of {pot} stays for the next deal"),
                        (("pot", pot),), rules.pass_out_cited))
            written["pot"] = [0] * len(stake)
    elif state.won_by_fold is not None:
        won.append((state.won_by_fold, pot, account, N_("{points} pot won: every other player folded"),
                    (("points", pot),), rules.betting_end_cited))
        net[state.won_by_fold] += pot
    else:
        hands = seat_hands(deal, state)
        suits = None
        for index, (chips, eligible) in enumerate(_pots(deal, state)):
            hint = suits if index and rules.side_pot_by_main_suit else None
            winner, message, values, why, suits_won = _pot_winner(deal, state, hands, eligible, hint)
            if index == 0:
                suits = suits_won
            else:
                why = cited(*why, rules.stakes_above_clause)
            won.append((winner, chips, account, message, (("points", chips),) + values, why))
            net[winner] += chips
    paid: list[Payment] = []
    # A deal won by folding, or passed out, ends without the cards being shown.
    if not rules.bonuses_at_showdown or (not state.pass_out and state.won_by_fold is None):
        for held in state.held or seat_hands(deal, state):
            if held[3] is not None:  # in most deals nobody holds a hand that earns a bonus
                balance = [chips + change for chips, change in zip(state.chips_at_start, net)]  # paid from what is left
                paid = _bonus_payments(deal, state, balance)
                for holder, payer, chips, _hand, _why in paid:
                    net[holder] += chips
                    net[payer] -= chips
                break
    return written, partial(_lines, state, won, paid)


def _lines(state: BettingState, won: list[Line], paid: list[Payment]) -> tuple[ScoreLine, ...]:
    """The score lines of a settled deal: the stakes, the pots won, the bonuses."""
    account = state.rules.account
    out = [ScoreLine(seat, -chips, account, _STAKED, (("points", -chips),), state.stake_clauses(seat))
           for seat, chips in enumerate(state.stake) if chips]
    out += [ScoreLine(*line) for line in won]
    out += _bonus_lines(state.rules, paid)
    return tuple(out)
