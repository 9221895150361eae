"""A director's tools: `legal` and `explain` at a position, the full state in `judge --json`
(`referee-judgement/1`), the transcript checks written in code, the kept games, and the imports
that keep `--help` and `judge` quick (measured by `referee bench judge`, not here)."""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cli import main
from referee.director import Position, explain_at, legal_at, locate, parse_position
from referee.errors import UsageError
from referee.judge import judge, judge_file
from referee.report import judgement_json
from referee.transcript import FORMAT, _action_pattern, load_transcript, schema
from referee.transcript_check import conforms
from tests.fuzzing import _paths

GOLDEN = Path(__file__).parent / "golden"
REVOKE = GOLDEN / "kierki-revoke.json"
MATCH = GOLDEN / "kierki-match-seed2.json"
JUDGEMENT_SCHEMA = json.loads((Path(__file__).parent.parent / "referee" / "data" / "judgement.schema.json")
                              .read_text(encoding="utf-8"))


def run(capsys, *argv):
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err


# -- positions ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("2.7", Position(2, 7)), ("deal 2 action 7", Position(2, 7)), ("Deal 3", Position(3)), ("4", Position(4)),
    ("end", Position(None)), (None, Position(None)), (" 1 . 12 ", Position(1, 12))])
def test_positions_are_written_as_people_count(text, expected):
    assert parse_position(text) == expected


@pytest.mark.parametrize("text", ["0.1", "1.0", "deal", "2,7", "action 7", "1.2.3", "-1"])
def test_a_bad_position_says_how_to_write_one(text):
    with pytest.raises(UsageError, match="is not a position: write DEAL.ACTION"):
        parse_position(text)


def test_positions_past_the_end_or_in_a_cancelled_deal_are_refused_cleanly(capsys):
    data = load_transcript(REVOKE)
    with pytest.raises(UsageError, match=r"past the end of deal 1: its actions are numbered 1 to 53, and 1.54 is its end"):
        locate(data, Position(1, 55))
    assert locate(data, Position(1, 54)) == (0, 53) == locate(data, Position(None))
    with pytest.raises(UsageError, match="there is no deal 2: the deals of the transcript are numbered 1 to 1"):
        locate(data, Position(2))
    cancelled = copy.deepcopy(data)
    cancelled["deals"][0].update(irregularity="misdeal", actions=[])
    with pytest.raises(UsageError, match=r"deal 1 was cancelled for an irregularity \(misdeal\)"):
        locate(cancelled, Position(1, 1))
    status, _, err = run(capsys, "legal", REVOKE, "--at", "1.90")
    assert status == 2 and "past the end of deal 1" in err
    status, _, err = run(capsys, "explain", REVOKE, "--at", "1.54")
    assert status == 2 and "no action is recorded there to explain" in err
    status, _, err = run(capsys, "legal", REVOKE, "--at", "1.90", "--lang", "pl")
    assert status == 2 and "rozdania 1" in err


# -- legal --------------------------------------------------------------------------------------------

def test_legal_lists_the_legal_plays_and_the_clause_forbidding_the_others():
    view = legal_at(load_transcript(REVOKE), Position(1, 4))
    found = view.options
    assert found.seat == 1 and set(found.legal) == {"play 2D", "play 6D", "play 9D", "play 10D"}
    revokes = [f for f in found.forbidden if "play 4C" in f.actions]
    assert len(revokes) == 1 and "K3.1" in revokes[0].verdict.clauses
    assert set(revokes[0].actions) >= {"play 4C", "play 2H", "play 3S"}
    text = view.text()
    assert "Seat 2 to act." in text and "Legal: play 2♦ 6♦ 9♦ 10♦" in text
    assert "must follow suit (♦)" in text
    # The ruling names one card, and is shown on that card; the others ruled out alike follow it.
    line = next(line for line in text.splitlines() if "must follow suit" in line)
    assert line.startswith("  play 4♣: Seat 2 must follow suit (♦) and may not play 4♣. [K3.1")
    assert line.endswith("Likewise: play 5♣ J♣ 2♥ 9♥ K♥ 3♠ 6♠ 7♠.")


