"""The transcript schema's rules written out in code, for the common case of a well-formed file.

`conforms(data)` answers whether a parsed transcript meets `referee/data/transcript.schema.json`
without importing a JSON Schema library (whose import alone costs more than judging a whole
match). It is at least as strict as the schema: whatever it accepts the schema accepts (checked by
`tests/test_director.py` against the schema on valid and mutated transcripts). When it says no,
`referee.transcript` asks the schema validator for the first error, so the message (the JSON path
and what was expected) is the validator's.
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["conforms", "conforms_deal"]

_TOP = frozenset({"format", "game", "rules", "parameters", "players", "seats", "seed", "draw",
                  "first_dealer", "deals", "leaves"})
_DEAL = frozenset({"dealer", "clock", "hands", "talon", "upcard", "irregularity", "actions", "totals"})
_ACCOUNT = re.compile(r"[a-z][a-z0-9_]*")
_IRREGULARITIES = frozenset({"misdeal", "exposed_card", "one_exposed_card"})
_SEAT_KEY = re.compile(r"[0-9]+")
_CLOCK = 100_000
"""The latest minute of a session's clock a transcript may record (about ten weeks)."""


def _whole(value: object, least: int | None = None, most: int | None = None) -> bool:
    return (type(value) is int and (least is None or value >= least)
            and (most is None or value <= most))


def _texts(value: object) -> bool:
    return type(value) is list and all(type(item) is str for item in value)


def _by_seat(value: object, valid: Callable[[object], bool]) -> bool:
    """An object keyed by seat numbers, each value passing `valid`."""
    return type(value) is dict and all(_SEAT_KEY.fullmatch(key) and valid(item) for key, item in value.items())


def _deal(deal: object, action: re.Pattern[str]) -> bool:
    if type(deal) is not dict or not _DEAL.issuperset(deal) or not {"dealer", "hands", "actions"} <= deal.keys():
        return False
    if not _whole(deal["dealer"], 0) or not _by_seat(deal["hands"], _texts):
        return False
    if "clock" in deal and not _whole(deal["clock"], 0, _CLOCK):
        return False
    if any(part in deal and not _texts(deal[part]) for part in ("talon", "upcard")):
        return False
    if "irregularity" in deal and deal["irregularity"] not in _IRREGULARITIES:
        return False
    totals = deal.get("totals", {})
    if type(totals) is not dict or not all(
            _ACCOUNT.fullmatch(name) and type(column) is list and all(_whole(v) for v in column)
            for name, column in totals.items()):
        return False
    actions = deal["actions"]
    return type(actions) is list and all(
        type(entry) is dict and len(entry) == 2 and _whole(entry.get("seat"), 0)
        and type(entry.get("action")) is str and action.match(entry["action"]) is not None
        for entry in actions)


def conforms(data: object, format_name: str, action: re.Pattern[str]) -> bool:
    """Whether `data` surely meets the transcript schema (`action`: the schema's action pattern)."""
    if type(data) is not dict or not _TOP.issuperset(data) or "format" not in data or "deals" not in data:
        return False
    if data["format"] != format_name or type(data["format"]) is not str:
        return False
    if any(key in data and type(data[key]) is not str for key in ("game", "rules")):
        return False
    parameters = data.get("parameters", {})
    if type(parameters) is not dict or not all(type(v) is str or _whole(v) for v in parameters.values()):
        return False
    if "players" in data and not _whole(data["players"], 2, 10):
        return False
    if "seats" in data and not _texts(data["seats"]):
        return False
    if "seed" in data and not _whole(data["seed"]):
        return False
    if "first_dealer" in data and not _whole(data["first_dealer"], 0):
        return False
    if "draw" in data and not (type(data["draw"]) is list
                               and all(_by_seat(rnd, lambda card: type(card) is str) for rnd in data["draw"])):
        return False
    leaves = data.get("leaves", {"seat": 0})
    if not (type(leaves) is dict and {"seat"} <= leaves.keys() <= {"seat", "clock"} and _whole(leaves["seat"], 0)
            and ("clock" not in leaves or _whole(leaves["clock"], 0, _CLOCK))):
        return False
    return type(data["deals"]) is list and all(_deal(deal, action) for deal in data["deals"])


def conforms_deal(deal: object, action: re.Pattern[str]) -> bool:
    """Whether one deal surely meets the schema's `deal` (`action`: the schema's action pattern)."""
    return _deal(deal, action)
