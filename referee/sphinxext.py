"""Sphinx directives that render the book's rules pages straight from the rules files.

Listed in the book's Sphinx extensions as `referee.sphinxext`:

``rules-clauses GAME``
    Every clause in file order. Its anchor is the clause ID itself (``rules.html#K3.1``); the
    anchors are permanent, like the IDs, so verdicts and other books may link to them.
``rules-source GAME``
    Each source document, line-numbered; line N of source ``s003`` has the anchor ``#s003-L3``
    style ``#<source id>-L<N>``, and each line lists the clauses that cite it.
``rules-disputed GAME``
    Every parameter (``#param-<name>``) and every interpretation clause (``#ruling-<ID>``).
``referee-output COMMAND``
    What ``referee COMMAND --lang <book language>`` prints, run at build time (see
    `referee.sphinx_output`).
``rules-casebook [GAME]``
    The casebook (`referee.sphinx_casebook`): a game's rulings of rulings/ by section, on
    ``rulings/GAME`` (anchor ``#ruling-<N>``), or without GAME the index of every game's rulings;
    the rules pages list under each clause the rulings that rest on it.
``rules-reference``
    The rules language, generated from grammar/rules.lark (``#rule-<rule name>``), with an
    example of every statement taken from the shipped rules files, or from `EXAMPLES` below;
    every example is parsed at build time, so a stale one fails the build. The grammar's
    sections are shown over several pages (`REFERENCE_PAGES`, each light enough for a slow
    link); the first page also lists who is who at the table, the phases of a deal and every
    statement with the page that shows it.

All text is translated here through `referee.i18n` (the ``referee`` catalogs under
translations/), in the build's ``language``; the nodes are therefore marked
``translatable=False`` so that Sphinx's page catalogs leave them alone. Each page notes its
rules file, sources, grammar and ``referee.po`` as dependencies, so editing one rebuilds it.
"""

from __future__ import annotations

import datetime
import functools
import re
import subprocess
import textwrap
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import lark
from docutils import nodes
from sphinx import addnodes
from sphinx.domains.std import StandardDomain
from sphinx.locale import init as init_locale
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from . import i18n
from .booknodes import inline as _inline
from .booknodes import link as _link
from .booknodes import para as _para
from .booknodes import untranslatable as _untranslatable
from .booksearch import register
from .coverage import line_coverage
from .front.grammar import grammar
from .front.parser import grammar_path, parse_text
from .front.syntax import unquote
from .i18n import N_
from .i18n import translations_dir as _translations_dir
from .links import book_game, clause_anchor, clause_url, source_anchor
from .model import load_game
from .model.document import find_rules_file, shipped_rules_files
from .model.mechanics import ALWAYS, MECHANICS, ROLES
from .presentation import source_glosses, source_info
from .resources import resource_dir, sources_dir
from .sections import section_titles
from .sphinx_casebook import L_RULINGS, casebook_page, rulings_citing
from .sphinx_casebook import setup as casebook_setup
from .sphinx_check import setup_check
from .sphinx_output import RefereeOutput

__all__ = ["setup", "clause_role", "clause_anchor", "clause_url", "source_anchor", "statement_rules", "reference_examples",
           "EXAMPLES"]

logger = logging.getLogger(__name__)

# Labels shown around the rules (msgids of the `referee` catalogs).
L_SOURCE = N_("Source")
L_TRADITION = N_("tradition")
L_INTERPRETATION = N_("interpretation")
L_FROM_SOURCE = N_("from the source")
L_RULING = N_("ruling")
L_SUPPLEMENT_TRADITION = N_("Supplied from tradition:")
L_SUPPLEMENT_INTERPRETATION = N_("The referee's reading:")
L_SEE = N_("See:")
L_PARAMETER = N_("Parameter")
L_DEFAULT = N_("default")
L_IN_FORCE = N_("the referee's default reading")
L_NUMBER = N_("a whole number from {low} to {high}; by default {default}")
L_CHOOSE = N_("To follow another reading:")
L_ROLES = N_("Who is who at the table")
L_PHASES = N_("The phases of a deal")
L_PHASES_INTRO = N_("A game lists the phases of its deals with `deal phases ...`. Each phase reads "
                    "its own statements; a statement that no phase of the game reads, or a phase "
                    "whose required statement is missing, is an error when the file loads.")
L_ALWAYS = N_("every game")
L_READS = N_("reads {reads}.")
L_NEEDS = N_("Needs {needs}.")
L_FORMAL = N_("Formal text")
L_LINE = N_("Line")
L_TEXT = N_("Text")
L_CLAUSES = N_("Clauses")
L_NOT_ENCODED = N_("not encoded: {reason}")
L_CLAUSE = N_("Clause {clause}")
L_READINGS = N_("Readings:")
L_WHY = N_("Why:")
L_REFERENCE_PAGES = N_("The statements, page by page")
"""The heading of the list of the reference's pages and the statements each shows."""
L_EXAMPLE = N_("Example")
L_SYNTAX = N_("Syntax")
L_EXAMPLE_FROM = N_("from {file}, line {line}")
L_NO_RULINGS = N_("This game has no disputed readings.")
L_CITE_LINE = N_("{source}, line {lines}")
L_CITE_LINES = N_("{source}, lines {lines}")
L_SOURCE_ABOUT = N_("Language: {language}; lines: {lines}.")
L_GOVERNS_EN = N_("This English text of the rules governs; the Russian, Polish and Croatian pages translate it.")
L_GOVERNS = N_("The English text of the rules governs; this page is its translation.")
L_EDITION = N_("Edition: {file} of {date} (referee {version}).")
LANGUAGE_NAMES = {"pl": N_("Polish"), "ru": N_("Russian"), "hr": N_("Croatian"), "en": N_("English"),
                  "fr": N_("French"), "de": N_("German")}
