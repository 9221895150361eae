"""Black Lady, the shipped variant of Kierki (rules/variants/black_lady.rules), and the general
constructs it added to the language: card passing in rotation (BL2.1), no lead of hearts until
broken (K3.5 replaced), and taking every scoring card, shooting the moon (BL5.1)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cli import main
from referee.errors import RulesDefinitionError
from referee.interpreter import Match
from referee.judge import judge
from referee.model import load_game
from referee.report import judgement_text
from referee.simulate import random_transcript

from .helpers import act, full_hands_by_suit


@pytest.fixture(scope="module")
def game():
    return load_game("black_lady")


def _deal_number(game, number: int, hands=None, dealer: int = 3):
    """Deal `number` of a match (0 the first), from `hands` or the by-suit hands."""
    match = Match(game)
    match.dealer = dealer
    written = hands or full_hands_by_suit(game)
    ids = [[match.table.card_id(c) for c in written[s].split()] for s in range(4)]
    match.results = [None] * number  # only the count of earlier deals matters for the rotation
    return match, match.new_deal(ids)


def _give(deal, seat, cards):
    for card in cards.split():
        verdict = act(deal, seat, f"give {card}")
        assert verdict.legal, verdict.describe()


# -- BL2.1: card passing ----------------------------------------------------------------------------

@pytest.mark.parametrize("number, receiver", [(0, 1), (1, 3), (2, 2), (4, 1)])
def test_cards_go_left_right_across_in_rotation(game, number, receiver):
    match, deal = _deal_number(game, number)
    assert deal.phase == "passing" and deal.to_act == 0  # the eldest (dealer 3's left) gives first
    verdict = act(deal, 0, "give 2C")
    assert verdict.legal and verdict.clauses == ("BL2.1",)
    assert dict(verdict.values)["receiver"] == receiver
    _give(deal, 0, "3C 4C")
    for seat in (1, 2, 3):
        _give(deal, seat, " ".join(deal.table.code(c) for c in deal.hands[seat][:3]))
    held = {deal.table.code(c) for c in deal.hands[receiver]}
    assert {"2C", "3C", "4C"} <= held and all(len(h) == 13 for h in deal.hands)
    assert deal.phase == "tricks"


def test_counterclockwise_turns_the_pass_to_the_left(tmp_path):
    """K1.4 `direction`: seats are numbered in the order of play (ruling 11), so the direction
    shows only where the rules say left or right. Counter-clockwise, the cards passed to the left
    of seat 0 go to seat 3, the player before him in turn, not to seat 1."""
    path = tmp_path / "v.rules"
    path.write_text(HEAD + 'replace clause K1.4 "x" tradition "t" {\n  direction counterclockwise\n'
                    '  eldest is next after dealer\n  deal 1 each until 13\n}\n', encoding="utf-8")
    for game, receiver in ((load_game("black_lady"), 1), (load_game(path), 3)):
        match, deal = _deal_number(game, 0)  # the first deal passes to the left
        verdict = act(deal, 0, "give 2C")
        assert verdict.legal and dict(verdict.values)["receiver"] == receiver

def test_every_fourth_deal_passes_nothing(game):
    match, deal = _deal_number(game, 3)
    assert deal.phase == "tricks"  # straight to the play: the holder of 2C leads
    assert deal.to_act == 0
    refused = act(deal, 0, "give 2C")
    assert not refused.legal


def test_received_cards_arrive_only_when_everybody_has_given(game):
    match, deal = _deal_number(game, 0)
    _give(deal, 0, "2C 3C 4C")
    assert len(deal.hands[1]) == 13  # seat 1 has not received seat 0's clubs yet
    refused = act(deal, 1, "give 2C")  # so it cannot pass them on
    assert not refused.legal and "does not hold" in refused.describe(game)


def test_passing_refuses_a_card_set_aside_a_play_and_a_turn_out_of_order(game):
    match, deal = _deal_number(game, 0)
    _give(deal, 0, "2C")
    twice = act(deal, 0, "give 2C")
    assert not twice.legal and twice.clauses[0] == "BL2.1" and "already set" in twice.describe(game)
    play = act(deal, 0, "play 3C")
    assert not play.legal and play.clauses[0] == "BL2.1" and "must first pass 3 cards" in play.describe(game)
    early = act(deal, 1, "give 2D")
    assert not early.legal and "out of turn" in early.describe(game)


def test_the_holder_of_the_two_of_clubs_after_the_passing_leads(game):
    match, deal = _deal_number(game, 0)  # to the left: seat 0's 2C goes to seat 1
    _give(deal, 0, "2C 3C 4C")
    for seat in (1, 2, 3):
        _give(deal, seat, " ".join(deal.table.code(c) for c in deal.hands[seat][:3]))
    assert deal.to_act == 1


# -- K3.4 with cards set aside: the holder of a card nobody holds -------------------------------------

HEARTS_3 = """variant hearts_3 "Hearts for three" extends black_lady

