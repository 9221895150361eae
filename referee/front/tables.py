"""The parser tables of the rules language and of the deal notation, kept beside the package.

Building Lark's LALR tables takes about half a second, so they are kept between processes. Lark's
own `cache=True` would write a pickle into the shared temporary folder and read it back, where any
local user could put a file of that name first; the referee writes no path the user did not name
and reads no pickle it did not write. So the tables live in `_tables/` beside this module, written
only by `python -m referee.front.tables` (which `scripts/setup` runs, as an install step), and read
only when that file exists; without it every process builds the tables afresh.
"""

from __future__ import annotations

import sys
from pathlib import Path

import lark

__all__ = ["lark_parser", "write_tables"]

_KEPT = Path(__file__).resolve().parent / "_tables"
_writing = False  # True only inside `write_tables`


def _kept(grammar: Path) -> Path:
    # A pickle is tied to the Python that wrote it; Lark checks the grammar and options itself.
    return _KEPT / f"{grammar.stem}-py{sys.version_info[0]}{sys.version_info[1]}.lark-tables"


def lark_parser(grammar: Path, **options) -> lark.Lark:
    """Lark's parser for `grammar`, from the kept tables when `write_tables` has kept them."""
    kept = _kept(grammar)
    text = grammar.read_text(encoding="utf-8")
    if _writing or kept.is_file():
        # Lark rebuilds (and rewrites this file) if the grammar or the options have changed.
        return lark.Lark(text, cache=str(kept), **options)
    return lark.Lark(text, **options)


def write_tables() -> list[Path]:
    """Build and keep the tables of both grammars (an install step); the files written."""
    global _writing
    from ..notation import _parser as notation_parser
    from .parser import get_parser
    _KEPT.mkdir(exist_ok=True)
    for old in _KEPT.glob("*.lark-tables"):
        old.unlink()
    _writing = True
    try:
        for build in (get_parser, notation_parser):
            build.cache_clear()
            build()
    finally:
        _writing = False
    from ..model.build import load_game
    from ..model.cache import keep_installed_games
    games = keep_installed_games(lambda path: load_game(path, {}))
    return sorted(_KEPT.glob("*.lark-tables")) + games


if __name__ == "__main__":
    # Run as a script this file is `__main__`; the parsers read the flag of the imported module.
    from referee.front.tables import write_tables as write
    for written in write():
        print(f"parser tables kept: {written}")
