"""The gettext catalogs: complete, current, with correct plural forms, and read by the referee.

The catalogs are translations/<lang>/LC_MESSAGES/referee.po (the referee's messages and the
rules' texts) and book.po (the book's pages); `scripts/extract-messages` updates them.
"""

from __future__ import annotations

import functools
import gettext as stdlib_gettext
from pathlib import Path

import pytest

from referee import catalogs, cli, i18n
from referee.model import load_game
from referee.model.document import game_names
from referee.resources import repo_root

babel = pytest.importorskip("babel.messages.pofile", reason="Babel is in the docs dependency group")

TRANSLATIONS = repo_root() / "translations"
LANGS = ("ru", "pl", "hr")
DOMAINS = ("referee", "book", "sphinx")  # sphinx: the theme's words its own catalogs lack


@functools.cache
def read(lang: str, domain: str):
    path = TRANSLATIONS / lang / "LC_MESSAGES" / f"{domain}.po"
    with path.open("rb") as f:
        return babel.read_po(f, locale=lang, domain=domain)


def entries(lang: str, domain: str):
    return [m for m in read(lang, domain) if m.id]


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_catalog_exists(lang, domain):
    assert (TRANSLATIONS / lang / "LC_MESSAGES" / f"{domain}.po").is_file(), \
        "run scripts/extract-messages to create the catalogs"


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_no_obsolete_entry_repeats_a_live_one(lang, domain):
    # GNU msgfmt refuses a catalog in which an obsolete (#~) entry has a live entry's msgid.
    catalog = read(lang, domain)
    assert not [key for key in catalog.obsolete if key in catalog._messages]


def test_referee_catalogs_are_current():
    """Every message the code and the rules files show is in the template and in each catalog."""
    from referee.catalogs import extract
    wanted = {m.msgid for m in extract()}
    with (TRANSLATIONS / "referee.pot").open("rb") as f:
        template = {m.id if isinstance(m.id, str) else m.id[0] for m in babel.read_po(f) if m.id}
    missing = sorted(wanted - template)
    assert not missing, f"run scripts/extract-messages; not in translations/referee.pot: {missing[:5]}"
    for lang in LANGS:
        have = {m.id if isinstance(m.id, str) else m.id[0] for m in entries(lang, "referee")}
        assert not (wanted - have), f"run scripts/extract-messages; {lang}/referee.po lacks {sorted(wanted - have)[:5]}"


def test_every_clause_statement_is_extracted():
    from referee.catalogs import extract
    msgids = {m.msgid for m in extract()}
    for name in game_names():
        game = load_game(name)
        for clause in game.clauses.values():
            assert clause.statement in msgids, f"{name} {clause.id}"
            for reason in (clause.provenance.tradition, clause.provenance.interpretation):
                assert reason is None or reason in msgids, f"{name} {clause.id}"
        for param in game.parameters.values():
            assert param.question in msgids
            assert all(text in msgids for _value, text in param.choices)
        for contract in game.contracts.values():
            assert contract.title in msgids


def test_plural_messages_are_paired():
    from referee.catalogs import extract
    plurals = {m.msgid: m.plural for m in extract() if m.plural}
    assert plurals["{n} action judged"] == "{n} actions judged"
    assert plurals["{points} for {tricks} trick taken at {each} each"] == \
        "{points} for {tricks} tricks taken at {each} each"


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_header(lang, domain):
    """Three forms in ru, pl and hr, chosen as referee.i18n chooses them."""
    catalog = read(lang, domain)
    assert catalog.num_plurals == 3
    chooser = stdlib_gettext.c2py(catalog.plural_expr)  # the header's C expression, as gettext reads it
    for n in range(0, 250):
        assert chooser(n) == i18n._PLURAL_RULES[lang](n), (lang, n)


@pytest.fixture
def fake_catalog(tmp_path, monkeypatch):
    """Write a `referee` catalog for one language into a temporary translations folder and make
    the referee read it; the catalog cache is cleared before and after."""
    def write(lang: str, text: str) -> None:
        folder = tmp_path / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "referee.po").write_text(text, encoding="utf-8")
        i18n.catalog.cache_clear()

    monkeypatch.setattr(i18n, "translations_dir", lambda: tmp_path)
    yield write
    i18n.catalog.cache_clear()


@pytest.mark.parametrize("lang,forms", [
    ("ru", {1: 0, 2: 1, 4: 1, 5: 2, 11: 2, 12: 2, 14: 2, 21: 0, 22: 1, 25: 2, 111: 2, 101: 0}),
    ("pl", {1: 0, 2: 1, 4: 1, 5: 2, 11: 2, 12: 2, 21: 2, 22: 1, 25: 2, 112: 2, 102: 1}),
    ("hr", {1: 0, 2: 1, 5: 2, 11: 2, 21: 0, 22: 1, 25: 2, 111: 2}),
])
def test_ngettext_picks_the_plural_form(lang, forms, fake_catalog):
    fake_catalog(lang, 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
                       'msgid "{n} action judged"\nmsgid_plural "{n} actions judged"\n'
                       'msgstr[0] "form0 {n}"\nmsgstr[1] "form1 {n}"\nmsgstr[2] "form2 {n}"\n')
    for n, form in forms.items():
        assert i18n.ngettext(lang, "{n} action judged", "{n} actions judged", n) == f"form{form} {{n}}", n