L_CONTENTS = N_("On this page")
L_KEPT = N_("kept")
L_REPLACED = N_("replaced")
L_REMOVED = N_("removed")
L_ADDED = N_("added")
L_PARENT_SAYS = N_("{game} says:")
L_KEPT_FROM = N_("As in {game}:")
L_WHY_REMOVED = N_("Why it goes:")
L_SETTINGS = N_("Readings this variant chooses")
L_SET_IN = N_("declared in {clause}")
L_VARIANT_SUMMARY = N_("Against {game}: {kept} kept, {replaced} replaced, {removed} removed, {added} added.")


# --------------------------------------------------------------------------------------------------
# Small node builders


def _choices(param, _, badge: str) -> nodes.bullet_list:
    """A parameter's choices as a list, the default marked with `badge`."""
    items = nodes.bullet_list(classes=["rules-choices"])
    for value, description in param.choices:
        para = _para(nodes.literal(value, value), " — ", _(description))
        if value == str(param.default):
            para += nodes.Text(" ")
            para += _inline(badge, classes=["rules-badge", "rules-badge-default"])
        items += nodes.list_item("", para)
    return items


def _code_spans(text: str) -> list[nodes.Node]:
    """Text with its `backquoted` parts as inline code (the grammar's comments use them)."""
    parts = text.split("`")
    return [nodes.literal(part, part) if i % 2 else nodes.Text(part) for i, part in enumerate(parts) if part]


def _table(header: list[str], rows: list[tuple[list, list[str]]], classes=()) -> nodes.table:
    """A table; each row is (cells, ids) and each cell a node, a list of nodes or a string."""
    table = nodes.table(classes=["colwidths-auto", *classes])
    group = nodes.tgroup(cols=len(header))
    table += group
    for _ in header:
        group += nodes.colspec(colwidth=1)
    head = nodes.thead()
    group += head
    row = nodes.row()
    for title in header:
        row += nodes.entry("", _para(title))
    head += row
    body = nodes.tbody()
    group += body
    for cells, ids in rows:
        row = nodes.row(ids=list(ids))
        for cell in cells:
            entry = nodes.entry()
            if isinstance(cell, str):
                entry += _para(cell)
            elif isinstance(cell, list):
                entry.extend(cell)
            else:
                entry += cell
            row += entry
        body += row
    return table


@functools.cache
def _edition_date(path: Path) -> str:
    """The date of a rules file's last change: its last commit (the file's time where it is not in
    a git work tree), as YYYY-MM-DD."""
    try:
        found = subprocess.run(["git", "log", "-1", "--format=%cs", "--", path.name], cwd=path.parent,
                               capture_output=True, text=True, timeout=10, check=False).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        found = ""
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", found):
        return found
    return datetime.date.fromtimestamp(path.stat().st_mtime).isoformat()


@functools.cache
def _referee_version() -> str:
    try:
        return version("referee")
    except PackageNotFoundError:
        return "?"


class _GameDirective(SphinxDirective):
    required_arguments = 1
    option_spec = {"rules-page": str, "source-page": str, "disputed-page": str}

    @property
    def lang(self) -> str:
        return self.config.language or "en"

    def _(self, message: str) -> str:
        return i18n.gettext(self.lang, message)

    def game(self):
        name = self.arguments[0]
        path = find_rules_file(name)
        self.env.note_dependency(str(path.resolve()))
        self._note_catalog()
        return load_game(name)

    def _note_catalog(self) -> None:
        po = _translations_dir() / self.lang / "LC_MESSAGES" / "referee.po"
        if po.is_file():
            self.env.note_dependency(str(po.resolve()))

    def authority(self, game) -> nodes.Node:
        """Which text governs and which edition of the rules the page shows: the rules file, the
        date of its last change, the referee's version."""
        governs = L_GOVERNS_EN if self.lang == "en" else L_GOVERNS
        edition = self._(L_EDITION).format(file=Path(game.path).name, date=_edition_date(Path(game.path)),
                                           version=_referee_version())
        return _para(self._(governs), " ", edition, classes=["rules-authority"])

    def page_uri(self, which: str, anchor: str) -> str:
        """A link from this page to the game's rules/source/disputed page (with an anchor)."""
        game = self.arguments[0]
        defaults = {"rules": f"{game}/rules", "source": f"{game}/source", "disputed": "disputed"}
        target = self.options.get(f"{which}-page", defaults[which])
        if target not in self.env.found_docs:
            logger.warning("%s: no page %r for the %s view of %s; give :%s-page:",
                           self.name, target, which, game, which, location=self.get_location())
        if target == self.env.docname:
            return f"#{anchor}"
        return f"{self.env.app.builder.get_relative_uri(self.env.docname, target)}#{anchor}"

    def citation_links(self, game, clause) -> list[nodes.Node]:
        """Each cited span by the source's title ("TITLE OF THE SOURCE, line 3"), linked to the
        line on the source's page; the hashed file name is never shown (no tooltip repeats it)."""
        out: list[nodes.Node] = []
        for cite in clause.provenance.citations:
            if out:
                out.append(nodes.Text("; "))
            name = game.sources[cite.source].filename
            span = str(cite.first) if cite.first == cite.last else f"{cite.first}-{cite.last}"
            label = self._(L_CITE_LINE if cite.first == cite.last else L_CITE_LINES).format(
                source=source_info(name, self.lang)[0], lines=span)
            out.append(_link(label, self.page_uri("source", source_anchor(cite.source, cite.first)),
                             classes=["rules-cite"]))
        return out


# --------------------------------------------------------------------------------------------------
# rules-clauses


