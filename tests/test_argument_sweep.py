"""The rules decide, argument by argument: every argument of a shipped statement drives the referee.

The deletion sweep (tests/test_rules_decide.py) blanks whole statements; this one changes each
argument of each statement it walks (the same statements: rules/*.rules and rules/variants/*.rules
under their default readings) to another valid value of its kind, and requires that the mutant is
refused when it loads, at file:line:col, or that what the referee shows changes. That catches an
argument `check` accepts and play ignores, such as the account of `score 5 per trick to tricks`.

The arguments are found in the parse tree and replaced by character offsets, so every position
but those on the changed line stays put: a number (n+1, else n-1; a signed number by its size), a
card (a neighbouring rank of its suit, else its rank in another suit), a rank, a suit, a declared
name that a statement uses (an account, contract, hand, deck or number parameter; not where it is
declared), a word of a closed set of the grammar (`highest`/`lowest`, a seat, a direction, `plus`/
`minus`, `talon shown`/`talon hidden`, ...) and an optional part written in keywords only, left
out (`unless trumped`, `per opponent`, `, also on cancelled deal`). Not swept: clause IDs, texts and
provenance, quoted texts, the deck and suit-name definitions, `check` statements, parameter
declarations, the `if` branches not taken, and the statements of tests/inert-statements.txt
(random play never reaches them; their scenario tests stand for their arguments too).

What a mutant shows, compared with the shipped file: the deletion sweep's seeded sessions (its
RUNS and DEALS) and the judge's verdicts on them, a few more sessions for events those seldom reach
(MORE_RUNS), the verdicts under the mutant on the shipped file's sessions and on recorded matches
(RECORDED), and the verdicts on the casebook's cases on the statement's clause.

One mutation is played per argument: the first candidate that loads. A candidate refused at load
(a duplicate, a card outside the pack, a number a `check` restates) counts only when every
candidate is refused. A played mutant that shows nothing new is tried with the next candidates
(up to TRIES: a seat can be a synonym in a game, as the chooser is the eldest in Kierki); only when
none of them shows anything is the argument inert. An inert mutation, or one that loads and then
fails in play, is listed in tests/inert-arguments.txt with the reason and the scenario test that
shows the argument matters ("BUG: ..." for a bug left to fix, whose test is a strict xfail in
tests/test_argument_findings.py); the list is short and every entry is checked.
"""

from __future__ import annotations

import functools
import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import lark
import pytest

from referee.errors import RefereeError, RulesError, RulesSyntaxError, TranscriptError, UsageError
from referee.front.parser import get_parser, parse_text
from referee.judge import judge
from referee.model import load_game
from referee.model.document import find_game, game_names, variant_names
from referee.report import judgement_text
from referee.simulate import random_transcript
from referee.transcript import dump_transcript
from tests.test_rules_decide import DEALS, READING_RECORDED, READINGS, RUNS, statements
from tests.test_rules_decide import allowlist as statement_allowlist

pytestmark = pytest.mark.slow  # the sweep: every argument changed in turn

HERE = Path(__file__).parent
ALLOWLIST = HERE / "inert-arguments.txt"
RULINGS = HERE.parent / "rulings"  # the casebook: each ruling's cases are transcripts to judge
POSITION = re.compile(r"^\S[^\n]*?:\d+:\d+: ")  # file:line:col at the start of a rules error
TRIES = 3  # candidates played for one argument before it counts as inert

# Statements that define codes and names rather than use them (their texts are display names).
_DEFINITIONS = {"deck", "suit_names"}
# Statements whose first ID declares a name (the name is not an argument; its uses are).
_DECLARES = {"account": "account", "contract": "contract", "hand_rank": "hand", "deck": "deck",
             "derived_deck": "deck", "number_parameter": "parameter", "blind": None, "bid_special": None}
_KEYWORD_TERMINALS = {"ID", "CODE", "INT", "STRING", "CLAUSE_ID"}


@dataclass(frozen=True)
class Argument:
    """One argument of a statement: the span of text that holds it and what may stand there."""

    kind: str
    start: int
    end: int
    candidates: tuple[str, ...]
    drop_from: int | None = None
    """Where the text goes from when the candidate is "" (an optional part left out, with its comma)."""

    def replace(self, text: str, candidate: str) -> tuple[int, str]:
        """The text with `candidate` in place of the argument, and how much longer it got."""
        start = self.drop_from if candidate == "" and self.drop_from is not None else self.start
        return len(candidate) - (self.end - start), text[:start] + candidate + text[self.end:]


