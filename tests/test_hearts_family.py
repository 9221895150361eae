"""The Hearts family written on Black Lady: three- and five-handed Hearts (cards taken out of the
pack, the whole pack dealt), Omnibus Hearts (the jack of diamonds), Spot Hearts (hearts by their
rank) and Black Maria (three or four players, the deal following the table)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from referee.errors import RulesDefinitionError
from referee.interpreter import Match
from referee.model import load_game

from .helpers import act

RANKS = "2 3 4 5 6 7 8 9 10 J Q K A".split()
PENALTY_HEARTS = [r + "H" for r in RANKS]


def _deal(game, number: int = 0, dealer: int = 0, players: int | None = None, hands=None):
    """Deal `number` of a match (0 the first): the pack in order, card k to seat k mod players,
    unless `hands` (seat -> codes) are given."""
    match = Match(game, players)
    match.dealer = dealer
    n = match.table.players
    codes = list(match.table.codes)
    written = hands or {seat: codes[seat::n] for seat in range(n)}
    ids = [[match.table.card_id(c) for c in written[seat]] for seat in range(n)]
    assert all(None not in hand for hand in ids), written
    match.results = [None] * number  # only the count of earlier deals matters for the rotation
    return match, match.new_deal(ids)


def _holder(deal, code: str) -> int:
    card = deal.table.card_id(code)
    return next(seat for seat, hand in enumerate(deal.hands) if card in hand)


def _taken(deal, taken: dict[int, str]):
    for seat in range(deal.table.players):
        deal.taken[seat] = [deal.table.card_id(c) for c in taken.get(seat, "").split()]
    return deal.result().totals(deal.table.players)


def _pass_all(deal):
    """Each player in turn gives the first three cards of his hand."""
    while deal.phase == "passing":
        seat = deal.to_act
        for card in list(deal.hands[seat][:3]):
            assert act(deal, seat, f"give {deal.table.code(card)}").legal


def _random_deals(game, players, count, seed=0):
    rng = random.Random(seed)
    match = Match(game, players)
    match.draw_for_dealer(rng)
    for _ in range(count):
        deal = match.new_deal(match.deal_cards(rng))
        while not deal.is_over():
            deal.push(rng.choice(deal.legal_moves()))
        yield match, deal
        match.finish_deal()


# -- Hearts for three: K1.1 (a two taken out), K1.4 (the whole pack), BL2.1, K3.4 ----------------------

@pytest.mark.parametrize("removed, out", [("diamonds", "2D"), ("clubs", "2C"), ("spades", "2S")])
def test_three_handed_pack_leaves_out_one_two_and_deals_17_each(removed, out):
    game = load_game("hearts_three", {"removed_two": removed})
    match = Match(game)
    assert len(match.table.cards) == 51 and out not in match.table.codes
    match.dealer = 0
    hands = match.deal_cards(random.Random(1))
    assert [len(h) for h in hands] == [17, 17, 17]
    assert sorted(c for h in hands for c in h) == list(range(51))
    assert game.clauses["K1.1"].id in game.table.pack_clause(3)


@pytest.mark.parametrize("removed, leader", [("diamonds", "2C"), ("spades", "2C"), ("clubs", "3C")])
def test_three_handed_first_lead_by_the_lowest_club_in_the_pack(removed, leader):
    game = load_game("hearts_three", {"removed_two": removed})
    match, deal = _deal(game, number=2)  # the third deal passes nothing: straight to the lead
    assert deal.phase == "tricks" and deal.to_act == _holder(deal, leader)
    assert [deal.table.code(c) for c in deal.legal_moves()] == [leader]  # he leads the card itself
    other = (deal.to_act + 1) % 3
    refused = act(deal, other, f"play {deal.table.code(deal.hands[other][0])}")
    assert not refused.legal and "K3.4" in refused.clauses


@pytest.mark.parametrize("number, side", [(0, 1), (1, -1), (3, 1)])
def test_three_handed_passes_left_right_then_none(number, side):
    game = load_game("hearts_three")
    match, deal = _deal(game, number=number)
    giver = deal.to_act
    verdict = act(deal, giver, f"give {deal.table.code(deal.hands[giver][0])}")
    assert verdict.legal and verdict.clauses == ("BL2.1",)
    assert dict(verdict.values)["receiver"] == (giver + side) % 3
    assert _deal(game, number=2)[1].phase == "tricks"


# -- Hearts for five: the two of clubs and the two of diamonds out, the three of clubs leads ---------

def test_five_handed_deals_50_cards_and_the_three_of_clubs_leads():
    game = load_game("hearts_five")
    match, deal = _deal(game, number=2, players=5)
    assert len(match.table.cards) == 50 and not {"2C", "2D"} & set(match.table.codes)
    assert [len(h) for h in deal.hands] == [10] * 5
    assert deal.phase == "tricks" and deal.to_act == _holder(deal, "3C")
    assert [deal.table.code(c) for c in deal.legal_moves()] == ["3C"]  # `who leads it`
    assert act(deal, deal.to_act, "play 3C").legal
    assert sum(game.global_rules.tricks.scores[i].value.points * len(game.global_rules.tricks.scores[i].value.cards.cards)
               for i in range(2)) == 26  # every heart is still in the pack


@pytest.mark.parametrize("deck, message", [
    ("standard without card 2C 2D", "`without card` takes one card and `without cards` two or more"),
    ("standard without cards 2C", "`without card` takes one card and `without cards` two or more"),
    ("standard without card 2X", "deck standard has no card 2X"),
    ("standard without cards 2C 2C", "the card 2C is taken out twice"),
])
def test_a_card_removal_that_cannot_be_meant_is_refused(tmp_path, deck, message):
    text = Path(load_game("hearts_five").path).read_text(encoding="utf-8")
    text = text.replace("standard without cards 2C 2D", deck)
    path = tmp_path / "hearts_five.rules"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesDefinitionError) as info:
        load_game(path)
    line = next(n for n, t in enumerate(text.splitlines(), 1) if deck in t)
    assert str(info.value).startswith(f"{path}:{line}:") and message in str(info.value), str(info.value)


def test_who_leads_it_needs_a_card_to_name_the_leader(tmp_path):
    text = ('variant v "V" extends black_lady\n'
            'replace clause K3.4 "The eldest leads." interpretation "A test." {\n'
            '  first lead by eldest, who leads it\n}\n')
    path = tmp_path / "v.rules"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesDefinitionError) as info:
        load_game(path)
    assert str(info.value).startswith(f"{path}:3:3: definition error: `who leads it` names the card that makes "
                                      "a player the leader, and `eldest` is named by no card"), str(info.value)


def test_naming_a_card_the_pack_leaves_out_is_refused(tmp_path):
    text = ('variant v "V" extends hearts_five\n'
            'replace clause K3.4 "The holder of the two of clubs leads." interpretation "A test." {\n'
            '  first lead by holder of 2C\n}\n')
    path = tmp_path / "v.rules"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesDefinitionError) as info:
        load_game(path)
    assert str(info.value).startswith(f"{path}:3:27: definition error: the pack has no card 2C"), str(info.value)


FOUR_FIRST = ('variant v "V" extends black_maria\n'
              'replace clause K1.1 "Three or four." interpretation "A test." {\n'
              '  players 3 to 4 usually 3\n  deck standard "52-card pack" {\n'
              '    suits C "clubs" "♣", D "diamonds" "♦", H "hearts" "♥", S "spades" "♠"\n'
              '    ranks 2 3 4 5 6 7 8 9 10 J Q K A\n  }\n'
              '  deck short "51-card pack" = standard without card 2C\n'
              '  pack standard when players 4\n  pack short when players 3\n}\n'
              'replace clause K3.4 "The holder of the two of clubs leads." interpretation "A test." {\n'
              '  first lead by holder of 2C\n}\n')


def test_a_holder_chain_must_reach_a_card_in_every_table_pack(tmp_path):
    """With a pack per table, `holder of 2C` names nobody where that table's pack leaves the 2C
    out: refused at load, unless an `else` seat covers it."""
    path = tmp_path / "v.rules"
    path.write_text(FOUR_FIRST, encoding="utf-8")
    with pytest.raises(RulesDefinitionError) as info:
        load_game(path)
    line = FOUR_FIRST.splitlines().index("  first lead by holder of 2C") + 1
    assert str(info.value).startswith(f"{path}:{line}:3: definition error: with 3 players the 51-card pack has "
                                      "no 2C, so nobody holds it"), str(info.value)
    assert "`holder of 2C, else eldest`" in str(info.value)
    path.write_text(FOUR_FIRST.replace("holder of 2C", "holder of 2C, else holder of 3C"), encoding="utf-8")
    game = load_game(path)
    for players, leader in ((3, "3C"), (4, "2C")):
        codes = list(Match(game, players).table.codes)
        hands = {seat: codes[seat::players] for seat in range(players)}
        match, deal = _deal(game, players=players, hands=hands)
        _pass_all(deal)
        assert deal.to_act == _holder(deal, leader)


# -- Omnibus Hearts: the jack of diamonds, and the moon that needs it --------------------------------------

MOON = " ".join(PENALTY_HEARTS) + " QS"


def test_omnibus_jack_of_diamonds_scores_minus_10():
    game = load_game("omnibus_hearts")
    match, deal = _deal(game, number=3)
    assert _taken(deal, {0: "JD 2H", 1: "QS 3H", 2: "4H"}) == [-9, 14, 1, 0]
    lines = [line for line in deal.result().scores if line.points == -10]
    assert [line.clauses for line in lines] == [("K5.1",)]


@pytest.mark.parametrize("settings, with_jack, without_jack", [
    ({}, [0, 26, 26, 26], [26, 0, 0, -10]),
    ({"moon": "shooter_subtracts"}, [-26, 0, 0, 0], [26, 0, 0, -10]),
    ({"moon_cards": "without_jack"}, [-10, 26, 26, 26], [0, 26, 26, 16]),
])
def test_omnibus_moon_needs_the_jack_unless_the_reading_leaves_it_out(settings, with_jack, without_jack):
    game = load_game("omnibus_hearts", settings)
    match, deal = _deal(game, number=3)
    assert _taken(deal, {0: MOON + " JD"}) == with_jack
    assert _taken(deal, {0: MOON, 3: "JD"}) == without_jack


# -- Spot Hearts: each heart by its rank ---------------------------------------------------------------

def test_spot_hearts_charge_each_heart_its_rank():
    game = load_game("spot_hearts")
    match, deal = _deal(game, number=3)
    assert _taken(deal, {0: "2H 10H", 1: "JH QH", 2: "KH AH QS"}) == [12, 23, 40, 0]
    assert _taken(deal, {1: MOON}) == [117, 0, 117, 117]
    fifty = load_game("spot_hearts", {"spot_queen": "fifty"})
    match, deal = _deal(fifty, number=3)
    assert _taken(deal, {2: "QS AH"}) == [0, 0, 64, 0]
    assert _taken(deal, {2: MOON}) == [150, 150, 0, 150]


# -- Black Maria: three or four, the whole pack, passing right, three spades ------------------------------

@pytest.mark.parametrize("players, size, count", [(3, 17, 51), (4, 13, 52)])
def test_black_maria_deals_the_whole_pack_for_either_table(players, size, count):
    game = load_game("black_maria")
    match = Match(game, players)
    match.dealer = 0
    hands = match.deal_cards(random.Random(players))
    assert len(match.table.cards) == count and [len(h) for h in hands] == [size] * players
    assert ("2C" in match.table.codes) == (players == 4)
    assert sorted(c for h in hands for c in h) == list(range(count))


@pytest.mark.parametrize("players, size, removed", [(5, 10, {"2C", "2S"}), (6, 8, {"2C", "2D", "2H", "2S"})])
def test_black_maria_for_five_and_six_takes_twos_out_and_deals_the_rest(players, size, removed):
    """K1.1 and K1.4: five play without the black twos (50 cards, 10 each), six without any two
    (48 cards, 8 each); the whole pack is dealt and the deal opens with the passing, from the
    eldest hand."""
    game = load_game("black_maria")
    match = Match(game, players)
    match.dealer = 0
    every = {c.code for c in game.table.pack_for(4).cards}
    assert set(match.table.codes) == every - removed
    assert game.table.pack_clause(players) == "K1.1"
    hands = match.deal_cards(random.Random(players))
    assert [len(h) for h in hands] == [size] * players
    assert sorted(c for h in hands for c in h) == list(range(52 - len(removed)))
    deal = match.new_deal(hands)
    assert deal.phase.value == "passing" and deal.to_act == deal.eldest == 1


@pytest.mark.parametrize("number", [0, 1, 2, 3])
def test_black_maria_passes_right_in_every_deal(number):
    match, deal = _deal(load_game("black_maria"), number=number)
    giver = deal.to_act
    verdict = act(deal, giver, f"give {deal.table.code(deal.hands[giver][0])}")
    assert verdict.legal and dict(verdict.values)["receiver"] == (giver - 1) % 3


def _passed(game, players: int) -> tuple[int, int | None]:
    """How many cards the eldest passes at a table of `players`, and who gives next once he has."""
    match, deal = _deal(game, players=players)
    giver = deal.to_act
    assert deal.passing is not None and deal.passing.clause == "BL2.1"
    count = deal.passing.count
    for card in list(deal.hands[giver][:count]):
        assert act(deal, giver, f"give {deal.table.code(card)}").legal
    return count, deal.to_act


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_black_maria_passes_three_at_every_table_by_default(players):
    """BL2.1: three cards, however many play; the next player gives once the eldest has."""
    assert _passed(load_game("black_maria"), players) == (3, 2 % players)


@pytest.mark.parametrize("players, count", [(3, 4), (4, 3), (5, 3), (6, 2)])
def test_black_maria_passes_by_the_table_under_the_treasure_house_reading(players, count):
    """BL2.1 under passed_cards=by_table: four with three, three with four or five, two with six;
    a giver who has passed his share may give no more."""
    game = load_game("black_maria", {"passed_cards": "by_table"})
    assert _passed(game, players) == (count, 2 % players)
    match, deal = _deal(game, players=players)
    giver = deal.to_act
    for card in list(deal.hands[giver][:count]):
        act(deal, giver, f"give {deal.table.code(card)}")
    verdict = act(deal, giver, f"give {deal.table.code(deal.hands[giver][0])}")
    assert not verdict.legal


def test_a_table_the_passing_does_not_name_passes_nothing(tmp_path):
    """`pass ... when players N` with no statement for the other tables: those deals start with
    the play."""
    text = ('variant v "V" extends black_maria\n'
            'replace clause BL2.1 "Two with six." interpretation "x" {\n'
            '  pass 2 cards to right when players 6\n}\n')
    path = tmp_path / "v.rules"
    path.write_text(text, encoding="utf-8")
    game = load_game(path)
    assert _passed(game, 6) == (2, 2)
    match, deal = _deal(game, players=4)
    assert deal.passing is None and deal.phase.value == "tricks"


def test_black_maria_eldest_leads_anything_even_a_heart_on_the_first_trick():
    game = load_game("black_maria")
    codes = [r + s for s in "CDHS" for r in RANKS if r + s != "2C"]
    hands = {0: codes[0:17], 1: codes[17:34], 2: codes[34:51]}  # seat 1: diamonds, then hearts
    match, deal = _deal(game, dealer=0, hands=hands)
    _pass_all(deal)
    assert deal.phase == "tricks" and deal.to_act == 1
    heart = next(c for c in deal.hands[1] if deal.table.code(c).endswith("H"))
    assert act(deal, 1, f"play {deal.table.code(heart)}").legal


def test_black_maria_charges_the_queen_king_and_ace_of_spades():
    game = load_game("black_maria")
    match, deal = _deal(game)
    _pass_all(deal)  # Black Maria passes in every deal; the tricks come after
    assert _taken(deal, {0: "QS 2H", 1: "KS", 2: "AS 3H 4H"}) == [14, 10, 9]
    assert _taken(deal, {0: MOON + " KS AS"}) == [43, 0, 0]  # no moon


# -- random play: cards conserved, the deal's points as each game states them --------------------------

@pytest.mark.parametrize("name, players, totals", [
    ("hearts_three", 3, {26, 52}), ("hearts_five", 5, {26, 104}), ("omnibus_hearts", 4, {16, 78, -26}),
    ("spot_hearts", 4, {117, 351}), ("black_maria", 3, {43}), ("black_maria", 4, {43}),
])
def test_random_deals_conserve_cards_and_score_as_stated(name, players, totals):
    game = load_game(name)
    for match, deal in _random_deals(game, players, 6):
        assert sorted(c for taken in deal.taken for c in taken) == list(range(len(match.table.cards)))
        assert sum(deal.result().totals(players)) in totals
