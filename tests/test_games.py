"""All shipped games: they load with every parameter value, and every source line is accounted for."""

from __future__ import annotations

import pytest

from referee.coverage import uncovered_lines
from referee.model import load_game
from referee.model.document import game_names
from referee.resources import sources_dir

GAMES = game_names()


@pytest.mark.parametrize("name", GAMES)
def test_every_source_line_is_cited_or_listed(name):
    assert uncovered_lines(load_game(name)) == []


@pytest.mark.parametrize("name", GAMES)
def test_loads_with_each_parameter_value(name):
    game = load_game(name)
    assert game.parameters, "every game records at least one disputed reading"
    for param in game.parameters.values():
        values = [v for v, _ in param.choices] or [param.low, param.high]
        for value in values:
            assert load_game(name, {param.name: str(value)}).settings[param.name] == value


@pytest.mark.parametrize("name", GAMES)
def test_clauses_are_well_formed(name):
    game = load_game(name)
    for clause in game.clauses.values():
        assert clause.statement.endswith((".", ")")), clause.id
        assert clause.provenance.citations or clause.provenance.kind != "source", clause.id
    for param in game.parameters.values():
        assert game.clauses[param.clause].is_ruling


def test_sources_are_the_shared_seeds():
    from pathlib import Path
    shared = Path(__file__).resolve().parents[2] / "shared" / "seeds"
    if not shared.is_dir():
        pytest.skip("no ../shared/seeds beside this checkout")
    for seed in shared.glob("*.txt"):
        assert (sources_dir() / seed.name).read_bytes() == seed.read_bytes()


@pytest.mark.parametrize("name", GAMES)
def test_source_line_counts_are_declared_correctly(name):
    game = load_game(name)
    for source in game.sources.values():
        text = (sources_dir() / source.filename).read_text(encoding="utf-8")
        assert len(text.splitlines()) == source.lines
