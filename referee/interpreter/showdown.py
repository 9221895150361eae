"""The showdown of a vying game and the settling of its chips: hand ranking (three of a kind and
the like), suit points gathered from every hand, main and side pots, and bonuses paid by every
player to the holder of a ranked hand."""

from __future__ import annotations

from ..i18n import N_
from ..verdicts import ScoreLine
from .vying import cited, clause

__all__ = ["settle_vying", "hand_of", "seat_hands", "hand_bonuses"]


_STAKED = N_("{points} staked")

_MEMO_CAP = 250_000
"""Most hands `VyingRules.ranked` keeps: a few thousand for three cards from a short pack; the cap
only bounds the memory of a game dealing many cards from a long one."""


def hand_of(deal, seat: int):
    """(category index, rank order, hand name, clause) of a seat's best ranked hand, or None
    when it holds none (it then competes on suit points)."""
    return seat_hands(deal)[seat][0]


def seat_hands(deal) -> list[tuple]:
    """For every seat, worked out once per deal: (its hand as `hand_of` gives it, its points in
    each suit, and in each suit the rank order of its highest card plus one, 0 where it holds
    none). Each is looked up by the bit mask of the seat's cards and the turned cards' ranks in
    the game's table of hands met so far (`VyingRules.ranked`)."""
    hands = deal.__dict__.get("_hands")
    if hands is None:
        rules, table = deal.vying, deal.table
        memo = rules.ranked
        up = 0
        for card in deal.upcards:  # a hand depends on the turned cards' ranks alone
            up |= 1 << table.rank_of[card]
        up <<= len(table.cards)  # the turned ranks above the hand's cards, so that one int is the key
        hands = []
        for cards in deal.dealt_hands:
            key = up
            for card in cards:
                key |= 1 << card
            held = memo.get(key)
            if held is None:
                held = _rank_hand(rules, table, cards, deal.upcards), *_suit_rows(table, cards)
                if len(memo) < _MEMO_CAP:
                    memo[key] = held
            hands.append(held)
        deal._hands = hands
    return hands


def _suit_rows(table, cards) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(points in each suit, rank order plus one of the highest card in each suit or 0)."""
    points, tops = [0] * len(table.suit_codes), [0] * len(table.suit_codes)
    for card in cards:
        suit = table.suit_of[card]
        points[suit] += table.points[card]
        tops[suit] = max(tops[suit], table.rank_of[card] + 1)
    return tuple(points), tuple(tops)


def _rank_hand(rules, table, cards, upcards):
    rank_of, counts = table.rank_of, {}
    for card in cards:  # a hand of a few cards: a plain dict is cheaper than a Counter
        rank = rank_of[card]
        counts[rank] = counts.get(rank, 0) + 1
    ranks = sorted(counts.items(), reverse=True)
    up_ranks = {rank_of[c] for c in upcards}
    for index, hand in enumerate(rules.model.hands):
        pattern = hand.pattern
        if pattern == "pair with":  # a pair of another rank beside the named card
            card = table.card_id(hand.card)
            if card is not None and card in cards:
                pairs = [r for r, n in ranks if n >= 2 and r != rank_of[card]]
                if pairs:
                    return index, pairs[0], hand.name, hand.clause
            continue
        for rank, count in ranks:  # higher cards first
            if pattern == "three of a kind of turned rank" and count >= 3 and rank in up_ranks \
                    or pattern == "three of a kind" and count >= 3 \
                    or pattern == "pair of turned rank" and count == 2 and rank in up_ranks:
                return index, rank, hand.name, hand.clause
    return None


def _suit_totals(deal) -> list[int]:
    """Each suit's points over the hands that count (`folded hands count`) and the turned card."""
    model, table = deal.vying.model, deal.table
    folded = 0 if model.folded_hands.value else deal.folded_mask
    rows = [held[1] for seat, held in enumerate(seat_hands(deal)) if not folded >> seat & 1]
    totals = list(map(sum, zip(*rows))) if rows else [0] * len(table.suit_codes)
    if model.turned_card.value:
        for card in deal.upcards:
            totals[table.suit_of[card]] += table.points[card]
    return totals


