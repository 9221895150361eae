"""The command line: every command, exit statuses, and errors without tracebacks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli import main

GOLDEN = Path(__file__).parent / "golden"


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err


def test_games_lists_the_three_games_and_their_variants(capsys):
    status, out, _ = run(capsys, "games")
    assert status == 0
    games = [line.split()[0] for line in out.splitlines() if not line.startswith(" ")]
    assert games == ["bouillotte", "kierki", "preferans"]
    assert "  black_lady " in out  # a variant, indented under the game it extends


def test_rules_prints_clauses_with_citations(capsys):
    status, out, _ = run(capsys, "rules", "kierki", "--formal")
    assert status == 0
    assert "K3.1 Following suit  [003_e21bac2628eec2a5.txt:3]" in out  # ID, title, citation
    assert "| in no_king { must follow suit, else any card }" in out


def test_play_then_judge_round_trip(tmp_path, capsys):
    path = tmp_path / "deal.json"
    status, _, _ = run(capsys, "play", "kierki", "--seed", "4", "-o", str(path))
    assert status == 0
    status, out, _ = run(capsys, "judge", str(path), "--json")
    assert status == 0 and json.loads(out)["legal"] is True


def test_judge_illegal_exits_1(capsys):
    status, out, _ = run(capsys, "judge", str(GOLDEN / "kierki-revoke.json"))
    assert status == 1 and "ILLEGAL, deal 1, action 4 (seat 2: play 4♣)" in out


@pytest.mark.parametrize("content, field", [
    ("{not json", "1:2"),
    ('{"format": "referee-transcript/1", "game": "kierki", "deals": [{"dealer": 0, "hands": {}, "actions": [{"seat": "x", "action": "pass"}]}]}',
     "transcript.deals[0].actions[0].seat"),
    ('{"format": "referee-transcript/1", "game": "nosuchgame", "deals": []}', "transcript.game"),
    ('{"format": "referee-transcript/1", "deals": []}', "names neither a game nor a rules file"),
])
def test_judge_unusable_input_exits_2_naming_the_field(tmp_path, capsys, content, field):
    path = tmp_path / "bad.json"
    path.write_text(content)
    status, out, err = run(capsys, "judge", str(path))
    assert status == 2 and field in err


def test_unknown_card_in_hand_names_the_field(tmp_path, capsys):
    data = json.loads((GOLDEN / "kierki-seed1.json").read_text())
    data["deals"][0]["hands"]["2"][0] = "1X"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    status, _, err = run(capsys, "judge", str(path))
    assert status == 2 and "transcript.deals[0].hands.2" in err and "'1X'" in err


def test_misdeal_is_a_verdict(tmp_path, capsys):
    data = json.loads((GOLDEN / "kierki-seed1.json").read_text())
    data["deals"][0]["hands"]["2"].pop()
    path = tmp_path / "short.json"
    path.write_text(json.dumps(data))
    status, out, _ = run(capsys, "judge", str(path))
    assert status == 1 and "deal 1, the hand of seat 3: Misdeal: seat 3 holds 12 cards, not 13." in out and "K1.4" in out


def test_bad_parameter_is_a_usage_error(capsys):
    status, _, err = run(capsys, "play", "kierki", "--param", "heart_lead=sometimes")
    assert status == 2 and "choices: free, restricted" in err


def test_output_file_is_replaced_atomically(tmp_path, capsys):
    path = tmp_path / "t.json"
    path.write_text("precious")
    status, _, _ = run(capsys, "play", "nosuchgame", "-o", str(path))
    assert status == 2 and path.read_text() == "precious"  # nothing already written is lost


def test_check_accepts_the_carre_anglais(capsys):
    """Issue 26: the draw from the stock at the showdown runs, so the reading loads and plays."""
    status, out, err = run(capsys, "check", "rules/bouillotte.rules", "--param", "carre_anglais=on")
    assert status == 0 and "bouillotte.rules: ok" in out and not err
    status, out, _ = run(capsys, "play", "bouillotte", "--param", "carre_anglais=on", "--seed", "3")
    assert status == 0 and '"parameters": {"carre_anglais": "on"}' in out


def test_bench_prints_the_table_with_the_hand_loop(capsys):
    status, out, _ = run(capsys, "bench", "kierki", "--deals", "5", "--repeats", "2", "--no-peer")
    assert status == 0
    row = next(line for line in out.splitlines() if line.startswith("| kierki |"))
    assert "bench/kierki.py" in row and "target ≥ 0.7" in row
    assert "2 interleaved repetitions of 5 complete deals" in out


def test_bench_all_writes_every_game_as_json(capsys, tmp_path):
    import json
    target = tmp_path / "bench.json"
    status, out, _ = run(capsys, "bench", "--all", "--deals", "3", "--repeats", "1", "--no-peer", "-o", str(target))
    figures = json.loads(target.read_text(encoding="utf-8"))
    assert status == 0 and figures["clock"] == "process CPU time"
    games = {game["game"]: game for game in figures["games"]}
    assert set(games) == {"kierki", "preferans", "bouillotte"}
    for game in games.values():
        assert game["contenders"]["referee"]["actions_per_deal"] > 0
        assert len(game["ratios"]["loop"]["per_repetition"]) == 1


def test_bench_compares_only_contenders_with_the_same_players(capsys):
    status, out, _ = run(capsys, "bench", "bouillotte", "--players", "5", "--deals", "3", "--repeats", "1")
    rows = [line for line in out.splitlines() if line.startswith("| bouillotte") or line.startswith("| |")]
    assert status == 0 and len(rows) == 1 and "bench/bouillotte.py" not in rows[0]
    assert "no hand-written loop for this game" in out


def test_bench_without_openspiel_still_reports_and_says_how_to_install(capsys, monkeypatch):
    from referee import baselines
    monkeypatch.setattr(baselines, "pyspiel", None)
    status, out, _ = run(capsys, "bench", "bouillotte", "--deals", "3", "--repeats", "1")
    assert status == 0 and "| bouillotte |" in out and "bench/bouillotte.py" in out
    assert "open-spiel is not installed" in out and "scripts/setup bench" in out


def test_rules_shows_the_suit_names_other_packs_use(capsys):
    """`suit names` gives the suits the names German-suited cards (and Russian) use; `referee
    rules` shows them beside the suit symbols, for readers who know the other pack."""
    status, out, _ = run(capsys, "rules", "preferans")
    assert status == 0
    assert "S ♠ (german: Leaves; ru: Листья)" in out
    assert "C ♣ (german: Acorns; ru: Жёлуди)" in out


def test_ruling_without_a_number_is_a_usage_error(capsys):
    # It once ended in "internal error ... NameError" (UsageError was imported in other functions only).
    status, _, err = run(capsys, "ruling")
    assert status == 2
    assert "name a ruling by its number, or give --list" in err
    assert "internal error" not in err


def test_short_defender_rule_without_a_quota_is_a_definition_error(tmp_path, capsys):
    # It once ended in "internal error ... NameError: name 'lark' is not defined".
    path = tmp_path / "noquota.rules"
    path.write_text('variant noquota "No quota" extends preferans\n'
                    'replace clause P5.2 "Bettel without quotas." interpretation "t" '
                    '{ in bettel { defenders have no quota } }\n', encoding="utf-8")
    status, _, err = run(capsys, "check", str(path))
    assert status == 2
    assert "no quota is stated, so no defender is ever short" in err
    assert "internal error" not in err


# -- the conventions of a command line: --version, help, --json, completion -------------------------

DATA = Path(__file__).parent.parent / "referee" / "data"


def _schema(name: str):
    import jsonschema
    schema = json.loads((DATA / f"{name}.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_version_prints_the_package_version(capsys):
    import referee
    status, out, _ = run(capsys, "--version")
    assert status == 0 and out.strip() == f"referee {referee.__version__}"


def _visible_commands():
    import argparse

    from referee.cli import build_parser
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    listed = {choice.dest for choice in sub._choices_actions}  # the commands --help lists
    return parser, {name: p for name, p in sub.choices.items() if name in listed}


def test_every_argument_of_every_command_has_help_text():
    parser, commands = _visible_commands()
    assert {"games", "rules", "params", "play", "judge", "legal", "explain", "completion"} <= set(commands)
    missing = [f"{name} {action.dest}" for name, p in [("referee", parser), *commands.items()]
               for action in p._actions if not action.help and action.dest != "command"]
    assert missing == []


def test_param_help_says_where_the_names_come_from(capsys):
    status, out, _ = run(capsys, "play", "--help")
    assert status == 0 and "`referee params GAME`" in " ".join(out.split())


def test_params_lists_the_names_values_and_defaults_param_takes(capsys):
    status, out, _ = run(capsys, "params", "kierki")
    assert status == 0
    assert out.startswith("heart_lead=free  [K3.5] ")
    assert "  restricted       no, unless he holds only hearts" in out
    status, out, _ = run(capsys, "params", "kierki", "--param", "heart_lead=restricted", "--json")
    data = json.loads(out)
    _schema("params").validate(data)
    first = data["parameters"][0]
    assert (first["name"], first["value"], first["default"]) == ("heart_lead", "restricted", "free")


@pytest.mark.parametrize("transcript, at", [
    ("kierki-revoke.json", "1.3"), ("kierki-revoke.json", "1.5"), ("kierki-seed1.json", "1"),
    ("preferans-seed5.json", "1.2"), ("bouillotte-seed4.deal", "1.4")])
def test_legal_and_explain_json_have_a_format_and_follow_their_schema(capsys, transcript, at):
    status, out, _ = run(capsys, "legal", str(GOLDEN / transcript), "--at", at, "--json")
    data = json.loads(out)
    _schema("legal").validate(data)
    assert data["format"] == "referee-legal/1" and status in (0, 1)
    status, out, _ = run(capsys, "explain", str(GOLDEN / transcript), "--at", at, "--json")
    data = json.loads(out)
    _schema("explain").validate(data)
    assert data["format"] == "referee-explain/1" and status in (0, 1)


def test_legal_json_lists_the_choices_with_the_clause_forbidding_each(capsys):
    _, out, _ = run(capsys, "legal", str(GOLDEN / "kierki-revoke.json"), "--at", "1.3", "--json")
    options = json.loads(out)["options"]
    assert options["seat"] == 0 and options["legal"] == ["play JD", "play QD"]
    assert any(f["clauses"] == ["K3.1", "K3.6"] and "play QS" in f["actions"] for f in options["forbidden"])


def test_an_error_under_json_is_a_json_object_on_stdout_with_exit_2(tmp_path, capsys):
    errors = _schema("error")
    # a transcript's field at fault
    path = tmp_path / "bad.json"
    path.write_text('{"format": "referee-transcript/1", "game": "nosuchgame", "deals": []}')
    status, out, err = run(capsys, "judge", str(path), "--json")
    data = json.loads(out)
    errors.validate(data)
    assert status == 2 and err == "" and data["error"] == "transcript" and data["where"] == "transcript.game"
    # a rules file at file:line:col, with the hint the text shows
    rules = tmp_path / "broken.rules"
    rules.write_text('game "x"\nclause X1 "y": nonsense here\n')
    status, out, _ = run(capsys, "judge", str(GOLDEN / "kierki-seed1.json"), "--rules", str(rules), "--json")
    data = json.loads(out)
    errors.validate(data)
    assert status == 2 and data["error"] == "rules"
    assert data["position"]["file"].endswith("broken.rules") and data["position"]["line"] >= 1
    assert data["message"].startswith(f"{data['position']['file']}:{data['position']['line']}:")
    # a command line argparse refuses (legal needs no transcript: it may take --position instead)
    status, out, err = run(capsys, "explain", "--json")
    data = json.loads(out)
    errors.validate(data)
    assert status == 2 and data["error"] == "usage" and "TRANSCRIPT" in data["message"]
    # without --json the same error goes to standard error, as text
    status, out, err = run(capsys, "judge", str(path))
    assert status == 2 and out == "" and "transcript.game" in err


def _complete(line: str, tmp_path) -> list[str]:
    """What bash offers for `line` (the cursor at its end) with `referee completion bash` loaded."""
    import os
    import subprocess
    import sys
    script = tmp_path / "referee.bash"
    script.write_text(subprocess.run([sys.executable, "-m", "referee", "completion", "bash"], check=True,
                                     capture_output=True, text=True).stdout)
    import re
    words = [w for w in re.split(r" |(=)", line) if w is not None]  # as bash splits (COMP_WORDBREAKS)
    words = [w for i, w in enumerate(words) if w or i == len(words) - 1]
    probe = (f"source {script}; COMP_WORDS=({' '.join(repr(w) for w in words)}); COMP_LINE={line!r}; "
             f"COMP_POINT={len(line)}; COMP_CWORD={len(words) - 1}; _referee; printf '%s\\n' \"${{COMPREPLY[@]}}\"")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    return [w for w in done.stdout.splitlines() if w]


def test_bash_completion_offers_commands_options_games_and_parameters(tmp_path):
    assert {"judge", "legal", "params", "completion", "--version"} <= set(_complete("referee ", tmp_path))
    assert "complete" not in _complete("referee ", tmp_path)  # the script's own helper is not offered
    assert _complete("referee pl", tmp_path) == ["play"]
    assert _complete("referee play --se", tmp_path) == ["--seed"]
    assert {"kierki", "black_lady", "preferans"} <= set(_complete("referee play ", tmp_path))
    assert _complete("referee rules kierki --param heart_lead=", tmp_path) == ["free", "restricted"]
    assert _complete("referee rules kierki --param heart_lead=r", tmp_path) == ["restricted"]
    assert "heart_lead=free" in _complete("referee rules kierki --param ", tmp_path)
    assert _complete("referee judge --lang r", tmp_path) == ["ru"]


def test_zsh_completion_runs_the_bash_script_through_bashcompinit(capsys):
    status, out, _ = run(capsys, "completion", "zsh")
    assert status == 0 and "bashcompinit" in out and "complete -F _referee referee" in out


def test_legal_show_draws_the_table_at_the_position(capsys):
    status, out, _ = run(capsys, "legal", str(GOLDEN / "kierki-revoke.json"), "--at", "1.3", "--show")
    drawing, _, answer = out.partition("Kierki (kierki.rules)")
    assert status == 0 and "Seat 1 (to act, 0 tricks)" in drawing and "4♦" in drawing
    assert "Legal: play J♦ Q♦" in answer
    status, out, _ = run(capsys, "explain", str(GOLDEN / "kierki-revoke.json"), "--at", "1.3", "--show", "--json")
    data = json.loads(out)
    _schema("explain").validate(data)
    assert "Seat 1 (to act, 0 tricks)" in data["drawing"]


def test_legal_of_a_position_string_as_of_the_transcript_there(capsys):
    import referee
    golden = Path(__file__).parent / "golden" / "kierki-seed1.deal"
    steps = list(referee.Transcript(golden))
    code, from_file, _ = run(capsys, "legal", str(golden), "--at", steps[9].at, "--json")
    code2, from_text, _ = run(capsys, "legal", "--position", steps[8].position(), "--json")
    assert code == code2 == 0
    one, two = json.loads(from_file), json.loads(from_text)
    assert one["options"] == two["options"] and one["position"] == two["position"]
    over = run(capsys, "legal", "--position", steps[-1].position())
    assert over[0] == 0 and "The deal is over" in over[1]
    bad = run(capsys, "legal", "--position", "game kierki; deal 1 dealer 9")
    assert bad[0] == 2 and "<position>:1:28" in bad[2]
    assert run(capsys, "legal", str(golden), "--position", steps[0].position())[0] == 2