# ---------------------------------------------------------------------------------------------
# The closed sets of the grammar: the rules whose alternatives are keywords only


@functools.cache
def _keyword_sets() -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    """(tree name -> rule it is an alternative of, rule -> its keyword-only alternatives as text).
    An alternative that is one rule of keywords only (`seat: seat_word | ...`) adds its words."""
    parser = get_parser()
    rules: dict[str, list] = {}
    origin_of: dict[str, str] = {}
    for rule in parser.rules:
        rules.setdefault(rule.origin.name, []).append(rule.expansion)
        origin_of[rule.alias or rule.origin.name] = rule.origin.name

    def words(expansion) -> str | None:
        out = []
        for symbol in expansion:
            if not symbol.is_term or symbol.name in _KEYWORD_TERMINALS:
                return None
            pattern = parser.get_terminal(symbol.name).pattern
            if type(pattern).__name__ != "PatternStr":
                return None
            out.append(pattern.value)
        return " ".join(out)

    def alternatives(origin: str) -> list[str]:
        out = []
        for expansion in rules[origin]:
            if len(expansion) == 1 and not expansion[0].is_term:
                inner = rules[expansion[0].name]
                if all(words(e) is not None for e in inner):
                    out.extend(alternatives(expansion[0].name))
                continue
            text = words(expansion)
            if text is not None and text not in out:
                out.append(text)
        return out

    sets = {origin: tuple(alternatives(origin)) for origin in rules}
    return origin_of, {origin: alts for origin, alts in sets.items() if len(alts) > 1}


def _keyword_argument(tree: lark.Tree, parent: lark.Tree | None, text: str) -> Argument | None:
    """The closed-set word(s) `tree` stands for, if it is keywords only: the others as candidates.
    A part of a statement written in keywords only may also be left out (`unless trumped`, `per
    opponent`); where the grammar does not allow that, the mutant does not parse and is not tried."""
    origin_of, sets = _keyword_sets()
    if any(not isinstance(c, lark.Token) or c.type in _KEYWORD_TERMINALS for c in tree.children):
        return None
    start, end = tree.meta.start_pos, tree.meta.end_pos
    written = " ".join(text[start:end].split())
    others: tuple[str, ...] = ()
    # `seat_word` alone in `seat`: the set is the seat's (it adds `player before declarer`)
    outer = [str(parent.data)] if parent is not None and len(parent.children) == 1 else []
    for origin in [origin_of.get(d) for d in [*outer, str(tree.data)]]:
        alternatives = sets.get(origin or "", ())
        if written in alternatives:
            at = alternatives.index(written)
            others = alternatives[at + 1:] + alternatives[:at]
            break
    if parent is None or tree.children:  # a whole statement, or words of a set: switched only
        return Argument("word", start, end, others) if others else None
    before = len(text[:start].rstrip())  # an optional part in a list goes with its comma
    drop_from = before - 1 if text[before - 1:before] == "," else start
    return Argument("word" if others else "flag", start, end, (*others, ""), drop_from)


# ---------------------------------------------------------------------------------------------
# Names, cards, ranks and suits the game declares (the variant's own file and the files it extends)


@dataclass
class Declared:
    names: dict[str, list[str]]  # kind -> names in the order declared
    suits: list[str]
    ranks: list[str]

    def kind_of(self, name: str) -> str | None:
        kinds = [kind for kind, names in self.names.items() if name in names and kind != "parameter"]
        return kinds[0] if len(kinds) == 1 else None


def _chain(path: Path) -> list[lark.Tree]:
    """The parse trees of a rules file and of every file it extends."""
    trees = []
    while True:
        tree = parse_text(path.read_text(encoding="utf-8"), str(path))
        trees.append(tree)
        header = tree.children[0]
        if header.data != "variant_header":
            return trees
        base = header.children[2]  # a shipped game's name, or a quoted path beside the variant
        path = find_game(str(base)) if str(base)[0] != '"' else path.parent / str(base)[1:-1]


def declared(path: Path) -> Declared:
    found = Declared({kind: [] for kind in set(_DECLARES.values()) if kind}, [], [])
    for tree in reversed(_chain(path)):
        for node in tree.iter_subtrees_topdown():
            kind = _DECLARES.get(str(node.data))
            if kind and str(node.children[0]) not in found.names[kind]:
                found.names[kind].append(str(node.children[0]))
            if node.data == "deck":
                for child in node.children:
                    if isinstance(child, lark.Tree) and child.data == "suit_def":
                        if str(child.children[0]) not in found.suits:
                            found.suits.append(str(child.children[0]))
                    elif isinstance(child, lark.Token) and child.type == "CODE" and str(child) not in found.ranks:
                        found.ranks.append(str(child))
    return found


