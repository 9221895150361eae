"""Croatian Preferans by hand: 3 players, 32 cards dealt 5-2(talon)-5, a bidding ladder
2..7 with `igra` from hand at a player's first turn, the talon exchange (one discard of two
cards), the declaration, each defender's defend-or-pass, ten tricks (follow suit, else trump,
else any card), bule/supe/refe scoring; the match ends when the bule total reaches 0.
Cards are 0..31, suit = card // 8 (leaves, bells, hearts, acorns), rank = card % 8 (7..A)."""

import random

from referee.engine.dice import Draws
from itertools import combinations

PLAYERS = 3

VALUES = (4, 6, 8, 10, 12, 14)          # leaves, bells, hearts, acorns, bettel, sanac
TRUMPS = (0, 1, 2, 3, None, None)
BETTEL, SANAC = 4, 5
PASS, IGRA = -1, 99


class Loop:
    def __init__(self, seed=0):
        self.rng = Draws(random.Random(seed))  # the referee's way of drawing (referee/engine/dice.py)
        self.new_match()

    def new_match(self):
        self.dealer = self.rng.randrange(3)
        self.bule = [100] * 3
        self.refe = [0] * 3
        self.supe = [[0] * 3 for _ in range(3)]

    def play_deal(self):
        rng = self.rng
        if sum(self.bule) <= 0:
            self.new_match()
        pack = list(range(32))
        rng.shuffle(pack)
        eldest = (self.dealer + 1) % 3
        order = [eldest, (eldest + 1) % 3, (eldest + 2) % 3]
        hands = [[], [], []]
        for i, seat in enumerate(order):
            hands[seat].extend(pack[5 * i:5 * i + 5])
            hands[seat].extend(pack[17 + 5 * i:22 + 5 * i])
        talon = pack[15:17]
        self.dealer = (self.dealer + 1) % 3
        actions, declarer, contract, from_hand = self.auction(hands, talon, eldest)
        if declarer is None:
            for seat in range(3):
                self.refe[seat] += 1
            return actions
        defenders = [(declarer + 1) % 3, (declarer + 2) % 3]
        defending = []
        for seat in defenders:
            actions += 1
            if contract == BETTEL or rng.random() < 0.5:
                defending.append(seat)
        won = [0, 0, 0]
        if defending:
            actions += self.tricks(hands, declarer, contract, eldest, won)
        self.score(declarer, contract, from_hand, defending, won)
        return actions

    def auction(self, hands, talon, eldest):
        rng = self.rng
        level, high, passed, igra, spoken = 0, None, set(), [], set()
        seat, actions = eldest, 0
        while True:
            live = [s for s in range(3) if s not in passed and s not in igra]
            if igra and not live or not igra and (len(passed) == 3 or len(passed) == 2 and level):
                break
            if seat in passed or seat in igra:
                seat = (seat + 1) % 3
                continue
            options = [PASS]
            if not igra and level < 6:
                options.append(level + 1)
            if seat not in spoken:
                options.append(IGRA)
            move = rng.choice(options)
            actions += 1
            spoken.add(seat)
            if move == PASS:
                passed.add(seat)
            elif move == IGRA:
                igra.append(seat)
            else:
                level, high = move, seat
            seat = (seat + 1) % 3
        if igra:
            named = []
            for seat in igra:
                actions += 1
                named.append((rng.randrange(6), -igra.index(seat), seat))
            contract, _, declarer = max(named)
            return actions, declarer, contract, True
        if not level:
            return actions, None, None, False
        hand = hands[high]
        hand.extend(talon)
        for card in rng.choice(list(combinations(hand, 2))):
            hand.remove(card)
        contract = rng.randrange(level - 1, 6)
        return actions + 2, high, contract, False

    def tricks(self, hands, declarer, contract, eldest, won):
        rng = self.rng
        trump = TRUMPS[contract]
        leader = (declarer - 1) % 3 if contract == SANAC else eldest
        actions = 0
        for _ in range(10):
            trick = []
            seat = leader
            for _ in range(3):
                hand = hands[seat]
                if trick:
                    led = trick[0][1] // 8
                    options = [c for c in hand if c // 8 == led]
                    if not options and trump is not None:
                        options = [c for c in hand if c // 8 == trump]
                    card = rng.choice(options or hand)
                else:
                    card = rng.choice(hand)
                hand.remove(card)
                trick.append((seat, card))
                seat = (seat + 1) % 3
                actions += 1
            leader, best = trick[0]
            for s, c in trick[1:]:
                if c // 8 == best // 8:
                    if c > best:
                        leader, best = s, c
                elif c // 8 == trump:
                    leader, best = s, c
            won[leader] += 1
            if contract == BETTEL and won[declarer]:
                break
        return actions

    def score(self, declarer, contract, from_hand, defending, won):
        value = VALUES[contract] + (2 if from_hand else 0)
        if self.refe[declarer]:
            self.refe[declarer] -= 1
            value *= 2
        made = won[declarer] == 0 if contract == BETTEL else won[declarer] >= 6
        if not defending:
            made = True
        self.bule[declarer] += -value if made else value
        if not defending:
            return
        if contract != BETTEL:
            together = sum(won[s] for s in range(3) if s != declarer)
            for seat in defending:
                short = won[seat] < 2 if len(defending) == 1 or together < 4 else False
                if short and made:
                    self.bule[seat] += value
                self.supe[seat][declarer] += won[seat] * value
        elif not made:
            for seat in defending:
                self.supe[seat][declarer] += 70 if from_hand else 60
