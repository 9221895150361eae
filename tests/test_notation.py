"""The deal notation (`.deal`, referee/notation.py): round trips with JSON transcripts in both
directions, the shipped deal files, and an error for each kind of typo at its line and column."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cli import main
from referee.errors import NotationError, NotationSyntaxError, TranscriptError
from referee.judge import judge, judge_file
from referee.model import load_game
from referee.model.document import game_names, variant_names
from referee.notation import card_code, card_written, read_deal_text, write_deal
from referee.records import read_deal_file
from referee.report import judgement_text
from referee.simulate import random_transcript
from referee.transcript import dump_transcript, load_transcript

GOLDEN = Path(__file__).parent / "golden"
GAMES = [*game_names(), *variant_names()]


def _played(name: str, seed: int, whole: bool, players: int | None = None) -> dict:
    return random_transcript(load_game(name), seed, whole_match=whole, max_deals=6, players=players)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), whole=st.booleans(), data=st.data())
def test_transcript_to_notation_and_back(name, seed, whole, data):
    players = data.draw(st.sampled_from(sorted(load_game(name).table.players.value)))  # every table size
    data = _played(name, seed, whole, players)
    text = write_deal(data)
    assert read_deal_text(text, "played.deal") == data, text


def _retyped(text: str, draw) -> str:
    """The same deal as a person might type it: ASCII cards, T for 10, seats left out where the
    turn says who acts, comments and blank lines, several lines of actions joined into one."""
    lines = text.splitlines()
    out = []
    for line in lines:
        if draw(st.booleans()):
            line = line.translate(str.maketrans("♣♦♥♠", "CDHS"))
        if draw(st.booleans()):
            line = re.sub(r"\b10(?=[CDHS♣♦♥♠])", "T", line)
        if re.match(r"\d+: ", line) and draw(st.booleans()):
            line = line.split(": ", 1)[1]  # random play is legal: every seat is the one to act
        if draw(st.booleans()):
            line += "   # a comment"
        out.append(line)
        if draw(st.integers(0, 5)) == 0:
            out.append("")
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_typed_notation_to_transcript_and_back(name, seed, data):
    transcript = _played(name, seed, False)
    canonical = write_deal(transcript)
    typed = _retyped(canonical, data.draw)
    read = read_deal_text(typed, "typed.deal")
    assert read == transcript, typed
    assert write_deal(read) == canonical


@pytest.mark.parametrize("code", ["4C", "10H", "QS", "AD", "7S"])
def test_card_codes_round_trip(code):
    assert card_code(card_written(code)) == code
    assert card_code(code) == code
    assert card_code(code.replace("10", "T")) == code


# ---------------------------------------------------------------------------------------------
# The shipped deal files

SHIPPED = sorted(GOLDEN.glob("*.deal"))


def test_deal_files_are_shipped_for_each_game():
    games = {read_deal_file(path)["game"] for path in SHIPPED}
    assert {"kierki", "preferans", "bouillotte"} <= games


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_deal_is_judged_as_its_transcript(path):
    data = read_deal_file(path)
    assert write_deal(data) == path.read_text(encoding="utf-8")  # the files are as the writer writes them
    twin = path.with_suffix(".json")
    if twin.exists():
        assert data == load_transcript(twin)
        assert judgement_text(judge_file(path)) == judgement_text(judge_file(twin))
    assert judgement_text(judge_file(path)) == judgement_text(judge(data))


def test_revoke_typed_in_the_notation_is_judged_illegal():
    judgement = judge_file(GOLDEN / "kierki-revoke.deal")
    assert not judgement.legal and judgement.where == "deals[0].actions[3]"
    assert judgement.illegal.clauses == ("K3.1", "K3.6")


# ---------------------------------------------------------------------------------------------
# Typos: each reported at its line and column, with what is wrong and a hint

KIERKI = """\
game kierki
seats "Ann" "Bob" "Cid" "Dan"
first dealer 3