def _around(items: list[str], item: str, taken: set[str]) -> list[str]:
    """The other items nearest to `item` in `items`: the next, the one before, the one after next..."""
    at = items.index(item)
    order = [items[at + step * sign] for step in range(1, len(items)) for sign in (1, -1)
             if 0 <= at + step * sign < len(items)]
    return [x for x in order if x not in taken]


def _code_candidates(code: str, taken: set[str], deck: Declared) -> tuple[str, tuple[str, ...]] | None:
    if code in deck.suits:
        return "suit", tuple(_around(deck.suits, code, taken))
    if code in deck.ranks:
        return "rank", tuple(_around(deck.ranks, code, taken))
    rank, suit = code[:-1], code[-1:]
    if rank in deck.ranks and suit in deck.suits:  # a card: its neighbours in its suit, then its rank in other suits
        cards = [r + suit for r in _around(deck.ranks, rank, set())][:2] + \
                [rank + s for s in _around(deck.suits, suit, set())]
        return "card", tuple(c for c in cards if c not in taken)
    return None


# ---------------------------------------------------------------------------------------------
# The arguments of a statement


def arguments(statement: lark.Tree, text: str, deck: Declared) -> list[Argument]:
    """Every argument of one statement, in the order written."""
    if statement.data in _DEFINITIONS:
        return []
    found: list[Argument] = []
    declaring = statement.children[0] if statement.data in _DECLARES else None

    def visit(node: lark.Tree, parent: lark.Tree | None) -> None:
        word = _keyword_argument(node, parent, text)
        if word is not None:
            found.append(word)
            return
        siblings = {str(c) for c in node.children if isinstance(c, lark.Token)}
        for child in node.children:
            if isinstance(child, lark.Tree):
                if not _no_argument(node, child):
                    visit(child, node)
            elif child is declaring:
                continue
            elif child.type == "INT":
                n = int(child)
                found.append(Argument("number", child.start_pos, child.end_pos,
                                      (str(n + 1),) + ((str(n - 1),) if n >= 1 else ())))
            elif child.type == "CODE":
                got = _code_candidates(str(child), siblings, deck)
                if got and got[1]:
                    found.append(Argument(got[0], child.start_pos, child.end_pos, got[1]))
            elif child.type == "ID":
                kind = "parameter" if node.data == "param_number" else deck.kind_of(str(child))
                names = deck.names.get(kind or "", [])
                if kind and len(names) > 1:
                    at = names.index(str(child))
                    found.append(Argument(kind, child.start_pos, child.end_pos,
                                          tuple(names[at + 1:] + names[:at])))

    visit(statement, None)
    found.sort(key=lambda a: a.start)
    return found


def _no_argument(node: lark.Tree, child: lark.Tree) -> bool:
    """A part that is no argument where it stands: the sign of `nothing`, and to whom it is
    written (`plus nothing` is `minus nothing`, and writes nothing against anyone)."""
    return child.data in ("sign_word", "against_declarer") and any(
        isinstance(c, lark.Tree) and c.data == "amount_nothing" for c in node.children)


def swept_statements(text: str, settings: dict) -> list[tuple[str, lark.Tree]]:
    """(clause ID, statement tree) of every statement the deletion sweep walks (the `if` branches
    taken under `settings`)."""
    spans = {(start, end) for start, end, _kind in statements(text, settings)}
    tree = parse_text(text, "<sweep>")
    clauses = [(node.meta.start_pos, node.meta.end_pos, str(node.children[0]))
               for node in tree.iter_subtrees() if node.data == "clause"]
    found = [node for node in tree.iter_subtrees_topdown()
             if not node.meta.empty and (node.meta.start_pos, node.meta.end_pos) in spans
             and node.data not in {"guard", "then_block", "else_block", "scoped", "body"}]
    by_span: dict[tuple[int, int], lark.Tree] = {}
    for node in found:  # a statement whose only child spans it all: keep the statement (the outer)
        by_span.setdefault((node.meta.start_pos, node.meta.end_pos), node)
    return [(next(cid for start, end, cid in clauses if start <= node.meta.start_pos < end), node)
            for node in sorted(by_span.values(), key=lambda n: n.meta.start_pos)]


