"""The install step: keep the parser tables of both grammars and the shipped games, so that a
process reads them instead of building them.

`python -m referee.install` (run by `scripts/setup`) keeps them beside the package of a checkout;
`python -m referee.install --into DIR` keeps them in DIR with a build stamp, which is what
`hatch_build.py` does when a wheel is built, so that an installed wheel carries them and nothing
is written into site-packages at run time (an installed wheel refuses the first form).

It sits above the pipeline: it builds games and parsers, so nothing in the pipeline imports it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .front.parser import grammar_path as rules_grammar
from .front.tables import KEPT, lalr_parser
from .model.build import load_game
from .model.cache import STAMP, content_fingerprint, keep_installed_games
from .notation import PARSER_STARTS
from .notation import grammar_path as deal_grammar

__all__ = ["write_tables"]


def write_tables(into: Path | None = None) -> list[Path]:
    """Keep the tables of both grammars and the shipped games under their default readings, in
    the package (`into` None: a checkout) or in `into` with the build stamp (a wheel being
    built); the files written."""
    folder = KEPT if into is None else into
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.lark-tables"):  # the pickles of earlier versions: never read again
        old.unlink()
    lalr_parser(rules_grammar(), keep=True, into=folder)
    lalr_parser(deal_grammar(), keep=True, start=PARSER_STARTS, into=folder)
    version = None
    if into is not None:
        version = content_fingerprint()
        (folder / STAMP.name).write_text(version + "\n", encoding="ascii")
    games = keep_installed_games(lambda path: load_game(path, {}), folder / "games", version)
    return sorted(folder.glob("*.tables.json")) + games + ([folder / STAMP.name] if version else [])


def main(argv: list[str]) -> int:
    if argv[:1] == ["--into"] and len(argv) == 2:
        written = write_tables(Path(argv[1]))
    elif not argv:
        if STAMP.exists():
            print("referee.install: this referee was installed from a wheel, which carries its tables "
                  f"and games ({STAMP.parent}); nothing to write", file=sys.stderr)
            return 0
        written = write_tables()
    else:
        print("usage: python -m referee.install [--into DIR]", file=sys.stderr)
        return 2
    for path in written:
        print(f"kept: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
