"""Bouillotte (000_9f1560dba71e2804.txt and its marked supplements): scenarios per clause, the
source's numbers, and random sessions with chips conserved exactly."""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.interpreter import Action, Match
from referee.interpreter.players import play_out
from referee.judge import judge
from referee.mechanics.vocabulary import Phase
from referee.model import load_game
from referee.model.checks import hand_size
from referee.report import judgement_text

from .helpers import load_error, run


@pytest.fixture(scope="module")
def bouillotte():
    return load_game("bouillotte")


def start(game, hands: dict[int, str], upcard: str, dealer: int = 3, chips=None, players: int = 4):
    match = Match(game, players)
    match.dealer = dealer
    if chips is not None:
        match.accounts["chips"] = list(chips)
    ids = [[match.table.card_id(c) for c in hands[s].split()] for s in range(players)]
    deal = match.new_deal(ids, upcards=[match.table.card_id(upcard)])
    return match, deal


AGAIN = [(1, "call"), (2, "call"), (3, "call")]
"""With three or more players in, each caller has one more chance to raise (B4.3)."""



def lines(result):
    return [(l.seat, l.points) for l in result.scores if l.account == "chips"]


def net(match, before):
    return [a - b for a, b in zip(match.totals, before)]


def test_the_draw_of_the_king_and_the_ranks_below_it(bouillotte):
    """B2.1: one card of each rank from the king down is drawn, one to each player, whatever the
    suits; the king deals first. A draw of another rank, or of one rank twice, is not that draw."""
    match = Match(bouillotte)
    drawn = match.judge_draw([{0: "QC", 1: "KD", 2: "8S", 3: "9H"}])
    assert drawn.legal and match.dealer == 1 and drawn.clauses == ("B2.1",)
    for bad, seat, card in (({0: "QC", 1: "KD", 2: "AS", 3: "9H"}, 2, "A♠"),
                            ({0: "QC", 1: "KD", 2: "9S", 3: "9H"}, 3, "9♥")):
        verdict = Match(bouillotte).judge_draw([bad])
        assert not verdict.legal and verdict.clauses == ("B2.1",)
        assert f"one card of each rank from K down is drawn, one to each player, and seat {seat + 1} drew {card}." \
            in verdict.describe(bouillotte)


def test_the_numbers_the_source_and_tradition_state(bouillotte):
    table = Match(bouillotte).table
    points = {c.code: p for c, p in zip(table.cards, table.points)}
    assert points["AC"] == 11 and points["KC"] == points["QC"] == 10 and points["9C"] == 9  # line 4
    assert [len(bouillotte.table.pack_for(n).cards) for n in (3, 4, 5)] == [16, 20, 24]
    britannica = load_game("bouillotte", {"deck_rule": "britannica"})
    assert [len(britannica.table.pack_for(n).cards) for n in (3, 4, 5)] == [20, 24, 28]
    assert hand_size(bouillotte, 4) == 3                                  # three cards each (line 5)
    assert bouillotte.table.default_players == 4
    match, deal = start(bouillotte, {0: "AC AD AH", 1: "KC KD KS", 2: "9C 9D 9H", 3: "QC QD 8H"}, "8C")
    assert deal.betting.stake == [0, 0, 0, 1]                             # the dealer's one chip (line 2)


def test_brelans_beat_points_and_pay_bonuses(bouillotte):
    hands = {0: "AC AD AH", 1: "KC KD KS", 2: "9C 9D 9H", 3: "QC QD 8H"}
    match, deal = start(bouillotte, hands, "8C")
    assert deal.phase == "blinds" and deal.to_act == 0
    run(deal, [(0, "pass"), (0, "open 1"), (1, "call"), (2, "call"), (3, "call")] + AGAIN)
    assert deal.is_over()
    before = list(match.totals)
    result = match.finish_deal()
    assert net(match, before) == [6, 0, -2, -4]  # pot 4 to the aces; bonuses: aces 3, kings 2, nines 1
    pot = [l for l in result.scores if "pot won" in l.message][0]
    assert pot.seat == 0 and pot.text() == "4 pot won with a brelan of A" and pot.clauses[0] == "B5.1"
    bonus_clauses = {l.clauses for l in result.scores if "bonus" in l.message}
    assert bonus_clauses == {("B6.1",)}


def test_two_brelans_cancel_reading(bouillotte):
    game = load_game("bouillotte", {"two_brelans": "cancel"})
    match, deal = start(game, {0: "AC AD AH", 1: "KC KD KS", 2: "9C 9D 9H", 3: "QC QD 8H"}, "8C")
    run(deal, [(0, "pass"), (0, "open 1"), (1, "call"), (2, "call"), (3, "call")] + AGAIN)
    before = list(match.totals)
    match.finish_deal()
    assert net(match, before) == [4, 0, 0, -4]  # brelans pay each other nothing: only seat 3 pays


def test_brelan_carre_uses_the_turned_card(bouillotte):
    match, deal = start(bouillotte, {0: "AC AD AH", 1: "KC KD KS", 2: "9C 9D 9H", 3: "QC QD 8H"}, "KH")
    run(deal, [(0, "pass"), (0, "open 1"), (1, "call"), (2, "call"), (3, "call")] + AGAIN)
    result = match.finish_deal()
    pot = [l for l in result.scores if "pot won" in l.message][0]
    assert pot.seat == 1 and "brelan carré" in pot.text() and pot.clauses[0] == "B5.1"