class RulesClauses(_GameDirective):
    """Every clause of a game: ID anchor, statement, provenance, supplements, parameters, formal text."""

    def run(self) -> list[nodes.Node]:
        game = self.game()
        titles = section_titles(Path(game.path))
        sections: dict[str, list] = {}
        for clause in game.clauses.values():
            sections.setdefault(clause.id.split(".")[0], []).append(clause)
        if not titles:
            return _untranslatable([self.clause(game, c) for c in game.clauses.values()])
        out: list[nodes.Node] = [self.authority(game), self.index(titles, sections)]
        for prefix, clauses in sections.items():
            title = f"{prefix}. {self._(titles[prefix])}" if prefix in titles else prefix
            section = nodes.section(ids=[prefix], names=[nodes.fully_normalize_name(title)],
                                    classes=["rules-section"])
            section += nodes.title(title, title)
            section.extend(self.clause(game, c) for c in clauses)
            out.append(section)
        return _untranslatable(out)

    def index(self, titles, sections) -> nodes.Node:
        """The page's index: each section, then the IDs of its clauses, all links."""
        box = nodes.container(classes=["rules-index"])
        box += _para(nodes.strong(self._(L_CONTENTS), self._(L_CONTENTS)), classes=["rules-index-head"])
        items = nodes.bullet_list(classes=["rules-index-list"])
        for prefix, clauses in sections.items():
            title = f"{prefix}. {self._(titles[prefix])}" if prefix in titles else prefix
            para = _para(_link(title, f"#{prefix}", classes=["rules-index-section"]), classes=["rules-index-item"])
            ids = nodes.bullet_list(classes=["rules-index-clauses"])
            for clause in clauses:
                ids += nodes.list_item("", _para(self.clause_link(clause, f"#{clause_anchor(clause.id)}",
                                                                  ["rules-index-clause"])))
            items += nodes.list_item("", para, ids)
        box += items
        return box

    def clause_link(self, clause, uri: str, classes: list[str]) -> nodes.Node:
        """A link to a clause by its ID and title: `K5.4 No queens` (the ID alone if it has none)."""
        link = nodes.reference("", "", internal=True, refuri=uri, classes=classes)
        link += _inline(clause.id, classes=["rules-index-id"])
        if clause.title:
            link += nodes.Text(" ")
            link += _inline(self._(clause.title), classes=["rules-index-title"])
        return link

    def clause_title(self, clause) -> list[nodes.Node]:
        """The clause's title as the head line shows it after the ID (nothing if it has none)."""
        if not clause.title:
            return []
        return [nodes.Text(" "), _inline(self._(clause.title), classes=["rules-clause-title"])]

    def clause(self, game, clause, note: bool = True) -> nodes.Node:
        _ = self._
        kind = clause.provenance.kind
        box = nodes.container(classes=["rules-clause", f"rules-kind-{kind}"] +
                              (["rules-ruling"] if clause.is_ruling else []))
        box["ids"].append(clause_anchor(clause.id))
        if note:  # a clause is a searchable object on its game's own rules page only
            std = self.env.get_domain("std")
            assert isinstance(std, StandardDomain)
            std.note_object("rules-clause-object", clause.id, clause_anchor(clause.id), location=self.get_location())
        head = _para(_link(clause.id, f"#{clause_anchor(clause.id)}", classes=["rules-clause-id"]),
                     *self.clause_title(clause), classes=["rules-clause-head"])
        badge = {"source": L_FROM_SOURCE, "tradition": L_TRADITION, "interpretation": L_INTERPRETATION}[kind]
        head += nodes.Text(" ")
        head += _inline(_(badge), classes=["rules-badge", f"rules-badge-{kind}"])
        if clause.is_ruling:
            head += nodes.Text(" ")
            head += _inline(_(L_RULING), classes=["rules-badge", "rules-badge-ruling"])
        box += head

        grid = nodes.container(classes=["rules-clause-grid"])
        text = nodes.container(classes=["rules-clause-text"])
        text += _para(_(clause.statement), classes=["rules-statement"])
        links = self.citation_links(game, clause)
        if links:
            text += _para(_inline(_(L_SOURCE) + ": ", classes=["rules-label"]), *links, classes=["rules-provenance"])
        for reason, label, name in ((clause.provenance.tradition, L_SUPPLEMENT_TRADITION, "tradition"),
                                    (clause.provenance.interpretation, L_SUPPLEMENT_INTERPRETATION, "interpretation")):
            if reason:
                note = nodes.container(classes=["rules-supplement", f"rules-supplement-{name}"])
                note += _para(nodes.strong(_(label), _(label)), " ", _(reason))
                text += note
        if clause.provenance.see:
            see = _para(_inline(_(L_SEE) + " ", classes=["rules-label"]), classes=["rules-see"])
            for i, uri in enumerate(clause.provenance.see):
                if i:
                    see += nodes.Text(", ")
                see += _link(uri, uri)
            text += see
        for name in clause.parameters:
            text += self.parameter(game, game.parameters[name])
        rulings = self.rulings(game, clause)
        if rulings is not None:
            text += rulings
        grid += text
        if clause.formal.strip():
            formal = nodes.literal_block(clause.formal, clause.formal, language="rules",
                                         classes=["rules-formal"])
            grid += formal
        box += grid
        return box

    def rulings(self, game, clause) -> nodes.Node | None:
        """The casebook's rulings that rest on this clause, each linked to the casebook page."""
        found = rulings_citing(game.id, clause.id)
        if not found or casebook_page(game.id) not in self.env.found_docs:
            return None
        page = self.env.app.builder.get_relative_uri(self.env.docname, casebook_page(game.id))
        para = _para(_inline(self._(L_RULINGS) + " ", classes=["rules-label"]), classes=["rules-rulings"])
        for i, ruling in enumerate(found):
            if i:
                para += nodes.Text(", ")
            label = str(ruling.number)
            link = _link(label, f"{page}#{ruling.anchor}", classes=["rules-ruling-ref"])
            link["reftitle"] = self._(ruling.title)
            para += link
        return para

    def parameter(self, game, param) -> nodes.Node:
        _ = self._
        box = nodes.container(classes=["rules-parameter"])
        box += _para(nodes.strong(_(L_PARAMETER), _(L_PARAMETER)), " ", nodes.literal(param.name, param.name),
                     ": ", _(param.question))
        if param.is_number:
            box += _para(_(L_NUMBER).format(low=param.low, high=param.high, default=param.default))
        else:
            box += _choices(param, _, _(L_DEFAULT))
        return box


