"""The showdown of a vying game and the settling of its chips: hand ranking (three of a kind and
the like), suit points gathered from every hand, main and side pots, and bonuses paid by every
player to the holder of a ranked hand."""

from __future__ import annotations


from ..i18n import N_
from ..verdicts import ScoreLine
from .vying import clause

__all__ = ["settle_vying", "hand_of", "seat_hands", "hand_bonuses"]


_MEMO_CAP = 250_000
"""Most hands `VyingRules.ranked` keeps: a few thousand for three cards from a short pack; the cap
only bounds the memory of a game dealing many cards from a long one."""


def hand_of(deal, seat: int):
    """(category index, rank order, hand name, clause) of a seat's best ranked hand, or None
    when it holds none (it then competes on suit points)."""
    return seat_hands(deal)[seat]


def seat_hands(deal) -> list:
    """`hand_of` for every seat, worked out once per deal. Each hand is looked up by the bit mask
    of its cards and the turned cards in the game's table of hands met so far (`VyingRules.ranked`)."""
    hands = deal.__dict__.get("_hands")
    if hands is None:
        rules, table = deal.vying, deal.table
        memo = rules.ranked
        up = 0
        for card in deal.upcards:
            up |= 1 << card
        up <<= len(table.cards)  # the turned cards above the hand's, so that one int is the key
        hands = []
        for cards in deal.dealt_hands:
            key = up
            for card in cards:
                key |= 1 << card
            hand = memo.get(key, memo)  # the memo itself stands for "not met yet": None is a value
            if hand is memo:
                hand = _rank_hand(rules, table, cards, deal.upcards)
                if len(memo) < _MEMO_CAP:
                    memo[key] = hand
            hands.append(hand)
        deal._hands = hands
    return hands


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


def _suit_totals(deal) -> dict[int, int]:
    model, table = deal.vying.model, deal.table
    totals: dict[int, int] = {}
    counted = [c for seat, hand in enumerate(deal.dealt_hands)
               if not deal.folded_mask >> seat & 1 or model.folded_hands.value for c in hand]
    if model.turned_card.value:
        counted += deal.upcards
    suit_of, points_of = table.suit_of, deal.points_of
    for card in counted:
        suit = suit_of[card]
        totals[suit] = totals.get(suit, 0) + points_of[card]
    return totals


def _owner(deal, suit: int, eligible: list[int]) -> int | None:
    """The eligible player the suit goes to (`suit won by player holding ...`), if any holds it."""
    table = deal.table
    if deal.vying.model.suit_owner.value == "most points in it":
        held = {}
        for seat in eligible:
            points = sum(deal.points_of[c] for c in deal.dealt_hands[seat] if table.suit_of[c] == suit)
            if any(table.suit_of[c] == suit for c in deal.dealt_hands[seat]):
                held[seat] = points
        if not held:
            return None
        best = max(held.values())
        return _first_in_hand(deal, [s for s, p in held.items() if p == best])
    best = None
    for seat in eligible:
        for card in deal.dealt_hands[seat]:
            if table.suit_of[card] == suit and (best is None or table.rank_of[card] > table.rank_of[best[1]]):
                best = (seat, card)
    return best[0] if best else None


def _first_in_hand(deal, seats) -> int:
    """Of `seats`, the first in turn order from the eldest hand (the one "in hand")."""
    return min(seats, key=lambda s: (s - deal.eldest) % deal.table.players)


