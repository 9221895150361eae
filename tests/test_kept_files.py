"""Kept games and parser tables are data, never code (README, "Untrusted input"): a file planted
in a cache folder runs nothing and decides nothing (referee/plaindata.py, referee/model/cache.py,
referee/front/tables.py).

A planted pickle is not read at all; a kept file holds only the model's own records, each field
of its declared type; a file is bound to the game, readings and version it was built from, so
one put in the place of another is rebuilt; a folder others may write in is not used; a link in
the folder is never followed.
"""

from __future__ import annotations

import builtins
import json
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from referee import plaindata
from referee.model import cache, load_game

GOLDEN = Path(__file__).parent / "golden"
DEAL = GOLDEN / "kierki-seed1.json"


class _Runs:
    """A pickle that, unpickled, calls `call(argument)`: what an attacker would plant."""

    def __init__(self, call, argument):
        self.call, self.argument = call, argument

    def __reduce__(self):
        return self.call, (self.argument,)


def _payloads(marker: Path) -> dict[str, bytes]:
    return {"os.system": pickle.dumps(_Runs(os.system, f"echo ran > {marker}")),
            "builtins.exec": pickle.dumps(_Runs(builtins.exec, f"open({str(marker)!r}, 'w').write('ran')"))}


def _judge(folder: Path, path: Path = DEAL) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "referee", "judge", str(path)], capture_output=True, text=True,
                          env={**os.environ, "REFEREE_CACHE": str(folder)}, check=False, timeout=120)


