"""The book's "Check a deal" page: the `check-deal` directive renders the form; the referee runs
in the reader's browser (Pyodide in a web worker, `referee/data/check_page.js`, the bundle made by
`scripts/browser-bundle`) and judges the pasted deal with `referee judge` (`referee.browser`).

The page's words are the directive's content, a definition list of KEY / text, so that they are
translated through the book's catalogs (book.po) like any other text of the page; the keys are
kept out of the catalogs. The games, variants and their readings come from the shipped rules
files, their titles and questions translated through referee.po.

    :::{check-deal}
    judge
    : Judge
    :::
"""

from __future__ import annotations

import functools
import html
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from . import i18n
from .model import load_game
from .model.document import shipped_rules_files
from .resources import rules_dir

if TYPE_CHECKING:  # for the annotations only: Sphinx loads these when it builds the page
    from sphinx.application import Sphinx
    from sphinx.writers.html5 import HTML5Translator

__all__ = ["CheckDeal", "LABELS", "PASTE_LIMIT", "setup_check"]

PASTE_LIMIT = 2_000_000
"""The longest paste the page hands to the referee, in characters (a whole 24-deal match
of a trick game is about 60,000); a longer one gets a message at once and never reaches the worker."""

JUDGE_SECONDS = 30
LOAD_SECONDS = 180
"""Time limits: a judgement or the first load that runs longer stops the worker, which starts again."""

LABELS = ("format", "format-auto", "format-json", "format-deal", "game", "game-auto", "readings", "default",
          "deal", "placeholder", "judge", "judge-load", "idle", "needs-server", "loading", "starting", "ready", "judging", "done", "unusable",
          "too-long", "empty", "timeout", "failed", "next", "clauses")
"""The keys of the page's words; the directive refuses content that lacks one or adds another."""


class check_deal(nodes.General, nodes.Element):
    """The form; its children are the page's words, translated before it is written out."""


def _games(lang: str) -> list[dict[str, Any]]:
    games = []
    for path in shipped_rules_files():
        game = load_game(str(path))
        games.append({
            "name": path.stem, "rules": path.relative_to(rules_dir()).as_posix(),
            "title": i18n.gettext(lang, game.title),
            "readings": [{"name": p.name, "question": i18n.gettext(lang, p.question), "default": str(p.default),
                          "choices": [[value, i18n.gettext(lang, text)] for value, text in p.choices],
                          "low": p.low, "high": p.high} for p in game.parameters.values()],
            # The clauses' titles, for the list of clauses a verdict cites ("K3.1 Following suit").
            "clauses": {cid: i18n.gettext(lang, c.title) for cid, c in game.clauses.items() if c.title},
        })
    return games


class CheckDeal(SphinxDirective):
    has_content = True

    def run(self) -> list[nodes.Node]:
        box = nodes.container()
        self.state.nested_parse(self.content, self.content_offset, box)
        found = [n for n in box.children if isinstance(n, nodes.definition_list)]
        if len(found) != 1:
            raise self.error("check-deal: give the page's words as one definition list (KEY / : text)")
        node = check_deal()
        keys = []
        for item in found[0].children:
            term = item.next_node(nodes.term)
            term["translatable"] = False  # a key, not a word of the page
            keys.append(term.astext())
        if sorted(keys) != sorted(LABELS):
            raise self.error(f"check-deal: the words must be exactly {', '.join(LABELS)}; "
                             f"missing {sorted(set(LABELS) - set(keys))}, unknown {sorted(set(keys) - set(LABELS))}")
        node += found[0]
        lang = self.config.language or "en"
        depth = self.env.docname.count("/") + 1  # from this page up to book/_build/html/
        node["config"] = {"lang": lang, "root": "../" * depth, "bundle": "../" * depth + "_pyodide/",
                          "bundleBytes": self._bundle_bytes(), "limit": PASTE_LIMIT, "judgeSeconds": JUDGE_SECONDS,
                          "loadSeconds": LOAD_SECONDS, "games": _games(lang)}
        self.env.note_dependency(str(Path(__file__).parent / "data" / "check_page.js"))
        po = self.env.srcdir.parent / "translations" / lang / "LC_MESSAGES" / "referee.po"
        if po.is_file():
            self.env.note_dependency(str(po))
        return [node]

    def _bundle_bytes(self) -> int | None:
        """The size of the referee the page loads, for its Judge button, from the manifest that
        scripts/browser-bundle writes beside the languages' folders before they are built (the
        page reads the manifest itself when it loads the referee, so a language built before
        the bundle was made again still loads the files there are); None without a bundle."""
        path = Path(self.env.app.outdir).parent / "_pyodide" / "bundle.json"
        if not path.is_file():
            return None
        self.env.note_dependency(str(path))
        return int(json.loads(path.read_text("utf-8"))["bytes"])


def _visit(self: HTML5Translator, node: check_deal) -> None:
    words = {}
    for item in node.next_node(nodes.definition_list).children:
        words[item.next_node(nodes.term).astext()] = item.next_node(nodes.definition).astext().strip()
    config = {**node["config"], "words": words}
    w = {key: html.escape(text) for key, text in words.items()}
    self.body.append(f"""
<div class="check-deal" data-config="{html.escape(json.dumps(config, ensure_ascii=False))}">
 <div class="check-pickers">
  <label>{w["format"]}<select class="check-format">
   <option value="auto">{w["format-auto"]}</option><option value="json">{w["format-json"]}</option>
   <option value="deal">{w["format-deal"]}</option></select></label>
  <label>{w["game"]}<select class="check-game"><option value="">{w["game-auto"]}</option></select></label>
 </div>
 <fieldset class="check-readings" hidden><legend>{w["readings"]}</legend></fieldset>
 <label class="check-deal-label">{w["deal"]}
  <textarea class="check-text" rows="14" spellcheck="false" autocapitalize="off" autocomplete="off"
   placeholder="{w["placeholder"]}"></textarea></label>
 <p><button type="button" class="check-judge btn btn-primary" disabled>{w["judge"]}</button>
  <span class="check-status" role="status" aria-live="polite"></span></p>
 <progress class="check-progress" max="100" value="0"></progress>
 <div class="check-verdict-head" role="status" hidden></div>
 <pre class="check-verdict" hidden></pre>
 <div class="check-drawing" hidden></div>
 <div class="check-next" hidden><p>{w["next"]}</p><pre></pre></div>
 <div class="check-links" hidden><p>{w["clauses"]}</p><ul></ul></div>
</div>
<script>{_page_script()}</script>
""")
    raise nodes.SkipNode


@functools.cache
def _page_script() -> str:
    """The form's script, written into its page: Jupyter Book adds every script under _static to
    every page, and this one belongs to one page (it ships with the directive, for any book)."""
    script = (Path(__file__).parent / "data" / "check_page.js").read_text("utf-8")
    if "</script" in script.lower():
        raise ValueError("check_page.js may not contain a closing script tag: it is written inline")
    return script


def _depart(self: HTML5Translator, node: check_deal) -> None:
    pass


def setup_check(app: Sphinx) -> None:
    app.add_node(check_deal, html=(_visit, _depart))
    app.add_directive("check-deal", CheckDeal)
