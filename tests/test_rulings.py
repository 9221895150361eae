"""The casebook: every ruling in rulings/ replays as it says, and a bad ruling file is refused
with file:line:col."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from referee.cli import main
from referee.rulings import RulingFileError, find_ruling, load_ruling, load_rulings, render, replay, rulings_dir

RULINGS = load_rulings()
CASES = [(r, i) for r in RULINGS for i in range(len(r.cases))]


@pytest.mark.parametrize("ruling,index", CASES,
                         ids=[f"{r.number:03d}-{r.slug}-{i}-{r.cases[i].params_text() or 'defaults'}" for r, i in CASES])
def test_every_case_of_every_ruling_holds(ruling, index):
    result = replay(ruling, ruling.cases[index])
    assert result.holds, f"{ruling.path.name}, case {index + 1}: {'; '.join(result.differences)}"


def test_the_casebook_covers_every_interpretation_note_and_parameter_of_the_games():
    from referee.model import load_game
    cited = {(r.game, c) for r in RULINGS for c in r.clauses}
    missing = []
    for game in ("kierki", "preferans", "bouillotte"):
        for clause in load_game(game).clauses.values():
            if clause.provenance.interpretation or clause.parameters:
                if (game, clause.id) not in cited:
                    missing.append(f"{game}:{clause.id}")
    assert not missing, missing


def test_a_ruling_is_rendered_in_every_language_with_its_clauses_and_cases():
    ruling = find_ruling("3")
    replays = [replay(ruling, c) for c in ruling.cases]
    text = render(ruling, replays, "en", verbose=True)
    assert text.startswith("Ruling 3: May a player lead a heart")
    assert "K3.5 (interpretation)" in text and text.count("— holds") == 2
    assert "    | Every action is legal." in text
    polish = render(ruling, replays, "pl")
    assert "K3.5 (interpretacja)" in polish and "May a player lead" not in polish


def test_referee_ruling_exit_statuses(capsys):
    assert main(["ruling", "3"]) == 0
    assert "holds" in capsys.readouterr().out
    assert main(["ruling", "--list"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert len(listed) == len(RULINGS) and listed[0].strip().startswith("1 ")
    assert main(["ruling", "999"]) == 2
    assert "there is no ruling 999" in capsys.readouterr().err
    assert main(["ruling", "x1"]) == 2
    assert "by its number" in capsys.readouterr().err
    assert main(["ruling"]) == 2


def _copy(tmp_path: Path, number: int = 3) -> Path:
    ruling = find_ruling(str(number))
    for path in rulings_dir().glob(f"{number:03d}-*"):
        shutil.copy(path, tmp_path / path.name)
    return tmp_path / ruling.path.name


def test_a_ruling_that_no_longer_holds_exits_1(tmp_path, capsys, monkeypatch):
    path = _copy(tmp_path)
    path.write_text(path.read_text().replace('verdict = "illegal"', 'verdict = "legal"'))
    monkeypatch.setattr("referee.rulings.rulings_dir", lambda: tmp_path)
    assert main(["ruling", "3"]) == 1
    out = capsys.readouterr().out
    assert "DOES NOT HOLD" in out and "verdict illegal" in out


@pytest.mark.parametrize("change,where,problem", [
    (('title = "May', 'title = May'), ":1:9:", "not valid TOML"),
    (('game = "kierki"', 'game = "whist"'), ":2:1:", "'whist' is not a shipped game"),
    (('clauses = ["K3.5"]', 'clauses = ["K9.9"]'), ":3:1:", "has no clause K9.9"),
    (('clauses = ["K3.5"]', 'clauses = "K3.5"'), ":3:1:", "must be a list of clause IDs"),
    (('verdict = "legal"', 'verdict = "fine"'), ":15:1:", "'fine' is not one of legal"),
    (('params = {}', 'params = {heart_lead = "sometimes"}'), ":14:1:", "params:"),
    (('params = {}', 'params = {colour = "red"}'), ":14:1:", "params:"),
    (('transcript = "003-heart-lead.json"', 'transcript = "../003-heart-lead.json"'), ":13:1:", "plain name"),
    (('transcript = "003-heart-lead.json"', 'transcript = "003-missing.json"'), ":13:1:", "there is no transcript"),
    (('cites = ["K5.5"]', 'cites = ["K5.5", "Q1"]'), ":16:1:", "has no clause Q1"),
    (('totals = {"0"', 'totals = {"zero"'), ":17:1:", "totals must be"),
    (('totals = {"0"', 'account = "bule"\ntotals = {"0"'), ":17:1:", "account must name one of the game's accounts: points"),
    (('[[cases]]', '[[casez]]'), ":1:1:", "no key 'casez'"),
    (('where = "deals', 'whence = "deals'), ":24:1:", "a case has no key 'whence'"),
])
def test_a_bad_ruling_file_is_refused_with_its_place(tmp_path, change, where, problem):
    path = _copy(tmp_path)
    text = path.read_text()
    assert change[0] in text
    path.write_text(text.replace(change[0], change[1], 1))
    with pytest.raises(RulingFileError) as caught:
        load_ruling(path)
    message = caught.value.render()
    assert message.startswith(str(path) + where) and problem in message, message


def test_a_ruling_file_must_be_named_and_numbered(tmp_path):
    path = _copy(tmp_path)
    renamed = path.rename(tmp_path / "3-heart-lead.toml")
    with pytest.raises(RulingFileError, match="not named NNN-slug.toml"):
        load_ruling(renamed)
    (tmp_path / "x.toml").write_bytes(b"title = \"\xff\"\n")
    with pytest.raises(RulingFileError, match="not named"):
        load_ruling(tmp_path / "x.toml")
    (tmp_path / "004-bad.toml").write_bytes(b"title = \"\xff\"\n")
    with pytest.raises(RulingFileError, match="not UTF-8"):
        load_ruling(tmp_path / "004-bad.toml")


def test_two_rulings_with_one_number_are_refused(tmp_path):
    path = _copy(tmp_path)
    shutil.copy(path, tmp_path / "003-again.toml")
    with pytest.raises(RulingFileError, match="ruling 3 is also"):
        load_rulings(tmp_path)


@pytest.mark.parametrize("lang", ("en", "ru", "pl", "hr"))
def test_the_built_casebook_shows_every_ruling_linked_both_ways(lang):
    """Each game's casebook page has an anchor for each of its rulings, filed under the section of
    its first clause, linking its clauses (with their titles) to the rules pages; the casebook's
    index lists every ruling by number and title; each rules page links every ruling that rests
    on one of its clauses back to its anchor."""
    import html
    import re

    from referee.i18n import gettext
    from referee.model import load_game
    from referee.resources import repo_root
    site = repo_root() / "book" / "_build" / "html" / lang
    if not (site / "rulings.html").is_file():
        pytest.skip("the book is not built (bash scripts/book)")

    def words(text: str) -> str:  # Sphinx may turn straight quotes into typographic ones
        return re.sub(r"[^\w ]", "", html.unescape(text))

    index = words((site / "rulings.html").read_text(encoding="utf-8"))
    for ruling in RULINGS:
        page = (site / "rulings" / f"{ruling.game}.html").read_text(encoding="utf-8")
        start = page.index(f'id="{ruling.anchor}"')
        section = re.findall(r'<section class="rules-section" id="([^"]+)"', page[:start])
        assert section and section[-1] == ruling.clauses[0].split(".")[0], ruling.number
        box = page[start:page.find('class="rules-casebook-ruling', start + 1)]
        assert words(gettext(lang, ruling.title)) in words(box)
        assert words(gettext(lang, ruling.title)) in index
        game = load_game(ruling.game)
        for cid in ruling.clauses:
            assert re.search(rf'href="[^"]*#{re.escape(cid)}"', box), (ruling.number, cid)
            if game.clauses[cid].title:
                assert words(gettext(lang, game.clauses[cid].title)) in words(box), (ruling.number, cid)
        from referee.links import book_page
        rules_page = site / f"{book_page(game)}.html"  # a variant's rulings rest on its own page
        assert f'rulings/{ruling.game}.html#{ruling.anchor}"' in rules_page.read_text(encoding="utf-8")


def test_a_case_reads_the_totals_of_the_account_it_names(tmp_path, monkeypatch, capsys):
    """Ruling 21 checks the bule (not the main account) under two starting numbers; a wrong
    figure there makes the case fail and says which seat."""
    assert main(["ruling", "21"]) == 0
    assert "Totals: bule: 36 50 50 — holds" in capsys.readouterr().out.replace("\n  ", " ")
    path = _copy(tmp_path, 21)
    path.write_text(path.read_text().replace('totals = {"0" = 36', 'totals = {"0" = 37'))
    monkeypatch.setattr("referee.rulings.rulings_dir", lambda: tmp_path)
    assert main(["ruling", "21"]) == 1
    assert "seat 0 ends at 36, not 37" in capsys.readouterr().out
