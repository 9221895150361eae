"""Measure how many random-play episodes per second peer engines (OpenSpiel) manage
from Python, so `referee bench` can print them beside the referee's own figures."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

# OpenSpiel is an optional extra (the `bench` dependency group): the referee must
# import and run without it, so the import is guarded and every entry point
# degrades to "not available" instead of raising.
try:
    import pyspiel
except ImportError:  # pragma: no cover - exercised only where open-spiel is absent
    pyspiel = None


# universal_poker config: 4 players, one no-limit betting round, a 20-card deck
# (numRanks=5 x numSuits=4; OpenSpiel takes the lowest ranks, 2..6), 3 hole cards
# each and no board cards, so the hand is one deal, one betting round, showdown.
# - betting="nolimit" selects the ACPC no-limit rules; bettingAbstraction="fullgame"
#   exposes every legal bet size as an action. OpenSpiel's default "fcpa" would
#   shrink no-limit to fold/call/pot/all-in, which is an abstraction, not the game.
# - stack 100 with blinds 1/2 (50 big blinds) keeps the full-game action list at
#   about 100 entries per decision; with the default stack of 1200 it is ~1100, and
#   the benchmark would mostly time building Python lists rather than the engine.
# - blind and firstPlayer follow the ACPC ring-game convention: seat 1 posts the
#   small blind, seat 2 the big blind, and seat 3 (ACPC counts from 1) acts first.
# Values are given as strings where OpenSpiel declares string parameters: its game
# string parser would read "3" or "0" back as ints and reject them, which is also
# why the game is loaded from this dict rather than from its printed game string.
_POKER_PARAMS: dict[str, Any] = {
    "numPlayers": 4,
    "numRounds": 1,
    "numSuits": 4,
    "numRanks": 5,
    "numHoleCards": 3,
    "numBoardCards": "0",
    "betting": "nolimit",
    "bettingAbstraction": "fullgame",
    "stack": "100 100 100 100",
    "blind": "1 2 0 0",
    "firstPlayer": "3",
}

# Peer name -> (OpenSpiel short name, parameters). Hearts keeps OpenSpiel's defaults
# (pass_cards=True), so an episode includes the pass-direction chance node, the deal
# and the pass phase; skat's defaults are the full game (deal, bidding, tricks).
_PEERS: dict[str, tuple[str, dict[str, Any]]] = {
    "hearts": ("hearts", {}),
    "skat": ("skat", {}),
    "universal_poker": ("universal_poker", _POKER_PARAMS),
}

PEERS: tuple[str, ...] = tuple(_PEERS)


@dataclass(frozen=True)
class PeerRate:
    """Complete episodes one peer engine played within a wall-clock budget."""

    peer: str
    game: str  # OpenSpiel's own rendering of the loaded game, parameters included
    episodes: int
    seconds: float

    @property
    def per_second(self) -> float:
        # Guard the division: a zero-length measurement reports 0, not a crash.
        return self.episodes / self.seconds if self.seconds > 0 else 0.0


def available() -> bool:
    """True when pyspiel (the open-spiel package) is importable."""
    return pyspiel is not None


def _play_episode(game: Any, rng: random.Random) -> None:
    """Play one whole episode from the initial state with uniformly random players."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            # Sample by the engine's own weights, but with our RNG, so runs are
            # reproducible from `seed` and every peer pays the same Python overhead.
            outcomes = state.chance_outcomes()
            actions = [action for action, _ in outcomes]
            weights = [prob for _, prob in outcomes]
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def measure(peer: str, seconds: float = 2.0, seed: int = 0) -> PeerRate | None:
    """Count complete random episodes of `peer` played in `seconds` of wall-clock time.

    Returns None when pyspiel is not installed; raises KeyError for an unknown peer.
    """
    if pyspiel is None:
        return None
    try:
        short_name, params = _PEERS[peer]
    except KeyError:
        raise KeyError(f"unknown peer {peer!r}; expected one of {', '.join(PEERS)}") from None

    game = pyspiel.load_game(short_name, params)
    rng = random.Random(seed)

    # One untimed warm-up episode pays one-off costs (lazy initialisation inside
    # the engine, first-touch allocations) that would otherwise skew short budgets.
    _play_episode(game, rng)

    # Only complete episodes count: the loop checks the clock between episodes,
    # and the elapsed time reported is the real time those episodes took.
    episodes = 0
    start = time.perf_counter()
    deadline = start + seconds
    now = start
    while now < deadline:
        _play_episode(game, rng)
        episodes += 1
        now = time.perf_counter()

    return PeerRate(peer=peer, game=str(game), episodes=episodes, seconds=now - start)
