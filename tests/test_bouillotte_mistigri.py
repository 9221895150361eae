"""Bouillotte with the brelan de mistigri and the brelan favori (rules/variants/
bouillotte_mistigri.rules), and the hand pattern it added: `pair with CARD`."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cli import main
from referee.errors import RulesDefinitionError
from referee.interpreter import Match
from referee.interpreter.players import play_out
from referee.judge import judge
from referee.model import load_game
from referee.simulate import random_transcript

from .test_bouillotte import AGAIN, run, start

SHOW = [(0, "pass"), (0, "open 1"), (1, "call"), (2, "call"), (3, "call")] + AGAIN


@pytest.fixture(scope="module")
def game():
    return load_game("bouillotte_mistigri")


def _pot(match):
    result = match.finish_deal()
    return [l for l in result.scores if "pot won" in l.message][0], result


def test_the_queen_of_clubs_with_a_pair_beats_points(game):
    match, deal = start(game, {0: "AD AH 9C", 1: "KC KD QC", 2: "9D 8H 8S", 3: "QD QH AS"}, "9S")
    run(deal, SHOW)
    pot, result = _pot(match)
    assert pot.seat == 1 and pot.text() == "4 pot won with a brelan de mistigri of K" and pot.clauses[0] == "B5.1"
    assert not [l for l in result.scores if "bonus" in l.message]  # no bonus for a mistigri


def test_a_true_brelan_and_a_favori_beat_the_mistigri(game):
    hands = {0: "AD AH AC", 1: "KC KD QC", 2: "9D 8H 8S", 3: "QD QH AS"}
    match, deal = start(game, hands, "9S")
    run(deal, SHOW)
    assert _pot(match)[0].seat == 0
    # a pair of nines with the turned nine is a brelan favori, above the mistigri
    match, deal = start(game, {0: "9C 9D AH", 1: "KC KD QC", 2: "AD 8H 8S", 3: "QD QH AS"}, "9S")
    run(deal, SHOW)
    pot = _pot(match)[0]
    assert pot.seat == 0 and "brelan favori" in pot.text()


def test_a_pair_without_the_queen_of_clubs_is_no_hand(game):
    match, deal = start(game, {0: "AD AH 9C", 1: "KD KH QC", 2: "9D 8H 8S", 3: "QD QH AS"}, "9S")
    run(deal, SHOW)
    # seat 1 holds K K and the queen of clubs; seat 0 holds a pair of aces without it: points for
    # seat 0 lose to the mistigri, whatever the suits
    assert _pot(match)[0].seat == 1


def test_three_queens_with_the_queen_of_clubs_are_a_true_brelan(game):
    match, deal = start(game, {0: "QC QD QH", 1: "KD KH 9C", 2: "9D 8H 8S", 3: "AD AH AS"}, "9S")
    run(deal, SHOW)
    pot, result = _pot(match)
    assert pot.seat == 3 and "brelan of A" in pot.text()  # aces beat queens: both true brelans
    assert {l.seat for l in result.scores if "bonus" in l.message} >= {0, 3}


def test_pair_with_names_a_card_of_the_pack(tmp_path):
    path = tmp_path / "v.rules"
    path.write_text('variant v "V" extends bouillotte_mistigri\nreplace clause B5.1 "x" tradition "t" {\n'
                    '  hand brelan_carre "c" three of a kind of turned rank\n  hand brelan "b" three of a kind\n'
                    '  hand m "m" pair with ZZ\n  hand points "p" highest suit total\n'
                    '  hands rank as listed, higher cards first\n}\n', encoding="utf-8")
    with pytest.raises(RulesDefinitionError) as info:
        load_game(path)
    assert "the pack has no card ZZ" in str(info.value) and str(info.value).startswith(f"{path}:5:")


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([4, 5]))
def test_random_sessions_conserve_chips(game, seed, players):
    rng = random.Random(seed)
    match = Match(game, players)
    match.draw_for_dealer(rng)
    start_total = sum(match.totals)
    for _ in range(10):
        if match.is_over():
            break
        hands, talon, upcards = match.deal_pack(rng)
        assert len({c for h in hands for c in h} | set(upcards)) == 3 * players + len(upcards)
        deal = match.new_deal(hands, talon=talon, upcards=upcards)
        play_out(deal, rng, step_cap=500)
        match.finish_deal()
        assert sum(match.totals) + match.carry == start_total
        assert min(match.totals) >= 0


def test_sessions_play_and_judge(game, capsys, tmp_path):
    data = random_transcript(game, 6, whole_match=True, game_ref={"game": "bouillotte_mistigri"})
    assert judge(data).legal
    out = tmp_path / "s.json"
    assert main(["play", "bouillotte_mistigri", "--match", "--seed", "6", "-o", str(out)]) == 0
    assert main(["judge", str(out)]) == 0
    assert main(["games"]) == 0
    assert "  bouillotte_mistigri " in capsys.readouterr().out


# -- Bouillotte without brelans (rules/variants/bouillotte_sans_brelan.rules) -------------------------

def test_without_brelans_three_aces_win_nothing_by_themselves():
    game = load_game("bouillotte_sans_brelan")
    # Seat 0's three aces are no brelan: the pot goes on points, to the owner of the best suit
    # (diamonds, 38 with the turned nine not counted in it: A, Q, 9, 8), which is seat 0's ace.
    hands = {0: "AC AD AH", 1: "QC QD 8C", 2: "9D 9H 8D", 3: "KS QS 8S"}
    match, deal = start(game, hands, "9S")
    run(deal, SHOW)
    result = match.finish_deal()
    pot = [l for l in result.scores if "pot won" in l.message][0]
    assert pot.seat == 0 and pot.text() == "4 pot won on points: 38 in ♦" and pot.clauses[0] == "B5.1"
    assert not [l for l in result.scores if "bonus" in l.message]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_without_brelans_sessions_conserve_chips(seed):
    game = load_game("bouillotte_sans_brelan")
    rng = random.Random(seed)
    match = Match(game, 4)
    match.draw_for_dealer(rng)
    start_total = sum(match.totals)
    for _ in range(10):
        if match.is_over():
            break
        hands, talon, upcards = match.deal_pack(rng)
        deal = match.new_deal(hands, talon=talon, upcards=upcards)
        play_out(deal, rng, step_cap=500)
        result = match.finish_deal()
        assert all("brelan" not in l.text() for l in result.scores)
        assert sum(match.totals) + match.carry == start_total


def test_without_brelans_plays_and_judges(capsys, tmp_path):
    out = tmp_path / "s.json"
    assert main(["play", "bouillotte_sans_brelan", "--match", "--seed", "3", "-o", str(out)]) == 0
    assert main(["judge", str(out)]) == 0
    assert "Match over." in capsys.readouterr().out


@pytest.mark.parametrize("irregularity", ["misdeal", "exposed_card", "one_exposed_card"])
def test_without_brelans_a_cancelled_deal_is_redealt_and_pays_nothing(irregularity):
    hands = {"0": ["AC", "AD", "AH"], "1": ["KC", "KD", "8S"], "2": ["9C", "9D", "8H"], "3": ["QC", "QD", "8D"]}
    data = {"format": "referee-transcript/1", "game": "bouillotte_sans_brelan", "players": 4, "first_dealer": 3,
            "deals": [{"dealer": 3, "hands": hands, "upcard": ["8C"], "irregularity": irregularity, "actions": []},
                      {"dealer": 3, "hands": hands, "upcard": ["8C"], "actions": [{"seat": 0, "action": "pass"}]}]}
    judgement = judge(data)
    assert judgement.legal
    first = judgement.deals[0]
    # The three aces collect nothing (no brelans), and the same dealer deals again (B2.5 replaced).
    assert first.cancelled and first.totals == [100, 100, 100, 100] and first.ended_early == "B2.5"