# --------------------------------------------------------------------------------------------------
# rules-variant


def variant_changes(path: Path) -> tuple[set[str], dict[str, str], set[str], list[tuple[str, str, str]]]:
    """What a variant file does to the clauses of the game it extends: (clause IDs it replaces,
    clause ID -> the reason it gives for removing it, IDs of the clauses it adds, the readings it
    sets as (parameter, value, reason))."""
    tree = parse_text(Path(path).read_text(encoding="utf-8"), str(path))
    replaced, removed, added, settings = set(), {}, set(), []
    for item in tree.children[1:]:
        if item.data == "replace_clause":
            replaced.add(str(item.children[0].children[0]))
        elif item.data == "remove_clause":
            removed[str(item.children[0])] = unquote(str(item.children[1]))
        elif item.data == "clause":
            added.add(str(item.children[0]))
        elif item.data == "set_parameter":
            name, value, *reason = item.children
            shown = value.children[0]
            shown = str(shown) if isinstance(shown, lark.Token) else str(_signed_value(shown))
            settings.append((str(name), shown, unquote(str(reason[0])) if reason else ""))
    return replaced, removed, added, settings


def _signed_value(tree) -> int:
    digits = "".join(str(t) for t in tree.children)
    return int(digits)


class RulesVariant(RulesClauses):
    """A variant clause by clause against the game it extends: each clause of the parent kept,
    replaced (the variant's clause, beside what the parent said) or removed (with the variant's
    reason), then the clauses the variant adds, each with its provenance."""

    def page_uri(self, which: str, anchor: str) -> str:
        # The variant's sources are its parent's: link to the shipped game's source page.
        if which == "source" and f"{which}-page" not in self.options:
            self.options[f"{which}-page"] = f"{book_game(self.game_model)}/source"
        return super().page_uri(which, anchor)

    def run(self) -> list[nodes.Node]:
        _ = self._
        game = self.game_model = self.game()
        parent = load_game(game.base)
        parent_page = self.env.app.builder.get_relative_uri(self.env.docname, f"{parent.id}/rules") \
            if f"{parent.id}/rules" in self.env.found_docs else None
        replaced, removed, added, settings = variant_changes(Path(game.path))
        parent_title = _(parent.title)
        counts = {"kept": 0, "replaced": 0, "removed": 0, "added": 0}
        titles = {**section_titles(Path(parent.path)), **section_titles(Path(game.path))}
        sections: dict[str, list[nodes.Node]] = {}

        def put(cid: str, node: nodes.Node) -> None:
            # A clause the variant adds (BL2.1) joins the parent's section of its number (K2).
            prefix = cid.split(".")[0]
            number = re.sub(r"^[A-Z]+", "", prefix)
            prefix = next((p for p in sections if re.sub(r"^[A-Z]+", "", p) == number), prefix)
            sections.setdefault(prefix, []).append(node)

        def parent_link(cid: str) -> nodes.Node:
            if parent_page is None:
                return nodes.literal(cid, cid)
            return _link(cid, f"{parent_page}#{clause_anchor(cid)}", classes=["rules-clause-ref"])

        def labelled(label: str, *body: nodes.Node, cls: str) -> nodes.Node:
            """A paragraph that starts with a bold label ("NAME says:") and goes on with `body`."""
            return _para(_inline(label + " ", classes=["rules-label"]), *body, classes=[cls])

        def head(cid: str, label: str, kind: str, anchor: bool = True) -> nodes.Node:
            para = _para(classes=["rules-clause-head"])
            para += parent_link(cid) if not anchor else _link(cid, f"#{clause_anchor(cid)}", classes=["rules-clause-id"])
            para.extend(self.clause_title(parent.clauses[cid]))
            para += nodes.Text(" ")
            para += _inline(_(label), classes=["rules-badge", f"rules-badge-variant-{kind}"])
            return para

        for cid, old in parent.clauses.items():
            if cid in removed:
                counts["removed"] += 1
                box = nodes.container(classes=["rules-clause", "rules-variant-removed"])
                box["ids"].append(clause_anchor(cid))
                box += head(cid, L_REMOVED, "removed", anchor=False)
                box += labelled(_(L_PARENT_SAYS).format(game=parent_title), nodes.Text(_(old.statement)),
                                cls="rules-variant-parent")
                box += labelled(_(L_WHY_REMOVED), nodes.Text(_(removed[cid])), cls="rules-variant-reason")
                put(cid, box)
            elif cid in replaced:
                counts["replaced"] += 1
                box = self.clause(game, game.clauses[cid], note=False)
                box["classes"].append("rules-variant-replaced")
                box[0] += nodes.Text(" ")
                box[0] += _inline(_(L_REPLACED), classes=["rules-badge", "rules-badge-variant-replaced"])
                box.insert(1, labelled(_(L_PARENT_SAYS).format(game=parent_title), parent_link(cid),
                                       nodes.Text(" " + _(old.statement)), cls="rules-variant-parent"))
                put(cid, box)
            else:
                counts["kept"] += 1
                box = nodes.container(classes=["rules-clause", "rules-variant-kept"])
                box["ids"].append(clause_anchor(cid))
                box += head(cid, L_KEPT, "kept", anchor=False)
                box += labelled(_(L_KEPT_FROM).format(game=parent_title), nodes.Text(_(old.statement)),
                                cls="rules-variant-parent")
                kind = old.provenance.kind
                badge = {"source": L_FROM_SOURCE, "tradition": L_TRADITION, "interpretation": L_INTERPRETATION}[kind]
                links = self.citation_links(parent, old)
                box += _para(_inline(_(badge), classes=["rules-badge", f"rules-badge-{kind}"]),
                             *([nodes.Text(" ")] + links if links else []), classes=["rules-provenance"])
                put(cid, box)
        for cid in game.clauses:
            if cid in added:
                counts["added"] += 1
                box = self.clause(game, game.clauses[cid], note=False)
                box["classes"].append("rules-variant-added")
                box[0] += nodes.Text(" ")
                box[0] += _inline(_(L_ADDED), classes=["rules-badge", "rules-badge-variant-added"])
                put(cid, box)
        out: list[nodes.Node] = [self.authority(game),
                                 _para(nodes.Text(_(L_VARIANT_SUMMARY).format(game=parent_title, **counts)),
                                       classes=["rules-variant-summary"])]
        if settings:
            out.append(self.settings(game, settings, parent_link))
        for prefix in sections:
            title = f"{prefix}. {_(titles[prefix])}" if prefix in titles else prefix
            section = nodes.section(ids=[prefix], names=[nodes.fully_normalize_name(title)],
                                    classes=["rules-section"])
            section += nodes.title(title, title)
            section.extend(sections[prefix])
            out.append(section)
        return _untranslatable(out)


    def settings(self, game, settings, parent_link) -> nodes.Node:
        """The readings the variant sets: each parameter's question, the reading chosen, why."""
        _ = self._
        box = nodes.container(classes=["rules-variant-settings"])
        box += _para(nodes.strong(_(L_SETTINGS), _(L_SETTINGS)))
        items = nodes.bullet_list()
        for name, value, reason in settings:
            param = game.parameters[name]
            chosen = dict(param.choices).get(value, value)
            para = _para(nodes.literal(f"{name} = {value}", f"{name} = {value}"), ": ", _(param.question), " — ",
                         nodes.strong(_(chosen), _(chosen)), " (", _(L_SET_IN).split("{clause}")[0],
                         parent_link(param.clause), _(L_SET_IN).split("{clause}")[-1], ")")
            item = nodes.list_item("", para)
            if reason:
                item += _para(_(reason), classes=["rules-variant-reason"])
            items += item
        box += items
        return box


