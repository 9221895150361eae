"""Keep the `referee` gettext catalogs in step with the code and the rules files.

`extract()` collects every message the referee and the book show through `referee.i18n`:

* in the package's Python code: `N_("...")`, `_("...")`, `Phrase("...", ...)`, `gettext(lang, "...")` and
  `ngettext(lang, "...", "...", n)`; a call that holds two `N_` messages as arguments (such as
  a `ScoreLine`) is read as a singular and its plural;
* in every rules file: each quoted text (clause statements, tradition and interpretation
  reasons, parameter questions and choices, titles of games, contracts, decks, accounts, hands
  and bids, reasons of `uncovered`, `remove` and `set`), but not source file names, `see`
  addresses or suit symbols;
* in the casebook (rulings/*.toml): each ruling's title, question, decision and readings;
* in grammar/rules.lark: the section titles and rule comments that the language reference shows.

`update()` writes translations/referee.pot and merges it into
translations/<lang>/LC_MESSAGES/referee.po for each language, as msgmerge does: translations are
kept, an entry whose msgid changed is matched to its old translation and marked fuzzy, new
entries are added empty, and vanished ones are kept as obsolete (`#~`) comments. It needs Babel
(the `docs` dependency group). Run it through `scripts/extract-messages`; `python -m
referee.catalogs --check` writes nothing and lists the catalogs out of date (exit status 1 if any).
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import lark

from .front.grammar import grammar
from .front.parser import grammar_path, parse_text
from .model.document import shipped_rules_files
from .presentation import source_glosses, source_table
from .resources import repo_root, sources_dir
from .rulings import load_rulings
from .sections import section_titles

if TYPE_CHECKING:  # babel is in the docs dependencies only: it is imported where the catalogs are written
    from babel.messages.catalog import Catalog

__all__ = ["Message", "extract", "update", "TRANSLATED_LANGUAGES", "python_messages", "rules_messages",
           "ruling_messages"]

TRANSLATED_LANGUAGES = ("ru", "pl", "hr")

# Tree names whose quoted texts are not shown through the catalogs.
_NOT_TEXT = {"source", "see"}


@dataclass
class Message:
    msgid: str
    plural: str | None = None
    locations: list[tuple[str, int]] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    context: str | None = None
    """gettext's msgctxt, for a message marked with `NC_(context, message)`."""


def _package_dir() -> Path:
    return Path(__file__).resolve().parent


def _relative(path: Path) -> str:
    try:
        return path.resolve().relative_to(repo_root()).as_posix()
    except ValueError:
        return path.name


