"""The parser tables of the rules language and of the deal notation, kept beside the package.

Building Lark's LALR tables takes about half a second, so they are kept between processes. Lark's
own `cache=True` would write a pickle into the shared temporary folder and read it back, where any
local user could put a file of that name first; the referee writes no path the user did not name
and reads no pickle it did not write. So the tables live in `_tables/` beside this module, written
only by the install step (`python -m referee.install`, which `scripts/setup` runs), and read
only when that file exists; without it every process builds the tables afresh.
"""

from __future__ import annotations

import sys
from pathlib import Path

import lark

__all__ = ["KEPT", "lalr_parser"]

KEPT = Path(__file__).resolve().parent / "_tables"


def _kept(grammar: Path) -> Path:
    # A pickle is tied to the Python that wrote it; Lark checks the grammar and options itself.
    return KEPT / f"{grammar.stem}-py{sys.version_info[0]}{sys.version_info[1]}.lark-tables"


def lalr_parser(grammar: Path, keep: bool = False) -> lark.Lark:
    """The LALR parser of `grammar` (both languages are read alike: contextual lexer, positions
    for the error messages), from the kept tables when the install step kept them; `keep`
    (the install step only): build them and keep them."""
    kept = _kept(grammar)
    if keep:
        kept.unlink(missing_ok=True)
    cache = str(kept) if keep or kept.is_file() else False
    # With a kept file, Lark rebuilds (and rewrites it) if the grammar or the options have changed.
    return lark.Lark(grammar.read_text(encoding="utf-8"), parser="lalr", lexer="contextual", strict=True,
                     propagate_positions=True, maybe_placeholders=False, cache=cache)