# --------------------------------------------------------------------------------------------------
# rules-source


class RulesSource(_GameDirective):
    """Each source document, line by line, with the clauses citing every line."""

    def run(self) -> list[nodes.Node]:
        _ = self._
        game = self.game()
        coverage = line_coverage(game)
        reasons: dict[tuple[str, int], str] = {}
        for cite, reason in game.uncovered:
            for line in range(cite.first, cite.last + 1):
                reasons.setdefault((cite.source, line), reason)
        out: list[nodes.Node] = []
        for sid, source in game.sources.items():
            path = sources_dir() / source.filename
            self.env.note_dependency(str(path.resolve()))
            lines = path.read_text(encoding="utf-8").splitlines()
            title, about = source_info(source.filename, self.lang)
            language = _(LANGUAGE_NAMES[source.language]) if source.language in LANGUAGE_NAMES else source.language
            out.append(nodes.rubric("", title, ids=[sid], classes=["rules-source-title"]))
            if about:
                out.append(_para(about, classes=["rules-source-about"]))
            # The file's name (a hash) is no name for readers: the citations' link titles carry it.
            out.append(_para(_(L_SOURCE_ABOUT).format(language=language, lines=source.lines),
                             classes=["rules-source-file"]))
            glosses = source_glosses(source.filename)
            gloss_path = sources_dir() / (Path(source.filename).stem + ".gloss")
            if gloss_path.is_file():
                self.env.note_dependency(str(gloss_path.resolve()))
            rows = []
            for number, line in enumerate(lines, 1):
                anchor = source_anchor(sid, number)
                who: list[nodes.Node] = []
                for cid in dict.fromkeys(coverage.get(sid, {}).get(number, [])):
                    if cid == "uncovered":
                        continue
                    if who:
                        who.append(nodes.Text(" "))
                    who.append(_link(cid, self.page_uri("rules", clause_anchor(cid)), classes=["rules-clause-id"]))
                cell = [_para(*who)] if who else []
                if (sid, number) in reasons:
                    cell.append(_para(_(L_NOT_ENCODED).format(reason=_(reasons[(sid, number)])),
                                      classes=["rules-uncovered"]))
                shown = [_source_text(line)]
                gloss = glosses[number - 1] if number <= len(glosses) else ""
                if gloss and source.language != self.lang:
                    node = _source_text(_(gloss))
                    node["classes"].append("rules-source-gloss")
                    shown.append(node)
                rows.append(([_para(_link(str(number), f"#{anchor}"), classes=["rules-lineno"]),
                              shown, cell or ""], [anchor]))
            out.append(_table([_(L_LINE), _(L_TEXT), _(L_CLAUSES)], rows, classes=["rules-source"]))
        return _untranslatable(out)


