"""The gates on the code itself: the type checker's ratchet only turns one way.

`scripts/test` runs ruff and mypy over the package before anything else; mypy passes because the
modules not yet typed are listed in pyproject.toml with `ignore_errors`. This test checks that
the list holds no module that already type-checks, so a module that is fixed or moved must leave
it, and the list can only shrink.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _ratchet(config: dict) -> list[str]:
    return [module for override in config["tool"]["mypy"]["overrides"] if override.get("ignore_errors")
            for module in override["module"]]


@pytest.mark.slow
def test_every_module_on_the_ratchet_still_has_errors(tmp_path):
    mypy = Path(sys.executable).parent / "mypy"
    if not mypy.exists() and shutil.which("mypy") is None:
        pytest.skip("mypy is not installed (scripts/setup installs it)")
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    listed = _ratchet(tomllib.loads(text))
    assert listed, "the ratchet is empty: remove this test's skip-worthy block from pyproject.toml"
    # The same configuration without the ratchet: every listed module must report an error.
    unlisted = re.sub(r"\[\[tool\.mypy\.overrides\]\]\nmodule = \[[^\]]*\]\nignore_errors = true\n", "", text)
    assert unlisted != text
    config = tmp_path / "pyproject.toml"
    config.write_text(unlisted, encoding="utf-8")
    done = subprocess.run([str(mypy) if mypy.exists() else "mypy", "--config-file", str(config),
                           "--cache-dir", str(tmp_path / "cache"), str(ROOT / "referee")],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    failing = {Path(line.split(":")[0]).as_posix() for line in done.stdout.splitlines() if ": error:" in line}
    modules = {re.sub(r"(/__init__)?\.py$", "", path.split("referee/", 1)[-1]).replace("/", ".") for path in failing}
    clean = [m for m in listed if m.removeprefix("referee.") not in modules and m != "referee"]
    assert not clean, f"these modules type-check now; take them off the ratchet in pyproject.toml: {clean}"


def test_the_referee_names_no_game():
    """Game knowledge lives in the rules files: no module of the referee names a shipped game or
    variant (by its file's name, with `_` or a space), not even in an example or a hint, so that
    a variant author changes what the referee knows without Python. Benchmarks name theirs in
    `bench/*.json`."""
    stems = [p.stem for p in (*(ROOT / "rules").glob("*.rules"), *(ROOT / "rules" / "variants").glob("*.rules"))]
    assert len(stems) > 10
    names = sorted({form for stem in stems for form in (stem, stem.replace("_", " "))}, key=len, reverse=True)
    named = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b", re.IGNORECASE)
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for path in sorted((ROOT / "referee").rglob("*.py")) if "_tables" not in path.parts
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if named.search(line)]
    assert not found, "\n".join(found)
