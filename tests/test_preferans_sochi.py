"""Russian Preferans, Sochi (rules/variants/preferans_sochi.rules): the ladder of levels times
strains, the game named after the talon, the targets and values by level, and the sheet (pulka,
gora, visty) a deal writes. Scenarios per clause, and random play to the end of the match."""

from __future__ import annotations

import random

import pytest

from referee.interpreter import Match
from referee.mechanics.auction.settlement import declarer_made
from referee.model import load_game
from referee.report import judgement_text

from .helpers import act, load_error, run

# Seat 0: seven spades from the ace and three aces; seat 1: the clubs; seat 2 the rest. Talon 9D 8D.
HANDS = {
    0: "AS KS QS JS 10S 9S 8S AH AD AC",
    1: "KC QC JC 10C 9C 8C 7C KH QH JH",
    2: "7S 10H 9H 8H 7H KD QD JD 10D 7D",
}
TALON = "9D 8D"


@pytest.fixture(scope="module")
def sochi():
    return load_game("preferans_sochi")


def start(game, dealer=2):
    match = Match(game)
    match.dealer = dealer
    ids = {s: [match.table.card_id(c) for c in HANDS[s].split()] for s in HANDS}
    deal = match.new_deal([ids[s] for s in range(3)], talon=[match.table.card_id(c) for c in TALON.split()])
    return match, deal




def test_the_ladder_is_levels_times_strains_with_misere_above_eight_no_trumps(sochi):
    """P3.2: 6S < 6C < 6D < 6H < 6NT < 7S ... < 8NT < misère < 9S ... < 10NT: 26 bids from one line."""
    ladder = sochi.auction.ladder
    names = [step.name for step in ladder]
    assert len(names) == 26
    assert names[:6] == ["6S", "6C", "6D", "6H", "6NT", "7S"]
    assert names[14:17] == ["8NT", "misere", "9S"] and names[-1] == "10NT"
    assert [step.level for step in ladder[:5]] == [6] * 5 and ladder[15].level is None
    assert {step.contract for step in ladder} == set(sochi.contracts) - {"raspasy"}   # raspasy is not bid (P3.9)


def test_each_strain_is_one_contract_with_its_trumps_at_every_level(sochi):
    """P4.5: five trump rules serve the 25 number bids."""
    trumps = {cid: c.rules.tricks.trumps.value.suit for cid, c in sochi.contracts.items()}
    assert trumps == {"spades": "S", "clubs": "C", "diamonds": "D", "hearts": "H", "notrump": None, "misere": None,
                      "raspasy": None}


def test_bids_rise_by_level_then_strain_and_may_jump(sochi):
    """P3.4: any higher bid; the same bid again, or a lower strain at the same level, is refused."""
    match, deal = start(sochi)
    assert deal.to_act == 0
    legal = {str(a) for a in deal.legal_actions()}
    assert {"pass", "bid 6S", "bid 10NT", "bid misere"} <= legal and len(legal) == 27
    run(deal, [(0, "bid 6H")])
    again = act(deal, 1, "bid 6H")
    assert not again.legal and again.clauses[0] == "P3.4"
    lower = act(deal, 1, "bid 6D")
    assert not lower.legal
    run(deal, [(1, "bid 6NT"), (2, "bid 8C")])     # a jump of two levels
    assert "bid 8D" in {str(a) for a in deal.legal_actions()}


def test_the_declarer_names_a_game_at_least_as_high_as_his_bid(sochi):
    """P4.1, P4.3: after the talon the declarer names any bid from his own upwards (`declare 7S`)."""
    match, deal = start(sochi)
    run(deal, [(0, "bid 6S"), (1, "bid 6C"), (2, "pass"), (0, "bid 6D"), (1, "pass")])
    assert deal.declarer == 0 and deal.phase == "talon_exchange"
    run(deal, [(0, "discard 9D 8D")])
    low = act(deal, 0, "declare 6S")
    assert not low.legal and low.clauses[0] == "P4.3"
    run(deal, [(0, "declare 7S")])
    assert deal.contract.id == "spades" and deal.bidding.declared == 5 and deal.phase == "defence"


