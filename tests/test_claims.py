"""Claims and concessions (`referee.mechanics.claims`): the search agrees with a plain search of
every continuation, a failed claim's line really gives the value found, a stated line binds the
claimer, a concession gives back the tricks its side cannot lose, and bad claims are refused."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from referee.cli import main
from referee.errors import UsageError
from referee.interpreter import Match
from referee.interpreter.players import random_move
from referee.mechanics.claims.rules import Unstated
from referee.mechanics.claims.ruling import Claim, read_claim, rule_on_claim, side_of
from referee.mechanics.claims.solver import Search, tricks_left
from referee.mechanics.vocabulary import Phase
from referee.model import load_game
from referee.report import judgement_json, judgement_text


def _position(game, seed: int, left: int):
    """A seeded random deal of `game` played on until `left` tricks (or fewer) remain in trick play."""
    rng = random.Random(seed)
    match = Match(game)
    match.draw_for_dealer(rng)
    hands, talon, _ = match.deal_pack(rng)
    deal = match.new_deal(hands, talon=talon)
    while not deal.is_over():
        if deal.phase is Phase.TRICKS and tricks_left(deal) <= left:
            return deal
        deal.push(random_move(deal, rng))
    return None


def _plain(deal, side, claimer_best: bool) -> int:
    """Every continuation, by copies of the deal: the side's fewest tricks (or, with
    `claimer_best`, the side maximising at its own turns)."""
    if deal.phase is not Phase.TRICKS:
        return 0
    before = sum(deal.tricks_won[s] for s in side)
    values = []
    for move in deal.legal_moves():
        child = deal.copy()
        child.push(move)
        values.append(sum(child.tricks_won[s] for s in side) - before + _plain(child, side, claimer_best))
    return max(values) if claimer_best and deal.to_act in side else min(values)


def _trick_taking_games() -> list[str]:
    """Every shipped game and variant with a claim rule (each plays tricks)."""
    from referee.model.document import game_names, variant_names
    return [name for name in game_names() + variant_names() if load_game(name).claims is not None]


@pytest.mark.slow
@pytest.mark.parametrize("name", _trick_taking_games())
def test_the_search_agrees_with_every_continuation_played_out(name):
    """Seeded positions with two tricks left (25 seeds) and three (3 seeds), every seat's side,
    both readings: the search's value is the plain enumeration's."""
    game = load_game(name)
    compared = 0
    for left, seeds in ((2, range(25)), (3, range(100, 103))):
        for seed in seeds:
            deal = _position(game, seed, left)
            if deal is None:
                continue
            deal = getattr(deal, "inner", deal)  # a deal the dealer sits out: the deal of those who play
            for seat in range(len(deal.hands)):
                if not deal.hands[seat]:
                    continue
                side = side_of(deal, seat)
                for unstated in Unstated:
                    found = Search(deal, side, seat, (), unstated).value()
                    assert found == _plain(deal, side, unstated is Unstated.BEST), (left, seed, seat, unstated)
                    compared += 1
    assert compared >= 40


def test_the_search_agrees_with_every_continuation_on_a_few_endings(kierki):
    deal = _position(kierki, 5, 2)
    for seat in range(deal.table.players):
        for unstated in Unstated:
            side = side_of(deal, seat)
            assert Search(deal, side, seat, (), unstated).value() == _plain(deal, side, unstated is Unstated.BEST)


def test_the_transposition_keys_as_bytes_and_as_tuples_tell_the_same_positions_apart():
    """The key of a trick's start is bytes when the seats and card classes fit in one, else
    tuples: both name a card by suit, rank among the live cards and sets, so the same positions
    meet in the table and the search visits exactly as many."""
    black_lady = load_game("black_lady")
    compared = 0
    for seed in range(12):
        deal = _position(black_lady, seed, 4)
        if deal is None:
            continue
        seat = deal.to_act
        as_bytes = Search(deal, side_of(deal, seat), seat, (), Unstated.BEST)
        as_tuples = Search(deal, side_of(deal, seat), seat, (), Unstated.BEST)
        as_tuples._blank = None
        assert as_bytes.value() == as_tuples.value() and as_bytes.nodes == as_tuples.nodes
        compared += as_bytes.nodes > 100
    assert compared >= 4


def test_a_failed_claim_shows_a_line_that_gives_the_adjusted_result(kierki):
    checked = 0
    for seed in range(40):
        deal = _position(kierki, seed, 5)
        if deal is None:
            continue
        seat = deal.to_act
        left = tricks_left(deal)
        ruling = rule_on_claim(deal, Claim(seat, left), kierki.claims)
        assert ruling.decided and ruling.verdict.clauses == (kierki.claims.clause,)
        if ruling.holds:
            continue
        replayed = deal.copy()
        for who, card in ruling.line:
            assert replayed.to_act == who and card in replayed.legal_moves()
            replayed.push(card)
        assert replayed.is_over() or replayed.phase is not Phase.TRICKS
        assert replayed.tricks_won[seat] - deal.tricks_won[seat] == ruling.worst < left
        assert ruling.credited == ruling.worst
        checked += 1
    assert checked >= 10


def test_a_claim_of_no_tricks_always_holds_and_the_best_reading_is_never_worse():
    preferans = load_game("preferans")
    for seed in range(30):
        deal = _position(preferans, seed, 6)
        if deal is None:
            continue
        seat = deal.to_act
        assert rule_on_claim(deal, Claim(seat, 0), preferans.claims).holds
        any_card = rule_on_claim(deal, Claim(seat, 1), preferans.claims, unstated=Unstated.ANY).worst
        best = rule_on_claim(deal, Claim(seat, 1), preferans.claims, unstated=Unstated.BEST).worst
        assert any_card is not None and best is not None and best >= any_card


def test_a_stated_line_binds_the_claimer_to_its_cards(kierki):
    for seed in range(40):
        deal = _position(kierki, seed, 4)
        if deal is None or deal.trick:
            continue
        seat = deal.to_act
        hand = sorted(deal.hands[seat])
        free = rule_on_claim(deal, Claim(seat, 0), kierki.claims, unstated=Unstated.BEST).worst
        # Each line from his hand gives at most what his best play gives, and the line's first
        # card is the one he leads on the line shown.
        for first in hand[:3]:
            bound = rule_on_claim(deal, Claim(seat, 0, (first,)), kierki.claims, unstated=Unstated.BEST)
            assert bound.worst is not None and bound.worst <= free
            assert bound.line[0] == (seat, first)
        return
    pytest.fail("no position with an empty trick")


def test_a_concession_gives_back_the_tricks_its_side_cannot_lose(kierki):
    for seed in range(60):
        deal = _position(kierki, seed, 4)
        if deal is None:
            continue
        seat = deal.to_act
        left = tricks_left(deal)
        sure = Search(deal, side_of(deal, seat), seat).value()
        ruling = rule_on_claim(deal, Claim(seat, left, concede=True), kierki.claims)
        assert ruling.holds and ruling.credited == sure
        if sure:
            assert "given back" in ruling.verdict.message
            return
    pytest.fail("no position where a player takes a trick on every line")


def test_a_claim_inside_a_trick_counts_the_trick_on_the_table_once(kierki):
    """Regression: with a card on the table the tricks left were counted one too many, so a
    claim of "the rest" made after the lead claimed a trick that does not exist and failed."""
    checked = 0
    for seed in range(40):
        deal = _position(kierki, seed, 3)
        if deal is None or deal.trick:
            continue
        left = tricks_left(deal)
        seat = deal.to_act
        whole = rule_on_claim(deal, Claim(seat, left), kierki.claims, unstated=Unstated.BEST)
        led = deal.copy()
        led.push(whole.line[0][1])  # the lead the ruling's line plays: the value stays
        assert tricks_left(led) == left and len(led.trick) == 1
        after = rule_on_claim(led, Claim(seat, left), kierki.claims, unstated=Unstated.BEST)
        assert after.left == left and after.worst == whole.worst and after.holds == whole.holds
        checked += 1
    assert checked >= 10


def test_bad_claims_are_refused_with_the_reason(kierki, tmp_path):
    deal = _position(kierki, 1, 4)
    seat = deal.to_act
    with pytest.raises(UsageError, match="cannot be claimed"):
        rule_on_claim(deal, Claim(seat, tricks_left(deal) + 1), kierki.claims)
    with pytest.raises(UsageError, match="a claim of points names how many"):
        read_claim(deal, seat, ["points", "rest"])
    with pytest.raises(UsageError, match="no claim rule"):
        rule_on_claim(deal, Claim(seat, 1), None)
    match = Match(kierki)
    match.draw_for_dealer(random.Random(2))
    hands, talon, _ = match.deal_pack(random.Random(2))
    before_play = match.new_deal(hands, talon=talon)
    with pytest.raises(UsageError, match="during the play of the tricks"):
        rule_on_claim(before_play, Claim(0, 1), kierki.claims)


def test_a_claim_in_layout_play_is_refused_with_what_to_do_instead(tmp_path, capsys):
    """Barbu's domino is played as a layout, not in tricks: a claim there is refused at its action
    with the reason and what to record instead, by `judge` and by `claim`."""
    path = tmp_path / "domino.json"
    assert main(["play", "barbu", "--seed", "1", "-o", str(path)]) == 0
    data = json.loads(path.read_text())
    deal = data["deals"][0]
    assert deal["actions"][0]["action"].startswith("choose domino")
    deal["actions"] = deal["actions"][:12] + [{"seat": deal["actions"][11]["seat"], "action": "claim rest"}]
    deal.pop("totals", None)
    path.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["judge", str(path)]) == 2
    err = capsys.readouterr().err
    assert "deals[0].actions[12]" in err and "played as a layout" in err and "record the rest of the play" in err
    assert main(["claim", str(path), "1", "rest", "--at", "1.13"]) == 2
    assert "played as a layout" in capsys.readouterr().err


def test_the_claim_command_rules_and_exits_by_the_ruling(tmp_path, capsys):
    path = tmp_path / "deal.json"
    assert main(["play", "kierki", "--seed", "3", "-o", str(path)]) == 0
    capsys.readouterr()
    status = main(["claim", str(path), "1", "rest", "--at", "1.30"])
    out = capsys.readouterr().out
    assert status == 1 and "the claim fails" in out and "Line of play: seat 3:" in out and "[K3.7" in out
    assert main(["claim", str(path), "1", "0", "--at", "1.30", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["holds"] and answer["left"] == 6 and answer["verdict"]["clauses"] == ["K3.7"]
    assert main(["claim", str(path), "1", "9", "--at", "1.30"]) == 2
    assert "9 tricks cannot be claimed: 6 are left" in capsys.readouterr().err
    assert main(["claim", str(path), "1", "many", "--at", "1.30"]) == 2
    assert main(["claim", str(path), "1", "1", "--at", "1.1"]) == 2
    assert "during the play of the tricks" in capsys.readouterr().err
    assert main(["claim", str(path), "1", "1", "--at", "1.30", "--line", "ZZ"]) == 2
    assert "ZZ is not a card seat 1 holds" in capsys.readouterr().err
    assert main(["claim", str(path), "1", "1", "--at", "1.30", "--budget", "5"]) == 2
    assert "not decided" in capsys.readouterr().out


def test_the_claim_rule_reading_decides_a_claim():
    """The game's claim rule (`claim_play`) decides a claim where the claimer's unstated plays
    matter: a claim that fails when he may play any card holds when he plays his best."""
    default, best = load_game("kierki"), load_game("kierki", {"claim_play": "best"})
    for seed in range(60):
        deal = _position(default, seed, 4)
        if deal is None:
            continue
        seat = deal.to_act
        sure = Search(deal, side_of(deal, seat), seat).value()
        top = Search(deal, side_of(deal, seat), seat, (), Unstated.BEST).value()
        if top > sure:
            assert not rule_on_claim(deal, Claim(seat, top), default.claims).holds
            assert rule_on_claim(deal, Claim(seat, top), best.claims).holds
            assert best.claims.value.unstated is Unstated.BEST
            return
    pytest.fail("no position where the claimer's own play matters")


def test_a_recorded_claim_is_ruled_and_the_deal_scored_as_its_ruling_says(tmp_path, capsys):
    """The judge rules on a claim in a transcript, plays the deal out on the line the ruling
    credits and scores it; a failed claim is no illegal action, it adjusts the result."""
    from referee.judge import judge
    from referee.transcript import load_transcript
    rulings = Path(__file__).resolve().parent.parent / "rulings"
    failed = judge(load_transcript(rulings / "101-claim-the-rest.json"))
    report = failed.deals[0]
    assert failed.legal and report.finished and len(report.claims) == 1
    assert "the claim fails" in report.claims[0].message and report.claims[0].clauses == ("P6.5",)
    assert sum(report.tricks) == 10  # the deal is played out on the ruling's line
    assert report.accounts["supe"] == [0, 40, 20]
    text = judgement_text(failed)
    assert "Seat 1 claims 4 of the 4 tricks left: the claim fails" in text and "Every action is legal." in text
    assert judgement_json(failed)["deals"][0]["claims"][0]["clauses"] == ["P6.5"]
    data = load_transcript(rulings / "101-claim-the-rest.json")
    data["deals"][0]["actions"].append({"seat": 1, "action": "play 7D"})
    after = judge(data)  # the claim ended the play: nothing may follow it
    assert not after.legal and "already over" in after.illegal.message
    early = load_transcript(rulings / "101-claim-the-rest.json")
    early["deals"][0]["actions"] = [{"seat": 0, "action": "claim 3"}]
    path = tmp_path / "early.json"
    path.write_text(json.dumps(early))
    assert main(["judge", str(path)]) == 2
    assert "during the play of the tricks" in capsys.readouterr().err


def _taken_on(deal, ruling) -> int:
    """The side's tricks on the ruling's play-out line, played on a copy of `deal`."""
    replayed = deal.copy()
    before = sum(replayed.tricks_won[s] for s in ruling.side)
    for who, card in ruling.play_out:
        assert replayed.to_act == who and card in replayed.legal_moves()
        replayed.push(card)
    return sum(replayed.tricks_won[s] for s in ruling.side) - before


def test_a_concession_is_played_out_on_a_line_that_gives_what_it_credits(kierki):
    """Regression: a concession whose exact line the search could not find within budget was
    played out on the worst line, crediting fewer tricks than its verdict said. Now it is played
    out on a line with exactly the tricks credited, or not decided."""
    cut_short = checked = 0
    for seed in range(40):
        deal = _position(kierki, seed, 5)
        if deal is None:
            continue
        seat = deal.to_act
        for tricks in range(tricks_left(deal) + 1):
            claim = Claim(seat, tricks, concede=True)
            full = rule_on_claim(deal, claim, kierki.claims)
            assert full.decided and _taken_on(deal, full) == full.credited
            worst_only = Search(deal, full.side, seat)
            worst_only.line_to(worst_only.value())
            tight = rule_on_claim(deal, claim, kierki.claims, budget=worst_only.nodes + 1)
            if tight.decided:
                assert _taken_on(deal, tight) == tight.credited
            else:
                cut_short += 1
                assert tight.credited is None and "not decided" in tight.verdict.message
            checked += 1
    assert checked >= 40 and cut_short >= 1


def _points(deal, side, total) -> int:
    """The points the contract scores for what `side` has taken, counted plainly."""
    contract = deal.contract
    cards = sum(score.points for s in side for c in deal.tricks.taken[s] for score in contract.per_card
                if c in score.cards)
    tricks = sum(score.points for i, w in enumerate(deal.tricks.trick_winners) if w in side
                 for score in contract.per_trick
                 if (score.last is None or i >= total - score.last) and (score.number is None or i == score.number - 1))
    return cards + tricks


def _plain_most(deal, side, count, claimer_best: bool) -> int:
    """Every continuation: the most the others can make `side` take (the side itself playing to
    take least with `claimer_best`, else any card), as `count` measures it."""
    if deal.phase is not Phase.TRICKS:
        return 0
    values = []
    for move in deal.legal_moves():
        child = deal.copy()
        child.push(move)
        values.append(count(child) - count(deal) + _plain_most(child, side, count, claimer_best))
    return min(values) if claimer_best and deal.to_act in side else max(values)


@pytest.mark.parametrize("name", ["kierki", "black_lady"])
def test_claims_of_so_many_tricks_or_points_agree_with_every_continuation(name):
    """At most so many tricks, at most so many points and at least so many points, each against
    a plain search of every continuation."""
    game = load_game(name)
    compared = 0
    for seed in range(12):
        deal = _position(game, seed, 2)
        if deal is None:
            continue
        seat = deal.to_act
        side = side_of(deal, seat)
        total = len(deal.tricks.trick_winners) + tricks_left(deal)
        for unstated in Unstated:
            best = unstated is Unstated.BEST
            most = _plain_most(deal, side, lambda d, side=side: sum(d.tricks_won[s] for s in side), best)
            ruling = rule_on_claim(deal, Claim(seat, 0, at_most=True), game.claims, unstated=unstated)
            assert ruling.worst == ruling.credited == most and ruling.holds == (most == 0)
            try:
                ruling = rule_on_claim(deal, Claim(seat, 10, at_most=True, points=True), game.claims, unstated=unstated)
            except UsageError as err:  # one player may still take every card of the moon
                assert "every card that scores for taking them all" in str(err)
                continue
            most = _plain_most(deal, side, lambda d, side=side, total=total: _points(d, side, total), best)
            assert ruling.worst == ruling.credited == most and ruling.holds == (most <= 10)
            replayed = deal.copy()
            for _who, card in ruling.play_out:
                replayed.push(card)
            assert _points(replayed, side, total) - _points(deal, side, total) == ruling.credited
            # at least so many points: the fewest the others can leave the side (the most, negated)
            fewest = -_plain_most(deal, side, lambda d, side=side, total=total: -_points(d, side, total), best)
            ruling = rule_on_claim(deal, Claim(seat, 2, points=True), game.claims, unstated=unstated)
            assert ruling.worst == ruling.credited == fewest and ruling.holds == (fewest >= 2)
            replayed = deal.copy()
            for _who, card in ruling.play_out:
                replayed.push(card)
            assert _points(replayed, side, total) - _points(deal, side, total) == ruling.credited
            compared += 1
    assert compared >= 6


def test_a_claim_of_points_needs_a_contract_that_scores_them(capsys):
    rulings = Path(__file__).resolve().parent.parent / "rulings"
    assert main(["claim", str(rulings / "101-claim-the-rest.json"), "1", "0", "--points", "--at", "1.28"]) == 2
    assert "scores no points by the card or the trick" in capsys.readouterr().err


def test_recorded_claims_of_points_are_read_from_json_and_the_deal_notation(tmp_path, capsys):
    """`claim points at most N`, `claim at most N` and `claim N (CARDS)` in a transcript and in the
    deal notation; the judge rules on them and `explain` prints the ruling."""
    from referee.judge import judge
    from referee.notation import read_deal_text, write_deal
    path = tmp_path / "deal.json"
    assert main(["play", "kierki", "--seed", "3", "-o", str(path)]) == 0
    capsys.readouterr()
    data = json.loads(path.read_text())
    data["deals"] = data["deals"][:1]
    data["deals"][0]["actions"] = data["deals"][0]["actions"][:29]
    data["deals"][0].pop("totals", None)
    for words, told in (("points at most 0", "at most 0 more points: the claim fails"),
                        ("points 5", "at least 5 more points: the claim fails"),
                        ("at most 0", "at most 0 of the 6 tricks left: the claim fails")):
        data["deals"][0]["actions"].append({"seat": 0, "action": f"claim {words}"})
        judged = judge(data)
        assert judged.legal and told in judged.deals[0].claims[0].text("en", judged.game)
        text = write_deal(data)
        assert f"claim {words}\n" in text
        assert read_deal_text(text)["deals"][0]["actions"] == data["deals"][0]["actions"]
        path.write_text(json.dumps(data))
        assert main(["explain", str(path), "--at", "1.30"]) == 0
        assert told in capsys.readouterr().out
        data["deals"][0]["actions"].pop()
    line = tmp_path / "line.deal"
    line.write_text(write_deal(data) + "1: claim 2 (7♥ 9♦)\n")
    read = read_deal_text(line.read_text())
    assert read["deals"][0]["actions"][-1] == {"seat": 0, "action": "claim 2 7H 9D"}
    line.write_text(write_deal(data) + "1: claim points 3\n")  # at least 3 more points
    assert read_deal_text(line.read_text())["deals"][0]["actions"][-1] == {"seat": 0, "action": "claim points 3"}
    assert main(["judge", str(line)]) == 0
    assert "claims his side takes at least 3 more points: the claim fails" in capsys.readouterr().out
    line.write_text(write_deal(data) + "1: claim points rest\n")
    assert main(["judge", str(line)]) == 2
    assert "expected" in capsys.readouterr().err


def test_a_claim_that_cannot_be_ruled_is_an_error_at_its_line_of_the_deal_notation(tmp_path, capsys):
    """Bad claims in a `.deal` file: more tricks than remain, a claim before the play, and a
    claim of points in a contract that scores none, each at its file:line:col with the reason."""
    from referee.notation import write_deal
    from referee.transcript import load_transcript
    rulings = Path(__file__).resolve().parent.parent / "rulings"
    text = write_deal(load_transcript(rulings / "101-claim-the-rest.json")).rsplit("\n", 2)[0]
    lines = text.count("\n") + 2
    path = tmp_path / "bad.deal"
    for claim, told in (("1: claim 9", "9 tricks cannot be claimed: 4 are left to play"),
                        ("1: claim points at most 0", "scores no points by the card or the trick")):
        path.write_text(f"{text}\n{claim}\n")
        assert main(["judge", str(path)]) == 2
        err = capsys.readouterr().err
        assert f"bad.deal:{lines}:1: error in the deal: " in err and told in err and claim in err
    early = text.split("\n1: discard")[0]
    path.write_text(f"{early}\n1: claim 2\n")
    assert main(["judge", str(path)]) == 2
    assert f"bad.deal:{early.count(chr(10)) + 2}:1:" in capsys.readouterr().err


def test_the_claim_bench_reads_its_games_from_the_bench_folder():
    """`referee bench claim` times the games `bench/claim.json` names (the referee names none),
    each a game the referee loads, with a trick count and a target it can meet."""
    from referee.claim_bench import planned
    plan = planned()
    assert [name for name, _left, _target in plan] == ["preferans", "kierki", "black_lady"]
    for name, left, target in plan:
        assert load_game(name).claims is not None, name
        assert 1 <= left <= 13 and target > 0, (name, left, target)


def test_the_claim_bench_rules_on_a_game_whose_dealer_sits_out():
    """Four-handed Preferans seats each deal among three of four players: the bench's positions
    are those deals in their own seat numbers, and a claim of the rest is ruled on each."""
    from referee.claim_bench import measure_claims, positions
    game = load_game("preferans_four")
    found = positions(game, 3, 2)
    assert len(found) == 2 and all(len(deal.hands) == 3 and tricks_left(deal) == 3 for deal in found)
    figures = measure_claims("preferans_four", 3, 10.0, 2, Unstated.ANY, progress=False)
    assert len(figures.seconds) == 2 and all(n > 0 for n in figures.nodes)