# ---------------------------------------------------------------------------------------------
# What a mutant shows


# Sessions played besides the deletion sweep's (RUNS), each for an event those seldom reach.
MORE_RUNS: dict[str, list[tuple[int, int | None, int]]] = {
    "bouillotte": [(4, 5, DEALS),  # a player all in before the betting is opened
                   (1, 3, DEALS)],  # a suit's highest card and its most points in two hands
    "barbu": [(3, None, 28)],  # a whole match (seven contracts chosen by four), so its winner
    "black_maria": [(1, 5, DEALS), (1, 6, DEALS)]}  # the packs for five and for six
# Recorded transcripts judged under each mutant, for what no seeded session reaches. Random play
# never brings Preferans's bule down to zero; this match (bule_start=10) was played from seed 1 with
# the same players, but for the auction (the eldest bids 2, the others pass) and the contract:
# even deals leaves, defended by both and played at random; odd deals sanac, which nobody defends
# and so counts as made. It ends after six deals with supe written both ways: the final settlement
# and the winner show.
# Random bidders climb to ten in almost every Sochi deal. `preferans_sochi-every-bid.json` (seed 1)
# was played with the eldest bidding and declaring, in even deals 2k, the ladder's step 7k (so
# every bid of the 26 comes up, misère with it) and in odd deals a bid of six in turn; the others
# pass in the auction, the defenders answer in a cycle of seven (both whist twice, both pass, both
# whist, the first only, the second only, a pass and a half-whist), every eleventh deal everybody
# passes (raspasy), the declarer plays his highest legal card and the others their lowest. It was
# played until a pulka first reached 20, after 45 deals; now that the match ends only when every
# pulka is closed (P8.1) it stops unfinished there. The same deals, with the score sheets of
# Leningrad and of Rostov, are `preferans_leningrad-every-bid.json` and `preferans_rostov-...`. The
# next two are one deal each: a defender passing against misère (seed 2, refused by P5.3) and the
# winner of six spades naming misère (seed 3, refused by P3.11). `preferans_sochi-overtricks.json`
# gives the eldest of five deals seven spades and three aces and has him declare six to ten spades
# against two whisters, who fall short at every level.
RECORDED = {"preferans": ["preferans-to-the-end.json"],
            "preferans_sochi": ["preferans_sochi-every-bid.json", "preferans_sochi-pass-against-misere.json",
                               "preferans_sochi-misere-after-a-number.json", "preferans_sochi-overtricks.json"],
            "preferans_leningrad": ["preferans_leningrad-every-bid.json"],
            "preferans_rostov": ["preferans_rostov-every-bid.json"]}


def sessions(path: Path, name: str, readings: dict[str, str] | None = None) -> list[dict]:
    """The seeded sessions of the rules file at `path`: those of the deletion sweep, and more
    (played under `readings`, when given)."""
    game = load_game(path, settings=readings or {})
    runs = [(seed, players, DEALS) for seed, players in RUNS[name]] + MORE_RUNS.get(name, [])
    return [random_transcript(game, seed, whole_match=True, max_deals=deals, players=players, parameters=readings,
                              game_ref={"rules": path.name}) for seed, players, deals in runs]


def verdicts(data: list[dict], folder: Path, refusing: bool = False) -> str:
    """The judge's verdicts on transcripts naming `{name}.rules`, under the file of that name in
    `folder`; `refusing`: a transcript the rules there cannot read is refused, and that is its verdict."""
    shown = []
    for one in data:
        try:
            shown.append(judgement_text(judge(json.loads(json.dumps(one)), base=folder)))
        except RefereeError as err:
            if not refusing:
                raise
            shown.append(f"{type(err).__name__}: {err}")
    return "\n".join(shown)


def recorded(file: str, name: str, readings: dict[str, str] | None = None) -> dict:
    """A recorded transcript of game `name` (tests/fixtures/, or the casebook's for a reading),
    naming `{name}.rules` instead (and judged under `readings`, when given)."""
    folder = HERE.parent / "rulings" if readings else HERE / "fixtures"
    data = json.loads((folder / file).read_text(encoding="utf-8"))
    data.pop("game", None)
    return {"rules": f"{name}.rules", **data, **({"parameters": readings} if readings else {})}


