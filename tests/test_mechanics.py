"""The mechanic packages (`referee.mechanics`): each declares its statements, needs, checks and
phases once, and the framework finds every one of them."""

from __future__ import annotations

import dataclasses

import pytest

from referee.front.grammar import grammar
from referee.front.parser import parse_text
from referee.front.syntax import NODES, Node, statement
from referee.mechanics.phases import PHASE_RUNNERS
from referee.mechanics.registry import MECHANICS, STATEMENT_BUILDERS
from referee.model.game import Game
from referee.model.mechanics import IRREGULARITIES_SEEN
from referee.model.mechanics import MECHANICS as ALL_MECHANICS


def test_the_two_halves_of_the_registry_agree():
    # The run-time half (phases, no syntax) lists by hand what the declarations hold.
    declared = {runner.name: runner for mechanic in MECHANICS for runner in mechanic.phases}
    assert declared == PHASE_RUNNERS
    for mechanic in MECHANICS:
        if mechanic.part_of is None:  # a phase word of its own
            assert mechanic.name in ALL_MECHANICS
            assert IRREGULARITIES_SEEN[mechanic.name] == mechanic.irregularities
        else:  # one way of running a phase: that phase reads its statements
            assert mechanic.statements <= ALL_MECHANICS[mechanic.part_of].statements


@pytest.mark.parametrize("mechanic", MECHANICS, ids=lambda m: m.name)
def test_every_statement_of_a_package_is_a_grammar_rule_with_a_node_that_reads_itself(mechanic):
    rules = {tree for rule in grammar().rules for tree in rule.trees}
    assert mechanic.builders, "a package reads at least one statement"
    for node, build in mechanic.builders.items():
        assert node.rule in rules, node.rule
        assert NODES[node.rule] is node
        assert STATEMENT_BUILDERS[node] is build
        assert dataclasses.is_dataclass(node) and issubclass(node, Node)
    for need in mechanic.needs:
        assert need.kinds <= mechanic.statements


def test_a_node_reads_itself_from_the_parse_tree():
    from referee.mechanics.passing.syntax import PassCards

    tree = parse_text('game g "G"\nclause X1 "t" tradition "t" { pass 3 cards in rotation to left, right, none }\n',
                      "g.rules")
    found = [statement(s) for s in tree.find_data("card_passing")]
    assert [(int(n.count), [str(t) for t in n.targets], n.rotation) for n in found] == [
        (3, ["left", "right", "none"], True)]
    assert isinstance(found[0], PassCards) and found[0].pos.line == 2


def test_each_game_field_a_package_sets_is_typed_on_the_game():
    from referee.mechanics.contract_choice.rules import ContractChoiceRules
    from referee.mechanics.doubling.rules import DoublingRules
    from referee.mechanics.passing.rules import PassingRules
    from referee.mechanics.table.rules import TableRules

    fields = {f.name: f for f in dataclasses.fields(Game)}
    for name, record in (("card_passing", PassingRules), ("table", TableRules), ("contract_choice", ContractChoiceRules),
                         ("doubling", DoublingRules)):
        assert record.__name__ in str(fields[name].type), name
        assert record.__module__ == f"referee.mechanics.{record.__module__.split('.')[2]}.rules"
    # The table's rules are one field, not loose ones beside it.
    assert not {"players", "decks", "packs", "deal", "phases", "first_dealer", "pair_doubling", "choose_once"} & set(fields)


def test_one_vocabulary_of_phases():
    from referee.interpreter.phases import RUNNERS
    from referee.mechanics.vocabulary import Phase, PhaseWord
    from referee.model.mechanics import PHASES

    # Every phase a deal can be in has its runner, named by the enum; every phase word of the
    # rules files is the word of some phase (the showdown's only moves are a draw from the stock).
    assert set(RUNNERS) == set(Phase) - {Phase.OVER}
    assert all(isinstance(name, Phase) for name in RUNNERS)
    assert {phase.word for phase in Phase} - {None} == set(PHASES)
    assert Phase.STOCK_DRAW.word is PhaseWord.SHOWDOWN
    assert Phase.TRICKS.word is Phase.LAYOUT.word is PhaseWord.PLAY and Phase.KONTRA.word is PhaseWord.DEFENCE
    # The rules file's words are one enum: every word a mechanic's name, in the order the checks
    # run; each phase is run by the mechanic of its word (or by one way of running it).
    assert set(PHASES) == set(PhaseWord) and all(type(word) is PhaseWord for word in PHASES)
    for mechanic in MECHANICS:
        for runner in mechanic.phases:
            assert runner.name.word is (mechanic.part_of or mechanic.name)


