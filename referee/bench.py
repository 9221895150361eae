"""`referee bench`: rules-load time and random deals per CPU second, beside the nearest OpenSpiel
peer and a hand-written loop of the same game.

Every contender plays the same number of complete deals per repetition, the repetitions are
interleaved (referee, loop, peer, then the next repetition in a rotated order), and each batch is
timed in CPU time of this process, so other work on a shared machine slows the figures less than
wall-clock time would. The table gives the best and the median rate and the ratio of the referee
to each other contender per repetition (median, with the range over repetitions).

Hand-written loops live in the checkout's `bench/` folder, not in the package: `bench/<game>.py`
defines `Loop(seed)` with `play_deal()`. Targets per game are data too (`bench/targets.json`).
"""

from __future__ import annotations

import importlib.util
import json
import os
import platform
import random
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from .errors import Phrase, UsageError
from .interpreter import Match
from .interpreter.players import play_out
from .model import load_game
from .model.build import build_game
from .model.document import find_rules_file, game_names, load_document
from .model.game import Game
from .output import write_output
from .resources import repo_root

__all__ = ["run_bench", "load_times", "RefereeRunner", "measure_game", "GameFigures"]

BENCH_DIR = repo_root() / "bench"
LOAD_TARGET_MS = 10.0


def _peer_for(game: Game) -> str:
    """The OpenSpiel game of the same kind: bidding, vying, or plain tricks."""
    if game.auction is not None:
        return "skat"
    if game.vying is not None:
        return "universal_poker"
    return "hearts"


def load_times(name: str, settings: dict[str, str], repeats: int = 20) -> tuple[float, float]:
    """(first load in this process, median of later loads) in milliseconds of CPU time."""
    path = find_rules_file(name)
    start = time.process_time()
    build_game(load_document(path), settings)
    first = (time.process_time() - start) * 1000
    times = []
    for _ in range(repeats):
        start = time.process_time()
        build_game(load_document(path), settings)
        times.append((time.process_time() - start) * 1000)
    return first, statistics.median(times)


class DealRunner(Protocol):
    """What a contender is: something that plays one whole deal and says how many actions it took."""

    def play_deal(self) -> int: ...


class RefereeRunner:
    """Whole matches in sequence with random legal players, one deal per call."""

    def __init__(self, game: Game, players: int | None = None, seed: int = 0) -> None:
        self.game, self.players = game, players
        self.rng = random.Random(seed)
        self.match: Match | None = None

    def play_deal(self) -> int:
        match, rng = self.match, self.rng
        if match is None or match.is_over():
            match = self.match = Match(self.game, self.players)
            match.draw_for_dealer(rng)
        hands, talon, upcards = match.deal_pack(rng)
        actions = play_out(match.new_deal(hands, talon=talon, upcards=upcards), rng)
        match.finish_deal()
        return actions


def hand_loop(game_id: str, players: int, seed: int = 0) -> DealRunner | None:
    """The hand-written loop `bench/<game_id>.py` of a checkout, or None where there is none for
    this number of players (a loop states its `PLAYERS`)."""
    path = BENCH_DIR / f"{game_id}.py"
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location(f"_bench_loop_{game_id}", path)
    assert spec is not None and spec.loader is not None  # a .py file always has a source loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Loop(seed) if module.PLAYERS == players else None


def targets() -> dict[str, Any]:
    path = BENCH_DIR / "targets.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


@dataclass
class Contender:
    name: str
    description: str
    runner: DealRunner
    rates: list[float] = field(default_factory=list)
    actions: int = 0
    deals: int = 0

    def batch(self, deals: int) -> None:
        play = self.runner.play_deal
        actions = 0
        start = time.process_time()
        for _ in range(deals):
            actions += play()
        spent = time.process_time() - start
        self.rates.append(deals / spent if spent > 0 else float("inf"))
        self.actions += actions
        self.deals += deals

    def summary(self) -> dict[str, Any]:
        return {"description": self.description, "best": max(self.rates), "median": statistics.median(self.rates),
                "rates": self.rates, "actions_per_deal": self.actions / self.deals}


@dataclass
class GameFigures:
    game: str
    load_first_ms: float
    load_warm_ms: float
    contenders: dict[str, dict[str, Any]]
    ratios: dict[str, list[float]]
    targets: dict[str, Any]
    notes: list[str]

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game, "load_ms": {"first": self.load_first_ms, "warm": self.load_warm_ms},
                "contenders": self.contenders,
                "ratios": {k: {"per_repetition": v, "median": statistics.median(v), "min": min(v), "max": max(v)}
                           for k, v in self.ratios.items()},
                "targets": self.targets, "notes": self.notes}