@pytest.mark.parametrize("upcard_rule, winner", [("counts", 1), ("ignored", 0)])
def test_points_tie_goes_to_the_player_in_hand(upcard_rule, winner):
    """Clubs and diamonds both total 48 when the turned AD counts; the first player from the
    dealer's right who owns a tied suit wins (B5.4). Without the turned card clubs win alone."""
    game = load_game("bouillotte", {"upcard_in_points": upcard_rule})
    hands = {0: "AC 9C 8C", 1: "KD QD 9D", 2: "AS KS 8D", 3: "QC KC 8H"}
    match, deal = start(game, hands, "AD", dealer=0)
    run(deal, [(1, "pass"), (1, "open 1"), (2, "call"), (3, "call"), (0, "call"),
               (2, "call"), (3, "call"), (0, "call")])  # one more chance each (B4.3)
    result = match.finish_deal()
    pot = [l for l in result.scores if "pot won" in l.message][0]
    assert pot.seat == winner
    if upcard_rule == "counts":
        assert pot.text() == "4 pot won on points: 48 in ♦" and "B5.4" in pot.clauses


def test_side_pots_with_two_all_in_players(bouillotte):
    hands = {0: "AC AD 9S", 1: "KC KD KH", 2: "QC QD QH", 3: "9C 9D 8S"}
    match, deal = start(bouillotte, hands, "8C", chips=[100, 5, 20, 100])
    run(deal, [(0, "pass"), (0, "open 30"), (1, "call"), (2, "call"), (3, "call"), (3, "call")])
    assert deal.betting.all_in == {1, 2} and deal.is_over()
    result = match.finish_deal()
    pots = [(l.seat, l.points) for l in result.scores if "pot" in l.message]
    assert pots == [(1, 20), (2, 45), (0, 20)]   # main 5x4, side 15x3, side 10x2 (B4.4, B4.5)
    assert match.totals == [88, 23, 46, 68] and sum(match.totals) == 225
    side = [l for l in result.scores if "pot" in l.message][2]
    assert "B4.5" in side.clauses


def test_pass_out_carries_the_pot_and_the_next_ante_doubles_it(bouillotte):
    hands = {0: "AC AD KS", 1: "9C 9D 8H", 2: "QC QD 9H", 3: "KC KD 8S"}
    match, deal = start(bouillotte, hands, "8C")
    run(deal, [(0, "pass"), (0, "pass"), (1, "pass"), (2, "pass"), (3, "pass")])
    assert deal.betting.pass_out
    result = match.finish_deal()
    assert match.carry == 1 and match.dealer == 0          # the deal passes on (B2.4)
    assert any("stays for the next deal" in l.text() and "B3.2" in l.clauses for l in result.scores)
    ids = [[match.table.card_id(c) for c in hands[s].split()] for s in range(4)]
    deal = match.new_deal(ids, upcards=[match.table.card_id("8C")])
    assert deal.betting.pot == 2                            # the game is doubled (line 3)


def test_pass_out_after_a_blind_goes_to_the_blind(bouillotte):
    hands = {0: "AC AD KS", 1: "9C 9D 8H", 2: "QC QD 9H", 3: "KC KD 8S"}
    match, deal = start(bouillotte, hands, "8C")
    run(deal, [(0, "blind"), (1, "pass"), (1, "pass"), (2, "pass"), (3, "pass")])
    # Everyone else has passed: the pot is the blind bettor's now, he may not open (issue 11).
    assert deal.is_over() and not deal.judge(0, Action.parse("open 1")).legal
    before = list(match.totals)
    match.finish_deal()
    assert net(match, before)[0] == 1 and match.carry == 0  # takes back his blind and the ante


def test_blind_and_contre_carre_double_the_pot(bouillotte):
    hands = {0: "AC AD KS", 1: "9C 9D 8H", 2: "QC QD 9H", 3: "KC KD 8S"}
    match, deal = start(bouillotte, hands, "8C")
    run(deal, [(0, "blind"), (1, "blind"), (2, "pass")])
    assert deal.betting.stake == [1, 2, 0, 1] and deal.betting.pot == 4
    assert deal.phase == "betting" and deal.to_act == 2   # the last blind speaks last (B4.1)


def test_illegal_bets_cite_their_clauses(bouillotte):
    hands = {0: "AC AD KS", 1: "9C 9D 8H", 2: "QC QD 9H", 3: "KC KD 8S"}
    match, deal = start(bouillotte, hands, "8C", chips=[100, 3, 100, 100])
    out_of_turn = deal.play(2, Action.parse("blind"))
    assert not out_of_turn.legal and out_of_turn.clauses == ("B1.2", "B7.2")
    run(deal, [(0, "pass"), (0, "open 10")])
    over = deal.play(1, Action.parse("raise 50"))
    assert not over.legal and over.clauses == ("B4.4", "B7.2") and "only 3" in over.text()
    tapissier = deal.play(1, Action.parse("raise 3"))
    assert not tapissier.legal and tapissier.clauses == ("B4.4",) and "may not raise" in tapissier.text()
    assert deal.play(1, Action.parse("call")).legal and 1 in deal.betting.all_in