deal 1 dealer 3
hand 1: 3C AC JD QD 4H 6H 7H TH QH 8S 9S TS QS
hand 2: 4♣ 5♣ J♣ 2♦ 6♦ 9♦ 10♦ 2♥ 9♥ K♥ 3♠ 6♠ 7♠
hand 3: 2♣ 8♣ 9♣ 10♣ K♣ 5♦ A♦ 3♥ 5♥ J♥ 4♠ J♠ A♠
hand 4: 6♣ 7♣ Q♣ 3♦ 4♦ 7♦ 8♦ K♦ 8♥ A♥ 2♠ 5♠ K♠
choose no_tricks
4♦ Q♦ 10♦ A♦      # seat 3 wins the trick
3♥ 8♥ 6♥ 4♣       # seat 2 does not follow suit
"""


def test_typed_kierki_deal_reads_with_seats_from_the_turn():
    data = read_deal_text(KIERKI, "k.deal")
    assert data["seats"] == ["Ann", "Bob", "Cid", "Dan"] and data["first_dealer"] == 2
    assert data["deals"][0]["hands"]["0"][7] == "10H"
    assert [a["seat"] for a in data["deals"][0]["actions"]] == [3, 3, 0, 1, 2, 2, 3, 0, 1]
    judgement = judge(data)
    assert judgement.where == "deals[0].actions[8]" and judgement.illegal.clauses == ("K3.1", "K3.6")


@pytest.mark.parametrize("change, where, words", [
    (("QS\n", "1S\n"), (6, 45), ["1S is not a card of this game's pack", "ranks 2 3 4 5 6 7 8 9 10 J Q K A"]),
    (("hand 2: 4♣ ", "hand 2: "), (7, 1), ["seat 2 is dealt 12 cards, not 13", "every player is dealt 13"]),
    (("3♥ 8♥ 6♥ 4♣", "3♥ 8♥ 4♦ 2♥"), (12, 7), ["4♦ is played a second time (first at line 11)"]),
    (("\n3♥ 8♥", "\n2: 3♥ 8♥"), (12, 1), ["3♥ is written for seat 2, but it is seat 3's turn", "`2!:`"]),
    (("hand 4:", "hand 5:"), (9, 6), ["there is no seat 5 at a table of 4"]),
    (("deal 1", "deal 2"), (5, 6), ["this is deal 1, not 2"]),
    (("hand 1: 3C", "hand 3: 3C"), (8, 1), ["seat 3 is dealt a second hand"]),
    (("game kierki\n", ""), (1, 1), ["the deal names no game", "game NAME"]),
    (("game kierki", "game kierky"), (1, 1), ["unknown game 'kierky'"]),
])
def test_each_typo_is_named_at_its_place(change, where, words):
    text = KIERKI.replace(*change)
    with pytest.raises(NotationError) as caught:
        read_deal_text(text, "k.deal")
    message = str(caught.value)
    assert message.startswith(f"k.deal:{where[0]}:{where[1]}: "), message
    assert "^" in message  # the caret excerpt
    for word in words:
        assert word in message, message


@pytest.mark.parametrize("change, where, words", [
    (("4♦ Q♦", "4♦ Q♦ pas"), (11, 7), ["unexpected name 'pas'", "did you mean 'pass'?"]),
    (('"Dan"', '"Dan'), (2, 25), ["unexpected character", "quoted text is not closed"]),
    (("hand 1:", "hand 1"), (6, 6), ["expected: a seat and a colon (such as 3:)", "hint: a seat is written with a colon: 1:"]),
    (("choose no_tricks", "choose"), (10, 7), ["the line ends too early", "a lower-case name"]),
])
def test_syntax_errors_say_what_was_expected(change, where, words):
    with pytest.raises(NotationSyntaxError) as caught:
        read_deal_text(KIERKI.replace(*change), "k.deal")
    message = str(caught.value)
    assert message.startswith(f"k.deal:{where[0]}:{where[1]}: syntax error: "), message
    for word in words:
        assert word in message, message


def test_an_action_marked_out_of_turn_is_left_to_the_judge():
    data = read_deal_text(KIERKI.replace("\n3♥ 8♥", "\n2!: 3♥ 8♥"), "k.deal")
    judgement = judge(data)
    assert judgement.where == "deals[0].actions[5]" and "out of turn" in judgement.illegal.describe(judgement.game)
    assert "2!: 3♥" in write_deal(data)


def test_notation_errors_are_translated():
    with pytest.raises(NotationError) as caught:
        read_deal_text(KIERKI.replace("hand 2: 4♣ ", "hand 2: "), "k.deal")
    for lang in ("ru", "pl", "hr"):
        shown = caught.value.render(lang)
        assert shown.startswith("k.deal:7:1: ") and "is dealt" not in shown and "13" in shown, shown


def test_a_transcript_the_notation_cannot_hold_is_refused_by_name():
    data = json.loads(dump_transcript(_played("kierki", 1, False)))
    data["deals"][0]["actions"][1]["action"] = "play XYZ"
    with pytest.raises(TranscriptError, match="cannot be written in the deal notation"):
        write_deal(data)


# ---------------------------------------------------------------------------------------------
# The command line

def test_play_writes_the_notation_by_extension_and_convert_goes_both_ways(tmp_path, capsys):
    deal, json_file, back = tmp_path / "p.deal", tmp_path / "p.json", tmp_path / "back.deal"
    assert main(["play", "preferans", "--seed", "3", "-o", str(deal)]) == 0
    assert deal.read_text(encoding="utf-8").startswith("# Preferans")
    assert main(["convert", str(deal), str(json_file)]) == 0
    assert json.loads(json_file.read_text(encoding="utf-8"))["format"] == "referee-transcript/1"
    assert main(["convert", str(json_file), str(back)]) == 0
    assert back.read_text(encoding="utf-8") == deal.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["judge", str(deal)]) == 0
    assert "Every action is legal." in capsys.readouterr().out


def test_judge_of_a_bad_deal_file_exits_2_in_the_readers_language(tmp_path, capsys):
    bad = tmp_path / "bad.deal"
    bad.write_text(KIERKI.replace("QS\n", "1S\n"), encoding="utf-8")
    assert main(["judge", str(bad), "--lang", "pl"]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:6:45: " in err and "1S" in err and "Traceback" not in err


def test_readme_example_is_what_the_referee_says(tmp_path, capsys, monkeypatch):
    """The README's Kierki example, and both answers it shows, come from the current referee."""
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Deals written by hand"):readme.index("## Untrusted input")]
    typed = section.split("```text\n", 1)[1].split("```", 1)[0]
    shown = [block.split("```", 1)[0] for block in section.split("```console\n$ referee judge deal.deal\n")[1:]]
    for text, expected, status in ((typed, shown[0], 1),
                                   (typed.replace("\n3♥ 8♥ 6♥ 4♣", "\n2: 3♥ 8♥ 6♥ 4♣"), shown[1], 2)):
        (tmp_path / "deal.deal").write_text(text, encoding="utf-8")
        capsys.readouterr()
        monkeypatch.chdir(tmp_path)
        assert main(["judge", "deal.deal"]) == status
        out = capsys.readouterr()
        assert out.out + out.err == expected


