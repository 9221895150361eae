"""Fuzzing the rules language: whatever the text, the referee answers with one of its own errors.

(a) Mutations of rules/kierki.rules (spans of tokens deleted, duplicated or swapped, grammar
    keywords inserted, the text truncated, digits changed) either load or raise a RulesError or
    a UsageError, never any other exception.
(b) Programs generated from the grammar itself with hypothesis' `from_lark` are accepted by the
    parser (they are valid by construction), and loading them raises only our errors.
"""

from __future__ import annotations

import re
from pathlib import Path

import lark
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark

from referee.errors import RulesError, UsageError
from referee.front.parser import grammar_path, parse_text
from referee.model import load_game
from referee.model.build import build_game
from referee.model.document import load_document
from referee.resources import rules_dir

pytestmark = pytest.mark.slow  # programs generated from the grammar

KIERKI = (rules_dir() / "kierki.rules").read_text(encoding="utf-8")
GRAMMAR = grammar_path().read_text(encoding="utf-8")

# Every keyword of the language: the quoted literals of the grammar.
KEYWORDS = sorted({m for m in re.findall(r'"([^"\\]+)"', GRAMMAR)})

# Tokens of the rules text: strings (kept whole), comments, words, punctuation, whitespace.
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|[A-Za-z0-9_.]+|\s+|.', re.S)
TOKENS = _TOKEN.findall(KIERKI)
assert "".join(TOKENS) == KIERKI


def _word_class(token: str) -> str | None:
    """Words that can stand in for each other: keywords, names, codes and numbers, clause IDs."""
    if token in KEYWORDS:
        return "keyword"
    for name, pattern in (("id", r"[a-z][a-z0-9_]*"), ("int", r"[0-9]+"), ("clause", r"[A-Z]+[0-9]+(\.[0-9]+)+"),
                          ("code", r"[A-Z0-9][A-Za-z0-9]*")):
        if re.fullmatch(pattern, token):
            return name
    return None


WORDS: dict[str, list[str]] = {}
for _t in sorted(set(TOKENS)):
    if _word_class(_t):
        WORDS.setdefault(_word_class(_t), []).append(_t)
LINES = KIERKI.splitlines(keepends=True)

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    """The fuzz files' folder: a generated `extends NAME` finds only the shipped games there."""
    return tmp_path_factory.mktemp("fuzz")


