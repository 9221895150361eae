"""The wheel: built as a user's `pip install` builds it, it carries the kept parser tables and
games (hatch_build.py), judges a match as the checkout does without parsing the rules, and
writes nothing into site-packages (`referee bench wheel` gives the figures)."""

from __future__ import annotations

import os
import subprocess
import zipfile
from pathlib import Path

import pytest

from referee.resources import repo_root

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not (repo_root() / ".tools" / "bin" / "uv").exists(), reason="no .tools/bin/uv")]

MATCH = Path(__file__).parent / "golden" / "kierki-match-seed2.json"


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    from referee.wheel_bench import install_wheel
    return install_wheel(tmp_path_factory.mktemp("wheel"))


def test_the_wheel_carries_the_tables_the_games_and_a_build_stamp(installed):
    names = zipfile.ZipFile(installed.wheel).namelist()
    kept = [n for n in names if n.startswith("referee/front/_tables/")]
    assert {"referee/front/_tables/rules.tables.json", "referee/front/_tables/deal.tables.json",
            "referee/front/_tables/build-stamp"} <= set(kept)
    stamp = zipfile.ZipFile(installed.wheel).read("referee/front/_tables/build-stamp").decode().strip()
    games = [n for n in kept if n.startswith("referee/front/_tables/games/")]
    shipped = len(list((repo_root() / "rules").glob("*.rules"))) + len(list((repo_root() / "rules/variants").glob("*.rules")))
    assert len(games) == shipped and all(n.split("/")[4] == stamp[:24] for n in games)  # one version: the stamp's
    for name in games:  # the paths inside the rules folder are relative: none of the tree it was built in
        data = zipfile.ZipFile(installed.wheel).read(name)
        assert b'"<rules>/' in data and str(repo_root()).encode() not in data


def test_the_installed_wheel_judges_a_match_as_the_checkout_does_and_writes_nothing(installed, tmp_path):
    from referee.wheel_bench import site_files
    before = site_files(installed.package)
    env = {k: v for k, v in os.environ.items() if k not in ("REFEREE_CACHE", "PYTHONPATH")}
    wheel = subprocess.run([str(installed.referee), "judge", str(MATCH)], capture_output=True, text=True, env=env,
                           cwd=tmp_path, timeout=300)
    checkout = subprocess.run([str(Path(os.sys.executable).parent / "referee"), "judge", str(MATCH)],
                              capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert wheel.returncode == 0 and wheel.stdout == checkout.stdout and "Deal 24" in wheel.stdout
    for argv in (["play", "preferans", "--seed", "3"], ["legal", str(MATCH), "--at", "1.5", "--show"]):
        assert subprocess.run([str(installed.referee), *argv], capture_output=True, env=env, cwd=tmp_path,
                              timeout=300).returncode == 0
    refused = subprocess.run([str(installed.python), "-m", "referee.install"], capture_output=True, text=True,
                             env=env, cwd=tmp_path, timeout=300)
    assert refused.returncode == 0 and "carries its tables" in refused.stderr
    assert site_files(installed.package) == before


def test_the_installed_wheel_reads_the_kept_games_instead_of_parsing(installed, tmp_path):
    probe = ("import referee.front.parser as p, referee.model.cache as c\n"
             "from referee.model.cache import load_kept, shipped_game\n"
             "import referee.model.build as b\n"
             "b.load_game = None  # building a game would fail: it must be read\n"
             "game = load_kept(shipped_game('kierki'), {})\n"
             "print(game.id, game.path)\n")
    done = subprocess.run([str(installed.python), "-c", probe], capture_output=True, text=True, cwd=tmp_path,
                          timeout=300, env={k: v for k, v in os.environ.items() if k != "REFEREE_CACHE"})
    assert done.returncode == 0, done.stderr
    game_id, path = done.stdout.split()
    assert game_id == "kierki" and Path(path) == installed.package / "_rules" / "kierki.rules"
