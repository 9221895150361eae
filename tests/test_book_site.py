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

pytestmark = [pytest.mark.book,
              pytest.mark.skipif(not all((SITE / lang / "intro.html").is_file() for lang in LANGS),
                                 reason="the book is not built (scripts/book)")]


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
    from referee.sphinxext import REFERENCE_PAGES, statement_rules
    reference = page(SITE / "en" / "language" / "reference.html")
    assert {"rule-clause", "rule-parameter"} <= reference.ids
    assert "rule-play_duty" in page(SITE / "en" / "language" / "reference" / "play.html").ids
    # Split over pages, the reference still shows every statement once, and its first page links
    # each to the page that shows it.
    shown = [i for name, _sections in REFERENCE_PAGES
             for i in page(SITE / "en" / f"{name}.html").ids if i.startswith("rule-")]
    assert sorted(shown) == sorted(f"rule-{name}" for name in statement_rules())
    first = (SITE / "en" / "language" / "reference.html").read_text(encoding="utf-8")
    for name, _sections in REFERENCE_PAGES[1:]:
        assert f'href="{name.removeprefix("language/")}.html#rule-' in first
    disputed = page(SITE / "en" / "disputed.html")
    for name in game_names():
        for param in load_game(name).parameters:
            assert f"param-{param}" in disputed.ids


@pytest.mark.parametrize("lang, caption", [("ru", "Спорные толкования"), ("pl", None), ("hr", None)])
def test_table_of_contents_captions_are_translated(lang, caption):
    html = (SITE / lang / "intro.html").read_text(encoding="utf-8")
    captions = re.findall(r'caption-text">([^<]*)', html)
    toc = (SITE.parent.parent / "_toc.yml").read_text(encoding="utf-8")
    assert len(captions) == toc.count("- caption:")
    english = (SITE / "en" / "intro.html").read_text(encoding="utf-8")
    assert re.findall(r'caption-text">([^<]*)', english)[3] == "Disputed readings"
    assert captions[3] != "Disputed readings"
    if caption:
        assert captions[3] == caption


class _Prose(HTMLParser):
    """The text a reader sees as prose or as the referee's output: code, the rules language,
    quotations and the shell commands are left out (they are the same in every language)."""

    SKIP = ("script", "style", "code", "kbd", "samp", "blockquote")

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.stack: list[bool | str] = []  # per open element: hides its text? or "output"
        self.hidden = 0
        self.texts: list[str] = []
        self.feed(path.read_text(encoding="utf-8"))

    def handle_starttag(self, tag, attrs):
        if tag in ("br", "img", "meta", "link", "input", "hr"):
            return
        cls = dict(attrs).get("class") or ""
        output = "cell_output" in cls or "referee-output" in cls
        inside_output = output or any(flag == "output" for flag in self.stack)
        # An element marked as English (the API reference's docstrings) is English on purpose.
        hide = not inside_output and (tag in self.SKIP or "cell_input" in cls or "highlight" in cls
                                      or dict(attrs).get("lang") == "en")
        self.stack.append("output" if output else hide)
        self.hidden += hide

    def handle_endtag(self, tag):
        if tag in ("br", "img", "meta", "link", "input", "hr") or not self.stack:
            return
        flag = self.stack.pop()
        self.hidden -= flag is True

    def handle_data(self, data):
        if not self.hidden and data.strip():
            self.texts.extend(line.strip() for line in data.splitlines() if line.strip())


# Words that in these books can only be English (none is a Russian, Polish or Croatian word,
# a card code or a term of the rules language used as a name).
# ("to", "on", "by", "was", "a" are Polish or Croatian words too and are left out.)
_ENGLISH = frozenset("the and of is are for with that this which be may must his "
                     "it from or an every each who when than its has have not".split())
# Quotations of English text a page shows on purpose: a variant author's own clause in the tutorial.
_QUOTED = ("The dealer leads to the first trick.",)