def _seven_spades(sochi, defence=("defend", "defend")):
    match, deal = start(sochi)
    run(deal, [(0, "bid 6S"), (1, "pass"), (2, "pass"), (0, "discard 9D 8D"), (0, "declare 7S"),
               (1, defence[0]), (2, defence[1])])
    return match, deal


def test_a_made_game_writes_its_level_value_into_the_pulka(sochi):
    """P4.6, P7.1, P7.2, P7.3: seven spades needs seven tricks, is worth 4, and each whister writes
    4 visty per trick on the declarer."""
    match, deal = _seven_spades(sochi)
    rng = random.Random(1)
    while not deal.is_over():
        deal.push(rng.choice(deal.legal_moves()))
    taken = deal.tricks_won
    result = match.finish_deal()
    lines = {(l.seat, l.account, l.against): l.points for l in result.scores}
    if taken[0] >= 7:
        assert declarer_made(deal) and lines[(0, "pulka", None)] == 4
    else:
        assert lines[(0, "gora", None)] == 4 * (7 - taken[0])
    for seat in (1, 2):
        assert lines[(seat, "visty", 0)] == 4 * taken[seat] + (4 * (7 - taken[0]) if taken[0] < 7 else 0)


def test_a_failed_game_writes_each_undertrick_into_the_gora_and_the_consolation(sochi):
    """P7.2, P7.3: ten hearts with one heart in hand takes six tricks, four short: 4 x 10 in the
    gora, and each whister writes 10 visty per trick he took and 40 of consolation."""
    match, deal = start(sochi)
    run(deal, [(0, "bid 6S"), (1, "pass"), (2, "pass"), (0, "discard 9D 8D"), (0, "declare 10H"),
               (1, "defend"), (2, "defend")])
    while not deal.is_over():
        deal.push(deal.legal_moves()[0])
    assert deal.tricks_won == [6, 2, 2]
    lines = [(l.seat, l.account, l.points, l.against, l.clauses) for l in match.finish_deal().scores]
    assert lines == [(0, "gora", 40, None, ("P7.2", "P7.1")),
                     (1, "visty", 20, 0, ("P7.3", "P7.1")), (2, "visty", 20, 0, ("P7.3", "P7.1")),
                     (1, "visty", 40, 0, ("P7.3", "P7.1")), (2, "visty", 40, 0, ("P7.3", "P7.1"))]
    assert match.accounts["gora"] == [40, 0, 0] and match.pairs["visty"][1][0] == 60


def test_a_game_nobody_whists_counts_as_made(sochi):
    """P5.4: both pass: seven spades goes into the pulka unplayed."""
    match, deal = _seven_spades(sochi, ("pass", "pass"))
    assert deal.is_over() and deal.bidding.undefended
    result = match.finish_deal()
    assert [(l.seat, l.account, l.points) for l in result.scores] == [(0, "pulka", 4)]


def test_misere_is_played_without_trumps_and_both_must_play_against_it(sochi):
    """P4.5, P4.6, P5.3, P7.1: misère needs no trick, is worth 10, and nobody may pass against it."""
    match, deal = start(sochi)
    run(deal, [(0, "bid misere"), (1, "pass"), (2, "pass"), (0, "discard 9D 8D"), (0, "declare misere")])
    refused = act(deal, 1, "pass")
    assert not refused.legal and refused.clauses == ("P5.3",)
    run(deal, [(1, "defend"), (2, "defend")])
    while not deal.is_over():
        deal.push(deal.legal_moves()[-1])
    taken = deal.tricks_won[0]
    result = match.finish_deal()
    lines = [(l.seat, l.account, l.points) for l in result.scores]
    assert lines == ([(0, "pulka", 10)] if taken == 0 else [(0, "gora", 10 * taken)])


