"""Open or closed whist in Russian Preferans (rules/variants/preferans_sochi.rules, P5.8): when one
opponent whists and the other passes, the whister chooses whether the hands of the defence lie face
up and he plays both (`defend openly`) or each plays his own (`defend closed`); the readings
`open_whist = open | closed` fix it. Legal moves, rulings, explanations, transcripts, random play
and the claims solver all follow the seat that chooses the move (`Deal.actor`)."""

from __future__ import annotations

import json
import random

import pytest

from referee.engine.table import Action
from referee.judge import judge
from referee.model import load_game
from referee.options import options
from referee.replay import rule_on_recorded_claim
from referee.simulate import random_transcript

from .helpers import act, load_error, run
from .test_preferans_sochi import start

# Seat 0 declares seven spades (dealer seat 2, so seat 0 leads); seat 1 whists, seat 2 passes.
_TO_DEFENCE = [(0, "bid 6S"), (1, "pass"), (2, "pass"), (0, "discard 9D 8D"), (0, "declare 7S")]


@pytest.fixture(scope="module")
def sochi():
    return load_game("preferans_sochi")


def _lone_whist(game, choice: str | None = None):
    match, deal = start(game)
    run(deal, _TO_DEFENCE + [(1, "defend"), (2, "pass")] + ([(1, choice)] if choice else []))
    return match, deal


def test_a_lone_whister_chooses_open_or_closed_once_the_answers_are_in(sochi):
    """P5.8 (the default reading): after a whist and a pass the whister, and only he, says how he plays."""
    match, deal = _lone_whist(sochi)
    assert deal.phase == "defence" and deal.to_act == 1 and deal.actor == 1
    assert [str(a) for a in deal.legal_actions()] == ["defend openly", "defend closed"]
    other = act(deal, 2, "defend openly")
    assert not other.legal and other.values == (("seat", 2), ("turn", 1)) and "P5.8" in other.clauses
    answer = act(deal, 1, "pass")
    assert not answer.legal and answer.clauses == ("P5.8",) and "defend openly" in answer.text()
    verdict = act(deal, 1, "defend openly")
    assert verdict.legal and verdict.clauses == ("P5.8",) and "face up" in verdict.text()
    assert deal.phase == "tricks" and deal.played_by == {2: 1} and deal.played_by_clause == "P5.8"


def test_with_open_cards_the_whister_plays_the_passers_hand_and_nobody_else_may(sochi):
    """P5.8: the passer's cards are the whister's to play; the passer himself, or the declarer, is
    refused citing the clause; `legal` and `explain` speak to the whister with the passer's cards."""
    match, deal = _lone_whist(sochi, "defend openly")
    run(deal, [(0, "play AS"), (1, "play KC")])
    assert deal.to_act == 2 and deal.actor == 1
    own = act(deal, 2, "play 7S")
    assert not own.legal and own.clauses[0] == "P5.8" and own.values == (("seat", 2), ("other", 1))
    declarer = act(deal, 0, "play 7S")
    assert not declarer.legal and "P5.8" in declarer.clauses and ("other", 1) in declarer.values
    found = options(deal)
    assert found.seat == 1 and found.legal == ("play 7S",)  # seat 2 must follow spades with his one
    assert all(v.verdict.seat == 1 for v in found.forbidden)
    played = act(deal, 1, "play 7S")
    assert played.legal and deal.hands[2].count(deal.table.card_id("7S")) == 0
    assert deal.trick_winners == [0] and deal.to_act == 0


def test_with_closed_cards_each_plays_his_own_hand(sochi):
    """P5.8: `defend closed`: the passer plays his own cards, and the whister may not play them."""
    match, deal = _lone_whist(sochi, "defend closed")
    assert deal.played_by == {}
    run(deal, [(0, "play AS"), (1, "play KC")])
    refused = act(deal, 1, "play 7S")
    assert not refused.legal and refused.values == (("seat", 1), ("turn", 2))
    assert act(deal, 2, "play 7S").legal


@pytest.mark.parametrize("defence", [("defend", "defend"), ("pass", "defend")])
def test_the_choice_is_asked_only_of_a_lone_whister(sochi, defence):
    """P5.8: two whisters play closed with no question; a whist after a pass is asked too."""
    match, deal = start(sochi)
    run(deal, _TO_DEFENCE + [(1, defence[0]), (2, defence[1])])
    if defence == ("defend", "defend"):
        assert deal.phase == "tricks" and deal.played_by == {}
        refused = act(deal, 1, "defend openly")
        assert not refused.legal
    else:
        assert deal.phase == "defence" and deal.actor == 2
        run(deal, [(2, "defend openly")])
        assert deal.played_by == {1: 2}


def test_an_early_choice_is_refused_citing_the_clause(sochi):
    """P5.8: nobody chooses open cards before every answer is in."""
    match, deal = start(sochi)
    run(deal, _TO_DEFENCE)
    early = act(deal, 1, "defend openly")
    assert not early.legal and early.clauses == ("P5.8",) and "once every answer is in" in early.text()


@pytest.mark.parametrize(("reading", "played_by"), [("open", {2: 1}), ("closed", {})])
def test_the_readings_fix_open_or_closed_without_a_question(reading, played_by):
    """P5.8, open_whist = open | closed: no choice is asked; the hands are laid open, or never."""
    game = load_game("preferans_sochi", {"open_whist": reading})
    match, deal = _lone_whist(game)
    assert deal.phase == "tricks" and deal.played_by == played_by
    assert deal.actor == 0 and act(deal, 1, "defend openly").legal is False


