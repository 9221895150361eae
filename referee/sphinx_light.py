"""Light pages: the book without the theme's heavy assets.

pydata-sphinx-theme puts FontAwesome's icon script (1.5 MB) on every page to draw a dozen icons,
its stylesheet carries the icon font's 2,000 glyph rules and all of Bootstrap (397 KB), and every
page loads the search index for a search-as-you-type the book does not use. Here:

* each icon is drawn at build time as the inline SVG FontAwesome's script would draw in the
  browser (the outline read from the theme's own script, so an icon looks as it did), with the
  script's few rules for such SVGs in `_static/referee-icons.css`; the script and the icon fonts
  are not shipped (`_templates/static/webpack-macros.html` leaves the script out of the pages);
* the themes' stylesheets (pydata-sphinx-theme's and sphinx-book-theme's) lose the font's glyph
  rules and every rule for a class that no page and no script of the built book has (cut from
  the theme's own file after each build);
* the search scripts and the index load on the search page only (`_templates/layout.html`), the
  index written as UTF-8 without Sphinx's escapes and spaces;
* Bootstrap's script (81 KB) is not loaded either (`webpack-macros.html`): the book has no
  dropdown (the download menu is off in `_config.yml`), and a button's tooltip is its title;
* a page keeps an extension's stylesheet or script only if it uses it: sphinx-design's on pages
  with its components, myst-nb's on notebook pages, the copy button and the code colours on pages
  with code, the toggle button's where something folds; sphinx-thebe's (a live-kernel button the
  book does not offer, loading its code from unpkg.com) on none;
* the formal text of the rules (a `rules` block) writes names and punctuation as plain text, which
  every style the book ships colours as the block itself (`.n` and `.p` in pygments.css), and a
  run of words of one kind as one span ("declarer writes"), not a span a word.

FontAwesome Free's icons are CC BY 4.0 (the theme's scripts/fontawesome.js.LICENSE.txt stays).
"""

from __future__ import annotations

import contextlib
import json
import re
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # for the annotations only: Sphinx calls this module, which never imports it
    from docutils import nodes
    from sphinx.application import Sphinx

__all__ = ["ICONS_CSS", "compact_search_index", "fontawesome_icons", "light_highlight", "prune_css", "setup",
           "strip_theme_css", "svg_icons"]

ICONS_CSS = "referee-icons.css"
_STYLES = {"fas": "solid", "fa-solid": "solid", "far": "regular", "fa-regular": "regular",
           "fab": "brands", "fa-brands": "brands"}
_PACKS = {"fas": "solid", "far": "regular", "fab": "brands"}


def _theme_static() -> Path:
    import pydata_sphinx_theme  # type: ignore[import-untyped]
    return Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme" / "static"


def _book_theme_static() -> Path:
    import sphinx_book_theme  # type: ignore[import-untyped]
    return Path(sphinx_book_theme.__file__).parent / "theme" / "sphinx_book_theme" / "static"


def fontawesome_icons(script: str) -> dict[str, dict[str, tuple[int, int, str]]]:
    """Every icon of the theme's fontawesome.js by style and name (aliases too): width, height, path."""
    icons: dict[str, dict[str, tuple[int, int, str]]] = {}
    entry = re.compile(r'(?:"([\w-]+)"|(\w+)):\[(\d+),(\d+),\[([^\]]*)\],"[0-9a-f]+","([^"]+)"\]')
    start = 0
    for pack in re.finditer(r'd\("(fa[srb])",p\)', script):
        body = script[script.rfind("var p={", start, pack.start()):pack.start()]
        found = icons.setdefault(_PACKS[pack.group(1)], {})
        for m in entry.finditer(body):
            value = (int(m.group(3)), int(m.group(4)), m.group(6))
            found[m.group(1) or m.group(2)] = value
            for alias in re.findall(r'"([\w-]+)"', m.group(5)):
                found.setdefault(alias, value)
        start = pack.end()
    return icons


