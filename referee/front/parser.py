"""Parse rules text with the LALR grammar in grammar/rules.lark, turning Lark's errors into ours."""

from __future__ import annotations

import difflib
import functools
from pathlib import Path
from typing import Any, overload

import lark
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..errors import NotationSyntaxError, Phrase, RulesSyntaxError, SourcePosition
from ..i18n import N_
from ..resources import resource_dir
from .lalr import TableReader, Unread

__all__ = ["parse_text", "grammar_path", "get_parser", "syntax_error"]

# How terminals are named in messages; keywords are shown as themselves.
_TERMINAL_NAMES = {
    "ID": "a lower-case name (such as my_contract)",
    "CODE": "a card, rank or suit code (such as QH, 10, H)",
    "INT": "a whole number",
    "STRING": 'a quoted text ("...")',
    "CLAUSE_ID": "a clause ID (such as K1.2)",
    "MINUS": "'-'",
    "$END": "the end of the file",
}


# How an offending token is named ("unexpected name 'four'").
# What the parser met where it expected something else, by terminal (one whole message each, so
# that a translation can agree with the noun).
_FOUND_NAMES = {"ID": N_("unexpected name {word}"), "CODE": N_("unexpected code {word}"),
                "INT": N_("unexpected number {word}"), "STRING": N_("unexpected text {word}"),
                "CLAUSE_ID": N_("unexpected clause ID {word}"), "MINUS": N_("unexpected sign {word}")}


def grammar_path() -> Path:
    return resource_dir("grammar") / "rules.lark"


@functools.cache
def get_parser() -> lark.Lark:
    """The LALR parser, built once per process (its tables kept between processes: `tables`)."""
    # the tables only when a parser is built (messages need none)
    from .tables import lalr_parser
    return lalr_parser(grammar_path())


def _describe_terminal(parser: lark.Lark, name: str, names: dict[str, str] = _TERMINAL_NAMES) -> str:
    if name in names:
        return names[name]
    try:
        pattern = parser.get_terminal(name).pattern
    except KeyError:
        return name
    if pattern.type == "str":
        return f"'{pattern.value}'"
    return name.lower()


def _keywords(parser: lark.Lark, names: list[str]) -> list[str]:
    out = []
    for name in names:
        try:
            pattern = parser.get_terminal(name).pattern
        except KeyError:
            continue
        if pattern.type == "str":
            out.append(pattern.value)
    return out


@functools.cache
def _reader() -> TableReader | None:
    return TableReader.of(get_parser())


# The tree's children are read by position (`referee.model.document.Located.tree`), each
# statement's grammar saying which child is a token and which a tree: hence `Tree[Any]`.
def parse_text(text: str, path: str = "<string>") -> lark.Tree[Any]:
    """Parse a rules file's text. Raises `RulesSyntaxError` with position, excerpt and hint.

    The text is read with the parser's tables in one loop (`lalr`); a text that does not parse
    there is parsed by Lark itself, so that the error is Lark's, as it always was."""
    reader = _reader()
    if reader is not None:
        try:
            return reader.read(text)
        except Unread:
            pass
    parser = get_parser()
    try:
        return parser.parse(text)
    except UnexpectedInput as error:
        raise syntax_error(parser, error, text, path) from None


@overload
def syntax_error(parser: lark.Lark, error: UnexpectedInput, text: str, path: str, *,
                 terminals: dict[str, str] = ..., found_names: dict[str, str] = ...,
                 hint: Phrase | None = None) -> RulesSyntaxError: ...


@overload
def syntax_error(parser: lark.Lark, error: UnexpectedInput, text: str, path: str, *,
                 terminals: dict[str, str] = ..., found_names: dict[str, str] = ...,
                 kind: type[NotationSyntaxError], hint: Phrase | None = None) -> NotationSyntaxError: ...


def syntax_error(parser: lark.Lark, error: UnexpectedInput, text: str, path: str, *,
                 terminals: dict[str, str] = _TERMINAL_NAMES, found_names: dict[str, str] = _FOUND_NAMES,
                 kind: type[RulesSyntaxError | NotationSyntaxError] = RulesSyntaxError,
                 hint: Phrase | None = None) -> RulesSyntaxError | NotationSyntaxError:
    """Lark's error as ours: `kind` (a `RulesError`-like class) at file:line:col with an excerpt,
    what was expected (terminals named by `terminals`, the token met by `found_names`) and a hint.
    The deal notation (`referee.notation`) reports its syntax errors through this too."""
    line = getattr(error, "line", 1) or 1
    column = getattr(error, "column", 1) or 1
    problem: Phrase | str
    if isinstance(error, UnexpectedCharacters):
        expected_names = sorted(error.allowed or ())
        at = error.pos_in_stream or 0  # Lark always sets it on this kind (typed optional)
        found = repr(text[at]) if at < len(text) else Phrase("end of file")
        problem = Phrase("unexpected character {found}", found=found)
    elif isinstance(error, (UnexpectedToken, UnexpectedEOF)):
        expected_names = sorted(error.expected or ())
        token = getattr(error, "token", None)
        if token is None or token.type == "$END":
            problem = Phrase("the file ends in the middle of a construct")
            # Lark's end-of-input token borrows the last token's position: point just after it.
            if token is not None and getattr(token, "end_line", None):
                line, column = token.end_line, token.end_column
            else:
                lines = text.splitlines() or [""]
                line, column = len(lines), len(lines[-1]) + 1
        else:
            problem = Phrase(found_names[token.type], word=repr(token.value)) \
                if token.type in found_names else Phrase("unexpected '{word}'", word=token.value)
    else:  # pragma: no cover - Lark raises only the kinds above
        expected_names, problem = [], str(error)
    described = sorted({_describe_terminal(parser, n, terminals) for n in expected_names})
    expected = ", ".join(described[:12]) + (" ..." if len(described) > 12 else "")
    hint = hint or _hint(parser, error, expected_names, text)
    return kind(SourcePosition(path, line, column), problem, text=text, expected=expected or None, hint=hint)


def _hint(parser: lark.Lark, error: UnexpectedInput, expected_names: list[str], text: str) -> Phrase | None:
    token = getattr(error, "token", None)
    at_end = isinstance(error, UnexpectedEOF) or (token is not None and token.type == "$END")
    word = str(token.value) if token is not None and token.type != "$END" else ""
    at = error.pos_in_stream or 0
    if isinstance(error, UnexpectedCharacters) and text[at:at + 1] == '"':
        return Phrase('a quoted text is not closed: add the missing \'"\' on the same line')
    # A word that starts a clause or a file-level part, met inside a block: the block before it
    # is not closed (a likelier slip than a misspelt statement that happens to look like it).
    if "RBRACE" in expected_names and (at_end or word in ("clause", "replace", "remove", "source",
                                                          "uncovered", "set")):
        return Phrase("a '{open}' block is not closed: add the missing '{close}'", open="{", close="}")
    keywords = _keywords(parser, expected_names)
    if word and keywords:
        close = difflib.get_close_matches(word, keywords, n=1, cutoff=0.6)
        if close:
            return Phrase("did you mean '{word}'?", word=close[0])
    if word and word[:1].isupper() and "ID" in expected_names:
        return Phrase("names of contracts, parameters and sources are written in lower case")
    return None
