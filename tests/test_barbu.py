"""Barbu (rules/variants/barbu.rules), a variant of Kierki, and the constructs it added: doubling
between players with a pair-by-pair settlement (BB2.1, BB2.2) and a layout whose starting rank the
dealer names (K4.1 replaced)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cli import main
from referee.errors import RulesDefinitionError
from referee.interpreter import Match
from referee.judge import judge
from referee.mechanics.table.rules import Side
from referee.model import load_game
from referee.model.document import find_game
from referee.simulate import random_transcript

from .helpers import act, full_hands_by_suit, load_error

TOTALS = {"no_tricks": -26, "no_hearts": -30, "no_queens": -24, "no_king": -20, "no_last_two": -30,
          "trumps": 65, "domino": 65}


@pytest.fixture(scope="module")
def game():
    return load_game("barbu")


def _deal(game, dealer=3, hands=None, chosen=None):
    match = Match(game)
    match.dealer = dealer
    for seat, names in (chosen or {}).items():
        match.chosen[seat].update(names)
    written = hands or full_hands_by_suit(game)
    ids = [[match.table.card_id(c) for c in written[s].split()] for s in range(4)]
    return match, match.new_deal(ids)


def _run(deal, script):
    for seat, text in script:
        verdict = act(deal, seat, text)
        assert verdict.legal, (seat, text, verdict.describe())


def test_the_dealer_names_the_contract(game):
    match, deal = _deal(game)
    assert deal.to_act == 3
    early = act(deal, 0, "choose no_tricks")
    assert not early.legal and "out of turn" in early.describe(game)
    assert act(deal, 3, "choose no_tricks").legal and deal.phase == "doubling" and deal.to_act == 0


def test_doubles_redoubles_and_the_pair_settlement(game):
    match, deal = _deal(game)
    _run(deal, [(3, "choose no_tricks"), (0, "double 1"), (0, "double 3"), (0, "pass"),
                (1, "pass"), (2, "double 3"), (2, "pass"),
                # the doubled players in turn: seat 1 (doubled by 0), then the dealer
                (1, "redouble 0"), (1, "pass"), (3, "redouble 2"), (3, "pass")])
    assert deal.phase == "tricks" and deal.doubling.doubles == {(0, 1): 2, (0, 3): 1, (2, 3): 2}
    # by suit: seat 0 clubs ... the dealer leads; each seat wins the tricks of its own suit
    while not deal.is_over():
        deal.push(deal.legal_moves()[0])
    base = [sum(l.points for l in deal.result().scores if l.seat == s and "double" not in l.message)
            for s in range(4)]
    lines = match.finish_deal().scores
    pairs = {(l.seat, l.values[1][1]): l.points for l in lines if "double" in l.message}
    for (a, b), times in {(0, 1): 2, (0, 3): 1, (2, 3): 2}.items():
        diff = (base[a] - base[b]) * times
        if diff:
            assert pairs[(a, b)] == diff and pairs[(b, a)] == -diff
    assert all(l.clauses == ("BB2.1",) for l in lines if "double" in l.message)


def test_positive_contracts_allow_only_the_dealer_to_be_doubled(game):
    match, deal = _deal(game)
    _run(deal, [(3, "choose trumps H")])
    refused = act(deal, 0, "double 1")
    assert not refused.legal and refused.clauses[0] == "BB2.1"
    assert "only the dealer" in refused.describe(game)
    assert sorted(str(a) for a in deal.legal_actions()) == ["double 3", "pass"]


def test_a_player_cannot_double_twice_or_double_back(game):
    match, deal = _deal(game)
    _run(deal, [(3, "choose no_queens"), (0, "double 1")])
    assert not act(deal, 0, "double 1").legal
    _run(deal, [(0, "pass")])
    assert not act(deal, 1, "double 0").legal  # seat 1 answers a double with a redouble
    assert not act(deal, 1, "redouble 0").legal  # ... in the redouble round, not now


def test_the_duty_to_double_the_dealer_twice(game):
    # The dealer has named five contracts before this deal: two left, this one included, so a
    # player who has never doubled him must do it now.
    done = {"no_tricks", "no_hearts", "no_queens", "no_king", "no_last_two"}
    match, deal = _deal(game, chosen={3: done})
    _run(deal, [(3, "choose trumps S")])
    refused = act(deal, 0, "pass")
    assert not refused.legal and refused.clauses[0] == "BB2.2" and "must double the dealer" in refused.describe(game)
    assert [str(a) for a in deal.legal_actions()] == ["double 3"]
    _run(deal, [(0, "double 3"), (0, "pass")])
    assert "pass" not in [str(a) for a in deal.legal_actions()]  # seat 1 owes a double too
    match.dealer_doubles[(3, 1)] = 1  # had seat 1 doubled this dealer once, the last deal would do
    assert "pass" in [str(a) for a in deal.legal_actions()]


def test_the_dealer_names_the_domino_rank(game):
    match, deal = _deal(game)
    assert "choose domino" not in [str(a) for a in deal.legal_actions()]
    bare = act(deal, 3, "choose domino")
    assert not bare.legal and bare.clauses[0] == "K4.1" and "starting rank" in bare.describe(game)
    assert not act(deal, 3, "choose domino H").legal
    _run(deal, [(3, "choose domino 7"), (0, "pass"), (1, "pass"), (2, "pass")])
    assert deal.phase == "layout" and deal.to_act == 3
    # by suit, seat 3 holds the spades: only the seven may start a row
    assert [deal.table.code(c) for c in deal.legal_moves()] == ["7S"]


@pytest.mark.parametrize("old, new", [("layout starts with rank named by chooser", "layout starts with rank named by dealer"),
                                      ("trumps named by chooser", "trumps named by dealer")])
def test_what_the_dealer_names_he_names_as_the_chooser(tmp_path, old, new):
    """K2.1: the dealer chooses the contract, so the domino's rank or the trumps `named by dealer`
    are named by the chooser, with the contract: the same play as `named by chooser`."""
    path = tmp_path / "barbu.rules"
    path.write_text(find_game("barbu").read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    dealer_named = load_game(str(path))
    shipped = load_game("barbu")
    for seed in (2, 3):
        played = random_transcript(dealer_named, seed, whole_match=True, game_ref={"rules": path.name})
        assert judge(played, base=tmp_path).legal
        assert played["deals"] == random_transcript(shipped, seed, whole_match=True)["deals"]
    match, deal = _deal(dealer_named)
    assert not act(deal, 3, "choose domino").legal and not act(deal, 3, "choose trumps").legal
    assert "choose domino 7" in [str(a) for a in deal.legal_actions()]


def test_a_rank_named_by_the_dealer_is_refused_where_the_eldest_chooses(tmp_path):
    """In Kierki the eldest hand chooses the contract: the dealer never names the loteryjka's rank."""
    message = load_error(tmp_path, 'variant v "V" extends kierki\nreplace clause K4.1 "x" tradition "t" {\n'
                         '  in loteryjka {\n    layout starts with rank named by dealer\n    first move by chooser\n  }\n}\n')
    assert ":4:5: " in message and "the eldest hand chooses the contract" in message
    assert "`contract chosen by dealer`" in message


