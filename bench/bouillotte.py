"""Bouillotte by hand: 4 players, 20 cards (8 9 Q K A), the dealer's ante, blind carré and
contre-carrés, one betting round (pass, open, call, raise, fold; amounts mostly small; once all
have called, each caller's one more chance to raise; no turn for a player nobody could answer), the
showdown (brelan carré, brelan, then the best suit total over all hands and the turned card,
won by the live player holding its highest card) with brelan bonuses and all-in side pots
left out. Cards are 0..19, suit = card // 5, rank = card % 5 (8 9 Q K A)."""

import random

from referee.engine.dice import Draws

PLAYERS = 4

PIPS = (8, 9, 10, 10, 11)
PASS, FOLD, CALL, OPEN, RAISE, BLIND = range(6)


class Loop:
    def __init__(self, seed=0):
        self.rng = Draws(random.Random(seed))  # the referee's way of drawing (referee/engine/dice.py)
        self.new_match()

    def new_match(self):
        self.dealer = self.rng.randrange(4)
        self.chips = [100] * 4
        self.carry = 0

    def play_deal(self):
        rng, chips = self.rng, self.chips
        if min(chips) <= 0:
            self.new_match()
        pack = list(range(20))
        rng.shuffle(pack)
        at = rng.randrange(1, 20)
        pack = pack[at:] + pack[:at]
        dealer = self.dealer
        eldest = (dealer + 1) % 4
        hands = [[], [], [], []]
        for i in range(12):
            hands[(eldest + i) % 4].append(pack[i])
        upcard = pack[12]
        self.dealer = eldest
        stake = [0] * 4
        stake[dealer] = 1
        pot = self.carry + 1
        actions = 0
        # blinds: the eldest, then each next player up to the dealer, may stake the pot
        blinders = []
        seat = eldest
        while True:
            actions += 1
            if rng.random() < 0.5 or chips[seat] - stake[seat] < pot:
                break
            stake[seat] += pot
            pot += pot
            blinders.append(seat)
            if seat == dealer:
                break
            seat = (seat + 1) % 4
        folded, passed, opened = set(), set(), False
        first = (blinders[-1] + 1) % 4 if blinders else eldest
        to_call = set(range(4))
        second = None  # after all have called: the callers' one more chance to raise (B4.3)
        raiser = None
        seat = first
        while True:
            due = to_call if second is None else second
            if not due:
                if not opened or second is not None:
                    break
                live = [s for s in range(4) if s not in folded]
                if len(live) == 2:  # with two left a call ends the betting
                    break
                second = {s for s in live if s != raiser and stake[s] < chips[s]}
                continue
            if seat not in due or seat in folded:
                seat = (seat + 1) % 4
                continue
            room = chips[seat] - stake[seat]
            need = max(stake) - stake[seat]
            if not opened:
                low = need or 1  # the dealer, level with his own ante, adds a chip to open
                kinds = [PASS] + ([OPEN] if room >= low else [])
            else:
                low = need + 1
                kinds = [FOLD, CALL] + ([RAISE] if room > need else [])
            kind = rng.choice(kinds)
            actions += 1
            to_call.discard(seat)
            if second is not None:
                second.discard(seat)
            if kind == PASS:
                passed.add(seat)
            elif kind == FOLD:
                folded.add(seat)
            elif kind == CALL:
                put = min(need, room)
                stake[seat] += put
                pot += put
            else:
                top = min(room, low + 2) if rng.random() < 0.9 else room
                put = rng.randint(min(low, room), top)
                stake[seat] += put
                pot += put
                opened, raiser, second = True, seat, None
                to_call = {s for s in range(4) if s not in folded and s != seat and stake[s] < chips[s]}
            if len(folded) == 3:
                break
            if not opened and blinders and to_call == {blinders[-1]}:
                break  # all the others passed: the pot is the last blind's, he has nothing to decide
            able = [s for s in range(4) if s not in folded and stake[s] < chips[s]]
            if opened and len(able) <= 1 and (not able or stake[able[0]] == max(stake)):
                break  # the others are all in: nobody could answer a raise of his
            seat = (seat + 1) % 4
        for s in range(4):
            chips[s] -= stake[s]
        live = [s for s in range(4) if s not in folded]
        self.carry = 0
        if not opened:
            if blinders:
                chips[blinders[-1]] += pot
            else:
                self.carry = pot
        elif len(live) == 1:
            chips[live[0]] += pot
        else:
            chips[self.showdown(hands, upcard, live, eldest)] += pot
        self.bonuses(hands, upcard)
        return actions

    def showdown(self, hands, upcard, live, eldest):
        turned = upcard % 5
        best = None
        for seat in live:
            ranks = [c % 5 for c in hands[seat]]
            if ranks[0] == ranks[1] == ranks[2]:
                key = (2 if ranks[0] == turned else 1, ranks[0])
                if best is None or key > best[0]:
                    best = (key, seat)
        if best is not None:
            return best[1]
        totals = [0] * 4
        for hand in hands:
            for c in hand:
                totals[c // 5] += PIPS[c % 5]
        totals[upcard // 5] += PIPS[upcard % 5]
        for suit in sorted(range(4), key=lambda s: -totals[s]):
            holders = [(c % 5, s) for s in live for c in hands[s] if c // 5 == suit]
            if holders:
                return max(holders)[1]
        return live[0]

    def bonuses(self, hands, upcard):
        chips = self.chips
        for seat, hand in enumerate(hands):
            if hand[0] % 5 == hand[1] % 5 == hand[2] % 5:
                for other in range(4):
                    if other != seat:
                        chips[other] -= 1
                        chips[seat] += 1