@pytest.mark.parametrize("seed", range(6))
def test_random_matches_end_and_keep_the_sheet(sochi, seed):
    """Every random match ends; the pulka, gora and visty written are the sum of the deals' lines."""
    match = Match(sochi)
    rng = random.Random(seed)
    match.draw_for_dealer(rng)
    deals = 0
    while not match.is_over():
        hands, talon, _ = match.deal_pack(rng)
        deal = match.new_deal(hands, talon=talon)
        while not deal.is_over():
            deal.push(rng.choice(deal.legal_moves()))
        before = {a: list(match.accounts[a]) for a in ("pulka", "gora")}
        result = match.finish_deal()
        for account in before:
            written = [sum(l.points for l in result.scores if l.account == account and l.seat == s) for s in range(3)]
            assert [b + w for b, w in zip(before[account], written)] == match.accounts[account]
        deals += 1
        assert deals < 2000, "a Sochi match that does not end"
    assert max(match.accounts["pulka"]) >= 20


@pytest.mark.parametrize(("text", "message"), [
    ("bid ladder levels 6 to 10 in strains spades S, clubs C, spades D", "strain spades stands twice"),
    ("bid ladder levels 10 to 6 in strains spades S, clubs C", "the levels of the ladder must rise"),
    ("bid ladder levels 6 to 10 in strains spades S, clubs S", "two strains are written S"),
    ("bid ladder levels 6 to 10 in strains spades 1S, clubs C", "must begin with a letter"),
    ("bid ladder levels 6 to 10 in strains spades S, clubs C, misere above 11S", "there is no bid 11S"),
    ("bid ladder levels 6 to 10 in strains spades S, clubs C, spades above 8C", "already stands on the ladder"),
])
def test_a_broken_ladder_is_refused_where_it_breaks(tmp_path, text, message):
    rules = (f'variant sochi_house "Sochi, a house variant" extends preferans_sochi\n'
             f'replace clause P3.2 "A ladder." interpretation "A broken ladder." {{\n  {text}\n}}\n')
    error = load_error(tmp_path, rules)
    assert message in error and "v.rules:3:" in error


def test_rules_shows_the_russian_suit_names(capsys):
    """P1.3: `suit names ru` gives the suits their Russian names beside the symbols."""
    from referee import cli
    assert cli.main(["rules", "preferans_sochi"]) == 0
    out = capsys.readouterr().out
    assert "S ♠ (ru: Пики)" in out and "H ♥ (ru: Червы)" in out and "C ♣ (ru: Трефы)" in out


# -- misère in the auction (P3.11) ------------------------------------------------------------------


def test_misere_only_as_a_first_call(sochi):
    """P3.11: seat 1 may say misère at his first call; seat 0, who has bid six spades, may not."""
    match, deal = start(sochi)
    run(deal, [(0, "bid 6S"), (1, "bid 7S"), (2, "pass")])
    late = act(deal, 0, "bid misere")
    assert not late.legal and late.clauses == ("P3.11", "P6.4") and "first call" in late.text()
    assert "bid misere" not in {str(a) for a in deal.legal_actions()}


def test_a_misere_bidder_may_only_pass_and_must_play_it(sochi):
    """P3.11: outbid, the misère bidder can only pass; winning, he can only declare misère."""
    match, deal = start(sochi)
    run(deal, [(0, "bid misere"), (1, "bid 9S"), (2, "pass")])
    assert {str(a) for a in deal.legal_actions()} == {"pass"}
    again = act(deal, 0, "bid 9C")
    assert not again.legal and again.clauses[0] == "P3.11" and "binds him" in again.text()
    match, deal = start(sochi)
    run(deal, [(0, "bid misere"), (1, "pass"), (2, "pass"), (0, "discard 9D 8D")])
    assert {str(a) for a in deal.legal_actions()} == {"declare misere"}
    other = act(deal, 0, "declare 10NT")
    assert not other.legal and other.clauses == ("P3.11", "P6.4") and "must play it" in other.text()