def test_legal_names_the_reading_a_lead_restriction_depends_on(capsys):
    view = legal_at(load_transcript(MATCH), Position(1, 2), settings={"heart_lead": "restricted"})
    hearts = [f for f in view.options.forbidden if "K3.5" in f.verdict.clauses]
    assert hearts and dict(hearts[0].readings) == {"heart_lead": "restricted"}
    assert all(a.startswith("play ") and a.endswith("H") for a in hearts[0].actions)
    status, out, _ = run(capsys, "legal", MATCH, "--at", "deal 1 action 2", "--param", "heart_lead=restricted")
    assert status == 0 and "under heart_lead=restricted" in out and "K3.5" in out


def test_legal_at_the_end_of_a_finished_deal_names_the_next_dealer(capsys):
    status, out, _ = run(capsys, "legal", GOLDEN / "kierki-seed1.json")
    assert status == 0 and "Position: the end of deal 1" in out and "seat 4 deals the next one" in out


def test_legal_after_an_illegal_action_says_the_replay_stops_there(capsys):
    status, out, _ = run(capsys, "legal", REVOKE)
    assert status == 1 and "The replay stops before this position: ILLEGAL, deal 1, action 4" in out


def test_legal_groups_bouillotte_amounts_as_a_range_and_answers_in_json(capsys):
    data = load_transcript(GOLDEN / "bouillotte-match-seed5.json")
    for number, deal in enumerate(data["deals"], 1):
        for index in range(len(deal["actions"])):
            view = legal_at(data, Position(number, index + 1))
            if view.options and any(a.startswith("raise") for a in view.options.legal):
                text = view.text()
                assert "raise by " in text and "–" in text  # a run of amounts shown as a range
                break
        else:
            continue
        break
    else:
        pytest.fail("no raise in the session")
    status, out, _ = run(capsys, "legal", GOLDEN / "bouillotte-match-seed5.json", "--at", f"{number}.{index + 1}",
                         "--json")
    answer = json.loads(out)
    assert status == 0 and answer["options"]["seat"] == data["deals"][number - 1]["actions"][index]["seat"]
    assert all(item["clauses"] is not None for item in answer["options"]["forbidden"])


def test_legal_in_other_languages(capsys):
    for lang, word in (("pl", "Dozwolone"), ("ru", "Разрешено"), ("hr", "Dopušteno")):
        status, out, _ = run(capsys, "legal", REVOKE, "--at", "1.4", "--lang", lang)
        assert status == 0 and word in out, out


# -- explain ------------------------------------------------------------------------------------------

def test_explain_an_illegal_card_cites_its_clause(capsys):
    status, out, _ = run(capsys, "explain", REVOKE, "--at", "1.4")
    assert status == 1
    assert "seat 2: play 4♣ — ILLEGAL" in out and "K3.1" in out


def test_explain_shows_the_verdict_under_each_reading_in_dispute():
    found = explain_at(load_transcript(MATCH), Position(1, 14))
    assert found.verdict.legal and dict(found.readings) == {"heart_lead": "free"}
    [other] = [r for r in found.others if r.parameter == "heart_lead"]
    assert other.value == "restricted" and not other.verdict.legal and "K3.5" in other.verdict.clauses
    text = found.text("ru")
    assert "heart_lead=restricted" in text and "K3.5" in text
    answer = found.to_json()
    assert answer["readings"] == {"heart_lead": "free"}
    assert answer["other_readings"][0]["verdict"]["legal"] is False


def test_explain_reports_a_reading_under_which_the_replay_stops_earlier():
    found = explain_at(load_transcript(GOLDEN / "bouillotte-match-seed5.json"), Position(2, 3))
    stopped = [r for r in found.others if r.verdict is None]
    assert stopped and all(r.stopped for r in stopped)


# -- judge --json -------------------------------------------------------------------------------------

@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")), ids=lambda p: p.stem)
def test_judge_json_follows_its_schema(path):
    validator = jsonschema.Draft202012Validator(JUDGEMENT_SCHEMA)
    for lang in ("en", "hr"):
        answer = json.loads(json.dumps(judgement_json(judge_file(path), lang), ensure_ascii=False))
        errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(answer)]
        assert not errors, errors
        assert answer["format"] == "referee-judgement/1"


