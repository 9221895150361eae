"""The book's search page finds the rule: its clauses are searched as well as its pages.

Sphinx's search ranks pages: a word in a section title scores the same on every page that has
it, so the variant pages, which repeat their parent's headings, tied with the rules page and came
first by name; its snippet was the first place the word occurs, the page's index of contents;
and a result opened the page at its top. Here the search page also carries every clause in the
page's language (ID, title, statement, the page that shows it: a game's rules page for its
clauses, a variant's page for those it adds or replaces), and `data/search_page.js` ranks them
for the query with the language's own stemmer (Sphinx's, or `booksearch`'s for Polish and
Croatian): a word of the title counts more than one of the statement, query words next to each
other in the clause count more, a title the query contains counts most. The best clauses are
listed above the pages, each linked to its anchor with its statement as the snippet. Among the
pages, variant pages come after rules pages of the same score, and a page's snippet is taken from
its clauses, not from its index.

The clauses are a file of their own, `_static/search-clauses.<hash>.js` (50–78 KB, as large as the
rest of the page in Russian), fetched when the first query is asked: the page itself stays under
the 400 KB of an ordinary page, and the file's name changes with its content, so a browser may
keep it.
"""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import lark

from . import i18n
from .front.parser import parse_text
from .i18n import N_
from .model import load_game
from .model.document import game_names, variant_names

if TYPE_CHECKING:  # for the annotations only: Sphinx calls this module, which never imports it
    from sphinx.application import Sphinx
    from sphinx.config import Config

__all__ = ["clause_entries", "setup"]

L_CLAUSES = N_("Rules that match")
"""The heading of the clauses found, above the pages found."""
L_CONTENTS = N_("Contents")
"""sphinx-book-theme's title of a page's contents, which it translates from its own table
(Polish "Zawartość"; a Polish book says "Spis treści"): given in the book's language instead."""


def _own_clauses(path: Path) -> set[str]:
    """The clauses a variant's own file adds or replaces (the rest are its parent's)."""
    own: set[str] = set()
    for item in parse_text(path.read_text("utf-8"), str(path)).children[1:]:
        if isinstance(item, lark.Tree) and item.data in ("clause", "replace_clause"):
            inner = item.children[0] if item.data == "replace_clause" else item
            own.add(str(inner.children[0]))
    return own


def clause_entries(lang: str, pages: dict[str, str]) -> list[list[str | bool]]:
    """[page, ID, title, statement, variant?] of every clause the book's pages show, in the
    language; `pages` maps each game or variant name to the page that shows it."""
    out: list[list[str | bool]] = []
    for name in game_names() + variant_names():
        if name not in pages:
            continue
        game = load_game(name)
        variant = name not in game_names()
        own = _own_clauses(Path(game.path)) if variant else set(game.clauses)
        for cid, clause in game.clauses.items():
            if cid in own:
                out.append([pages[name], cid, i18n.gettext(lang, clause.title) if clause.title else "",
                            i18n.gettext(lang, clause.statement), variant])
    return out


@functools.cache
def _page_script() -> str:
    script = (Path(__file__).parent / "data" / "search_page.js").read_text("utf-8")
    if "</script" in script.lower():
        raise ValueError("search_page.js may not contain a closing script tag: it is written inline")
    return script


def _search_page(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: object) -> None:
    if pagename != "search":
        return
    env, lang = app.env, app.config.language or "en"
    pages = {}
    for name in game_names():
        if f"{name}/rules" in env.found_docs:
            pages[name] = f"{name}/rules"
    for name in variant_names():
        if f"variants/{name}" in env.found_docs:
            pages[name] = f"variants/{name}"
    docs = sorted(set(pages.values()))
    data = {
        "clauses": clause_entries(lang, pages),
        "pages": {doc: [app.builder.get_relative_uri(pagename, doc), env.titles[doc].astext()] for doc in docs},
        "words": {"clauses": i18n.gettext(lang, L_CLAUSES)},
    }
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    body = f"window.REFEREE_SEARCH = {text};\n".encode()
    name = f"search-clauses.{hashlib.sha256(body).hexdigest()[:12]}.js"
    static = Path(app.outdir) / "_static"
    static.mkdir(parents=True, exist_ok=True)
    for old in static.glob("search-clauses.*.js"):
        if old.name != name:
            old.unlink()
    (static / name).write_bytes(body)
    where = json.dumps("../" * pagename.count("/") + "_static/" + name)
    app.add_js_file(None, body=f"window.REFEREE_SEARCH_DATA = {where};\n{_page_script()}")


def _contents_title(app: Sphinx, config: Config) -> None:
    options = dict(config.html_theme_options or {})
    options["toc_title"] = i18n.gettext(config.language or "en", L_CONTENTS)
    config.html_theme_options = options


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", _contents_title)
    app.connect("html-page-context", _search_page)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
