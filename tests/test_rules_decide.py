"""The rules decide: every statement of a shipped rules file drives the referee.

The deletion sweep deletes one statement at a time (blanking its text, so every position stays
where it was) and requires that either the file no longer loads, with a clean definition error,
or seeded play and its judged verdicts change. A statement whose deletion changes nothing
observable in random play is listed in `tests/inert-statements.txt` with the reason and the
scenario test that shows what it does; the list is short and every entry is checked.

The same mutants are the fuzz corpus for the promise "a file that `check` accepts plays": each
accepted mutant is played for a few deals and must finish without a traceback or a hang.
"""

from __future__ import annotations

import json
from pathlib import Path

import lark
import pytest

from referee.errors import RefereeError, RulesDefinitionError
from referee.front.parser import parse_text
from referee.judge import judge
from referee.model import load_game
from referee.model.document import find_game, game_names, variant_names
from referee.report import judgement_text
from referee.simulate import random_transcript
from referee.transcript import dump_transcript

pytestmark = pytest.mark.slow  # the sweep: every statement blanked in turn

HERE = Path(__file__).parent
ALLOWLIST = HERE / "inert-statements.txt"
# Seeds and table sizes played for each mutant: enough to reach every contract and phase often.
RUNS = {"kierki": [(1, None), (2, None)], "preferans": [(1, None), (2, None), (3, None)],
        "bouillotte": [(1, None), (2, 5), (3, 3)], "black_lady": [(3, None), (10, None)],  # seed 3: a club void on the first trick; 10: a moon
        "kierki_polish": [(1, None), (2, None)], "preferans_serbian": [(1, None)], "preferans_four": [(1, None)],
        "bouillotte_mistigri": [(1, None), (4, 5), (3, 3)],  # seed 4 with 5 players: a mistigri wins
        "bouillotte_sans_brelan": [(1, None), (2, 5)], "barbu": [(1, None), (2, None)],
        "hearts_three": [(1, None), (2, None)], "hearts_five": [(1, None), (2, None)],
        "omnibus_hearts": [(3, None), (10, None)], "spot_hearts": [(3, None), (10, None)],  # as black_lady
        "black_maria": [(1, None), (2, 4)],  # three at the table, and four
        "preferans_sochi": [(1, None), (2, None), (3, None)], "preferans_leningrad": [(1, None), (2, None)],
        "preferans_rostov": [(1, None)]}
DEALS = 24
# Recorded matches (tests/fixtures/) judged under each mutant besides the seeded sessions, for
# contracts random play never reaches: random Sochi bidders climb to ten in almost every deal, and
# this match bids each step of the ladder in turn, misère with it (see RECORDED in
# test_argument_sweep.py for how it was played); the others are one deal each in which a defender
# passes against misère and a declarer who won with six spades names misère, which the rules refuse.
RECORDED = {"preferans_sochi": ["preferans_sochi-every-bid.json", "preferans_sochi-pass-against-misere.json",
                               "preferans_sochi-misere-after-a-number.json", "preferans_sochi-overtricks.json"],
            # The same match under Leningrad's and Rostov's rules (the score sheets theirs): its
            # whists, misère and raspasy are what their own clauses write.
            "preferans_leningrad": ["preferans_leningrad-every-bid.json"],
            "preferans_rostov": ["preferans_rostov-every-bid.json"],
            # A recorded claim and a concession (rulings 101 and 104): seeded play never claims.
            "preferans": ["preferans-claim.json"], "kierki": ["kierki-concession.json"]}

# Readings off by default: their `if` branches are not taken under the defaults, so the sweep above
# never reaches their statements. Each game here is swept again under each of these readings (one
# at a time: the talon's lead would refuse the recorded raspasy the other two are shown by), those
# statements only, seeded play and the recorded matches judged under the same reading.
READINGS = [("preferans_sochi", {"raspasy_talon": "on"}), ("preferans_sochi", {"raspasy_progression": "arithmetic"}),
            ("preferans_sochi", {"raspasy_progression": "doubling"}), ("preferans_sochi", {"raspasy_exit": "seven"})]
# Seeded Sochi bidders seldom all pass, and never twice in a row: the casebook's matches that do
# (rulings 125-127: a raspasy refused and one played from the talon, three in a row, the exit) are
# judged under the readings too.
READING_RECORDED = {"preferans_sochi": ["125-raspasy-talon-leads.json", "125-raspasy-talon-played.json",
                                        "126-raspasy-in-a-row.json", "127-raspasy-exit.json"]}

# Containers whose own text is not a statement; their inner statements are swept one by one.
_CONTAINERS = {"guard", "then_block", "else_block", "scoped", "body"}
# Declarations a parameter's branches or checks refer to: deleting them is a different question
# (tests/test_parameters.py covers every reading); a `check` restates a number and acts at load.
_NOT_SWEPT = {"parameter", "number_parameter", "check"}