def test_judge_json_gives_the_state_of_an_unfinished_deal():
    data = load_transcript(GOLDEN / "preferans-seed5.json")
    actions = data["deals"][0]["actions"]
    cut = next(i for i, a in enumerate(actions) if a["action"].startswith("play")) + 5
    data["deals"][0]["actions"] = actions[:cut]
    answer = judgement_json(judge(data))
    deal = answer["deals"][0]
    assert deal["contract"] is not None and deal["declarer"] is not None and not deal["finished"]
    assert sum(deal["tricks"]) == 1 and sum(map(len, deal["taken"])) == 3
    assert answer["next"]["options"]["seat"] == actions[cut]["seat"]
    assert {"seat": actions[cut]["seat"], "action": actions[cut]["action"]} in [
        {"seat": answer["next"]["options"]["seat"], "action": a} for a in answer["next"]["options"]["legal"]]
    assert not list(jsonschema.Draft202012Validator(JUDGEMENT_SCHEMA).iter_errors(answer))


def test_judge_json_score_lines_say_for_and_against():
    answer = judgement_json(judge_file(GOLDEN / "bouillotte-match-seed5.json"))
    lines = [s for d in answer["deals"] for s in d["scores"]]
    assert all(s["for"] == s["seat"] for s in lines)
    bonuses = [s for s in lines if "bonus" in s["explanation"]]
    assert all(s["against"] is not None and s["against"] != s["for"] for s in bonuses)
    finished = judgement_json(judge_file(MATCH))
    assert finished["next"] is None and finished["match"] is not None
    assert all(len(d["tricks"]) == 4 and sum(d["tricks"]) <= 13 for d in finished["deals"])


# -- the transcript checks in code agree with the schema ----------------------------------------------

_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.floats(allow_nan=False, width=16),
                    st.sampled_from(["", "x", "play QH", "pass\n", "7", "misdeal", "referee-transcript/1", "QH"]),
                    st.lists(st.sampled_from(["QH", 1, None]), max_size=3), st.just({}), st.just({"0": ["QH"]}))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_the_checks_in_code_are_never_more_lenient_than_the_schema(data):
    base = json.loads((GOLDEN / data.draw(st.sampled_from(
        ["kierki-revoke.json", "preferans-seed5.json", "bouillotte-match-seed5.json"]))).read_text())
    base["deals"] = base["deals"][:2]
    for _ in range(data.draw(st.integers(1, 3))):
        paths = list(_paths(base))
        path = data.draw(st.sampled_from(paths[1:]))
        parent = base
        for key in path[:-1]:
            parent = parent[key]
        if data.draw(st.booleans()) and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = copy.deepcopy(data.draw(_VALUES))  # never one object in two places
    if conforms(base, FORMAT, _action_pattern()):
        assert not list(jsonschema.Draft202012Validator(schema()).iter_errors(base))


def test_the_checks_in_code_accept_every_golden_transcript():
    for path in GOLDEN.glob("*.json"):
        assert conforms(json.loads(path.read_text()), FORMAT, _action_pattern()), path


# -- Bouillotte bets by arithmetic ---------------------------------------------------------------------

def test_a_bet_is_checked_by_arithmetic_exactly_as_the_list_of_amounts_says():
    from referee.interpreter import Match
    from referee.interpreter.players import random_move
    from referee.mechanics.vying.betting import bet_allowed, betting_moves
    from referee.model import load_game
    game = load_game("bouillotte", {"cave": "40"})
    rng = random.Random(3)
    checked = 0
    for _ in range(6):
        match = Match(game)
        match.draw_for_dealer(rng)
        hands, talon, upcards = match.deal_pack(rng)
        deal = match.new_deal(hands, talon=talon, upcards=upcards)
        while not deal.is_over():
            if deal.phase == "betting":
                seat = deal.to_act
                listed = set(betting_moves(deal, seat))
                for move in list(listed) + [-1, -3, -4] + [base - k for base in (-10_000_000, -20_000_000)
                                                           for k in range(0, 45)]:
                    assert bet_allowed(deal, seat, move) == (move in listed)
                    checked += 1
            deal.push(random_move(deal, rng))
    assert checked > 500