def _pot_winner(deal, eligible: list[int], suits_hint: frozenset[int] | None):
    """(winner, message, values, clauses, winning suits or None) for one pot. The winning suits
    are every suit tied at the winning total that the winner holds, so a side pot decided "with
    the suit that won the main pot" does not depend on the order cards are listed in."""
    rules, table = deal.vying, deal.table
    model = rules.model
    if len(eligible) == 1:
        return eligible[0], N_("{points} back: nobody else matched this part of his stake"), (), \
            tuple(c for c in (clause(model.stakes_above),) if c), suits_hint
    hands = seat_hands(deal)
    with_hands = {s: hands[s] for s in eligible if hands[s] is not None}
    if with_hands:
        best = min(with_hands.values(), key=lambda h: (h[0], -h[1]))
        winners = [s for s, h in with_hands.items() if h[:2] == best[:2]]
        winner = _first_in_hand(deal, winners)
        tie = (clause(model.ties),) if len(winners) > 1 else ()
        rank_code = table.deck.ranks[best[1]].code
        return winner, N_("{points} pot won with a {hand} of {rank}"), (("hand", rules.title(best[2])),
                                                                          ("rank", rank_code)), \
            (best[3], clause(model.hand_order)) + tie, None
    points_hand = next(h for h in model.hands if h.pattern == "highest suit total")
    clauses = (points_hand.clause, clause(model.suit_owner))
    ties = clause(model.ties)
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
                clauses + (clause(model.side_pot_winner),) + ((ties,) if len(owners) > 1 else ()), suits_hint
    totals = _suit_totals(deal)
    for total in sorted(set(totals.values()), reverse=True):
        suits = sorted(s for s, t in totals.items() if t == total)
        owners: dict[int, list[int]] = {}
        for suit in suits:
            owner = _owner(deal, suit, eligible)
            if owner is not None:
                owners.setdefault(owner, []).append(suit)
        if owners:
            winner = _first_in_hand(deal, owners)
            tie = (ties,) if len(owners) > 1 else ()
            return winner, N_("{points} pot won on points: {total} in {suit}"), \
                (("total", total), ("suit", table.suit_codes[owners[winner][0]])), \
                clauses + tie, frozenset(owners[winner])
    return _first_in_hand(deal, eligible), N_("{points} pot won"), (), clauses, None


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
        hand = hands[seat]
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
    n = deal.table.players
    lines: list[ScoreLine] = []
    for seat in range(n):
        if deal.stake[seat]:
            lines.append(ScoreLine(seat, -deal.stake[seat], account, N_("{points} staked"),
                                   (("points", -deal.stake[seat]),), tuple(deal.stake_clauses[seat])))
    deal.carry_out = 0
    if deal.pass_out:
        if deal._pass_out_fate() == "pot to last blind":
            winner = deal.blinders[-1]
            lines.append(ScoreLine(winner, deal.pot, account, N_("{points} pot taken by the last blind: everyone passed"),
                                   (("points", deal.pot),), (model.pass_out.clause,)))
        else:
            deal.carry_out = deal.pot
            lines.append(ScoreLine(deal.dealer, 0, "pot", N_("everyone passed: the pot of {pot} stays for the next deal"),
                                   (("pot", deal.pot),), (model.pass_out.clause,)))
    elif deal.won_by_fold is not None:
        lines.append(ScoreLine(deal.won_by_fold, deal.pot, account, N_("{points} pot won: every other player folded"),
                               (("points", deal.pot),), (model.betting_end.clause,)))
    else:
        suits = None
        for index, (chips, eligible) in enumerate(_pots(deal)):
            hint = suits if index and model.side_pot_winner is not None \
                and model.side_pot_winner.value == "with suit that won main pot" else None
            winner, message, values, clauses, won = _pot_winner(deal, eligible, hint)
            if index == 0:
                suits = won
            else:
                clauses = clauses + (clause(model.stakes_above),)
            lines.append(ScoreLine(winner, chips, account, message, (("points", chips),) + values,
                                   tuple(dict.fromkeys(c for c in clauses if c))))
    balance = list(deal.chips_at_start)
    for line in lines:
        if line.account == account:
            balance[line.seat] += line.points
    # A deal won by folding, or passed out, ends without the cards being shown.
    if model.bonuses_at_showdown is None or (not deal.pass_out and deal.won_by_fold is None):
        lines.extend(hand_bonuses(deal, balance))
    return lines