@pytest.mark.parametrize("lang", ("ru", "pl", "hr"))
def test_pages_read_wholly_in_their_language(lang):
    """An English sentence in the Russian, Polish or Croatian book (prose or referee output) is a
    missing translation; quotations, code, the rules language and what is marked `lang="en"` (the
    API reference, from the docstrings) are not counted."""
    found = []
    for path in sorted((SITE / lang).rglob("*.html")):
        if path.name in ("search.html", "genindex.html") or "_static" in path.parts:
            continue
        for text in _Prose(path).texts:
            # Parameter readings (`defender_quota=each`) and file names are code, not English.
            bare = re.sub(r"[\w.-]+=[\w.-]+|\w+(?:[_.-]\w+)+", " ", text)
            words = re.findall(r"[A-Za-z']+", bare)
            english = {w.lower() for w in words if w.lower() in _ENGLISH}
            if len(english) >= 2 and not any(q in text for q in _QUOTED):
                found.append(f"{path.relative_to(SITE)}: {text[:120]}")
    assert not found, "\n".join(found[:40])


@pytest.mark.parametrize("lang", LANGS)
def test_referee_output_in_the_book_is_what_the_referee_says(lang):
    """The intro's verdict is produced at build time, in the page's language, by the current referee."""
    import contextlib
    import io

    from referee.cli import main

    html = (SITE / lang / "intro.html").read_text(encoding="utf-8")
    block = re.search(r'<div class="referee-output[^"]*">.*?<pre>(.*?)</pre>', html, re.S)
    assert block, "the intro shows no referee output"
    shown = re.sub(r"<[^>]+>", "", block.group(1))
    import html as html_module
    shown = html_module.unescape(shown).strip()
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        main(["judge", str(repo_root() / "tests" / "golden" / "kierki-revoke.deal"), "--lang", lang])
    assert shown == buffer.getvalue().strip()


@pytest.mark.parametrize("lang", LANGS)
def test_no_page_repeats_a_script(lang):
    # A repeated inline script redeclares its `const`s and stops with a SyntaxError in the
    # browser (sphinx-thebe's settings were included twice on every page).
    inline = re.compile(r"<script>(.*?)</script>", re.S)
    for path in (SITE / lang).rglob("*.html"):
        bodies = [body for body in inline.findall(path.read_text(encoding="utf-8")) if body.strip()]
        repeated = {body for body in bodies if bodies.count(body) > 1}
        assert not repeated, (path, sorted(repeated)[:1])


@pytest.mark.parametrize("lang", ("ru", "pl", "hr"))
def test_tutorial_error_output_is_in_the_page_language(lang):
    """The variant tutorial shows a `referee check` error: in the Russian, Polish and Croatian
    books it is the referee's own message in that language (kind, problem and hint), not English."""
    from referee import i18n
    page = SITE / lang / "language" / "tutorial.html"
    outputs = [t for t in _Prose(page).texts if t.startswith("typo.rules:")]
    assert outputs, "the tutorial shows no error of typo.rules"
    kind = i18n.gettext(lang, "definition error")
    assert kind != "definition error"
    for text in outputs:
        assert f": {kind}: " in text and "definition error" not in text and "no choice" not in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_no_page_loads_code_from_elsewhere(lang):
    """Every script and stylesheet is the book's own file (sphinx-thebe named unpkg.com on every
    page), and no page loads FontAwesome's 1.5 MB icon script (its icons are inline SVG)."""
    outside = re.compile(r'<(?:script|link)\b[^>]*\b(?:src|href)="(?:https?:)?//')
    for path in (SITE / lang).rglob("*.html"):
        if "_static" in path.parts:  # the theme's templates, copied with its files
            continue
        html = path.read_text(encoding="utf-8")
        assert not outside.search(html) and "unpkg.com" not in html, path
        assert "fontawesome.js" not in html and '<i class="fa-' not in html, path


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", game_names())
def test_rules_index_and_heads_name_every_clause(lang, game):
    """The index at the top of a rules page and each clause's head give the clause's title, in
    the page's language, beside its ID (`K5.4 No queens`)."""
    import html as html_module

    from referee import i18n
    text = (SITE / lang / game / "rules.html").read_text(encoding="utf-8")
    for cid, clause in load_game(game).clauses.items():
        shown = i18n.gettext(lang, clause.title).replace("'", "\u2019")  # as Sphinx's smart quotes print it
        title = re.escape(html_module.escape(shown, quote=False))
        index = rf'href="#{re.escape(cid)}"><span class="rules-index-id">{re.escape(cid)}</span> <span class="rules-index-title">{title}</span>'
        assert re.search(index, text), f"{lang} {cid}: not in the index with its title"
        assert re.search(rf'>{re.escape(cid)}</a> <span class="rules-clause-title">{title}</span>', text), cid