replace clause K1.1 "Three play with a 52-card pack."
  interpretation "A test."
{
  players 3
  deck standard "52-card pack" {
    suits C "clubs" "♣", D "diamonds" "♦", H "hearts" "♥", S "spades" "♠"
    ranks 2 3 4 5 6 7 8 9 10 J Q K A
  }
  pack standard
}

replace clause K1.4 "Play goes clockwise; 17 cards each and one to the talon."
  interpretation "A test."
{
  direction clockwise
  eldest is next after dealer
  deal 1 each until 17, 1 to talon
}

replace clause BL2.1 "Three cards are passed to the left, then to the right, then not at all."
  interpretation "A test."
{
  pass 3 cards in rotation to left, right, none
}
"""
LEAD_3C = """
replace clause K3.4 "The holder of the two of clubs leads, or if it is in the talon the holder of the three."
  interpretation "A test."
{
  first lead by holder of 2C, else holder of 3C
}
"""


def test_a_holder_of_a_card_that_may_be_set_aside_is_refused_at_load(tmp_path, capsys):
    """Three-handed, one card goes to the talon: it may be the 2C, and then nobody leads."""
    path = tmp_path / "hearts_3.rules"
    path.write_text(HEARTS_3, encoding="utf-8")
    with pytest.raises(RulesDefinitionError) as info:
        load_game(path)
    shipped = Path(load_game("black_lady").path)
    line = next(n for n, text in enumerate(shipped.read_text(encoding="utf-8").splitlines(), 1)
                if "first lead by holder of 2C" in text)
    message = str(info.value)
    assert message.startswith(f"{shipped}:{line}:5: definition error: with 3 players not every card is dealt to "
                              "a hand, so 2C may lie undealt and nobody hold it"), message
    assert "`holder of 2C, else eldest`" in message
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert "may lie undealt" in err and "Traceback" not in err and "internal error" not in err


def test_the_holder_of_the_next_card_leads_when_the_first_is_set_aside(tmp_path):
    path = tmp_path / "hearts_3.rules"
    path.write_text(HEARTS_3 + LEAD_3C, encoding="utf-8")
    game = load_game(path)
    match = Match(game)
    match.dealer = 2
    ranks = "3 4 5 6 7 8 9 10 J Q K A".split()
    pack = [r + s for s in "CDHS" for r in ranks] + ["2D", "2H", "2S"]  # 51 cards: 2C goes to the talon
    hands = [[match.table.card_id(c) for c in pack[seat::3]] for seat in range(3)]
    match.results = [None] * 2  # the third deal passes no card: straight to the lead
    deal = match.new_deal(hands, talon=[match.table.card_id("2C")])
    assert deal.phase == "tricks" and deal.to_act == 0  # seat 0 holds the 3C
    refused = act(deal, 1, "play 4C")
    assert not refused.legal and "K3.4" in refused.clauses
    hands[0], hands[1] = hands[1], hands[0]
    assert match.new_deal(hands, talon=[match.table.card_id("2C")]).to_act == 1
    hands[1].remove(match.table.card_id("3C"))
    hands[1].append(match.table.card_id("2C"))  # the 2C held: its holder leads, the 3C is aside
    assert match.new_deal(hands, talon=[match.table.card_id("3C")]).to_act == 1


@pytest.mark.parametrize("seed", [57, 83, 97, 123])
def test_seeds_that_set_the_two_of_clubs_aside_play_and_judge(tmp_path, capsys, seed):
    """These seeds put the 2C in the talon; before `else`, play and judge ended in StopIteration."""
    path = tmp_path / "hearts_3.rules"
    path.write_text(HEARTS_3 + LEAD_3C, encoding="utf-8")
    out = tmp_path / "deal.json"
    assert main(["play", str(path), "--seed", str(seed), "-o", str(out)]) == 0
    assert main(["judge", str(out)]) == 0
    assert "Every action is legal." in capsys.readouterr().out


@pytest.mark.parametrize("lead, column, message", [
    ("first lead by eldest, else holder of 3C", 30,
     "`eldest` always names a player, so the seat after `else` never applies"),
    ("first lead by holder of 2C, else holder of 2C", 3,
     "with 3 players not every card is dealt to a hand, so 2C may lie undealt and nobody hold it"),
])
def test_else_seats_that_cannot_help_are_refused(tmp_path, lead, column, message):
    text = HEARTS_3 + LEAD_3C.replace("first lead by holder of 2C, else holder of 3C", lead)
    path = tmp_path / "hearts_3.rules"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesDefinitionError) as info:
        load_game(path)
    line = text.splitlines().index("  " + lead) + 1
    assert str(info.value).startswith(f"{path}:{line}:{column}: definition error: {message}"), str(info.value)


def test_two_cards_aside_need_more_than_two_holders(tmp_path):
    path = tmp_path / "hearts_3.rules"
    path.write_text(HEARTS_3.replace("deal 1 each until 17, 1 to talon", "deal 1 each until 16, 4 to talon")
                    + LEAD_3C, encoding="utf-8")
    with pytest.raises(RulesDefinitionError) as info:
        load_game(path)
    assert "2C, 3C may all lie undealt, so that nobody holds any of them" in str(info.value)
    path.write_text(HEARTS_3.replace("deal 1 each until 17, 1 to talon", "deal 1 each until 16, 4 to talon")
                    + LEAD_3C.replace("holder of 3C", "holder of 3C, else eldest"), encoding="utf-8")
    assert load_game(path).table.players.value == (3,)


# -- K3.5 replaced: no lead of hearts until broken ----------------------------------------------------

HEARTS_HANDS = {
    0: "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2H",
    1: "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AC",
    2: "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH AD",
    3: "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
}


@pytest.fixture(scope="module")
def any_lead():
    """Black Lady under the reading that lets the holder of the 2♣ lead any card (K3.4)."""
    return load_game("black_lady", {"first_lead": "any_card"})


def test_the_holder_of_the_two_of_clubs_must_lead_it(game, any_lead):
    """K3.4 `first lead by holder of 2C, who leads it`: the 2♣ is his only lead; under the
    reading `first_lead=any_card` he may lead any card."""
    match, deal = _deal_number(game, 3, HEARTS_HANDS)
    assert deal.to_act == 0 and [deal.table.code(c) for c in deal.legal_moves()] == ["2C"]
    refused = act(deal, 0, "play KC")
    assert not refused.legal and refused.clauses[0] == "K3.4"
    assert refused.describe(game).startswith("Seat 1 must lead 2♣ to the first trick, not K♣.")
    assert act(deal, 0, "play 2C").legal
    assert act(deal, 1, "play AC").legal and act(deal, 2, "play AD").legal and act(deal, 3, "play AS").legal
    assert deal.to_act == 1 and len(deal.legal_moves()) == 12  # the second lead is free
    match, deal = _deal_number(any_lead, 3, HEARTS_HANDS)
    assert deal.to_act == 0 and act(deal, 0, "play KC").legal


def test_hearts_may_not_be_led_until_broken(any_lead):
    game = any_lead
    match, deal = _deal_number(game, 3, HEARTS_HANDS)
    assert deal.to_act == 0
    refused = act(deal, 0, "play 2H")
    assert not refused.legal and refused.clauses[0] == "K3.5"
    assert "no card of its kind has been played" in refused.describe(game)
    for seat, card in ((0, "KC"), (1, "AC"), (2, "AD"), (3, "AS")):
        assert act(deal, seat, f"play {card}").legal
    # Seat 1 took the trick with the AC; nobody has played a heart yet.
    assert act(deal, 1, "play 2D").legal
    assert act(deal, 2, "play 3H").legal  # seat 2 cannot follow: the heart breaks hearts
    assert act(deal, 3, "play 2S").legal and act(deal, 0, "play 2C").legal
    assert act(deal, 1, "play 3D").legal and act(deal, 2, "play 4H").legal
    assert act(deal, 3, "play 3S").legal and act(deal, 0, "play 3C").legal
    assert deal.to_act == 1


def test_a_hand_of_hearts_only_may_lead_a_heart(game):
    match, deal = _deal_number(game, 3, HEARTS_HANDS)
    ids = [deal.table.card_id(c) for c in "3H 4H".split()]
    deal.hands[0] = list(ids)  # seat 0 leads holding nothing but hearts, none yet played
    assert sorted(deal.legal_moves()) == sorted(ids)
    assert act(deal, 0, "play 4H").legal


# -- two lead restrictions: the one that forbids the lead is cited --------------------------------------

EAST_LEADS = """variant v "V" extends black_lady

