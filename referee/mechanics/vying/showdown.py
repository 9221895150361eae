"""The showdown of a vying game and the settling of its chips: hand ranking (three of a kind and
the like), suit points gathered from every hand, main and side pots, and bonuses paid by every
player to the holder of a ranked hand."""

from __future__ import annotations

from collections.abc import Container, Iterable
from typing import Protocol

from ...engine.table import Table
from ...i18n import N_
from ...verdicts import ScoreLine
from ..base import DealCore
from .compiled import Held, RankedHand, VyingRules, cited, clause
from .rules import AllInWin, Bonus, Excess, HandPattern, Meeting, SidePotRule
from .state import BettingState

__all__ = ["ShowdownDeal", "settle_vying", "seat_hands", "hand_bonuses"]


class ShowdownDeal(DealCore, Protocol):
    betting: BettingState | None


_STAKED = N_("{points} staked")

_MEMO_CAP = 250_000
"""Most hands `VyingRules.ranked` keeps: a few thousand for three cards from a short pack; the cap
only bounds the memory of a game dealing many cards from a long one."""

PotWin = tuple[int, str, tuple[tuple[str, str | int], ...], tuple[str, ...], frozenset[int] | None]
"""(winner, message, values, clauses, winning suits or None) of one pot."""


def _state(deal: ShowdownDeal) -> BettingState:
    state = deal.betting
    assert state is not None, "the showdown settles a vying deal"
    return state


def seat_hands(deal: ShowdownDeal) -> list[Held]:
    """What every seat holds (`compiled.Held`), worked out once per deal. Each is looked up by the
    bit mask of the seat's cards and the turned cards' ranks in the game's table of hands met so
    far (`VyingRules.ranked`)."""
    state = _state(deal)
    hands = state.held
    if hands is None:
        rules, table = state.rules, deal.table
        memo = rules.ranked
        up = 0
        for card in state.upcards:  # a hand depends on the turned cards' ranks alone
            up |= 1 << table.rank_of[card]
        up <<= len(table.cards)  # the turned ranks above the hand's cards, so that one int is the key
        hands = []
        for cards in state.dealt:
            key = up
            for card in cards:
                key |= 1 << card
            held = memo.get(key)
            if held is None:
                points, tops = _suit_rows(table, cards)
                held = _rank_hand(rules, table, cards, state.upcards), points, tops
                if len(memo) < _MEMO_CAP:
                    memo[key] = held
            hands.append(held)
        state.held = hands
    return hands