def test_judge_in_russian(capsys):
    """`referee judge --lang ru` runs, and cites the same clauses as in English, by ID and title."""
    status = cli.main(["judge", str(repo_root() / "tests/golden/kierki-revoke.json"), "--lang", "ru"])
    out = capsys.readouterr().out
    assert status == 1
    assert "НАРУШЕНИЕ — сдача 1, действие 4 (игрок 2: ход 4♣): Игрок 2 должен ходить в масть (♦) и не может " \
           "сыграть 4♣. [K3.1 Обязанность ходить в масть (Керки: польское описание, строка 3), K3.6 Недопустимые карты (толкование)]" in out


def test_judge_uses_the_catalog(fake_catalog, capsys):
    """A translated verdict reaches the command line (through a catalog written for the test)."""
    fake_catalog("ru", 'msgid "Seat {seat} must follow suit ({suit}) and may not play {card}."\n'
                       'msgstr "Игрок {seat} должен ходить в масть ({suit}) и не может сыграть {card}."\n\n'
                       'msgid "interpretation"\nmsgstr "толкование"\n')
    status = cli.main(["judge", str(repo_root() / "tests/golden/kierki-revoke.json"), "--lang", "ru"])
    out = capsys.readouterr().out
    assert status == 1
    assert "Игрок 2 должен ходить в масть (♦) и не может сыграть 4♣. [K3.1 Following suit (Kierki: a Polish " \
           "description, line 3), K3.6 Illegal cards (толкование)]" in out


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_catalog_is_complete(lang, domain):
    """No untranslated and no fuzzy entry (the build would silently show English)."""
    untranslated = [m.id for m in entries(lang, domain)
                    if not (all(m.string) if isinstance(m.string, tuple) else m.string)]
    fuzzy = [m.id for m in entries(lang, domain) if m.fuzzy]
    assert not untranslated, f"{len(untranslated)} untranslated in {lang}/{domain}.po, e.g. {untranslated[:3]}"
    assert not fuzzy, f"{len(fuzzy)} fuzzy in {lang}/{domain}.po, e.g. {fuzzy[:3]}"


def test_every_clause_exists_in_every_language():
    """A clause statement translated in one language is translated in all of them."""
    missing = []
    for name in game_names():
        for clause in load_game(name).clauses.values():
            have = {lang for lang in LANGS if i18n.gettext(lang, clause.statement) != clause.statement}
            if have != set(LANGS):
                missing.append(f"{name} {clause.id}: missing in {', '.join(sorted(set(LANGS) - have))}")
    assert not missing, "\n".join(missing[:10])


def test_catalogs_contain_no_addresses():
    """No package-index or other URLs in the committed catalogs."""
    for path in TRANSLATIONS.rglob("*.po*"):
        text = Path(path).read_text(encoding="utf-8")
        assert "://" not in text, path


def test_the_catalogs_command_prints_its_help_and_writes_nothing(monkeypatch, capsys):
    """`python -m referee.catalogs --help` shows the options; it never reaches the update."""

    def update(*args, **kwargs):
        raise AssertionError("--help must not update the catalogs")

    monkeypatch.setattr(catalogs, "update", update)
    with pytest.raises(SystemExit) as stopped:
        catalogs.main(["--help"])
    assert stopped.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: python -m referee.catalogs") and "--check" in out and "--translations" in out


def test_the_catalogs_check_reports_without_writing(monkeypatch, tmp_path, capsys):
    """`--check` lists the catalogs out of date and exits 1, writing nothing; after an update
    it finds them current and exits 0. (One message stands for the extraction, to keep it fast.)"""
    monkeypatch.setattr(catalogs, "extract", lambda: [catalogs.Message("The deal is over.", locations=[("x.py", 0)])])
    args = ["--translations", str(tmp_path)]
    assert catalogs.main([*args, "--check"]) == 1
    assert "out of date: referee.pot, ru/LC_MESSAGES/referee.po" in capsys.readouterr().out
    assert list(tmp_path.iterdir()) == []
    assert catalogs.main(args) == 0
    written = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.po*")}
    assert written == {"referee.pot", *(f"{lang}/LC_MESSAGES/referee.po" for lang in catalogs.TRANSLATED_LANGUAGES)}
    capsys.readouterr()
    assert catalogs.main([*args, "--check"]) == 0
    assert capsys.readouterr().out == "referee catalogs: up to date\n"