def _owner(deal, suit: int, eligible: list[int]) -> int | None:
    """The eligible player the suit goes to (`suit won by player holding ...`), if any holds it."""
    hands = seat_hands(deal)
    if deal.vying.owner_by_points:
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


def _first_in_hand(deal, seats) -> int:
    """Of `seats`, the first in turn order from the eldest hand (the one "in hand")."""
    n, seat = deal.table.players, deal.eldest
    while seat not in seats:
        seat = (seat + 1) % n
    return seat


def _pot_winner(deal, eligible: list[int], suits_hint: frozenset[int] | None):
    """(winner, message, values, clauses, winning suits or None) for one pot. The winning suits
    are every suit tied at the winning total that the winner holds, so a side pot decided "with
    the suit that won the main pot" does not depend on the order cards are listed in."""
    rules, table = deal.vying, deal.table
    model = rules.model
    if len(eligible) == 1:
        return eligible[0], N_("{points} back: nobody else matched this part of his stake"), (), \
            cited(clause(model.stakes_above)), suits_hint
    hands = [held[0] for held in seat_hands(deal)]
    ranked = [(hand[0], -hand[1]) for hand in map(hands.__getitem__, eligible) if hand is not None]
    if ranked:
        best = min(ranked)  # the first category listed, then the highest rank
        winners = [s for s in eligible if hands[s] is not None and (hands[s][0], -hands[s][1]) == best]
        winner = _first_in_hand(deal, winners)
        hand = hands[winner]
        rank_code = table.deck.ranks[hand[1]].code
        return winner, N_("{points} pot won with a {hand} of {rank}"), (("hand", rules.title(hand[2])),
                                                                          ("rank", rank_code)), \
            rules.hand_clauses[hand[0]][len(winners) > 1], None
    clauses, ties = rules.points_clauses, rules.ties_clause
    if suits_hint:
        owners = {}
        for suit in sorted(suits_hint):
            owner = _owner(deal, suit, eligible)
            if owner is not None:
                owners.setdefault(owner, suit)
        if owners:
            winner = _first_in_hand(deal, owners)
            return winner, N_("{points} pot won with the suit that won the main pot ({suit})"), \
                (("suit", table.suit_codes[owners[winner]]),), \
                cited(*clauses, clause(model.side_pot_winner), ties if len(owners) > 1 else None), suits_hint
    totals = _suit_totals(deal)
    for total in sorted(set(totals), reverse=True):
        owners: dict[int, list[int]] = {}
        for suit, points in enumerate(totals):  # the suits at this total, in order
            if points == total:
                owner = _owner(deal, suit, eligible)
                if owner is not None:
                    owners.setdefault(owner, []).append(suit)
        if owners:
            winner = _first_in_hand(deal, owners)
            return winner, N_("{points} pot won on points: {total} in {suit}"), \
                (("total", total), ("suit", table.suit_codes[owners[winner][0]])), \
                rules.points_cited[len(owners) > 1], frozenset(owners[winner])
    return _first_in_hand(deal, eligible), N_("{points} pot won"), (), rules.points_cited[0], None


def _pots(deal) -> list[tuple[int, list[int]]]:
    """Main pot first, then side pots: (chips, players who may win it). Stakes above an all in
    player form side pots, or go back to whoever put them in (then as pots only he may win)."""
    model = deal.vying.model
    n = deal.table.players
    folded, all_in = deal.folded_mask, deal.all_in_mask
    active = [s for s in range(n) if not folded >> s & 1]
    if model.all_in_winnings.value == "whole pot":
        return [(deal.pot, active)]
    levels = sorted({deal.stake[s] for s in active})
    if len(levels) == 1 and model.stakes_above.value != "go back":
        return [(deal.pot, active)]  # everyone still in staked the same: one pot, what the loop below gives
    if model.stakes_above.value == "go back":
        short = [deal.stake[s] for s in active if all_in >> s & 1]
        cap = min(short) if short else levels[-1]
        pots = [[sum(min(deal.stake[s], cap) for s in range(n)) + deal.carry, active]]
        for seat in range(n):
            if deal.stake[seat] > cap:
                pots.append([deal.stake[seat] - cap, [seat]])
        return [(chips, eligible) for chips, eligible in pots]
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