def test_a_declarer_who_won_with_a_number_may_not_name_misere(sochi):
    """P3.11: misère ranks above six spades, yet the winner of six spades may not name it."""
    match, deal = start(sochi)
    run(deal, [(0, "bid 6S"), (1, "pass"), (2, "pass"), (0, "discard 9D 8D")])
    named = act(deal, 0, "declare misere")
    assert not named.legal and named.clauses == ("P3.11", "P6.4") and "with a number" in named.text()
    assert len(deal.legal_actions()) == 25


# -- whist, pass and half-whist (P5.1, P5.2, P5.7) -----------------------------------------------------


def test_half_whist_after_a_pass_ends_the_deal_unplayed(sochi):
    """P5.7: six spades, the first opponent passes, the second says half-whist: the declarer writes
    2 in his pulka, the half-whister 2 x 2 visty (half of the four tricks of P5.2)."""
    match, deal = start(sochi)
    run(deal, [(0, "bid 6S"), (1, "pass"), (2, "pass"), (0, "discard 9D 8D"), (0, "declare 6S"), (1, "pass")])
    assert {str(a) for a in deal.legal_actions()} == {"defend", "pass", "defend half"}
    verdict = act(deal, 2, "defend half")
    assert verdict.legal and verdict.clauses == ("P5.7",) and deal.is_over()
    lines = [(l.seat, l.account, l.points, l.against, l.clauses) for l in match.finish_deal().scores]
    assert lines == [(0, "pulka", 2, None, ("P5.7", "P7.1")),
                     (2, "visty", 4, 0, ("P5.7", "P7.1", "P5.2"))]


@pytest.mark.parametrize(("game", "first", "why"), [
    ("8S", "pass", "level 7"),        # too high a game
    ("6S", None, "last defender"),    # the first opponent may not half-whist
    ("7S", "defend", "last defender"),  # nor the second after a whist
])
def test_half_whist_is_refused_where_the_clause_does_not_allow_it(sochi, game, first, why):
    match, deal = start(sochi)
    run(deal, [(0, "bid 6S"), (1, "pass"), (2, "pass"), (0, "discard 9D 8D"), (0, f"declare {game}")])
    seat = 1
    if first is not None:
        run(deal, [(1, first)])
        seat = 2
    verdict = act(deal, seat, "defend half")
    assert not verdict.legal and verdict.clauses == ("P5.7",) and why in verdict.text()


def test_the_half_whist_level_is_a_parameter():
    """P5.7 with half_whist_up_to = 6: seven spades may no longer be half-whisted."""
    game = load_game("preferans_sochi", {"half_whist_up_to": 6})
    match, deal = start(game)
    run(deal, [(0, "bid 6S"), (1, "pass"), (2, "pass"), (0, "discard 9D 8D"), (0, "declare 7S"), (1, "pass")])
    assert {str(a) for a in deal.legal_actions()} == {"defend", "pass"}


def test_whisters_short_of_their_obligation_write_the_shortfall_into_the_gora(sochi):
    """P5.2: six spades made with all ten tricks against two whisters: each lacks his two tricks
    and writes 2 x 2 in his gora."""
    match, deal = start(sochi)
    run(deal, [(0, "bid 6S"), (1, "pass"), (2, "pass"), (0, "discard 9D 8D"), (0, "declare 6S"),
               (1, "defend"), (2, "defend")])
    while not deal.is_over():
        deal.push(deal.legal_moves()[0])
    assert deal.tricks_won == [10, 0, 0]
    gora = [(l.seat, l.points, l.clauses) for l in match.finish_deal().scores if l.account == "gora"]
    assert gora == [(1, 4, ("P5.2", "P7.1")), (2, 4, ("P5.2", "P7.1"))]


