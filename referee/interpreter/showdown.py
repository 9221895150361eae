"""The showdown of a vying game and the settling of its chips: hand ranking (three of a kind and
the like), suit points gathered from every hand, main and side pots, and bonuses paid by every
player to the holder of a ranked hand."""

from __future__ import annotations

from collections import Counter

from ..i18n import N_
from ..verdicts import ScoreLine

__all__ = ["settle_vying", "hand_of", "hand_bonuses"]


def hand_of(deal, seat: int):
    """(category index, rank order, hand name, clause) of a seat's best ranked hand, or None
    when it holds none (it then competes on suit points)."""
    cache = deal.__dict__.setdefault("_hands", {})
    if seat not in cache:
        cache[seat] = _rank_hand(deal, seat)
    return cache[seat]


def _rank_hand(deal, seat: int):
    rules, table = deal.vying, deal.table
    ranks = Counter(table.rank_of[c] for c in deal.dealt_hands[seat])
    up_ranks = {table.rank_of[c] for c in deal.upcards}
    for index, (name, _title, pattern, clause) in enumerate(rules.hands):
        if pattern == "three_of_upcard_rank":
            for rank, count in ranks.items():
                if count >= 3 and rank in up_ranks:
                    return index, rank, name, clause
        elif pattern == "three_of_a_kind":
            for rank, count in ranks.items():
                if count >= 3:
                    return index, rank, name, clause
        elif pattern == "pair_and_upcard":
            for rank, count in ranks.items():
                if count == 2 and rank in up_ranks:
                    return index, rank, name, clause
    return None


def _suit_totals(deal) -> dict[int, int]:
    rules, table = deal.vying, deal.table
    totals: Counter = Counter()
    counted = [c for seat in range(table.players) for c in deal.dealt_hands[seat]
               if seat not in deal.folded or "folded_hands_count" in rules.showdown]
    if "upcard_counts" in rules.showdown:
        counted += list(deal.upcards)
    for card in counted:
        totals[table.suit_of[card]] += deal.points_of[card]
    return dict(totals)


def _owner(deal, suit: int, eligible: list[int]) -> int | None:
    """The eligible player holding the highest card of `suit`, if any holds one."""
    table = deal.table
    best = None
    for seat in eligible:
        for card in deal.dealt_hands[seat]:
            if table.suit_of[card] == suit and (best is None or table.rank_of[card] > table.rank_of[best[1]]):
                best = (seat, card)
    return best[0] if best else None


def _first_in_hand(deal, seats) -> int:
    """Of `seats`, the first in turn order from the eldest hand (the one "in hand")."""
    return min(seats, key=lambda s: (s - deal.eldest) % deal.table.players)


def _pot_winner(deal, eligible: list[int], suit_hint: int | None):
    """(winner, message, values, clauses, winning suit or None) for one pot."""
    rules, table = deal.vying, deal.table
    if len(eligible) == 1:
        side = rules.stakes.get("side_pots")
        return eligible[0], N_("{points} back: nobody else matched this part of his stake"), (), \
            tuple(c for c in (side,) if c), suit_hint
    ranked = {s: hand_of(deal, s) for s in eligible}
    with_hands = {s: h for s, h in ranked.items() if h is not None}
    if with_hands:
        best = min(with_hands.values(), key=lambda h: (h[0], -h[1]))
        winners = [s for s, h in with_hands.items() if h[:2] == best[:2]]
        winner = _first_in_hand(deal, winners)
        order_clause = rules.showdown.get("ranking_by_order")
        rank_code = table.deck.ranks[best[1]].code
        return winner, N_("{points} pot won with a {hand} of {rank}"), (("hand", _title(rules, best[2])),
                                                                          ("rank", rank_code)), \
            (best[3],) + ((order_clause,) if order_clause else ()), None
    points_hand = rules.hand("suit_points")
    clauses = tuple(c for c in (points_hand[3] if points_hand else None,
                                rules.showdown.get("highest_card_takes_suit")) if c)
    if suit_hint is not None:
        owner = _owner(deal, suit_hint, eligible)
        if owner is not None:
            side = rules.stakes.get("side_pot_by_winning_suit")
            return owner, N_("{points} pot won with the suit that won the main pot ({suit})"), \
                (("suit", table.suit_codes[suit_hint]),), clauses + ((side,) if side else ()), suit_hint
    totals = _suit_totals(deal)
    for total in sorted(set(totals.values()), reverse=True):
        suits = [s for s, t in totals.items() if t == total]
        owners = {}
        for suit in suits:
            owner = _owner(deal, suit, eligible)
            if owner is not None:
                owners[owner] = suit
        if owners:
            winner = _first_in_hand(deal, owners)
            tie = rules.showdown.get("ties_to_eldest") if len(owners) > 1 else None
            return winner, N_("{points} pot won on points: {total} in {suit}"), \
                (("total", total), ("suit", table.suit_codes[owners[winner]])), \
                clauses + ((tie,) if tie else ()), owners[winner]
    return _first_in_hand(deal, eligible), N_("{points} pot won"), (), clauses, None