def test_no_last_two_and_the_queens_end(game):
    match, deal = _deal(game)
    _run(deal, [(3, "choose no_last_two"), (0, "pass"), (1, "pass"), (2, "pass")])
    deal.tricks.trick_winners = [0] * 11 + [2, 1]
    assert sorted((l.seat, l.points) for l in deal.result().scores) == [(1, -20), (2, -10)]


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_score_as_the_contracts_say(game, seed):
    rng = random.Random(seed)
    match = Match(game)
    match.draw_for_dealer(rng)
    played = Counter()
    while not match.is_over():
        deal = match.new_deal(match.deal_cards(rng))
        steps = 0
        while not deal.is_over():
            steps += 1
            assert steps <= 400
            deal.push(rng.choice(deal.legal_moves()))
        contract = deal.contract.id
        result = match.finish_deal()
        plain = sum(l.points for l in result.scores if "double" not in l.message)
        doubled = sum(l.points for l in result.scores if "double" in l.message)
        assert doubled == 0  # every pair settlement gives and takes the same
        if contract in ("no_king", "no_queens") and result.ended_early:
            assert plain == TOTALS[contract]
        else:
            assert plain == TOTALS[contract], (contract, plain)
        played[contract] += 1
    assert played == Counter({c: 4 for c in TOTALS})  # 28 deals, each contract once per dealer
    assert sum(match.totals) == 0  # Barbu sums to nothing
    for dealer, player in match.dealer_doubles:
        assert dealer != player
    for dealer in range(4):
        for player in range(4):
            if player != dealer:
                assert match.dealer_doubles.get((dealer, player), 0) >= 2


def test_judge_and_command_line(game, capsys, tmp_path):
    data = random_transcript(game, 2, whole_match=True, game_ref={"game": "barbu"})
    assert judge(data).legal
    first = data["deals"][0]
    doubling = next(i for i, a in enumerate(first["actions"]) if a["action"] == "pass")
    first["actions"][doubling]["action"] = "double 9"  # no seat 9 at a table of four
    assert not judge(data).legal
    out = tmp_path / "m.json"
    assert main(["play", "barbu", "--match", "--seed", "3", "-o", str(out)]) == 0
    capsys.readouterr()
    assert main(["judge", str(out), "--lang", "pl"]) == 0
    polish = capsys.readouterr().out
    assert "Gracz 1:" in polish and "Sumy:" in polish
    assert main(["games"]) == 0
    assert "  barbu " in capsys.readouterr().out


