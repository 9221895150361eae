"""Four-handed Preferans (rules/variants/preferans_four.rules): four at the table, three play each
deal and the dealer sits it out (`players 4, 3 play each deal: dealer sits out`)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cli import main
from referee.interpreter import Match
from referee.judge import judge
from referee.model import load_game
from referee.report import judgement_text
from referee.simulate import random_transcript

from .helpers import load_error
from .test_preferans import HANDS, TALON, act, run


@pytest.fixture(scope="module")
def game():
    return load_game("preferans_four")


def start(game, dealer):
    """A deal with the Croatian scenario's hands given to the three seats after `dealer`."""
    match = Match(game)
    match.dealer = dealer
    ids = {s: [match.table.card_id(c) for c in HANDS[s].split()] for s in HANDS}
    hands = [[] for _ in range(4)]
    for k in range(3):
        hands[(dealer + 1 + k) % 4] = ids[k]
    deal = match.new_deal(hands, talon=[match.table.card_id(c) for c in TALON.split()])
    return match, deal


def test_four_sit_and_three_play(game):
    assert game.base == "preferans" and game.table.players.value == (4,) and game.table.in_deal.value == 3
    assert game.table.players.clause == game.table.in_deal.clause == "P1.1"
    assert len(game.clauses) == len(load_game("preferans").clauses)


def test_the_dealer_receives_no_cards(game):
    match = Match(game)
    match.dealer = 1
    hands, talon, _up = match.deal_pack(random.Random(4))
    assert hands[1] == [] and [len(h) for h in hands] == [10, 0, 10, 10] and len(talon) == 2
    assert len(set(sum(hands, []) + talon)) == 32


def test_the_player_after_the_dealer_bids_first_and_the_dealer_has_no_turn(game):
    match, deal = start(game, dealer=1)
    assert deal.to_act == 2 and deal.eldest == 2 and deal.copy().to_act == 2
    verdict = act(deal, 1, "pass")
    assert not verdict.legal and verdict.clauses == ("P1.1",) and "sits out" in verdict.describe(game)
    assert dict(verdict.values)["seat"] == 1
    # the three who play bid in turn order round the table, past the dealer's seat
    run(deal, [(2, "bid 2"), (3, "pass"), (0, "pass")])
    assert deal.declarer == 2 and deal.to_act == 2


def test_out_of_turn_names_the_table_seat(game):
    match, deal = start(game, dealer=3)
    verdict = act(deal, 1, "pass")  # seat 0 speaks first
    assert not verdict.legal and verdict.seat == 1 and dict(verdict.values).get("turn") == 0


def test_the_sitting_out_dealer_writes_nothing(game):
    match, deal = start(game, dealer=0)
    run(deal, [(1, "bid 2"), (2, "pass"), (3, "pass"), (1, "discard 9D 8D"), (1, "declare hearts"),
               (2, "defend"), (3, "defend")])
    while not deal.is_over():
        deal.push(deal.legal_moves()[0])
    result = match.finish_deal()
    assert result.scores and {line.seat for line in result.scores} <= {1, 2, 3}
    assert all(line.against in (None, 1) for line in result.scores)
    assert match.accounts["bule"][0] == 100 and match.dealer == 1  # the deal passes to seat 1, who sits out next


def test_all_passing_gives_a_refe_to_the_three_who_played(game):
    match, deal = start(game, dealer=2)
    run(deal, [(3, "pass"), (0, "pass"), (1, "pass")])
    match.finish_deal()
    assert match.accounts["refe"] == [1, 1, 0, 1]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_deals_conserve_cards_end_and_leave_the_dealer_out(game, seed):
    rng = random.Random(seed)
    match = Match(game)
    match.draw_for_dealer(rng)
    dealers = []
    for _ in range(8):
        dealer = match.dealer
        dealers.append(dealer)
        hands, talon, _up = match.deal_pack(rng)
        assert hands[dealer] == [] and len(set(sum(hands, []) + talon)) == 32
        before = {name: list(values) for name, values in match.accounts.items()}
        deal = match.new_deal(hands, talon=talon)
        steps = 0
        while not deal.is_over():
            steps += 1
            assert steps <= 200, "every deal ends"
            assert deal.to_act != dealer
            deal.push(rng.choice(deal.legal_moves()))
        held = sorted(c for h in deal.hands for c in h) + sorted(c for t in deal.taken for c in t)
        assert len(held) == len(set(held)) <= 32
        result = match.finish_deal()
        # the scores are the score lines, seat by seat, and none is the dealer's
        for name in ("bule", "refe"):
            gained = [after - was for after, was in zip(match.accounts[name], before[name])]
            assert gained == [sum(l.points for l in result.scores if l.account == name and l.seat == s)
                              for s in range(4)]
            assert gained[dealer] == 0
    assert dealers[:4] == [(dealers[0] + k) % 4 for k in range(4)]  # each sits out in turn


def test_whole_match_is_played_and_judged(game, capsys, tmp_path):
    data = random_transcript(game, 5, whole_match=True, max_deals=30, game_ref={"game": "preferans_four"})
    assert data["players"] == 4 and judge(data).legal
    assert all(d["hands"][str(d["dealer"])] == [] for d in data["deals"])
    out = tmp_path / "m.json"
    assert main(["play", "preferans_four", "--match", "--seed", "2", "-o", str(out)]) == 0
    assert main(["judge", str(out)]) == 0
    assert "  preferans_four " in (main(["games"]), capsys.readouterr().out)[1]


