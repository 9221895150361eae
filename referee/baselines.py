"""OpenSpiel peers for `referee bench`: random play driven from Python the way OpenSpiel's own
examples drive it, so the comparison is with what a user of that library would write.

A driver (`PeerDriver.play_episode`) plays one whole episode: at a chance node it samples an
outcome, at a decision node it picks uniformly among `state.legal_actions()`. Chance sampling is
kept as plain as a hand-written driver's: where every outcome of a node has the same probability
(the shuffle of a pack, Hearts' pass direction) it is a uniform choice among the node's legal
actions; otherwise one cumulative draw over `chance_outcomes()`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

# OpenSpiel is an optional extra (the `bench` dependency group): the referee must import and run
# without it, so the import is guarded and every entry point degrades to "not available".
try:
    import pyspiel
except ImportError:  # pragma: no cover - exercised only where open-spiel is absent
    pyspiel = None

INSTALL_HINT = "install the optional peers with `bash scripts/setup bench` (requirements/bench.txt: open-spiel)"

# universal_poker as close to the shipped vying game as its parameters allow: 4 players, a 20-card
# pack (numRanks=5 x numSuits=4), 3 hole cards each and 1 card turned face up, one betting round,
# then the showdown; stacks of 100 (the default stock of chips) with blinds 1/2 standing in for the
# dealer's ante. The betting abstraction "fcpa" (fold, check/call, pot-size bet, all-in) is the one
# OpenSpiel's no-limit examples use; it is close to how the referee's random player bets in a vying
# game: it chooses the kind of action first (pass, open, call, raise, fold) and then mostly a
# small amount, so an episode has a handful of decisions either way (the table reports both).
# Values OpenSpiel declares as strings are given as strings (its parser rejects "0" read as an int).
_POKER_PARAMS: dict[str, Any] = {
    "numPlayers": 4,
    "numRounds": 1,
    "numSuits": 4,
    "numRanks": 5,
    "numHoleCards": 3,
    "numBoardCards": "1",
    "betting": "nolimit",
    "bettingAbstraction": "fcpa",
    "stack": "100 100 100 100",
    "blind": "1 2 0 0",
    "firstPlayer": "3",
}


@dataclass(frozen=True)
class Peer:
    """An OpenSpiel game standing beside the referee for one kind of card game."""

    name: str
    short_name: str
    params: tuple[tuple[str, Any], ...]
    description: str
    players: int
    uniform_chance: bool
    """Every chance node of this game has equally likely outcomes (checked by a test)."""


PEERS: dict[str, Peer] = {peer.name: peer for peer in (
    Peer("hearts", "hearts", (), "OpenSpiel Hearts, 4 players, 52 cards, with the pass", 4, True),
    Peer("skat", "skat", (), "OpenSpiel Skat, 3 players, 32 cards, bidding and 10 tricks", 3, True),
    Peer("universal_poker", "universal_poker", tuple(_POKER_PARAMS.items()),
         "OpenSpiel universal_poker, 4 players, 20 cards, 3 hole cards + 1 up, one no-limit round, "
         "fold/call/pot/all-in", 4, True),
)}


def available() -> bool:
    """True when pyspiel (the open-spiel package) is importable."""
    return pyspiel is not None


class PeerDriver:
    """Plays whole random episodes of one peer; each call returns the players' actions taken."""

    def __init__(self, peer: Peer, seed: int = 0) -> None:
        if pyspiel is None:
            raise RuntimeError(f"OpenSpiel is not installed: {INSTALL_HINT}")
        self.peer = peer
        self.game = pyspiel.load_game(peer.short_name, dict(peer.params))
        self.rng = random.Random(seed)
        self.chance_events = 0

    def play_deal(self) -> int:
        """One whole episode; the players' actions taken (chance events are counted apart)."""
        choice, rng = self.rng.choice, self.rng
        uniform = self.peer.uniform_chance
        state = self.game.new_initial_state()
        actions = chance = 0
        while not state.is_terminal():
            if state.is_chance_node():
                chance += 1
                if uniform:
                    state.apply_action(choice(state.legal_actions()))
                else:
                    state.apply_action(_cumulative_draw(state.chance_outcomes(), rng.random()))
            else:
                actions += 1
                state.apply_action(choice(state.legal_actions()))
        self.chance_events += chance
        return actions


def _cumulative_draw(outcomes: list[tuple[int, float]], point: float) -> int:
    """The outcome whose share of the unit interval holds `point`."""
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if point < total:
            return action
    return outcomes[-1][0]  # rounding left `point` past the last boundary


def driver(name: str, seed: int = 0) -> PeerDriver | None:
    """A driver for the named peer, or None when OpenSpiel is not installed."""
    if pyspiel is None:
        return None
    return PeerDriver(PEERS[name], seed)