replace clause K3.4 "The eldest leads to the first trick."
  interpretation "A test."
{
  first lead by eldest
}
"""
RESTRICTIONS = {
    # No spade led while holding another card; the eldest holds nothing but spades, so that
    # restriction does not apply, while BL3.1 bars the queen from the first trick.
    "first trick": ("""
clause X1 "No spade may be led while the leader holds another card."
  interpretation "A test."
{
  no lead of suit S while holding other cards
}
""", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "QS", "BL3.1", "to the first trick"),
    # No heart led while holding another card (not applying: all hearts), and no QH until a QH
    # has been played (K3.5 replaced), which bars it.
    "until broken": ("""
replace clause K3.5 "The queen of hearts may not be led until broken."
  interpretation "A test."
{
  no lead of QH until broken
}

clause X1 "No heart may be led while the leader holds another card."
  interpretation "A test."
{
  no lead of suit H while holding other cards
}
""", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "QH", "K3.5", "no card of its kind has been played"),
}


@pytest.mark.parametrize("case", list(RESTRICTIONS))
def test_the_restriction_that_forbids_a_lead_is_cited_not_one_that_does_not_apply(tmp_path, case):
    extra, hand, card, clause, words = RESTRICTIONS[case]
    path = tmp_path / "v.rules"
    path.write_text(EAST_LEADS + extra, encoding="utf-8")
    game = load_game(path)
    others = [c for c in (r + s for s in "CDHS" for r in "2 3 4 5 6 7 8 9 10 J Q K A".split()) if c not in hand.split()]
    hands = {0: hand, 1: " ".join(others[:13]), 2: " ".join(others[13:26]), 3: " ".join(others[26:])}
    match, deal = _deal_number(game, 3, hands)
    assert deal.to_act == 0
    refused = act(deal, 0, f"play {card}")
    assert not refused.legal and refused.clauses[0] == clause, refused.describe(game)
    assert "X1" not in refused.clauses and words in refused.describe(game)
    table = deal.table
    barred = {table.code(m) for m in deal.hands[0] if not deal.judge(0, deal.table.action(m)).legal}
    assert barred == {card} and table.card_id(card) not in deal.legal_moves()


# -- BL3.1: no points on the first trick ---------------------------------------------------------------

def test_no_heart_and_no_queen_of_spades_on_the_first_trick(any_lead):
    game = any_lead
    match, deal = _deal_number(game, 3, HEARTS_HANDS)
    assert act(deal, 0, "play KC").legal and act(deal, 1, "play AC").legal
    heart = act(deal, 2, "play 3H")  # seat 2 has no club, but holds the AD
    assert not heart.legal and heart.clauses[0] == "BL3.1"
    assert "to the first trick while holding another card" in heart.describe(game)
    assert act(deal, 2, "play AD").legal
    queen = act(deal, 3, "play QS")
    assert not queen.legal and queen.clauses[0] == "BL3.1"
    assert act(deal, 3, "play AS").legal
    # the first trick is over (seat 1's AC took it): a heart and the queen may now be discarded
    assert act(deal, 1, "play 2D").legal and act(deal, 2, "play 3H").legal and act(deal, 3, "play QS").legal


def test_a_hand_of_penalty_cards_only_may_play_them_to_the_first_trick(any_lead):
    game = any_lead
    match, deal = _deal_number(game, 3, HEARTS_HANDS)
    assert act(deal, 0, "play KC").legal and act(deal, 1, "play AC").legal
    ids = [deal.table.card_id(c) for c in "3H QS".split()]
    deal.hands[2] = list(ids)  # nothing but penalty cards, and no club
    assert sorted(deal.legal_moves()) == sorted(ids)


# -- BL5.1: shooting the moon ----------------------------------------------------------------------

def _moon_deal(game):
    """Seat 0 holds every heart and the top of every other suit... and takes every trick."""
    hands = {0: "AC AD AS KS 3H 4H 5H 6H 7H 8H 9H 10H JH",
             1: "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC QH",
             2: "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD KH",
             3: "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS AH 2H"}
    match, deal = _deal_number(game, 3, hands)
    return match, deal


def _take_all(deal):
    rng = random.Random(0)
    while not deal.is_over():
        deal.push(rng.choice(deal.legal_moves()))


def test_taking_every_heart_and_the_queen_of_spades_charges_the_others(game):
    match, deal = _moon_deal(game)
    deal.taken[0] = [deal.table.card_id(c) for c in
                     "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH QS".split()]
    lines = deal.result().scores
    assert [(l.seat, l.points) for l in lines] == [(0, 0), (1, 26), (2, 26), (3, 26)]
    assert all(l.clauses == ("BL5.1",) for l in lines)
    assert "took every scoring card" in lines[1].text("en")


def test_the_shooter_subtracts_26_under_the_other_reading():
    game = load_game("black_lady", {"moon": "shooter_subtracts"})
    match, deal = _moon_deal(game)
    deal.taken[0] = [deal.table.card_id(c) for c in
                     "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH QS".split()]
    assert [(l.seat, l.points) for l in deal.result().scores] == [(0, -26), (1, 0), (2, 0), (3, 0)]


OMNIBUS = """variant omnibus "Omnibus Hearts" extends black_lady

