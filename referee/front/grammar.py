"""The grammar of the rules language, read once for everything that describes the language.

The language reference in the book, the Pygments lexer and the message catalogs all ask this
module, never the grammar text: the rules, their aliases and the keywords come from Lark's own
reading of `grammar/rules.lark` (the parser the referee uses); only what Lark drops, the comments
that explain each rule and the section banners, is read from the text, keyed by Lark's rule names.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from lark.grammar import NonTerminal
from lark.lexer import PatternStr

from .parser import get_parser, grammar_path

__all__ = ["GrammarRule", "Grammar", "grammar"]


@dataclass(frozen=True)
class GrammarRule:
    name: str
    section: str
    """The title of the grammar section it stands in."""
    text: str
    """The rule as written in the grammar, with its alternatives."""
    comment: str
    """The comment right above it (what the reference shows as its explanation)."""
    trees: tuple[str, ...]
    """The tree names it produces: its own name, or the alias of each alternative."""


@dataclass(frozen=True)
class Grammar:
    rules: tuple[GrammarRule, ...]
    """Every named rule, in the order of the grammar file."""
    statements: tuple[str, ...]
    """The rules a reader writes: the items of a file and each statement of a clause body."""
    keywords: tuple[str, ...]
    """Every keyword, longest first."""

    def rule(self, name: str) -> GrammarRule | None:
        return next((r for r in self.rules if r.name == name), None)


def _written(text: str, names: set[str]) -> dict[str, tuple[str, str, str]]:
    """name -> (section, rule text, comment above it), for the rules Lark knows."""
    lines = text.splitlines()
    out: dict[str, tuple[str, str, str]] = {}
    section, i = "A rules file", 0
    comment: list[str] = []
    while i < len(lines):
        line = lines[i]
        if line.startswith("// ---"):
            # A banner: the comment lines after it title the section (up to the first full stop).
            title = []
            while i + 1 < len(lines) and lines[i + 1].startswith("//") and not lines[i + 1].startswith("// ---"):
                i += 1
                title.append(lines[i][2:].strip())
            section = " ".join(title).split(". ")[0].rstrip(".")
            comment = []
        elif line.startswith("//"):
            comment.append(line[2:].strip())
        else:
            head = line.split(":", 1)[0].lstrip("!?").strip() if ":" in line and not line[:1].isspace() else ""
            if head in names:
                body = [line]
                while i + 1 < len(lines) and lines[i + 1][:1].isspace() and lines[i + 1].strip().startswith("|"):
                    i += 1
                    body.append(lines[i])
                out[head] = (section, "\n".join(body), " ".join(comment))
            comment = []  # a comment is a rule's only when it sits right above it
        i += 1
    return out


@functools.cache
def grammar() -> Grammar:
    parser = get_parser()
    trees: dict[str, list[str]] = {}
    expansions: dict[str, list[list[str]]] = {}
    for rule in parser.rules:
        name = rule.origin.name
        name = name.value if hasattr(name, "value") else str(name)
        alias = rule.alias
        produced = str(alias) if alias else name
        trees.setdefault(name, [])
        if produced not in trees[name]:
            trees[name].append(produced)
        expansions.setdefault(name, []).append(
            [str(s.name) for s in rule.expansion if isinstance(s, NonTerminal)])
    written = _written(grammar_path().read_text(encoding="utf-8"), set(trees))
    rules = tuple(GrammarRule(name, *written[name], tuple(trees[name]))
                  for name in sorted(written, key=list(written).index) if not name.startswith("_"))

    # The statements: what `_item`, `_provenance` and `_stmt` expand to, through inlined rules.
    statements: list[str] = ["header"]

    def expand(name: str) -> None:
        for symbols in expansions.get(name, []):
            for symbol in symbols:
                if symbol.startswith("_"):
                    if not symbol.startswith("__"):
                        expand(symbol)
                elif symbol not in statements:
                    statements.append(symbol)

    for root in ("_item", "_provenance", "_stmt"):
        for symbols in expansions.get(root, []):
            for symbol in symbols[:1]:
                (expand if symbol.startswith("_") else statements.append)(symbol) \
                    if symbol not in statements else None
    keywords = {t.pattern.value for t in parser.terminals
                if isinstance(t.pattern, PatternStr) and re.fullmatch(r"[a-z_]+", t.pattern.value)}
    return Grammar(rules, tuple(statements), tuple(sorted(keywords, key=lambda w: (-len(w), w))))
