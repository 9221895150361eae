"""Error messages of the rules language, as a variant author meets them.

Each file in tests/fixtures/bad/ is one realistic mistake. Its first line says what the referee
must answer:

    # expect: <ErrorClass> <line>:<col> <substring of the message>

The test loads the file and checks the class, the position, the substring, that the message
begins with the file's path and `line:col: <kind>:`, that the caret sits under the column, and
that `referee check FILE` exits 2 and prints the same first line without a traceback.

Known bugs are marked xfail(strict=True) with the desired behaviour written down: when a bug is
fixed, its test passes, strict xfail fails, and the entry below must be removed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee import cli, errors
from referee.errors import RulesDefinitionError, RulesError, RulesSyntaxError, UsageError
from referee.front.parser import parse_text
from referee.model import load_game
from referee.model.game import EndKind, MatchEnd

FIXTURES = Path(__file__).parent / "fixtures"
BAD = FIXTURES / "bad"
VARIANTS = FIXTURES / "variants"

_EXPECT = re.compile(r"#\s*expect:\s*(?P<cls>\w+)\s+(?P<line>\d+):(?P<col>\d+)\s+(?P<text>.+?)\s*$")

# Every error kind the brief asks for must keep a fixture.
REQUIRED = {
    "syntax_misspelled_keyword", "syntax_unclosed_block", "syntax_unclosed_string",
    "syntax_number_expected", "syntax_bad_character", "def_unknown_card", "def_unknown_rank",
    "def_unknown_suit", "def_duplicate_clause", "def_unknown_source", "def_line_out_of_range",
    "def_unknown_contract", "def_parameter_default_not_a_choice", "def_unknown_parameter_in_if",
    "def_rule_stated_twice", "def_check_fails", "def_missing_players",
    "variant_replace_unknown_clause", "variant_remove_unknown_clause",
    "variant_extends_unknown_game", "variant_set_unknown_parameter", "variant_set_bad_value",
    "variant_duplicate_clause",
}

# Fixtures whose expectation documents a known bug (none open): name -> reason, per test.
KNOWN_BUGS_LOAD: dict[str, str] = {}
KNOWN_BUGS_CLI: dict[str, str] = {}


def _expectation(path: Path) -> tuple[type, int, int, str]:
    first = path.read_bytes().split(b"\n", 1)[0].decode("utf-8")
    match = _EXPECT.match(first)
    assert match, f"{path.name}: the first line must be `# expect: <ErrorClass> <line>:<col> <text>`"
    cls = getattr(errors, match["cls"])
    return cls, int(match["line"]), int(match["col"]), match["text"]


def _cases(known: dict[str, str]) -> list:
    out = []
    for path in sorted(BAD.glob("*.rules")):
        marks = [pytest.mark.xfail(strict=True, reason=known[path.name])] if path.name in known else []
        out.append(pytest.param(path, id=path.stem, marks=marks))
    return out


def _source_line(path: Path, line: int) -> str:
    text = path.read_bytes().decode("utf-8", errors="replace")
    return text.splitlines()[line - 1].expandtabs(1)


def test_every_required_error_kind_has_a_fixture() -> None:
    present = {p.stem for p in BAD.glob("*.rules")}
    assert REQUIRED <= present, f"missing fixtures: {sorted(REQUIRED - present)}"


def test_every_fixture_states_its_expectation() -> None:
    for path in sorted(BAD.glob("*.rules")):
        cls, line, col, text = _expectation(path)
        assert issubclass(cls, (RulesError, UsageError)), path.name
        assert line >= 1 and col >= 1 and text, path.name
        kind = path.stem.split("_", 1)[0]
        assert kind in ("syntax", "def", "variant"), path.name
        if kind == "syntax":
            assert cls is RulesSyntaxError, path.name
        else:
            assert cls is RulesDefinitionError, path.name


@pytest.mark.parametrize("path", _cases(KNOWN_BUGS_LOAD))
def test_bad_file_gives_the_expected_error(path: Path) -> None:
    cls, line, col, text = _expectation(path)
    with pytest.raises(RulesError) as info:
        load_game(str(path))
    err = info.value
    message = str(err)
    assert type(err) is cls, message
    assert message.startswith(f"{path}:{line}:{col}: {cls.kind}: "), message
    assert (err.position.path, err.position.line, err.position.column) == (str(path), line, col)
    assert text in message, message
    # The excerpt shows the offending line with the caret under the column.
    lines = message.splitlines()
    assert lines[1] == "    " + _source_line(path, line), message
    assert lines[2] == "    " + " " * (col - 1) + "^", message
    for extra in lines[3:]:
        assert extra.startswith(("  expected: ", "  hint: ")), message


@pytest.mark.parametrize("path", _cases(KNOWN_BUGS_CLI))
def test_referee_check_reports_the_error(path: Path, capsys) -> None:
    cls, line, col, text = _expectation(path)
    status = cli.main(["check", str(path)])
    out, err = capsys.readouterr()
    assert status == 2
    assert "Traceback" not in out + err
    assert out == ""
    first = err.splitlines()[0]
    assert first.startswith(f"{path}:{line}:{col}: {cls.kind}: "), err
    with pytest.raises(RulesError) as info:
        load_game(str(path))
    assert first == str(info.value).splitlines()[0]


# -- errors that need more than one file, or that the fixture format cannot express -----------------


def test_a_stray_file_named_like_a_shipped_game_does_not_replace_it(tmp_path: Path) -> None:
    # An author copies kierki.rules into his folder and turns it into a variant of kierki: a
    # shipped name means the shipped game, so the copy extends the real Kierki, not itself.
    (tmp_path / "kierki.rules").write_text('variant kierki_mine "Kierki, mine" extends kierki\n', encoding="utf-8")
    (tmp_path / "mine.rules").write_text('variant mine "Mine" extends kierki\n', encoding="utf-8")
    for name in ("kierki.rules", "mine.rules"):
        game = load_game(str(tmp_path / name))
        assert game.base == "kierki" and len(game.clauses) == len(load_game("kierki").clauses)


def test_extends_by_path_relative_to_the_variant(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "base").mkdir()
    (tmp_path / "base" / "kierki.rules").write_text('variant local "Local" extends kierki\n'
                                                    'set heart_lead = restricted\n', encoding="utf-8")
    (tmp_path / "mine.rules").write_text('variant mine "Mine" extends "base/kierki.rules"\n', encoding="utf-8")
    monkeypatch.chdir("/")  # relative to the variant's file, not to the working folder
    game = load_game(str(tmp_path / "mine.rules"))
    assert game.base == "local" and game.settings["heart_lead"] == "restricted"


@pytest.mark.parametrize("reference, problem", [
    ("../kierki.rules", "is not a path to a .rules file inside the variant's folder"),
    ("/etc/passwd.rules", "is not a path to a .rules file inside the variant's folder"),
    ("base/notes.txt", "is not a path to a .rules file inside the variant's folder"),
    ("missing.rules", "no rules file 'missing.rules' beside mine.rules"),
    ("out.rules", "leads out of the variant's folder"),
])
def test_extends_by_path_stays_in_the_variant_folder(tmp_path: Path, reference, problem) -> None:
    folder = tmp_path / "v"
    folder.mkdir()
    (tmp_path / "secret.rules").write_text('game secret "S"\n', encoding="utf-8")
    (folder / "out.rules").symlink_to(tmp_path / "secret.rules")
    path = folder / "mine.rules"
    path.write_text(f'variant mine "Mine" extends "{reference}"\n', encoding="utf-8")
    with pytest.raises(RulesDefinitionError) as info:
        load_game(str(path))
    message = str(info.value)
    assert message.startswith(f"{path}:1:29: definition error: the game ") and "to extend is not found" in message
    assert problem in message, message


def test_extends_a_missing_game_names_the_games(tmp_path: Path) -> None:
    path = tmp_path / "mine.rules"
    path.write_text('variant mine "Mine" extends hearts\n', encoding="utf-8")
    with pytest.raises(RulesDefinitionError) as info:
        load_game(str(path))
    message = str(info.value)
    assert message.startswith(f"{path}:1:29: definition error: the game 'hearts' to extend is not found")
    assert "unknown game 'hearts'; the games are: bouillotte, kierki, preferans" in message


def test_a_cycle_through_paths_is_named(tmp_path: Path) -> None:
    (tmp_path / "a.rules").write_text('variant a "A" extends "b.rules"\n', encoding="utf-8")
    (tmp_path / "b.rules").write_text('variant b "B" extends "a.rules"\n', encoding="utf-8")
    with pytest.raises(RulesDefinitionError) as info:
        load_game(str(tmp_path / "a.rules"))
    assert "variant b extends itself through a -> b -> a.rules" in str(info.value)


def test_variant_cycle_names_the_whole_loop(tmp_path: Path) -> None:
    (tmp_path / "cycle_a.rules").write_text('variant cycle_a "A" extends cycle_b\n', encoding="utf-8")
    (tmp_path / "cycle_b.rules").write_text('variant cycle_b "B" extends cycle_a\n', encoding="utf-8")
    with pytest.raises(RulesDefinitionError) as info:
        load_game(str(tmp_path / "cycle_a.rules"))
    message = str(info.value)
    assert message.startswith(f"{tmp_path / 'cycle_b.rules'}:1:29: "), message
    assert "cycle_a -> cycle_b -> cycle_a" in message, message


def test_variant_extending_itself_by_name(tmp_path: Path) -> None:
    path = tmp_path / "again.rules"
    path.write_text('variant kierki "Kierki again" extends kierki\n', encoding="utf-8")
    with pytest.raises(RulesDefinitionError) as info:
        load_game(str(path))
    assert str(info.value).startswith(f"{path}:1:39: definition error: variant kierki extends itself")


def test_stray_semicolon_does_not_claim_an_unclosed_block() -> None:
    text = 'game g "G"\nclause K1.1 "Four players." tradition "t" {\n  players 4;\n}\n'
    with pytest.raises(RulesSyntaxError) as info:
        parse_text(text, "semi.rules")
    message = str(info.value)
    assert message.startswith("semi.rules:3:12: syntax error: unexpected character ';'")
    assert "not closed" not in message, message


def test_unclosed_block_before_the_next_clause_hints_at_the_brace() -> None:
    text = ('game g "G"\nclause K1.1 "x" tradition "t" {\n  players 4\n\n'
            'clause K1.2 "y" tradition "t" {\n  direction clockwise\n}\n')
    with pytest.raises(RulesSyntaxError) as info:
        parse_text(text, "open.rules")
    message = str(info.value)
    assert message.startswith("open.rules:5:1: syntax error: unexpected 'clause'")
    assert "'{' block is not closed" in message, message


@pytest.mark.parametrize("text, position, problem", [
    ("", "1:1", "the file ends in the middle of a construct"),
    pytest.param('game g', "1:7", "the file ends in the middle of a construct", id="truncated-header"),
    ('game g "G"\nclasue K1.1 "x" tradition "t" {}\n', "2:1", "unexpected name 'clasue'"),
    ('Game g "G"\n', "1:1", "unexpected code 'Game'"),
    ('game g "G"\nclause k1.1 "x" tradition "t" {}\n', "2:8", "unexpected"),
    ('game g "G"\nclause K1.1 "x" {}\n', "2:17", "unexpected '{'"),
])
def test_syntax_error_positions(text: str, position: str, problem: str) -> None:
    with pytest.raises(RulesSyntaxError) as info:
        parse_text(text, "t.rules")
    assert str(info.value).startswith(f"t.rules:{position}: syntax error: {problem}"), str(info.value)


def test_syntax_error_is_also_a_python_syntax_error() -> None:
    with pytest.raises(SyntaxError):
        parse_text("game", "t.rules")


def test_missing_rules_file_is_a_usage_error(tmp_path: Path, capsys) -> None:
    missing = tmp_path / "nowhere.rules"
    with pytest.raises(UsageError):
        load_game(str(missing))
    assert cli.main(["check", str(missing)]) == 2
    out, err = capsys.readouterr()
    assert err.startswith(f"referee: no rules file at {missing}")
    assert "Traceback" not in err


def test_unknown_game_name_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="unknown game 'kierky'"):
        load_game("kierky")


def test_unknown_parameter_override_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="no parameter 'heart_leads'"):
        load_game("kierki", {"heart_leads": "restricted"})
    with pytest.raises(UsageError, match="no choice 'forbidden'"):
        load_game("kierki", {"heart_lead": "forbidden"})


# -- good variants ------------------------------------------------------------------------------


def test_variant_heart_lead_loads_with_its_changes(kierki) -> None:
    game = load_game(str(VARIANTS / "kierki_heart_lead.rules"))
    assert (game.id, game.base) == ("kierki_heart_lead", "kierki")
    assert game.settings["heart_lead"] == "restricted"
    assert kierki.settings["heart_lead"] == "free"
    # K3.4 is replaced in place: same position in the clause order, new text and rule.
    assert list(game.clauses) == list(kierki.clauses)
    assert game.clauses["K3.4"].statement == "The dealer leads to the first trick."
    assert game.clauses["K3.4"].position.path == str(VARIANTS / "kierki_heart_lead.rules")
    for name in ("no_king", "no_hearts", "no_tricks"):
        assert game.contracts[name].rules.tricks.first_lead.value.role == "dealer"
        assert game.contracts[name].rules.tricks.first_lead.clause == "K3.4"
    assert kierki.contracts["no_king"].rules.tricks.first_lead.value.role == "chooser"
    # The parameter switches on the lead restriction of clause K3.5.
    for name in ("no_king", "no_hearts", "rozbojnik"):
        restrictions = game.contracts[name].rules.tricks.lead_restrictions
        assert [r.clause for r in restrictions] == ["K3.5"]
        assert {c.suit for c in restrictions[0].value.cards} == {"H"}
        assert kierki.contracts[name].rules.tricks.lead_restrictions == ()
    assert game.contracts["no_tricks"].rules.tricks.lead_restrictions == ()


def test_variant_short_loads_with_its_changes(kierki) -> None:
    game = load_game(str(VARIANTS / "kierki_short.rules"))
    assert (game.id, game.base) == ("kierki_short", "kierki")
    assert "K2.3" not in game.clauses and "K2.4" not in game.clauses
    assert list(game.clauses)[-1] == "KV1.1"
    assert len(game.clauses) == len(kierki.clauses) - 1
    assert game.clauses["KV1.1"].provenance.kind == "tradition"
    assert game.match_end.value == MatchEnd(EndKind.DEALS, 12) and game.match_end.clause == "KV1.1"
    assert game.contract_choice.once is None and kierki.contract_choice.once is not None
    assert [c.expected for c in game.checks if c.quantity == "deals"] == [12]
    # The base game is untouched.
    assert kierki.match_end.value == MatchEnd(EndKind.ALL_CHOSEN)


@pytest.mark.parametrize("name", ["kierki_heart_lead.rules", "kierki_short.rules"])
def test_good_variants_pass_referee_check(name: str, capsys) -> None:
    path = VARIANTS / name
    assert cli.main(["check", str(path)]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(f"{path}: ok"), out
    assert err == ""


@pytest.mark.parametrize("lang, words", [
    ("ru", ("синтаксическая ошибка", "неожиданное имя 'dealr'", "подсказка", "может быть, имелось в виду 'dealer'?")),
    ("pl", ("błąd składni", "nieoczekiwana nazwa 'dealr'", "wskazówka", "czy chodziło o 'dealer'?")),
    ("hr", ("sintaktička pogreška", "neočekivano ime 'dealr'", "savjet", "možda ste htjeli napisati 'dealer'?")),
])
def test_rules_errors_in_the_readers_language(tmp_path, capsys, lang, words):
    """`referee check --lang` gives a variant author the error in his language, with the same
    position, excerpt and expected words (the file's own text is never translated)."""
    path = tmp_path / "typo.rules"
    path.write_text('variant x "X" extends kierki\nreplace clause K3.4 "a"\n  interpretation "b"\n'
                    "{\n  first lead by dealr\n}\n", encoding="utf-8")
    assert cli.main(["check", str(path), "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{path}:5:17: ")
    assert "first lead by dealr" in err and "'dealer'" in err
    for word in words:
        assert word in err, (word, err)


# -- every bad file answers wholly in the reader's language -------------------------------------

BAD_TRANSCRIPTS = FIXTURES / "bad-transcripts"
READERS = ("ru", "pl", "hr")


def _templates(text) -> list[str]:
    """The catalog messages a message is built from: its template and those of its values."""
    if not isinstance(text, errors.Phrase):
        return []
    return [text.template] + [t for v in text.values.values() for t in _templates(v)]


def _untranslated(err, lang: str) -> list[str]:
    from tests.test_translations import entries
    translated = {m.id: m.string for m in entries(lang, "referee") if m.string}
    parts = [err.problem, err.hint] + ([err.expected] if isinstance(err, RulesError) else [])
    missing = [f"plain English text: {part!r}" for part in (err.problem, err.hint)
               if part is not None and not isinstance(part, errors.Phrase)]
    missing += [t for part in parts for t in _templates(part)
                if t not in translated and not isinstance(part, errors.Term)]
    return missing


def _rules_error(path: Path) -> RulesError:
    with pytest.raises(RulesError) as info:
        load_game(str(path))
    return info.value


def _transcript_error(path: Path) -> errors.TranscriptError:
    from referee.judge import judge_file
    with pytest.raises(errors.TranscriptError) as info:
        judge_file(str(path))
    return info.value


@pytest.mark.parametrize("lang", READERS)
@pytest.mark.parametrize("path", sorted(BAD.glob("*.rules")), ids=lambda p: p.stem)
def test_bad_rules_file_errors_read_in_the_readers_language(path: Path, lang: str) -> None:
    err = _rules_error(path)
    assert not _untranslated(err, lang), _untranslated(err, lang)
    english, local = err.render("en").splitlines()[0], err.render(lang).splitlines()[0]
    assert local != english and local.startswith(f"{path}:"), local


def test_every_bad_transcript_fixture_is_refused() -> None:
    assert len(list(BAD_TRANSCRIPTS.glob("*.json"))) >= 10


@pytest.mark.parametrize("lang", READERS)
@pytest.mark.parametrize("path", sorted(BAD_TRANSCRIPTS.glob("*.json")), ids=lambda p: p.stem)
def test_bad_transcript_errors_read_in_the_readers_language(path: Path, lang: str, capsys) -> None:
    err = _transcript_error(path)
    assert not _untranslated(err, lang), _untranslated(err, lang)
    assert cli.main(["judge", str(path), "--lang", lang]) == 2
    shown = capsys.readouterr().err
    assert shown == f"referee: {err.render(lang)}\n" and shown.split(": ", 2)[2] != err.render("en").split(": ", 1)[1]
