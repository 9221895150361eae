"""`referee.schema_check` (the transcript schema without jsonschema, for the in-browser Python)
finds the same errors, at the same places, in the same words as jsonschema."""

from __future__ import annotations

import copy
import json
import sys

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
    "hand keys": lambda d: d["deals"][0]["hands"].update(north=["QH"], east=[]),
    "hand card type": lambda d: d["deals"][0]["hands"]["0"].append(7),
    "irregularity": lambda d: d["deals"][0].update(irregularity="spilled"),
    "draw": lambda d: d.update(draw=[{"x": "QH"}]),
    "deal not object": lambda d: d["deals"].append(3),
}


def _found(validator, data) -> list[tuple]:
    return sorted((list(e.absolute_path), e.message, e.validator, repr(e.validator_value), repr(e.instance),
                   repr(e.schema)) for e in validator.iter_errors(data))


@pytest.mark.parametrize("case", CASES)
def test_same_errors_as_jsonschema(case):
    data = _broken(CASES[case])
    expected = _found(jsonschema.Draft202012Validator(schema()), data)
    assert _found(Validator(schema()), data) == expected
    assert (case == "valid") == (expected == [])


def test_unknown_keyword_refused():
    with pytest.raises(ValueError, match="oneOf"):
        Validator({"oneOf": [{"type": "string"}]})


def test_transcripts_are_checked_without_jsonschema(monkeypatch):
    """Where jsonschema cannot be imported (Pyodide), the transcript reader falls back to
    schema_check and reports the same error."""
    from referee import transcript
    from referee.errors import TranscriptError

    broken = _broken(CASES["action word"])
    with pytest.raises(TranscriptError) as with_jsonschema:
        transcript.validate_transcript(broken)
    monkeypatch.setitem(sys.modules, "jsonschema", None)  # import jsonschema now fails
    transcript._validator.cache_clear()
    try:
        with pytest.raises(TranscriptError) as without:
            transcript.validate_transcript(broken)
    finally:
        transcript._validator.cache_clear()
    assert str(without.value) == str(with_jsonschema.value)
    assert "deals[0].actions[0].action" in str(without.value)