def _source_text(line: str) -> nodes.Node:
    """A source line as the reader should see it: a Markdown table row (`| a | b |`) as a row of
    cells, its `|---|` rule as a thin line, anything else as the text itself."""
    stripped = line.strip()
    if stripped.startswith("|") and stripped.endswith("|") and len(stripped) > 1:
        cells = [c.strip() for c in stripped[1:-1].split("|")]
        if all(re.fullmatch(r":?-{2,}:?", c) for c in cells):
            return nodes.container("", classes=["rules-source-rule"])
        row = nodes.container("", classes=["rules-source-row"])
        for cell in cells:
            row += _inline(cell, classes=["rules-source-cell"])
        return row
    return nodes.paragraph(line, line, classes=["rules-source-text"])


# --------------------------------------------------------------------------------------------------
# rules-disputed


class RulesDisputed(_GameDirective):
    """Every parameter and every interpretation: the readings, the one followed, how to choose."""

    def run(self) -> list[nodes.Node]:
        _ = self._
        game = self.game()
        out: list[nodes.Node] = []
        seen = set()
        for clause in game.clauses.values():
            if not clause.is_ruling:
                continue
            box = nodes.container(classes=["rules-disputed"])
            box["ids"].append(f"ruling-{clause.id}")
            for name in clause.parameters:
                box["ids"].append(f"param-{name}")
            head = _para(_link(_(L_CLAUSE).format(clause=clause.id), self.page_uri("rules", clause_anchor(clause.id)),
                               classes=["rules-clause-id"]), classes=["rules-clause-head"])
            box += head
            box += _para(_(clause.statement), classes=["rules-statement"])
            reason = clause.provenance.interpretation or clause.provenance.tradition
            if reason:
                box += _para(nodes.strong(_(L_WHY), _(L_WHY)), " ", _(reason))
            for name in clause.parameters:
                seen.add(name)
                box += self.readings(game.parameters[name])
            out.append(box)
        if not out:
            out.append(_para(_(L_NO_RULINGS)))
        return _untranslatable(out)

    def readings(self, param) -> nodes.Node:
        _ = self._
        box = nodes.container(classes=["rules-parameter"])
        box += _para(nodes.strong(_(param.question), _(param.question)))
        if param.is_number:
            box += _para(_(L_NUMBER).format(low=param.low, high=param.high, default=param.default))
            other = param.low if str(param.low) != str(param.default) else param.high
        else:
            box += _para(_(L_READINGS))
            box += _choices(param, _, _(L_IN_FORCE))
            other = next((v for v, _d in param.choices if v != str(param.default)), param.default)
        command = f"referee play {self.arguments[0]} --param {param.name}={other}"
        box += _para(_(L_CHOOSE) + " ", nodes.literal(command, command))
        return box


# --------------------------------------------------------------------------------------------------
# rules-reference


def _load_examples() -> dict[str, str]:
    """Examples for constructs that the shipped rules files do not use, from grammar/examples.txt
    (`[rule]` then its text). Each is parsed at build time inside a minimal file (see `_wrap`),
    so a wrong example fails the build."""
    examples: dict[str, str] = {}
    name = None
    for line in (resource_dir("grammar") / "examples.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("#") and name is None:
            continue
        if line.startswith("[") and line.endswith("]"):
            name = line[1:-1]
            examples[name] = ""
        elif name is not None:
            examples[name] += line + "\n"
    return {k: v.strip("\n") for k, v in examples.items()}


EXAMPLES: dict[str, str] = _load_examples()

_ITEM_RULES = ("header",)


def _wrap(rule: str, example: str) -> str:
    """A whole rules file around an example, so that it can be parsed on its own."""
    if rule in ("game_header", "variant_header", "header"):
        return example + "\n"
    head = 'game example "Example"\n'
    if rule in ("source", "uncovered", "clause", "replace_clause", "remove_clause", "set_parameter"):
        return head + example + "\n"
    return head + 'clause X1 "An example." tradition "An example." {\n' + example + "\n}\n"


def _grammar() -> tuple[list[tuple[str, str, str, str]], dict[str, list[str]]]:
    """(section, rule name, rule text, comment above it) in file order (from the one reader of
    the grammar, `referee.front.grammar`)."""
    return [(r.section, r.name, r.text, r.comment) for r in grammar().rules], {}


def statement_rules() -> list[str]:
    """The grammar rules a reader writes: the items of a file and every statement of a clause body."""
    return list(grammar().statements)


def _aliases(rule: str) -> list[str]:
    """The tree names a rule produces: its own name, or the `-> alias` of each alternative."""
    found = grammar().rule(rule)
    return list(found.trees) if found else [rule]


@functools.cache
def reference_examples() -> dict[str, list[tuple[str, str, int]]]:
    """Tree name -> [(example text, file name, line)] from the shipped rules files, shortest first,
    completed from `EXAMPLES`; every example has been parsed."""
    found: dict[str, list[tuple[str, str, int]]] = {}
    for path in shipped_rules_files():
        text = path.read_text(encoding="utf-8")
        tree = parse_text(text, str(path))
        for sub in tree.iter_subtrees():
            meta = sub.meta
            if getattr(meta, "empty", True):
                continue
            snippet = text[meta.start_pos:meta.end_pos]
            snippet = textwrap.dedent(" " * (meta.column - 1) + snippet).strip()
            found.setdefault(str(sub.data), []).append((snippet, path.name, meta.line))
    for name in found:
        found[name].sort(key=lambda e: (len(e[0]), e[1], e[2]))
    for name, example in EXAMPLES.items():
        tree = parse_text(_wrap(name, example), f"<example of {name}>")
        if not any(isinstance(t, lark.Tree) and t.data == name for t in tree.iter_subtrees()):
            raise ValueError(f"the example of {name} does not produce a {name}: {example!r}")
        found.setdefault(name, []).append((example, "", 0))
    return found


REFERENCE_PAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("language/reference", ("A rules file", "Sources and provenance", "Statements")),
    ("language/reference/table", ("The table", "Contracts", "Card passing", "Doubling", "Irregularities")),
    ("language/reference/play", ("Trick play", "Layout play", "Scoring")),
    ("language/reference/auction", ("Auctions",)),
    ("language/reference/vying", ("Betting", "Showdown")),
)
"""The pages of the language reference and the grammar sections each shows (by the start of the
section's title), in the order of the book. One page of every section weighed 420 KB in Russian
with the theme, over the 400 KB of an ordinary page; split this way the heaviest is well under."""


