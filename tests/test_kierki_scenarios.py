"""Kierki scenarios taken from the source text (003_e21bac2628eec2a5.txt), one per clause."""

from __future__ import annotations

import random

from referee.interpreter import Match
from referee.model import load_game
from referee.verdicts import cite

from .helpers import act, full_hands_by_suit, start_deal

# Hands where every seat holds every suit, so following suit matters.
MIXED = {
    0: "2C 3C 4C 2D 3D 4D 2H 3H 4H 2S 3S 4S 5S",
    1: "5C 6C 7C 5D 6D 7D 5H 6H 7H 6S 7S 8S 9S",
    2: "8C 9C 10C 8D 9D 10D 8H 9H 10H 10S JS QS KS",
    3: "JC QC KC AC JD QD KD AD JH QH KH AH AS",
}


def test_chooser_is_dealers_left_and_names_contract(kierki):
    match, deal = start_deal(kierki, MIXED, dealer=3)
    assert deal.chooser == 0 and deal.to_act == 0  # K2.1: the player on the dealer's left
    verdict = act(deal, 0, "choose no_hearts")
    assert verdict.legal and verdict.clauses == ("K2.1",)
    assert deal.contract.id == "no_hearts" and deal.to_act == 0  # K3.4: the chooser leads


def test_must_follow_suit_cites_clause_and_source_line(kierki):
    match, deal = start_deal(kierki, MIXED, dealer=3, contract="no_hearts")
    assert act(deal, 0, "play 2C").legal
    verdict = act(deal, 1, "play 5D")
    assert not verdict.legal
    assert verdict.clauses == ("K3.1", "K3.6")
    text = verdict.describe(kierki)
    assert "Seat 2 must follow suit (♣) and may not play 5♦." in text  # seats counted from 1
    assert "K3.1 (Kierki: a Polish description, line 3)" in text  # the source by its title
    assert verdict.to_json(kierki)["citations"].startswith("K3.1 (003_e21bac2628eec2a5.txt:3)")  # machine form
    assert deal.hands[1].count(match.table.card_id("5D")) == 1  # an illegal card is not played


def test_no_duty_to_head(kierki):
    match, deal = start_deal(kierki, MIXED, dealer=3, contract="no_tricks")
    assert act(deal, 0, "play 4C").legal
    # 5C is higher, but seat 1 may keep it: any card of the suit led is legal (K3.2).
    moves = {match.table.code(m) for m in deal.legal_moves()}
    assert moves == {"5C", "6C", "7C"}


def test_void_player_may_discard_anything(kierki):
    match, deal = start_deal(kierki, full_hands_by_suit(kierki), dealer=3, contract="no_hearts")
    assert act(deal, 0, "play 2C").legal
    assert len(deal.legal_moves()) == 13  # seat 1 holds no club


def test_out_of_turn_is_rejected_with_turn_clauses(kierki):
    match, deal = start_deal(kierki, MIXED, dealer=3, contract="no_tricks")
    verdict = act(deal, 2, "play 8C")
    assert not verdict.legal
    assert verdict.clauses == ("K1.4", "K3.4", "K3.6")


def test_card_not_held_is_rejected(kierki):
    match, deal = start_deal(kierki, MIXED, dealer=3, contract="no_tricks")
    verdict = act(deal, 0, "play AS")
    assert not verdict.legal and "Seat 1 does not hold A♠." == verdict.text()


def test_highest_card_of_suit_led_wins_and_leads(kierki):
    match, deal = start_deal(kierki, full_hands_by_suit(kierki), dealer=3, contract="no_tricks")
    for seat, card in ((0, "2C"), (1, "AD"), (2, "AH"), (3, "AS")):
        assert act(deal, seat, f"play {card}").legal
    assert deal.tricks_won == [1, 0, 0, 0]  # no suit is trumps (K3.3): the lone club wins
    assert deal.to_act == 0


def test_king_of_hearts_ends_the_deal(kierki):
    hands = full_hands_by_suit(kierki)
    match, deal = start_deal(kierki, hands, dealer=1, contract="no_king")
    # seat 2 (eldest) holds every heart and leads KH; it wins the trick.
    assert deal.to_act == 2
    for seat, card in ((2, "KH"), (3, "2S"), (0, "2C"), (1, "2D")):
        assert act(deal, seat, f"play {card}").legal
    assert deal.is_over() and deal.ended_early == "K5.2"
    result = match.finish_deal()
    assert [(l.seat, l.points, l.clauses) for l in result.scores] == [(2, 50, ("K5.1",))]


def test_loteryjka_starts_with_a_jack_and_builds_by_one(kierki):
    match, deal = start_deal(kierki, MIXED, dealer=3, contract="loteryjka")
    assert deal.phase == "layout"
    # seat 0 holds no jack: it cannot play and passes (K4.3).
    assert [match.table.action(m).kind for m in deal.legal_moves()] == ["pass"]
    assert act(deal, 0, "pass").legal
    verdict = act(deal, 1, "play 5C")  # seat 1 holds no jack either
    assert not verdict.legal and "K4.1" in verdict.clauses
    assert act(deal, 1, "pass").legal
    assert act(deal, 2, "play JS").legal
    verdict = act(deal, 3, "pass")  # seat 3 holds three jacks: it must play (K4.3)
    assert not verdict.legal and "K4.3" in verdict.clauses
    assert not act(deal, 3, "play AS").legal  # AS is not next to JS
    assert act(deal, 3, "play JC").legal
    assert not act(deal, 0, "play 4C").legal  # 4C is not next to JC
    assert act(deal, 0, "pass").legal  # no 10C, QC, 10S, QS or jack: seat 0 cannot play


