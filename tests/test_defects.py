"""Issue 11, sections 1 and 2: each defect the independent review found, and each reading it asked
for, checked through the judge, and the rulings 050-099 that record them replayed.

A ruling (`rulings/NNN-slug.toml`, format in the casebook) names its transcripts and, for each
parameter setting, the verdict, the clauses it must cite, where the first illegal action stands
and the final totals. Here every case of rulings 050-099 is judged and must say exactly that.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from referee.errors import RefereeError
from referee.interpreter import Action, Match
from referee.judge import judge
from referee.model import load_game
from referee.report import judgement_json, judgement_text

from .helpers import run

RULINGS = Path(__file__).parents[1] / "rulings"
OURS = sorted(p for p in RULINGS.glob("0[5-9][0-9]-*.toml"))
CASES = [(path, index, case) for path in OURS
         for index, case in enumerate(tomllib.loads(path.read_text(encoding="utf-8"))["cases"])]


def clauses_cited(found: dict) -> set[str]:
    """Every clause a judgement cites: the refusal's, or for a legal one its notes, score lines,
    match result and what a match cut short still owes."""
    if found["illegal"]:
        return set(found["illegal"]["clauses"])
    cited = {c for note in found["notes"] for c in note["clauses"]}
    cited |= {c for deal in found["deals"] for line in deal["scores"] for c in line["clauses"]}
    cited |= set(found["match"]["clauses"]) if found["match"] else set()
    cited |= set(found["unfinished"]["clauses"]) if found["unfinished"] else set()
    return cited


def replay(path: Path, case: dict):
    data = json.loads((path.parent / case["transcript"]).read_text(encoding="utf-8"))
    settings = {k: str(v) for k, v in case.get("params", {}).items()}
    try:
        return judge(data, base=path.parent, settings=settings)
    except RefereeError:
        return None


@pytest.mark.parametrize("path, index, case", CASES, ids=[f"{p.stem}-{i}" for p, i, _ in CASES])
def test_each_ruling_case_holds(path, index, case):
    ruling = tomllib.loads(path.read_text(encoding="utf-8"))
    assert set(case["cites"]) <= set(ruling["clauses"]), "a case cites only clauses its ruling rests on"
    judgement = replay(path, case)
    if case["verdict"] == "error":
        assert judgement is None
        return
    found = judgement_json(judgement)
    assert judgement.verdict == case["verdict"] == found["verdict"]
    assert set(case["cites"]) <= clauses_cited(found), clauses_cited(found)
    if "where" in case:
        assert judgement.where == case["where"]
    if "totals" in case:
        totals = found["deals"][-1]["totals"]
        assert {str(seat): total for seat, total in enumerate(totals)} == case["totals"]


def test_every_ruling_names_its_game_and_the_clauses_exist():
    assert len(OURS) >= 14
    for path in OURS:
        ruling = tomllib.loads(path.read_text(encoding="utf-8"))
        game = load_game(ruling["game"])
        assert ruling["title"] and ruling["question"] and ruling["decision"] and ruling["readings"]
        assert set(ruling["clauses"]) <= set(game.clauses), path.name
        for case in ruling["cases"]:
            assert (path.parent / case["transcript"]).is_file()
            assert set(case["cites"]) <= set(game.clauses)


# -- 050, 051: a deal that stops early, a match cut short ------------------------------------------

def _golden(name: str) -> dict:
    return json.loads((Path(__file__).parent / "golden" / name).read_text(encoding="utf-8"))


def test_a_deal_that_stops_early_and_is_followed_is_refused_where_its_end_is_missing():
    data = _golden("kierki-match-seed2.json")
    data["deals"] = data["deals"][:3]
    data["deals"][1]["actions"] = data["deals"][1]["actions"][:7]
    judgement = judge(data)
    assert judgement.verdict == "illegal" and judgement.exit_status == 1
    assert judgement.where == "deals[1].actions[7]"
    assert "Deal 2 stops before its end" in judgement_text(judgement) and "deal 3 follows it" in judgement_text(judgement)
    assert judgement_json(judgement)["illegal"]["where"] == "deals[1].actions[7]"


def test_a_match_cut_short_says_what_remains_in_text_and_json():
    data = _golden("kierki-match-seed2.json")
    data["deals"] = data["deals"][:2]
    judgement = judge(data)
    assert judgement.verdict == "legal" and judgement.exit_status == 0
    text = judgement_text(judgement)
    assert "The match is unfinished: 22 more deals to play." in text
    owed = judgement_json(judgement)["unfinished"]
    assert owed["deals"] == 22 and owed["clauses"] == ["K2.4"]
    # Each player owes the six contracts less those he chose: four owe five or six choices.
    assert sum(len(v) for v in owed["owed"].values()) == 4 * 6 - 2
    data["deals"][1]["actions"] = data["deals"][1]["actions"][:5]
    cut = judge(data)
    assert cut.verdict == "unfinished" and "The deal is not finished." in judgement_text(cut)
    assert judgement_json(cut)["unfinished"]["deals"] == 23


def test_a_preferans_match_cut_short_names_the_bule_still_to_go():
    judgement = judge(_golden("preferans-seed5.json"))
    assert "the bule of all players add up to 306, and it ends at 0" in judgement_text(judgement)
    assert judgement_json(judgement)["unfinished"]["total"] == 306


def test_a_session_that_ends_by_agreement_is_never_cut_short():
    judgement = judge(_golden("bouillotte-match-seed5.json"))
    assert judgement.remaining is None and judgement_json(judgement)["unfinished"] is None


# -- 053: every refusal cites the clause that decides it ------------------------------------------------

HANDS = ["AC KC QC JC 10C AH KH QH JH 7D", "AS KS QS JS 10S AD KD QD JD 10D",
         "9C 8C 7C 10H 9H 8H 7H 9S 8S 7S"]


def preferans_deal(settings=None, dealer=2, refe=None):
    game = load_game("preferans", settings or {})
    match = Match(game)
    match.dealer = dealer
    if refe:
        match.accounts["refe"] = list(refe)
    deal = match.new_deal([[match.table.card_id(c) for c in h.split()] for h in HANDS],
                          talon=[match.table.card_id(c) for c in ("9D", "8D")])
    return match, deal



def test_a_first_lead_out_of_turn_cites_the_first_lead_rule():
    match, deal = preferans_deal()
    run(deal, [(0, "bid 2"), (1, "pass"), (2, "pass"), (0, "discard 9D 8D"), (0, "declare hearts"),
               (1, "defend"), (2, "defend")])
    refused = deal.play(1, Action.parse("play AS"))
    assert not refused.legal and {"P6.1", "P1.4", "P6.4"} <= set(refused.clauses)


def test_an_action_after_the_end_of_a_deal_names_it_and_cites_what_ended_it():
    game = load_game("bouillotte")
    match = Match(game, 4)
    match.dealer = 3
    hands = ["AC AD KS", "9C 9D 8H", "QC QD 9H", "KC KD 8S"]
    deal = match.new_deal([[match.table.card_id(c) for c in h.split()] for h in hands],
                          upcards=[match.table.card_id("8C")])
    run(deal, [(0, "pass"), (0, "open 1"), (1, "call"), (2, "call"), (3, "call"),
               (1, "raise 4"), (2, "fold"), (3, "fold"), (0, "call")])
    late = deal.play(0, Action.parse("raise 2"))
    assert not late.legal and late.clauses == ("B4.3",)
    assert "already over" in late.text() and "raise" in late.text()


# -- 054: moje holds, it does not raise ------------------------------------------------------------------

def test_moje_an_earlier_bidder_holds_or_passes_and_never_raises():
    match, deal = preferans_deal({"moje": "on"})
    run(deal, [(0, "bid 2"), (1, "bid 3"), (2, "bid 4")])
    assert {str(a) for a in deal.legal_actions()} == {"pass", "bid 4"}   # seat 0 holds 4
    run(deal, [(0, "bid 4")])
    assert {str(a) for a in deal.legal_actions()} == {"pass", "bid 5"}   # seat 1, later than 0
    run(deal, [(1, "pass")])
    assert {str(a) for a in deal.legal_actions()} == {"pass", "bid 5"}   # seat 2 must go higher
    run(deal, [(2, "bid 5")])
    assert {str(a) for a in deal.legal_actions()} == {"pass", "bid 5"}   # seat 0 holds again


# -- 055: the refe limit counts refes written ------------------------------------------------------------

@pytest.mark.parametrize("counting, after", [("written", [1, 0, 1]), ("held", [1, 1, 1])])
def test_refe_limit_counts_refes_written_by_default(counting, after):
    settings = {"refe_cap": "capped", "refe_limit": "1"}
    if counting != "written":
        settings["refe_counting"] = counting
    game = load_game("preferans", settings)
    assert game.settings["refe_counting"] == counting
    match, deal = preferans_deal(settings, refe=[1, 0, 1])
    match = Match(game)
    match.dealer = 2
    match.accounts["refe"] = [1, 0, 1]
    match.written = [1, 1, 1]          # seat 1 has used the refe he was given
    deal = match.new_deal([[match.table.card_id(c) for c in h.split()] for h in HANDS],
                          talon=[match.table.card_id(c) for c in ("9D", "8D")])
    run(deal, [(0, "pass"), (1, "pass"), (2, "pass")])
    match.finish_deal()
    assert match.accounts["refe"] == after


# -- the messages name what was wrong -----------------------------------------------------------------

def test_a_discard_after_igra_says_igra_has_no_talon():
    match, deal = preferans_deal()
    run(deal, [(0, "bid igra"), (1, "pass"), (2, "pass")])
    refused = deal.play(0, Action.parse("discard 9C 8C"))
    assert not refused.legal and "without the talon" in refused.text() and "P3.5" in refused.clauses
    unknown = deal.play(0, Action.parse("declare grand"))
    assert not unknown.legal and unknown.text() == "There is no contract grand in this game."


def test_a_bad_parameter_is_reported_where_it_was_written(tmp_path):
    from referee.errors import TranscriptError, UsageError
    data = {"format": "referee-transcript/1", "game": "preferans", "parameters": {"kontra": "maybe"},
            "first_dealer": 2, "deals": []}
    with pytest.raises(TranscriptError, match="transcript.parameters"):
        judge(data)
    data["parameters"] = {"kontra": "on"}
    with pytest.raises(UsageError, match="--param"):
        judge(data, settings={"kontra": "x"})


# -- 060: the rozbójnik maximum, read both ways that give 325 -----------------------------------------------

@pytest.mark.parametrize("reading, maximum", [("as_listed", 345), ("flat", 325), ("once", 325)])
def test_rozbojnik_readings_and_their_maximum(reading, maximum):
    from referee.model.checks import quantity
    game = load_game("kierki", {"robber_queens": reading})
    assert quantity(game, "max_penalty", "rozbojnik") == maximum


# -- section 2: readings offered as parameters ------------------------------------------------------------

WEAK = ["7S 8S 9S 7D 8D 9D 7H 8H 9H 7C", "10S JS QS KS AS 10D JD QD KD AD",
        "10H JH QH KH AH 10C JC QC KC AC"]


def play_out(settings, contract, script_defence=((1, "defend"), (2, "defend"))):
    game = load_game("preferans", settings)
    match = Match(game)
    match.dealer = 2
    deal = match.new_deal([[match.table.card_id(c) for c in h.split()] for h in WEAK],
                          talon=[match.table.card_id(c) for c in ("8C", "9C")])
    run(deal, [(0, "bid 2"), (1, "pass"), (2, "pass"), (0, "discard 9C 8C"), (0, f"declare {contract}"),
               *script_defence])
    while not deal.is_over():
        deal.play(deal.to_act, deal.legal_actions()[0])
    return deal, match.finish_deal()


@pytest.mark.parametrize("reading, charged", [("no", []), ("yes", [(2, 4)])])
def test_a_short_defender_when_the_declarer_fails(reading, charged):
    """quota_when_failed (P7.2): leaves fails 0:10:0; with the quota counted for each defender
    the defender with no trick is charged only under the literal reading."""
    deal, result = play_out({"defender_quota": "each", "quota_when_failed": reading}, "leaves")
    assert deal.tricks_won == [0, 10, 0]
    short = [(l.seat, l.points) for l in result.scores if l.account == "bule" and l.seat != 0]
    assert short == charged


@pytest.mark.parametrize("reading", ["shared", "own"])
def test_lone_defender_tricks_readings(reading):
    """lone_tricks (P5.6): the decliner (seat 2) wins tricks; they count for the lone defender
    (seat 1) by default, for nobody under `own`."""
    deal, result = play_out({"lone_tricks": reading}, "hearts", ((1, "defend"), (2, "pass")))
    supe = {l.seat: l.points for l in result.scores if l.account == "supe"}
    own = deal.tricks_won[1] * 8
    assert deal.tricks_won[2] > 0
    assert supe[1] == (own if reading == "own" else (deal.tricks_won[1] + deal.tricks_won[2]) * 8)


@pytest.mark.parametrize("reading, leader", [("before_declarer", 2), ("eldest", 0)])
def test_sanac_first_lead_readings(reading, leader):
    game = load_game("preferans", {"sanac_lead": reading})
    match = Match(game)
    match.dealer = 2
    deal = match.new_deal([[match.table.card_id(c) for c in h.split()] for h in WEAK],
                          talon=[match.table.card_id(c) for c in ("8C", "9C")])
    run(deal, [(0, "bid 2"), (1, "pass"), (2, "pass"), (0, "discard 9C 8C"), (0, "declare sanac"),
               (1, "defend"), (2, "defend")])
    assert deal.to_act == leader
    wrong = deal.play(2 - leader, Action.parse("play " + WEAK[2 - leader].split()[0]))
    assert not wrong.legal and "P6.1" in wrong.clauses


@pytest.mark.parametrize("reading", ["ends", "continues"])
def test_king_of_hearts_may_end_the_deal_or_not(reading):
    """king_end (K5.2): the no-king deal stops when the king of hearts is taken, or is played out."""
    from referee.simulate import random_transcript
    game = load_game("kierki", {"king_end": reading})
    lengths = []
    for seed in range(40):
        data = random_transcript(game, seed)
        first = data["deals"][0]
        if first["actions"][0]["action"] == "choose no_king":
            lengths.append(len(first["actions"]) - 1)
            report = judge(data).deals[0]
            if lengths[-1] < 52:
                assert report.ended_early == "K5.2"
            if reading == "continues":
                assert report.ended_early is None
    assert lengths
    if reading == "ends":
        assert min(lengths) < 52
    else:
        assert set(lengths) == {52}


def test_kontra_takes_no_seat():
    """Kontra doubles the contract: `double 5` (a seat, and one that does not exist) is refused
    citing the kontra clause, not accepted as a pass."""
    match, deal = preferans_deal({"kontra": "on"})
    run(deal, [(0, "bid 2"), (1, "pass"), (2, "pass"), (0, "discard 9D 8D"), (0, "declare hearts"),
               (1, "defend"), (2, "defend")])
    refused = deal.play(1, Action.parse("double 5"))
    assert not refused.legal and refused.clauses[0] == "P5.5" and "no seat" in refused.text()
    assert deal.play(1, Action.parse("double")).legal


@pytest.mark.parametrize("reading, paid", [("every_deal", True), ("showdown", False)])
def test_brelan_bonuses_without_a_showdown(reading, paid):
    """bonus_when (B6.1): all but the opener fold; the brelans are paid on every deal by default,
    only at a showdown under the source's order. A cancelled deal pays them either way."""
    game = load_game("bouillotte", {"bonus_when": reading})
    match = Match(game, 4)
    match.dealer = 3
    hands = ["AC AD 8H", "KC KD KS", "9C 9D 9H", "QC QD 8S"]
    deal = match.new_deal([[match.table.card_id(c) for c in h.split()] for h in hands],
                          upcards=[match.table.card_id("8C")])
    run(deal, [(0, "pass"), (0, "pass"), (1, "open 1"), (2, "fold"), (3, "fold"), (0, "fold")])
    result = match.finish_deal()
    assert any("bonus for" in l.message for l in result.scores) == paid
    ids = [[match.table.card_id(c) for c in h.split()] for h in hands]
    cancelled = match.cancel_deal(ids, "one_exposed_card", upcards=[match.table.card_id("8C")])
    assert any("bonus for" in l.message for l in cancelled.scores)