replace clause K5.1 "Each heart taken scores 1 point and the queen of spades 13; the jack of diamonds scores minus 10."
  interpretation "A test."
{
  score 1 per card of suit H taken
  score 13 per card of QS taken
  score -10 per card of JD taken
  check total_penalty in black_lady = 16
}
"""
EVERY_SCORING_CARD = """
replace clause BL5.1 "Shooting the moon, as every scoring card."
  interpretation "A test."
{
  taking every scoring card: taker scores 0, each other player 26
}
"""


@pytest.mark.parametrize("moon", ["named", "every scoring card"])
def test_the_moon_needs_the_hearts_and_the_queen_not_a_bonus_card(tmp_path, moon):
    """Omnibus Hearts: the J♦ (-10) is no moon card, and still scores for its taker. The moon
    as BL5.1 names it (`all of suit H, QS`) or by default (the cards scoring against their taker)."""
    path = tmp_path / "omnibus.rules"
    path.write_text(OMNIBUS + (EVERY_SCORING_CARD if moon != "named" else ""), encoding="utf-8")
    game = load_game(path)
    match, deal = _moon_deal(game)
    deal.taken[0] = [deal.table.card_id(c) for c in "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH QS".split()]
    deal.taken[3] = [deal.table.card_id("JD")]
    lines = deal.result().scores
    assert deal.result().totals(4) == [0, 26, 26, 16]
    assert [line.clauses for line in lines] == [("BL5.1",)] * 4 + [("K5.1",)]
    deal.taken[0] += deal.taken[3]  # the J♦ taken with the moon's cards: it still scores
    deal.taken[3] = []
    assert deal.result().totals(4) == [-10, 26, 26, 26]
    deal.taken[0].remove(deal.table.card_id("QS"))
    deal.taken[1].append(deal.table.card_id("QS"))
    assert deal.result().totals(4) == [3, 13, 0, 0]  # no moon without the queen


def test_missing_one_heart_is_no_moon(game):
    match, deal = _moon_deal(game)
    deal.taken[0] = [deal.table.card_id(c) for c in "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH QS".split()]
    deal.taken[1] = [deal.table.card_id("2H")]
    assert [(l.seat, l.points) for l in deal.result().scores] == [(0, 12), (0, 13), (1, 1)]


# -- `score ... to ACCOUNT`: Omnibus Hearts keeps the jack of diamonds in its own column -----------

OMNIBUS_JACK = """variant omnibus_jack "Omnibus Hearts, the jack in its own column" extends black_lady

