"""`referee bench claim`: how fast a claim is ruled, on seeded random positions.

Each position is a seeded random deal of a game, played on by random legal moves until trick play
reaches the tricks left that the plan names for it, and the claim ruled there is "the rest" by the declarer (else the seat
to act), under each reading of the claimer's unstated plays: any legal card (the shipped rules'
default, doubt against him) and his best play (double dummy, the harder search). The figures are the CPU time of the whole ruling (the value, the
counter-line and the line a judge plays out) and the positions searched; their median and maximum
are set against the plan's target for each game (issue 27).

The plan is data, in the checkout's `bench/claim.json` beside the hand-written loops: which games,
with how many tricks left, and the target in seconds for the slowest position.
"""

from __future__ import annotations

import itertools
import json
import random
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

from .interpreter import Deal, Match
from .interpreter.players import random_move
from .judge_bench import read_plan
from .mechanics.claims.rules import Unstated
from .mechanics.claims.ruling import Claim, rule_on_claim
from .mechanics.claims.solver import tricks_left
from .mechanics.table.seating import SeatedDeal
from .mechanics.vocabulary import Phase
from .model import load_game
from .model.game import Game
from .output import write_output

__all__ = ["PLAN", "ClaimFigures", "measure_claims", "run_claim_bench", "planned"]

PLAN = "claim.json"
"""In the checkout's `bench/` folder: the games timed, the tricks left at the claim, and the target
in seconds for the slowest position."""


def planned() -> list[tuple[str, int, float]]:
    """(game, tricks left at the claim, target in seconds), as `bench/claim.json` lists them."""
    return [(entry["game"], int(entry["tricks_left"]), float(entry["target_s"]))
            for entry in read_plan(PLAN, "bench claim")["positions"]]


@dataclass(frozen=True)
class ClaimFigures:
    game: str
    reading: str
    left: int
    target: float
    seconds: tuple[float, ...]
    nodes: tuple[int, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def worst(self) -> float:
        return max(self.seconds)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "reading": self.reading, "tricks_left": self.left, "positions": len(self.seconds),
                "target_s": self.target, "median_s": round(self.median, 4), "max_s": round(self.worst, 4),
                "median_nodes": int(statistics.median(self.nodes)), "max_nodes": max(self.nodes),
                "meets_target": self.worst < self.target}


def positions(game: Game, left: int, count: int, seed: int = 0) -> list[Deal]:
    """`count` seeded random deals of `game` at the first moment trick play has `left` tricks to
    go with no card on the table (deals that end before that are skipped), each in its own seat
    numbers (where the dealer sits out, the deal of those who play)."""
    out: list[Deal] = []
    attempt = seed
    while len(out) < count and attempt < seed + 50 * count:
        rng = random.Random(attempt)
        attempt += 1
        match = Match(game)
        match.draw_for_dealer(rng)
        hands, talon, _ = match.deal_pack(rng)
        live = match.new_deal(hands, talon=talon)
        # A sit-out game seats a deal among those who play it: the solver and the claim read
        # that deal in its own seat numbers (the declarer, the seat to act), as the director does.
        deal = live.inner if isinstance(live, SeatedDeal) else live
        assert isinstance(deal, Deal), "the match seats a Deal"
        while not deal.is_over():
            if deal.phase is Phase.TRICKS and not deal.trick and tricks_left(deal) <= left:
                if tricks_left(deal) == left:
                    out.append(deal)
                break
            deal.push(random_move(deal, rng))
    return out


def measure_claims(name: str, left: int, target: float, count: int, reading: Unstated, seed: int = 0,
                   progress: bool = True) -> ClaimFigures:
    game = load_game(name)
    seconds, nodes = [], []
    for deal in positions(game, left, count, seed):
        seat = deal.declarer if deal.declarer is not None else deal.to_act
        start = time.process_time()
        ruling = rule_on_claim(deal, Claim(seat, left), game.claims, unstated=reading, budget=50_000_000)
        seconds.append(time.process_time() - start)
        nodes.append(ruling.nodes)
        if progress:
            print(".", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    return ClaimFigures(name, reading.name.lower(), left, target, tuple(seconds), tuple(nodes))


def run_claim_bench(count: int = 20, output: str | None = None) -> int:
    """Print the figures; exit 0 when every target is met, 1 otherwise."""
    figures = []
    print(f"{'game':<12}{'reading':<8}{'left':>5}{'positions':>10}{'median s':>10}{'max s':>8}{'median nodes':>14}"
          f"{'max nodes':>11}  target")
    for (name, left, target), reading in itertools.product(planned(), Unstated):
        found = measure_claims(name, left, target, count, reading)
        figures.append(found)
        print(f"{name:<12}{found.reading:<8}{left:>5}{len(found.seconds):>10}{found.median:>10.3f}{found.worst:>8.3f}"
              f"{int(statistics.median(found.nodes)):>14}{max(found.nodes):>11}  < {target:g} s "
              f"{'met' if found.worst < target else 'MISSED'}", flush=True)
    print(f"CPU seconds of one ruling (a claim of the rest by the declarer, else the seat to act), {count} seeded "
          "positions per game and reading.")
    if output:
        write_output(json.dumps([f.to_json() for f in figures], indent=1) + "\n", output)
    return 0 if all(f.worst < f.target for f in figures) else 1