def _suit_rows(table: Table, cards: Iterable[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(points in each suit, rank order plus one of the highest card in each suit or 0)."""
    points, tops = [0] * len(table.suit_codes), [0] * len(table.suit_codes)
    for card in cards:
        suit = table.suit_of[card]
        points[suit] += table.points[card]
        tops[suit] = max(tops[suit], table.rank_of[card] + 1)
    return tuple(points), tuple(tops)


def _rank_hand(rules: VyingRules, table: Table, cards: tuple[int, ...],
               upcards: tuple[int, ...]) -> RankedHand | None:
    """The best hand of the ranking that `cards` make beside `upcards`, or None."""
    rank_of: tuple[int, ...] = table.rank_of
    counts: dict[int, int] = {}
    for card in cards:  # a hand of a few cards: a plain dict is cheaper than a Counter
        rank = rank_of[card]
        counts[rank] = counts.get(rank, 0) + 1
    ranks = sorted(counts.items(), reverse=True)
    up_ranks = {rank_of[c] for c in upcards}
    for index, hand in enumerate(rules.model.hands):
        pattern = hand.pattern
        if pattern is HandPattern.PAIR_WITH:  # a pair of another rank beside the named card
            named = table.card_id(hand.card) if hand.card is not None else None
            if named is not None and named in cards:
                pairs = [r for r, n in ranks if n >= 2 and r != rank_of[named]]
                if pairs:
                    return index, pairs[0], hand.name, hand.clause
            continue
        for rank, count in ranks:  # higher cards first
            if pattern is HandPattern.THREE_OF_TURNED_RANK and count >= 3 and rank in up_ranks \
                    or pattern is HandPattern.THREE_OF_A_KIND and count >= 3 \
                    or pattern is HandPattern.PAIR_OF_TURNED_RANK and count == 2 and rank in up_ranks:
                return index, rank, hand.name, hand.clause
    return None


def _suit_totals(deal: ShowdownDeal, state: BettingState) -> list[int]:
    """Each suit's points over the hands that count (`folded hands count`) and the turned card."""
    model, table = state.rules.model, deal.table
    folded = 0 if model.folded_hands is not None and model.folded_hands.value else state.folded_mask
    rows = [held[1] for seat, held in enumerate(seat_hands(deal)) if not folded >> seat & 1]
    totals = list(map(sum, zip(*rows))) if rows else [0] * len(table.suit_codes)
    if model.turned_card is not None and model.turned_card.value:
        for card in state.upcards:
            totals[table.suit_of[card]] += table.points[card]
    return totals


def _owner(deal: ShowdownDeal, state: BettingState, suit: int, eligible: list[int]) -> int | None:
    """The eligible player the suit goes to (`suit won by player holding ...`), if any holds it."""
    hands = seat_hands(deal)
    if state.rules.owner_by_points:
        holders = [seat for seat in eligible if hands[seat][2][suit]]
        if not holders:
            return None
        best = max(hands[seat][1][suit] for seat in holders)
        return _first_in_hand(deal, [seat for seat in holders if hands[seat][1][suit] == best])
    owner, top = None, 0
    for seat in eligible:  # its highest card: ranks within a suit never tie
        held = hands[seat][2][suit]
        if held > top:
            owner, top = seat, held
    return owner


def _first_in_hand(deal: ShowdownDeal, seats: Container[int]) -> int:
    """Of `seats`, the first in turn order from the eldest hand (the one "in hand")."""
    n, seat = deal.table.players, deal.eldest
    while seat not in seats:
        seat = (seat + 1) % n
    return seat


def _pot_winner(deal: ShowdownDeal, state: BettingState, eligible: list[int],
                suits_hint: frozenset[int] | None) -> PotWin:
    """The winner of one pot, with the message and clauses of the line, and the winning suits:
    every suit tied at the winning total that the winner holds, so a side pot decided "with the
    suit that won the main pot" does not depend on the order cards are listed in."""
    rules, table = state.rules, deal.table
    model = rules.model
    if len(eligible) == 1:
        return eligible[0], N_("{points} back: nobody else matched this part of his stake"), (), \
            cited(clause(model.stakes_above)), suits_hint
    hands = [held[0] for held in seat_hands(deal)]
    ranked = [(hand[0], -hand[1]) for hand in map(hands.__getitem__, eligible) if hand is not None]
    if ranked:
        best = min(ranked)  # the first category listed, then the highest rank
        winners = [s for s in eligible if (hand := hands[s]) is not None and (hand[0], -hand[1]) == best]
        winner = _first_in_hand(deal, winners)
        won = hands[winner]
        assert won is not None
        rank_code = table.deck.ranks[won[1]].code
        return winner, N_("{points} pot won with a {hand} of {rank}"), (("hand", rules.title(won[2])),
                                                                         ("rank", rank_code)), \
            rules.hand_clauses[won[0]][len(winners) > 1], None
    clauses, ties = rules.points_clauses, rules.ties_clause
    if suits_hint:
        owners: dict[int, int] = {}
        for suit in sorted(suits_hint):
            owner = _owner(deal, state, suit, eligible)
            if owner is not None:
                owners.setdefault(owner, suit)
        if owners:
            winner = _first_in_hand(deal, owners)
            return winner, N_("{points} pot won with the suit that won the main pot ({suit})"), \
                (("suit", table.suit_codes[owners[winner]]),), \
                cited(*clauses, clause(model.side_pot_winner), ties if len(owners) > 1 else None), suits_hint
    totals = _suit_totals(deal, state)
    for total in sorted(set(totals), reverse=True):
        tied: dict[int, list[int]] = {}
        for suit, points in enumerate(totals):  # the suits at this total, in order
            if points == total:
                owner = _owner(deal, state, suit, eligible)
                if owner is not None:
                    tied.setdefault(owner, []).append(suit)
        if tied:
            winner = _first_in_hand(deal, tied)
            return winner, N_("{points} pot won on points: {total} in {suit}"), \
                (("total", total), ("suit", table.suit_codes[tied[winner][0]])), \
                rules.points_cited[len(tied) > 1], frozenset(tied[winner])
    return _first_in_hand(deal, eligible), N_("{points} pot won"), (), rules.points_cited[0], None


def _pots(deal: ShowdownDeal, state: BettingState) -> list[tuple[int, list[int]]]:
    """Main pot first, then side pots: (chips, players who may win it). Stakes above an all in
    player form side pots, or go back to whoever put them in (then as pots only he may win)."""
    model = state.rules.model
    n = deal.table.players
    folded, all_in, stake = state.folded_mask, state.all_in_mask, state.stake
    active = [s for s in range(n) if not folded >> s & 1]
    assert model.all_in_winnings is not None  # a need of the betting
    if model.all_in_winnings.value is AllInWin.WHOLE_POT:
        return [(state.pot, active)]
    assert model.stakes_above is not None  # checked when the game loads: an all in player wins his stake
    levels = sorted({stake[s] for s in active})
    if len(levels) == 1 and model.stakes_above.value is not Excess.GO_BACK:
        return [(state.pot, active)]  # everyone still in staked the same: one pot, what the loop below gives
    if model.stakes_above.value is Excess.GO_BACK:
        short = [stake[s] for s in active if all_in >> s & 1]
        cap = min(short) if short else levels[-1]
        back = [(sum(min(stake[s], cap) for s in range(n)) + state.carry, active)]
        return back + [(stake[seat] - cap, [seat]) for seat in range(n) if stake[seat] > cap]
    sizes: list[int] = []
    entitled: list[list[int]] = []
    previous = 0
    for level in levels:
        chips = sum(min(stake[s], level) - min(stake[s], previous) for s in range(n))
        if chips:
            sizes.append(chips)
            entitled.append([s for s in active if stake[s] >= level])
        previous = level
    leftover = sum(max(0, stake[s] - previous) for s in range(n))
    if not sizes:
        sizes.append(0)
        entitled.append(active)
    sizes[-1] += leftover
    sizes[0] += state.carry
    return list(zip(sizes, entitled))


def hand_bonuses(deal: ShowdownDeal, balance: list[int], cancelled: bool = False) -> list[ScoreLine]:
    """Every holder of a bonus hand collects from every other player, folded or not; nobody
    pays more than the chips he has left (`balance`, updated in place). Holders are paid in turn
    from the eldest hand, so a short payer pays the first of them first. On a cancelled deal only
    the bonuses paid `also on cancelled deal` are paid."""
    rules = _state(deal).rules
    model = rules.model
    n = deal.table.players
    hands, bonus_of = seat_hands(deal), rules.bonus_of
    in_turn = [(deal.eldest + k) % n for k in range(n)]
    holders: dict[int, tuple[RankedHand, Bonus]] = {}
    for seat in in_turn:
        hand = hands[seat][0]
        bonus = bonus_of.get(hand[2]) if hand is not None else None
        if hand is not None and bonus is not None and (bonus.on_cancelled_deal or not cancelled):
            holders[seat] = (hand, bonus)
    if not holders:  # most deals: nobody holds a hand that earns a bonus
        return []
    lines = []
    meeting = model.bonus_meeting
    assert meeting is not None  # checked when the game loads: a game with bonuses says who pays whom
    owed, can_pay = [0] * n, list(balance)
    for seat, (hand, bonus) in holders.items():
        for payer in range(n):
            if payer != seat and _pays(hand, holders.get(payer), meeting.value):
                owed[payer] += bonus.chips
    for seat, (hand, bonus) in holders.items():
        for payer in in_turn:
            if payer == seat:
                continue
            other = holders.get(payer)
            if not _pays(hand, other, meeting.value):
                continue
            short = owed[payer] > can_pay[payer]  # the eldest-first order decides who is paid
            paid = min(bonus.chips, balance[payer])
            if paid <= 0:
                continue
            balance[payer] -= paid
            balance[seat] += paid
            why = cited(bonus.clause, meeting.clause if other is not None else None,
                        rules.eldest_clause if short else None)
            lines.append(ScoreLine(seat, paid, rules.account, N_("{points} bonus for a {hand} from seat {payer}"),
                                   (("points", paid), ("hand", rules.title(hand[2])), ("payer", payer)), why))
            lines.append(ScoreLine(payer, -paid, rules.account, N_("{points} bonus paid to seat {holder}"),
                                   (("points", -paid), ("holder", seat)), why))
    return lines


def _pays(hand: RankedHand, other: tuple[RankedHand, Bonus] | None, meeting: Meeting) -> bool:
    """Whether a player holding `other` (a bonus holder's (hand, bonus), or None) pays the bonus
    of `hand`: when two bonus hands meet, the lower pays the higher, or neither pays."""
    if other is None:
        return True
    return meeting is not Meeting.NEITHER_PAYS and (hand[0], -hand[1]) < (other[0][0], -other[0][1])


def settle_vying(deal: ShowdownDeal) -> list[ScoreLine]:
    state = _state(deal)
    rules = state.rules
    model = rules.model
    account = rules.account
    clauses_of = state.stake_clauses
    balance = list(state.chips_at_start)  # what each has left once the pots are paid: bonuses are paid from it
    lines: list[ScoreLine] = []
    for seat, chips in enumerate(state.stake):
        if chips:
            lines.append(ScoreLine(seat, -chips, account, _STAKED, (("points", -chips),), tuple(clauses_of[seat])))
            balance[seat] -= chips
    pot = state.pot
    if state.pass_out:
        assert model.pass_out is not None
        if state.pot_goes_to_last_blind:
            winner = state.blinders[-1]
            lines.append(ScoreLine(winner, pot, account, N_("{points} pot taken by the last blind: everyone passed"),
                                   (("points", pot),), (model.pass_out.clause,)))
            balance[winner] += pot
        else:
            lines.append(ScoreLine(deal.dealer, 0, "pot", N_("everyone passed: the pot of {pot} stays for the next deal"),
                                   (("pot", pot),), (model.pass_out.clause,)))
    elif state.won_by_fold is not None:
        assert model.betting_end is not None
        lines.append(ScoreLine(state.won_by_fold, pot, account, N_("{points} pot won: every other player folded"),
                               (("points", pot),), (model.betting_end.clause,)))
        balance[state.won_by_fold] += pot
    else:
        suits = None
        by_main_suit = model.side_pot_winner is not None \
            and model.side_pot_winner.value is SidePotRule.WITH_MAIN_POT_SUIT
        for index, (chips, eligible) in enumerate(_pots(deal, state)):
            hint = suits if index and by_main_suit else None
            winner, message, values, why, won = _pot_winner(deal, state, eligible, hint)
            if index == 0:
                suits = won
            else:
                why = cited(*why, clause(model.stakes_above))
            lines.append(ScoreLine(winner, chips, account, message, (("points", chips),) + values, why))
            balance[winner] += chips
    # A deal won by folding, or passed out, ends without the cards being shown.
    if model.bonuses_at_showdown is None or (not state.pass_out and state.won_by_fold is None):
        lines.extend(hand_bonuses(deal, balance))
    return lines
