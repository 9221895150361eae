"""Where the book shows a clause or a source line: the anchors verdicts link to.

Relative to the built site's root (book/_build/html/): `LANG/GAME/rules.html#CLAUSE`. Kept apart
from the Sphinx extension so that the referee can link verdicts without importing Sphinx.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # for the annotations only: the model is loaded when a link is made
    from .model.game import Game

__all__ = ["clause_anchor", "source_anchor", "clause_url", "book_game", "book_page"]


def clause_anchor(clause_id: str) -> str:
    """The HTML anchor of a clause on its game's rules page: the ID itself (`K3.1`)."""
    return clause_id


def source_anchor(source_id: str, line: int) -> str:
    """The HTML anchor of one line of a source document on the source page: `s003-L3`."""
    return f"{source_id}-L{line}"


def clause_url(game: str, clause_id: str, lang: str = "en", page: str | None = None) -> str:
    """Where a clause is shown in the built book, relative to book/_build/html/: on its game's
    rules page, or on `page` (a shipped variant's page, `variants/<variant name>`)."""
    return f"{lang}/{page or game + '/rules'}.html#{clause_anchor(clause_id)}"


def book_page(game: Game) -> str | None:
    """The book page that shows this game's clauses: a shipped game's rules page, a shipped
    variant's own page (every clause of it, kept or changed, has its anchor there), or for any
    other variant its shipped base's rules page."""
    # on demand: the rules files (and their parser) only when a link is made
    from .model.document import variant_names

    if game.id in variant_names():
        return f"variants/{game.id}"
    shown = book_game(game)
    return f"{shown}/rules" if shown else None


def book_game(game: Game) -> str | None:
    """The shipped game whose rules page shows this game's clauses (a variant's base, or its
    base's base for a variant of a variant), if any."""
    # on demand: the rules files (and their parser) only when a link is made
    from .errors import RefereeError
    from .model.document import find_rules_file, game_names, load_document

    names = game_names()
    if game.id in names:
        return game.id
    base, seen = game.base, set()
    while base is not None and base not in names and base not in seen:
        seen.add(base)
        try:
            base = load_document(find_rules_file(base)).base
        except (RefereeError, OSError):  # a base that cannot be read has no page either
            return None
    return base if base in names else None
