"""The book's casebook page: the directive ``rules-casebook`` renders every ruling of `rulings/`
(anchor ``#ruling-<number>``) with its clauses linked to the rules pages and each case replayed
at build time, and `rulings_citing` lets the rules pages list the rulings behind each clause.

Texts are translated through `referee.i18n`, like the rules pages (see `referee.sphinxext`).
"""

from __future__ import annotations

import functools

from docutils import nodes

from . import i18n
from .i18n import N_
from .links import book_page, clause_anchor

__all__ = ["rulings_citing", "CASEBOOK_PAGE", "setup"]

CASEBOOK_PAGE = "rulings"
"""The book page that holds the casebook."""

L_RULING_HEAD = N_("Ruling {number}")
L_RULINGS = N_("Rulings:")
L_GAME = N_("Game:")
L_AT_RULING = N_("The table at the ruling of the first case:")


@functools.cache
def _rulings() -> tuple:
    from .rulings import load_rulings
    return tuple(load_rulings())


def rulings_citing(game_id: str, clause_id: str) -> list:
    """The rulings of a game that rest on a clause, by number."""
    return [r for r in _rulings() if r.game == game_id and clause_id in r.clauses]


def _with_code(text: str) -> list[nodes.Node]:
    """A ruling's text with its `backticked` parts (rules language, parameter readings) as code,
    as Markdown would show them."""
    parts = text.split("`")
    if len(parts) % 2 == 0:  # an unpaired backtick: show the text as written
        return [nodes.Text(text)]
    return [nodes.literal(part, part) if odd else nodes.Text(part)
            for odd, part in ((i % 2 == 1, part) for i, part in enumerate(parts)) if part]


def _directive():
    """The directive class, built on demand so that importing this module needs no Sphinx."""
    from sphinx.util.docutils import SphinxDirective

    from .booknodes import inline as _inline
    from .booknodes import link as _link
    from .booknodes import para as _para
    from .booknodes import untranslatable as _untranslatable
    from .i18n import translations_dir as _translations_dir

    class Casebook(SphinxDirective):
        """Every ruling: question, decision, clauses (linked), readings and replayed cases."""

        def run(self) -> list[nodes.Node]:
            from .model import load_game
            from .rulings import L_CASES, L_CLAUSES, L_DECISION, L_QUESTION, L_READINGS, case_line, replay, rulings_dir
            from .verdicts import cite
            lang = self.config.language or "en"
            _ = functools.partial(i18n.gettext, lang)
            po = _translations_dir() / lang / "LC_MESSAGES" / "referee.po"
            if po.is_file():
                self.env.note_dependency(str(po.resolve()))
            out: list[nodes.Node] = []
            for ruling in _rulings():
                for path in rulings_dir().glob(f"{ruling.number:03d}-*"):
                    self.env.note_dependency(str(path.resolve()))
                game = load_game(ruling.game)
                box = nodes.container(classes=["rules-casebook-ruling"], ids=[ruling.anchor])
                head = _(L_RULING_HEAD).format(number=ruling.number)
                box += _para(_link(head, f"#{ruling.anchor}", classes=["rules-clause-id"]), " ",
                             nodes.strong(_(ruling.title), _(ruling.title)), classes=["rules-clause-head"])
                box += _para(_inline(_(L_GAME) + " ", classes=["rules-label"]), _(game.title))
                for label, text in ((L_QUESTION, ruling.question), (L_DECISION, ruling.decision)):
                    box += _para(nodes.strong(_(label), _(label)), " ", *_with_code(_(text)))
                items = nodes.bullet_list(classes=["rules-casebook-clauses"])
                page = book_page(game)
                for cid in ruling.clauses:
                    uri = self.env.app.builder.get_relative_uri(self.env.docname, page) + f"#{clause_anchor(cid)}"
                    cited = cite(game, [cid], lang, human=True)
                    items += nodes.list_item("", _para(_link(cid, uri, classes=["rules-clause-ref"]),
                                                       cited[len(cid):], " — ", _(game.clauses[cid].statement)))
                box += _para(nodes.strong(_(L_CLAUSES), _(L_CLAUSES)))
                box += items
                box += _para(nodes.strong(_(L_READINGS), _(L_READINGS)), " ", *_with_code(_(ruling.readings)))
                cases = nodes.bullet_list(classes=["rules-casebook-cases"])
                replays = [replay(ruling, case) for case in ruling.cases]
                for replayed in replays:
                    cases += nodes.list_item("", _para(case_line(replayed, ruling, lang, detail=lang == "en")))
                box += _para(nodes.strong(_(L_CASES), _(L_CASES)))
                box += cases
                # The table where the first case's ruling falls: the deal the replay stopped in,
                # before the action ruled illegal (a ruling on a finished deal draws nothing).
                first = replays[0].judgement if replays else None
                if first is not None and first.in_play is not None and not first.legal:
                    from .drawing import html, picture
                    box += _para(nodes.strong(_(L_AT_RULING), _(L_AT_RULING)))
                    box += nodes.raw("", html(picture(first.in_play, lang)), format="html")
                out.append(box)
            return _untranslatable(out)

    return Casebook


def setup(app) -> None:
    app.add_directive("rules-casebook", _directive())