def test_the_player_who_passed_writes_only_the_consolation(sochi):
    """P7.3: ten hearts fails by four against one whister: the whister writes visty for both hands'
    tricks and the consolation, the player who passed only the consolation."""
    match, deal = start(sochi)
    run(deal, [(0, "bid 6S"), (1, "pass"), (2, "pass"), (0, "discard 9D 8D"), (0, "declare 10H"),
               (1, "defend"), (2, "pass")])
    while not deal.is_over():
        deal.push(deal.legal_moves()[0])
    assert deal.tricks_won == [6, 2, 2]
    visty = [(l.seat, l.points, l.against) for l in match.finish_deal().scores if l.account == "visty"]
    assert visty == [(1, 40, 0), (1, 40, 0), (2, 40, 0)]


def test_a_transcript_passing_against_misere_is_judged_illegal_citing_the_clause():
    """A recorded deal in which a defender passes against misère: the judge stops there, citing P5.3."""
    from pathlib import Path

    from referee.judge import judge_file
    text = judgement_text(judge_file(Path(__file__).parent / "fixtures" / "preferans_sochi-pass-against-misere.json"))
    assert "ILLEGAL, deal 1, action 6 (seat 2: pass)" in text and "[P5.3" in text


def test_against_a_made_ten_each_whister_lacks_one_trick(sochi):
    """P5.2: a made ten leaves the whisters nothing: each lacks his share of one trick and writes
    10 in his gora (an obligation of one or of two gives each the same share of one)."""
    match, deal = start(sochi)
    run(deal, [(0, "bid 10S"), (1, "pass"), (2, "pass"), (0, "discard 9D 8D"), (0, "declare 10S"),
               (1, "defend"), (2, "defend")])
    while not deal.is_over():
        deal.push(deal.legal_moves()[0])
    assert deal.tricks_won == [10, 0, 0]
    assert [(l.seat, l.points) for l in match.finish_deal().scores if l.account == "gora"] == [(1, 10), (2, 10)]


@pytest.mark.parametrize("level", [8, 9])
def test_the_obligation_at_each_high_level_is_one_trick(tmp_path, level):
    """P5.2: against eight, nine or ten the whisters need one trick between them. A pair that takes
    exactly one is not short; under an obligation of two at that level the one who took none lacks
    his share of one and writes the value of the game in his gora."""
    mutant = tmp_path / "v.rules"
    quotas = ", ".join(f"{2 if lv == level else q} tricks at level {lv}"
                       for lv, q in ((6, 4), (7, 2), (8, 1), (9, 1), (10, 1)))
    mutant.write_text('variant sochi_two "Sochi, two at one level" extends preferans_sochi\n'
                      'replace clause P5.2 "Two tricks at one level." interpretation "A test." {\n'
                      f'  defenders need {quotas}\n'
                      '  if made: each short defender writes gora plus shortfall times value\n}\n', encoding="utf-8")
    games = {"shipped": load_game("preferans_sochi"), "two": load_game(str(mutant))}
    bid = f"{level}S"
    for seed in range(400):
        rng = random.Random(seed)
        gora = {}
        for name, game in games.items():
            match = Match(game)
            match.dealer = 2
            hands, talon, _ = match.deal_pack(random.Random(seed))
            deal = match.new_deal(hands, talon=talon)
            run(deal, [(0, f"bid {bid}"), (1, "pass"), (2, "pass")])
            deal.push(deal.legal_moves()[0])   # the discard
            run(deal, [(0, f"declare {bid}"), (1, "defend"), (2, "defend")])
            rng = random.Random(seed)
            while not deal.is_over():
                deal.push(rng.choice(deal.legal_moves()))
            if deal.tricks_won[1] + deal.tricks_won[2] != 1:
                break
            gora[name] = [l.points for l in match.finish_deal().scores if l.account == "gora"]
        if len(gora) == 2:
            assert gora["shipped"] == [] and gora["two"] == [2 * (level - 5)]
            return
    pytest.fail(f"no deal of {bid} in 400 where the whisters take exactly one trick")


