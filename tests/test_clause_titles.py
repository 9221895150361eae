"""Every clause has a short title (`title "No queens"` in its rules file), shown with its ID in
the book's indexes and heads and by `referee rules`; a variant's replacement keeps the title of
the clause it replaces unless it names its own."""

from __future__ import annotations

import pytest

from referee import i18n
from referee.catalogs import TRANSLATED_LANGUAGES
from referee.model import load_game
from referee.model.document import game_names, variant_names

ALL = game_names() + variant_names()


@pytest.mark.parametrize("name", ALL)
def test_every_clause_has_a_short_title(name):
    for clause in load_game(name).clauses.values():
        assert clause.title, f"{name} {clause.id} has no title"
        assert len(clause.title) <= 50 and not clause.title.endswith("."), (clause.id, clause.title)


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("lang", TRANSLATED_LANGUAGES)
def test_every_title_is_translated(name, lang):
    found = i18n.catalog(lang)
    untranslated = [c.title for c in load_game(name).clauses.values() if not found.get(c.title)]
    assert not untranslated, untranslated


def test_a_replacement_keeps_or_names_its_title():
    kierki, barbu = load_game("kierki"), load_game("barbu")
    assert barbu.clauses["K5.4"].statement != kierki.clauses["K5.4"].statement
    assert barbu.clauses["K5.4"].title == kierki.clauses["K5.4"].title == "No queens"  # kept
    assert barbu.clauses["K5.1"].title == "Barbu"  # its own: the contract is named for the king
    assert barbu.clauses["BB2.1"].title == "Doubling and redoubling"  # a clause the variant adds
