"""Rules files as documents: parsed clauses with their files, and variants merged onto bases.

This stage knows files and clause IDs, not game rules: it finds a rules file by game name or
path, parses it, and for a variant applies `replace`, `remove`, new clauses and `set` to the
clauses of the game it extends.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import lark

from ..errors import N_, Phrase, RulesDefinitionError, RulesLimitError, RulesSyntaxError, SourcePosition, UsageError
from ..front.parser import parse_text
from ..front.syntax import Node, Pos, unquote
from ..limits import LIMITS, UnreadableFile, read_untrusted, statement_int_limit
from ..resources import rules_dir, sources_dir

__all__ = ["Located", "Document", "load_document", "find_rules_file", "find_game", "game_names",
           "variant_names", "variants_dir", "shipped_rules_files"]

# A game's or variant's name, as `extends NAME` and a transcript's "game" give it: never a path.
_GAME_NAME = re.compile(r"[a-z][a-z0-9_]{0,63}")


@dataclass(frozen=True)
class Located:
    """A parse tree together with the file it came from (for positions and excerpts)."""

    tree: lark.Tree[Any]  # children read by position: a statement's grammar says which is a tree
    path: str
    text: str

    def position(self, node: Any = None) -> SourcePosition:
        node = self.tree if node is None else node
        if isinstance(node, lark.Token):
            return SourcePosition(self.path, node.line or 1, node.column or 1)
        if isinstance(node, Node):
            return SourcePosition(self.path, node.pos.line, node.pos.column)
        if isinstance(node, Pos):  # a part of a node that keeps its own place
            return SourcePosition(self.path, node.line, node.column)
        meta = node.meta
        return SourcePosition(self.path, getattr(meta, "line", 1), getattr(meta, "column", 1))

    def error(self, node: Any, problem: str | Phrase, **kw: Any) -> RulesDefinitionError:
        return RulesDefinitionError(self.position(node), problem, text=self.text, **kw)

    def source_text(self, node: Any = None) -> str:
        node = self.tree if node is None else node
        if isinstance(node, Node):
            return self.text[node.pos.start:node.pos.end]
        if isinstance(node, Pos):
            return self.text[node.start:node.end]
        meta = node.meta
        return self.text[meta.start_pos:meta.end_pos]


@dataclass
class Document:
    """A game's clauses after variants are applied, in reading order."""

    id: str
    title: str
    path: str
    header: Located
    """The file's first line: `game ...`, or the variant's `variant ... extends ...`."""
    base: str | None = None
    sources: list[Located] = field(default_factory=list)
    uncovered: list[Located] = field(default_factory=list)
    clauses: dict[str, Located] = field(default_factory=dict)
    settings: list[Located] = field(default_factory=list)
    titles: dict[str, str] = field(default_factory=dict)
    """The titles that replaced clauses keep from the clauses they replace (by clause ID)."""


def game_names() -> list[str]:
    """The games shipped with the referee (rules files in the rules folder)."""
    return sorted(p.stem for p in rules_dir().glob("*.rules"))


def variants_dir() -> Path:
    """The shipped variants: rules files that extend a shipped game (`rules/variants/`)."""
    return rules_dir() / "variants"


def variant_names() -> list[str]:
    """The variants shipped with the referee, by name."""
    return sorted(p.stem for p in variants_dir().glob("*.rules"))


def shipped_rules_files() -> list[Path]:
    """Every shipped rules file: the games, then the variants."""
    return sorted(rules_dir().glob("*.rules")) + sorted(variants_dir().glob("*.rules"))


def _shipped(name: str) -> Path | None:
    """The shipped game or variant of this name, if there is one."""
    for folder in (rules_dir(), variants_dir()):
        path = folder / f"{name}.rules"
        if path.is_file():
            return path
    return None


def find_rules_file(name: str, near: Path | None = None) -> Path:
    """A shipped game by name (`referee games` lists them) or a path to a `.rules` file."""
    candidate = Path(name)
    try:
        named_file = candidate.suffix == ".rules" or candidate.is_file()
        if named_file and not candidate.is_file():
            raise UsageError(Phrase('no rules file at {name}', name=_shown(name, 1000, quote=False)))
    except (OSError, ValueError) as err:  # a name too long for the system, a NUL byte
        raise UsageError(Phrase('no rules file at {name} ({err})', name=_shown(name, 1000, quote=False), err=getattr(err, 'strerror', None) or err)) from None
    if named_file:
        return candidate
    return find_game(name, near)