def _load(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    try:
        build_game(load_document(path), {})
    except (RulesError, UsageError):
        pass


# -- (a) mutations of kierki ---------------------------------------------------------------------

_index = st.integers(min_value=0, max_value=len(TOKENS))


@st.composite
def _span(draw) -> tuple[int, int]:
    start = draw(st.integers(0, len(TOKENS) - 1))
    length = draw(st.integers(1, 12))
    return start, min(start + length, len(TOKENS))


# Mutations that keep the text parseable more often are drawn more often, so that about half the
# mutants reach the model builder instead of stopping at a syntax error.
_KINDS = ["delete", "duplicate", "swap", "keyword", "truncate"] + ["digit"] * 2 + ["word"] * 3 \
    + ["delete_lines"] * 2 + ["duplicate_lines"] * 2


@st.composite
def mutation(draw):
    kind = draw(st.sampled_from(_KINDS))
    if kind in ("delete", "duplicate"):
        return (kind, draw(_span()))
    if kind == "word":  # a word replaced by another of its class in the file: often still parses
        return (kind, draw(st.integers(0, 10_000)), draw(st.integers(0, 10_000)))
    if kind in ("delete_lines", "duplicate_lines"):  # whole statements: reach the model
        start = draw(st.integers(0, len(LINES) - 1))
        return (kind, start, draw(st.integers(1, 4)))
    if kind == "swap":
        return (kind, draw(_span()), draw(_span()))
    if kind == "keyword":
        return (kind, draw(_index), draw(st.sampled_from(KEYWORDS)), draw(st.booleans()))
    if kind == "truncate":
        return (kind, draw(st.integers(0, len(KIERKI))))
    return (kind, draw(st.integers(0, 10_000)), draw(st.sampled_from("0123456789")))


def _apply(tokens: list[str], change) -> list[str]:
    kind = change[0]
    if kind == "delete":
        (a, b) = change[1]
        return tokens[:a] + tokens[b:]
    if kind == "duplicate":
        (a, b) = change[1]
        return tokens[:b] + tokens[a:b] + tokens[b:]
    if kind == "swap":
        (a, b), (c, d) = sorted([change[1], change[2]])
        if b > c:  # overlapping spans: swap the first with what follows it instead
            c, d = b, min(b + (b - a), len(tokens))
        return tokens[:a] + tokens[c:d] + tokens[b:c] + tokens[a:b] + tokens[d:]
    if kind == "keyword":
        _, at, word, spaced = change
        at = min(at, len(tokens))
        return tokens[:at] + ([" ", word, " "] if spaced else [word]) + tokens[at:]
    if kind == "truncate":
        text = "".join(tokens)[: change[1]]
        return [text]
    if kind == "word":
        words = [i for i, t in enumerate(tokens) if _word_class(t) not in (None, "keyword")]
        if not words:
            return tokens
        at = words[change[1] % len(words)]
        same = WORDS[_word_class(tokens[at])]
        return tokens[:at] + [same[change[2] % len(same)]] + tokens[at + 1:]
    if kind in ("delete_lines", "duplicate_lines"):
        lines = "".join(tokens).splitlines(keepends=True)
        _, a, n = change
        a = min(a, len(lines))
        b = min(a + n, len(lines))
        return lines[:b] + lines[a:b] + lines[b:] if kind == "duplicate_lines" else lines[:a] + lines[b:]
    text = "".join(tokens)
    digits = [m.start() for m in re.finditer(r"\d", text)]
    if not digits:
        return tokens
    at = digits[change[1] % len(digits)]
    return [text[:at], change[2], text[at + 1:]]


@FUZZ
@given(changes=st.lists(mutation(), min_size=1, max_size=3))
def test_mutated_kierki_raises_only_our_errors(changes, workdir: Path) -> None:
    tokens = list(TOKENS)
    for change in changes:
        tokens = _apply(tokens, change)
    _load(workdir / "kierki_mutated.rules", "".join(tokens))


def test_unmutated_kierki_loads(workdir: Path) -> None:
    path = workdir / "kierki_copy.rules"
    path.write_text(KIERKI, encoding="utf-8")
    game = build_game(load_document(path), {})
    assert game.id == "kierki"


# -- (b) programs generated from the grammar -----------------------------------------------------

_GENERATOR = lark.Lark(GRAMMAR, parser="lalr")
_TERMINALS = {t.name: t for t in _GENERATOR.terminals}

# Names that appear in the shipped games, so that generated programs reach deep into the model
# (a contract declared and then used), but never a keyword (the lexer would read it as one).
_NAMES = [n for n in ("kierki", "standard", "s003", "s1", "no_king", "no_hearts", "no_queens",
                      "no_tricks", "rozbojnik", "loteryjka", "points", "heart_lead", "free",
                      "restricted", "layout_end", "places_decided", "robber_queens", "flat", "x",
                      "pl", "en") if n not in KEYWORDS]
_ID = st.one_of(st.sampled_from(_NAMES),
                st.from_regex(r"[a-z][a-z0-9_]{0,5}", fullmatch=True).filter(lambda s: s not in KEYWORDS))
_CODE = st.sampled_from(["2", "7", "10", "J", "Q", "K", "A", "H", "S", "C", "D", "QH", "KH", "10S", "X"])
_INT = st.integers(min_value=0, max_value=60).map(str)
_STRING = st.from_regex(r'"[A-Za-z ,.]{1,16}"', fullmatch=True)
_CLAUSE_ID = st.sampled_from(["K1.1", "K1.4", "K2.2", "K3.4", "K3.5", "K5.6", "K6.2", "T1", "KV1.1",
                              "KV1.2", "AB2.3.4"])

_REGEX_TERMINALS = {"ID": _ID, "CODE": _CODE, "INT": _INT, "STRING": _STRING,
                    "CLAUSE_ID": _CLAUSE_ID,
                    # what the grammar ignores, always ending in a separator
                    "WS": st.sampled_from([" ", "\n", "\n  "]), "COMMENT": st.just(" # note\n")}


def _explicit() -> dict[str, st.SearchStrategy[str]]:
    """A strategy for every terminal, each value followed by a space so tokens never run together."""
    out = {}
    for name, term in _TERMINALS.items():
        if name in _REGEX_TERMINALS:
            base = _REGEX_TERMINALS[name]
        elif term.pattern.type == "str":
            base = st.just(term.pattern.value)
        else:  # pragma: no cover - every regular terminal is listed above
            raise AssertionError(f"no strategy for terminal {name}")
        out[name] = base.map(lambda s: s + " ") if name not in ("WS", "COMMENT") else base
    return out


PROGRAMS = from_lark(_GENERATOR, explicit=_explicit())

# Items generated from the grammar, added to a variant of kierki: they meet kierki's deck,
# contracts and parameters, so they reach far deeper into the model builder than whole programs.
_ITEM_RULES = ["clause", "replace_clause", "remove_clause", "set_parameter", "source", "uncovered"]


def _from_rule(rule: str) -> st.SearchStrategy[str]:
    parser = lark.Lark(GRAMMAR, parser="lalr", start=rule)
    terminals, rules, ignore = parser.grammar.compile([rule], ())
    used = {t.name for t in terminals} | set(ignore) | {
        sym.name for r in rules for sym in r.expansion if sym.is_term}
    return from_lark(parser, start=rule, explicit={k: v for k, v in _explicit().items() if k in used})


_ITEMS = st.one_of([_from_rule(rule) for rule in _ITEM_RULES])
KIERKI_VARIANTS = st.lists(_ITEMS, min_size=1, max_size=3).map(
    lambda items: 'variant kierki_fuzz "Kierki, fuzzed" extends kierki\n\n' + "\n".join(items) + "\n")


@FUZZ
@given(text=PROGRAMS)
def test_generated_programs_parse_and_raise_only_our_errors(text: str, workdir: Path) -> None:
    parse_text(text, "generated.rules")  # valid by construction: must not raise
    path = workdir / "generated_program.rules"
    path.write_text(text, encoding="utf-8")
    try:
        load_game(str(path))
    except (RulesError, UsageError):
        pass


@FUZZ
@given(text=KIERKI_VARIANTS)
def test_generated_kierki_variants_parse_and_raise_only_our_errors(text: str, workdir: Path) -> None:
    parse_text(text, "variant.rules")
    path = workdir / "generated_variant.rules"
    path.write_text(text, encoding="utf-8")
    try:
        load_game(str(path))
    except (RulesError, UsageError):
        pass


def test_generated_programs_cover_every_terminal() -> None:
    assert set(_explicit()) == set(_TERMINALS)
    assert {"ID", "CODE", "INT", "STRING", "CLAUSE_ID"} <= set(_TERMINALS)