def test_a_blind_cannot_be_taken_back_and_a_short_player_cannot_open(bouillotte):
    hands = {0: "AC AD KS", 1: "9C 9D 8H", 2: "QC QD 9H", 3: "KC KD 8S"}
    match, deal = start(bouillotte, hands, "8C", chips=[100, 100, 0, 100])
    run(deal, [(0, "blind")])
    back = deal.play(0, Action.parse("withdraw"))
    assert not back.legal and back.clauses[0] == "B1.2"  # out of turn as well: seat 1 speaks
    run(deal, [(1, "pass")])
    assert deal.to_act == 1
    back = deal.play(1, Action.parse("withdraw"))
    assert not back.legal and back.clauses == ("B3.3", "B7.2")
    match, deal = start(bouillotte, hands, "8C", chips=[100, 100, 100, 100])
    run(deal, [(0, "blind"), (1, "blind"), (2, "pass")])
    deal.betting.chips[2] = 3  # seat 2 cannot match the largest stake (2) plus one
    short = deal.judge(2, Action.parse("open 3"))  # judged, not applied
    assert short.legal  # 3 chips do reach the largest stake
    deal.betting.chips[2] = 1
    short = deal.play(2, Action.parse("open 1"))
    assert not short.legal and short.clauses[0] == "B4.4" and "may not open" in short.text()


def test_fold_leaves_the_pot_to_the_last_player(bouillotte):
    hands = {0: "AC AD KS", 1: "9C 9D 8H", 2: "QC QD 9H", 3: "KC KD 8S"}
    match, deal = start(bouillotte, hands, "8C")
    run(deal, [(0, "pass"), (0, "open 5"), (1, "fold"), (2, "fold"), (3, "fold")])
    result = match.finish_deal()
    assert ("every other player folded" in [l for l in result.scores if "pot" in l.message][0].text())
    assert sum(match.totals) == 400


def test_one_exposed_card_pays_brelans_and_the_same_dealer_redeals(bouillotte):
    data = {"format": "referee-transcript/1", "game": "bouillotte", "players": 4, "first_dealer": 3,
            "deals": [{"dealer": 3, "hands": {"0": ["AC", "AD", "AH"], "1": ["KC", "KD", "8S"],
                                              "2": ["9C", "9D", "8H"], "3": ["QC", "QD", "8D"]},
                       "upcard": ["8C"], "irregularity": "one_exposed_card", "actions": []},
                      {"dealer": 3, "hands": {"0": ["AC", "AD", "8S"], "1": ["KC", "KD", "AH"],
                                              "2": ["9C", "9D", "8H"], "3": ["QC", "QD", "8D"]},
                       "upcard": ["8C"], "actions": [{"seat": 0, "action": "pass"}]}]}
    judgement = judge(json.loads(json.dumps(data)))
    assert judgement.legal
    first = judgement.deals[0]
    assert first.cancelled and first.totals == [103, 99, 99, 99] and first.ended_early == "B2.5"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([4, 5]))
def test_random_sessions_conserve_chips(bouillotte, seed, players):
    rng = random.Random(seed)
    match = Match(bouillotte, players)
    match.draw_for_dealer(rng)
    start_total = sum(match.totals)
    for _ in range(12):
        if match.is_over():
            break
        hands, talon, upcards = match.deal_pack(rng)
        deal = match.new_deal(hands, talon=talon, upcards=upcards)
        play_out(deal, rng, step_cap=500)  # a betting round that does not end fails here
        staked = sum(deal.betting.stake)
        carry_in = deal.betting.carry
        result = match.finish_deal()
        # What the match added up (known without the lines) is what the lines, once built, say.
        assert result.written == {account: [sum(l.points for l in result.scores if l.account == account and l.seat == s)
                                            for s in range(players)] for account in {l.account for l in result.scores}}
        pots = sum(l.points for l in result.scores if "pot" in l.message or "back:" in l.message)
        carried = match.carry
        assert pots + carried == staked + carry_in                 # the pots add up
        assert sum(match.totals) + match.carry == start_total      # chips are conserved exactly
        assert min(match.totals) >= 0                              # no stack goes negative


@pytest.mark.parametrize("carre_bonus, expected", [(1, [0, 6, -3, -3]), (5, [-4, 18, -7, -7])])
def test_carre_bonus_reading(carre_bonus, expected):
    """The brelan carré (kings with the turned king) wins the pot of 4 and collects the carré
    bonus from each player (B6.2); the brelan of aces still collects from the others, not from
    the higher carré (B6.1)."""
    game = load_game("bouillotte", {"carre_bonus": str(carre_bonus)})
    match, deal = start(game, {0: "AC AD AH", 1: "KC KD KS", 2: "9C 9D 8H", 3: "QC QD 8S"}, "KH")
    run(deal, [(0, "pass"), (0, "open 1"), (1, "call"), (2, "call"), (3, "call")] + AGAIN)
    before = list(match.totals)
    match.finish_deal()
    assert net(match, before) == expected


# -- issue 11: the defects found by the independent review -------------------------------------------


def test_a_caller_may_raise_again_when_three_or_more_remain(bouillotte):
    """B4.3: with more than two players in, betting ends only when all have called and then
    nobody raises again; each caller has one more chance. With two left a call ends it."""
    hands = {0: "AC AD KS", 1: "9C 9D 8H", 2: "QC QD 9H", 3: "KC KD 8S"}
    match, deal = start(bouillotte, hands, "8C")
    run(deal, [(0, "pass"), (0, "open 1"), (1, "call"), (2, "call"), (3, "call")])
    assert not deal.is_over() and deal.to_act == 1          # the opener is skipped
    raised = deal.play(1, Action.parse("raise 4"))
    assert raised.legal and deal.to_act == 2
    run(deal, [(2, "fold"), (3, "fold"), (0, "call")])       # two left: the call ends it
    assert deal.is_over() and deal.betting.stake == [5, 5, 1, 1]  # the dealer's ante held the open of 1


