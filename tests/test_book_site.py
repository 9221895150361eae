"""The built book (book/_build/html, made by scripts/book): anchors, links, languages.

Skipped when the book has not been built; scripts/test builds it first.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from referee.model import load_game
from referee.model.document import game_names
from referee.resources import repo_root

SITE = repo_root() / "book" / "_build" / "html"
LANGS = ("en", "ru", "pl", "hr")

pytestmark = pytest.mark.skipif(not all((SITE / lang / "intro.html").is_file() for lang in LANGS),
                                reason="the book is not built (scripts/book)")


class Page(HTMLParser):
    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path, self.ids, self.links, self.lang = path, set(), [], None
        self.feed(path.read_text(encoding="utf-8"))

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.lang = attrs.get("lang")
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.links.append((attrs["href"], attrs.get("class") or ""))


_pages: dict[Path, Page] = {}


def page(path: Path) -> Page:
    if path not in _pages:
        _pages[path] = Page(path)
    return _pages[path]


def resolve(base: Path, href: str) -> tuple[Path, str]:
    target, _, anchor = href.partition("#")
    return ((base.parent / target).resolve() if target else base), anchor


@pytest.mark.parametrize("lang", LANGS)
def test_pages_declare_their_language(lang):
    for path in (SITE / lang).rglob("*.html"):
        if "_static" in path.parts or path.name in ("index.html",):
            continue
        assert page(path).lang == lang, path


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", game_names())
def test_every_clause_has_its_anchor(lang, game):
    ids = page(SITE / lang / game / "rules.html").ids
    missing = [cid for cid in load_game(game).clauses if cid not in ids]
    assert not missing


@pytest.mark.parametrize("lang", LANGS)
def test_internal_links_and_anchors_resolve(lang):
    """Every link inside a language's pages lands on an existing page and anchor."""
    broken = []
    for path in (SITE / lang).rglob("*.html"):
        if "_static" in path.parts or "_sources" in path.parts:
            continue
        for href, _cls in page(path).links:
            if re.match(r"^[a-z]+:", href) or href.startswith("//"):
                continue
            target, anchor = resolve(path, href)
            if target.suffix != ".html":
                continue
            if not target.is_file():
                broken.append(f"{path.relative_to(SITE)} -> {href}")
            elif anchor and anchor not in page(target).ids:
                broken.append(f"{path.relative_to(SITE)} -> {href} (no anchor)")
    assert not broken, "\n".join(broken[:20])


def test_source_lines_have_anchors_and_citing_clauses():
    from referee.coverage import line_coverage
    game = load_game("kierki")
    source = page(SITE / "en" / "kierki" / "source.html")
    for sid, lines in line_coverage(game).items():
        for line in lines:
            assert f"{sid}-L{line}" in source.ids
    text = (SITE / "en" / "kierki" / "source.html").read_text(encoding="utf-8")
    assert 'href="rules.html#K3.1"' in text


def test_switcher_lands_on_the_same_page():
    for lang in LANGS:
        for path in (SITE / lang).rglob("*.html"):
            if "_static" in path.parts or path.name in ("index.html", "genindex.html", "search.html"):
                continue
            switch = [href for href, cls in page(path).links if "lang-link" in cls]
            assert len(switch) == len(LANGS) - 1, path
            for href in switch:
                target, _ = resolve(path, href)
                assert target.relative_to(SITE).parts[1:] == path.relative_to(SITE).parts[1:], (path, href)
                assert target.is_file(), (path, href)


def test_root_page_leads_to_every_language():
    links = {href for href, _cls in page(SITE / "index.html").links}
    for lang in LANGS:
        assert f"{lang}/intro.html" in links


def test_rules_are_highlighted_and_supplements_set_apart():
    text = (SITE / "en" / "kierki" / "rules.html").read_text(encoding="utf-8")
    assert text.count("highlight-rules") >= len(load_game("kierki").clauses) - 1
    assert 'class="kd">clause' in (SITE / "en" / "intro.html").read_text(encoding="utf-8")
    assert "rules-supplement-interpretation" in text and "rules-supplement-tradition" in text
    assert "rules-badge-ruling" in text and "robber_queens" in text


def test_reference_and_disputed_pages():
    reference = page(SITE / "en" / "language" / "reference.html")
    assert {"rule-clause", "rule-play_duty", "rule-parameter"} <= reference.ids
    disputed = page(SITE / "en" / "disputed.html")
    for name in game_names():
        for param in load_game(name).parameters:
            assert f"param-{param}" in disputed.ids


@pytest.mark.parametrize("lang, caption", [("ru", "Спорные толкования"), ("pl", None), ("hr", None)])
def test_table_of_contents_captions_are_translated(lang, caption):
    html = (SITE / lang / "intro.html").read_text(encoding="utf-8")
    captions = re.findall(r'caption-text">([^<]*)', html)
    assert len(captions) == 5
    english = (SITE / "en" / "intro.html").read_text(encoding="utf-8")
    assert re.findall(r'caption-text">([^<]*)', english)[3] == "Disputed readings"
    assert captions[3] != "Disputed readings"
    if caption:
        assert captions[3] == caption
