"""The syntax tree: each statement becomes a frozen node with named fields and its position."""

from __future__ import annotations

import dataclasses

import lark
import pytest

from referee.front import syntax
from referee.front.parser import parse_text
from referee.mechanics import registry  # noqa: F401  (the packages declare their statements' nodes)
from referee.mechanics.tricks.syntax import TrickWinner


def _statements(text):
    tree = parse_text(text, "<test>")
    return [t for t in tree.iter_subtrees_topdown() if t.data in syntax.NODES]


def test_a_statement_reads_by_name_with_its_position():
    text = ('game g "G"\nsource s "s.txt" language en lines 1\n'
            'clause A1 "x" from s:1 {\n  trick won by highest of suit led unless trumped\n'
            '  first lead by holder of 2C\n  cut by left neighbour\n}\n')
    winner, lead, cut = (syntax.statement(t) for t in _statements(text))
    assert isinstance(winner, TrickWinner)
    assert (winner.extreme, winner.unless_trumped) == ("highest", True)
    assert (winner.pos.line, winner.pos.column) == (4, 3)
    assert lead.seat.role == "holder" and lead.seat.card == "2C"
    assert (lead.seat.card.line, lead.seat.card.column) == (5, 27)
    assert cut.side == "left"
    with pytest.raises(dataclasses.FrozenInstanceError):
        cut.side = "right"


@pytest.mark.parametrize("game", ["kierki", "preferans", "bouillotte"])
def test_every_node_of_a_shipped_file_builds(game):
    from referee.resources import rules_dir
    nodes = [syntax.statement(t) for t in _statements((rules_dir() / f"{game}.rules").read_text("utf-8"))]
    assert nodes and all(isinstance(n, syntax.Node) for n in nodes)
    assert not any(isinstance(getattr(n, f.name), lark.Tree) for n in nodes for f in dataclasses.fields(n))
