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
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

from .engine.table import Action
from .errors import Phrase, UsageError
from .interpreter.deal import Deal
from .judge import judge
from .model import load_game
from .notation import write_deal
from .resources import repo_root
from .simulate import random_transcript
from .transcript import dump_transcript
from .verdicts import Verdict

__all__ = ["run_judge_bench", "TARGETS", "PLAN", "read_plan", "bench_plan", "seeded_match", "fresh_process_ms"]

PLAN = "judge.json"
"""In the checkout's `bench/` folder: the match judged, the vying game and stacks timed, and the
game, seeds and illegal action of the streaming figures (`bench stream`)."""

TARGETS = {"help": 80.0, "judge_process": 250.0, "judge_in_process": 25.0}
"""Milliseconds each figure should stay under (issue 13)."""


def fresh_process_ms(argv: list[str], repeats: int, env: dict[str, str] | None = None) -> tuple[float, float]:
    """The median wall time and CPU time (user and system) of a fresh process, in milliseconds.
    On a machine shared with other work the CPU time is the steadier of the two."""
    import resource  # Unix only: imported where it is used, so that the module imports anywhere

    walls, cpus = [], []
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env)
        walls.append((time.perf_counter() - start) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
    return statistics.median(walls), statistics.median(cpus)


def _in_process_ms(work: Callable[[], object], repeats: int) -> tuple[float, float]:
    """The median wall time and CPU time of `work()` in this process, in milliseconds."""
    walls, cpus = [], []
    for _ in range(repeats):
        start, cpu = time.perf_counter(), time.process_time()
        work()
        walls.append((time.perf_counter() - start) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
    return statistics.median(walls), statistics.median(cpus)


def seeded_match(name: str, seed: int, settings: dict[str, str] | None = None) -> dict[str, Any]:
    """The transcript of a whole match of game `name` played by seeded random players."""
    game = load_game(name, settings or {})
    return random_transcript(game, seed, whole_match=True, parameters=settings)


def _per_action_us(name: str, settings: dict[str, str], least_actions: int = 400) -> tuple[float, int]:
    """Microseconds to rule on and apply one action (`Deal.play`, timed inside `judge()`) of the
    game `name` under `settings`, over random sessions of several seeds. Only the actions are
    timed: a session's setup and each deal's showdown do not depend on the stacks."""
    game = load_game(name, settings)
    sessions, actions, seed = [], 0, 0
    while actions < least_actions:
        seed += 1
        sessions.append(seeded_match(name, seed, settings))
        actions += sum(len(deal["actions"]) for deal in sessions[-1]["deals"])
    play, spent = Deal.play, [0.0, 0]

    def timed(deal: Deal, seat: int | Action | str, action: Action | str | int | None = None) -> Verdict:
        start = time.process_time()  # CPU time: steadier than the clock on a shared machine
        try:
            return play(deal, seat, action)
        finally:
            spent[0] += time.process_time() - start
            spent[1] += 1
    passes = []
    with mock.patch.object(Deal, "play", timed):  # instrumentation for the measurement only
        for _ in range(7):  # the quickest pass: the least disturbed by other work on the machine
            spent[:] = [0.0, 0]
            for data in sessions:
                judge(data, game=game)
            passes.append(spent[0] * 1e6 / spent[1])
    return min(passes), actions


def read_plan(name: str, command: str) -> dict[str, Any]:
    """What a benchmark command measures, from `bench/NAME` of the checkout (data, not code, so
    that no game is named in the referee)."""
    path = repo_root() / "bench" / name
    try:
        plan: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        return plan
    except (OSError, ValueError):
        raise UsageError(Phrase("`{command}` reads what it measures from {path}, in a checkout of the project",
                                command=command, path=str(path))) from None


def bench_plan() -> dict[str, Any]:
    """What `bench judge` measures (`bench/judge.json`)."""
    return read_plan(PLAN, "bench judge")


def run_judge_bench(repeats: int = 7) -> int:
    plan = bench_plan()
    python = [sys.executable, "-m", "referee"]
    named = plan["match"]
    match = seeded_match(named["game"], named["seed"])
    title = load_game(named["game"], {}).title
    with tempfile.TemporaryDirectory(prefix="referee-bench-") as folder:
        path = Path(folder) / "match.json"
        path.write_text(dump_transcript(match), encoding="utf-8")
        plain = {k: v for k, v in os.environ.items() if k != "REFEREE_CACHE"}
        kept = {**plain, "REFEREE_CACHE": str(Path(folder) / "kept")}
        subprocess.run(python + ["judge", str(path)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       check=False, env=kept)  # the game built once and kept, as for any later judge
        help_ms, help_cpu = fresh_process_ms(python + ["--help"], repeats, plain)
        process_ms, process_cpu = fresh_process_ms(python + ["judge", str(path)], repeats, plain)
        kept_ms, kept_cpu = fresh_process_ms(python + ["judge", str(path)], repeats, kept)
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


# -- a judge that streams, and the cost of reading each format ----------------------------------------

def _child(argv: list[str], env: dict[str, str] | None = None) -> tuple[float, float, float, int]:
    """Wall seconds, CPU seconds, peak resident memory (MB) and exit status of one fresh process."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _pid, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, child.returncode


def _big_files(folder: Path, deals: int, actions: int) -> tuple[Path, Path]:
    """A JSON transcript and a `.deal` file of `deals` deals of `actions` actions each, of the
    plan's game and seed: each action the plan's illegal one, by the seat to act first."""
    named = bench_plan()["stream"]
    seeded = seeded_match(named["game"], named["seed"])
    first = seeded["deals"][0]
    chooser, illegal = first["actions"][0]["seat"], named["illegal"]
    deal = {**{k: v for k, v in first.items() if k in ("dealer", "hands", "talon", "upcard")},
            "actions": [{"seat": chooser, "action": illegal}] * actions}
    data = {k: v for k, v in seeded.items() if k != "deals"} | {"deals": [deal] * deals}
    as_json, as_deal = folder / "big.json", folder / "big.deal"
    as_json.write_text(dump_transcript(data), encoding="utf-8")
    head = write_deal({**data, "deals": [{**deal, "actions": []}]})
    body = head[head.index("\ndeal 1") + 1:].split("\n", 1)[1]  # the deal's lines less its head
    with as_deal.open("w", encoding="utf-8") as out:
        out.write(head[:head.index("\ndeal 1")] + "\n")
        for number in range(deals):
            out.write(f"\ndeal {number + 1} dealer {deal['dealer'] + 1}\n{body}")
            out.write(f"{chooser + 1}: {illegal}\n" + f"{illegal}\n" * (actions - 1))
    return as_json, as_deal


def _played_files(folder: Path, deals: int) -> tuple[Path, Path]:
    """A JSON transcript and a `.deal` file of `deals` played deals of the plan's game (a match's,
    repeated): what reading costs a megabyte of real deals."""
    named = bench_plan()["stream"]
    seeded = seeded_match(named["game"], named["played_seed"])
    data = {**seeded, "deals": (seeded["deals"] * (deals // len(seeded["deals"]) + 1))[:deals]}
    as_json, as_deal = folder / "played.json", folder / "played.deal"
    as_json.write_text(dump_transcript(data), encoding="utf-8")
    as_deal.write_text(write_deal(data), encoding="utf-8")
    single = {**data, "deals": data["deals"][:1]}
    (folder / "one.json").write_text(dump_transcript(single), encoding="utf-8")
    (folder / "one.deal").write_text(write_deal(single), encoding="utf-8")
    return as_json, as_deal


def run_stream_bench(deals: int = 100, actions: int = 10_000, played: int = 2_000) -> int:
    """`referee bench stream`: the first illegal action of a transcript of `deals` × `actions`
    actions (JSON and `.deal`) judged as a fresh process, and the cost per megabyte of reading
    `played` real deals in each format, whole (`convert`, `legal`, `explain`) and as the judge
    reads them, deal by deal."""
    python = [sys.executable, "-m", "referee"]
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_CACHE"}
    with tempfile.TemporaryDirectory(prefix="referee-bench-") as folder:
        # Written by a process of their own: a child's peak memory counts the parent it was forked from.
        subprocess.run([sys.executable, "-c", "import sys; from pathlib import Path; from referee import judge_bench as b; "
                        f"b._big_files(Path(sys.argv[1]), {deals}, {actions}); b._played_files(Path(sys.argv[1]), {played})",
                        folder], check=True, env=env)
        big_json, big_deal = Path(folder) / "big.json", Path(folder) / "big.deal"
        for path in (big_json, big_deal):
            size = path.stat().st_size / 1e6
            runs = [_child(python + ["judge", str(path)], env) for _ in range(3)]
            wall, cpu, peak, status = min(runs, key=lambda run: run[1])
            print(f"judge, {deals * actions:,} actions ({size:.1f} MB {path.suffix}), the first illegal: exit {status}, "
                  f"{wall:.2f} s wall, {cpu:.2f} s CPU, {peak:.0f} MB peak (target < 1 s)")
        read = {".json": "from referee.transcript import load_transcript as read; read({path!r})",
                ".deal": "from referee.notation import read_deal_path as read; read({path!r})"}
        stream = {".json": ("from referee.transcript import TranscriptStream as S\n"
                            "for d in S({path!r}).deals(): pass"),
                  ".deal": ("from pathlib import Path; from referee.notation import _Reader, _file_lines\n"
                            "for d in _Reader(_file_lines(Path({path!r}), 'x'), 'x').records(): pass")}
        for suffix in (".json", ".deal"):
            paths = [Path(folder) / f"{name}{suffix}" for name in ("one", "played")]
            sizes = [path.stat().st_size / 1e6 for path in paths]
            for what, code in (("whole", read[suffix]), ("deal by deal", stream[suffix])):
                # The cost of one deal (the imports, the rules) taken off: what each megabyte adds.
                one, many = ([min((_child([sys.executable, "-c", code.format(path=str(path))], env)
                                   for _ in range(3)), key=lambda run: run[1]) for path in paths])
                grown = sizes[1] - sizes[0]
                print(f"reading {played:,} played deals ({sizes[1]:.1f} MB {suffix}) {what}: exit {many[3]}, "
                      f"{(many[1] - one[1]) / grown:.2f} s CPU and {(many[2] - one[2]) / grown:.0f} MB a megabyte "
                      f"({many[1]:.2f} s, {many[2]:.0f} MB peak; one deal {one[1]:.2f} s, {one[2]:.0f} MB)")
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0
