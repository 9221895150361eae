"""Polish Kierki as commonly played (rules/variants/kierki_polish.rules), a variant of the seed's
Kierki, and the constructs it added: contracts in a fixed order (K2.1 replaced), trumps named by
the dealer (K3.3 replaced), and a score for one numbered trick (KP5.2)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cli import main
from referee.errors import RulesDefinitionError
from referee.interpreter import Match
from referee.judge import judge
from referee.model import load_game
from referee.model.document import find_game
from referee.report import judgement_text
from referee.simulate import random_transcript

from .helpers import act, full_hands_by_suit

ORDER = ["no_tricks", "no_hearts", "no_queens", "no_kings_jacks", "no_king", "seventh_last", "rozbojnik",
         "trumps", "trumps", "trumps", "trumps", "loteryjka"]
# What each contract writes in a deal played to the end (the no-king deal ends when KH is taken).
TOTALS = {"no_tricks": -260, "no_hearts": -260, "no_queens": -240, "no_kings_jacks": -240, "no_king": -150,
          "seventh_last": -150, "rozbojnik": -1300, "trumps": 325, "loteryjka": 60}


@pytest.fixture(scope="module")
def game():
    return load_game("kierki_polish")


def _deal(game, number: int, hands=None, dealer: int = 3):
    match = Match(game)
    match.dealer = dealer
    written = hands or full_hands_by_suit(game)
    ids = [[match.table.card_id(c) for c in written[s].split()] for s in range(4)]
    match.results = [None] * number
    return match, match.new_deal(ids)


@pytest.mark.parametrize("number", range(12))
def test_each_deal_plays_the_contract_of_the_order(game, number):
    match, deal = _deal(game, number)
    if ORDER[number] == "trumps":
        assert deal.contract is None and deal.to_act == 3  # the dealer names trumps first
    else:
        assert deal.contract.id == ORDER[number] and deal.to_act == 0  # the eldest leads or moves


def test_the_dealer_names_trumps_before_the_first_lead(game):
    match, deal = _deal(game, 7)
    assert sorted(str(a) for a in deal.legal_actions()) == [f"choose trumps {s}" for s in "CDHS"]
    early = act(deal, 0, "play 2C")
    assert not early.legal and "out of turn" in early.describe(game)
    bare = act(deal, 3, "choose trumps")
    assert not bare.legal and bare.clauses[0] == "K3.3" and "must name the trump suit" in bare.describe(game)
    other = act(deal, 3, "choose no_tricks")
    assert not other.legal and other.clauses[0] == "K3.3"
    named = act(deal, 3, "choose trumps S")
    assert named.legal and named.clauses == ("K3.3",) and "names ♠ as trumps" in named.describe(game)
    assert deal.trump == match.table.suit_codes.index("S") and deal.to_act == 0


def test_a_starting_rank_named_by_the_dealer_is_named_in_turn(tmp_path):
    """`layout starts with rank named by dealer` in the loteryjka, whose deal the order fixes: the
    dealer names the rank first, as he names the trumps of a trump deal, and the layout starts with it."""
    path = tmp_path / "kierki_polish.rules"
    path.write_text(find_game("kierki_polish").read_text(encoding="utf-8").replace(
        "layout starts with rank J", "layout starts with rank named by dealer"), encoding="utf-8")
    named = load_game(str(path))
    match, deal = _deal(named, 11)
    assert deal.contract is None and deal.to_act == 3
    bare = act(deal, 3, "choose loteryjka")
    assert not bare.legal and bare.clauses[0] == "K4.1" and "starting rank" in bare.describe(named)
    seven = act(deal, 3, "choose loteryjka 7")
    assert seven.legal and seven.clauses[0] == "K4.1" and "names 7 as the starting rank" in seven.describe(named)
    # by suit, the eldest (seat 0) holds the clubs: only the seven may start a row
    assert deal.phase == "layout" and [deal.table.code(c) for c in deal.legal_moves()] == ["7C"]
    data = random_transcript(named, 2, whole_match=True, game_ref={"rules": path.name})
    assert judge(data, base=tmp_path).legal


def test_a_trump_wins_and_nobody_has_to_trump(game):
    match, deal = _deal(game, 7)  # by suit: seat 0 clubs, 1 diamonds, 2 hearts, 3 spades
    act(deal, 3, "choose trumps H")
    assert act(deal, 0, "play 2C").legal
    assert act(deal, 1, "play 2D").legal  # cannot follow, need not trump
    assert act(deal, 2, "play 2H").legal  # trumps
    assert act(deal, 3, "play AS").legal
    assert deal.to_act == 2 and deal.tricks_won[2] == 1


def test_the_seventh_and_the_last_trick_score(game):
    match, deal = _deal(game, 5)
    assert deal.contract.id == "seventh_last"
    deal.tricks.trick_winners = [0, 0, 0, 0, 0, 0, 2, 1, 1, 1, 1, 1, 3]
    lines = sorted((l.seat, l.points, l.clauses) for l in deal.result().scores)
    assert lines == [(2, -75, ("KP5.2",)), (3, -75, ("KP5.2",))]
    deal.tricks.trick_winners = [1] * 13
    assert [(l.seat, l.points) for l in deal.result().scores] == [(1, -75), (1, -75)]


@pytest.mark.parametrize("reading, contract, restricted", [
    ("hearts_deals", 1, True), ("hearts_deals", 0, False), ("hearts_deals", 6, True),
    ("no_tricks_deal", 0, True), ("no_tricks_deal", 1, False)])
def test_the_hearts_lead_follows_the_reading(reading, contract, restricted):
    game = load_game("kierki_polish", {"heart_lead": reading})
    hands = {0: "2H 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", 1: "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
             2: "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2C", 3: "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"}
    match, deal = _deal(game, contract, hands)
    verdict = act(deal, 0, "play 2H")
    assert verdict.legal is not restricted
    if restricted:
        assert verdict.clauses[0] == "K3.5"


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_matches_write_every_stated_total(game, seed):
    rng = random.Random(seed)
    match = Match(game)
    match.draw_for_dealer(rng)
    played = []
    while not match.is_over():
        deal = match.new_deal(match.deal_cards(rng))
        steps = 0
        while not deal.is_over():
            steps += 1
            assert steps <= 400
            deal.push(rng.choice(deal.legal_moves()))
        contract = deal.contract.id
        if deal.contract.plays == "tricks":
            assert sum(len(h) for h in deal.hands) + sum(len(t) for t in deal.taken) == 52
        result = match.finish_deal()
        total = sum(line.points for line in result.scores)
        if contract == "no_king":
            assert total == -150 and result.ended_early
        else:
            assert total == TOTALS[contract], (contract, total)
        played.append(contract)
    assert played == ORDER
    totals = match.totals
    assert match.result().winners == tuple(s for s, t in enumerate(totals) if t == max(totals))


def test_judge_finds_a_trump_named_by_the_wrong_seat(game):
    data = random_transcript(game, 3, whole_match=True, game_ref={"game": "kierki_polish"})
    assert judge(data).legal
    deal = data["deals"][7]
    first = deal["actions"][0]
    assert first["action"].startswith("choose trumps ") and first["seat"] == deal["dealer"]
    first["seat"] = (deal["dealer"] + 1) % 4
    report = judge(data)
    assert not report.legal and "out of turn" in judgement_text(report)


def test_command_line_plays_and_judges_a_whole_match(capsys, tmp_path):
    out = tmp_path / "m.json"
    assert main(["play", "kierki_polish", "--match", "--seed", "4", "-o", str(out)]) == 0
    capsys.readouterr()
    assert main(["judge", str(out)]) == 0
    text = capsys.readouterr().out
    assert text.count("contract Trump deal [K2.1") == 4 and "Match over." in text
    assert main(["games"]) == 0
    assert "  kierki_polish " in capsys.readouterr().out


HEAD = 'variant v "V" extends kierki_polish\n'


@pytest.mark.parametrize("body, message", [
    ('replace clause K2.1 "x" tradition "t" { deal phases play\n contracts in order no_tricks, hearts }',
     "unknown contract hearts"),
    ('replace clause K2.1 "x" tradition "t" { deal phases play\n contracts in order no_tricks, no_hearts }',
     "contract loteryjka is never played: the order leaves it out"),
    ('replace clause K2.1 "x" tradition "t" { deal phases contract choice, play\n contract chosen by eldest\n'
     ' contracts in order ' + ", ".join(ORDER) + ' }', "the contracts come in a fixed order"),
    ('replace clause KP5.2 "x" tradition "t" { in seventh_last { score -75 per trick number 0 } }',
     "tricks are numbered from 1"),
])
def test_new_statements_refuse_what_cannot_run(tmp_path, body, message):
    path = tmp_path / "v.rules"
    path.write_text(HEAD + body + "\n", encoding="utf-8")
    with pytest.raises(RulesDefinitionError) as info:
        load_game(path)
    assert message in str(info.value), str(info.value)