def test_each_way_of_playing_says_the_phase_its_statements_are_rules_of():
    """The load check that a trick-play or layout statement stands where a contract plays that
    way reads the packages' declarations (`Mechanic.plays`), not a list of its own."""
    from referee.mechanics.vocabulary import Phase, PhaseWord

    ways = {m.name: m for m in MECHANICS if m.part_of is PhaseWord.PLAY}
    assert {name: m.plays for name, m in ways.items()} == {
        "tricks": Phase.TRICKS, "layout": Phase.LAYOUT, "claims": Phase.TRICKS}
    assert all(m.either_way <= m.statements for m in ways.values())
    assert all(m.plays is None and not m.either_way for m in MECHANICS if m.part_of is None)


def test_the_table_keeps_the_rules_files_phase_words(kierki):
    from referee.mechanics.vocabulary import PhaseWord
    from referee.model import load_game

    assert kierki.table.phases is not None
    assert all(type(word) is PhaseWord for word in kierki.table.phases.value)
    assert load_game("preferans").table.phases.value == (
        PhaseWord.AUCTION, PhaseWord.TALON_EXCHANGE, PhaseWord.DECLARATION, PhaseWord.DEFENCE, PhaseWord.PLAY)


@pytest.mark.parametrize("name", ["kierki", "preferans", "bouillotte", "barbu", "black_lady", "kierki_polish"])
def test_each_phase_says_the_words_a_player_may_be_asked_about(name):
    # `referee legal` rules only on words some phase of the game reads (the runners say which):
    # every action random play meets is among them, and no word of another game's phases is.
    import random

    from referee.interpreter import Match
    from referee.model import load_game
    from referee.options import words_read

    match = Match(load_game(name))
    rng = random.Random(3)
    match.draw_for_dealer(rng)
    hands, talon, upcards = match.deal_pack(rng)
    deal = match.new_deal(hands, talon=talon, upcards=upcards)
    words = words_read(deal)
    seen = set()
    while not deal.is_over():
        seen |= {a.kind for a in deal.legal_actions()}
        deal.push(rng.choice(deal.legal_moves()))
    assert seen <= words
    assert ("defend" in words) == (name == "preferans")
    assert ("open" in words) == (name == "bouillotte")


def test_a_node_without_a_reader_takes_its_children_in_order_one_each():
    from lark import Token

    from referee.front.syntax import Pos, read_in_order
    from referee.mechanics.tricks.syntax import TrumpSuit

    pos = Pos(1, 1, 0, 9)
    read = read_in_order(TrumpSuit)
    assert read(pos, [Token("CODE", "H")]) == TrumpSuit(pos=pos, suit=Token("CODE", "H"))
    with pytest.raises(ValueError, match="TrumpSuit takes"):
        read(pos, [Token("CODE", "H"), Token("CODE", "S")])



def test_a_copied_layout_deal_shares_its_tables_and_not_its_columns():
    # Deal.copy (perft, what-if search) copies the state slots and shares the compiled rules.
    import random

    from referee.interpreter import Match
    from referee.mechanics.vocabulary import Phase
    from referee.model import load_game

    match, rng = Match(load_game("barbu")), random.Random(1)
    match.draw_for_dealer(rng)
    for _ in range(28):
        hands, talon, upcards = match.deal_pack(rng)
        deal = match.new_deal(hands, talon=talon, upcards=upcards)
        while deal.phase not in (Phase.LAYOUT, Phase.OVER):
            deal.push(rng.choice(deal.legal_moves()))
        if deal.phase == Phase.LAYOUT:
            break
        match.finish_deal()
    assert deal.phase == Phase.LAYOUT and deal.layout is not None
    copy = deal.copy()
    assert copy.layout.tables is deal.layout.tables
    before = (dict(deal.layout.columns), bytes(deal.layout.placeable))
    while not copy.is_over():
        copy.push(rng.choice(copy.legal_moves()))
    assert copy.layout.columns != before[0]
    assert (dict(deal.layout.columns), bytes(deal.layout.placeable)) == before


