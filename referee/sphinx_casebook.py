"""The book's casebook: the directive ``rules-casebook GAME`` renders the rulings of `rulings/` on
one game's casebook page (`rulings/GAME.html`, anchor ``#ruling-<number>``), grouped by the
section of the rules their first clause is in, with an index of sections and rulings at the top;
each ruling's clauses are linked to the rules pages and each case is replayed at build time.
Without GAME, the directive is the casebook's own index (`rulings.html`): every game, its
sections and each ruling by number and title. `rulings_citing` lets the rules pages list the
rulings behind each clause, and `casebook_page` says where a game's rulings are.

Texts are translated through `referee.i18n`, like the rules pages (see `referee.sphinxext`).
"""

from __future__ import annotations

import functools
from pathlib import Path

from docutils import nodes

from . import i18n
from .booknodes import inline as _inline
from .booknodes import link as _link
from .booknodes import para as _para
from .booknodes import untranslatable as _untranslatable
from .i18n import N_
from .i18n import translations_dir as _translations_dir
from .links import book_page, clause_anchor
from .model import load_game
from .rulings import (
    L_CASES,
    L_CLAUSES,
    L_DECISION,
    L_QUESTION,
    L_READINGS,
    case_line,
    load_rulings,
    replay,
    rulings_dir,
)
from .sections import section_titles
from .verdicts import cite

__all__ = ["rulings_citing", "CASEBOOK_PAGE", "casebook_page", "setup"]

CASEBOOK_PAGE = "rulings"
"""The book page that holds the casebook's index; each game's rulings are on `rulings/GAME`."""

L_RULING_HEAD = N_("Ruling {number}")
L_RULINGS = N_("Rulings:")
L_CASEBOOK_CONTENTS = N_("Rulings on this page")
L_OTHER_SECTION = N_("Other rulings")
L_AT_RULING = N_("The table at the ruling of the first case:")


@functools.cache
def _rulings() -> tuple:
    return tuple(load_rulings())


def rulings_citing(game_id: str, clause_id: str) -> list:
    """The rulings of a game that rest on a clause, by number."""
    return [r for r in _rulings() if r.game == game_id and clause_id in r.clauses]


def casebook_page(game_id: str) -> str:
    """The book page of a game's rulings (its anchors are `#ruling-N`)."""
    return f"{CASEBOOK_PAGE}/{game_id}"


def _section_of(ruling) -> str:
    """The section a ruling is filed under: that of the first clause it rests on (K3.1 is in K3)."""
    return ruling.clauses[0].split(".")[0] if ruling.clauses else ""


def _by_section(game_id: str) -> dict[str, list]:
    """A game's rulings by section, in the order of the rules file's sections, then by number."""
    out: dict[str, list] = {}
    for ruling in sorted((r for r in _rulings() if r.game == game_id), key=lambda r: r.number):
        out.setdefault(_section_of(ruling), []).append(ruling)
    return dict(sorted(out.items(), key=lambda item: _section_key(item[0])))