HEAD = 'variant v "V" extends barbu\n'


@pytest.mark.parametrize("body, message", [
    ('replace clause K2.1 "x" tradition "t" { deal phases contract choice, play, doubling\n contract chosen by dealer }',
     "`doubling` comes right after `contract choice`"),
    ('replace clause BB2.1 "x" tradition "t" { in trumps { each player but the dealer may double any other player, '
     'and a doubled player may redouble } irregularity illegal_bid: reject }', "a rule of the whole game"),
    ('replace clause K2.3 "x" tradition "t" { }', "the duty counts the deals of each dealer"),
])
def test_new_statements_refuse_what_cannot_run(tmp_path, body, message):
    path = tmp_path / "v.rules"
    path.write_text(HEAD + body + "\n", encoding="utf-8")
    with pytest.raises(RulesDefinitionError) as info:
        load_game(path)
    assert message in str(info.value), str(info.value)


def _hands_with(game, fixed):
    """Hands of 13 holding the `fixed` cards by seat, the rest of the pack dealt round in order."""
    rest = [c.code for c in game.table.pack_for(4).cards if c.code not in {x for cards in fixed.values() for x in cards}]
    hands = {s: list(fixed.get(s, [])) for s in range(4)}
    for seat in range(4):
        while len(hands[seat]) < 13:
            hands[seat].append(rest.pop())
    return {s: " ".join(h) for s, h in hands.items()}


@pytest.mark.parametrize("lead, low, high, headed", [("5H", "2H", "KH", True), ("5S", "2S", "KS", False)])
def test_a_trump_lead_must_be_headed_a_plain_lead_need_not(game, lead, low, high, headed):
    """K3.3: `must head if able on trump leads`: a higher trump on a trump lead, any spade on a spade."""
    match, deal = _deal(game, hands=_hands_with(game, {3: [lead], 0: [low, high]}))
    _run(deal, [(3, "choose trumps H"), (0, "pass"), (1, "pass"), (2, "pass"), (3, f"play {lead}")])
    under = act(deal.copy(), 0, f"play {low}")
    assert under.legal is not headed
    if headed:
        assert "K3.3" in under.clauses
    assert act(deal, 0, f"play {high}").legal


def test_on_trump_leads_qualifies_only_the_duty_to_head(tmp_path):
    error = load_error(tmp_path, 'variant v "V" extends barbu\nreplace clause K3.3 "T." interpretation "test" {\n'
                                 '  trumps none\n  trick won by highest of suit led unless trumped\n'
                                 '  in trumps { trumps named by chooser\n    must overtrump if able on trump leads }\n}\n')
    assert "overtrumping is always a duty" in error and "v.rules:6:5:" in error


# -- K1.5: the deal passes after every deal, or after a dealer's seven (deal_order) ------------------


@pytest.mark.parametrize("reading, run", [("every_deal", 1), ("seven_in_a_row", 7)])
def test_the_deal_passes_after_every_deal_or_after_seven_in_a_row(reading, run):
    from referee.interpreter.players import play_out

    game = load_game("barbu", {"deal_order": reading})
    assert game.table.dealer_rotation.clause == "K1.5" and game.table.dealer_rotation.value.every == run
    match = Match(game)
    match.draw_for_dealer(random.Random(5))
    rng = random.Random(6)
    dealers = []
    while not match.is_over():
        dealers.append(match.dealer)
        hands, talon, upcards = match.deal_pack(rng)
        play_out(match.new_deal(hands, talon=talon, upcards=upcards), rng)
        match.finish_deal()
    # Each player deals seven deals and names each contract once, in runs of `run` deals.
    assert len(dealers) == 28 and Counter(dealers) == {seat: 7 for seat in range(4)}
    runs = [dealers[i:i + run] for i in range(0, 28, run)]
    assert all(len(set(r)) == 1 for r in runs)
    assert all(match.table.neighbour(a[0], Side.NEXT) == b[0] for a, b in zip(runs, runs[1:]))
    assert all(len(chosen) == 7 for chosen in match.chosen)


def test_a_run_of_one_deal_is_written_after_every_deal(tmp_path):
    path = tmp_path / "v.rules"
    path.write_text('variant v "V" extends barbu\n'
                    'replace clause K1.5 "The deal passes." interpretation "A test." {\n'
                    '  dealer passes next after every 1 deals\n}\n', encoding="utf-8")
    with pytest.raises(RulesDefinitionError) as info:
        load_game(path)
    assert str(info.value).startswith(f"{path}:3:34: definition error: `after every 1 deals` names no run of "
                                      "deals"), str(info.value)
    assert "write `after every deal`" in str(info.value)