def _literal(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _callee(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _tree_messages(tree: ast.AST, where: str) -> list[Message]:
    found: list[Message] = []
    paired: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        marked = [(arg, text) for arg in node.args if isinstance(arg, ast.Call) and _callee(arg) == "N_"
                  and arg.args and (text := _literal(arg.args[0])) is not None]
        if len(marked) == 2:  # a message and its plural, e.g. ScoreLine(..., N_(one), ..., N_(many))
            (first, one), (_, many) = marked
            found.append(Message(one, many, [(where, first.lineno)]))
            paired.update(id(m) for m, _ in marked)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or id(node) in paired:
            continue
        name, args = _callee(node), node.args
        if name == "NC_" and len(args) == 2 and _literal(args[0]) and (text := _literal(args[1])) is not None:
            found.append(Message(text, None, [(where, node.lineno)], context=_literal(args[0])))
        elif name in ("N_", "_") and len(args) == 1 and (text := _literal(args[0])) is not None:
            found.append(Message(text, None, [(where, node.lineno)]))
        elif name in ("Phrase", "Term") and args and (text := _literal(args[0])) is not None:  # Phrase("...", ...)
            found.append(Message(text, None, [(where, node.lineno)]))
        elif name == "gettext" and len(args) == 2 and (text := _literal(args[1])) is not None:
            found.append(Message(text, None, [(where, node.lineno)]))
        elif name == "ngettext" and len(args) == 4 and (text := _literal(args[1])) and (plural := _literal(args[2])):
            found.append(Message(text, plural, [(where, node.lineno)]))
    return found


def python_messages(root: Path | None = None) -> list[Message]:
    """Messages marked in the package's Python files, in file and line order."""
    root = root or _package_dir()
    found: list[Message] = []
    for path in sorted(root.rglob("*.py")):
        if "__pycache__" in path.parts or any(p.startswith("_") and p not in ("__init__.py", "__main__.py")
                                              for p in path.relative_to(root).parts[:-1]):
            continue
        found.extend(_tree_messages(ast.parse(path.read_text(encoding="utf-8"), str(path)), _relative(path)))
    found.sort(key=lambda m: m.locations[0])
    return found


def notebook_messages(book: Path | None = None) -> list[Message]:
    """Messages marked in the code cells of the book's notebooks (`_("...")` with
    `_ = lambda message: gettext(lang, message)`), whose outputs are in the page's language."""
    book = book or repo_root() / "book"
    found: list[Message] = []
    for path in sorted(book.rglob("*.ipynb")):
        if "_build" in path.parts or ".ipynb_checkpoints" in path.parts:
            continue
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
        for cell in cells:
            if cell.get("cell_type") == "code":
                source = "".join(cell.get("source", []))
                found.extend(_tree_messages(ast.parse(source, str(path)), _relative(path)))
    return found


def _unquote(token: str) -> str:
    """A STRING token's text, as the model reads it (referee.model.document)."""
    raw, out, i = token[1:-1], [], 0
    while i < len(raw):
        if raw[i] == "\\" and i + 1 < len(raw):
            out.append({"n": "\n", "t": "\t"}.get(raw[i + 1], raw[i + 1]))
            i += 2
        else:
            out.append(raw[i])
            i += 1
    return "".join(out)


def rules_messages(paths: list[Path] | None = None) -> list[Message]:
    """Every quoted text of the rules files that readers see, in file order."""
    found: list[Message] = []
    for path in paths or shipped_rules_files():
        tree = parse_text(path.read_text(encoding="utf-8"), str(path))
        where = _relative(path)

        def visit(node: lark.Tree[lark.Token], clause: str | None, where: str = where) -> None:
            if node.data in _NOT_TEXT:
                return
            if node.data == "clause":
                clause = str(node.children[0])
            for child in node.children:
                if isinstance(child, lark.Tree):
                    visit(child, clause, where)
                elif child.type == "STRING":
                    text = _unquote(str(child))
                    if re.search(r"[^\W\d_]", text):  # words, not a symbol such as ♣
                        note = f"{node.data} in {clause}" if clause else str(node.data)
                        found.append(Message(text, None, [(where, child.line or 0)], [note]))

        visit(tree, None)
    return found


def grammar_messages() -> list[Message]:
    """The grammar's section titles and rule comments shown in the language reference."""
    where = _relative(grammar_path())
    wanted = set(grammar().statements)
    out: list[Message] = []
    for rule in grammar().rules:
        if rule.name not in wanted:
            continue
        out.append(Message(rule.section, None, [(where, 0)], ["section of the language reference"]))
        if rule.comment:
            out.append(Message(rule.comment, None, [(where, 0)], [f"about the rule {rule.name}"]))
    return out


def section_messages() -> list[Message]:
    """The section titles of the rules files (their `# --- K1. Title ---` comments), which head
    the sections of the book's rules pages, and the titles and descriptions of the sources
    (rules/sources/sources.toml)."""
    out: list[Message] = []
    for path in shipped_rules_files():
        for prefix, title in section_titles(path).items():
            out.append(Message(title, None, [(_relative(path), 0)], [f"title of the section {prefix}"]))
    for filename in source_table():
        where = _relative(sources_dir() / (Path(filename).stem + ".gloss"))
        for number, gloss in enumerate(source_glosses(filename), 1):
            if gloss:
                out.append(Message(gloss, None, [(where, number)], [f"gloss of line {number} of {filename}"]))
    where = _relative(sources_dir() / "sources.toml")
    for filename, entry in source_table().items():
        for key in ("title", "about"):
            if entry.get(key):
                out.append(Message(entry[key], None, [(where, 0)], [f"{key} of the source {filename}"]))
    return out


def ruling_messages() -> list[Message]:
    """The texts of the casebook's rulings (rulings/*.toml): title, question, decision, readings."""
    out: list[Message] = []
    for ruling in load_rulings():
        where = _relative(ruling.path)
        for key, text in ruling.texts().items():
            out.append(Message(text, None, [(where, 0)], [f"{key} of ruling {ruling.number}"]))
    return out


def extract() -> list[Message]:
    """Every message, once, in a stable order: code, then rules files, then the grammar."""
    merged: dict[tuple[str | None, str], Message] = {}
    for message in (python_messages() + notebook_messages() + rules_messages() + section_messages()
                    + ruling_messages() + grammar_messages()):
        known = merged.get((message.context, message.msgid))
        if known is None:
            merged[message.context, message.msgid] = message
            continue
        known.plural = known.plural or message.plural
        known.locations.extend(loc for loc in message.locations if loc not in known.locations)
        known.comments.extend(c for c in message.comments if c not in known.comments)
    return list(merged.values())


def _template(messages: list[Message]) -> Catalog:
    # babel is in the docs dependencies only
    from babel.messages.catalog import Catalog

    catalog = Catalog(domain="referee", project="referee", version="1", fuzzy=False,
                      msgid_bugs_address="", copyright_holder="The referee project")
    for m in messages:
        catalog.add((m.msgid, m.plural) if m.plural else m.msgid,
                    # Line 0 stands for "no line"; the catalogs are written without line numbers.
                    locations=m.locations, auto_comments=m.comments,
                    context=m.context)
    return catalog


def _write_if_changed(path: Path, catalog: Catalog, write: bool = True, **options: bool) -> bool:
    """Whether `path` differs from `catalog` as written (its dates aside); written if so, unless
    `write` is false."""
    # babel is in the docs dependencies only
    from babel.messages.pofile import write_po

    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, include_lineno=False, **options)
    text = buffer.getvalue().decode("utf-8")
    # The creation and revision dates change on every run; ignore them when comparing.
    def strip(s: str) -> str:
        return re.sub(r'"(POT-Creation-Date|PO-Revision-Date): [^"]*"', "", s)
    if path.is_file() and strip(path.read_text(encoding="utf-8")) == strip(text):
        return False
    if not write:
        return True
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True


def update(translations: Path | None = None, languages: Iterable[str] = TRANSLATED_LANGUAGES,
           write: bool = True) -> list[str]:
    """Write referee.pot and merge it into each language's referee.po; returns what changed (with
    `write` false, what would change, and nothing is written)."""
    # babel is in the docs dependencies only
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    translations = translations or repo_root() / "translations"
    template = _template(extract())
    changed = []
    if _write_if_changed(translations / "referee.pot", template, write):
        changed.append("referee.pot")
    for lang in languages:
        path = translations / lang / "LC_MESSAGES" / "referee.po"
        if path.is_file():
            with path.open("rb") as f:
                catalog = read_po(f, locale=lang, domain="referee")
        else:
            catalog = Catalog(locale=lang, domain="referee", project="referee", version="1",
                              copyright_holder="The referee project", fuzzy=False)
        catalog.update(template, update_header_comment=False, update_creation_date=False)
        if _write_if_changed(path, catalog, write, include_previous=True):
            changed.append(str(path.relative_to(translations)))
    return changed


def _arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m referee.catalogs",
        description="Bring the referee's gettext catalogs up to date: write translations/referee.pot from "
                    "the code, the rules files, the casebook and the grammar, and merge it into "
                    "translations/<lang>/LC_MESSAGES/referee.po for " + ", ".join(TRANSLATED_LANGUAGES) + " "
                    "(translations kept, changed entries fuzzy, new ones empty, vanished ones obsolete).",
        epilog="scripts/extract-messages runs this and the book's catalogs too.")
    parser.add_argument("--check", action="store_true",
                        help="write nothing: list the catalogs that are out of date, and exit with 1 if any is")
    parser.add_argument("--translations", type=Path, metavar="DIR",
                        help="the folder of the catalogs (default: the checkout's translations/)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: update the catalogs, or with `--check` report which are out of date."""
    options = _arguments().parse_args(argv)
    changed = update(options.translations, write=not options.check)
    if options.check and changed:
        print("referee catalogs out of date:", ", ".join(changed), "(run python -m referee.catalogs)")
        return 1
    print("referee catalogs:", ", ".join(changed) if changed else "up to date")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
