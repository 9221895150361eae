"""The install step: keep the parser tables of both grammars and the shipped games, so that a
process reads them instead of building them (`python -m referee.install`, run by `scripts/setup`).

It sits above the pipeline: it builds games and parsers, so nothing in the pipeline imports it.
"""

from __future__ import annotations

from pathlib import Path

from .front.parser import grammar_path as rules_grammar
from .front.tables import KEPT, lalr_parser
from .model.build import load_game
from .model.cache import keep_installed_games
from .notation import PARSER_STARTS
from .notation import grammar_path as deal_grammar

__all__ = ["write_tables"]


def write_tables() -> list[Path]:
    """Keep the tables of both grammars and the shipped games under their default readings; the
    files written."""
    KEPT.mkdir(exist_ok=True)
    for old in KEPT.glob("*.lark-tables"):  # the pickles of earlier versions: never read again
        old.unlink()
    lalr_parser(rules_grammar(), keep=True)
    lalr_parser(deal_grammar(), keep=True, start=PARSER_STARTS)
    games = keep_installed_games(lambda path: load_game(path, {}))
    return sorted(KEPT.glob("*.tables.json")) + games


if __name__ == "__main__":
    for written in write_tables():
        print(f"kept: {written}")