# -- quick to start ------------------------------------------------------------------------------------

def _imports(argv, env=None):
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "referee", *argv], capture_output=True,
                          text=True, env={**os.environ, **(env or {})}, check=False)
    return {line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}


def test_help_imports_no_part_of_the_pipeline():
    loaded = _imports(["--help"])
    assert "referee.cli" in loaded
    assert not {m for m in loaded if m.startswith(("referee.model", "referee.interpreter", "lark", "jsonschema"))}


def test_a_judge_of_a_kept_game_neither_parses_nor_loads_a_schema_library(tmp_path):
    env = {"REFEREE_CACHE": str(tmp_path / "referee")}
    first = _imports(["judge", str(MATCH)], env)
    assert "lark" in first  # built from its rules file, then kept
    again = _imports(["judge", str(MATCH)], env)
    assert not {m for m in again if m.startswith(("lark", "jsonschema", "referee.front"))}


def test_a_kept_game_equals_the_built_one_and_only_shipped_files_are_kept(tmp_path, monkeypatch):
    from referee.model import load_game
    from referee.model.cache import kept_game, shipped_game
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "referee"))
    path = shipped_game("kierki")
    built = load_game(path, {"heart_lead": "restricted"})
    assert kept_game(path, {"heart_lead": "restricted"}, lambda: built) is built
    assert kept_game(path, {"heart_lead": "restricted"}, lambda: pytest.fail("not kept")) == built
    variant = tmp_path / "house.rules"
    variant.write_text((Path(__file__).parent / "fixtures" / "variants" / "kierki_heart_lead.rules").read_text())
    calls = []
    kept_game(variant, {}, lambda: calls.append(1))
    kept_game(variant, {}, lambda: calls.append(1))
    assert calls == [1, 1]
    old = tmp_path / "referee" / ("0" * 24)
    old.mkdir()
    (old / "stale.pickle").write_bytes(b"never read")
    kept_game(path, {"heart_lead": "free"}, lambda: built)  # a new game kept: other versions go
    assert not old.exists() and len(list((tmp_path / "referee").iterdir())) == 1
    monkeypatch.setenv("REFEREE_CACHE", "off")
    assert kept_game(path, {}, lambda: "built") == "built"
    monkeypatch.delenv("REFEREE_CACHE")  # unnamed: the install step's games are read, nothing is written
    from referee.model import cache
    before = sorted(cache.INSTALLED.rglob("*")) if cache.INSTALLED.is_dir() else []
    assert kept_game(path, {"heart_lead": "restricted", "king_end": "deal"}, lambda: "built") == "built"
    assert (sorted(cache.INSTALLED.rglob("*")) if cache.INSTALLED.is_dir() else []) == before
    assert shipped_game("../kierki") is None and shipped_game("x" * 5000) is None


def test_bench_judge_reports_each_figure(capsys):
    from referee.judge_bench import run_judge_bench
    assert run_judge_bench(repeats=1) == 0
    out = capsys.readouterr().out
    for words in ("referee --help, as a process:", "as a process:", "in-process", "stacks of 100 chips",
                  "stacks of 10,000 chips", "summary:"):
        assert words in out


def test_play_of_a_kept_game_reads_it_as_the_judge_does(tmp_path):
    # `play` once parsed and built the rules every time; it now reads the game the install step kept.
    env = {"REFEREE_CACHE": str(tmp_path / "referee")}
    out = tmp_path / "deal.json"
    first = _imports(["play", "kierki", "--seed", "3", "-o", str(out)], env)
    assert "lark" in first and out.is_file()  # built from its rules file, then kept
    again = _imports(["play", "kierki", "--seed", "3", "-o", str(tmp_path / "again.json")], env)
    assert not {m for m in again if m.startswith(("lark", "referee.front"))}
    assert (tmp_path / "again.json").read_text() == out.read_text()
