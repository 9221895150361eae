"""The parser tables of the rules language and of the deal notation, kept beside the package.

Building Lark's LALR tables takes about half a second, so they are kept between processes. Lark's
own `cache=True` would write a pickle into the shared temporary folder and read it back, where any
local user could put a file of that name first, and a pickle is code. So the tables live in
`_tables/` beside this module, written only by the install step (`python -m referee.install`,
which `scripts/setup` runs, and which `hatch_build.py` runs into a wheel as it is built), as Lark's own data-only serialisation (`memo_serialize`:
dicts, lists, numbers and strings, whose `__type__` names Lark maps only to its own classes) in
the plain form of `referee.plaindata`, with the hash of the grammar and Lark's version on the
first line. They are read only when that file is there, the folder is the user's or root's and
no one else may write in it, and the first line matches; otherwise every process builds the
tables afresh.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import lark
from lark.grammar import Rule
from lark.lexer import TerminalDef

from ..plaindata import Folder, Unreadable, dumps, loads, without_cycle_collector

__all__ = ["KEPT", "lalr_parser"]

KEPT = Path(__file__).resolve().parent / "_tables"
_FORMAT = "referee-lark-tables/1"
_LIMIT = 16_000_000  # bytes of one kept table (the rules language's is about 1 MB)
# Both languages are read alike: contextual lexer, positions for the error messages.
_OPTIONS = {"parser": "lalr", "lexer": "contextual", "strict": True, "propagate_positions": True,
            "maybe_placeholders": False}
# The options Lark takes when it loads tables (the others are part of the tables).
_AT_LOAD = {"propagate_positions": True}


def _name(grammar: Path) -> str:
    return f"{grammar.stem}.tables.json"


def _head(text: str, start: tuple[str, ...] = ("start",)) -> bytes:
    return json.dumps({"format": _FORMAT, "lark": lark.__version__, "options": {**_OPTIONS, "start": list(start)},
                       "grammar": hashlib.sha256(text.encode("utf-8")).hexdigest()},
                      sort_keys=True, separators=(",", ":")).encode()


def lalr_parser(grammar: Path, keep: bool = False, start: tuple[str, ...] = ("start",),
                into: Path | None = None) -> lark.Lark:
    """The LALR parser of `grammar` (with the rules `start` it may begin at), from the kept
    tables when the install step kept them; `keep` (the install step only): build them and keep
    them (in `into`, else `KEPT`)."""
    text = grammar.read_text(encoding="utf-8")
    if not keep:
        kept = _kept(grammar, text, start)
        if kept is not None:
            return kept
    parser = lark.Lark(text, start=list(start), **_OPTIONS)
    if keep:
        _keep(grammar, text, parser, into or KEPT, start)
    return parser


def _kept(grammar: Path, text: str, start: tuple[str, ...] = ("start",)) -> lark.Lark | None:
    """The parser from the kept tables of `grammar`, if they are there and were kept from this
    very grammar by this version of Lark; else None."""
    try:
        with Folder.open(KEPT, owners={os.getuid(), 0}) as folder:
            data = folder.read(_name(grammar), _LIMIT)
    except (OSError, ValueError):
        return None
    first, _, rest = data.partition(b"\n")
    if first != _head(text, start):
        return None
    try:
        kept = loads(rest)
        with without_cycle_collector():
            parser = lark.Lark._load_from_dict(kept["data"], kept["memo"], **_AT_LOAD)
        assert isinstance(parser, lark.Lark)  # (what `_load_from_dict` makes: Lark leaves it untyped)
        return parser
    except Unreadable:
        return None
    except Exception:  # as Lark's own cache reader does: any error means building afresh
        return None


def _keep(grammar: Path, text: str, parser: lark.Lark, folder_path: Path, start: tuple[str, ...] = ("start",)) -> Path:
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    # As `Lark.save` leaves them out: options given again when the tables are loaded.
    data["options"] = {k: v for k, v in data["options"].items() if k not in lark.lark._LOAD_ALLOWED_OPTIONS}
    with Folder.open(folder_path, create=0o755) as folder:
        folder.write(_name(grammar), _head(text, start) + b"\n" + dumps({"data": data, "memo": memo}), 0o644)
    return folder_path / _name(grammar)