def statements(text: str, settings: dict) -> list[tuple[int, int, str]]:
    """(start, end, kind) of every statement inside clause bodies, including those of the `if`
    branches taken under `settings` (the branches not taken change nothing, by design)."""
    tree = parse_text(text, "<sweep>")
    found = []

    def walk(node):
        for child in node.children:
            if not isinstance(child, lark.Tree):
                continue
            if child.data == "guard":
                name, value, then, *other = child.children
                taken = str(settings[str(name)]) == str(value.children[0].children[0]
                                                         if isinstance(value.children[0], lark.Tree)
                                                         else value.children[0])
                branch = then if taken else (other[0] if other else None)
                if branch is not None:
                    walk(branch)
            elif child.data in _CONTAINERS:
                walk(child)
            elif child.data not in _NOT_SWEPT:
                found.append((child.meta.start_pos, child.meta.end_pos, str(child.data)))

    for item in tree.children:
        if isinstance(item, lark.Tree) and item.data == "replace_clause":  # a variant's own clause
            item = item.children[0]
        if isinstance(item, lark.Tree) and item.data == "clause":
            walk(item.children[-1])
    return found


def outcome(path: Path, name: str, readings: dict[str, str] | None = None) -> str:
    """What seeded sessions of the rules file at `path` show: the transcripts and the verdicts
    (under `readings`, when given)."""
    game = load_game(path, settings=readings or {})
    shown = []
    for seed, players in RUNS[name]:
        data = random_transcript(game, seed, whole_match=True, max_deals=DEALS, players=players,
                                 parameters=readings, game_ref={"rules": path.name})
        shown.append(dump_transcript(data) + judgement_text(judge(data, base=path.parent)))
    files = [HERE / "fixtures" / file for file in RECORDED.get(name, ())]
    files += [HERE.parent / "rulings" / file for file in READING_RECORDED.get(name, ()) if readings]
    for file in files:
        data = json.loads(file.read_text(encoding="utf-8"))
        data.pop("game", None)
        try:
            shown.append(judgement_text(judge({"rules": path.name, **data}, base=path.parent, settings=readings)))
        except RefereeError as err:  # the mutant cannot read the recorded match: that is what it shows
            shown.append(f"{type(err).__name__}: {err}")
    return "\n".join(shown)


def allowlist() -> dict[tuple[str, str], tuple[str, str]]:
    """(game, statement as written on one line) -> (reason, scenario test)."""
    out = {}
    for line in ALLOWLIST.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        game, statement, reason, test = (part.strip() for part in line.split(" | "))
        out[(game, statement)] = (reason, test)
    return out


def sweep(name: str, tmp_path: Path, readings: dict[str, str] | None = None) -> tuple[list[str], list[str]]:
    """(inert statements, statements whose deletion broke play) of one shipped game; with
    `readings`, only the statements those readings bring in, played under them."""
    source = find_game(name)  # a shipped game, or a shipped variant (only its own statements are swept)
    text = source.read_text(encoding="utf-8")
    base = outcome(source, name, readings)
    inert, broken = [], []
    defaults = load_game(source).settings
    swept = statements(text, defaults)
    if readings:
        swept = [s for s in statements(text, {**defaults, **readings}) if s not in swept]
        assert swept, f"{name}: the readings {readings} bring in no statement"
    for start, end, _kind in swept:
        written = " ".join(text[start:end].split())
        mutant = text[:start] + "".join(c if c == "\n" else " " for c in text[start:end]) + text[end:]
        path = tmp_path / f"{name}.rules"
        path.write_text(mutant, encoding="utf-8")
        try:
            got = outcome(path, name, readings)
        except RulesDefinitionError:
            continue  # refused at load with a definition error: the statement was needed
        except RefereeError as err:  # a clean error, but from play: check accepted what play refuses
            broken.append(f"{written}: {type(err).__name__}: {err}")
            continue
        if got == base:
            inert.append(written)
    return inert, broken


@pytest.mark.parametrize("name", game_names() + variant_names())
def test_every_statement_drives_the_referee(name, tmp_path):
    inert, broken = sweep(name, tmp_path)
    assert not broken, f"{name}: accepted at load, then play failed: {broken}"
    listed = {statement for game, statement in allowlist() if game == name}
    unexplained = [s for s in inert if s not in listed]
    assert not unexplained, (f"{name}: deleting these changes nothing; make them drive the referee "
                             f"or list them in {ALLOWLIST.name}: {unexplained}")
    stale = sorted(listed - set(inert))
    assert not stale, f"{name}: no longer inert, remove from {ALLOWLIST.name}: {stale}"


@pytest.mark.parametrize("name, readings", READINGS, ids=[f"{n}-{'-'.join(r.values())}" for n, r in READINGS])
def test_every_statement_of_a_reading_drives_the_referee(name, readings, tmp_path):
    inert, broken = sweep(name, tmp_path, readings)
    assert not broken, f"{name}: accepted at load, then play failed: {broken}"
    assert not inert, f"{name} under {readings}: deleting these changes nothing: {inert}"


def test_every_allowlisted_statement_names_its_scenario():
    entries = allowlist()
    assert len(entries) <= 12, "the allowlist is for exceptions; make the statements drive play"
    for (game, statement), (reason, test) in entries.items():
        assert reason, f"{game}: {statement}: say why deleting it changes nothing in random play"
        module, function = test.split("::")
        assert f"def {function}(" in (HERE / module).read_text(encoding="utf-8"), test