def test_the_judge_names_the_bid_declared():
    """P3.2, P4.3: the deal's header names the game at its level, `contract 7S (Spades)`."""
    from pathlib import Path

    from referee.judge import judge_file
    text = judgement_text(judge_file(Path(__file__).parent / "fixtures" / "preferans_sochi-overtricks.json"))
    assert ", contract 6S (Spades), declarer seat" in text and ", contract 10S (Spades), declarer seat" in text


def test_everyone_passing_plays_raspasy(sochi):
    """P3.9: all three pass: the deal is played without trumps and without a declarer, the eldest
    leading, and each player writes a point of gora per trick he takes (and one of pulka if none)."""
    match, deal = start(sochi)
    run(deal, [(0, "pass"), (1, "pass"), (2, "pass")])
    assert deal.phase == "tricks" and deal.contract.id == "raspasy" and deal.declarer is None and deal.to_act == 0
    while not deal.is_over():
        deal.push(deal.legal_moves()[0])
    taken = list(deal.tricks_won)
    lines = [(l.seat, l.account, l.points, l.clauses) for l in match.finish_deal().scores]
    assert lines == [(s, "pulka", 1, ("P3.9",)) for s in range(3) if not taken[s]] + \
        [(s, "gora", taken[s], ("P3.9",)) for s in range(3) if taken[s]]
    assert match.accounts["gora"] == taken and sum(taken) == 10


def test_raspasy_refuses_a_first_lead_by_the_declarer(tmp_path):
    """A raspasy deal has no declarer: a first lead by him is refused at load, found by the sweep."""
    rules = ('variant sochi_house "Sochi, a house variant" extends preferans_sochi\n'
             'replace clause P6.1 "The declarer leads." interpretation "A broken rule." {\n'
             '  first lead by declarer\n}\n')
    error = load_error(tmp_path, rules)
    assert "v.rules:3:3:" in error and "played in raspasy with no declarer" in error


# -- raspasy: the talon, the price in a row and the exit (P3.12, P3.13) ----------------------------


def _all_pass(deal):
    run(deal, [(0, "pass"), (1, "pass"), (2, "pass")])


def test_by_default_the_talon_stays_aside_on_raspasy(sochi):
    """P3.12: by default the first hand leads any card to the first trick of raspasy."""
    match, deal = start(sochi)
    _all_pass(deal)
    assert len(deal.legal_moves()) == 10 and act(deal, 0, "play AS").legal


def test_the_talon_cards_lead_the_first_two_tricks_as_a_reading():
    """P3.12, raspasy_talon = on: 9♦ leads the first trick and 8♦ the second; every player, the
    first to play too, must follow diamonds, and the highest diamond takes the trick."""
    game = load_game("preferans_sochi", settings={"raspasy_talon": "on"})
    match, deal = start(game)
    _all_pass(deal)
    assert "talon: 9♦ ▮" in deal.draw(view=0)  # the card leading the trick is seen by all, the next not yet
    assert [str(a) for a in deal.legal_actions()] == ["play AD"]  # his only diamond
    refused = act(deal, 0, "play AS")
    assert not refused.legal and "P3.12" in refused.clauses and "talon card 9" in refused.describe()
    run(deal, [(0, "play AD"), (1, "play KC")])  # seat 1 has no diamond: any card
    assert {str(a)[-1] for a in deal.legal_actions()} == {"D"}
    run(deal, [(2, "play 7D")])
    assert deal.tricks.trick_winners == [0] and "talon: 9♦ 8♦" in deal.draw(view=1)
    # The second trick: seat 0 plays first with no diamond left; seat 2's diamond takes it.
    assert len(deal.legal_moves()) == 9
    run(deal, [(0, "play AS"), (1, "play QC"), (2, "play 10D")])
    assert deal.tricks.trick_winners == [0, 2] and deal.to_act == 2
    assert len(deal.legal_moves()) == len(deal.hands[2])  # the third trick is led freely
    while not deal.is_over():
        deal.push(deal.legal_moves()[0])
    taken = sorted(c for cards in deal.taken for c in cards)
    assert sorted(taken + deal.talon) == list(range(32)) and len(taken) == 30  # the talon is nobody's