def _kept(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*/*") if p.is_file() and not p.name.endswith(".tmp"))


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("REFEREE_CACHE", str(folder))
    monkeypatch.setattr(cache, "_SAID", set())
    return folder


def _never(what="the kept game was used"):
    def build():
        pytest.fail(what)
    return build


# -- a planted file runs nothing ---------------------------------------------------------------------------

@pytest.mark.parametrize("call", ["os.system", "builtins.exec"])
def test_a_planted_pickle_runs_nothing_and_the_verdict_stands(tmp_path, call):
    folder, marker = tmp_path / "cache", tmp_path / "marker"
    first = _judge(folder)
    assert first.returncode == 0 and "internal error" not in first.stderr
    (kept,) = _kept(folder)
    payload = _payloads(marker)[call]
    kept.write_bytes(payload)  # under the very name the judge reads
    kept.with_suffix(".pickle").write_bytes(payload)  # and under the name of the pickle cache before it
    again = _judge(folder)
    assert not marker.exists(), "a planted pickle ran"
    assert (again.returncode, again.stdout) == (first.returncode, first.stdout)
    assert "internal error" not in again.stderr
    assert kept.read_bytes().startswith(b'{"format":"referee-game/3"')  # rebuilt and kept again


def test_a_judge_of_a_kept_game_does_not_even_import_pickle(tmp_path):
    folder = tmp_path / "cache"
    _judge(folder)
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "referee", "judge", str(DEAL)],
                          capture_output=True, text=True, env={**os.environ, "REFEREE_CACHE": str(folder)}, check=False)
    loaded = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert "referee.plaindata" in loaded and not loaded & {"pickle", "_pickle", "shelve", "lark"}


def test_the_parser_tables_are_never_read_from_a_pickle(tmp_path, monkeypatch):
    from referee.front import parser, tables
    from referee.notation import grammar_path as deal_grammar
    marker = tmp_path / "marker"
    kept = tmp_path / "_tables"
    kept.mkdir()
    monkeypatch.setattr(tables, "KEPT", kept)
    for grammar in (parser.grammar_path(), deal_grammar()):
        tables.lalr_parser(grammar, keep=True)
        name = tables._name(grammar)
        assert tables._kept(grammar, grammar.read_text(encoding="utf-8")) is not None
        # The pickle Lark wrote, by its old name, and a pickle in the place of the kept tables.
        (kept / f"{grammar.stem}-py{sys.version_info[0]}{sys.version_info[1]}.lark-tables").write_bytes(
            _payloads(marker)["os.system"])
        (kept / name).write_bytes(_payloads(marker)["builtins.exec"])
        assert tables._kept(grammar, grammar.read_text(encoding="utf-8")) is None
        (kept / name).write_bytes(b'{"format":"referee-lark-tables/1"}\n' + _payloads(marker)["os.system"])
        assert tables._kept(grammar, grammar.read_text(encoding="utf-8")) is None
    assert not marker.exists()


@pytest.mark.parametrize("text, problem", [
    ('{"<": ["system", "echo ran"]}', "not a kept kind"),
    ('{"<": ["os.system", "echo ran"]}', "not a kept kind"),
    ('{"<": ["referee.model.cache.os.system", "echo ran"]}', "not a kept kind"),
    ('{"<": ["__import__", "os"]}', "not a kept kind"),
    ('{"<": ["Unreadable", "x"]}', "not a kept kind"),
    ('{"<": [["Card"], "H"]}', "not a kept kind"),
    ('{"<": []}', "not a kept kind"),
    ('{"<": "Card"}', "holds a list"),
    ('{"<": ["Citation", "s.txt", "1", 2]}', "field first of a Citation"),
    ('{"<": ["Citation", "s.txt", true, 2]}', "field first of a Citation"),
    ('{"<": ["Citation", "s.txt", 1]}', "has 3 fields, not 2"),
    ('{"<": ["Cited", {"(": [1, [2]]}, "K1"]}', "field value of a Cited"),
    ('{"<": ["Provenance", {"(": [{"<": ["Source", "a", "b", "c", 1]}]}, null, null, {"(": []}]}',
     "field citations of a Provenance"),
    ('{"<": ["Game"]}', "fields, not 0"),
    ('{"<": ["Side", "sideways"]}', "field value of a Side"),
    ('{"<": ["Side", ["left"]]}', "field value of a Side"),
    ('{"F": [[1]]}', "not kept data"),
    ('{"{": [1]}', "in pairs"),
    ('{"{": [[1], 2]}', "not kept data"),
    ('[NaN]', "NaN is not kept data"),
    ('[1e999999]', "Infinity is not kept data"),
    ("[" * 100_000 + "]" * 100_000, "not kept data"),
    ('{"a": ', "not kept data"),
    ('\udcff', "not kept data"),
])
def test_kept_data_names_only_the_models_records_with_fields_of_their_types(text, problem):
    with pytest.raises(plaindata.Unreadable, match=problem):
        plaindata.loads(text.encode("utf-8", "surrogateescape"), cache._RECORDS)


def test_kept_data_without_records_holds_no_record():
    with pytest.raises(plaindata.Unreadable, match="no records"):
        plaindata.loads(b'{"<": ["Citation", "s.txt", 1, 2]}')


def test_every_shipped_game_is_kept_as_exactly_itself():
    from referee.model.document import shipped_rules_files
    for path in shipped_rules_files():
        game = load_game(path, {})
        data = plaindata.dumps(game, cache._RECORDS)
        assert b"pickle" not in data
        assert plaindata.loads(data, cache._RECORDS) == game
    # Values that are not plain data, or records not in the registry, are not kept.
    for value in ({1, 2}, object(), plaindata.Records({}), [b"bytes"]):
        with pytest.raises(TypeError):
            plaindata.dumps(value, cache._RECORDS)
    # A one-key dict of a tag's name stays a dict.
    for value in ({"(": 1}, {"<": ["Card"]}, {None: (1, frozenset({2}))}, {(1, 2): "x"}):
        assert plaindata.loads(plaindata.dumps(value)) == value


def test_a_kept_game_with_a_field_of_the_wrong_type_is_rebuilt(folder):
    path = cache.shipped_game("kierki")
    built = load_game(path, {})
    cache.kept_game(path, {}, lambda: built)
    (kept,) = _kept(folder)
    head, _, body = kept.read_bytes().partition(b"\n")
    model = json.loads(body)  # the plain JSON, tags and all
    assert model["<"][:2] == ["Game", "kierki"]
    model["<"][2] = 7  # the header is right, the model is not: the game's title, a string, made a number
    kept.write_bytes(head + b"\n" + json.dumps(model).encode())
    calls = []
    assert cache.kept_game(path, {}, lambda: calls.append(1) or built) is built and calls == [1]


# -- a file is bound to what it was built from -------------------------------------------------------------

def test_a_file_swapped_between_two_games_keys_is_refused_and_rebuilt(folder):
    kierki, polish = cache.shipped_game("kierki"), cache.shipped_game("kierki_polish")
    games = {path: load_game(path, {}) for path in (kierki, polish)}
    for path, game in games.items():
        cache.kept_game(path, {}, lambda game=game: game)
    shipped = {json.loads(f.read_bytes().partition(b"\n")[0])["shipped"]: f for f in _kept(folder)}
    files = {kierki: shipped["kierki.rules"], polish: shipped["variants/kierki_polish.rules"]}
    shutil.copyfile(files[polish], files[kierki])  # Polish Kierki under plain Kierki's key
    rebuilt = []
    game = cache.kept_game(kierki, {}, lambda: rebuilt.append(1) or games[kierki])
    assert rebuilt == [1] and game.id == "kierki" and game == games[kierki]
    assert cache.kept_game(kierki, {}, _never("rebuilt again")).id == "kierki"  # kept anew, right this time


def test_a_file_kept_under_other_readings_or_another_version_is_refused(folder):
    path = cache.shipped_game("kierki")
    game = load_game(path, {"heart_lead": "restricted"})
    cache.kept_game(path, {"heart_lead": "restricted"}, lambda: game)
    (kept,) = _kept(folder)
    head, _, body = kept.read_bytes().partition(b"\n")
    for changed in (head.replace(b'"restricted"', b'"free"'), head.replace(b'"version":"', b'"version":"0'),
                    head.replace(b"referee-game/3", b"referee-game/4")):
        assert changed != head
        kept.write_bytes(changed + b"\n" + body)
        calls = []
        cache.kept_game(path, {"heart_lead": "restricted"}, lambda calls=calls: calls.append(1) or game)
        assert calls == [1]


# -- the folder and its links --------------------------------------------------------------------------------

def test_a_cache_folder_others_may_write_in_is_not_used_and_the_user_is_told_once(folder, capsys):
    path = cache.shipped_game("kierki")
    game = load_game(path, {})
    cache.kept_game(path, {}, lambda: game)
    assert len(_kept(folder)) == 1
    for mode in (0o777, 0o775, 0o722):
        folder.chmod(mode)
        calls = []
        for _ in range(2):
            assert cache.kept_game(path, {}, lambda calls=calls: calls.append(1) or game) is game
        assert calls == [1, 1]  # the file kept there is not read
    err = capsys.readouterr().err
    assert err.count("is not used") == 1 and "others may write in it (mode 777)" in err
    folder.chmod(0o700)
    (inside,) = [p for p in folder.iterdir()]
    inside.chmod(0o777)  # the version's folder likewise
    calls = []
    cache.kept_game(path, {}, lambda: calls.append(1) or game)
    assert calls == [1]


def test_a_cache_folder_of_another_user_is_not_used(folder, monkeypatch, capsys):
    path = cache.shipped_game("kierki")
    game = load_game(path, {})
    cache.kept_game(path, {}, lambda: game)
    monkeypatch.setattr(os, "getuid", lambda: os.stat(folder).st_uid + 1)  # as if another user ran it
    calls = []
    cache.kept_game(path, {}, lambda: calls.append(1) or game)
    assert calls == [1] and "belongs to user id" in capsys.readouterr().err


def test_a_world_writable_cache_folder_is_not_used_by_the_command_line(tmp_path):
    folder = tmp_path / "shared"
    folder.mkdir()
    folder.chmod(0o777)
    first, again = _judge(folder), _judge(folder)
    assert first.returncode == again.returncode == 0 and first.stdout == again.stdout
    assert "REFEREE_CACHE" in first.stderr and "others may write in it" in first.stderr
    assert list(folder.iterdir()) == []  # nothing written there either


def test_a_symlinked_cache_entry_is_not_followed(folder, tmp_path):
    path = cache.shipped_game("kierki")
    game = load_game(path, {})
    cache.kept_game(path, {}, lambda: game)
    (kept,) = _kept(folder)
    elsewhere = tmp_path / "elsewhere.json"
    kept.rename(elsewhere)  # a good kept file, reached only through a link
    kept.symlink_to(elsewhere)
    before = elsewhere.read_bytes()
    calls = []
    cache.kept_game(path, {}, lambda: calls.append(1) or game)
    assert calls == [1]  # not read through the link
    assert not kept.is_symlink() and kept.is_file()  # the link itself replaced by the file kept
    assert elsewhere.read_bytes() == before  # and nothing written through it
    assert cache.kept_game(path, {}, _never("rebuilt again")) == game


def test_a_symlinked_version_folder_is_not_followed(folder, tmp_path):
    path = cache.shipped_game("kierki")
    game = load_game(path, {})
    cache.kept_game(path, {}, lambda: game)
    (version,) = folder.iterdir()
    elsewhere = tmp_path / "elsewhere"
    version.rename(elsewhere)
    version.symlink_to(elsewhere, target_is_directory=True)
    calls = []
    cache.kept_game(path, {}, lambda: calls.append(1) or game)
    assert calls == [1]
    assert sorted(p.name for p in elsewhere.iterdir()) == [_kept_name(elsewhere)]  # nothing added there


def _kept_name(folder: Path) -> str:
    (name,) = [p.name for p in folder.iterdir()]
    return name


def test_a_kept_entry_that_is_a_fifo_or_too_big_is_not_read(folder):
    path = cache.shipped_game("kierki")
    game = load_game(path, {})
    cache.kept_game(path, {}, lambda: game)
    (kept,) = _kept(folder)
    kept.unlink()
    os.mkfifo(kept)  # a reader that opened it blocking would hang here
    calls = []
    cache.kept_game(path, {}, lambda: calls.append(1) or game)
    assert calls == [1] and kept.is_file()
    with kept.open("ab") as handle:
        handle.truncate(cache._LIMIT + 1)
    cache.kept_game(path, {}, lambda: calls.append(1) or game)
    assert calls == [1, 1]


def test_the_installed_games_are_read_only_from_a_folder_no_one_else_may_write(tmp_path, monkeypatch):
    installed = tmp_path / "games"
    monkeypatch.setattr(cache, "INSTALLED", installed)
    path = cache.shipped_game("kierki")
    game = load_game(path, {})
    cache._keep(path, {}, lambda: game, installed, True)
    assert cache._keep(path, {}, _never(), installed, False) == game
    installed.chmod(0o777)
    calls = []
    cache._keep(path, {}, lambda: calls.append(1) or game, installed, False)
    assert calls == [1]
    assert json.loads(next(installed.glob("*/*.json")).read_bytes().partition(b"\n")[0])["shipped"] == "kierki.rules"


def test_a_kept_game_names_its_rules_files_wherever_the_rules_folder_now_is(folder, monkeypatch):
    """A wheel's games are kept where it is built and read where it is installed: the paths inside
    the rules folder are kept relative, and read back under the folder of the reading process."""
    path = cache.shipped_game("kierki")
    game = load_game(path, {})
    cache.kept_game(path, {}, lambda: game)
    (kept,) = _kept(folder)
    data = kept.read_bytes()
    assert b'"<rules>/kierki.rules"' in data and str(cache.rules_dir().resolve()).encode() not in data
    moved = Path("/elsewhere/site-packages/referee/_rules")
    version = cache._fingerprint()
    monkeypatch.setattr(cache, "_fingerprint", lambda: version)  # (a wheel's is its build stamp)
    monkeypatch.setattr(cache, "rules_dir", lambda: moved)
    monkeypatch.setattr(cache, "_shipped_name", lambda _path: "kierki.rules")
    again = cache.kept_game(path, {}, _never("read, not built"))
    assert again.path == str(moved / "kierki.rules") and again.clauses.keys() == game.clauses.keys()
    assert again.clauses["K3.1"].position.path == str(moved / "kierki.rules")