def hand_bonuses(deal, balance: list[int], cancelled: bool = False) -> list[ScoreLine]:
    """Every holder of a bonus hand collects from every other player, folded or not; nobody
    pays more than the chips he has left (`balance`, updated in place). Holders are paid in turn
    from the eldest hand, so a short payer pays the first of them first. On a cancelled deal only
    the bonuses paid `also on cancelled deal` are paid."""
    rules = deal.vying
    model = rules.model
    n = deal.table.players
    hands, bonus_of = seat_hands(deal), rules.bonus_of
    in_turn = [(deal.eldest + k) % n for k in range(n)]
    holders = {}
    for seat in in_turn:
        hand = hands[seat][0]
        bonus = bonus_of.get(hand[2]) if hand is not None else None
        if bonus is not None and (bonus.on_cancelled_deal or not cancelled):
            holders[seat] = (hand, bonus)
    if not holders:  # most deals: nobody holds a hand that earns a bonus
        return []
    lines = []
    meeting = model.bonus_meeting
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
            cited = (bonus.clause,) + ((meeting.clause,) if other is not None else ()) + \
                ((rules.eldest_clause,) if short and rules.eldest_clause else ())
            cited = tuple(dict.fromkeys(cited))
            lines.append(ScoreLine(seat, paid, rules.account, N_("{points} bonus for a {hand} from seat {payer}"),
                                   (("points", paid), ("hand", rules.title(hand[2])), ("payer", payer)), cited))
            lines.append(ScoreLine(payer, -paid, rules.account, N_("{points} bonus paid to seat {holder}"),
                                   (("points", -paid), ("holder", seat)), cited))
    return lines


def _pays(hand, other, meeting: str) -> bool:
    """Whether a player holding `other` (a bonus holder's (hand, bonus), or None) pays the bonus
    of `hand`: when two bonus hands meet, the lower pays the higher, or neither pays."""
    if other is None:
        return True
    return meeting != "neither pays" and (hand[0], -hand[1]) < (other[0][0], -other[0][1])


def settle_vying(deal) -> list[ScoreLine]:
    rules = deal.vying
    model = rules.model
    account = rules.account
    clauses_of = deal.stake_clauses
    balance = list(deal.chips_at_start)  # what each has left once the pots are paid: bonuses are paid from it
    lines: list[ScoreLine] = []
    for seat, chips in enumerate(deal.stake):
        if chips:
            lines.append(ScoreLine(seat, -chips, account, _STAKED, (("points", -chips),), tuple(clauses_of[seat])))
            balance[seat] -= chips
    deal.carry_out = 0
    pot = deal.pot
    if deal.pass_out:
        if deal._pass_out_fate() == "pot to last blind":
            winner = deal.blinders[-1]
            lines.append(ScoreLine(winner, pot, account, N_("{points} pot taken by the last blind: everyone passed"),
                                   (("points", pot),), (model.pass_out.clause,)))
            balance[winner] += pot
        else:
            deal.carry_out = pot
            lines.append(ScoreLine(deal.dealer, 0, "pot", N_("everyone passed: the pot of {pot} stays for the next deal"),
                                   (("pot", pot),), (model.pass_out.clause,)))
    elif deal.won_by_fold is not None:
        lines.append(ScoreLine(deal.won_by_fold, pot, account, N_("{points} pot won: every other player folded"),
                               (("points", pot),), (model.betting_end.clause,)))
        balance[deal.won_by_fold] += pot
    else:
        suits = None
        for index, (chips, eligible) in enumerate(_pots(deal)):
            hint = suits if index and model.side_pot_winner is not None \
                and model.side_pot_winner.value == "with suit that won main pot" else None
            winner, message, values, clauses, won = _pot_winner(deal, eligible, hint)
            if index == 0:
                suits = won
            else:
                clauses = cited(*clauses, clause(model.stakes_above))
            lines.append(ScoreLine(winner, chips, account, message, (("points", chips),) + values, clauses))
            balance[winner] += chips
    # A deal won by folding, or passed out, ends without the cards being shown.
    if model.bonuses_at_showdown is None or (not deal.pass_out and deal.won_by_fold is None):
        lines.extend(hand_bonuses(deal, balance))
    return lines