@pytest.mark.parametrize("reading, factors", [("none", [1, 1, 1, 1, 1]), ("arithmetic", [1, 2, 3, 1, 2]),
                                              ("doubling", [1, 2, 4, 1, 2])])
def test_raspasy_in_a_row_cost_more_by_the_reading(reading, factors):
    """P3.12: three raspasy in a row, then a deal bid (six spades, undefended: the row breaks),
    then two more raspasy: each writes its tricks in the gora times its place in the row's price."""
    game = load_game("preferans_sochi", settings={"raspasy_progression": reading})
    match = Match(game)
    match.dealer = 2
    rng = random.Random(4)
    bids = iter([False, False, False, True, False, False])
    for factor in factors:
        bid = next(bids)
        if bid:
            hands, talon, _ = match.deal_pack(rng)
            deal = match.new_deal(hands, talon=talon)
            assert deal.start.passed_before == 3 if reading != "none" else deal.start.passed_before == 0
            first = deal.to_act
            run(deal, [(first, "bid 6S"), ((first + 1) % 3, "pass"), ((first + 2) % 3, "pass")])
            while not deal.is_over():
                deal.push(deal.legal_moves()[-1])
            match.finish_deal()
            bid = next(bids)
        hands, talon, _ = match.deal_pack(rng)
        deal = match.new_deal(hands, talon=talon)
        first = deal.to_act
        run(deal, [(first, "pass"), ((first + 1) % 3, "pass"), ((first + 2) % 3, "pass")])
        while not deal.is_over():
            deal.push(rng.choice(deal.legal_moves()))
        before = list(match.accounts["gora"])
        match.finish_deal()
        assert [after - was for after, was in zip(match.accounts["gora"], before)] == \
            [factor * won for won in deal.tricks_won], (reading, factor)


def test_the_price_in_a_row_counts_by_step_or_factor_up_to_its_cap(tmp_path):
    """`all passing in a row: scores times ...`: the terms give the step or the factor."""
    from referee.mechanics.auction.rules import Growth
    for terms, growth, row in (("1, 2, 3", Growth.STEP, [1, 2, 3, 4, 5]), ("2, 4, 6", Growth.STEP, [2, 4, 6, 8, 10]),
                               ("1, 2, 4", Growth.FACTOR, [1, 2, 4, 8, 16]), ("1, 3, 9, up to 10", Growth.FACTOR,
                                                                             [1, 3, 9, 10, 10])):
        path = tmp_path / "v.rules"
        path.write_text('variant sochi_row "Sochi, a house price" extends preferans_sochi\n'
                        f'clause P3.14 "Raspasy in a row." interpretation "A house rule." {{\n'
                        f'  all passing in a row: scores times {terms}\n}}\n')
        rule = load_game(path).auction.progression
        assert rule.growth is growth and [rule.times(k) for k in range(5)] == row, terms
    assert rule.times(10 ** 9) == 10  # a huge row read from a position stays cheap


@pytest.mark.parametrize("terms, message", [
    ("0, 1, 2", "writes its scores at least once"),
    ("1, 2, 3, up to 1", "stops the terms before they rise above 1"),
    ("1, 1, 1", "neither rise by the same step nor grow by the same factor")])
def test_a_broken_price_in_a_row_is_refused_where_it_breaks(tmp_path, terms, message):
    rules = ('variant sochi_row "Sochi, a house price" extends preferans_sochi\n'
             'clause P3.14 "Raspasy in a row." interpretation "A broken rule." {\n'
             f'  all passing in a row: scores times {terms}\n}}\n')
    error = load_error(tmp_path, rules)
    assert "v.rules:3:" in error and message in error