def test_loteryjka_finishing_order_scores(kierki):
    rng = random.Random(5)
    match = Match(kierki)
    match.draw_for_dealer(rng)
    deal = match.new_deal(match.deal_cards(rng), contract="loteryjka")
    while not deal.is_over():
        deal.push(rng.choice(deal.legal_moves()))
    result = match.finish_deal()
    assert len(result.finish_order) == 4
    first, second = result.finish_order[:2]
    assert {(l.seat, l.points) for l in result.scores} == {(first, -40), (second, -20)}
    assert all(l.clauses == ("K6.1",) for l in result.scores)


def test_each_contract_chosen_once_and_last_choice_forced(kierki):
    chosen = {0: {"loteryjka", "no_king", "no_hearts", "no_queens", "no_tricks"}}
    match, deal = start_deal(kierki, MIXED, dealer=3, chosen=chosen)
    assert [str(a) for a in deal.legal_actions()] == ["choose rozbojnik"]
    verdict = act(deal, 0, "choose no_king")
    assert not verdict.legal and verdict.clauses == ("K2.3",)


def test_heart_lead_parameter_restricts_leads():
    game = load_game("kierki", {"heart_lead": "restricted"})
    match, deal = start_deal(game, MIXED, dealer=3, contract="no_hearts")
    verdict = act(deal, 0, "play 2H")
    assert not verdict.legal and verdict.clauses[0] == "K3.5"
    assert act(deal, 0, "play 2S").legal


def test_dealer_passes_clockwise_and_lowest_total_wins(kierki):
    rng = random.Random(11)
    match = Match(kierki)
    draw = match.draw_for_dealer(rng)
    dealers = []
    while not match.is_over():
        dealers.append(match.dealer)
        deal = match.new_deal(match.deal_cards(rng))
        while not deal.is_over():
            deal.push(rng.choice(deal.legal_moves()))
        match.finish_deal()
    assert dealers == [(draw.dealer + k) % 4 for k in range(24)]
    result = match.result()
    assert result.winners == tuple(s for s, t in enumerate(result.totals) if t == min(result.totals))
    assert result.clauses == ("K2.4", "K6.2")


def test_draw_highest_deals_and_ties_redraw(kierki):
    match = Match(kierki)
    verdict = match.judge_draw([{0: "KS", 1: "KD", 2: "3H", 3: "4C"}, {0: "2C", 1: "AH"}])
    assert verdict.legal and match.dealer == 1
    assert verdict.clauses == ("K1.2", "K1.3")
    assert not Match(kierki).judge_draw([{0: "KS", 1: "KD", 2: "3H", 3: "4C"}]).legal


def test_citation_names_source_lines(kierki):
    assert cite(kierki, ["K5.4"]) == "K5.4 (003_e21bac2628eec2a5.txt:20-22,32)"
    assert cite(kierki, ["K3.4"]) == "K3.4 (tradition)"


def test_perft_counts_from_fixed_deals(kierki):
    """Legal action sequences from a fixed deal. With each seat holding one whole suit, the
    chooser's lead is any of 13 clubs and everyone else is void: 13**k sequences for k cards of the first
    trick, and then the trick's winner (seat 0, the only club) leads again."""
    from referee.interpreter.deal import perft

    match, deal = start_deal(kierki, full_hands_by_suit(kierki), dealer=3, contract="no_hearts")
    assert [perft(deal, d) for d in range(4)] == [1, 13, 13 ** 2, 13 ** 3]
    # From the choice of contract: six contracts, then 13 leads in each but the loteryjka,
    # where seat 0 (no jack but the club jack) can open only with JC.
    match, deal = start_deal(kierki, full_hands_by_suit(kierki), dealer=3)
    assert perft(deal, 1) == 6 and perft(deal, 2) == 5 * 13 + 1
    # A mixed deal, where following suit matters. Seat 0 leads one of 3 clubs, 3 diamonds,
    # 3 hearts or 4 spades; seats 1 and 2 hold 3 or 4 cards of each suit led, seat 3 four of
    # each but spades, where it holds only AS.
    match, deal = start_deal(kierki, MIXED, dealer=3, contract="no_tricks")
    assert [perft(deal, d) for d in range(5)] == [
        1, 13, 3 * 3 * 3 + 4 * 4, 3 * (3 * 3 * 3) + 4 * 4 * 4, 3 * (3 * 3 * 3 * 4) + 4 * 4 * 4 * 1]


def test_a_chooser_without_a_jack_passes_or_is_skipped_by_the_reading():
    """K4.3, issue 26: by default the loteryjka's chooser without a jack passes; under
    jackless_start=skipped the turn goes straight to the first player holding a jack."""
    from referee.rulings import find_ruling, replay
    ruling = find_ruling("75")
    passes, skipped_pass, skipped, default_no_pass = (replay(ruling, c) for c in ruling.cases)
    assert dict(skipped.case.params) == {"jackless_start": "skipped"}
    assert passes.verdict == skipped.verdict == "legal" and passes.totals == skipped.totals
    assert skipped_pass.verdict == default_no_pass.verdict == "illegal"
    assert skipped_pass.where == default_no_pass.where == "deals[0].actions[1]"