_ICON = re.compile(r'<(i|span) class="([^"]*\bfa-[^"]*)"([^>]*)></\1>')
_ATTRIBUTE = re.compile(r'\s([\w-]+)="([^"]*)"')

SVG_CSS = ("/* The theme's icons as inline SVG, drawn at build time as FontAwesome's script draws them in\n"
           "   the browser; its rules for them (Font Awesome Free 6: icons CC BY 4.0, code MIT,\n"
           "   scripts/fontawesome.js.LICENSE.txt). Written by referee/sphinx_light.py. */\n"
           "svg:not(:root).svg-inline--fa{overflow:visible;box-sizing:content-box}\n"
           ".svg-inline--fa{display:var(--fa-display,inline-block);height:1em;overflow:visible;vertical-align:-.125em}\n"
           ".svg-inline--fa.fa-2xs{vertical-align:.1em}.svg-inline--fa.fa-xs{vertical-align:0}\n"
           ".svg-inline--fa.fa-sm{vertical-align:-.0714285705em}.svg-inline--fa.fa-lg{vertical-align:-.2em}\n"
           ".svg-inline--fa.fa-xl{vertical-align:-.25em}.svg-inline--fa.fa-2xl{vertical-align:-.3125em}\n"
           ".svg-inline--fa.fa-pull-left{margin-right:var(--fa-pull-margin,.3em);width:auto}\n"
           ".svg-inline--fa.fa-pull-right{margin-left:var(--fa-pull-margin,.3em);width:auto}\n"
           ".svg-inline--fa.fa-li{width:var(--fa-li-width,2em);top:.25em}\n"
           ".svg-inline--fa.fa-fw{width:var(--fa-fw-width,1.25em)}\n")


def svg_icons(html: str, icons: dict[str, dict[str, tuple[int, int, str]]]) -> str:
    """Each FontAwesome element of a page (`<i class="fa-solid fa-bars"></i>`) as the inline SVG
    that FontAwesome's script would put in its place: same classes but the style's, the title
    as the SVG's title. An unknown icon is left as it is."""
    def svg(match: re.Match[str]) -> str:
        names = match.group(2).split()
        style = next((_STYLES[n] for n in names if n in _STYLES), "solid")
        icon = next((n[3:] for n in names if n.startswith("fa-") and n[3:] in icons.get(style, {})), None)
        if icon is None:
            return match.group(0)
        width, height, path = icons[style][icon]
        classes = ["svg-inline--fa", f"fa-{icon}"] + [n for n in names if n not in _STYLES and n != f"fa-{icon}"]
        attributes = dict(_ATTRIBUTE.findall(match.group(3)))
        title = attributes.pop("title", "")
        extra = "".join(f' {k}="{v}"' for k, v in attributes.items())
        label = f"<title>{title}</title>" if title else ""
        hidden = ' role="img"' if title else ' aria-hidden="true" focusable="false"'
        return (f'<svg class="{" ".join(classes)}"{extra}{hidden} data-icon="{icon}" '
                f'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}">{label}'
                f'<path fill="currentColor" d="{path}"></path></svg>')

    return _ICON.sub(svg, html)


_GLYPH_RULE = re.compile(r'(?:\.fa-[\w-]+:(?::)?(?:before|after),?)+\{content:"[^"]*"\}')
_FONT_FACE = re.compile(r'@font-face\{[^}]*Font Awesome[^}]*\}')


def strip_theme_css(css: str) -> str:
    """The theme's stylesheet without FontAwesome's glyph rules and fonts (its other rules stay)."""
    return _FONT_FACE.sub("", _GLYPH_RULE.sub("", css))


def _rules(css: str) -> list[tuple[str, str | None]]:
    """The top-level rules of a stylesheet: (prelude, body), body None for a trailing remainder."""
    out: list[tuple[str, str | None]] = []
    i = 0
    while i < len(css):
        j = css.find("{", i)
        if j < 0:
            out.append((css[i:], None))
            break
        depth, k = 1, j + 1
        while depth:
            c = css[k]
            if c in "\"'":
                k = css.index(c, k + 1)
            elif c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
            k += 1
        out.append((css[i:j], css[j + 1:k - 1]))
        i = k
    return out


