"""The referee's error tree, split by who must act on an error.

`RulesError` is for the author of a rules file (syntax or definition), `TranscriptError` for
whoever wrote a transcript, `UsageError` for a command line, and `IllegalActionError` for a
player whose action the rules forbid. Every message carries what is needed to reproduce it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from . import i18n

__all__ = [
    "RefereeError",
    "SimulationError",
    "RulesError",
    "RulesSyntaxError",
    "RulesDefinitionError",
    "RulesLimitError",
    "TranscriptError",
    "NotationError",
    "PositionError",
    "NotationSyntaxError",
    "UsageError",
    "IllegalActionError",
    "SourcePosition",
    "Phrase",
    "Term",
]


class Phrase:
    """A message in English with its values, which can also be shown in the reader's language.

    Errors are raised deep in the loader, long before anyone knows the reader's language, so
    they carry a `Phrase` and the command line renders it with `in_language`. ``str()`` gives
    the English text, so a `Phrase` can stand wherever a plain message did. The template is a
    msgid of the ``referee`` catalogs (the extractor knows ``Phrase("...")`` calls).
    """

    __slots__ = ("template", "values")

    def __init__(self, template: str, /, **values: object) -> None:
        self.template = template
        self.values = values

    def in_language(self, lang: str = "en") -> str:
        template = i18n.gettext(lang, self.template) if lang != "en" else self.template
        values = {k: in_language(v, lang) if isinstance(v, Phrase) else v for k, v in self.values.items()}
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):  # a broken translation must not hide the error
            return str(self)

    def __str__(self) -> str:
        return self.template.format(**{k: str(v) for k, v in self.values.items()})

    def __repr__(self) -> str:
        return f"Phrase({self.template!r}, **{self.values!r})"


class Term(Phrase):
    """A word or title without values (a mechanic's name, a deck's title from a rules file, a
    message of the JSON reader), looked up in the catalogs as it stands; unknown, it stays as is."""

    __slots__ = ()

    def __init__(self, text: str, /) -> None:
        super().__init__(str(text))

    def in_language(self, lang: str = "en") -> str:
        return i18n.gettext(lang, self.template) if lang != "en" else self.template

    def __str__(self) -> str:
        return self.template


def in_language(text: object, lang: str = "en") -> str:
    """A message that is a `Phrase` or already a plain string, in the reader's language."""
    return text.in_language(lang) if isinstance(text, Phrase) else str(text)


@dataclass(frozen=True)
class SourcePosition:
    """A place in a rules file."""

    path: str
    """The file as the user named it (or `<string>` for text given directly)."""
    line: int
    """1-based line number."""
    column: int
    """1-based column number."""

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


class RefereeError(Exception):
    """Root of every error the referee raises on purpose."""