_NAMES = st.text(st.characters(codec="utf-8"), max_size=12)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), names=st.lists(_NAMES, min_size=4, max_size=4),
       heart_lead=st.sampled_from(["restricted", "free"]), robber_queens=st.sampled_from(["as_listed", "flat"]))
def test_tags_round_trip_names_and_parameters(seed, names, heart_lead, robber_queens):
    params = {"heart_lead": heart_lead, "robber_queens": robber_queens}
    data = random_transcript(load_game("kierki", params), seed, parameters=params)
    data["seats"] = names
    text = write_deal(data)
    assert read_deal_text(text, "named.deal") == data, text


def test_a_variant_beside_the_deal_file_is_named_and_found(tmp_path, capsys):
    variant = Path(__file__).parent / "fixtures" / "variants" / "kierki_heart_lead.rules"
    (tmp_path / variant.name).write_bytes(variant.read_bytes())
    deal = tmp_path / "v.deal"
    assert main(["play", str(tmp_path / variant.name), "--seed", "2", "-o", str(deal)]) == 0
    assert f'rules "{variant.name}"' in deal.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["judge", str(deal)]) == 0
    assert "Every action is legal." in capsys.readouterr().out


def test_a_cancelled_deal_round_trips_and_is_judged_the_same():
    data = read_deal_file(GOLDEN / "bouillotte-seed4.deal")
    data["deals"][0]["irregularity"], data["deals"][0]["actions"] = "one_exposed_card", []
    text = write_deal(data)
    assert "irregularity one_exposed_card" in text
    back = read_deal_text(text, "cancelled.deal")
    assert back == data and judgement_text(judge(back)) == judgement_text(judge(data))


def _generated_deals():
    """Deal files generated from grammar/deal.lark by hypothesis' `from_lark`; each terminal has a
    space on either side, which the notation ignores, so that words do not run together."""
    import lark
    from hypothesis.extra.lark import from_lark

    from referee.notation import grammar_path

    def words(*texts):
        return st.sampled_from([f" {t} " for t in texts])
    explicit = {"CARD": words("4♦", "Q♠", "10♥", "TH", "AC", "1S", "Z♣", "7♣", "9D"), "SUIT": words("♥", "H"),
                "RANK": words("7", "10", "Q"), "SEAT": words("1:", "2:", "3:", "4:", "0:", "9:"),
                "OUT_OF_TURN": words("2!:", "3!:"), "INT": words("0", "1", "2", "3", "13", "99999"),
                "NAME": words("kierki", "preferans", "bouillotte", "no_tricks", "heart_lead", "restricted", "igra"),
                "STRING": words('"Ann"', '"x.rules"', '""'), "COMMENT": st.just("# a comment")}
    return from_lark(lark.Lark(grammar_path().read_text(encoding="utf-8"), parser="lalr"), explicit=explicit)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=_generated_deals())
def test_deals_generated_from_the_grammar_read_or_get_our_error(text):
    try:
        data = read_deal_text(text, "generated.deal")
    except TranscriptError as err:  # NotationError included: placed, with a clear message
        assert "Traceback" not in str(err) and str(err).strip()
    else:
        assert data["format"] == "referee-transcript/1" and read_deal_text(write_deal(data), "again.deal") == data