def test_with_all_called_ending_the_betting_there_is_no_second_chance(tmp_path):
    game = variant(tmp_path, ("betting ends when two are left and one calls\n", ""),
                   ("betting ends when all have called and none raises again", "betting ends when all have called"))
    match, deal = start(game, {0: "AC AD KS", 1: "9C 9D 8H", 2: "QC QD 9H", 3: "KC KD 8S"}, "8C")
    run(deal, [(0, "pass"), (0, "open 1"), (1, "call"), (2, "call"), (3, "call")])
    assert deal.is_over()
    late = deal.judge(1, Action.parse("raise 4"))
    assert not late.legal


def test_side_pot_with_tied_suits_does_not_depend_on_listing_order(bouillotte):
    """Seat 1 (all in) wins the main pot holding the ace of both suits tied at 29, clubs and
    hearts (the turned card ignored). The side pot between seats 0 and 2 is decided on both
    winning suits: seat 0 holds the best club left, seat 2 the best heart left, and the tie goes
    to the first from the eldest (B5.4), whatever order seat 1's cards are listed in."""
    game = load_game("bouillotte", {"upcard_in_points": "ignored"})
    winners = set()
    for one in ("AC AH 8D", "AH 8D AC", "8D AC AH"):
        hands = {0: "KC 8S 9D", 1: one, 2: "KH 9S 8C", 3: "8H QS QD"}
        match, deal = start(game, hands, "QC", chips=[100, 3, 100, 100])
        run(deal, [(0, "pass"), (0, "open 10"), (1, "call"), (2, "call"), (3, "fold"), (2, "call")])
        assert deal.is_over()
        result = match.finish_deal()
        main = [l for l in result.scores if "pot won on points" in l.message]
        assert [l.seat for l in main] == [1]
        side = [l for l in result.scores if "suit that won the main pot" in l.message]
        assert len(side) == 1 and "B5.4" in side[0].clauses
        winners.add(side[0].seat)
    assert winners == {0}


def test_two_brelans_cancel_applies_to_the_brelan_carre():
    """With two_brelans=cancel neither of two brelans pays the other, a carré included (B6.1)."""
    game = load_game("bouillotte", {"two_brelans": "cancel"})
    match, deal = start(game, {0: "AC AD AH", 1: "KC KD KS", 2: "9C 9D 8H", 3: "QC QD 8S"}, "KH")
    run(deal, [(0, "pass"), (0, "open 1"), (1, "call"), (2, "call"), (3, "call")] + AGAIN)
    before = list(match.totals)
    match.finish_deal()
    assert net(match, before) == [1, 5, -3, -3]  # pot 4 to the carré; each brelan collects from 2 and 3


def test_a_short_payer_pays_bonuses_in_turn_from_the_eldest(bouillotte):
    """Seat 3 has one chip left for two brelan bonuses: it goes to the holder first in turn from
    the eldest hand (seat 0, dealer 3), citing the clause that names the eldest."""
    match, deal = start(bouillotte, {0: "AC AD 8H", 1: "KC KD KS", 2: "9C 9D 9H", 3: "QC QD 8S"}, "8C",
                        dealer=3, chips=[100, 100, 100, 2])
    run(deal, [(0, "pass"), (0, "pass"), (1, "open 1"), (2, "call"), (3, "fold"), (0, "fold")])
    result = match.finish_deal()
    paid = [l for l in result.scores if "bonus for" in l.message and dict(l.values)["payer"] == 3]
    assert [(l.seat, l.points) for l in paid] == [(1, 1)] and "B2.3" in paid[0].clauses


# -- every alternative the statements offer runs --------------------------------------------------------


def variant(tmp_path, *replacements):
    text = (Path(__file__).parents[1] / "rules" / "bouillotte.rules").read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new)
    path = tmp_path / "bouillotte.rules"
    path.write_text(text, encoding="utf-8")
    return load_game(path)


ALTERNATIVES = {
    "blind of fixed chips": [("by eldest stakes pot", "by eldest stakes 2")],
    "blind three times the last": [("up to dealer stakes pot", "up to dealer stakes 3 times last blind")],
    "one contre-carre only": [("by each next player up to dealer stakes pot", "by next player stakes pot")],
    "raise at most the pot": [("raise by any amount", "raise by at most pot")],
    "pass drops out": [("pass before open may come in later", "pass before open drops out")],
    "eldest bets first": [("first bet by player after last blind, else eldest", "first bet by eldest")],
    "short player folds": [("short player may go all in", "short player must fold")],
    "all in wins whole pot": [("all in wins at most his stake from each player", "all in wins whole pot"),
                              ("stakes above all in form side pots\n", ""),
                              ("side pot won with suit that won main pot\n", "")],
    "excess goes back": [("stakes above all in form side pots", "stakes above all in go back"),
                         ("side pot won with suit that won main pot\n", "")],
    "side pot on its own points": [("side pot won with suit that won main pot", "side pot won like main pot")],
    "only players in show": [("everyone shows", "players still in show"),
                             ("folded hands count", "folded hands do not count")],
    "suit to most points": [("holding its highest card\n", "holding most points in it\n")],
}