replace clause K5.1 "Each heart taken scores 1 point and the queen of spades 13; the jack of diamonds scores minus 10, kept in its own column."
  interpretation "A test."
{
  account jack "jack of diamonds"
  score 1 per card of suit H taken
  score 13 per card of QS taken
  score -10 per card of JD taken to jack
  check total_penalty in black_lady = 16
}
"""


def test_a_score_to_an_account_is_written_there_and_not_to_the_main_account(tmp_path):
    path = tmp_path / "omnibus_jack.rules"
    path.write_text(OMNIBUS_JACK, encoding="utf-8")
    game = load_game(path)
    match, deal = _deal_number(game, 3, HEARTS_HANDS)
    deal.taken[1] = [deal.table.card_id(c) for c in "JD 2H 3H".split()]
    lines = [(line.seat, line.points, line.account) for line in deal.result().scores]
    assert lines == [(1, 2, "points"), (1, -10, "jack")]
    match.finish_deal()
    assert match.totals == [0, 2, 0, 0]  # the main account, which the match end and the winner read
    assert match.score_sheet() == {"points": [0, 2, 0, 0], "jack": [0, -10, 0, 0]}


def test_judge_shows_a_score_to_an_account_in_that_account(tmp_path):
    path = tmp_path / "omnibus_jack.rules"
    path.write_text(OMNIBUS_JACK, encoding="utf-8")
    game = load_game(path)
    data = random_transcript(game, 1, whole_match=True, game_ref={"rules": path.name})
    report = judge(data, base=tmp_path)
    assert report.legal, judgement_text(report)
    jack = [line for deal in report.deals for line in deal.scores if dict(line.values).get("cards") == "JD"]
    assert jack and all(line.account == "jack" and line.points == -10 for line in jack)
    assert all(line.account == "points" for deal in report.deals for line in deal.scores if line not in jack)
    last = report.deals[-1].accounts
    assert sum(last["jack"]) == -10 * len(jack)
    assert sum(last["points"]) % 26 == 0  # hearts and the queen only: 26 a deal, or 78 for a moon


# -- the match: to 100, the lowest total wins --------------------------------------------------------

@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_matches_conserve_cards_score_26_and_end_at_100(game, seed):
    rng = random.Random(seed)
    match = Match(game)
    match.draw_for_dealer(rng)
    deals = 0
    while not match.is_over():
        deal = match.new_deal(match.deal_cards(rng))
        steps = 0
        while not deal.is_over():
            steps += 1
            assert steps <= 13 * 4 + 12, "a deal ends after the passing and 13 tricks"
            deal.push(rng.choice(deal.legal_moves()))
        assert sorted(c for t in deal.taken for c in t) == list(range(52))  # every card, once
        result = match.finish_deal()
        total = sum(line.points for line in result.scores)
        assert total in (26, 78), total  # 26 penalties, or 3 x 26 when someone shoots the moon
        deals += 1
        assert deals <= 100
    totals = match.totals
    assert max(totals) >= 100 and all(t < 100 for t in [sum(r.totals(4)[s] for r in match.results[:-1])
                                                         for s in range(4)])
    assert match.result().winners == tuple(s for s, t in enumerate(totals) if t == min(totals))


def test_judge_plays_a_whole_match_and_finds_the_illegal_lead(game, tmp_path):
    data = random_transcript(game, 7, whole_match=True, game_ref={"game": "black_lady"})
    report = judge(data)
    assert report.legal and "Winner" in judgement_text(report)
    deal = data["deals"][3]  # the fourth deal passes nothing; break the first lead
    assert all(not a["action"].startswith("give") for a in deal["actions"])
    leader = deal["actions"][0]["seat"]
    heart = next((c for c in deal["hands"][str(leader)] if c.endswith("H")), None)
    if heart is not None and any(not c.endswith("H") for c in deal["hands"][str(leader)]):
        deal["actions"][0]["action"] = f"play {heart}"
        bad = judge(data)
        # K3.4: the holder of the 2♣ must lead it (under `first_lead=any_card`, K3.5 would refuse the heart)
        assert not bad.legal and "K3.4" in judgement_text(bad) and "must lead 2♣ to the first trick" in judgement_text(bad)


# -- the command line ------------------------------------------------------------------------------

def test_games_lists_the_variant_under_its_parent(capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out.splitlines()
    kierki = next(i for i, line in enumerate(out) if line.startswith("kierki "))
    under = []
    for line in out[kierki + 1:]:
        if not line.startswith("  "):
            break
        under.append(line.split()[0])
    assert "black_lady" in under and "Black Lady" in "\n".join(out)


def test_check_play_and_judge_from_the_command_line(capsys, tmp_path):
    assert main(["check", "black_lady"]) == 0
    out = tmp_path / "match.json"
    assert main(["play", "black_lady", "--match", "--seed", "2", "-o", str(out)]) == 0
    capsys.readouterr()
    assert main(["judge", str(out)]) == 0
    assert "Match over. Totals:" in capsys.readouterr().out


# -- what the new statements refuse at load ---------------------------------------------------------

HEAD = 'variant v "V" extends black_lady\n'


@pytest.mark.parametrize("body, message", [
    ('replace clause BL2.1 "x" tradition "t" { pass 3 cards to left, right }',
     "several targets are taken in turn, deal by deal"),
    ('replace clause BL2.1 "x" tradition "t" { pass 3 cards in rotation to left }', "one target has no rotation"),
    ('replace clause BL2.1 "x" tradition "t" { pass 14 cards to left }', "cannot pass 14"),
    ('replace clause BL2.1 "x" tradition "t" { pass 3 cards to none }', "no deal would pass any card"),
    ('replace clause K2.1 "x" tradition "t" { deal phases play, passing }', "cards are passed first"),
    ('replace clause K5.1 "x" tradition "t" { score 1 per trick }',
     "contract black_lady has no card that scores, so nobody can take every scoring card"),
    ('replace clause BL2.1 "x" tradition "t" { in black_lady { pass 3 cards to left } }',
     "cards are passed before the contract is known"),
    ('replace clause K5.1 "x" tradition "t" { score -1 per card of suit H taken } '
     'replace clause BL5.1 "x" tradition "t" { taking every scoring card: taker scores 0, each other player 26 }',
     "every card that scores in contract black_lady scores for its taker, so no card makes the moon"),
])
def test_new_statements_refuse_what_cannot_run(tmp_path, body, message):
    path = tmp_path / "v.rules"
    path.write_text(HEAD + body + "\n", encoding="utf-8")
    with pytest.raises(RulesDefinitionError) as info:
        load_game(path)
    # The error points at the statement at fault: the new one, or the variant's one it contradicts.
    shipped = str(Path(load_game("black_lady").path))
    assert message in str(info.value), str(info.value)
    assert str(info.value).startswith((f"{path}:2:", f"{shipped}:")), str(info.value)


THREE_TO_FOUR = (HEAD + 'replace clause K1.1 "x" tradition "t" { players 3 to 4\n deck standard "p" {\n'
                 ' suits C "c" "♣", D "d" "♦", H "h" "♥", S "s" "♠" ranks 2 3 4 5 6 7 8 9 10 J Q K A }\n'
                 ' deck short "q" = standard without card 2D\n pack short when players 3\n'
                 ' pack standard when players 4 }\n'
                 'replace clause K1.4 "x" tradition "t" { direction clockwise\n eldest is next after dealer\n'
                 ' deal 1 each until all cards are dealt }\n')


def test_across_needs_an_even_table(tmp_path):
    path = tmp_path / "v.rules"
    path.write_text(THREE_TO_FOUR, encoding="utf-8")
    with pytest.raises(RulesDefinitionError) as info:
        load_game(path)
    assert "with 3 players nobody sits across the table" in str(info.value)


def test_a_fixed_deal_that_leaves_cards_undealt_is_refused(tmp_path):
    """`players 3 to 4` with Kierki's `deal 1 each until 13` would leave 13 cards undealt with three
    (variant trial 3): no phase of a trick game uses them, so the load fails at the deal."""
    path = tmp_path / "v.rules"
    path.write_text(HEAD + 'replace clause K1.1 "x" tradition "t" { players 3 to 4\n deck standard "p" {\n'
                    ' suits C "c" "♣", D "d" "♦", H "h" "♥", S "s" "♠" ranks 2 3 4 5 6 7 8 9 10 J Q K A }\n'
                    ' pack standard }\n', encoding="utf-8")
    with pytest.raises(RulesDefinitionError) as info:
        load_game(path)
    kierki = Path(load_game("kierki").path)
    line = kierki.read_text(encoding="utf-8").splitlines().index("  deal 1 each until 13") + 1
    assert str(info.value).startswith(
        f"{kierki}:{line}:3: definition error: with 3 players the deal leaves 13 of the 52 cards of the p "
        "undealt, and no phase of this game uses them"), str(info.value)
    assert "hint: deal them out (`deal 1 each until all cards are dealt`)" in str(info.value)


def test_a_deal_of_the_whole_pack_follows_the_table(tmp_path):
    """`deal 1 each until all cards are dealt` with a pack for each table: 17 each from 51 cards
    with three, 13 each from 52 with four (the pass across is not in the way with four)."""
    path = tmp_path / "v.rules"
    path.write_text(THREE_TO_FOUR + 'replace clause BL2.1 "x" tradition "t" { pass 3 cards to left }\n',
                    encoding="utf-8")
    game = load_game(path)
    for players, size in ((3, 17), (4, 13)):
        match = Match(game, players)
        match.dealer = 0
        hands = match.deal_cards(random.Random(players))
        assert [len(h) for h in hands] == [size] * players
        dealt = {match.table.code(c) for hand in hands for c in hand}
        assert len(dealt) == size * players and ("2D" in dealt) == (players == 4)


def test_json_verdicts_link_to_the_variant_page(game, capsys, tmp_path):
    out = tmp_path / "d.json"
    assert main(["play", "black_lady", "--seed", "3", "-o", str(out)]) == 0
    capsys.readouterr()
    main(["judge", str(out), "--json"])
    text = capsys.readouterr().out
    assert "en/variants/black_lady.html#K1.2" in text and "kierki/rules.html" not in text
