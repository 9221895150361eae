"""Reading a text with Lark's own LALR tables in one loop: the same tree as Lark's, built faster.

Lark's `parse` hands every token through general layers (a lexer thread, a parser state, a chain
of wrappers per rule that filter children and propagate positions); for the rules language that
was most of the time of loading a game. `TableReader` runs the very same tables, the contextual
lexer's scanner of each parser state and the LALR parse table, in one loop, and shapes each
reduction as Lark's tree builder does: the same `Tree` names and children, the same `Token`s,
the same positions in `meta` (line, column, start_pos, end_line, end_column, end_pos).

It only reads texts that parse. At the first character it cannot scan or token it cannot place,
it gives up (`Unread`) and the caller hands the text to Lark, whose error is then reported: every
syntax error stays Lark's own, word for word. A grammar using what this reader does not mirror
(`?rule`, empty alternatives, templates, lexer callbacks, keywords with flags) gets no reader (`TableReader.of`
returns None) and is read by Lark alone. `tests/test_lalr_reader.py` checks that both agree.
"""

from __future__ import annotations

import functools
import gc
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import lark
from lark import Token, Tree
from lark.grammar import Rule, Terminal
from lark.lexer import BasicLexer, PatternStr
from lark.parsers.lalr_analysis import Shift
from lark.tree import Meta

__all__ = ["TableReader", "Unread"]


# `Token(...)` less its check for a deprecated keyword argument: a token per word of the text.
new_token = Token._future_new


class Unread(Exception):
    """The text does not parse (or not in a way this reader mirrors): ask Lark."""


@dataclass(frozen=True)
class _Shape:
    """What a reduction by one grammar rule makes of the values it takes from the stack."""

    name: str
    """The tree's name: the rule's alias, else the rule's own name."""
    origin: str
    """The nonterminal reduced to (the parser's next state is found under it)."""
    size: int
    """How many values the rule takes."""
    kept: tuple[tuple[int, bool], ...] | None
    """The values kept, each with whether its children are spliced in (an inlined `_rule`);
    None when every value is kept as it is."""
    inlined: bool
    """A `_rule`: its parent splices its children, so it is a plain list, never a tree."""
    same: bool
    """A `_rule` that is one other `_rule`: its value is that rule's list itself."""


@dataclass(frozen=True)
class _Scanner:
    """The contextual lexer of one parser state: its terminals as one pattern."""

    match: Callable[[str, int], re.Match[str] | None]
    """From a position: what Lark would ignore there (white space, comments), then one token,
    whose terminal names the group that matched, or the end of the text (no group)."""
    keywords: dict[str, dict[str, str]]
    """Per terminal (ID), the words that are keywords instead (Lark's `UnlessCallback`)."""
    newlines: frozenset[str]
    """Terminals that may hold a line break: only these are counted, as Lark counts them."""


def _shape(rule: Rule) -> _Shape | None:
    """The shape of `rule`, or None when Lark's tree builder would do more than this reader does."""
    options = rule.options
    if options.expand1 or options.template_source or not rule.expansion:
        return None
    kept = tuple((i, not sym.is_term and sym.name.startswith("_"))
                 for i, sym in enumerate(rule.expansion)
                 if options.keep_all_tokens or not (isinstance(sym, Terminal) and sym.filter_out))
    whole = len(kept) == len(rule.expansion) and not any(inline for _, inline in kept)
    origin = rule.origin.name
    inlined = origin.startswith("_")
    return _Shape(rule.alias or origin, origin, len(rule.expansion), None if whole else kept,
                  inlined, inlined and kept == ((0, True),))


@functools.cache
def _reads_whole(regexp: str, flags: int, word: str) -> bool:
    """Whether the terminal `regexp` matches all of the keyword `word`."""
    found = re.match(regexp, word, flags)
    return found is not None and found.group() == word