@pytest.mark.parametrize("name", sorted(ALTERNATIVES))
def test_each_alternative_plays_and_changes_play_or_scores(tmp_path, name):
    from referee.simulate import random_transcript
    game = variant(tmp_path, *ALTERNATIVES[name])
    default = load_game("bouillotte")

    def shown(data, rules=None):
        data = json.loads(json.dumps(data))
        if rules is not None:
            data.pop("game", None)
            data["rules"] = rules.name
        judgement = judge(data, base=rules.parent if rules is not None else None)
        assert judgement.legal, judgement_text(judgement)
        return judgement_text(judgement).split("\n", 1)[1]

    for seed in range(30):
        mine = shown(random_transcript(game, seed, whole_match=True, max_deals=8), tmp_path / "bouillotte.rules")
        if mine != shown(random_transcript(default, seed, whole_match=True, max_deals=8)):
            return
    pytest.fail(f"{name} changed nothing in 30 seeded sessions")


def test_a_short_player_may_open_for_less_only_when_the_rules_say_so(bouillotte, tmp_path):
    """B4.4: a player who cannot reach the largest stake may not open; the other reading lets
    him open with all he has."""
    hands = {0: "AC AD KS", 1: "9C 9D 8H", 2: "QC QD 9H", 3: "KC KD 8S"}
    for game, legal in ((bouillotte, False),
                        (variant(tmp_path, ("all in may not open or raise", "all in may open for less")), True)):
        match, deal = start(game, hands, "8C", chips=[100, 100, 1, 100])
        run(deal, [(0, "blind"), (1, "blind"), (2, "pass")])  # the largest stake is now 2
        assert deal.to_act == 2 and deal.judge(2, Action.parse("open 1")).legal is legal


# -- irregularities met only in recorded deals ------------------------------------------------------------


@pytest.mark.parametrize("irregularity", ["misdeal", "exposed_card"])
def test_a_misdeal_or_exposed_cards_are_redealt_by_the_same_dealer_without_bonuses(irregularity):
    """B2.5: the same dealer deals again; nothing is paid (only one exposed card pays brelans)."""
    data = {"format": "referee-transcript/1", "game": "bouillotte", "players": 4, "first_dealer": 3,
            "deals": [{"dealer": 3, "hands": {"0": ["AC", "AD", "AH"], "1": ["KC", "KD", "8S"],
                                              "2": ["9C", "9D", "8H"], "3": ["QC", "QD", "8D"]},
                       "upcard": ["8C"], "irregularity": irregularity, "actions": []},
                      {"dealer": 3, "hands": {"0": ["AC", "AD", "8S"], "1": ["KC", "KD", "AH"],
                                              "2": ["9C", "9D", "8H"], "3": ["QC", "QD", "8D"]},
                       "upcard": ["8C"], "actions": [{"seat": 0, "action": "pass"}]}]}
    judgement = judge(json.loads(json.dumps(data)))
    assert judgement.legal
    first = judgement.deals[0]
    assert first.cancelled and first.totals == [100, 100, 100, 100] and first.ended_early == "B2.5"
    assert judgement.deals[1].dealer == 3


@pytest.mark.parametrize("old, new, message", [
    ("deal 1 each until 3, 1 face up", "deal 1 each until 3", "no card is turned up in this deal"),
    ("card points A 11, K 10, Q 10, J 10, others pips", "", "suit totals need the points of the cards"),
])
def test_a_showdown_that_could_not_be_decided_is_refused_at_load(tmp_path, old, new, message):
    from referee.errors import RulesDefinitionError
    with pytest.raises(RulesDefinitionError, match=message):
        variant(tmp_path, (old, new))


# -- issue 26: no turn that nobody can answer ---------------------------------------------------------


def test_the_last_player_with_chips_gets_no_turn_once_he_has_called(bouillotte):
    """Seats 1 and 2 raise all in, seat 3 folds and seat 0 calls: he is the only player left with
    chips and holds the largest stake, so nobody could answer a raise of his and the betting is
    over (B4.3, B4.4). It used to offer him one more chance to raise, and a judged deal that
    ended there came back unfinished."""
    hands = {0: "AC AD KS", 1: "9C 9D 8H", 2: "QC QD 9H", 3: "KC KD 8S"}
    match, deal = start(bouillotte, hands, "8C", chips=[100, 5, 20, 100])
    run(deal, [(0, "pass"), (0, "open 3"), (1, "raise 5"), (2, "raise 20"), (3, "fold"), (0, "call")])
    assert deal.betting.all_in == {1, 2} and deal.is_over()
    assert not deal.judge(0, Action.parse("raise 10")).legal


def test_a_judged_deal_that_left_one_player_with_chips_is_finished():
    """The same in a judged session of caves of 20: after the first deal the dealer has one chip
    more than the others. In the second, everyone else goes all in and he calls with one chip
    to spare; the deal is over and the transcript is legal, not unfinished."""
    hands = {"0": ["AC", "AD", "KS"], "1": ["9C", "9D", "8H"], "2": ["QC", "QD", "9H"], "3": ["KC", "KD", "8S"]}
    second = [(1, "pass"), (1, "open 3"), (2, "raise 20"), (3, "call"), (0, "call"), (1, "call")]
    data = {"format": "referee-transcript/1", "game": "bouillotte", "players": 4, "first_dealer": 3,
            "parameters": {"cave": 20},
            "deals": [{"dealer": 3, "hands": hands, "upcard": ["8C"],
                       "actions": [{"seat": s, "action": a} for s, a in
                                   [(0, "pass"), (0, "open 5"), (1, "fold"), (2, "fold"), (3, "fold")]]},
                      {"dealer": 0, "hands": hands, "upcard": ["8C"],
                       "actions": [{"seat": s, "action": a} for s, a in second]}]}
    judgement = judge(data)
    assert judgement.verdict == "legal" and judgement.deals[1].finished
    assert judgement.deals[1].totals == [80, 0, 0, 0]  # his spare chip and the pot of 20 + 20 + 20 + 19


