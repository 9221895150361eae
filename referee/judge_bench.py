"""`referee bench judge`: how fast the referee answers a director.

It measures `referee --help` and `referee judge` of a whole match as fresh processes (Python's
start, the imports and the first rules load included), the same judgement in-process once the
rules are loaded, and the cost of judging one action of a vying game with small and with large
stacks (bets are checked by arithmetic, so the two should be alike). Which games, seeds and
stacks is data, in the checkout's `bench/judge.json`, beside the hand-written loops. The
transcripts are generated from fixed seeds into a temporary folder that is removed afterwards.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

__all__ = ["run_judge_bench", "TARGETS", "PLAN"]

PLAN = "judge.json"
"""In the checkout's `bench/` folder: the match judged, and the vying game and stacks timed."""

TARGETS = {"help": 80.0, "judge_process": 250.0, "judge_in_process": 25.0}
"""Milliseconds each figure should stay under (issue 13)."""


def _process_ms(argv: list[str], repeats: int, env: dict | None = None) -> tuple[float, float]:
    """The median wall time and CPU time (user and system) of a fresh process, in milliseconds.
    On a machine shared with other work the CPU time is the steadier of the two."""
    import resource

    walls, cpus = [], []
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env)
        walls.append((time.perf_counter() - start) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
    return statistics.median(walls), statistics.median(cpus)


def _in_process_ms(work, repeats: int) -> tuple[float, float]:
    """The median wall time and CPU time of `work()` in this process, in milliseconds."""
    walls, cpus = [], []
    for _ in range(repeats):
        start, cpu = time.perf_counter(), time.process_time()
        work()
        walls.append((time.perf_counter() - start) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
    return statistics.median(walls), statistics.median(cpus)


def _match(name: str, seed: int, settings: dict | None = None) -> dict:
    from .model import load_game
    from .simulate import random_transcript
    game = load_game(name, settings or {})
    return random_transcript(game, seed, whole_match=True, parameters=settings)


def _per_action_us(name: str, settings: dict, least_actions: int = 400) -> tuple[float, int]:
    """Microseconds to rule on and apply one action (`Deal.play`, timed inside `judge()`) of the
    game `name` under `settings`, over random sessions of several seeds. Only the actions are
    timed: a session's setup and each deal's showdown do not depend on the stacks."""
    from .interpreter.deal import Deal
    from .judge import judge
    from .model import load_game
    game = load_game(name, settings)
    sessions, actions, seed = [], 0, 0
    while actions < least_actions:
        seed += 1
        sessions.append(_match(name, seed, settings))
        actions += sum(len(deal["actions"]) for deal in sessions[-1]["deals"])
    play, spent = Deal.play, [0.0, 0]

    def timed(deal, seat, action):
        start = time.process_time()  # CPU time: steadier than the clock on a shared machine
        try:
            return play(deal, seat, action)
        finally:
            spent[0] += time.process_time() - start
            spent[1] += 1
    passes = []
    Deal.play = timed  # instrumentation for the measurement only, undone below
    try:
        for _ in range(7):  # the quickest pass: the least disturbed by other work on the machine
            spent[:] = [0.0, 0]
            for data in sessions:
                judge(data, game=game)
            passes.append(spent[0] * 1e6 / spent[1])
    finally:
        Deal.play = play
    return min(passes), actions


def _plan() -> dict:
    from .errors import Phrase, UsageError
    from .resources import repo_root
    path = repo_root() / "bench" / PLAN
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise UsageError(Phrase("`bench judge` reads what it measures from {path}, in a checkout of the "
                                "project", path=str(path))) from None


def run_judge_bench(repeats: int = 7) -> int:
    from .judge import judge
    from .model import load_game
    from .transcript import dump_transcript

    plan = _plan()
    python = [sys.executable, "-m", "referee"]
    named = plan["match"]
    match = _match(named["game"], named["seed"])
    title = load_game(named["game"], {}).title
    with tempfile.TemporaryDirectory(prefix="referee-bench-") as folder:
        path = Path(folder) / "match.json"
        path.write_text(dump_transcript(match), encoding="utf-8")
        plain = {k: v for k, v in os.environ.items() if k != "REFEREE_CACHE"}
        kept = {**plain, "REFEREE_CACHE": str(Path(folder) / "kept")}
        subprocess.run(python + ["judge", str(path)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       check=False, env=kept)  # the game built once and kept, as for any later judge
        help_ms, help_cpu = _process_ms(python + ["--help"], repeats, plain)
        process_ms, process_cpu = _process_ms(python + ["judge", str(path)], repeats, plain)
        kept_ms, kept_cpu = _process_ms(python + ["judge", str(path)], repeats, kept)
    judge(match)
    in_process_ms, in_process_cpu = _in_process_ms(lambda: judge(match), repeats * 3)
    print(f"referee --help, as a process: {help_ms:.0f} ms wall, {help_cpu:.0f} ms CPU "
          f"(target < {TARGETS['help']:.0f} ms)")
    print(f"referee judge, {len(match['deals'])}-deal {title} match, as a process: {process_ms:.0f} ms wall, "
          f"{process_cpu:.0f} ms CPU (target < {TARGETS['judge_process']:.0f} ms)")
    print(f"the same with the game kept (REFEREE_CACHE=DIR): {kept_ms:.0f} ms wall, {kept_cpu:.0f} ms CPU")
    print(f"judge() of the same match in-process, rules loaded: {in_process_ms:.1f} ms wall, "
          f"{in_process_cpu:.1f} ms CPU (target < {TARGETS['judge_in_process']:.0f} ms)")
    vying = plan["per_action"]
    vying_title = load_game(vying["game"], {}).title
    costs = {}
    for stack in vying["stacks"]:
        costs[stack], actions = _per_action_us(vying["game"], {vying["stack_parameter"]: str(stack)})
        print(f"{vying_title}, stacks of {stack:,} chips: {costs[stack]:.1f} µs per action judged "
              f"(replay only, over {actions} actions of random sessions)")
    small, large = min(costs), max(costs)
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"summary: help {help_ms:.0f} ms, judge process {process_ms:.0f} ms ({process_cpu:.0f} ms CPU), "
          f"kept {kept_ms:.0f} ms ({kept_cpu:.0f} ms CPU), "
          f"in-process {in_process_ms:.1f} ms ({in_process_cpu:.1f} ms CPU), "
          f"per action {large:,} vs {small:,} chips: {costs[large] / costs[small]:.2f}x; load average {load}")
    return 0