def caret_excerpt(text: str, line: int, column: int) -> str:
    """The offending source line with a caret under the column (both 1-based)."""
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return ""
    source_line = lines[line - 1].expandtabs(1)
    column = max(column, 1)
    if len(source_line) > _EXCERPT_WIDTH:  # show the part around the column, never a huge line
        start = max(0, min(column - 1 - _EXCERPT_WIDTH // 2, len(source_line) - _EXCERPT_WIDTH))
        shown = source_line[start:start + _EXCERPT_WIDTH]
        prefix = "..." if start else ""
        suffix = "..." if start + _EXCERPT_WIDTH < len(source_line) else ""
        return f"    {prefix}{shown}{suffix}\n    {' ' * (len(prefix) + column - 1 - start)}^"
    return f"    {source_line}\n    {' ' * (column - 1)}^"


_EXCERPT_WIDTH = 120


def N_(message: str) -> str:  # marks a msgid for the catalogs (referee.i18n imports this module)
    return message


_EXPECTED, _HINT = N_("expected"), N_("hint")


class RulesError(RefereeError):
    """A rules file cannot be used; the author of the file must fix it.

    The message starts with ``file:line:col``, shows the line with a caret, says what was
    expected and, where one is known, how to fix it.
    """

    def __init__(self, position: SourcePosition, problem: str | Phrase, *, text: str | None = None,
                 expected: str | Phrase | None = None, hint: str | Phrase | None = None) -> None:
        self.position = position
        self.problem = problem
        self.expected = expected
        self.hint = hint
        self.excerpt = caret_excerpt(text, position.line, position.column) if text else ""
        super().__init__(self.render("en"))

    def render(self, lang: str = "en") -> str:
        """The whole message, its words in `lang` (the file's own text and names stay as written)."""
        return _render_at(self, lang)

    kind = N_("error")


def _render_at(err: RulesError | NotationError, lang: str) -> str:
    """A message at a position in a file: ``file:line:col``, the kind, the problem, the line with
    a caret, what was expected, a hint."""
    _ = (lambda m: m) if lang == "en" else (lambda m: i18n.gettext(lang, m))
    parts = [f"{err.position}: {_(err.kind)}: {in_language(err.problem, lang)}"]
    if err.excerpt:
        parts.append(err.excerpt)
    if err.expected:
        parts.append(f"  {_(_EXPECTED)}: {in_language(err.expected, lang)}")
    if err.hint:
        parts.append(f"  {_(_HINT)}: {in_language(err.hint, lang)}")
    return "\n".join(parts)


class RulesSyntaxError(RulesError, SyntaxError):
    """The text does not follow the grammar of the rules language."""

    kind = N_("syntax error")

    def __str__(self) -> str:  # SyntaxError would otherwise format its own way
        return str(self.args[0])


class RulesDefinitionError(RulesError, ValueError):
    """The text parses but is inconsistent: an unknown card, a clause ID used twice, ..."""

    kind = N_("definition error")


class RulesLimitError(RulesDefinitionError):
    """The file is larger, deeper or longer than the referee accepts (see `referee.limits`)."""

    kind = N_("limit exceeded")


class TranscriptError(RefereeError, ValueError):
    """A transcript cannot be read: malformed JSON, a missing field, an unknown card ..."""

    def __init__(self, where: str, problem: str | Phrase, *, hint: str | Phrase | None = None) -> None:
        self.where = where
        self.problem = problem
        self.hint = hint
        super().__init__(self.render("en"))

    def render(self, lang: str = "en") -> str:
        """The message in `lang`; `where` is the transcript's own path or JSON field, never translated."""
        message = f"{self.where}: {in_language(self.problem, lang)}"
        if self.hint:
            hint = _HINT if lang == "en" else i18n.gettext(lang, _HINT)
            message += f"\n  {hint}: {in_language(self.hint, lang)}"
        return message


class NotationError(TranscriptError):
    """A deal written in the deal notation (a `.deal` file) cannot be read: an unknown card, a card
    played twice, a hand of the wrong size, an action by a seat whose turn it is not.

    Whoever wrote the deal must fix it, so it is a `TranscriptError`; it reads like an error in a
    rules file: ``file:line:col``, the line with a caret, what was expected, a hint.
    """

    kind = N_("error in the deal")

    def __init__(self, position: SourcePosition, problem: str | Phrase, *, text: str | None = None,
                 expected: str | None = None, hint: str | Phrase | None = None) -> None:
        self.position, self.where = position, str(position)
        self.problem, self.expected, self.hint = problem, expected, hint
        self.excerpt = caret_excerpt(text, position.line, position.column) if text else ""
        Exception.__init__(self, self.render("en"))

    def render(self, lang: str = "en") -> str:
        """The whole message, its words in `lang`."""
        return _render_at(self, lang)


class NotationSyntaxError(NotationError):
    """The text does not follow the grammar of the deal notation (`grammar/deal.lark`)."""

    kind = N_("syntax error")


class PositionError(NotationError):
    """A position string (`referee.from_position`) cannot be read: it reads like an error in a
    deal file, at ``<position>:1:COLUMN``."""

    kind = N_("error in the position")


class UsageError(RefereeError, ValueError):
    """A command line or an API call was given an argument it cannot use."""


class SimulationError(RefereeError, RuntimeError):
    """A simulated deal did not end within its step cap: the rules let play go round forever
    (or the referee has a bug). The message names the seed and the deal, to reproduce it."""


class Ruling(Protocol):
    """What an illegal action's error carries: a `referee.verdicts.Verdict` (named by what it does,
    since the verdicts, which cite clauses, sit above the errors every module raises)."""

    def describe(self) -> str:
        """The ruling for people, its clauses cited."""
        ...


class IllegalActionError(RefereeError):
    """A player attempted an action the rules forbid. Carries the verdict that says why."""

    def __init__(self, verdict: Ruling) -> None:
        self.verdict = verdict
        super().__init__(verdict.describe())