def _answerable(state, seat: int) -> bool:
    """Whether a turn of `seat` in the open betting is one somebody's move answers: he has chips
    to put in to reach the largest stake, or another player still able to bet could answer a
    raise of his."""
    others = state.everyone & ~state.folded_mask & ~state.all_in_mask & ~(1 << seat)
    return state.top > state.stake[seat] or others != 0


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([3, 4, 5]), cave=st.sampled_from([3, 6, 12, 25]))
def test_random_play_offers_no_turn_that_nobody_can_answer(seed, players, cave):
    """Random sessions with small caves, so that stacks differ and players go all in often: at
    every turn of the open betting, the player to speak either must put in chips or faces a
    player who could answer him (issue 26)."""
    game = _with_cave(cave)
    rng = random.Random(seed)
    match = Match(game, players)
    match.draw_for_dealer(rng)
    for _ in range(8):
        if match.is_over() or sum(1 for chips in match.totals if chips > 0) < 2:
            break
        hands, talon, upcards = match.deal_pack(rng)
        deal = match.new_deal(hands, talon=talon, upcards=upcards)
        for _step in range(500):
            if deal.is_over():
                break
            state = deal.betting
            if deal.phase == "betting" and state.opened:
                assert _answerable(state, deal.to_act), (seed, deal.history)
            deal.random_betting(rng, 1)
        assert deal.is_over()  # within 500 moves
        match.finish_deal()


@functools.cache
def _with_cave(cave: int):
    return load_game("bouillotte", {"cave": str(cave)})


# -- issue 26: the readings the casebook used to decline ---------------------------------------------


def _replay_case(ruling: str, index: int):
    from referee.rulings import find_ruling, replay
    found = find_ruling(ruling)
    return replay(found, found.cases[index])


def test_a_level_player_may_fold_unless_the_reading_forbids_it():
    game = load_game("bouillotte", {"level_fold": "forbidden"})
    match, deal = start(game, {0: "AC AD KS", 1: "9C 9D 8H", 2: "QC QD 9H", 3: "KC KD 8S"}, "8C")
    run(deal, [(0, "pass"), (0, "open 1"), (1, "fold"), (2, "fold")])
    refused = deal.judge(3, Action.parse("fold"))  # the dealer's ante equals the open
    assert not refused.legal and refused.clauses == ("B4.2",) and "may not fold" in refused.text()
    assert deal.play(3, Action.parse("call")).legal


def test_a_raise_nobody_can_call_is_refused_only_under_its_reading():
    hands = {0: "AC AD KS", 1: "9C 9D 8H", 2: "QC QD 9H", 3: "KC KD 8S"}
    script = [(0, "pass"), (0, "open 3"), (1, "raise 5"), (2, "raise 20"), (3, "fold")]
    for reading, legal in (("allowed", True), ("forbidden", False)):
        game = load_game("bouillotte", {"lone_raise": reading})
        match, deal = start(game, hands, "8C", chips=[100, 5, 20, 100])
        run(deal, script)
        raised = deal.judge(0, Action.parse("raise 30"))
        assert raised.legal is legal and (legal or raised.clauses == ("B4.2",))
        assert deal.judge(0, Action.parse("call")).legal and deal.judge(0, Action.parse("fold")).legal


@pytest.mark.parametrize("start_at, winner", [("eldest", 0), ("dealer", 3)])
def test_equal_totals_go_to_the_first_from_the_eldest_or_from_the_dealer(start_at, winner):
    """The ruling's second transcript: the dealer (seat 4) ties with seat 1 (B5.4)."""
    replayed = _replay_case("40", 1 if start_at == "eldest" else 2)
    assert replayed.verdict == "legal"
    assert max(range(4), key=lambda s: replayed.totals[s]) == winner


def test_folded_hands_count_in_the_suit_totals_unless_the_reading_ignores_them():
    default, ignored = _replay_case("31", 2), _replay_case("31", 3)
    assert default.totals == (99, 99, 97, 105) and ignored.totals == (99, 99, 105, 97)


def test_a_side_pot_goes_with_the_main_suit_or_with_its_own_showdown():
    main, own = _replay_case("41", 1), _replay_case("41", 2)
    assert main.totals == (12, 0, 4, 16) and own.totals == (14, 0, 2, 16)


def test_after_a_misdeal_the_same_dealer_or_the_next_deals_again():
    same, moved = _replay_case("32", 0), _replay_case("32", 1)
    assert dict(moved.case.params) == {"misdeal_redealer": "next"}
    assert same.verdict == "legal" and moved.verdict == "illegal" and moved.where == "deals[1].dealer"


def test_several_exposed_cards_complete_the_deal_only_under_their_reading():
    plain, completed = _replay_case("32", 2), _replay_case("32", 3)
    assert dict(completed.case.params) == {"exposed_cards": "any"}
    assert plain.totals == (153, 75, 97, 75) and completed.totals == (152, 74, 96, 78)  # the brelan paid
    assert "B6.1" in completed.cites and "B6.1" not in plain.cites


def test_two_blinds_only_under_the_reading_that_names_two():
    to_dealer, two = _replay_case("82", 0), _replay_case("82", 1)
    assert to_dealer.verdict == "legal" and two.verdict == "illegal" and two.where == "deals[0].actions[3]"


# -- issue 26: the brelan carré anglais (B5.2, source line 9) -------------------------------------------

