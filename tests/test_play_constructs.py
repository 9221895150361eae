"""The general trick-play constructs, in a small test game (tests/rules/constructs.rules):
trumps named by the chooser, heading and overtrumping, the holder of a card leading, scoring the
last tricks, a match that ends on one player's total, and ties in the draw broken by suit."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.interpreter import Match
from referee.judge import judge
from referee.model import load_game
from referee.simulate import random_transcript

from .helpers import act, start_deal

RULES = Path(__file__).parent / "rules" / "constructs.rules"
HANDS = {
    0: "2C 3C 4C 2D 3D 4D 2H 3H 4H 2S 3S 4S 5S",
    1: "5C 6C 7C 5D 6D 7D 5H 6H 7H 6S 7S 8S 9S",
    2: "8C 9C 10C 8D 9D 10D 8H 9H 10H 10S JS QS KS",
    3: "JC QC KC AC JD QD KD AD JH QH KH AH AS",
}


@pytest.fixture(scope="module")
def game():
    return load_game(RULES)


def test_the_chooser_names_trumps_with_the_contract(game):
    match, deal = start_deal(game, HANDS, dealer=1)  # seat 2 is eldest and chooses
    actions = {str(a) for a in deal.legal_actions()}
    assert {"choose trumps C", "choose trumps S", "choose hearts"} <= actions
    assert "choose trumps" not in actions and "choose hearts H" not in actions
    refused = act(deal, 2, "choose trumps")
    assert not refused.legal and refused.clauses[0] == "C3"
    assert not act(deal, 2, "choose hearts H").legal
    assert act(deal, 2, "choose trumps D").legal
    assert deal.trump == match.table.suit_codes.index("D")


def test_the_holder_of_the_two_of_clubs_leads(game):
    match, deal = start_deal(game, HANDS, dealer=1)
    act(deal, 2, "choose hearts")
    assert deal.to_act == 0  # seat 0 holds 2C, though seat 2 is eldest and chose
    refused = act(deal, 2, "play 8C")
    assert not refused.legal and "C3" in refused.clauses


def test_a_follower_must_head_the_trick_if_he_can(game):
    match, deal = start_deal(game, HANDS, dealer=1)
    act(deal, 2, "choose hearts")
    assert act(deal, 0, "play 4C").legal
    refused = act(deal, 1, "play 5C")
    assert refused.legal  # 5C beats 4C
    assert act(deal, 2, "play 8C").legal
    low = act(deal, 3, "play JC")
    assert low.legal  # all of seat 3's clubs beat 8C
    # Next trick: seat 3 leads; seat 0 holds 2C 3C (both lower than QC): any club is allowed.
    assert act(deal, 3, "play QC").legal
    assert act(deal, 0, "play 2C").legal


def test_heading_refuses_a_lower_card_and_cites_the_duty(game):
    hands = dict(HANDS)
    hands[0], hands[1] = ("2C 9S 4C 2D 3D 4D 2H 3H 4H 2S 3S 4S 5S",
                          "5C 6C 7C 5D 6D 7D 5H 6H 7H 6S 7S 8S 3C")
    match, deal = start_deal(game, hands, dealer=1)
    act(deal, 2, "choose hearts")
    assert act(deal, 0, "play 4C").legal
    refused = act(deal, 1, "play 3C")  # 5C, 6C or 7C would beat 4C
    assert not refused.legal and refused.clauses[0] == "C3"
    assert "must beat" in refused.describe(game)


def test_overtrumping_is_required_when_possible(game):
    hands = {0: "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
             1: "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
             2: "2S 5S 6S 7S 8S 9S 10S JS QS KS AS 3D 4H",
             3: "2H 3H 5H 6H 7H 8H 9H 10H JH QH KH AH 3S"}
    hands[1] = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD 4S KD"
    hands[2] = "2S 5S 6S 7S 8S 9S 10S JS QS KS AS AD 4H"
    match, deal = start_deal(game, hands, dealer=3)  # seat 0 is eldest, chooses and holds 2C
    act(deal, 0, "choose trumps S")
    assert act(deal, 0, "play 2C").legal
    assert act(deal, 1, "play 4S").legal  # void in clubs: must trump (C3)
    refused = act(deal, 2, "play 2S")  # 5S..AS overtrump 4S
    assert not refused.legal and refused.clauses[0] == "C3"
    assert act(deal, 2, "play 5S").legal


def test_only_the_last_two_tricks_score_and_the_match_ends_on_one_total(game):
    data = random_transcript(game, 4, whole_match=True, game_ref={"rules": RULES.name})
    report = judge(data, base=RULES.parent)
    assert report.legal
    trump_deals = [deal for deal in report.deals if deal.contract == "trumps"]
    assert trump_deals, "seed 4 should reach a trumps deal"
    for deal in trump_deals:  # the last two tricks at 10 each: 20 points in all
        assert sum(line.points for line in deal.scores) == 20
    totals = report.deals[-1].totals
    assert max(totals) >= 30 and all(max(d.totals) < 30 for d in report.deals[:-1])


def test_draw_ties_are_broken_by_suit_order(game):
    match = Match(game)
    table = match.table
    drawn = {0: table.card_id("KC"), 1: table.card_id("KS"), 2: table.card_id("2D"), 3: table.card_id("KD")}
    assert match._decide_draw(drawn) == 1  # spades are listed last: the king of spades is highest


def test_the_strongest_card_wins_the_trick_by_the_winner_rule(game):
    """The strength table behind the trick's winner: a trump beats the suit led, which beats the
    other suits; within trumps the higher card wins, within the suit led the higher or, when the
    lowest wins, the lower."""
    from referee.mechanics.tricks.compiled import trick_strength_table as _trick_strength

    table = Match(game).table
    spades, hearts = table.suit_codes.index("S"), table.suit_codes.index("H")
    for lowest in (False, True):
        strength = _trick_strength(table, lowest)[spades + 1][hearts]  # spades trumps, hearts led

        def winner(*cards, strength=strength):
            return max(cards, key=lambda code: strength[table.card_id(code)])
        assert winner("5H", "KC", "AD") == "5H"
        assert winner("5H", "2S", "AH") == "2S"
        assert winner("5H", "9S", "2S") == "9S"
        assert winner("5H", "9H", "KC") == ("5H" if lowest else "9H")
        no_trumps = _trick_strength(table, lowest)[0][hearts]
        assert max(("5H", "AS"), key=lambda code: no_trumps[table.card_id(code)]) == "5H"