def _selectors(prelude: str) -> list[str]:
    """A selector list split at its top-level commas (not those inside :is(...) or [a="b,c"])."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(prelude):
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(prelude[start:i])
            start = i + 1
    return parts + [prelude[start:]]


def prune_css(css: str, words: set[str], prefixes: tuple[str, ...] = ()) -> str:
    """The stylesheet without the selectors that name a class no page or script has: a class is
    kept if it is a word of the pages or scripts, or starts with a prefix a script completes
    (`bs-${name}-auto`). Classes under :not(...) do not count (the rule matches without them)."""
    def used(selector: str) -> bool:
        bare = re.sub(r":not\([^)]*\)|\[[^\]]*\]", "", selector)
        return all(c in words or c.startswith(prefixes) for c in re.findall(r"\.(-?[A-Za-z_][\w-]*)", bare))

    out = []
    for prelude, body in _rules(css):
        head = prelude.strip()
        if body is None:
            out.append(prelude)
        elif head.startswith(("@media", "@supports", "@layer", "@container")):
            inner = prune_css(body, words, prefixes)
            if inner.strip():
                out.append(f"{prelude}{{{inner}}}")
        elif head.startswith("@") or not head:
            out.append(f"{prelude}{{{body}}}")
        else:
            kept = [s for s in _selectors(prelude) if used(s)]
            if kept:
                out.append(f"{','.join(kept)}{{{body}}}")
    return "".join(out)


def _words(out: Path) -> tuple[set[str], tuple[str, ...]]:
    """Every word of the built pages and their scripts, and the class prefixes the scripts complete."""
    words: set[str] = set()
    prefixes: set[str] = set()
    for path in out.rglob("*"):
        if path.suffix not in (".html", ".js") or "_pyodide" in path.parts:
            continue
        text = path.read_text("utf-8", errors="replace")
        words.update(re.findall(r"[\w-]+", text))
        if path.suffix == ".js":
            prefixes.update(re.findall(r"[`\"']([A-Za-z][\w-]*-)(?:\$\{|[\"'])", text))
    return words, tuple(sorted(prefixes))


def _page_assets(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: object) -> None:
    body = context.get("body") or ""
    source = app.env.doc2path(pagename, False) if pagename in app.env.all_docs else ""
    notebook = str(source).endswith(".ipynb") or 'class="cell' in body
    code = 'class="highlight' in body
    toggles = 'class="toggle' in body or "admonition dropdown" in body

    def wanted(asset: object) -> bool:
        name = str(getattr(asset, "filename", asset) or "")
        text = str(getattr(asset, "attributes", {}).get("body", ""))
        if "thebe" in name or "THEBE" in text:
            return False
        if "sphinx-design" in name or "design-tabs" in name:
            return 'class="sd-' in body
        if name.startswith("mystnb.") or "/mystnb." in name:
            return notebook
        if "copybutton" in name or "clipboard" in name or "pygments.css" in name:
            return code
        if "togglebutton" in name or "toggleHint" in text:
            return toggles
        return True

    for key in ("css_files", "script_files"):
        if context.get(key):
            context[key][:] = [asset for asset in context[key] if wanted(asset)]


def _drop_thebe_settings(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """sphinx-thebe appends its kernel settings to every page (a binder repository, a kernel name)."""
    # docutils only in a book build
    from docutils import nodes
    for node in list(doctree.findall(nodes.raw)):
        if "x-thebe-config" in node.astext() or node.astext().startswith("<script>kernelName ="):
            node.parent.remove(node)


def _finish(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    static = out / "_static"
    icons = fontawesome_icons((_theme_static() / "scripts" / "fontawesome.js").read_text("utf-8"))
    for page in out.rglob("*.html"):
        if "_static" in page.relative_to(out).parts:  # the theme's templates, copied with its files
            continue
        html = page.read_text("utf-8")
        drawn = svg_icons(html, icons)
        if drawn != html:
            page.write_text(drawn, "utf-8")
    (static / ICONS_CSS).write_text(SVG_CSS, "utf-8")
    # Bootstrap's script is left out of the pages (_templates/static/webpack-macros.html), before
    # the words of the scripts are read, so that its classes do not keep the theme's rules for them.
    for name in ("bootstrap.js", "bootstrap.js.map"):
        (static / "scripts" / name).unlink(missing_ok=True)
    # Then the theme's rules for what no page has (the words are read from the pages as written).
    words, prefixes = _words(out)
    for theme in (_theme_static(), _book_theme_static()):
        for theme_css in (static / "styles").glob("*.css"):
            original = theme / "styles" / theme_css.name
            if original.is_file():  # from the theme's own file: an earlier build's cut may lack a rule now used
                theme_css.write_text(prune_css(strip_theme_css(original.read_text("utf-8")), words, prefixes), "utf-8")
    compact_search_index(out / "searchindex.js")
    # What no page loads any more is not shipped either.
    for name in ("fontawesome.js", "fontawesome.js.map"):  # its LICENSE.txt stays, for the icons' outlines
        (static / "scripts" / name).unlink(missing_ok=True)
    for name in ("sphinx-thebe.js", "sphinx-thebe.css"):  # no page loads them; the script names a binder
        (static / name).unlink(missing_ok=True)
    shutil.rmtree(static / "vendor" / "fontawesome", ignore_errors=True)
    with contextlib.suppress(OSError):
        (static / "vendor").rmdir()  # when nothing else is in it


_INDEX_PREFIX, _INDEX_SUFFIX = "Search.setIndex(", ")"


def compact_search_index(path: Path) -> None:
    """Sphinx writes the search index with every letter outside ASCII as a six-byte escape and a
    space after every comma and colon: the same index as UTF-8 without them is a third smaller in
    Russian (146 KB -> about 95 KB). Sphinx reads either form back."""
    if not path.is_file():
        return
    text = path.read_text("utf-8")
    if not (text.startswith(_INDEX_PREFIX) and text.endswith(_INDEX_SUFFIX)):
        return
    data = json.loads(text[len(_INDEX_PREFIX):-len(_INDEX_SUFFIX)])
    body = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    path.write_text(_INDEX_PREFIX + body + _INDEX_SUFFIX, "utf-8")


_PLAIN_SPAN = re.compile(r'<span class="(?:n|p)">([^<]*)</span>')
_SAME_KIND = re.compile(r'<span class="([a-z0-9]+)">([^<]*)</span>( +)<span class="\1">')
_RULES_LANGUAGES = ("rules", "referee-rules")


def light_highlight(html: str) -> str:
    """Pygments' HTML for a block of the rules language, with the same look in fewer bytes: a
    name or a punctuation mark unwrapped, and words of one kind apart only by spaces in one span."""
    html = _PLAIN_SPAN.sub(r"\1", html)
    joined = 1
    while joined:
        html, joined = _SAME_KIND.subn(r'<span class="\1">\2\3', html)
    return html


def _light_rules_blocks(app: Sphinx) -> None:
    highlighter = getattr(app.builder, "highlighter", None)
    if highlighter is None:  # a builder that writes no HTML
        return
    highlight_block = highlighter.highlight_block

    def light(source: str, lang: str, *args: object, **kwargs: object) -> str:
        html = highlight_block(source, lang, *args, **kwargs)
        return light_highlight(html) if lang in _RULES_LANGUAGES else html

    highlighter.highlight_block = light


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_css_file(ICONS_CSS, priority=900)
    app.connect("builder-inited", _light_rules_blocks)
    app.connect("html-page-context", _page_assets, priority=950)
    app.connect("doctree-resolved", _drop_thebe_settings, priority=900)
    app.connect("build-finished", _finish)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