def find_game(name: str, near: Path | None = None) -> Path:
    """A game or variant by name only: a shipped one first, then one beside `near` (a variant's
    own folder).

    This is the lookup for names that come from inside untrusted files (`extends NAME`, a
    transcript's "game"): a name is never read as a path. A shipped name always means the
    shipped file, so a stray `NAME.rules` beside a variant cannot silently stand in for the
    shipped game NAME (a variant that means that file names it by path: `extends "NAME.rules"`).
    """
    if _GAME_NAME.fullmatch(name):
        shipped = _shipped(name)
        if shipped is not None:
            return shipped
        if near is not None:
            beside = near / f"{name}.rules"
            try:
                info = os.lstat(beside)
            except (OSError, ValueError):
                info = None
            # A link beside the variant could lead anywhere (an archive keeps links): never followed.
            if info is not None and stat.S_ISLNK(info.st_mode):
                raise LinkBeside(Phrase('{file} beside the variant is a symbolic link; `extends` does not follow links',
                                        file=beside.name))
            if info is not None and stat.S_ISREG(info.st_mode):
                return beside
    known = ", ".join(game_names() + variant_names())
    raise UsageError(Phrase('unknown game {name}; the games are: {known}, or give a path to a .rules file', name=_shown(name), known=known))


class LinkBeside(UsageError):
    """`extends NAME` found `NAME.rules` beside the variant, and it is a symbolic link."""


def find_relative(reference: str, variant: Path) -> Path:
    """The rules file a variant names by path (`extends "base/game.rules"`): relative to the
    variant's own folder, inside it (no absolute path, no `..`, no link leading out), ending
    in `.rules`. Raises UsageError with what is wrong."""
    parts = reference.replace("\\", "/").split("/")
    if (not reference.endswith(".rules") or ":" in reference or "\0" in reference
            or any(part in ("", "..") for part in parts)):  # "" also catches a leading "/"
        raise UsageError(Phrase("{reference} is not a path to a .rules file inside the variant's folder "
                                '(no absolute path, no `..`)', reference=_shown(reference)))
    folder = variant.parent.resolve()
    path = variant.parent.joinpath(*[p for p in parts if p != "."])
    try:
        inside = path.resolve().is_relative_to(folder)
        found = path.is_file()
    except (OSError, ValueError) as err:
        raise UsageError(Phrase('no rules file at {reference} ({err})', reference=_shown(reference), err=getattr(err, 'strerror', None) or err)) from None
    if not inside:
        raise UsageError(Phrase("{reference} leads out of the variant's folder", reference=_shown(reference)))
    if not found:
        raise UsageError(Phrase('no rules file {reference} beside {name}', reference=_shown(reference), name=variant.name))
    return path


def _shown(name: str, width: int = 80, quote: bool = True) -> str:
    """A name from the input, cut short: a message never echoes a huge input."""
    cut = name if len(name) <= width else name[:width]
    shown = repr(cut) if quote else cut
    return shown if cut is name else shown + f"... ({len(name):,} characters)"


def _clause_id(tree: lark.Tree[lark.Token]) -> lark.Token:
    return _leaf(tree, 0)


def _leaf(tree: lark.Tree[lark.Token], index: int) -> lark.Token:
    """The token the grammar puts at `index` among the tree's children (a place that never holds a
    subtree)."""
    return cast(lark.Token, tree.children[index])


def clause_title(tree: lark.Tree[lark.Token]) -> str | None:
    """The title a clause's tree gives (`title "No queens"`), if any."""
    for child in tree.children[2:3]:
        if isinstance(child, lark.Tree) and child.data == "clause_title":
            return unquote(_leaf(child, 0))
    return None


def read_rules_text(path: Path, follow: bool = True) -> str:
    """A rules file's text; a file that is not UTF-8 is a syntax error at the first bad byte.
    `follow=False`: the file itself, never a symbolic link."""
    try:
        data = read_untrusted(path, LIMITS.rules_file_bytes, N_("rules file"), follow=follow)
    except UnreadableFile as why:
        raise UsageError(Phrase('{path} {why}', path=path, why=why.args[0])) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        start = err.start + (3 if data.startswith(b"\xef\xbb\xbf") else 0)
        before = data[:err.start]
        line = before.count(b"\n") + 1
        column = len(before.rsplit(b"\n", 1)[-1].decode("utf-8", errors="replace")) + 1
        text = data.decode("utf-8", errors="replace")
        raise RulesSyntaxError(SourcePosition(str(path), line, column),
                               Phrase('the file is not UTF-8 text (byte 0x{start:02x})', start=data[start]), text=text,
                               hint=Phrase('save the file as UTF-8')) from None


