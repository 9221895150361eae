"""Rules files as documents: parsed clauses with their files, and variants merged onto bases.

This stage knows files and clause IDs, not game rules: it finds a rules file by game name or
path, parses it, and for a variant applies `replace`, `remove`, new clauses and `set` to the
clauses of the game it extends.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import lark

from ..errors import RulesDefinitionError, RulesSyntaxError, SourcePosition, UsageError
from ..front.parser import parse_text
from ..front.syntax import Node
from ..resources import rules_dir

__all__ = ["Located", "Document", "load_document", "find_rules_file", "game_names"]


@dataclass(frozen=True)
class Located:
    """A parse tree together with the file it came from (for positions and excerpts)."""

    tree: lark.Tree
    path: str
    text: str

    def position(self, node=None) -> SourcePosition:
        node = self.tree if node is None else node
        if isinstance(node, lark.Token):
            return SourcePosition(self.path, node.line or 1, node.column or 1)
        if isinstance(node, Node):
            return SourcePosition(self.path, node.pos.line, node.pos.column)
        meta = node.meta
        return SourcePosition(self.path, getattr(meta, "line", 1), getattr(meta, "column", 1))

    def error(self, node, problem: str, **kw) -> RulesDefinitionError:
        return RulesDefinitionError(self.position(node), problem, text=self.text, **kw)

    def source_text(self, node=None) -> str:
        node = self.tree if node is None else node
        if isinstance(node, Node):
            return self.text[node.pos.start:node.pos.end]
        meta = node.meta
        return self.text[meta.start_pos:meta.end_pos]


@dataclass
class Document:
    """A game's clauses after variants are applied, in reading order."""

    id: str
    title: str
    path: str
    base: str | None = None
    header: Located | None = None
    sources: list[Located] = field(default_factory=list)
    uncovered: list[Located] = field(default_factory=list)
    clauses: dict[str, Located] = field(default_factory=dict)
    settings: list[Located] = field(default_factory=list)


def game_names() -> list[str]:
    """The games shipped with the referee (rules files in the rules folder)."""
    return sorted(p.stem for p in rules_dir().glob("*.rules"))


def find_rules_file(name: str, near: Path | None = None) -> Path:
    """A shipped game by name (`referee games` lists them) or a path to a `.rules` file."""
    candidate = Path(name)
    if candidate.suffix == ".rules" or candidate.is_file():
        if not candidate.is_file():
            raise UsageError(f"no rules file at {name}")
        return candidate
    for folder in ([near] if near else []) + [rules_dir()]:
        path = folder / f"{name}.rules"
        if path.is_file():
            return path
    known = ", ".join(game_names())
    raise UsageError(f"unknown game {name!r}; the games are: {known}, or give a path to a .rules file")


def _clause_id(tree: lark.Tree) -> lark.Token:
    return tree.children[0]


def read_rules_text(path: Path) -> str:
    """A rules file's text; a file that is not UTF-8 is a syntax error at the first bad byte."""
    data = path.read_bytes()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        start = err.start + (3 if data.startswith(b"\xef\xbb\xbf") else 0)
        before = data[:err.start]
        line = before.count(b"\n") + 1
        column = len(before.rsplit(b"\n", 1)[-1].decode("utf-8", errors="replace")) + 1
        text = data.decode("utf-8", errors="replace")
        raise RulesSyntaxError(SourcePosition(str(path), line, column),
                               f"the file is not UTF-8 text (byte 0x{data[start]:02x})", text=text,
                               hint="save the file as UTF-8") from None


def load_document(path: Path, _seen: tuple[tuple[str, Path], ...] = ()) -> Document:
    text = read_rules_text(path)
    shown = str(path)
    tree = parse_text(text, shown)
    header = Located(tree.children[0], shown, text)
    items = [Located(t, shown, text) for t in tree.children[1:]]
    head = header.tree
    if head.data == "game_header":
        doc = Document(id=str(head.children[0]), title=_string(head.children[1]), path=shown,
                       header=header)
    else:
        base_name = str(head.children[2])
        own = (str(head.children[0]), path.resolve())
        chain = _seen + (own,)
        if base_name == own[0]:
            raise header.error(head.children[2], f"variant {base_name} extends itself")
        try:
            base_path = find_rules_file(base_name, path.parent)
        except UsageError as err:
            raise header.error(head.children[2], f"the game {base_name!r} to extend is not found",
                               hint=str(err)) from None
        if any(base_path.resolve() == seen_path for _, seen_path in chain):
            names = " -> ".join([name for name, _ in chain] + [base_name])
            raise header.error(head.children[2], f"variant {own[0]} extends itself through {names}",
                               hint="a variant's base is looked up beside it first: rename the file "
                                    "or the variant")
        doc = load_document(base_path, chain)
        doc.base = doc.id
        doc.id, doc.title, doc.path, doc.header = (str(head.children[0]), _string(head.children[1]),
                                                   shown, header)
    for item in items:
        kind = item.tree.data
        if kind == "source":
            doc.sources.append(item)
        elif kind == "uncovered":
            doc.uncovered.append(item)
        elif kind == "set_parameter":
            doc.settings.append(item)
        elif kind == "clause":
            cid = _clause_id(item.tree)
            if str(cid) in doc.clauses:
                where = doc.clauses[str(cid)].position()
                hint = ("in a variant, write `replace clause ...` to change a clause of the base game"
                        if doc.base else "give every clause its own number")
                raise item.error(cid, f"clause {cid} is defined twice (first at {where})", hint=hint)
            doc.clauses[str(cid)] = item
        elif kind == "replace_clause":
            inner = Located(item.tree.children[0], shown, text)
            cid = str(_clause_id(inner.tree))
            if cid not in doc.clauses:
                raise item.error(_clause_id(inner.tree), f"`replace` names clause {cid}, which "
                                 "the base game does not have", hint="to add a clause, write it without `replace`")
            doc.clauses[cid] = inner
        elif kind == "remove_clause":
            cid = str(item.tree.children[0])
            if cid not in doc.clauses:
                raise item.error(item.tree.children[0], f"`remove` names clause {cid}, which "
                                 "the base game does not have")
            del doc.clauses[cid]
    return doc


def _string(token) -> str:
    """The text of a STRING token, without quotes and with escapes resolved."""
    raw = str(token)[1:-1]
    out, i = [], 0
    while i < len(raw):
        ch = raw[i]
        if ch == "\\" and i + 1 < len(raw):
            nxt = raw[i + 1]
            out.append({"n": "\n", "t": "\t"}.get(nxt, nxt))
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)