ANGLAIS = {0: "AC AD 8S", 1: "9D 9H 9S", 2: "KC KD KH", 3: "QC QD 8H"}
"""Seat 2's brelan of kings meets seat 1's brelan carré of nines (the turned nine); the fourth king
is in the stock."""
ANGLAIS_BETTING = [(0, "pass"), (0, "open 1"), (1, "call"), (2, "call"), (3, "fold"), (1, "call"), (2, "call")]


ANGLAIS_READINGS = ("carre_anglais", "anglais_card", "anglais_gain", "anglais_tie")
"""The readings of B5.2, each switched on by a test below."""


def _anglais(**readings):
    assert set(readings) <= set(ANGLAIS_READINGS)
    game = load_game("bouillotte", {"carre_anglais": "on", **readings})
    match, deal = start(game, ANGLAIS, "9C")
    run(deal, ANGLAIS_BETTING)
    return match, deal


def _pot_winner(result):
    return [l.seat for l in result.scores if "pot won" in l.message][0]


def test_without_the_carre_anglais_the_brelan_does_not_draw(bouillotte):
    match, deal = start(bouillotte, ANGLAIS, "9C")
    run(deal, ANGLAIS_BETTING)
    assert deal.is_over() and _pot_winner(match.finish_deal()) == 1


def test_the_brelan_facing_a_carre_turns_up_the_top_or_the_bottom_card_of_the_stock():
    match, deal = _anglais()
    assert deal.phase == "stock_draw" and deal.to_act == 2 and not deal.is_over()
    legal = {str(a) for a in deal.legal_actions()}
    assert {"draw top KS", "draw bottom KS", "pass"} <= legal and len(legal) == 2 * 7 + 1  # seven in the stock
    dealt = deal.judge(2, Action.parse("draw top 9C"))
    assert not dealt.legal and "not in the stock" in dealt.text() and dealt.clauses == ("B5.2",)
    assert not deal.judge(1, Action.parse("draw top KS")).legal  # the carré does not draw
    drew = deal.play(2, Action.parse("draw bottom KS"))
    assert drew.legal and drew.clauses == ("B5.2",) and deal.is_over()
    result = match.finish_deal()
    pot = [l for l in result.scores if "pot won" in l.message][0]
    assert pot.seat == 1 and "B5.2" in pot.clauses  # the dealt carré wins the meeting of carrés


def test_what_the_drawn_card_wins_and_which_carre_wins_are_readings():
    match, deal = _anglais(anglais_tie="rank")
    run(deal, [(2, "draw top KS")])
    assert _pot_winner(match.finish_deal()) == 2  # kings above nines
    match, deal = _anglais(anglais_tie="rank", anglais_gain="bonus")
    run(deal, [(2, "draw top KS")])
    result = match.finish_deal()
    assert _pot_winner(result) == 1  # the pot goes as dealt; the kings are paid as a carré
    assert any(l.seat == 2 and "brelan carré" in l.text() for l in result.scores if l.points > 0)


def test_a_card_of_another_rank_or_declining_leaves_the_hands_as_dealt():
    for move in ("draw top AH", "pass"):
        match, deal = _anglais(anglais_tie="rank")
        run(deal, [(2, move)])
        assert deal.is_over() and _pot_winner(match.finish_deal()) == 1


def test_only_the_top_card_under_its_reading():
    match, deal = _anglais(anglais_card="top")
    bottom = deal.judge(2, Action.parse("draw bottom KS"))
    assert not bottom.legal and bottom.clauses == ("B5.2",) and "only the top card" in bottom.text()
    assert deal.judge(2, Action.parse("draw top KS")).legal
    assert {str(a) for a in deal.legal_actions()} >= {"draw top KS"} and "draw bottom KS" not in {
        str(a) for a in deal.legal_actions()}


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_sessions_with_the_carre_anglais_conserve_chips(seed):
    game = _anglais_game()
    rng = random.Random(seed)
    match = Match(game, 4)
    match.draw_for_dealer(rng)
    for _ in range(6):
        hands, talon, upcards = match.deal_pack(rng)
        deal = match.new_deal(hands, talon=talon, upcards=upcards)
        play_out(deal, rng, step_cap=500)
        match.finish_deal()
        assert sum(match.totals) + match.carry == 400 and min(match.totals) >= 0


@functools.cache
def _anglais_game():
    return load_game("bouillotte", {"carre_anglais": "on"})


# -- the timed session (B4.6) -------------------------------------------------------------------------


def _broken_after_one_deal(game):
    """A match whose seat 0 has just lost every chip (the accounts as a deal would leave them)."""
    match, deal = start(game, {0: "AC AD KS", 1: "9C 9D 8H", 2: "QC QD 9H", 3: "KC KD 8S"}, "8C")
    run(deal, [(0, "pass"), (0, "pass"), (1, "pass"), (2, "pass"), (3, "pass")])
    match.finish_deal()
    match.accounts["chips"][1] += match.accounts["chips"][0]
    match.accounts["chips"][0] = 0
    return match


@pytest.mark.parametrize("session, minutes", [("hour", 60), ("half_hour", 30), ("quarter_hour", 15)])
def test_a_broken_player_in_a_timed_session_buys_back_and_plays_on(session, minutes):
    game = load_game("bouillotte", {"session": session, "cave": "40"})
    assert game.vying.session.value.count == minutes and game.vying.session.clause == "B4.6"
    match = _broken_after_one_deal(game)
    assert match.broken_seats() == () and not match.is_over()
    hands, _talon, upcards = match.deal_pack(random.Random(1))
    match.new_deal(hands, upcards=upcards)
    assert match.bought_now == (0,) and match.totals[0] == 40 and match.bought == [40, 0, 0, 0]
    assert match.result().totals[0] == 0  # the chips bought back are not won