def load_document(path: Path, _seen: tuple[tuple[str, Path], ...] = (), _follow: bool = True) -> Document:
    text = read_rules_text(path, follow=_follow)
    shown = str(path)
    _check_nesting(text, shown)
    tree = parse_text(text, shown)
    _check_sizes(tree, shown, text)
    header = Located(tree.children[0], shown, text)
    items = [Located(t, shown, text) for t in tree.children[1:]]
    head = header.tree
    if head.data == "game_header":
        doc = Document(id=str(head.children[0]), title=unquote(_leaf(head, 1)), path=shown,
                       header=header)
    else:
        base_token = _leaf(head, 2)
        by_path = base_token.type == "STRING"
        base_name = unquote(base_token) if by_path else str(base_token)
        own = (str(head.children[0]), path.resolve())
        chain = _seen + (own,)
        if len(chain) >= LIMITS.variant_chain:
            names = " -> ".join([name for name, _ in chain] + [base_name])
            raise RulesLimitError(header.position(head.children[2]),
                                  Phrase('variants extend each other more than {depth} deep ({names})', depth=LIMITS.variant_chain, names=names),
                                  text=text, hint=Phrase('extend the game, or a variant of it, directly'))
        if base_name == own[0] and not by_path:
            raise header.error(head.children[2], Phrase('variant {base_name} extends itself', base_name=base_name))
        try:
            base_path = find_relative(base_name, path) if by_path else find_game(base_name, path.parent)
        except LinkBeside as err:
            raise header.error(head.children[2], err.args[0],
                               hint=Phrase('put the file itself beside the variant, not a link to it, or extend '
                                           'a shipped game by its name')) from None
        except UsageError as err:
            raise header.error(head.children[2], Phrase('the game {base_name} to extend is not found', base_name=_shown(base_name)),
                               hint=err.args[0]) from None
        if any(base_path.resolve() == seen_path for _, seen_path in chain):
            names = " -> ".join([name for name, _ in chain] + [base_name])
            raise header.error(head.children[2], Phrase('variant {own} extends itself through {names}', own=own[0], names=names),
                               hint=Phrase('a variant may extend a shipped game or another variant, never one that '
                                           'leads back to it'))
        # A file found by name beside the variant is read without following a link (one put
        # there after `find_game` looked is refused as it is opened).
        doc = load_document(base_path, chain, _follow=by_path or base_path.parent != path.parent)
        doc.base = doc.id
        doc.id, doc.title, doc.path, doc.header = (str(head.children[0]), unquote(_leaf(head, 1)),
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
                hint = (Phrase("in a variant, write `replace clause ...` to change a clause of the base game")
                        if doc.base else Phrase("give every clause its own number"))
                raise item.error(cid, Phrase('clause {cid} is defined twice (first at {where})', cid=cid, where=where), hint=hint)
            doc.clauses[str(cid)] = item
        elif kind == "replace_clause":
            inner = Located(cast(lark.Tree[lark.Token], item.tree.children[0]), shown, text)
            replaced = str(_clause_id(inner.tree))
            if replaced not in doc.clauses:
                raise item.error(_clause_id(inner.tree), Phrase('`replace` names clause {cid}, which the base game does not have', cid=replaced), hint=Phrase('to add a clause, write it without `replace`'))
            title = clause_title(doc.clauses[replaced].tree) or doc.titles.get(replaced)
            if title is not None and clause_title(inner.tree) is None:
                doc.titles[replaced] = title
            else:
                doc.titles.pop(replaced, None)
            doc.clauses[replaced] = inner
        elif kind == "remove_clause":
            removed = str(item.tree.children[0])
            if removed not in doc.clauses:
                raise item.error(item.tree.children[0], Phrase('`remove` names clause {cid}, which the base game does not have', cid=removed))
            del doc.clauses[removed]
    return doc


# What can hold a brace: texts (matched a run of plain characters at a time, as the grammar's
# STRING), comments, and the braces themselves.
_BLOCK_TOKENS = re.compile(r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"|#[^\n]*|[{}]')


def _check_nesting(text: str, path: str) -> None:
    """Blocks nested deeper than the limit, found before parsing (deep trees exhaust recursion)."""
    depth = 0
    for match in _BLOCK_TOKENS.finditer(text):
        token = match.group()
        if token == "{":
            depth += 1
            if depth > LIMITS.nesting_depth:
                start = match.start()  # the line and column are counted only for the message
                line_start = text.rfind("\n", 0, start) + 1
                raise RulesLimitError(SourcePosition(path, text.count("\n", 0, start) + 1, start - line_start + 1),
                                      Phrase('blocks are nested more than {depth} deep', depth=LIMITS.nesting_depth), text=text,
                                      hint=Phrase('write the inner rules as a clause of their own'))
        elif token == "}":
            depth -= 1


# The parse tree's depth: each block adds a few levels, so this only catches what has no braces.
_TREE_DEPTH = 8 * LIMITS.nesting_depth


def _check_sizes(tree: lark.Tree[lark.Token], path: str, text: str) -> None:
    """Texts, numbers and items within the limits, and `lines N` true to the source file."""
    def refuse(token: lark.Token, problem: str | Phrase, hint: str | Phrase | None = None,
               kind: type[RulesDefinitionError] = RulesLimitError) -> RulesDefinitionError:
        return kind(SourcePosition(path, token.line or 1, token.column or 1), problem, text=text, hint=hint)

    items = tree.children[1:]
    if len(items) > LIMITS.clauses:
        raise refuse(_first_token(items[LIMITS.clauses]),
                     Phrase('the file has {count:,} clauses and other items; at most {limit:,} are allowed', count=len(items), limit=LIMITS.clauses))
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        rule = str(node.data)
        if depth > _TREE_DEPTH:  # any nesting the block count above misses (later grammar changes)
            raise refuse(_first_token(node), Phrase('statements are nested more than {depth} deep', depth=_TREE_DEPTH))
        for child in node.children:
            if isinstance(child, lark.Tree):
                stack.append((child, depth + 1))
            elif child.type == "STRING" and len(child) > LIMITS.string_chars + 2:
                raise refuse(child, Phrase('a quoted text of {count:,} characters; at most {limit:,} are '
                                           'allowed', count=len(child) - 2, limit=LIMITS.string_chars))
            elif child.type == "INT":
                limit, counts = statement_int_limit(rule)
                if len(child) > 12 or int(child) > limit:
                    shown = child if len(child) <= 12 else child[:12] + "..."
                    raise refuse(child, Phrase('{shown} is too large for {counts} in `{rule}`; at most {limit:,}', shown=shown, counts=counts, rule=rule, limit=limit))
        if rule == "source":
            _check_source(node, refuse)


def _check_source(node: lark.Tree[lark.Token], refuse: Callable[..., RulesDefinitionError]) -> None:
    """A source file is named plainly; a shipped one is read to check `lines N` exactly."""
    _sid, filename, _language, lines = cast(list[lark.Token], node.children)
    name = unquote(filename)
    if not name or "/" in name or "\\" in name or name in (".", "..") or "\0" in name:
        raise refuse(filename, Phrase('the source file {name} must be a plain file name', name=_shown(name)),
                     hint=Phrase('source documents are looked up in rules/sources/ by name'))
    shipped = sources_dir() / name
    if shipped.is_file():
        try:
            real = len(read_untrusted(shipped, LIMITS.rules_file_bytes, N_("source document"))
                       .decode("utf-8", errors="replace").splitlines())
        except UnreadableFile:
            real = None
        if real is not None and int(lines) != real:
            raise refuse(lines, Phrase('the source {name} has {real} lines, not {lines}', name=name, real=real, lines=lines),
                         hint=Phrase('write `lines {real}`', real=real), kind=RulesDefinitionError)
    elif int(lines) > LIMITS.source_lines:
        raise refuse(lines, Phrase('{lines} lines is more than a source may have ({limit:,})', lines=lines, limit=LIMITS.source_lines))


def _first_token(tree: lark.Tree[lark.Token] | lark.Token) -> lark.Token:
    stack: list[lark.Tree[lark.Token] | lark.Token] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, lark.Token):
            return node
        stack.extend(reversed(node.children))
    return lark.Token("ID", "", line=1, column=1)

