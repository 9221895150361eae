"""`referee bench`: rules-load time and complete random deals per second, beside a peer engine.

The peer is OpenSpiel driven from Python (optional `open-spiel` package): Hearts for trick
games without bidding, Skat for games with an auction, universal_poker for vying games.
"""

from __future__ import annotations

import random
import statistics
import time

from .interpreter import Match
from .interpreter.players import play_out
from .model import load_game
from .model.document import find_rules_file, load_document
from .model.build import build_game

__all__ = ["run_bench", "deals_per_second", "load_times"]


def _peer_for(game) -> str:
    if game.auction is not None:
        return "skat"
    if game.vying is not None:
        return "universal_poker"
    return "hearts"


def load_times(name: str, settings: dict, repeats: int = 20) -> tuple[float, float]:
    """(first load in this process, median of later loads) in milliseconds."""
    path = find_rules_file(name)
    start = time.perf_counter()
    build_game(load_document(path), settings)
    first = (time.perf_counter() - start) * 1000
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        build_game(load_document(path), settings)
        times.append((time.perf_counter() - start) * 1000)
    return first, statistics.median(times)


def deals_per_second(game, seconds: float, players: int | None = None, seed: int = 0) -> tuple[int, float]:
    """Complete random legal deals, whole matches in sequence, for about `seconds`."""
    rng = random.Random(seed)
    deals = 0
    start = time.perf_counter()
    while True:
        match = Match(game, players)
        match.draw_for_dealer(rng)
        while not match.is_over():
            hands, talon, upcards = match.deal_pack(rng)
            play_out(match.new_deal(hands, talon=talon, upcards=upcards), rng)
            match.finish_deal()
            deals += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return deals, elapsed


def run_bench(name: str, seconds: float = 3.0, players: int | None = None, settings: dict | None = None,
              peer: bool = True) -> int:
    settings = settings or {}
    first, warm = load_times(name, settings)
    game = load_game(name, settings)
    print(f"game: {game.id} ({game.path})")
    print(f"rules load: first {first:.1f} ms (parser built or read from cache), then {warm:.2f} ms median")
    deals, elapsed = deals_per_second(game, seconds, players)
    rate = deals / elapsed
    print(f"random deals: {deals} in {elapsed:.2f} s = {rate:,.0f} deals/s")
    summary = f"summary: {game.id} load {warm:.1f} ms, {rate:,.0f} deals/s"
    if peer:
        from . import baselines
        peer_name = _peer_for(game)
        measured = baselines.measure(peer_name, seconds) if baselines.available() else None
        if measured is None:
            print("peer: OpenSpiel is not installed (install the `bench` group to compare)")
        else:
            ratio = rate / measured.per_second
            print(f"peer: OpenSpiel {measured.game}: {measured.episodes} episodes in "
                  f"{measured.seconds:.2f} s = {measured.per_second:,.0f}/s")
            summary += f"; OpenSpiel {peer_name} {measured.per_second:,.0f}/s; ratio {ratio:.2f}"
    print(summary)
    return 0