def measure_game(name: str, deals: int, repeats: int, players: int | None = None, settings: dict[str, str] | None = None,
                 peer: bool = True, seed: int = 0) -> GameFigures:
    """Interleaved repetitions of `deals` deals for the referee, the hand loop and the peer."""
    settings = settings or {}
    first, warm = load_times(name, settings)
    game = load_game(name, settings)
    notes: list[str] = []
    referee_runner = RefereeRunner(game, players, seed)
    contenders = [Contender("referee", f"referee, {game.id}.rules, whole matches", referee_runner)]
    players_now = referee_runner.players or game.table.default_players
    loop = hand_loop(game.id, players_now, seed) if not settings else None
    if loop is not None:
        contenders.append(Contender("loop", f"hand-written loop, bench/{game.id}.py", loop))
    else:
        notes.append("no hand-written loop for this game, these parameters or this number of players")
    if peer:
        # OpenSpiel (pyspiel) is optional and slow to import: only when a peer is measured
        from . import baselines
        peer_name = _peer_for(game)
        if not baselines.available():
            notes.append(f"OpenSpiel peers not measured: open-spiel is not installed; {baselines.INSTALL_HINT}")
        elif baselines.PEERS[peer_name].players != players_now:
            notes.append(f"OpenSpiel peer not measured: it is set up for {baselines.PEERS[peer_name].players} "
                         f"players, not {players_now}")
        else:
            described = baselines.PEERS[peer_name]
            peer_driver = baselines.driver(peer_name, seed)
            assert peer_driver is not None  # `available()` said that OpenSpiel is installed
            contenders.append(Contender("peer", described.description, peer_driver))
    warmup = min(deals, 50)  # pays one-off costs (first-touch allocations, lazy caches) untimed
    for contender in contenders:
        for _ in range(warmup):
            contender.runner.play_deal()
    for rep in range(repeats):
        shift = rep % len(contenders)  # rotate the order so no contender always runs first
        for contender in contenders[shift:] + contenders[:shift]:
            contender.batch(deals)
    referee = contenders[0]
    ratios = {c.name: [r / o for r, o in zip(referee.rates, c.rates)] for c in contenders[1:]}
    return GameFigures(game.id, first, warm, {c.name: c.summary() for c in contenders}, ratios,
                       targets().get(game.id, {}), notes)


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} logical CPUs, {platform.system()}, Python {platform.python_version()}"


def _verdict(value: float, target: float | None) -> str:
    if target is None:
        return ""
    return f" (target ≥ {target:g}: {'met' if value >= target else 'missed'})"


def table(figures: list[GameFigures], deals: int, repeats: int) -> str:
    lines = ["| game | rules load, warm | referee deals/s (best / median), actions/deal | contender | "
             "deals/s (best / median), actions/deal | referee ÷ contender per repetition: median (range) |",
             "|---|---|---|---|---|---|"]
    for fig in figures:
        ref = fig.contenders["referee"]
        load = (f"{fig.load_warm_ms:.1f} ms (target < {LOAD_TARGET_MS:g} ms: "
                f"{'met' if fig.load_warm_ms < LOAD_TARGET_MS else 'missed'})")
        first = True
        for name in ("loop", "peer"):
            if name not in fig.contenders:
                continue
            other = fig.contenders[name]
            ratio = fig.ratios[name]
            head = (f"| {fig.game} | {load} | {ref['best']:,.0f} / {ref['median']:,.0f}, {ref['actions_per_deal']:.1f} |"
                    if first else "| | | |")
            lines.append(f"{head} {other['description']} | {other['best']:,.0f} / {other['median']:,.0f}, "
                         f"{other['actions_per_deal']:.1f} | {statistics.median(ratio):.3f} "
                         f"({min(ratio):.2f}–{max(ratio):.2f}){_verdict(statistics.median(ratio), fig.targets.get(name))} |")
            first = False
        if first:
            lines.append(f"| {fig.game} | {load} | {ref['best']:,.0f} / {ref['median']:,.0f}, "
                         f"{ref['actions_per_deal']:.1f} | — | — | — |")
    lines.append("")
    lines.append(f"{repeats} interleaved repetitions of {deals} complete deals per contender, timed in CPU time "
                 f"(time.process_time); machine: {machine()}.")
    for fig in figures:
        lines.extend(f"{fig.game}: {note}" for note in fig.notes)
    return "\n".join(lines)


def run_bench(names: list[str] | None, deals: int = 1000, repeats: int = 7, players: int | None = None,
              settings: dict[str, str] | None = None, peer: bool = True, output: str | None = None) -> int:
    """Measure the named games (all shipped games when `names` is None), print the table, and
    write the figures as JSON to `output` if given."""
    if deals < 1 or repeats < 1:
        raise UsageError(Phrase("--deals and --repeats must be whole numbers of at least 1"))
    names = names if names is not None else game_names()
    figures = []
    for name in names:
        fig = measure_game(name, deals, repeats, players, settings, peer)
        print(f"measured {fig.game}: referee {fig.contenders['referee']['median']:,.0f} deals/s (median)", flush=True)
        figures.append(fig)
    print()
    print(table(figures, deals, repeats))
    if output is not None:
        document = {"command": "referee bench", "deals": deals, "repeats": repeats, "clock": "process CPU time",
                    "machine": machine(), "games": [fig.as_json() for fig in figures]}
        written = write_output(json.dumps(document, indent=1, ensure_ascii=False) + "\n", output)
        print(f"figures written to {written}")
    return 0