def casebook(path: Path, name: str, clause: str) -> str:
    """What the casebook's cases on `clause` of game `name` show when judged under the rules file at
    `path`: the rare situations seeded play seldom reaches (a tied draw for the first deal)."""
    shown = []
    for transcript, params in _cases().get((name, clause), ()):
        try:
            shown.append(judgement_text(judge(json.loads(transcript), settings=params, rules_file=path)))
        except (TranscriptError, UsageError, RulesError) as err:  # refused under these readings
            shown.append(f"{type(err).__name__}: {str(err).replace(str(path), path.name)}")
    return "\n".join(shown)


@functools.cache
def _cases() -> dict[tuple[str, str], list[tuple[str, dict]]]:
    """(game, clause) -> the transcripts and readings of the casebook's cases on that clause."""
    out: dict[tuple[str, str], list[tuple[str, dict]]] = {}
    for path in sorted(RULINGS.glob("*.toml")):
        ruling = tomllib.loads(path.read_text(encoding="utf-8"))
        for case in ruling.get("cases", ()):
            transcript = (path.parent / case["transcript"]).read_text(encoding="utf-8")
            for clause in ruling["clauses"]:
                out.setdefault((ruling["game"], clause), []).append((transcript, case.get("params", {})))
    return out


class Base:
    """What the shipped file shows, worked out once per game (the casebook once per clause)."""

    def __init__(self, source: Path, name: str, readings: dict[str, str] | None = None) -> None:
        self.source, self.name, self.readings = source, name, readings
        self.played = sessions(source, name, readings)
        self.shown = [dump_transcript(d) for d in self.played]
        self.judged = verdicts(self.played, source.parent)
        files = READING_RECORDED.get(name, []) if readings else RECORDED.get(name, ())
        self.foreign = self.played + [recorded(file, name, readings) for file in files]
        self.judged_foreign = verdicts(self.foreign, source.parent, refusing=True)
        self._cases: dict[str, str] = {}

    def cases(self, clause: str) -> str:
        if clause not in self._cases:
            self._cases[clause] = casebook(self.source, self.name, clause)
        return self._cases[clause]

    def differs(self, path: Path, clause: str) -> bool:
        """Whether the mutant at `path` shows anything the shipped file does not: its own seeded play
        and verdicts, its verdicts on the shipped file's sessions, or on the casebook's cases.
        Raises `RulesError` when the mutant does not load."""
        played = sessions(path, self.name, self.readings)
        foreign = verdicts(self.foreign, path.parent, refusing=True)  # always: it must not crash either
        return ([dump_transcript(d) for d in played] != self.shown
                or verdicts(played, path.parent) != self.judged or foreign != self.judged_foreign
                or casebook(path, self.name, clause) != self.cases(clause))


# ---------------------------------------------------------------------------------------------
# The sweep


@dataclass
class Tally:
    statements: int = 0
    log: list[tuple[str, str, str]] = field(default_factory=list)
    """(verdict, kind, mutation) of every argument: refused, changed, inert or broken."""
    broken: list[tuple[str, str]] = field(default_factory=list)  # (mutation, error): loads, then fails
    unplaced: list[str] = field(default_factory=list)  # refused without file:line:col
    unparsed: list[str] = field(default_factory=list)  # a value of the wrong kind: a fault of the sweep

    def count(self, verdict: str) -> int:
        return sum(1 for v, _kind, _mutation in self.log if v == verdict)

    @property
    def inert(self) -> list[str]:
        return [mutation for verdict, _kind, mutation in self.log if verdict == "inert"]


def one_line(text: str) -> str:
    return " ".join(text.split())


def _explained_statements(name: str) -> set[str]:
    """Statements whose deletion already shows nothing in random play (tests/inert-statements.txt):
    their scenario tests stand for their arguments too."""
    return {statement for game, statement in statement_allowlist() if game == name}


