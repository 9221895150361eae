"""A Pygments lexer for the rules language, registered as the `rules` alias (see pyproject.toml).

The keywords are those of the parser (`referee.front.grammar`), so the lexer never falls
behind the language. It never emits an error token: any text it does not know is
plain text, so a highlighter never rejects a snippet of a rules file.
"""

from __future__ import annotations

from collections.abc import Iterator

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Text

__all__ = ["RulesLexer", "grammar_keywords"]

# Words that open a top-level item of a rules file (shown as declarations).
_DECLARATIONS = ("game", "variant", "extends", "source", "uncovered", "clause", "title", "replace", "remove",
                 "set", "from", "tradition", "interpretation", "see", "parameter", "choices",
                 "default", "if", "is", "else", "in", "check")


def grammar_keywords() -> tuple[str, ...]:
    """Every keyword of the rules language, longest first, as the parser itself reads the grammar."""
    # on demand: Pygments imports every lexer plug-in it finds, and the grammar loads the parser
    from .front.grammar import grammar
    return grammar().keywords


class RulesLexer(RegexLexer):
    """Rules files (`*.rules`): games and variants written in the referee's rules language."""

    name = "Referee rules"
    aliases = ["rules", "referee-rules"]
    filenames = ["*.rules"]
    mimetypes = ["text/x-referee-rules"]

    tokens = {
        "root": [
            (r"\s+", Text),  # plain text: a span per space would weigh a rules page by a tenth
            (r"#[^\n]*", Comment.Single),
            (r'"', String.Double, "string"),
            # A clause ID: K3.1, P10.2, B1.
            (r"\b[A-Z]{1,3}[0-9]+(?:\.[0-9]+)+\b|\b[A-Z]{1,3}[0-9]+\b(?=\s+\")", Name.Label),
            # A citation: s003:3-5
            (r"\b([a-z][a-z0-9_]*)(:)([0-9]+(?:-[0-9]+)?)",
             bygroups(Name.Namespace, Punctuation, Number.Integer)),
            (words(_DECLARATIONS, prefix=r"\b", suffix=r"\b"), Keyword.Declaration),
            (r"\b[a-z][a-z0-9_]*\b", Name.Other),  # a keyword or a name: see below
            # Card codes: QH, 10S, AS; rank and suit codes.
            (r"\b(?:10|[2-9AKQJ])[CDHS]\b", Name.Constant),
            (r"\b[A-Z][A-Za-z0-9]*\b", Name.Constant),
            (r"\$[a-z][a-z0-9_]*", Name.Variable),
            (r"-?[0-9]+", Number.Integer),
            (r"[=<:\-]", Operator),
            (r"[{},]", Punctuation),
            (r".", Text),
        ],
        "string": [
            (r'\\.', String.Escape),
            (r'[^"\\\n]+', String.Double),
            (r'"', String.Double, "#pop"),
            (r"\n", Text, "#pop"),  # an unterminated string ends with its line
        ],
    }

    def get_tokens_unprocessed(self, text: str, stack: tuple[str, ...] = ("root",)) -> Iterator[tuple[int, object, str]]:
        keywords = set(grammar_keywords())
        for index, token, value in super().get_tokens_unprocessed(text, stack):
            if token is Name.Other:
                token = Keyword if value in keywords else Name
            yield index, token, value
