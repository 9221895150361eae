"""`referee.schema_check` (the transcript schema without jsonschema, for the in-browser Python)
finds the same errors, at the same places, in the same words as jsonschema."""

from __future__ import annotations

import copy
import json

import jsonschema
import pytest

from referee.resources import repo_root
from referee.schema_check import Validator
from referee.transcript import schema

GOLDEN = json.loads((repo_root() / "tests" / "golden" / "kierki-revoke.json").read_text("utf-8"))


def _broken(change):
    data = copy.deepcopy(GOLDEN)
    change(data)
    return data


CASES = {
    "valid": lambda d: None,
    "format": lambda d: d.update(format="x"),
    "missing deals": lambda d: d.pop("deals"),
    "extra key": lambda d: d.update(colour="red", size=3),
    "players too many": lambda d: d.update(players=11),
    "players too few": lambda d: d.update(players=1),
    "players bool": lambda d: d.update(players=True),
    "parameter list": lambda d: d.update(parameters={"x": [1]}),
    "seat negative": lambda d: d["deals"][0]["actions"][0].update(seat=-1),
    "action word": lambda d: d["deals"][0]["actions"][0].update(action="dance"),
    "action extra": lambda d: d["deals"][0]["actions"][0].update(why="x"),
    "hand key": lambda d: d["deals"][0]["hands"].update(north=["QH"]),
    "hand card type": lambda d: d["deals"][0]["hands"]["0"].append(7),
    "irregularity": lambda d: d["deals"][0].update(irregularity="spilled"),
    "draw": lambda d: d.update(draw=[{"x": "QH"}]),
    "deal not object": lambda d: d["deals"].append(3),
}


def _found(validator, data) -> list[tuple[list, str]]:
    return sorted((list(e.absolute_path), e.message) for e in validator.iter_errors(data))


@pytest.mark.parametrize("case", CASES)
def test_same_errors_as_jsonschema(case):
    data = _broken(CASES[case])
    expected = _found(jsonschema.Draft202012Validator(schema()), data)
    assert _found(Validator(schema()), data) == expected
    assert (case == "valid") == (expected == [])


def test_unknown_keyword_refused():
    with pytest.raises(ValueError, match="oneOf"):
        Validator({"oneOf": [{"type": "string"}]})