def test_under_the_croatian_rules_nobody_plays_open(sochi):
    """The base game has no open whist: `defend openly` is refused citing its defence clause."""
    from .test_preferans import start  # the Croatian game's scenario hands
    match, deal = start(load_game("preferans"))
    rng = random.Random(1)
    while deal.phase not in ("defence", "over"):
        moves = deal.legal_moves()
        deal.push(moves[-1] if deal.phase == "auction" and len(deal.history) < 1 else rng.choice(moves))
    assert deal.phase == "defence"
    refused = act(deal, deal.to_act, "defend openly")
    assert not refused.legal and "never lay the defenders' hands face up" in refused.text()


def test_a_transcript_of_an_open_whist_is_judged_and_a_wrong_hand_is_caught(sochi):
    """A recorded deal: the whister's `defend openly` and his cards for the passer are legal (the
    record's seat is the one who chose); the passer playing a card himself is the verdict, P5.8."""
    record = random_transcript(sochi, 1)
    deal = record["deals"][0]
    match, live = _lone_whist(sochi)
    hands = {str(s): [live.table.code(c) for c in sorted(h)] for s, h in enumerate(live.start.hands)}
    actions = [{"seat": s, "action": a} for s, a in _TO_DEFENCE + [(1, "defend"), (2, "pass"), (1, "defend openly"),
                                                                    (0, "play AS"), (1, "play KC"), (1, "play 7S")]]
    deal.clear()
    deal.update({"dealer": 2, "hands": hands, "talon": ["9D", "8D"], "actions": actions})
    record["deals"] = [deal]
    judgement = judge(json.loads(json.dumps(record)))
    assert judgement.verdict == "unfinished" and judgement.legal
    actions[-1] = {"seat": 2, "action": "play 7S"}
    judgement = judge(json.loads(json.dumps(record)))
    assert not judgement.legal and judgement.where == "deals[0].actions[10]"
    assert judgement.illegal is not None and judgement.illegal.clauses[0] == "P5.8"


@pytest.mark.parametrize("seed", range(6))
def test_random_play_with_open_cards_records_the_whister_and_judges_legal(seed):
    """Random matches under the open reading: every card of a passer's hand is recorded as played
    by the whister, and the judge finds every action legal."""
    game = load_game("preferans_sochi", {"open_whist": "open"})
    record = random_transcript(game, seed, max_deals=6)
    judgement = judge(json.loads(json.dumps(record)))
    assert judgement.legal, judgement.illegal
    assert sum(1 for d in record["deals"] for a in d["actions"]) > 0


def test_random_choice_and_claims_work_with_an_open_hand(sochi):
    """The whister's choice is drawn by random play like any move; a claim by the declarer is
    ruled with the hands as they stand, the passer's played by the whister."""
    rng = random.Random(3)
    match, deal = _lone_whist(sochi)
    deal.push(rng.choice(deal.legal_moves()))
    assert deal.phase == "tricks" and deal.history[-1][0] == 1
    run(deal, [(0, "play AS"), (1, "play KC")])
    assert deal.to_act == 2
    _, ruling, verdict = rule_on_recorded_claim(sochi, deal, 0, Action.parse("claim 7"))
    assert verdict.clauses and ruling is not None


def test_open_whist_in_a_game_where_nobody_declines_is_refused(tmp_path):
    """No lone defender ever: the statement is refused where it stands, with a hint."""
    rules = ('variant pref_house "Preferans, a house variant" extends preferans\n'
             'replace clause P5.1 "Both defend." tradition "A house rule." {\n'
             '  both defenders must defend\n}\n'
             'clause P5.9 "Open cards." tradition "A house rule." {\n'
             '  a lone defender may play with open cards\n}\n')
    error = load_error(tmp_path, rules)
    assert "v.rules:6:3:" in error and "nobody ever defends alone with open cards" in error
    assert "each defender may decline" in error


def test_open_whist_in_a_game_without_an_auction_is_refused(tmp_path):
    """Kierki has no defence phase: the statement is refused as one no phase of the game reads."""
    rules = ('variant kierki_house "Kierki, a house variant" extends kierki\n'
             'clause K9.9 "Open cards." tradition "A house rule." {\n'
             '  a lone defender plays with open cards\n}\n')
    error = load_error(tmp_path, rules)
    assert "v.rules:3:3:" in error


def test_the_deal_notation_writes_and_reads_the_whisters_choice():
    """`defend openly` and `defend closed` in the deal notation, written and read back the same, and
    the cards the whister plays for the passer carry the whister's seat."""
    from pathlib import Path

    from referee.notation import read_deal_text, write_deal
    for name in ("a", "b"):
        record = json.loads((Path(__file__).parent.parent / "rulings" / f"122-open-whist-{name}.json").read_text(encoding="utf-8"))
        text = write_deal(record)
        assert "defend openly" in text
        back = read_deal_text(text)
        assert back["deals"][0]["actions"] == record["deals"][0]["actions"]
    closed = json.loads(json.dumps(record))
    closed["deals"][0]["actions"][7] = {"seat": 1, "action": "defend closed"}
    assert read_deal_text(write_deal(closed))["deals"][0]["actions"][7] == {"seat": 1, "action": "defend closed"}
