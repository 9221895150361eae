"""The table reader (`referee.front.lalr`) reads every text exactly as Lark's own parser does.

The rules files are read by `TableReader` and handed to Lark only when they do not parse, so the
two must agree on everything a later stage can see: the same trees (names, children), the same
tokens (type, text, every position) and the same `meta` positions; and a text that one refuses,
the other refuses too. Checked on every rules file of the project, on programs generated from the
grammar and on mutated rules files.
"""

from __future__ import annotations

from pathlib import Path

import lark
import pytest
from hypothesis import given
from hypothesis import strategies as st
from lark.exceptions import UnexpectedInput

from referee.front.lalr import TableReader, Unread
from referee.front.parser import get_parser, parse_text
from referee.front.tables import lalr_parser
from referee.resources import rules_dir
from tests.test_language_fuzz import FUZZ, KIERKI_VARIANTS, PROGRAMS, TOKENS, _apply, mutation

ROOT = Path(__file__).resolve().parent
_TOKEN_FIELDS = ("type", "value", "start_pos", "line", "column", "end_line", "end_column", "end_pos")
_META_FIELDS = ("empty", "line", "column", "start_pos", "end_line", "end_column", "end_pos")


def _differences(ours, lark_s, where: str = "") -> list[str]:
    """Where the reader's value differs from Lark's (empty when they are the same)."""
    if isinstance(lark_s, lark.Token):
        if type(ours) is not lark.Token:
            return [f"{where}: {ours!r} is not a token like {lark_s!r}"]
        return [f"{where}: token {f} {getattr(ours, f)!r} != {getattr(lark_s, f)!r}"
                for f in _TOKEN_FIELDS if getattr(ours, f) != getattr(lark_s, f)]
    if type(ours) is not lark.Tree or ours.data != lark_s.data or type(ours.data) is not type(lark_s.data):
        return [f"{where}: {ours!r:.60} is not the tree {lark_s.data!r}"]
    found = [f"{where}/{lark_s.data}: meta {f} {getattr(ours.meta, f, None)!r} != {getattr(lark_s.meta, f)!r}"
             for f in _META_FIELDS if getattr(ours.meta, f, None) != getattr(lark_s.meta, f)]
    if len(ours.children) != len(lark_s.children):
        return found + [f"{where}/{lark_s.data}: {len(ours.children)} children, not {len(lark_s.children)}"]
    for i, (a, b) in enumerate(zip(ours.children, lark_s.children)):
        found += _differences(a, b, f"{where}/{lark_s.data}[{i}]")
    return found


def _agree(parser: lark.Lark, text: str) -> bool:
    """Both read `text` to the same tree, or both refuse it; True if it was read."""
    reader = TableReader.of(parser)
    try:
        expected = parser.parse(text)
    except UnexpectedInput:
        expected = None
    try:
        ours = reader.read(text)
    except Unread:
        ours = None
    if expected is None or ours is None:
        assert ours is None and expected is None, "one reads what the other refuses"
        return False
    assert _differences(ours, expected) == []
    return True


def _project_rules_files() -> list[Path]:
    return sorted({*rules_dir().rglob("*.rules"), *(ROOT / "fixtures").rglob("*.rules"),
                   *(ROOT / "rules").rglob("*.rules")})


def test_the_rules_grammar_is_read_by_the_tables() -> None:
    assert TableReader.of(get_parser()) is not None


@pytest.mark.parametrize("path", _project_rules_files(), ids=lambda p: p.name)
def test_every_rules_file_of_the_project_reads_as_lark_reads_it(path: Path) -> None:
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError:
        pytest.skip("not UTF-8: refused before parsing")
    read = _agree(get_parser(), text)
    assert read or path.name.startswith("syntax_"), "only the syntax fixtures fail to parse"


def test_the_shipped_games_are_all_read() -> None:
    for path in sorted(rules_dir().rglob("*.rules")):
        assert _agree(get_parser(), path.read_text(encoding="utf-8")), path


@pytest.mark.slow
@FUZZ
@given(text=PROGRAMS)
def test_programs_generated_from_the_grammar_read_alike(text: str) -> None:
    assert _agree(get_parser(), text)  # valid by construction


@pytest.mark.slow
@FUZZ
@given(text=KIERKI_VARIANTS)
def test_generated_variants_read_alike(text: str) -> None:
    assert _agree(get_parser(), text)


@pytest.mark.slow
@FUZZ
@given(changes=st.lists(mutation(), min_size=1, max_size=3))
def test_mutated_rules_read_alike(changes) -> None:
    tokens = list(TOKENS)
    for change in changes:
        tokens = _apply(tokens, change)
    _agree(get_parser(), "".join(tokens))


@pytest.mark.parametrize("text", ["", "   \n# only a comment\n", 'game g "G"', 'game g "G"\n\n',
                                  'game g "G" # no newline at the end', 'game\ng\n"G"\n'])
def test_edges_of_a_text_read_alike(text: str) -> None:
    _agree(get_parser(), text)


def test_a_syntax_error_is_lark_s_own() -> None:
    """The reader gives up, Lark reports: the message names what Lark expected."""
    text = 'game g "G"\nclause K1 "x" from s:1 { players 4 }\nclause'
    with pytest.raises(Unread):
        TableReader.of(get_parser()).read(text)
    with pytest.raises(Exception) as raised:
        parse_text(text, "bad.rules")
    assert "bad.rules:3:" in str(raised.value)


def test_a_grammar_beyond_the_reader_is_left_to_lark(tmp_path: Path) -> None:
    """`?rule` (a lone child standing for its tree) is Lark's: no reader for that grammar."""
    grammar = tmp_path / "toy.lark"
    grammar.write_text('start: item+\n?item: WORD | "(" item+ ")"\nWORD: /[a-z]+/\n'
                       "%ignore /[ \\n]+/\n", encoding="utf-8")
    assert TableReader.of(lalr_parser(grammar)) is None
    plain = tmp_path / "plain.lark"
    plain.write_text('start: item+\nitem: WORD | _group\n_group: "(" item+ ")"\n!pair: "<" WORD ">"\n'
                     'item2: pair\nWORD: /[a-z]+/\n%ignore /[ \\n]+/\n', encoding="utf-8")
    reader_parser = lalr_parser(plain)
    assert TableReader.of(reader_parser) is not None
    for text in ["a", "a (b c) (d (e))\n", "  a\n\n(b)", "(", "a )", "A"]:
        _agree(reader_parser, text)