def test_after_raspasy_the_bids_start_at_seven_as_a_reading():
    """P3.13, raspasy_exit = seven: after a deal everybody passed the lowest bid is seven spades
    (a lower one is refused citing the clause), and after a deal somebody bid it is six again.
    The row is what the deal starts from: its position writes it, and reads it back."""
    from referee import from_position
    from referee.errors import PositionError
    game = load_game("preferans_sochi", settings={"raspasy_exit": "seven"})
    match, deal = start(game)
    assert "bid 6S" in [str(a) for a in deal.legal_actions()]
    _all_pass(deal)
    while not deal.is_over():
        deal.push(deal.legal_moves()[0])
    match.finish_deal()
    rng = random.Random(2)
    hands, talon, _ = match.deal_pack(rng)
    deal = match.new_deal(hands, talon=talon)
    first = deal.to_act
    bids = [str(a) for a in deal.legal_actions() if str(a).startswith("bid")]
    assert bids[0] == "bid 7S" and "bid 6NT" not in bids and "bid misere" in bids
    refused = act(deal, first, "bid 6S")
    assert not refused.legal and refused.clauses[0] == "P3.13" and "no bid lower than 7S" in refused.describe()
    text = deal.position()
    assert "; passed 1" in text and from_position(text).start.passed_before == 1
    with pytest.raises(PositionError, match="only 1 deals were played before this one"):
        from_position(text.replace("; passed 1", "; passed 2"))
    run(deal, [(first, "bid 7S"), ((first + 1) % 3, "pass"), ((first + 2) % 3, "pass")])
    while not deal.is_over():
        deal.push(deal.legal_moves()[-1])
    match.finish_deal()
    hands, talon, _ = match.deal_pack(rng)
    deal = match.new_deal(hands, talon=talon)
    assert deal.start.passed_before == 0 and "bid 6S" in [str(a) for a in deal.legal_actions()]
    assert "passed" not in deal.position()


def test_an_exit_bid_the_ladder_lacks_or_its_lowest_is_refused(tmp_path):
    for bid, message in (("11S", "there is no bid 11S on this ladder"), ("6S", "6S is the lowest bid anyway")):
        rules = ('variant sochi_exit "Sochi, a house exit" extends preferans_sochi\n'
                 'clause P3.14 "The exit." interpretation "A broken rule." {\n'
                 f'  after all passing: lowest bid {bid}\n}}\n')
        error = load_error(tmp_path, rules)
        assert "v.rules:3:33:" in error and message in error


def test_the_talon_leads_no_more_tricks_than_it_has_cards(tmp_path):
    rules = ('variant sochi_talon "Sochi, a house talon" extends preferans_sochi\n'
             'clause P3.14 "The talon leads." interpretation "A broken rule." {\n'
             '  in raspasy {\n    talon cards lead the first 0 tricks\n  }\n}\n')
    assert "v.rules:4:32:" in load_error(tmp_path, rules) and "the talon leads no trick here" in load_error(tmp_path, rules)


@pytest.mark.parametrize("seed", [1, 2])
def test_random_matches_with_every_raspasy_reading_end_and_conserve_cards(seed):
    """Random play under the three readings on: every deal ends with all 32 cards in the hands
    played, the tricks or the talon, and the match ends (P8.1)."""
    game = load_game("preferans_sochi", settings={"raspasy_talon": "on", "raspasy_progression": "doubling",
                                                  "raspasy_exit": "seven"})
    match = Match(game)
    rng = random.Random(seed)
    match.draw_for_dealer(rng)
    passed = 0
    while not match.is_over():
        assert len(match.results) < 400, "a Sochi match with random players should end"
        hands, talon, _ = match.deal_pack(rng)
        deal = match.new_deal(hands, talon=talon)
        assert deal.start.passed_before == passed
        while not deal.is_over():
            deal.push(rng.choice(deal.legal_moves()))
        if deal.contract is not None and deal.contract.id == "raspasy":
            taken = sorted(c for cards in deal.taken for c in cards)
            assert sorted(taken + deal.talon) == list(range(32))
        match.finish_deal()
        passed = passed + 1 if deal.all_passed else 0