# -- the table's view of a deal: every seat in the table's numbers (SeatedDeal) --------------------

@pytest.fixture(scope="module")
def seed_3(tmp_path_factory):
    """`referee play preferans_four --seed 3`: the dealer is seat 3 (index 2), seat 4 (index 3)
    leads the first trick with 9♣ at action 8, and seat 1 answers it at action 9."""
    path = tmp_path_factory.mktemp("p4") / "p4.json"
    assert main(["play", "preferans_four", "--seed", "3", "-o", str(path)]) == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    deal = data["deals"][0]
    assert deal["dealer"] == 2 and deal["actions"][7] == {"seat": 3, "action": "play 9C"}
    assert deal["actions"][8]["seat"] == 0
    return path


def test_legal_names_the_table_seat_of_the_trick_and_rules_only_on_what_is_wrong(seed_3, capsys):
    assert main(["legal", str(seed_3), "--at", "1.9"]) == 0
    out = capsys.readouterr().out
    assert "The trick so far: seat 4: play 9♣" in out and "Seat 1 to act." in out
    assert "out of turn" not in out and "must follow suit (♣)" in out
    assert main(["legal", str(seed_3), "--at", "1.1", "--json"]) == 0  # the first bid: the eldest's hand
    shown = json.loads(capsys.readouterr().out)
    assert shown["options"]["seat"] == 3 and "bid 2" in shown["options"]["legal"]


def test_explain_rules_as_judge_does(seed_3, capsys):
    assert main(["judge", str(seed_3)]) == 0
    assert "Every action is legal." in capsys.readouterr().out
    for at in ("1.2", "1.9"):
        assert main(["explain", str(seed_3), "--at", at]) == 0
        out = capsys.readouterr().out
        assert "— LEGAL" in out and "ILLEGAL" not in out.split("Under the other readings")[0], out


def test_judge_json_lists_tricks_and_cards_taken_for_every_seat(seed_3, capsys):
    main(["judge", str(seed_3), "--json"])
    deal = json.loads(capsys.readouterr().out)["deals"][0]
    assert len(deal["tricks"]) == len(deal["taken"]) == 4
    assert deal["tricks"][2] == 0 and deal["taken"][2] == []  # the dealer sat out
    assert sum(deal["tricks"]) == 10 and sum(map(len, deal["taken"])) == 30


def test_the_table_view_offers_only_what_it_translates(game):
    match, deal = start(game, 1)
    assert len(deal.hands) == 4 and deal.hands[1] == () and deal.tricks_won == (0, 0, 0, 0)
    with pytest.raises(AttributeError):
        getattr(deal, "passed")  # noqa: B009 - a deal attribute in the deal's own seats: not offered
    with pytest.raises(AttributeError):
        deal.hands = []
    assert deal.inner.hands[0] == list(deal.hands[2])  # the deal's seat 0 is the table's seat 2


def test_a_dealer_holding_cards_is_a_misdeal(game):
    data = random_transcript(game, 3, game_ref={"game": "preferans_four"})
    deal = data["deals"][0]
    dealer, eldest = str(deal["dealer"]), str((deal["dealer"] + 1) % 4)
    deal["hands"][dealer], deal["hands"][eldest] = deal["hands"][eldest], []
    verdict = judge(data)
    assert not verdict.legal and "holds 10 cards, not 0" in verdict.illegal.describe(game)
    assert verdict.illegal.clauses == ("P2.3", "P1.1") and verdict.where == "deals[0].hands." + dealer


@pytest.mark.parametrize("table, message", [
    ("players 5, 3 play each deal: dealer sits out", "with 5 players 2 would sit out each deal"),
    ("players 3, 3 play each deal: dealer sits out", "all 3 players play each deal, so nobody sits out"),
    ("players 3, 4 play each deal: dealer sits out", "4 play each deal, but only 3 may sit at the table"),
])
def test_a_table_that_cannot_sit_the_dealer_out_is_refused(tmp_path, table, message):
    error = load_error(tmp_path, 'variant v "V" extends preferans\n'
                                 f'replace clause P1.1 "Four." interpretation "test" {{\n  {table}\n}}\n')
    assert message in error and "v.rules:3:" in error


def test_a_sitting_out_dealer_cannot_be_eldest(tmp_path):
    error = load_error(tmp_path, 'variant v "V" extends preferans_four\n'
                                 'replace clause P2.3 "Deal." interpretation "test" {\n'
                                 '  eldest is dealer\n  deal 5 each, 2 to talon, 5 each\n  check tricks = 10\n}\n')
    assert "the dealer sits out each deal" in error and "v.rules:3:3" in error


def test_the_judge_rules_the_resting_dealer_out_in_every_language(game):
    data = random_transcript(game, 3, game_ref={"game": "preferans_four"})
    deal = data["deals"][0]
    deal["actions"][0]["seat"] = deal["dealer"]
    judgement = judge(data)
    assert not judgement.legal and judgement.where == "deals[0].actions[0]"
    seat = deal["dealer"] + 1  # seats are counted from 1 for people
    assert f"Seat {seat} sits out this deal" in judgement_text(judgement, "en")
    assert f"Игрок {seat} пропускает эту сдачу" in judgement_text(judgement, "ru")
    assert f"Gracz {seat} pauzuje w tym rozdaniu" in judgement_text(judgement, "pl")
    assert f"Igrač {seat} pauzira u ovom dijeljenju" in judgement_text(judgement, "hr")
