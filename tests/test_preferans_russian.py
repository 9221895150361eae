"""The Russian Preferans family (rules/variants/preferans_sochi.rules and the Leningrad and Rostov
variants of it): the pulka that closes at its size with the overflow helping the others, the
match that ends when every pulka is closed, the settlement with the gora averaged (a source's
worked settlement reproduced to the vist), Leningrad's doubled visty, the raspasy of Sochi and
Rostov, the refusals of broken rules, and random matches of all three to their end."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from referee.cli import main
from referee.interpreter import Match
from referee.judge import judge
from referee.model import load_game
from referee.simulate import random_transcript

from .helpers import load_error
from .test_preferans_sochi import _seven_spades, run, start


@pytest.fixture(scope="module")
def sochi():
    return load_game("preferans_sochi")


@pytest.fixture(scope="module")
def leningrad():
    return load_game("preferans_leningrad")


@pytest.fixture(scope="module")
def rostov():
    return load_game("preferans_rostov")


def _sheet(match, gora, visty, pulka=(20, 20, 20)):
    """Put a finished sheet on `match`: each player's gora and pulka, and visty[a][b] what a wrote on b."""
    match.accounts["gora"] = list(gora)
    match.accounts["pulka"] = list(pulka)
    match.pairs["visty"] = [list(row) for row in visty]


# The worked settlement of https://minigames.mail.ru/info/raschet_puli_v_preferanse (players А,
# Б, В: seats 0, 1, 2). The page gives the gora (А 42, the smallest; Б 54 and В 90 after the
# amnesty, so 96 and 132) and, after the gora is turned into visty (Б 180, В 300 written on each
# by the others), each pair's visty: А and Б 350 - 64, А and В 360 - 88, В and Б 478 - 275. The
# visty written in play are these less the gora's: А on Б 170, А on В 60, Б on А 64, Б on В 178,
# В on А 88, В on Б 95.
MAIL_RU_GORA = (42, 96, 132)
MAIL_RU_VISTY = ((0, 170, 60), (64, 0, 178), (88, 95, 0))