def test_a_broken_player_of_an_untimed_session_gives_up_his_seat(bouillotte):
    match = _broken_after_one_deal(bouillotte)
    assert match.broken_seats() == (0,) and match.is_over()


def test_a_session_of_a_number_of_deals_ends_after_them(tmp_path):
    text = Path("rules/bouillotte.rules").read_text(encoding="utf-8").replace(
        "session lasts 60 minutes", "session lasts 2 deals")
    path = tmp_path / "bouillotte.rules"
    path.write_text(text, encoding="utf-8")
    game = load_game(str(path), {"session": "hour"})
    match = _broken_after_one_deal(game)
    assert not match.is_over() and match.remaining().deals == 1 and match.remaining().clause == "B4.6"


def test_a_timed_session_needs_a_buy_back_and_a_buy_back_a_timed_session(tmp_path):
    text = Path("rules/bouillotte.rules").read_text(encoding="utf-8")
    no_rebuy = text.replace("    broken player buys back $cave chips\n", "")
    error = load_error(tmp_path, no_rebuy.replace("default untimed", "default hour", 1))
    assert "a broken player may not leave" in error and "broken player buys back" in error
    stray = text.replace("  broken player leaves seat unless session is timed\n",
                         "  broken player leaves seat\n").replace("default untimed", "default hour", 1)
    assert "he never buys back" in load_error(tmp_path, stray)


def test_the_deal_passes_across_the_table_only_under_its_reading_and_only_at_four():
    """B2.4, visavi=opposite: the literal reading of "the player opposite takes over"."""
    from referee.errors import UsageError

    game = load_game("bouillotte", {"visavi": "opposite"})
    match = Match(game, 4)
    match.dealer = 1
    hands, _talon, upcards = match.deal_pack(random.Random(2))
    match.new_deal(hands, upcards=upcards)
    run(match.deal, [(2, "pass"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "pass")])
    match.finish_deal()
    assert match.dealer == 3 and match.rotation_clause == "B2.4"
    with pytest.raises(UsageError, match="no seat opposite"):
        Match(game, 5)


@pytest.mark.parametrize("reading, winner", [("survivor", 1), ("nobody", 3)])
def test_an_ace_in_a_folded_hand_leaves_its_suit_to_a_survivor_or_to_nobody(reading, winner):
    """Ruling 84 (B5.3): spades are the best suit and their ace has folded."""
    replayed = _replay_case("84", 0 if reading == "survivor" else 1)
    assert replayed.verdict == "legal"
    assert max(range(4), key=lambda s: replayed.totals[s]) == winner
    game = load_game("bouillotte", {"suit_owner": reading})
    assert game.vying.suit_owner.value.value.endswith("even if folded") is (reading == "nobody")


@pytest.mark.parametrize("reading, paid", [("everyone", 5), ("dealer", 1)])
def test_after_a_pass_out_everyone_antes_again_or_the_dealer_alone(reading, paid):
    """B3.1 under ante_rule=each: the antes of the deal after everyone passed (ruling 77)."""
    game = load_game("bouillotte", {"ante_rule": "each", "pass_out_ante": reading})
    match, deal = start(game, {0: "AC AD KS", 1: "9C 9D 8H", 2: "QC QD 9H", 3: "KC KD 8S"}, "8C")
    run(deal, [(0, "pass"), (0, "pass"), (1, "pass"), (2, "pass"), (3, "pass")])
    match.finish_deal()
    assert match.carry == 5
    before = sum(match.totals)
    hands, _talon, upcards = match.deal_pack(random.Random(4))
    deal = match.new_deal(hands, upcards=upcards)
    assert before - sum(deal.betting.chips) == paid


def test_the_carre_may_buy_back_the_last_word_only_under_its_reading():
    """B3.3, buy_back=yes: after the contre-carré the carré doubles the pot once more and speaks
    last; declining lets the blinds go on, and the next blind offers the buy-back again."""
    hands = {0: "AC AD KS", 1: "9C 9D 8H", 2: "QC QD 9H", 3: "KC KD 8S"}
    game = load_game("bouillotte", {"buy_back": "yes"})
    match, deal = start(game, hands, "8C")
    run(deal, [(0, "blind"), (1, "blind")])
    assert deal.to_act == 0 and deal.betting.buying_back
    run(deal, [(0, "blind")])
    assert deal.betting.stake == [5, 2, 0, 1] and deal.betting.blinders == [0, 1, 0]
    assert deal.phase is Phase.BETTING and deal.to_act == 1  # the player after the last blind
    match, deal = start(game, hands, "8C")
    run(deal, [(0, "blind"), (1, "blind"), (0, "pass"), (2, "blind")])
    assert deal.to_act == 1 and deal.betting.buying_back  # now the contre-carré may buy back
    _, default = start(load_game("bouillotte"), hands, "8C")
    run(default, [(0, "blind"), (1, "blind")])
    assert default.to_act == 2 and not default.judge(0, Action.parse("blind")).legal


def test_a_buy_back_needs_a_blind_after_the_first(tmp_path):
    text = Path("rules/bouillotte.rules").read_text(encoding="utf-8").replace(
        "default to_dealer", "default two").replace("default no\n", "default yes\n", 1)
    lone = text.replace('    blind contre_carre "contre-carré" by next player stakes pot\n', "")
    assert "no blind bettor comes before another" in load_error(tmp_path, lone)