def _title(rules, name: str) -> str:
    return next((t for n, t, _, _ in rules.hands if n == name), name)


def _pots(deal) -> list[tuple[int, list[int]]]:
    """Main pot first, then side pots: (chips, players who may win it)."""
    n = deal.table.players
    active = [s for s in range(n) if s not in deal.folded]
    levels = sorted({deal.stake[s] for s in active})
    pots, previous = [], 0
    for level in levels:
        chips = sum(min(deal.stake[s], level) - min(deal.stake[s], previous) for s in range(n))
        eligible = [s for s in active if deal.stake[s] >= level]
        if chips:
            pots.append([chips, eligible])
        previous = level
    leftover = sum(max(0, deal.stake[s] - previous) for s in range(n))
    if not pots:
        pots.append([0, active])
    pots[-1][0] += leftover
    pots[0][0] += deal.carry
    return [(chips, eligible) for chips, eligible in pots]


def hand_bonuses(deal, balance: list[int]) -> list[ScoreLine]:
    """Every holder of a bonus hand collects from every other player, folded or not; nobody
    pays more than the chips he has left (`balance`, updated in place)."""
    rules = deal.vying
    n = deal.table.players
    holders = {}
    for seat in range(n):
        hand = hand_of(deal, seat)
        if hand is not None and hand[2] in rules.bonuses:
            holders[seat] = hand
    lines = []
    for seat, hand in holders.items():
        amount, words, clause = rules.bonuses[hand[2]]
        for payer in range(n):
            if payer == seat:
                continue
            other = holders.get(payer)
            if other is not None:
                higher = (hand[0], -hand[1]) < (other[0], -other[1])
                if "two_cancel" in words or ("higher_does_not_pay_lower" in words and not higher):
                    continue
            paid = min(amount, balance[payer])
            if paid <= 0:
                continue
            balance[payer] -= paid
            balance[seat] += paid
            lines.append(ScoreLine(seat, paid, rules.account, N_("{points} bonus for a {hand} from seat {payer}"),
                                   (("points", paid), ("hand", _title(rules, hand[2])), ("payer", payer)), (clause,)))
            lines.append(ScoreLine(payer, -paid, rules.account, N_("{points} bonus paid to seat {holder}"),
                                   (("points", -paid), ("holder", seat)), (clause,)))
    return lines


def settle_vying(deal) -> list[ScoreLine]:
    rules = deal.vying
    account = rules.account
    n = deal.table.players
    lines: list[ScoreLine] = []
    for seat in range(n):
        if deal.stake[seat]:
            lines.append(ScoreLine(seat, -deal.stake[seat], account, N_("{points} staked"),
                                   (("points", -deal.stake[seat]),), tuple(deal.stake_clauses[seat])))
    deal.carry_out = 0
    if deal.pass_out:
        outcome = rules.all_pass
        if deal.blinders and outcome and "pot_to_last_blind" in outcome[0]:
            winner = deal.blinders[-1]
            lines.append(ScoreLine(winner, deal.pot, account, N_("{points} pot taken by the last blind: everyone passed"),
                                   (("points", deal.pot),), (outcome[1],)))
        else:
            deal.carry_out = deal.pot
            clause = outcome[1] if outcome else None
            carry = rules.stakes.get("pot_carries_over")
            lines.append(ScoreLine(deal.dealer, 0, "pot", N_("everyone passed: the pot of {pot} stays for the next deal"),
                                   (("pot", deal.pot),), tuple(c for c in (clause, carry) if c)))
    elif deal.won_by_fold is not None:
        lines.append(ScoreLine(deal.won_by_fold, deal.pot, account, N_("{points} pot won: every other player folded"),
                               (("points", deal.pot),), tuple(c for c in (rules.bet.get("all_called_ends"),) if c)))
    else:
        suit = None
        for index, (chips, eligible) in enumerate(_pots(deal)):
            winner, message, values, clauses, won_suit = _pot_winner(deal, eligible, suit if index else None)
            if index == 0:
                suit = won_suit
            else:
                side = rules.stakes.get("side_pots")
                clauses = clauses + ((side,) if side else ())
            lines.append(ScoreLine(winner, chips, account, message, (("points", chips),) + values,
                                   tuple(dict.fromkeys(clauses))))
    balance = list(deal.chips_at_start)
    for line in lines:
        if line.account == account:
            balance[line.seat] += line.points
    lines.extend(hand_bonuses(deal, balance))
    return lines