def reference_page(section: str) -> str | None:
    """The page of the language reference that shows a grammar section."""
    return next((page for page, starts in REFERENCE_PAGES if section.startswith(starts)), None)


class RulesReference(SphinxDirective):
    """The rules language from grammar/rules.lark: each statement, its syntax and examples, on
    the page of `REFERENCE_PAGES` this directive stands in (the first page adds the roles, the
    phases and the list of pages)."""

    def run(self) -> list[nodes.Node]:
        lang = self.config.language or "en"
        _ = functools.partial(i18n.gettext, lang)
        self.env.note_dependency(str(grammar_path().resolve()))
        po = _translations_dir() / lang / "LC_MESSAGES" / "referee.po"
        if po.is_file():
            self.env.note_dependency(str(po.resolve()))
        here = self.env.docname
        if here not in dict(REFERENCE_PAGES):
            raise self.error(f"rules-reference stands on one of the pages of REFERENCE_PAGES, not on {here}")
        wanted = statement_rules()
        rules, _alternatives = _grammar()
        examples = reference_examples()
        out: list[nodes.Node] = []
        if here == REFERENCE_PAGES[0][0]:
            out += self._vocabulary(_) + self._phases(_) + self._pages(_, rules, wanted)
        section = None
        for sect, name, text, comment in rules:
            if name not in wanted:
                continue
            page = reference_page(sect)
            if page is None:
                logger.warning("rules-reference: the grammar section %r is on no page of REFERENCE_PAGES",
                               sect, location=self.get_location())
            if page != here:
                continue
            if sect != section:
                section = sect
                out.append(nodes.rubric("", _(sect), classes=["rules-ref-section"]))
            box = nodes.container(classes=["rules-ref-rule"], ids=[f"rule-{name}"])
            box += _para(_link(name, f"#rule-{name}", classes=["rules-ref-name"]), classes=["rules-clause-head"])
            if comment:
                box += _para(*_code_spans(_(comment)))
            box += nodes.literal_block(text, text, language="none", classes=["rules-ref-syntax"])
            shown = 0
            for tree_name in _aliases(name):
                for example, file, line in examples.get(tree_name, [])[:1]:
                    caption = _(L_EXAMPLE)
                    if file:
                        caption += " (" + _(L_EXAMPLE_FROM).format(file=file, line=line) + ")"
                    box += _para(caption, classes=["rules-ref-caption"])
                    box += nodes.literal_block(example, example, language="rules", classes=["rules-ref-example"])
                    shown += 1
            if not shown:
                logger.warning("rules-reference: no example of %s in the rules files or in "
                               "referee.sphinxext.EXAMPLES", name, location=self.get_location())
            out.append(box)
        return _untranslatable(out)

    def _pages(self, _, rules, wanted) -> list[nodes.Node]:
        """Each page of the reference with the statements it shows, each linked to its place."""
        here = self.env.docname
        out: list[nodes.Node] = [nodes.rubric("", _(L_REFERENCE_PAGES), classes=["rules-ref-section"])]
        pages = nodes.bullet_list(classes=["rules-ref-pages"])
        for page, _starts in REFERENCE_PAGES[1:]:
            uri = self.env.app.builder.get_relative_uri(here, page)
            names = [name for sect, name, _text, _comment in rules if name in wanted and reference_page(sect) == page]
            item = nodes.list_item()
            # The page's title, in the book's language, once every page is read: Sphinx's own :doc:.
            title = addnodes.pending_xref("", refdomain="std", reftype="doc", reftarget="/" + page,
                                          refdoc=here, refexplicit=False, refwarn=True)
            title += nodes.inline("", page, classes=["rules-ref-page"])
            item += nodes.paragraph("", "", title)
            line = nodes.paragraph(classes=["rules-ref-page-statements"])
            for i, name in enumerate(names):
                if i:
                    line += nodes.Text(" · ")
                line += _link(name, f"{uri}#rule-{name}", classes=["rules-ref-name"])
            item += line
            pages += item
        out.append(pages)
        return out

    @staticmethod
    def _vocabulary(_) -> list[nodes.Node]:
        """Who is who at the table: the seat words of the language, defined once."""
        items = nodes.definition_list(classes=["rules-ref-roles"])
        for word, meaning in ROLES:
            entry = nodes.definition_list_item()
            entry += nodes.term("", "", nodes.literal(word, word))
            body = nodes.definition()
            body += _para(*_code_spans(_(meaning)))
            entry += body
            items += entry
        return [nodes.rubric("", _(L_ROLES), classes=["rules-ref-section"]), items]

    @staticmethod
    def _phases(_) -> list[nodes.Node]:
        """Each phase of a deal with the statements it reads and those it cannot run without."""
        out: list[nodes.Node] = [nodes.rubric("", _(L_PHASES), classes=["rules-ref-section"]),
                                 _para(_(L_PHASES_INTRO))]
        table = nodes.bullet_list(classes=["rules-ref-phases"])
        for mech in MECHANICS.values():
            word = mech.name.replace("_", " ")
            head = _(L_ALWAYS) if mech.name in ALWAYS else f"`{word}`"
            reads = ", ".join(f"`{name}`" for name in sorted(mech.statements)) or "—"
            needs = ", ".join(f"`{need.write}`" for need in mech.needs) or "—"
            item = nodes.list_item()
            item += _para(*_code_spans(f"{head} ({_(mech.title)}): " + _(L_READS).format(reads=reads)
                                       + " " + _(L_NEEDS).format(needs=needs)))
            table += item
        out.append(table)
        return out