def sweep(name: str, tmp_path: Path, readings: dict[str, str] | None = None) -> Tally:
    """The arguments of one shipped game; with `readings`, only those of the statements the
    readings bring in, played under them."""
    source = find_game(name)
    text = source.read_text(encoding="utf-8")
    base = Base(source, name, readings)
    deck = declared(source)
    explained = _explained_statements(name)
    path = tmp_path / f"{name}.rules"
    tally = Tally()
    defaults = load_game(source).settings
    swept = swept_statements(text, defaults)
    if readings:
        taken = {(s.meta.start_pos, s.meta.end_pos) for _, s in swept}
        swept = [(c, s) for c, s in swept_statements(text, {**defaults, **readings})
                 if (s.meta.start_pos, s.meta.end_pos) not in taken]
    for clause, statement in swept:
        start, end = statement.meta.start_pos, statement.meta.end_pos
        if one_line(text[start:end]) in explained:
            continue
        tally.statements += 1
        for argument in arguments(statement, text, deck):
            verdict, mutation, plays = None, "", 0
            for candidate in argument.candidates:
                longer, mutant = argument.replace(text, candidate)
                shown = f"{one_line(text[start:end])} -> {one_line(mutant[start:end + longer])}"
                path.write_text(mutant, encoding="utf-8")
                try:
                    changed = base.differs(path, clause)
                except RulesSyntaxError:
                    if candidate != "":  # (a part the grammar does not let go is simply no mutant)
                        tally.unparsed.append(shown)
                    continue
                except RulesError as err:  # refused at load: the next value may load
                    if not POSITION.match(str(err)):
                        tally.unplaced.append(f"{shown}: {err}")
                    verdict, mutation = verdict or "refused", mutation or shown
                    continue
                except UsageError:  # the mutant refuses a table size the seeded sessions play
                    verdict, mutation = "changed", shown
                    break
                except Exception as err:  # it loads, then play fails: the worst kind of bug
                    tally.broken.append((shown, f"{type(err).__name__}: {err}"))
                    verdict, mutation = "broken", shown
                    break
                if changed:
                    verdict, mutation = "changed", shown
                    break
                if verdict != "inert":  # the first mutant played stands for the argument
                    verdict, mutation = "inert", shown
                plays += 1
                if plays >= TRIES:
                    break
            if verdict is not None:  # (None: no value of it parses, so it is no argument)
                tally.log.append((verdict, argument.kind, mutation))
    return tally


def allowlist() -> dict[tuple[str, str], tuple[str, str]]:
    """(game, `statement -> mutated`) -> (reason, scenario test)."""
    out = {}
    for line in ALLOWLIST.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        game, mutation, reason, test = (part.strip() for part in line.split(" | "))
        out[(game, mutation)] = (reason, test)
    return out


@pytest.mark.parametrize("name", game_names() + variant_names())
def test_every_argument_drives_the_referee(name, tmp_path):
    tally = sweep(name, tmp_path)
    assert not tally.unplaced, f"{name}: refused without a file:line:col position: {tally.unplaced}"
    assert not tally.unparsed, f"{name}: the sweep wrote mutants that do not parse: {tally.unparsed}"
    listed = {mutation: reason for (game, mutation), (reason, _test) in allowlist().items() if game == name}
    bugs = {mutation for mutation, reason in listed.items() if reason.startswith("BUG:")}
    broken = dict(tally.broken)
    unlisted = [failure for failure in tally.broken if failure[0] not in bugs]
    assert not unlisted, f"{name}: accepted at load, then play failed: {unlisted}"
    unexplained = [m for m in tally.inert if m not in listed]
    assert not unexplained, (f"{name}: these changes of an argument change nothing; make the argument "
                             f"drive the referee or list the mutation in {ALLOWLIST.name}: {unexplained}")
    stale = sorted(set(listed) - set(tally.inert) - set(broken))
    assert not stale, f"{name}: no longer inert (or failing), remove from {ALLOWLIST.name}: {stale}"


@pytest.mark.parametrize("name, readings", READINGS, ids=[f"{n}-{'-'.join(r.values())}" for n, r in READINGS])
def test_every_argument_of_a_reading_drives_the_referee(name, readings, tmp_path):
    """The arguments of the statements only a reading brings in (`test_rules_decide.READINGS`)."""
    tally = sweep(name, tmp_path, readings)
    assert tally.statements, f"{name}: the readings {readings} bring in no statement"
    assert not tally.unplaced and not tally.unparsed and not tally.broken, tally
    assert not tally.inert, f"{name} under {readings}: these changes of an argument change nothing: {tally.inert}"


def test_every_allowlisted_argument_names_its_scenario():
    entries = allowlist()
    assert len([e for e in entries.values() if not e[0].startswith("BUG:")]) <= 12, \
        "the allowlist is for exceptions; make the arguments drive play"
    for (game, mutation), (reason, test) in entries.items():
        assert " -> " in mutation, f"{game}: {mutation}: write the mutation as `STATEMENT -> MUTATED`"
        assert reason, f"{game}: {mutation}: say why the change shows nothing in random play"
        module, function = test.split("::")
        assert f"def {function}(" in (HERE / module).read_text(encoding="utf-8"), test