def test_a_contracts_rules_hold_one_record_per_way_of_playing(kierki):
    from referee.mechanics.layout.rules import LayoutBuildKind, LayoutRules
    from referee.mechanics.tricks.rules import DutyKind, TrickRules
    from referee.mechanics.vocabulary import Phase
    from referee.model.game import ContractRules

    assert [f.name for f in dataclasses.fields(ContractRules)] == ["tricks", "layout", "only_dealer_doubled"]
    assert (TrickRules.contract_field, LayoutRules.contract_field) == ("tricks", "layout")
    no_king, loteryjka = kierki.contracts["no_king"], kierki.contracts["loteryjka"]
    assert no_king.plays is Phase.TRICKS and loteryjka.plays is Phase.LAYOUT
    assert isinstance(no_king.rules.tricks, TrickRules) and no_king.rules.layout is None
    assert [step.kind for step in no_king.rules.tricks.play_duty.value] == [DutyKind.FOLLOW, DutyKind.ANY]
    assert loteryjka.rules.layout.build.value is LayoutBuildKind.UP_AND_DOWN_IN_SUIT
    assert loteryjka.rules.layout.start.value.rank == "J" and loteryjka.rules.layout.start.clause == "K4.1"


def test_game_wide_and_contract_rules_merge_field_by_field(tmp_path):
    from pathlib import Path

    from referee.mechanics.tricks.rules import HeadDuty, ScoreKind
    from referee.model import load_game

    (tmp_path / "constructs.rules").write_bytes((Path(__file__).parent / "rules" / "constructs.rules").read_bytes())
    (tmp_path / "v.rules").write_text(
        'variant v "V" extends "constructs.rules"\n'
        'clause C5 "Two a trick in both; three more a trick in trumps." interpretation "A test." {\n'
        '  score 2 per trick\n'
        '  in trumps { score 3 per trick }\n'
        '}\n', encoding="utf-8")
    game = load_game(tmp_path / "v.rules")
    hearts, trumps = game.contracts["hearts"].rules.tricks, game.contracts["trumps"].rules.tricks
    # A single rule stated for the game reaches each contract; one stated in `in` is that contract's.
    assert hearts.head_duty.value is HeadDuty.ALWAYS and hearts.head_duty.clause == "C3"
    assert (hearts.trumps.value.any, trumps.trumps.value.named_by) == (False, "chooser")
    # A list of rules gathers the game's first, then the contract's, in the order of the file.
    assert [(s.value.kind, s.value.points, s.clause) for s in trumps.scores] == [
        (ScoreKind.PER_TRICK, 2, "C5"), (ScoreKind.PER_TRICK, 10, "C4"), (ScoreKind.PER_TRICK, 3, "C5")]
    assert [(s.value.kind, s.value.points) for s in hearts.scores] == [(ScoreKind.PER_TRICK, 2),
                                                                         (ScoreKind.PER_CARD, 1)]
    assert game.global_rules.tricks.scores == hearts.scores[:1] and game.global_rules.layout is None


def test_the_table_and_the_small_mechanics_read_into_typed_records(kierki):
    """What a shipped game states of its table, its contract choice, its doubling, its accounts and
    its winner, as the records on `Game` hold it (each rule with its clause)."""
    from referee.mechanics.contract_choice.rules import Chooser
    from referee.mechanics.doubling.rules import DoublingRules
    from referee.mechanics.table.rules import DrawKind, FirstDealerRule, PackChoice, PlayDirection, Side, TieBreak
    from referee.model import load_game
    from referee.model.game import Account, Winner

    table = kierki.table
    assert table.first_dealer.value == FirstDealerRule(DrawKind.DRAW, highest=True) and table.first_dealer.clause == "K1.2"
    assert table.draw_ties.value is TieBreak.REDRAW and table.draw_ties.clause == "K1.3"
    assert table.direction.value is PlayDirection.CLOCKWISE and table.cut is None
    assert [p.value for p in table.packs] == [PackChoice("standard", None)] and table.packs[0].clause == "K1.1"
    assert table.pack_for(4) is table.decks["standard"] and table.dealt_cards(4) == (13, 0, 0)
    choice = kierki.contract_choice
    assert choice.chooser.value is Chooser.ELDEST and not choice.by_dealer and choice.once.clause == "K2.3"
    assert kierki.doubling is None
    assert kierki.accounts["points"].value == Account("points") and kierki.winner.value == Winner(False, "points")
    assert kierki.winner.clause == "K6.2"

    bouillotte = load_game("bouillotte")
    assert bouillotte.table.first_dealer.value == FirstDealerRule(DrawKind.RANK, rank="K")
    assert bouillotte.table.cut.value is Side.LEFT and bouillotte.table.draw_ties is None
    assert bouillotte.table.direction.value is PlayDirection.COUNTERCLOCKWISE
    assert {p.value.players for p in bouillotte.table.packs} >= {3, 4, 5}

    barbu = load_game("barbu")
    assert barbu.doubling == DoublingRules("BB2.1", barbu.doubling.quota) and barbu.doubling.quota.value == 2
    assert barbu.doubling.quota.clause == "BB2.2" and barbu.contract_choice.by_dealer
