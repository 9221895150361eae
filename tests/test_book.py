"""The book's machinery that needs no build: the Pygments lexer and the language reference."""

from __future__ import annotations

import pytest

from referee.resources import rules_dir

pygments = pytest.importorskip("pygments")
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename  # noqa: E402
from pygments.token import Comment, Error, Keyword, Name, String  # noqa: E402

RULES_FILES = sorted(rules_dir().glob("*.rules"))


def test_lexer_is_registered_as_a_plugin():
    """The entry point in pyproject.toml makes ```rules``` fences highlight anywhere."""
    from referee.lexer import RulesLexer
    assert isinstance(get_lexer_by_name("rules"), RulesLexer)
    assert isinstance(get_lexer_for_filename("kierki.rules"), RulesLexer)


@pytest.mark.parametrize("path", RULES_FILES, ids=lambda p: p.name)
def test_lexer_reads_every_rules_file_without_errors(path):
    text = path.read_text(encoding="utf-8")
    tokens = list(get_lexer_by_name("rules").get_tokens(text))
    assert not [value for token, value in tokens if token in Error]
    assert "".join(value for _token, value in tokens) == text if text.endswith("\n") else True


def test_lexer_token_kinds():
    snippet = ('clause K3.1 "Follow suit." from s003:3 # why\n{ in no_king { follow suit }\n'
               '  score 40 per card of QH taken }\n')
    kinds = {value: token for token, value in get_lexer_by_name("rules").get_tokens(snippet)}
    assert kinds["K3.1"] in Name.Label
    assert kinds["Follow suit."] in String
    assert kinds["# why"] in Comment
    assert kinds["follow"] in Keyword and kinds["suit"] in Keyword and kinds["score"] in Keyword
    assert kinds["no_king"] in Name and kinds["no_king"] not in Keyword
    assert kinds["QH"] in Name.Constant
    assert kinds["s003"] in Name.Namespace


def test_lexer_knows_every_keyword_of_the_grammar():
    from referee.lexer import grammar_keywords
    lexer = get_lexer_by_name("rules")
    for word in grammar_keywords():
        (token, value), *_ = lexer.get_tokens(word)
        assert value == word and token in Keyword, word


def test_reference_has_a_checked_example_of_every_statement():
    from referee.sphinxext import _aliases, reference_examples, statement_rules
    examples = reference_examples()  # parses every example; a wrong one raises
    rules = statement_rules()
    assert {"clause", "play_duty", "phases", "parameter", "guard", "scoped", "check"} <= set(rules)
    missing = [rule for rule in rules if not any(examples.get(name) for name in _aliases(rule))]
    assert not missing, f"add an example to referee.sphinxext.EXAMPLES for: {missing}"


def test_reference_examples_from_the_table_parse():
    from referee.front.parser import parse_text
    from referee.sphinxext import EXAMPLES, _wrap
    for rule, example in EXAMPLES.items():
        parse_text(_wrap(rule, example), f"<{rule}>")


def test_clause_urls_are_stable():
    from referee.sphinxext import clause_url, source_anchor
    assert clause_url("kierki", "K3.1", "ru") == "ru/kierki/rules.html#K3.1"
    assert source_anchor("s003", 3) == "s003-L3"
