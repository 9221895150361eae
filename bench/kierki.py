"""Kierki by hand: 4 players, 52 cards, the chooser names one of six contracts he has not chosen
before, trick play (follow suit, else any card; highest of the suit led wins) or the loteryjka
layout; 24 deals a match. Cards are 0..51, suit = card // 13, rank = card % 13 (2..A)."""

import random

from referee.engine.dice import Draws

PLAYERS = 4

CONTRACTS = ("loteryjka", "no_king", "no_hearts", "no_queens", "no_tricks", "rozbojnik")
HEARTS, JACK, QUEEN = 2, 9, 10
KH, QH = HEARTS * 13 + 11, HEARTS * 13 + 10
PASS = -1


class Loop:
    def __init__(self, seed=0):
        self.rng = Draws(random.Random(seed))  # the referee's way of drawing (referee/engine/dice.py)
        self.new_match()

    def new_match(self):
        self.dealer = self.rng.randrange(4)
        self.chosen = [set() for _ in range(4)]
        self.totals = [0] * 4
        self.deals = 0

    def play_deal(self):
        rng = self.rng
        if self.deals == 24:
            self.new_match()
        pack = list(range(52))
        rng.shuffle(pack)
        eldest = (self.dealer + 1) % 4
        hands = [[] for _ in range(4)]
        for i, card in enumerate(pack):
            hands[(eldest + i) % 4].append(card)
        options = [c for c in CONTRACTS if c not in self.chosen[eldest]]
        contract = rng.choice(options)
        self.chosen[eldest].add(contract)
        if contract == "loteryjka":
            actions, scores = layout(hands, eldest, rng)
        else:
            actions, scores = tricks(hands, eldest, contract, rng)
        for seat in range(4):
            self.totals[seat] += scores[seat]
        self.deals += 1
        self.dealer = (self.dealer + 1) % 4
        return actions + 1


def tricks(hands, leader, contract, rng):
    taken = [[] for _ in range(4)]
    won = [0] * 4
    actions = 0
    for _ in range(13):
        trick = []
        seat = leader
        for _ in range(4):
            hand = hands[seat]
            if trick:
                led = trick[0][1] // 13
                follow = [c for c in hand if c // 13 == led]
                card = rng.choice(follow or hand)
            else:
                card = rng.choice(hand)
            hand.remove(card)
            trick.append((seat, card))
            seat = (seat + 1) % 4
            actions += 1
        led = trick[0][1] // 13
        leader, best = trick[0]
        for s, c in trick[1:]:
            if c // 13 == led and c > best:
                leader, best = s, c
        taken[leader].extend(c for _, c in trick)
        won[leader] += 1
        if contract == "no_king" and any(c == KH for _, c in trick):
            break
    scores = [0] * 4
    for seat in range(4):
        if contract in ("no_tricks", "rozbojnik"):
            scores[seat] += 5 * won[seat]
        for c in taken[seat]:
            if contract in ("no_hearts", "rozbojnik") and c // 13 == HEARTS:
                scores[seat] += 10
            if contract in ("no_queens", "rozbojnik") and c % 13 == QUEEN:
                scores[seat] += 40 if c == QH else 20
            if contract in ("no_king", "rozbojnik") and c == KH:
                scores[seat] += 50
    return actions, scores


def layout(hands, seat, rng):
    low = [None] * 4   # per suit, the lowest and highest rank laid (None: no column yet)
    high = [None] * 4
    finished = []
    actions = 0
    while len(finished) < 4:
        hand = hands[seat]
        moves = []
        for c in hand:
            s, r = divmod(c, 13)
            if low[s] is None:
                if r == JACK:
                    moves.append(c)
            elif r == low[s] - 1 or r == high[s] + 1:
                moves.append(c)
        actions += 1
        if moves:
            card = rng.choice(moves)
            hand.remove(card)
            s, r = divmod(card, 13)
            if low[s] is None:
                low[s] = high[s] = r
            elif r < low[s]:
                low[s] = r
            else:
                high[s] = r
            if not hand:
                finished.append(seat)
                if len(finished) == 4:
                    break
        seat = (seat + 1) % 4
        while not hands[seat]:
            seat = (seat + 1) % 4
    scores = [0] * 4
    scores[finished[0]] -= 40
    scores[finished[1]] -= 20
    return actions, scores