def _section_key(prefix: str) -> tuple:
    digits = "".join(c for c in prefix if c.isdigit())
    return (not digits, int(digits) if digits else 0, prefix)


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
    # Sphinx only in a book build: the casebook's data is read without it
    from sphinx.util.docutils import SphinxDirective


    class Casebook(SphinxDirective):
        """A game's rulings (question, decision, clauses linked, readings, replayed cases), by
        section; or, without a game, the index of every game's rulings."""

        optional_arguments = 1

        def run(self) -> list[nodes.Node]:
            lang = self.config.language or "en"
            self._ = functools.partial(i18n.gettext, lang)
            self.lang = lang
            po = _translations_dir() / lang / "LC_MESSAGES" / "referee.po"
            if po.is_file():
                self.env.note_dependency(str(po.resolve()))
            if not self.arguments:
                return _untranslatable(self.index_of_games())
            game = load_game(self.arguments[0])
            grouped = _by_section(game.id)
            if not grouped:
                raise self.error(f"rules-casebook: no ruling of rulings/ is about {self.arguments[0]!r}")
            out: list[nodes.Node] = [self.contents(game, grouped, "")]
            for prefix, rulings in grouped.items():
                title = self.section_title(game, prefix)
                section = nodes.section(ids=[prefix or "other"], names=[nodes.fully_normalize_name(title)],
                                        classes=["rules-section"])
                section += nodes.title(title, title)
                section.extend(self.ruling(game, ruling) for ruling in rulings)
                out.append(section)
            return _untranslatable(out)

        def section_title(self, game, prefix: str) -> str:
            titles = section_titles(Path(game.path))
            if not prefix:
                return self._(L_OTHER_SECTION)
            return f"{prefix}. {self._(titles[prefix])}" if prefix in titles else prefix

        def contents(self, game, grouped: dict[str, list], page: str, heading: bool = True) -> nodes.Node:
            """Each section, then its rulings by number and title, linked to `page#ruling-N`."""
            box = nodes.container(classes=["rules-index", "rules-casebook-index"])
            if heading:
                label = self._(L_CASEBOOK_CONTENTS)
                box += _para(nodes.strong(label, label), classes=["rules-index-head"])
            items = nodes.bullet_list(classes=["rules-index-list"])
            for prefix, rulings in grouped.items():
                title = self.section_title(game, prefix)
                para = _para(_link(title, f"{page}#{prefix or 'other'}", classes=["rules-index-section"]),
                             classes=["rules-index-item"])
                entries = nodes.bullet_list(classes=["rules-index-clauses", "rules-casebook-entries"])
                for ruling in rulings:
                    link = nodes.reference("", "", internal=True, refuri=f"{page}#{ruling.anchor}",
                                           classes=["rules-index-clause", "rules-index-ruling"])
                    link += _inline(str(ruling.number), classes=["rules-index-id"])
                    link += nodes.Text(" ")
                    link += _inline(self._(ruling.title), classes=["rules-index-title"])
                    entries += nodes.list_item("", _para(link))
                items += nodes.list_item("", para, entries)
            box += items
            return box

        def index_of_games(self) -> list[nodes.Node]:
            """The casebook's index page: for each game with rulings, its sections and rulings."""
            out: list[nodes.Node] = []
            games = sorted({r.game for r in _rulings()}, key=lambda g: min(r.number for r in _rulings() if r.game == g))
            for game_id in games:
                game = load_game(game_id)
                page = casebook_page(game_id)
                if page not in self.env.found_docs:
                    raise self.error(f"rules-casebook: the rulings of {game_id!r} need the page {page}")
                uri = self.env.app.builder.get_relative_uri(self.env.docname, page)
                title = self._(game.title)
                section = nodes.section(ids=[f"casebook-{game_id}"], names=[nodes.fully_normalize_name(title)])
                heading = nodes.title("", "")
                heading += _link(title, uri)
                section += heading
                section += self.contents(game, _by_section(game_id), uri, heading=False)
                out.append(section)
            return out

        def ruling(self, game, ruling) -> nodes.Node:
            _, lang = self._, self.lang
            for path in rulings_dir().glob(f"{ruling.number:03d}-*"):
                self.env.note_dependency(str(path.resolve()))
            box = nodes.container(classes=["rules-casebook-ruling"], ids=[ruling.anchor])
            head = _(L_RULING_HEAD).format(number=ruling.number)
            box += _para(_link(head, f"#{ruling.anchor}", classes=["rules-clause-id"]), " ",
                         nodes.strong(_(ruling.title), _(ruling.title)), classes=["rules-clause-head"])
            for label, text in ((L_QUESTION, ruling.question), (L_DECISION, ruling.decision)):
                box += _para(nodes.strong(_(label), _(label)), " ", *_with_code(_(text)))
            items = nodes.bullet_list(classes=["rules-casebook-clauses"])
            page = book_page(game)
            assert page is not None  # the casebook rules on shipped games, each with its page
            for cid in ruling.clauses:
                uri = self.env.app.builder.get_relative_uri(self.env.docname, page) + f"#{clause_anchor(cid)}"
                clause = game.clauses[cid]
                label = f"{cid} {_(clause.title)}" if clause.title else cid
                cited = cite(game, [cid], lang, human=True)
                items += nodes.list_item("", _para(_link(label, uri, classes=["rules-clause-ref"]),
                                                   cited[len(cid):], " — ", _(clause.statement)))
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
                box += _para(nodes.strong(_(L_AT_RULING), _(L_AT_RULING)))
                box += nodes.raw("", first.in_play.show(lang)._repr_html_(), format="html")
            return box

    return Casebook


def setup(app) -> None:
    app.add_directive("rules-casebook", _directive())