def test_no_page_names_a_third_party_address_for_code():
    """Every script and stylesheet of the book is its own file, and no page, script or stylesheet
    names another site's address for code (sphinx-thebe once put `https://unpkg.com/thebe@0.8.2`
    on every page; Pyodide's loader names a CDN for packages, taken out by scripts/browser-bundle)."""
    code = re.compile(r"""<(?:script|link)\b[^>]*\b(?:src|href)=["'](https?:)?//""", re.I)
    cdn = re.compile(r"unpkg\.com|jsdelivr|cdnjs|googleapis|plausible\.io|binder", re.I)
    found = []
    for path in SITE.rglob("*"):
        if path.suffix not in (".html", ".js", ".css", ".json") or "_sources" in path.parts:
            continue
        text = path.read_text("utf-8", errors="replace")
        if (path.suffix == ".html" and code.search(text)) or cdn.search(text):
            found.append(f"{path.relative_to(SITE)}: {(code.search(text) or cdn.search(text)).group(0)}")
    assert not found, found[:10]


def _page_weight(path: Path) -> int:
    """What opening a page fetches before any action of the reader's: the page, its scripts and
    stylesheets (with the stylesheets they @import) and its images. Counted from the files; the
    browser test (`test_browser.test_pages_are_light`) counts the same for a sample of pages as
    the browser fetches them, and agrees to the byte on the heaviest (392,089 bytes)."""
    text = path.read_text("utf-8", "replace")
    urls = re.findall(r'<(?:script|img)[^>]*\ssrc="([^"#?]+)', text)
    urls += [re.search(r'href="([^"#?]+)', tag).group(1) for tag in re.findall(r"<link[^>]*>", text)
             if "stylesheet" in tag and 'href="' in tag]
    todo = [(path.parent / url).resolve() for url in urls if ":" not in url]
    seen: set[Path] = set()
    total = path.stat().st_size
    while todo:
        found = todo.pop()
        if found in seen or not found.is_file():
            continue
        seen.add(found)
        total += found.stat().st_size
        if found.suffix == ".css":
            for url in re.findall(r"""@import\s+(?:url\()?["']?([^"')\s]+)""", found.read_text("utf-8", "replace")):
                todo.append((found.parent / url).resolve())
    return total


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_is_light(lang):
    """Every page of the book, not only the browser test's sample, opens with at most 400 KB
    (issue 23); the search page's clauses and the Check page's referee come later, when asked for."""
    from tests.test_browser import PAGE_BYTES
    pages = [p for p in (SITE / lang).rglob("*.html")
             if not p.relative_to(SITE / lang).parts[0].startswith(("_", "jupyter_execute"))]
    weights = {str(p.relative_to(SITE / lang)): _page_weight(p) for p in pages}
    assert len(weights) > 40
    heaviest = max(weights, key=weights.__getitem__)
    print(f"[weight {lang}] heaviest of {len(weights)} pages: {heaviest}, {weights[heaviest] / 1e3:.0f} KB")
    assert {page: size for page, size in weights.items() if size > PAGE_BYTES} == {}


@pytest.mark.parametrize("lang", LANGS)
def test_no_reader_sees_a_hashed_source_file_name(lang):
    """A source is named by its title (rules/sources/sources.toml), in the text, in links and in
    their tooltips; a hashed file name such as `001_ebc1dbd73962e164.txt` may appear only as code
    (the rules language's `source` statement, the API's machine form), never as prose (issue 23)."""
    hashed = re.compile(r"\d{3}_[0-9a-f]{16}")
    code = re.compile(r"<pre\b.*?</pre>|<code\b.*?</code>", re.S)
    found = []
    for path in (SITE / lang).rglob("*.html"):
        if path.relative_to(SITE / lang).parts[0].startswith(("_", "jupyter_execute")):
            continue
        text = code.sub("", path.read_text("utf-8"))
        found += [f"{path.relative_to(SITE)}: …{text[max(0, m.start() - 60):m.end() + 10]}…"
                  for m in hashed.finditer(text)]
    assert found == [], "\n".join(found[:10])