def _scanner(lexer: BasicLexer) -> _Scanner:
    """One state's lexer as Lark would scan with it, with the ignored terminals skipped in the
    same match. Built from the lexer's terminals (in Lark's order) without Lark's own pattern,
    which is then compiled only if Lark has to read a text."""
    terminals, flags, ignored = lexer.terminals, lexer.g_regex_flags, lexer.ignore_types
    # As Lark's `_create_unless`: a keyword that a regular terminal of the same priority matches
    # whole is read as that terminal, then renamed (ID "deal" -> DEAL), and leaves the pattern.
    keywords: dict[str, dict[str, str]] = {}
    embedded = set()
    for regular in terminals:
        if isinstance(regular.pattern, PatternStr):
            continue
        for word in terminals:
            if (isinstance(word.pattern, PatternStr) and word.priority == regular.priority
                    and _reads_whole(regular.pattern.to_regexp(), flags, word.pattern.value)):
                keywords.setdefault(regular.name, {})[word.pattern.value] = word.name
                embedded.add(word.name)
    scanned = [t for t in terminals if t.name not in embedded]
    # Lark takes the first terminal of its alternation that matches, and drops it if ignored. So
    # an ignored terminal is skipped where none of the terminals ahead of it in that order
    # matches (the lookahead) and it does; each skip is atomic, as each of Lark's matches is.
    skips = []
    for i, terminal in enumerate(scanned):
        if terminal.name in ignored:
            ahead = "|".join(f"(?:{t.pattern.to_regexp()})" for t in scanned[:i] if t.name not in ignored)
            skip = f"(?:{terminal.pattern.to_regexp()})"
            # (it is tried first: where it does not match, the terminals ahead need no look)
            skips.append(f"(?={skip})(?!{ahead}){skip}" if ahead else skip)
    skip = f"(?>{'|'.join(skips)})*+" if skips else ""
    alternation = "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in scanned)
    pattern = re.compile(f"{skip}(?:{alternation}|\\Z)", flags)
    return _Scanner(pattern.match, keywords, lexer.newline_types)


_Action = tuple[bool, Any]
"""What the parser does on a symbol: (True, the next state: an int) to shift, (False, the rule's
`_Shape`) to reduce. The flag says which, not a type: a cast per token costs the loop 3 %."""
_Span = tuple[int, int, int]
_Child = Token | Tree[Token]
_Value = _Child | list[_Child]
"""A value on the parser's stack: a token, a tree, or an inlined `_rule`'s children."""