@functools.cache
def _clause_ids(game: str) -> frozenset[str]:
    return frozenset(load_game(game).clauses)


def clause_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    """``{clause}`GAME:ID` `` links to a clause on its game's rules page (shown as the ID)."""
    env = inliner.document.settings.env
    game, _sep, clause_id = text.partition(":")
    if not clause_id or clause_id not in _clause_ids(game):
        msg = inliner.reporter.warning(f"no clause {text!r}; write GAME:ID (a game name, a colon, a clause ID)", line=lineno)
        return [nodes.problematic(rawtext, rawtext)], [msg]
    uri = env.app.builder.get_relative_uri(env.docname, f"{game}/rules") + f"#{clause_anchor(clause_id)}"
    return [_link(clause_id, uri, classes=["rules-clause-ref"])], []


def translate_toc_captions(app, doctree) -> None:
    """Translate the captions of the table of contents (the parts of `_toc.yml`) through the
    book's page catalog: Sphinx's own i18n does not reach captions set by sphinx-external-toc."""
    language = app.config.language or "en"
    if language == "en":
        return
    dirs = [str(Path(app.srcdir) / d) for d in app.config.locale_dirs]
    catalog = app.config.gettext_compact if isinstance(app.config.gettext_compact, str) else "book"
    translator, _has = init_locale(dirs, language, catalog)
    for node in doctree.findall(addnodes.toctree):
        if node.get("caption"):
            node["caption"] = translator.gettext(node["caption"])


L_CLAUSE_OBJECT = N_("rule")
L_SEARCH_BAR = N_("Search this book...")


def _clause_objects(app, config) -> None:
    """Clauses are objects of the standard domain, so the book's search finds a clause by its ID
    and lands on it (the object's type name is shown in the results, in the book's language)."""
    app.add_object_type("rules-clause-object", "rules-clause-object-ref",
                        objname=i18n.gettext(config.language or "en", L_CLAUSE_OBJECT))
    # The theme's search field says "Search this book..." from a setting, not from a catalog.
    options = dict(config.html_theme_options or {})
    options["search_bar_text"] = i18n.gettext(config.language or "en", L_SEARCH_BAR)
    config.html_theme_options = options


def _one_script_each(app, pagename, templatename, context, doctree) -> None:
    """sphinx-thebe and sphinx-togglebutton add their inline settings once more on each read of
    the documents; a repeated `const` declaration stops with a SyntaxError in the browser, so a
    page keeps the first of each script."""
    scripts = context.get("script_files")
    if not scripts:
        return
    seen, kept = set(), []
    for script in scripts:
        attributes = getattr(script, "attributes", {})
        key = (str(getattr(script, "filename", script) or ""),
               tuple(sorted((k, str(v)) for k, v in attributes.items())))
        if key not in seen:
            seen.add(key)
            kept.append(script)
    scripts[:] = kept


GLOSSARY_COLUMNS = {"en": "English", "ru": "Русский", "pl": "Polski", "hr": "Hrvatski"}
"""A glossary table is one whose header starts with these four languages, by their own names."""


def glossary_tables(app, doctree) -> None:
    """Glossary tables for the reader: the column of the page's language first, and each cell
    carrying its column's name (shown only where the table is stacked into one card a row, on a
    narrow screen: `table.rules-glossary` in referee.css)."""
    lang = app.config.language or "en"
    names = list(GLOSSARY_COLUMNS.values())
    for table in doctree.findall(nodes.table):
        groups = [g for g in table.children if isinstance(g, nodes.tgroup)]
        heads = [h for h in groups[0].children if isinstance(h, nodes.thead)] if groups else []
        if not heads:
            continue
        header = [entry.astext().strip() for entry in heads[0].next_node(nodes.row).children]
        if header[:len(names)] != names:
            continue
        first = names.index(GLOSSARY_COLUMNS.get(lang, "English"))
        order = [first] + [i for i in range(len(header)) if i != first]
        table["classes"].append("rules-glossary")
        for row in groups[0].findall(nodes.row):
            cells = list(row.children)
            row.children = []
            for i in order:
                row.append(cells[i])
            if row.parent.tagname == "tbody":
                for i, cell in zip(order, row.children):
                    para = cell.next_node(nodes.paragraph)
                    if para is not None:
                        para.insert(0, _inline(header[i], classes=["rules-glossary-label"]))
        colspecs = [c for c in groups[0].children if isinstance(c, nodes.colspec)]
        if len(colspecs) == len(header):
            rest = [c for c in groups[0].children if not isinstance(c, nodes.colspec)]
            groups[0].children = []
            for i in order:
                groups[0].append(colspecs[i])
            for node in rest:
                groups[0].append(node)


def setup(app):
    register()
    app.connect("html-page-context", _one_script_each, priority=900)
    app.connect("config-inited", _clause_objects)
    app.connect("doctree-read", translate_toc_captions)
    app.connect("doctree-read", glossary_tables)
    app.add_role("clause", clause_role)
    app.add_directive("rules-clauses", RulesClauses)
    app.add_directive("rules-source", RulesSource)
    app.add_directive("rules-disputed", RulesDisputed)
    app.add_directive("rules-reference", RulesReference)
    app.add_directive("rules-variant", RulesVariant)
    casebook_setup(app)
    app.add_directive("referee-output", RefereeOutput)
    setup_check(app)  # the "Check a deal" page: check-deal
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
