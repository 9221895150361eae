"""`referee bench wheel`: the wheel, built and installed as a user installs it, against the checkout.

It builds the wheel from the checkout (`uv build --wheel`, which runs `hatch_build.py`), installs
it with the pinned runtime requirements into a fresh virtual environment, and times `referee judge`
of a whole match in both, interleaved, as fresh processes (CPU time, the steadier figure on a
shared machine); the two judgements must be the same, and the installed package must be left as
it was installed (nothing written into site-packages at run time). Everything is made in a
temporary folder that is removed afterwards.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .judge_bench import bench_plan, fresh_process_ms, seeded_match
from .model.cache import installed_is_current
from .resources import repo_root
from .transcript import dump_transcript

__all__ = ["Installed", "install_wheel", "run_wheel_bench", "site_files"]

_RUNTIME = ("lark", "interegular", "jsonschema", "jsonschema-specifications", "referencing", "rpds-py", "attrs",
            "typing-extensions")


@dataclass(frozen=True)
class Installed:
    wheel: Path
    python: Path
    """The fresh environment's Python."""
    referee: Path
    """Its `referee` command."""
    package: Path
    """The installed package folder in its site-packages."""


def _uv() -> Path:
    found = repo_root() / ".tools" / "bin" / "uv"
    if not found.exists():
        raise FileNotFoundError(f"{found} (run scripts/setup)")
    return found


def install_wheel(folder: Path) -> Installed:
    """Build the wheel into `folder` and install it, with the pinned runtime requirements
    (`requirements/test.txt`), into a fresh environment there."""
    uv, root = _uv(), repo_root()
    env = {**os.environ, "UV_PYTHON_DOWNLOADS": "never"}
    subprocess.run([str(uv), "build", "--wheel", "-q", "-o", str(folder / "dist"), str(root)], check=True, env=env,
                   capture_output=True)
    wheel = next((folder / "dist").glob("referee-*.whl"))
    pins = [line for line in (root / "requirements" / "test.txt").read_text(encoding="utf-8").splitlines()
            if re.match(rf"({'|'.join(map(re.escape, _RUNTIME))})==", line)]
    (folder / "runtime.txt").write_text("\n".join(pins) + "\n", encoding="utf-8")
    venv = folder / "venv"
    subprocess.run([str(uv), "venv", "-q", "--python", sys.executable, str(venv)], check=True, env=env,
                   capture_output=True)
    python = venv / "bin" / "python"
    subprocess.run([str(uv), "pip", "install", "-q", "--compile-bytecode", "--python", str(python), "-r",
                    str(folder / "runtime.txt"), str(wheel)], check=True, env=env, capture_output=True)
    package = Path(subprocess.run([str(python), "-c", "import referee, pathlib; print(pathlib.Path(referee.__file__).parent)"],
                                  check=True, capture_output=True, text=True, cwd=folder).stdout.strip())
    return Installed(wheel, python, venv / "bin" / "referee", package)


def site_files(package: Path) -> dict[str, int]:
    """Every file of the installed package with its size: what a run must leave as it was."""
    return {p.relative_to(package).as_posix(): p.stat().st_size for p in sorted(package.rglob("*")) if p.is_file()}


def run_wheel_bench(repeats: int = 7) -> int:
    named = bench_plan()["match"]  # the match `bench judge` times (bench/judge.json)
    transcript = seeded_match(named["game"], named["seed"])
    checkout = Path(sys.executable).parent / "referee"
    if not installed_is_current():
        print("note: the checkout's kept games are stale (its code changed since the install step): "
              "run `.venv/bin/python -m referee.install` first, or its figure includes building the rules")
    with tempfile.TemporaryDirectory(prefix="referee-wheel-") as tmp:
        folder = Path(tmp)
        match = folder / f"{named['game']}-match-seed{named['seed']}.json"
        match.write_text(dump_transcript(transcript), encoding="utf-8")
        print("building the wheel and installing it into a fresh environment ...", flush=True)
        installed = install_wheel(folder)
        before = site_files(installed.package)
        clean = {k: v for k, v in os.environ.items() if k not in ("REFEREE_CACHE", "PYTHONPATH")}
        outputs = {}
        for name, command in (("wheel", installed.referee), ("checkout", checkout)):
            done = subprocess.run([str(command), "judge", str(match)], capture_output=True, text=True, env=clean,
                                  cwd=folder)
            outputs[name] = (done.returncode, done.stdout)
        figures: dict[str, list[float]] = {"wheel": [], "checkout": []}
        for _ in range(repeats):  # interleaved: both see the same load on the machine
            for name, command in (("wheel", installed.referee), ("checkout", checkout)):
                figures[name].append(fresh_process_ms([str(command), "judge", str(match)], 1, clean)[1])
        after = site_files(installed.package)
        size = installed.wheel.stat().st_size
    print(f"referee judge {match.name} ({len(transcript['deals'])} deals), median CPU of {repeats} fresh "
          "processes each:")
    for name in ("wheel", "checkout"):
        values = sorted(figures[name])
        print(f"  {name:9} {values[len(values) // 2]:7.0f} ms   (min {values[0]:.0f} ms)")
    print(f"  the wheel: {size / 1e6:.1f} MB; the same judgement: {outputs['wheel'] == outputs['checkout']}; "
          f"site-packages left as installed: {before == after}")
    return 0 if outputs["wheel"] == outputs["checkout"] and before == after else 1