def test_the_worked_settlement_of_a_source_is_reproduced_to_the_vist(sochi):
    """P8.2: the source's own steps (the amnesty, the gora in visty, the pairs set off) and the
    referee's settlement by the average gora give the same results, which add up to nothing."""
    gora = [g - min(MAIL_RU_GORA) for g in MAIL_RU_GORA]
    assert gora == [0, 54, 90]
    from_gora = [g * 10 // 3 for g in gora]
    assert from_gora == [0, 180, 300]
    on = [[MAIL_RU_VISTY[a][b] + (from_gora[b] if a != b else 0) for b in range(3)] for a in range(3)]
    assert (on[0][1], on[1][0], on[0][2], on[2][0], on[1][2], on[2][1]) == (350, 64, 360, 88, 478, 275)
    assert (on[0][1] - on[1][0], on[0][2] - on[2][0], on[1][2] - on[2][1]) == (286, 272, 203)
    by_hand = [286 + 272, -286 + 203, -272 - 203]

    match = Match(sochi)
    _sheet(match, MAIL_RU_GORA, MAIL_RU_VISTY)
    assert match.is_over()
    result = match.result()
    assert list(result.totals) == by_hand == [558, -83, -475]
    assert sum(result.totals) == 0 and result.winners == (0,)
    assert result.clauses == ("P8.1", "P8.2")


MAIL_RU_SHEET = Path(__file__).parent / "fixtures" / "preferans_rostov-mail-ru-sheet.json"


def test_judging_a_match_reproduces_the_worked_sheet_of_the_source_to_the_vist(capsys):
    """P7.2, P7.3, P3.9 (Rostov), P8.1-P8.3: a transcript of 17 deals (made up to reach the page's
    finished sheet: tests/fixtures/worked_sheet_mail_ru.py says how) is judged deal by deal, every
    sheet it writes agrees, and the match ends on the page's gora, visty and settlement."""
    record = json.loads(MAIL_RU_SHEET.read_text(encoding="utf-8"))
    judgement = judge(record)
    assert judgement.verdict == "legal" and judgement.legal
    assert [d.sheet_checked for d in judgement.deals] == [True] * 17
    match = judgement.table
    assert match is not None
    assert match.accounts["gora"] == list(MAIL_RU_GORA)
    assert match.accounts["pulka"] == [20, 20, 20]
    assert tuple(map(tuple, match.pairs["visty"])) == MAIL_RU_VISTY
    assert judgement.match is not None
    assert judgement.match.totals == (558, -83, -475) and judgement.match.winners == (0,)
    # the odd vist: В wrote 25 + 10 + 35 on Б in the raspasy of deal 1 (the fewest, five a trick)
    first = judgement.deals[0]
    assert [(l.seat, l.against, l.points) for l in first.scores if l.account == "visty"] == [(2, 0, 10), (2, 1, 35)]
    assert main(["judge", str(MAIL_RU_SHEET)]) == 0
    out = capsys.readouterr().out
    assert "Totals: pulka: 20 20 20; gora: 42 96 132; visty: 230 242 183" in out
    assert "Match over. Totals: 558 -83 -475. Winner: seat 1." in out
    assert out.rstrip().endswith("Pair by pair, visty: seat 1 on seat 2: 170, seat 1 on seat 3: 60, "
                                 "seat 2 on seat 1: 64, seat 2 on seat 3: 178, seat 3 on seat 1: 88, "
                                 "seat 3 on seat 2: 95")
    assert main(["judge", "--lang", "ru", str(MAIL_RU_SHEET)]) == 0
    assert "По парам игроков, висты: игрок 1 на игрока 2: 170," in capsys.readouterr().out


def test_judge_json_of_a_match_carries_the_visty_pair_by_pair(capsys):
    """`judge --json` gives the per-opponent accounts the text prints at a match's end, typed (a
    `PairTotal` each in `MatchResult.pairs`) and as `match.pairs`, schema-checked: the worked
    sheet's visty, А on Б 170 ... В on Б 95."""
    import jsonschema
    judgement = judge(json.loads(MAIL_RU_SHEET.read_text(encoding="utf-8")))
    assert judgement.match is not None
    assert [(p.account, p.seat, p.against, p.points) for p in judgement.match.pairs] == [
        ("visty", 0, 1, 170), ("visty", 0, 2, 60), ("visty", 1, 0, 64), ("visty", 1, 2, 178),
        ("visty", 2, 0, 88), ("visty", 2, 1, 95)]
    assert main(["judge", "--json", str(MAIL_RU_SHEET)]) == 0
    data = json.loads(capsys.readouterr().out)
    schema = Path(__file__).parent.parent / "referee" / "data" / "judgement.schema.json"
    jsonschema.Draft202012Validator(json.loads(schema.read_text(encoding="utf-8"))).validate(data)
    pairs = {(p["seat"], p["against"]): p["points"] for p in data["match"]["pairs"] if p["account"] == "visty"}
    assert pairs == {(0, 1): 170, (0, 2): 60, (1, 0): 64, (1, 2): 178, (2, 0): 88, (2, 1): 95}


@pytest.mark.parametrize("seed", [1, 2])
def test_sochi_writes_no_odd_vist_so_the_worked_sheet_is_a_rostov_one(sochi, seed):
    """Why the worked sheet is judged under Rostov: its В on Б is 95, and every vist Sochi writes is
    a game's value (2 to 10) a trick or ten a pulka point, so always even (here over random
    matches); Rostov's raspasy write five a trick. The same transcript under Sochi is a wrong score
    at its first deal, whose raspasy Sochi writes in the gora."""
    record = random_transcript(sochi, seed, whole_match=True)
    written = [line.points for deal in judge(record).deals for line in deal.scores if line.account == "visty"]
    assert written and all(points % 2 == 0 for points in written)
    rostov = json.loads(MAIL_RU_SHEET.read_text(encoding="utf-8"))
    rostov["game"] = "preferans_sochi"
    judgement = judge(rostov)
    assert judgement.verdict == "wrong_score" and judgement.where == "deals[0].totals.gora"


def test_a_settlement_that_does_not_divide_is_rounded_and_still_adds_up_to_nothing(sochi):
    """P8.2 (the reading): an average gora of 10 1/3 gives -3 1/3, -3 1/3 and +6 2/3 visty x 10 before
    rounding; the largest remainders round them to whole visty that still sum to nothing."""
    match = Match(sochi)
    _sheet(match, (7, 7, 17), ((0, 0, 0), (0, 0, 0), (0, 0, 0)))
    totals, clauses = match.final_totals()
    assert totals == [34, 33, -67] and sum(totals) == 0 and clauses == ("P8.2",)


def test_the_pulka_closes_and_its_overflow_helps_the_next_player(sochi):
    """P8.3: seat 1 needs one point to close; seven spades unwhisted (4) takes him from 19 to 20, and
    the other 3 go into the pulka of the next player to his left with 10 visty each on him."""
    match, deal = _seven_spades(sochi, ("pass", "pass"))
    match.accounts["pulka"] = [19, 5, 20]
    result = match.finish_deal()
    lines = [(l.seat, l.account, l.points, l.against, l.clauses) for l in result.scores]
    assert lines == [(0, "pulka", 4, None, ("P7.2", "P7.1", "P5.4")),
                     (0, "pulka", -3, None, ("P8.3",)),
                     (1, "pulka", 3, None, ("P8.3",)),
                     (0, "visty", 30, 1, ("P8.3",))]
    assert match.accounts["pulka"] == [20, 8, 20] and match.pairs["visty"][0][1] == 30
    assert not match.is_over()
    left = match.remaining()
    assert left is not None and left.every_player and left.total == 8 and left.bound == 20


def test_when_every_other_pulka_is_closed_the_overflow_comes_off_the_gora(sochi):
    """P8.3: seat 2 is closed and seat 1 lacks one point: one goes to him, the other three off the gora."""
    match, deal = _seven_spades(sochi, ("pass", "pass"))
    match.accounts["pulka"] = [20, 19, 20]
    match.accounts["gora"] = [30, 0, 0]
    result = match.finish_deal()
    written = [(l.seat, l.account, l.points) for l in result.scores if "P8.3" in l.clauses]
    assert written == [(0, "pulka", -4), (1, "pulka", 1), (0, "visty", 10), (0, "gora", -3)]
    assert match.accounts["pulka"] == [20, 20, 20] and match.accounts["gora"] == [27, 0, 0]
    assert match.is_over()


def test_the_match_goes_on_until_every_pulka_is_closed(sochi):
    """P8.1: one full pulka no longer ends the match; the last one to close does."""
    match = Match(sochi)
    match.accounts["pulka"] = [20, 20, 12]
    assert not match.is_over()
    match.accounts["pulka"] = [20, 20, 20]
    assert match.is_over()


def test_the_pulka_size_is_a_parameter():
    game = load_game("preferans_sochi", {"pulka_size": "30"})
    assert game.auction.cap.cap == 30 and game.match_end.value.count == 30


def test_leningrad_writes_the_visty_and_the_gora_at_twice_the_value(leningrad):
    """Leningrad P7.2, P7.3: the failed ten hearts of the Sochi test: four short costs the declarer
    4 x 20 in the gora, each whister writes 20 visty per trick and the consolation stays 10 a trick."""
    match, deal = start(leningrad)
    run(deal, [(0, "bid 6S"), (1, "pass"), (2, "pass"), (0, "discard 9D 8D"), (0, "declare 10H"),
               (1, "defend"), (2, "defend")])
    while not deal.is_over():
        deal.push(deal.legal_moves()[0])
    assert deal.tricks_won == [6, 2, 2]
    lines = [(l.seat, l.account, l.points, l.against) for l in match.finish_deal().scores]
    assert lines == [(0, "gora", 80, None), (1, "visty", 40, 0), (2, "visty", 40, 0),
                     (1, "visty", 40, 0), (2, "visty", 40, 0)]


def test_leningrad_keeps_the_whisters_shortfall_at_the_plain_value(leningrad):
    """Leningrad keeps Sochi's P5.2: six spades made with all ten tricks against two whisters: each
    lacks two tricks and writes 2 x 2 in his gora, half the doubled price of a trick on whist."""
    match, deal = start(leningrad)
    run(deal, [(0, "bid 6S"), (1, "pass"), (2, "pass"), (0, "discard 9D 8D"), (0, "declare 6S"),
               (1, "defend"), (2, "defend")])
    while not deal.is_over():
        deal.push(deal.legal_moves()[0])
    if deal.tricks_won[0] == 10:
        gora = [(l.seat, l.points) for l in match.finish_deal().scores if l.account == "gora"]
        assert gora == [(1, 4), (2, 4)]
    else:  # the first legal moves do not take all ten: the declarer's tricks decide what is written
        result = match.finish_deal()
        assert all(l.points == 4 * l.values[2][1] for l in result.scores
                   if l.account == "visty" and l.message.startswith("{points} written for defending"))


def _raspasy(game):
    match, deal = start(game)
    run(deal, [(0, "pass"), (1, "pass"), (2, "pass")])
    assert deal.contract.id == "raspasy"
    while not deal.is_over():
        deal.push(deal.legal_moves()[0])
    return match, deal


def test_sochi_raspasy_write_a_pulka_point_to_a_player_with_no_trick(sochi):
    """P3.9: a point of gora per trick, and a point of pulka for taking none."""
    match, deal = _raspasy(sochi)
    taken = list(deal.tricks_won)
    lines = sorted((l.seat, l.account, l.points) for l in match.finish_deal().scores)
    expected = sorted([(s, "gora", taken[s]) for s in range(3) if taken[s]] +
                      [(s, "pulka", 1) for s in range(3) if not taken[s]])
    assert lines == expected


def test_rostov_raspasy_are_written_in_the_visty_by_the_fewest(rostov):
    """Rostov P3.9: the player with the fewest tricks writes five visty per trick on each other."""
    match, deal = _raspasy(rostov)
    taken = list(deal.tricks_won)
    low = min(taken)
    result = match.finish_deal()
    visty = sorted((l.seat, l.against, l.points) for l in result.scores if l.account == "visty")
    assert visty == sorted((s, o, 5 * taken[o]) for s in range(3) if taken[s] == low
                           for o in range(3) if taken[o] > low)
    assert visty and all(l.clauses == ("P3.9",) for l in result.scores)
    assert not any(l.account == "gora" for l in result.scores)
    assert [(l.seat, l.points) for l in result.scores if l.account == "pulka"] == \
        [(s, 1) for s in range(3) if not taken[s]]


def test_rostov_raspasy_two_with_the_fewest_both_write_on_the_third(rostov):
    """Rostov P3.9: tricks 3, 3 and 4: both with three write 20 visty on the player with four."""
    from referee.mechanics.tricks.score import _trick_count_lines
    contract = Match(rostov).contracts["raspasy"]
    lines = _trick_count_lines(contract.no_trick, contract.fewest, [3, 4, 3])
    assert [(l.seat, l.account, l.points, l.against) for l in lines] == [(0, "visty", 20, 1), (2, "visty", 20, 1)]


CAP = ('variant sochi_house "Sochi, a house variant" extends preferans_sochi\n'
       'replace clause P8.3 "Closing." interpretation "A broken rule." {{\n  {text}\n}}\n')


@pytest.mark.parametrize(("text", "where", "message"), [
    ("close pulka at 0: overflow to the others for visty times 10", "3:18",
     "an account that closes at 0 is closed before the first deal"),
    ("close visty at 20: overflow to the others for visty times 10", "3:9", "visty is kept per opponent"),
    ("close pulka at 20: overflow to the others for gora times 10", "3:49", "gora must be kept per opponent"),
    ("close pulka at 20: overflow to the others for visty times 0", "3:61", "each point of help must write at least 1"),
    ("close pulka at 20: overflow to the others for visty times 10, then visty minus the rest", "3:70",
     "visty is kept per opponent"),
    ("close pulka at 20: overflow to the others for visty times 10, then pulka minus the rest", "3:70",
     "taking the rest off pulka itself would open it again below 20"),
])
def test_a_broken_pulka_cap_is_refused_where_it_breaks(tmp_path, text, where, message):
    error = load_error(tmp_path, CAP.format(text=text))
    assert f"v.rules:{where}:" in error and message in error and "hint:" in error


def test_an_amount_times_zero_is_refused(tmp_path):
    rules = ('variant sochi_house "Sochi, a house variant" extends preferans_sochi\n'
             'replace clause P7.2 "Pulka." interpretation "A broken rule." {\n'
             '  account pulka "pulka"\n  account gora "gora"\n'
             '  if made: declarer writes pulka plus value times 0\n'
             '  if failed: declarer writes gora plus undertricks times value\n'
             '  if not defended: declarer writes pulka plus value\n}\n')
    error = load_error(tmp_path, rules)
    assert "v.rules:5:51:" in error and "must multiply something by at least 1" in error


@pytest.mark.parametrize(("text", "where", "message"), [
    ("fewest tricks write 5 per trick of each other player in gora", "6:61", "gora must be kept per opponent"),
    ("fewest tricks write 0 per trick of each other player in visty", "6:25", "0 a trick writes nothing"),
])
def test_a_broken_raspasy_score_is_refused_where_it_breaks(tmp_path, text, where, message):
    rules = ('variant rostov_house "Rostov, a house variant" extends preferans_rostov\n'
             'replace clause P3.9 "Raspasy." interpretation "A broken rule." {\n'
             '  contract raspasy "Raspasy" plays tricks\n  all passing: contract raspasy is played\n'
             f'  in raspasy {{\n    {text}\n  }}\n}}\n')
    error = load_error(tmp_path, rules)
    assert f"v.rules:{where}:" in error and message in error


@pytest.mark.parametrize("name", ["preferans_sochi", "preferans_leningrad", "preferans_rostov"])
@pytest.mark.parametrize("seed", range(3))
def test_random_matches_end_with_every_pulka_closed_and_add_up_to_nothing(name, seed):
    """Random matches of the three end (every pulka closed, none past the size), and the final
    settlement adds up to nothing."""
    game = load_game(name)
    match = Match(game)
    rng = random.Random(seed)
    match.draw_for_dealer(rng)
    deals = 0
    while not match.is_over():
        hands, talon, _ = match.deal_pack(rng)
        deal = match.new_deal(hands, talon=talon)
        while not deal.is_over():
            deal.push(rng.choice(deal.legal_moves()))
        match.finish_deal()
        deals += 1
        assert deals < 2000, f"a {name} match that does not end"
    assert match.accounts["pulka"] == [20, 20, 20]
    result = match.result()
    assert sum(result.totals) == 0


@pytest.mark.parametrize(("base", "clause", "text", "where", "message"), [
    # misère rules that name no misère contract: an unknown contract, or a strain of the ladder
    ("preferans_sochi", "P3.11", "bid foo only as a first call", "3:7", "unknown contract foo"),
    ("preferans_sochi", "P3.11", "bid spades only as a first call", "3:7",
     "spades is not a contract of its own on the ladder"),
    # the strains rise in the order written: a strain written twice breaks the order
    ("preferans_sochi", "P3.2", "bid ladder levels 6 to 10 in strains spades S, clubs C, spades D", "3:",
     "strain spades stands twice"),
])
def test_the_bad_input_of_the_issue_is_refused_with_its_place(tmp_path, base, clause, text, where, message):
    rules = (f'variant house "A house variant" extends {base}\n'
             f'replace clause {clause} "A rule." interpretation "A broken rule." {{\n  {text}\n}}\n')
    error = load_error(tmp_path, rules)
    assert f"v.rules:{where}" in error and message in error


def test_raspasy_in_a_game_with_no_auction_is_refused(tmp_path):
    rules = ('variant house "A house variant" extends black_lady\n'
             'clause X1 "Raspasy." interpretation "A broken rule." {\n'
             '  contract raspasy "Raspasy" plays tricks\n  all passing: contract raspasy is played\n}\n')
    error = load_error(tmp_path, rules)
    assert "v.rules:4:3:" in error and "a rule of the auction, which is not a phase of this game's deals" in error


def test_a_card_the_pack_lacks_cannot_be_removed(tmp_path):
    rules = ('variant house "A house variant" extends black_lady\n'
             'clause X1 "A pack." interpretation "A broken rule." {\n'
             '  deck small "A pack" = standard without card 1D\n}\n')
    error = load_error(tmp_path, rules)
    assert "v.rules:3:47:" in error and "deck standard has no card 1D" in error


def test_the_overflow_may_not_go_into_the_account_the_settlement_works_out(tmp_path):
    """The final settlement overwrites `result` when the match ends: a rest written there is lost."""
    error = load_error(tmp_path, CAP.format(text="close pulka at 20: overflow to the others for visty times 10, "
                                                 "then result minus the rest"))
    assert "v.rules:3:3:" in error and "so what the closing of pulka writes in it is lost" in error