class TableReader:
    """Lark's LALR tables of one grammar, read in one loop (see the module's docstring)."""

    def __init__(self, parser: lark.Lark, shapes: dict[Rule, _Shape]) -> None:
        front = parser.parser
        table = front.parser.parser.parse_table
        (self._start,) = table.start_states.values()
        (self._end,) = table.end_states.values()
        self._table = table.states
        self._lexers = front.lexer.lexers
        self._shapes = shapes
        # Filled on first use, per state (a parse visits few of the grammar's states): the
        # actions by symbol, (True, next state) to shift or (False, shape) to reduce, and the
        # scanner.
        count = max(self._table) + 1
        self._actions: list[dict[str, _Action] | None] = [None] * count
        self._scanners: list[_Scanner | None] = [None] * count
        self._by_lexer: dict[object, _Scanner] = {}

    @classmethod
    def of(cls, parser: lark.Lark) -> "TableReader | None":
        """A reader of `parser`'s language, or None if it needs what only Lark does."""
        options = parser.options
        if (options.parser != "lalr" or options.lexer != "contextual" or options.transformer
                or options.postlex or options.lexer_callbacks or options.maybe_placeholders
                or options.regex or options.use_bytes
                or any(t.pattern.flags for t in parser.terminals if isinstance(t.pattern, PatternStr))
                or options.propagate_positions is not True or options.tree_class not in (None, Tree)
                or len(parser.parser.parser.parser.parse_table.start_states) != 1):
            return None
        lexer = parser.parser.lexer.root_lexer
        if not lexer.ignore_types <= lexer.newline_types:  # lines are counted over skipped text
            return None
        shapes: dict[Rule, _Shape] = {}
        for rule in parser.rules:
            shape = _shape(rule)
            if shape is None:
                return None
            shapes[rule] = shape
        return cls(parser, shapes)

    def _state(self, state: int) -> dict[str, _Action]:
        actions = self._actions[state] = {
            symbol: (action is Shift, target if action is Shift else self._shapes[target])
            for symbol, (action, target) in self._table[state].items()}
        return actions

    def _scan(self, state: int) -> _Scanner:
        lexer = self._lexers[state]  # shared by the states that accept the same terminals
        scanner = self._by_lexer.get(lexer) or self._by_lexer.setdefault(lexer, _scanner(lexer))
        self._scanners[state] = scanner
        return scanner

    def read(self, text: str) -> Tree[Token]:
        """The tree of `text`, exactly as Lark's `parse` gives it. Raises `Unread` if it does
        not parse."""
        # Reading makes thousands of objects and no reference cycle, so the cycle collector has
        # nothing to find here; left running, it would walk the whole heap (Lark's tables among
        # it) several times per file, a quarter of the time of reading. Reference counting
        # frees everything as before.
        if not gc.isenabled():
            return self._read(text)
        gc.disable()
        try:
            return self._read(text)
        finally:
            gc.enable()

    def _read(self, text: str) -> Tree[Token]:
        table, scanners, end_state = self._actions, self._scanners, self._end
        state = self._start
        states: list[int] = [state]
        values: list[_Value] = []
        # The first token under each value, and the last token shifted, which is the last
        # under the value on top: the positions Lark propagates to each tree.
        firsts: list[Token] = []
        shifted: Token | None = None
        pos, line, line_start, end = 0, 1, 0, len(text)
        while True:
            # The next token, scanned with the terminals the parser's state accepts.
            if pos < end:
                scanner = scanners[state] or self._scan(state)
                found = scanner.match(text, pos)
                if found is None:
                    raise Unread
                kind = found.lastgroup
                if kind is None:  # nothing but what is ignored up to the end
                    pos = end
                    continue
                start = found.start(kind)
                if start > pos:  # lines are counted over what was skipped
                    skipped_lines = text.count("\n", pos, start)
                    if skipped_lines:
                        line += skipped_lines
                        line_start = text.rindex("\n", pos, start) + 1
                word, pos = found.group(kind), found.end()
                token_line, column = line, start - line_start + 1
                if kind in scanner.newlines and "\n" in word:
                    line += word.count("\n")
                    line_start = start + word.rindex("\n") + 1
                keywords = scanner.keywords.get(kind)
                if keywords is not None:
                    kind = keywords.get(word, kind)
                token = new_token(kind, word, start, token_line, column, line, pos - line_start + 1, pos)
            else:  # Lark's end of input borrows the last token's position
                kind = "$END"
                token = Token.new_borrow_pos(kind, "", shifted) if shifted else Token(kind, "", 0, 1, 1)
            # Reduce as the token asks, then shift it.
            while True:
                try:
                    shift, target = (table[state] or self._state(state))[kind]
                except KeyError:
                    raise Unread from None
                if shift:
                    state = target
                    states.append(state)
                    values.append(token)
                    firsts.append(token)
                    shifted = token
                    break
                size = target.size
                if target.same:  # the value on top stays as it is: only the state changes
                    del states[-1]
                else:
                    first = firsts[-size]
                    assert shifted is not None  # a reduction takes a token: none is empty
                    value = _build(target, values[-size:], first, shifted)
                    del states[-size:], values[-size:], firsts[-size:]
                    values.append(value)
                    firsts.append(first)
                state = (table[states[-1]] or self._state(states[-1]))[target.origin][1]
                if state == end_state and kind == "$END":
                    return cast(Tree[Token], values[-1])  # the start rule's tree
                states.append(state)


def _build(shape: _Shape, taken: list[Any], first: Token, last: Token) -> _Value:
    """The value of one reduction: the kept values (inlined rules spliced in) as a tree named
    after the rule with the span of everything it took, or as a plain list for a `_rule`.

    `taken` holds `_Value`s, typed `Any` on purpose: which of them is an inlined rule's list is
    known from the shape, not from a type, and a cast per value costs this loop 5 %."""
    children: list[Any]
    if shape.kept is None:
        children = taken
    else:
        gathered: list[Any] | None = None
        for index, inline in shape.kept:
            if gathered is None:  # the first kept value: an inlined rule's list is taken over
                gathered = taken[index] if inline else [taken[index]]
            elif inline:
                gathered += taken[index]
            else:
                gathered.append(taken[index])
        children = gathered if gathered is not None else []
    if shape.inlined:
        return children
    meta = Meta()
    meta.empty = False
    # The tokens this reader makes always carry their positions; Lark types them optional.
    meta.line, meta.column, meta.start_pos = cast(_Span, (first.line, first.column, first.start_pos))
    meta.end_line, meta.end_column, meta.end_pos = cast(_Span, (last.end_line, last.end_column, last.end_pos))
    return Tree(shape.name, children, meta)
