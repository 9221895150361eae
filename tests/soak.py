"""The soak: at least 10,000 hostile inputs through the command line, and a table of what happened.

    .venv/bin/python -m tests.soak [--inputs 10000] [--workers 2] [--seed 0]

Every input class of tests/fuzzing.py gets its share of the inputs, drawn by hypothesis (a
fixed seed per chunk, so a run can be repeated) and run in worker processes, each chunk in a
fresh process so that its peak memory (ru_maxrss) is its own; a worker may not take more than
3 GB of address space, so a blow-up shows as an error instead of swapping the machine. The
table gives, per class, the inputs, the commands run and how they ended (exit 0, 1, 2, bug,
timeout), the median and largest time of one command, and the largest peak memory of a worker.
The exit status is 1 when any command ended in a bug or a timeout, or in an internal error other
than the one gap `fuzzing.tolerated` names (every internal error with --strict).
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import statistics
import sys
import time
from collections import Counter

# The share of the inputs per class: the cheap classes that reach deepest get the most.
SHARES = {
    "rules: mutated": 0.215,
    "rules: from the grammar": 0.18,
    "rules: over a limit": 0.04,
    "transcript: mutated": 0.18,
    "transcript: names a file": 0.06,
    "command line": 0.18,
    "deal notation: mutated": 0.06,
    "deal notation: typed": 0.04,
    "cache: poisoned": 0.02,
    "extends: symlinked": 0.02,
    "deal notation: big": 0.005,
}
OUTCOMES = ("exit 0", "exit 1", "exit 2", "internal", "bug", "timeout")
CHUNK = 250
ADDRESS_SPACE = 3 * 1024 ** 3


def _chunk(task: tuple[str, int, int, float]) -> dict:
    kind, count, seed, time_limit = task
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as fixed_seed

    from .fuzzing import CLASSES, run_case, tolerated

    inputs, outcomes, times, bugs, size = 0, Counter(), [], [], [0]
    failures = Counter()

    @fixed_seed(seed)
    @settings(max_examples=count, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(case=CLASSES[kind])
    def run(case):
        nonlocal inputs
        inputs += 1
        size[0] += sum(len(data) for _name, data in case.files)
        for outcome in run_case(case, time_limit):
            outcomes[outcome.outcome] += 1
            times.append(outcome.seconds)
            if outcome.outcome not in ("exit 0", "exit 1", "exit 2"):
                failures["strict"] += 1
                if not tolerated(case, outcome):
                    failures["failures"] += 1
                if len(bugs) < 5:
                    bugs.append(f"{outcome.outcome}: {case!r}\n    {' '.join(outcome.command)[:300]}\n"
                                f"    {outcome.detail[-1500:]}")

    run()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return {"kind": kind, "inputs": inputs, "outcomes": outcomes, "times": times, "peak_mb": usage.ru_maxrss / 1024,
            "cpu": usage.ru_utime + usage.ru_stime, "bugs": bugs, "failures": failures, "bytes": size[0]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.soak", description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=10_000, help="inputs in all (default 10,000)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--time-limit", type=float, default=20.0, help="seconds one command may take")
    parser.add_argument("--strict", action="store_true",
                        help="count every internal error as a failure, even play on an accepted rules file")
    args = parser.parse_args(argv)
    tasks = []
    for number, (kind, share) in enumerate(SHARES.items()):
        wanted = max(1, round(args.inputs * share))
        for start in range(0, wanted, CHUNK):
            tasks.append((kind, min(CHUNK, wanted - start), args.seed * 1000 + number * 100 + start // CHUNK,
                          args.time_limit))
    started = time.perf_counter()
    # Built once here (the grammar's strategies take a second), and inherited by every worker.
    from .fuzzing import CLASSES
    if set(CLASSES) != set(SHARES):
        parser.error(f"every input class needs a share: {sorted(set(CLASSES) ^ set(SHARES))}")
    context = multiprocessing.get_context("fork")
    with context.Pool(args.workers, maxtasksperchild=1) as pool:
        results = pool.map(_chunk, tasks, chunksize=1)
    elapsed = time.perf_counter() - started

    rows = {}
    for result in results:
        row = rows.setdefault(result["kind"], {"inputs": 0, "outcomes": Counter(), "times": [], "peak_mb": 0.0,
                                               "cpu": 0.0, "bugs": [], "failures": Counter(), "bytes": 0})
        row["bytes"] += result["bytes"]
        row["failures"] += result["failures"]
        row["cpu"] += result["cpu"]
        row["inputs"] += result["inputs"]
        row["outcomes"] += result["outcomes"]
        row["times"] += result["times"]
        row["peak_mb"] = max(row["peak_mb"], result["peak_mb"])
        row["bugs"] += result["bugs"]
    print(_table(rows))
    total_inputs = sum(row["inputs"] for row in rows.values())
    failures = sum(row["failures"]["strict" if args.strict else "failures"] for row in rows.values())
    internal = sum(row["outcomes"]["internal"] for row in rows.values())
    cpu = sum(row["cpu"] for row in rows.values())
    print(f"\n{total_inputs:,} inputs in {elapsed:.0f} s ({cpu:.0f} s of CPU) with {args.workers} workers; "
          f"{failures} failure{'s' if failures != 1 else ''}"
          + ("" if args.strict else f" (not counting {internal} internal error{'s' if internal != 1 else ''} "
                                    "of `play` on rules files that `check` accepts: issue 8)"))
    for kind, row in rows.items():
        for bug in row["bugs"]:
            print(f"\n[{kind}] {bug}")
    return 1 if failures else 0


def _table(rows: dict) -> str:
    head = ["input class", "inputs", "commands", *OUTCOMES, "median ms", "max ms", "CPU s", "peak MB", "input MB",
            "CPU s/MB"]
    lines = []
    totals = Counter()
    all_times: list[float] = []
    for kind, row in rows.items():
        commands = sum(row["outcomes"].values())
        totals.update(row["outcomes"])
        totals["inputs"] += row["inputs"]
        all_times += row["times"]
        lines.append([kind, f"{row['inputs']:,}", f"{commands:,}", *(f"{row['outcomes'][o]:,}" for o in OUTCOMES),
                      f"{statistics.median(row['times']) * 1000:.0f}", f"{max(row['times']) * 1000:.0f}",
                      f"{row['cpu']:.0f}", f"{row['peak_mb']:.0f}", f"{row['bytes'] / 1e6:.1f}",
                      f"{row['cpu'] / max(row['bytes'] / 1e6, 1e-9):.2f}"])
    lines.append(["all", f"{totals['inputs']:,}", f"{sum(totals[o] for o in OUTCOMES):,}",
                  *(f"{totals[o]:,}" for o in OUTCOMES), f"{statistics.median(all_times) * 1000:.0f}",
                  f"{max(all_times) * 1000:.0f}", f"{sum(row['cpu'] for row in rows.values()):.0f}",
                  f"{max(row['peak_mb'] for row in rows.values()):.0f}",
                  f"{sum(row['bytes'] for row in rows.values()) / 1e6:.1f}", ""])
    out = ["| " + " | ".join(head) + " |", "|" + "|".join("---" if i == 0 else "--:" for i in range(len(head))) + "|"]
    out += ["| " + " | ".join(cells) + " |" for cells in lines]
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())
