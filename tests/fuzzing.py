"""Hostile inputs for the command line, and a harness that runs them and names the outcome.

Each input class is a hypothesis strategy of `Case` values: files to put in a fresh folder and
the command lines to run there. `run_case` runs them in this process through `referee.cli.main`
(as the console script does) under a time limit, and says how each ended:

* ``exit 0``, ``exit 1``, ``exit 2``: a clean answer;
* ``internal``: exit 2 without a traceback, but with the referee's "internal error" message (an
  exception it did not expect: a bug, even if the user sees a clean message);
* ``bug``: a traceback or an exception out of `main`, an exit status other than 0/1/2, a
  temporary file left behind, a file outside the folder read or changed;
* ``timeout``: no answer within the time limit.

The default test run (tests/test_untrusted_input.py) draws a few hundred cases; the soak
(`python -m tests.soak`) draws at least 10,000 and prints the table of classes and outcomes.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import signal
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

from hypothesis import strategies as st

from referee.cli import main
from referee.resources import rules_dir

ROOT = Path(__file__).resolve().parent
GOLDEN = ROOT / "golden"
SHIPPED_RULES = {p.name: p.read_bytes() for p in sorted(rules_dir().glob("*.rules"))}
VARIANTS = {p.name: p.read_bytes() for p in sorted((ROOT / "fixtures" / "variants").glob("*.rules"))}
TRANSCRIPTS = {p.name: p.read_bytes() for p in sorted(GOLDEN.glob("*.json"))}
DEALS = {p.name: p.read_bytes() for p in sorted(GOLDEN.glob("*.deal"))}
# The files mutated, by kind (strategies take the kind, so that their repr stays short).
ORIGINALS = {"rules": {**SHIPPED_RULES, **VARIANTS}, "json": TRANSCRIPTS, "deal": DEALS}
# A marker in a file outside every case's folder: it must never be read or shown.
SECRET = "SECRET-7f3a9c-must-never-be-read"

# Words of a rules file (strings kept whole), and of a JSON text.
_RULES_TOKEN = re.compile(rb'"(?:[^"\\\n]|\\.)*"|#[^\n]*|[A-Za-z0-9_.]+|\s+|.', re.S)
_JSON_TOKEN = re.compile(rb'"(?:[^"\\]|\\.)*"|-?[0-9]+|\s+|.', re.S)


@dataclass(frozen=True)
class Case:
    """One hostile input: files for a fresh folder and the commands to run there in order.

    In commands, `{dir}` stands for the folder and `{outside}` for a folder beside it that holds
    the secret; `check_then_play` runs `play` only when `check` accepted the file (play on a
    rejected file would repeat check's error).
    """

    kind: str
    files: tuple[tuple[str, bytes], ...]
    commands: tuple[tuple[str, ...], ...]
    check_then_play: bool = False
    env: tuple[tuple[str, str], ...] = ()
    """Environment variables while the commands run (`{dir}` and `{outside}` stand as above)."""
    links: tuple[tuple[str, str], ...] = ()
    """Symbolic links made in the folder: (name, target)."""
    same_output: tuple[int, int] | None = None
    """Two commands that must print the same verdict (a poisoned cache changes none), by their
    place among the commands run (a `@poison` step between them is no command)."""

    def __repr__(self) -> str:  # short enough for hypothesis' falsifying example
        sizes = ", ".join(f"{name}: {len(data)} bytes" for name, data in self.files)
        return f"Case({self.kind!r}, files=[{sizes}], commands={self.commands!r})"


CLEAN = ("exit 0", "exit 1", "exit 2")


def tolerated(case: Case, outcome: Outcome) -> bool:
    """A clean outcome, or the one known gap: `play` fails inside the interpreter on a rules
    file that `check` accepted (a contract without a score, say). Catching such files at load
    time is the static checking of issue 8; until then the user gets exit 2 and a message
    asking to report it, never a traceback."""
    return outcome.outcome in CLEAN or (outcome.outcome == "internal" and case.check_then_play
                                        and outcome.command[:1] == ("play",))


@dataclass
class Outcome:
    outcome: str
    seconds: float
    command: tuple[str, ...] = ()
    detail: str = ""
    said: str = ""
    """What the command printed on standard output."""


# -- mutations of bytes ---------------------------------------------------------------------------

def _tokens(data: bytes, kind: str) -> list[bytes]:
    return (_JSON_TOKEN if kind == "json" else _RULES_TOKEN).findall(data)


@st.composite
def mutated(draw, kind: str) -> bytes:
    """A shipped rules file or golden transcript changed by one to three of: truncation at a
    token, byte flips, lines deleted or duplicated, another encoding, deep nesting, huge
    numbers, tokens moved."""
    originals = ORIGINALS[kind]
    data = originals[draw(st.sampled_from(sorted(originals)))]
    for _ in range(draw(st.integers(1, 3))):
        data = _mutate(draw, data, kind)
    return data


def _mutate(draw, data: bytes, kind: str) -> bytes:
    how = draw(st.sampled_from(["truncate", "flip", "delete_lines", "duplicate_lines", "encoding",
                                "nesting", "huge_number", "tokens", "tokens", "number"]))
    if how == "truncate":
        tokens = _tokens(data, kind)
        return b"".join(tokens[:draw(st.integers(0, len(tokens)))])
    if how == "flip":
        out = bytearray(data)
        for _ in range(draw(st.integers(1, 4))):
            if out:
                out[draw(st.integers(0, len(out) - 1))] ^= draw(st.integers(1, 255))
        return bytes(out)
    if how in ("delete_lines", "duplicate_lines"):
        lines = data.splitlines(keepends=True)
        a = draw(st.integers(0, max(len(lines) - 1, 0)))
        b = min(len(lines), a + draw(st.integers(1, 6)))
        if how == "delete_lines":
            return b"".join(lines[:a] + lines[b:])
        return b"".join(lines[:b] + lines[a:b] * draw(st.integers(1, 3)) + lines[b:])
    if how == "encoding":
        text = data.decode("utf-8", errors="replace")
        codec = draw(st.sampled_from(["utf-16", "utf-32", "latin-1", "cp1251", "bom", "ff"]))
        if codec == "bom":
            return b"\xef\xbb\xbf" + data
        if codec == "ff":
            at = draw(st.integers(0, len(data)))
            return data[:at] + b"\xff" + data[at:]
        return text.encode(codec, errors="replace")
    if how == "nesting":
        depth = draw(st.sampled_from([5, 39, 41, 100, 1000, 20_000]))
        at = draw(st.integers(0, len(data)))
        if kind == "rules":
            opening, closing = b"in no_king { " * depth, b"} " * depth
        elif kind == "deal":  # no nesting in the notation: a line as long instead
            opening, closing = "4♦ ".encode() * depth, b"pass, " * depth
        else:
            opening, closing = (b"[" * depth, b"]" * depth) if draw(st.booleans()) else \
                (b'{"a": ' * depth, b"}" * depth)
        end = draw(st.integers(at, len(data)))
        return data[:at] + opening + data[at:end] + closing + data[end:]
    if how == "huge_number":
        numbers = [m.span() for m in re.finditer(rb"[0-9]+", data)]
        if not numbers:
            return data
        a, b = numbers[draw(st.integers(0, len(numbers) - 1))]
        digits = draw(st.sampled_from([10, 19, 20, 400, 5000, 100_000]))
        return data[:a] + (b"9" * digits if draw(st.booleans()) else b"1" + b"0" * (digits - 1)) + data[b:]
    if how == "number":  # a small change that often still parses: a number one off, zero, negative
        numbers = [m.span() for m in re.finditer(rb"[0-9]+", data)]
        if not numbers:
            return data
        a, b = numbers[draw(st.integers(0, len(numbers) - 1))]
        new = draw(st.sampled_from([b"0", b"1", b"2", b"3", b"5", b"-1", b"13", b"52", b"100"]))
        return data[:a] + new + data[b:]
    tokens = _tokens(data, kind)
    if not tokens:
        return data
    a = draw(st.integers(0, len(tokens) - 1))
    b = min(len(tokens), a + draw(st.integers(1, 8)))
    op = draw(st.sampled_from(["delete", "duplicate", "swap"]))
    if op == "delete":
        return b"".join(tokens[:a] + tokens[b:])
    if op == "duplicate":
        return b"".join(tokens[:b] + tokens[a:b] + tokens[b:])
    c = draw(st.integers(0, len(tokens) - 1))
    tokens[a], tokens[c] = tokens[c], tokens[a]
    return b"".join(tokens)


# -- transcripts changed in their structure --------------------------------------------------------

_VALUES = st.one_of(
    st.sampled_from([None, True, 0, -1, 1, 3, 4, 99, 2 ** 63, 1.5, "", "QH", "10S", "XX", "play QH",
                     "pass", "bid 2", "bid igra", "raise 5", "open 1000000", "call", "fold", "blind",
                     "choose no_tricks", "kierki", "preferans", "bouillotte", "misdeal", [], {}, [[]],
                     ["QH"], {"0": []}]),
    st.text(max_size=8), st.integers(-5, 60))


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, prefix + (index,))


@st.composite
def restructured(draw) -> bytes:
    """A golden transcript with a field replaced, removed or an action repeated: these reach
    the judge itself, past the reading of the file."""
    data = json.loads(TRANSCRIPTS[draw(st.sampled_from(sorted(TRANSCRIPTS)))])
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data) if p]
        path = paths[draw(st.integers(0, len(paths) - 1))]
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        how = draw(st.sampled_from(["replace", "replace", "remove", "repeat"]))
        if how == "replace":
            parent[path[-1]] = draw(_VALUES)
        elif how == "remove":
            del parent[path[-1]]
        elif isinstance(parent, list):
            parent.insert(path[-1], parent[path[-1]])
    return json.dumps(data).encode("utf-8")


# -- input classes ----------------------------------------------------------------------------------

def _rules_case(kind: str, text: bytes, name: str = "mutant.rules") -> Case:
    seed = str(len(text) % 7)
    return Case(kind, ((name, text),), (("check", f"{{dir}}/{name}"), ("play", f"{{dir}}/{name}", "--seed", seed)),
                check_then_play=True)


def _rules_with_match(case: Case) -> Case:
    name = case.files[0][0]
    return Case(case.kind, case.files, case.commands + (("play", f"{{dir}}/{name}", "--match", "--seed", "1"),),
                check_then_play=True)


def rules_mutants() -> st.SearchStrategy[Case]:
    single = mutated("rules").map(lambda text: _rules_case("rules: mutated", text))
    return st.one_of(single, single.map(_rules_with_match))


def rules_from_grammar() -> st.SearchStrategy[Case]:
    from tests.test_language_fuzz import KIERKI_VARIANTS, PROGRAMS
    return st.one_of(PROGRAMS, KIERKI_VARIANTS).map(
        lambda text: _rules_case("rules: from the grammar", text.encode("utf-8")))


_BIG = st.one_of(st.sampled_from([41, 100, 2_000, 50_000]), st.integers(41, 3_000))


@st.composite
def rules_oversized(draw) -> Case:
    """Rules files over one limit: deep, long, many, far, large."""
    base = 'variant big "Big" extends kierki\n'
    how = draw(st.sampled_from(["nesting", "string", "clauses", "lines", "number", "players", "size",
                                "chain", "source_name"]))
    n = draw(_BIG)
    if how == "nesting":
        text = base + 'clause X1 "x" from s003:1 {' + " in no_king {" * n + "}" * (n + 1) + "\n"
    elif how == "string":
        text = f'variant big "{"x" * (n * 100)}" extends kierki\n'
    elif how == "clauses":
        text = base + "".join(f'clause X{i} "x" from s003:1 {{ }}\n' for i in range(n))
    elif how == "lines":
        text = base + f'source s9 "nowhere.txt" language en lines {10 ** (n % 12 + 3)}\n'
    elif how == "number":
        text = base + f'clause X1 "x" from s003:{"9" * (n % 30 + 5)} {{ }}\n'
    elif how == "players":
        text = 'game big "Big"\nclause B1 "x" tradition "t" {' + f" players {n} " + "}\n"
    elif how == "size":
        text = base + "# " + "x" * 1_100_000 + "\n"
    elif how == "source_name":
        text = base + 'source s9 "../../../etc/passwd" language en lines 3\n'
    else:  # a chain of variants, each extending the one before
        files = [("v0.rules", b'variant v0 "V" extends kierki\n')]
        files += [(f"v{i}.rules", f'variant v{i} "V" extends v{i - 1}\n'.encode()) for i in range(1, n % 40 + 2)]
        last = files[-1][0]
        return Case("rules: over a limit", tuple(files), (("check", f"{{dir}}/{last}"),
                                                            ("play", f"{{dir}}/{last}")), check_then_play=True)
    return _rules_case("rules: over a limit", text.encode("utf-8"))


def _judge_case(kind: str, text: bytes, extra: tuple[str, ...] = ()) -> Case:
    at = str(len(text) % 5 + 1)  # a position that exists in some transcripts and not in others
    return Case(kind, (("deal.json", text),), (("judge", "{dir}/deal.json", *extra),
                                               ("legal", "{dir}/deal.json", "--at", f"1.{at}"),
                                               ("explain", "{dir}/deal.json", "--at", f"1.{at}")))


def transcript_mutants() -> st.SearchStrategy[Case]:
    return st.one_of(mutated("json").map(lambda t: _judge_case("transcript: mutated", t)),
                     restructured().map(lambda t: _judge_case("transcript: restructured", t,)))


_HOSTILE_RULES = ["/etc/passwd", "/proc/self/environ", "/proc/self/mem", "/dev/zero", "{outside}/secret.rules",
                  "../outside/secret.rules", "./../outside/secret.rules", "sub/../../outside/secret.rules",
                  "link.rules", "linkdir/secret.rules", "x" * 5000 + ".rules", "nul\0.rules", "", ".rules",
                  "C:\\secret.rules", "\\\\server\\share\\x.rules", "variant.rules", "kierki", "sub",
                  "missing.rules"]
_HOSTILE_GAMES = ["/etc/passwd", "../outside/secret", "{outside}/secret.rules", "kierki/../kierki",
                  "Kierki", "kierki ", "x" * 5000, "", "kierki\0", "secret", "../../rules/kierki"]


@st.composite
def transcripts_naming_files(draw) -> Case:
    """Transcripts whose "rules" or "game" names a file they must not reach (the secret, through
    absolute paths, `..`, links), or an unusable name; and a variant beside it that is fine."""
    data = json.loads(TRANSCRIPTS[draw(st.sampled_from(sorted(TRANSCRIPTS)))])
    del data["game"]
    if draw(st.booleans()):
        data["rules"] = draw(st.sampled_from(_HOSTILE_RULES))
    else:
        data["game"] = draw(st.sampled_from(_HOSTILE_GAMES))
    text = json.dumps(data).replace("{outside}", "@OUTSIDE@").encode("utf-8")
    files = (("deal.json", text), ("variant.rules", VARIANTS["kierki_heart_lead.rules"]))
    extra = draw(st.sampled_from([(), (), ("--json",), ("--rules", "{dir}/variant.rules")]))
    return Case("transcript: names a file", files, (("judge", "{dir}/deal.json", *extra),))


_TARGETS = ["{dir}/new.json", "{dir}/existing.json", "{dir}", "{dir}/", "{dir}/sub", "{dir}/missing/x.json",
            "{dir}/link.json", "{dir}/deal.json", "{dir}/variant.rules", "/dev/null", "{dir}/" + "y" * 300,
            "{dir}/.", "{dir}/new.json.tmp", "{dir}/linkdir/x.json"]
_WORDS = {
    "game": ["kierki", "preferans", "bouillotte", "{dir}/variant.rules", "{dir}/missing.rules", "{dir}/sub",
             "/dev/null", "nosuchgame", "", "-", "x" * 300],
    "--seed": ["0", "1", "-1", "10" * 40, "x", ""],
    "--players": ["0", "-1", "1", "3", "4", "5", "6", "21", "x", "1" * 30],
    "--param": ["heart_lead=restricted", "heart_lead=", "=", "x", "a=b=c", "nosuch=1", "cave=0",
                "cave=1" + "0" * 30],
    "--lang": ["en", "ru", "xx"],
    "--deals": ["0", "-1", "1", "1e9", "x"],
    "-o": _TARGETS,
    "--rules": ["{dir}/variant.rules", "{dir}/missing.rules", "{dir}/sub", "/dev/null"],
    "--at": ["1.2", "1", "end", "1.54", "1.99", "2", "0", "1.0", "deal 1 action 3", "x", "9" * 40, ""],
}
_OPTIONS = {"games": [], "rules": ["--formal", "--param", "--lang"],
            "play": ["--seed", "--match", "--players", "-o", "--param", "--lang"],
            "judge": ["--json", "--rules", "--param", "--lang"], "check": ["--param", "--lang"],
            "legal": ["--at", "--json", "--rules", "--param", "--lang"],
            "explain": ["--at", "--at", "--json", "--param", "--lang"],
            "convert": ["--param", "--lang"],
            "bench": ["--deals", "--players", "--param", "--no-peer"]}


@st.composite
def command_lines(draw) -> Case:
    """Command lines with unusable arguments: counts of 0, paths to folders, links and devices,
    output over an input; and bench only with a few deals so that a case stays quick."""
    command = draw(st.sampled_from(sorted(_OPTIONS) + ["nosuch", "--help", ""]))
    argv = [command] if command else []
    if command in ("rules", "play", "check", "bench"):
        argv.append(draw(st.sampled_from(_WORDS["game"])))
    if command in ("judge", "legal", "explain"):
        argv.append(draw(st.sampled_from(["{dir}/deal.json", "{dir}/sub", "/dev/null", "{dir}/missing.json"])))
    for option in draw(st.lists(st.sampled_from(_OPTIONS.get(command) or ["--seed"]), max_size=4)):
        argv.append(option)
        if option in _WORDS:
            argv.append(draw(st.sampled_from(_WORDS[option])))
    if command == "bench":
        argv += ["--deals", "2", "--repeats", "1", "--no-peer"]
    files = (("deal.json", TRANSCRIPTS["kierki-seed1.json"]), ("deal.deal", DEALS["kierki-seed1.deal"]),
             ("existing.json", b"{}\n"),
             ("variant.rules", VARIANTS["kierki_heart_lead.rules"]))
    return Case("command line", files, (tuple(argv),))


def _deal_case(kind: str, text: bytes) -> Case:
    """A deal file judged, converted to JSON, and the JSON converted back to the notation."""
    return Case(kind, (("deal.deal", text),), (("judge", "{dir}/deal.deal"),
                                                ("convert", "{dir}/deal.deal", "{dir}/out.json"),
                                                ("convert", "{dir}/out.json", "{dir}/back.deal")))


def deal_mutants() -> st.SearchStrategy[Case]:
    return mutated("deal").map(lambda text: _deal_case("deal notation: mutated", text))


# Words a person might type in a deal file, right or wrong.
_DEAL_WORDS = ["game", "kierki", "preferans", "bouillotte", "rules", '"x.rules"', '"../secret.rules"', "param",
               "heart_lead", "=", "restricted", "players", "seats", '"Ann"', "seed", "draw", "first", "dealer",
               "deal", "hand", "talon", "turned", "irregularity", "misdeal", "1:", "2:", "3:", "4:", "0:", "5:",
               "2!:", "99999:", "4♦", "Q♠", "10♥", "TH", "AC", "1S", "Z♣", "4", "13", "0", "play", "give",
               "discard", "pass", "defend", "double", "redouble", "call", "fold", "blind", "open", "raise",
               "bid", "igra", "choose", "no_tricks", "declare", "♥", "H", ",", "#", ":", "\n", "\n", "\n"]


@st.composite
def deals_typed(draw) -> Case:
    """A deal file typed from the notation's words: a header that names a game, then a soup of
    tags, seats, cards and actions, most of it wrong in some way."""
    header = draw(st.sampled_from(["game kierki\n", "game preferans\n", "game bouillotte\n", ""]))
    words = draw(st.lists(st.sampled_from(_DEAL_WORDS), max_size=80))
    text = header + " ".join(words)
    if draw(st.booleans()):  # a well-formed shipped deal with typed words spliced in
        shipped = DEALS[draw(st.sampled_from(sorted(DEALS)))].decode("utf-8").splitlines(keepends=True)
        at = draw(st.integers(0, len(shipped)))
        text = "".join(shipped[:at]) + " ".join(words) + "\n" + "".join(shipped[at:])
    return _deal_case("deal notation: typed", text.encode("utf-8"))


# -- a cache someone else wrote in, links beside a variant, notation files near the limits ---------

_POISONS = ["flip", "truncate", "pickle", "swap", "link", "open folder", "empty", "json of another shape"]


@st.composite
def caches_poisoned(draw) -> Case:
    """A judge whose `REFEREE_CACHE` keeps the game, the kept file then changed by someone else
    (a byte flipped, cut short, a pickle that would run a command, another game's file put in its
    place, a link to the secret, the folder opened to others): the next judge must rule the same."""
    name = draw(st.sampled_from(["kierki-seed1.json", "preferans-seed5.json", "bouillotte-match-seed5.json"]))
    param = {"kierki-seed1.json": "heart_lead=restricted", "preferans-seed5.json": "refe_limit=2",
             "bouillotte-match-seed5.json": "cave=60"}[name]
    poison = draw(st.sampled_from(_POISONS))
    judge = ("judge", "{dir}/deal.json", "--param", param)
    return Case("cache: poisoned", (("deal.json", TRANSCRIPTS[name]),),
                (judge, ("@poison", poison, str(draw(st.integers(0, 10 ** 6)))), judge),
                env=(("REFEREE_CACHE", "{dir}/cache"),), same_output=(0, 1))


_LINK_TARGETS = ["{outside}/secret.rules", "/etc/passwd", "/dev/zero", "{dir}/sub", "{dir}/missing.rules",
                 "../outside/secret.rules", "{rules}/kierki.rules", "{dir}/variant.rules"]


@st.composite
def extends_symlinked(draw) -> Case:
    """A variant that extends a name (or a path) whose file beside it is a symbolic link: to the
    secret, a device, a folder, a shipped rules file, itself. Checked and used by a transcript."""
    name = draw(st.sampled_from(["base", "house", "kierki", "secret"]))
    form = draw(st.sampled_from(["extends {name}", 'extends "{name}.rules"', 'extends "linkdir/secret.rules"',
                                 'extends "sub/{name}.rules"']))
    target = draw(st.sampled_from(_LINK_TARGETS)).replace("{rules}", str(rules_dir()))
    variant = f'variant v "V" {form.format(name=name)}\n'.encode()
    data = json.loads(TRANSCRIPTS["kierki-seed1.json"])
    del data["game"]
    data["rules"] = "variant.rules"
    links = ((f"{name}.rules", target),) + ((f"sub/{name}.rules", target),) if "sub/" in form else ((f"{name}.rules", target),)
    return Case("extends: symlinked", (("variant.rules", variant), ("deal.json", json.dumps(data).encode())),
                (("check", "{dir}/variant.rules"), ("judge", "{dir}/deal.json")), links=links)


_BIG_LINES = {"pass": "pass\n", "trick": "4: 4♦ Q♦ 10♦ A♦\n", "comments": "# " + "c" * 60 + "\n", "blank": "\n",
              "commas": "pass, " * 1000 + "\n", "words run together": "passcall\n", "tags": "param a{n} = 1\n",
              "deal heads": "deal dealer 1\n", "hands": "hand 1: " + "A♣ " * 200 + "\n",
              "long line": "pass " * 80_000 + "\n", "score lines": "score s{n}: 1 2 3 4\n"}


@st.composite
def deals_big(draw) -> Case:
    """Deal notation files of 0.5 to 4 MB of one kind of line, near or over the limits on lines,
    tags, deals and actions: each must be answered (refused at its line, or judged) at a cost
    that grows with its size by a small constant."""
    kind = draw(st.sampled_from(sorted(_BIG_LINES)))
    size = draw(st.sampled_from([500_000, 1_000_000, 2_000_000, 4_000_000]))
    head = DEALS["kierki-seed1.deal"].decode("utf-8")
    head = head[:head.index("4: choose")] if kind not in ("tags",) else "game kierki\n"
    line = _BIG_LINES[kind]
    count = max(1, (size - len(head)) // len(line.encode("utf-8")))
    body = "".join(line.replace("{n}", str(n)) for n in range(count)) if "{n}" in line else line * count
    return Case("deal notation: big", (("big.deal", (head + body).encode("utf-8")),), (("judge", "{dir}/big.deal"),))


CLASSES: dict[str, st.SearchStrategy[Case]] = {
    "rules: mutated": rules_mutants(),
    "rules: from the grammar": rules_from_grammar(),
    "rules: over a limit": rules_oversized(),
    "transcript: mutated": transcript_mutants(),
    "transcript: names a file": transcripts_naming_files(),
    "command line": command_lines(),
    "deal notation: mutated": deal_mutants(),
    "deal notation: typed": deals_typed(),
    "cache: poisoned": caches_poisoned(),
    "extends: symlinked": extends_symlinked(),
    "deal notation: big": deals_big(),
}
"""Every input class; the keys are the row names of the soak's table."""


# -- running a case ---------------------------------------------------------------------------------

class _OutOfTime(BaseException):
    """Raised by the alarm: a BaseException, so that no `except Exception` in the referee eats it."""


def _alarm(signum, frame):
    raise _OutOfTime()


_opened: list[str] | None = None


def _audit(event: str, args) -> None:
    if _opened is not None and event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        _opened.append(os.fsdecode(args[0]))


sys.addaudithook(_audit)  # records files opened while a case runs (an audit hook cannot be removed)


def _prepare(case: Case, folder: Path, outside: Path) -> dict[str, str]:
    (folder / "sub").mkdir()
    (folder / "linkdir").symlink_to(outside)
    (folder / "link.rules").symlink_to(outside / "secret.rules")
    (folder / "link.json").symlink_to(outside / "secret.rules")
    names = {"dir": str(folder), "outside": str(outside)}
    for name, data in case.files:
        (folder / name).write_bytes(data.replace(b"@OUTSIDE@", str(outside).encode()))
    for name, target in case.links:
        link = folder / name
        if not link.exists() and not link.is_symlink():
            link.symlink_to(target.replace("{dir}", str(folder)).replace("{outside}", str(outside)))
    return names


class _Planted:
    """A pickle that, if anything ever unpickled it, would leave a file outside the folder."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def _poison(cache: Path, how: str, seed: int, outside: Path) -> None:
    """Change what a judge kept in `cache`, as someone else who can write there would."""
    import pickle

    from referee.model.cache import INSTALLED
    kept = sorted(p for p in cache.rglob("*") if p.is_file() and not p.is_symlink()) if cache.is_dir() else []
    others = sorted(INSTALLED.rglob("*.json"))
    for number, path in enumerate(kept):
        data = path.read_bytes()
        if how == "flip" and data:
            at = (seed + number) % len(data)
            path.write_bytes(data[:at] + bytes([data[at] ^ (1 << (seed % 8))]) + data[at + 1:])
        elif how == "truncate":
            path.write_bytes(data[:(seed % max(1, len(data)))])
        elif how == "pickle":
            path.write_bytes(pickle.dumps(_Planted(outside / "PWNED")))
        elif how == "swap" and others:
            path.write_bytes(others[(seed + number) % len(others)].read_bytes())
        elif how == "link":
            path.unlink()
            path.symlink_to(outside / "secret.rules")
        elif how == "empty":
            path.write_bytes(b"")
        elif how == "json of another shape":
            first = data.split(b"\n", 1)[0]
            path.write_bytes(first + b'\n{"__type__": "os.system", "args": ["touch ' + str(outside / "PWNED").encode()
                             + b'"]}\n')
    if how == "open folder" and cache.is_dir():
        for folder in [cache, *(p for p in cache.rglob("*") if p.is_dir())]:
            folder.chmod(0o777)


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and not p.is_symlink()}


def run_case(case: Case, time_limit: float = 20.0) -> list[Outcome]:
    """Run a case's commands in a fresh folder; one outcome per command that ran."""
    global _opened
    base = Path(tempfile.mkdtemp(prefix="referee-fuzz-"))
    folder, outside = base / "case", base / "outside"
    folder.mkdir()
    outside.mkdir()
    secret = outside / "secret.rules"
    secret.write_text(f"{SECRET}\n", encoding="utf-8")
    try:
        names = _prepare(case, folder, outside)
        inputs = _snapshot(folder)
        results = []
        written: set[str] = set()  # files a command was told to write (-o), when not its input
        env = {name: value.replace("{dir}", names["dir"]).replace("{outside}", names["outside"])
               for name, value in case.env}
        for template in case.commands:
            argv = [word.replace("{dir}", names["dir"]).replace("{outside}", names["outside"]) for word in template]
            if argv[:1] == ["@poison"]:
                _poison(folder / "cache", argv[1], int(argv[2]), outside)  # not a command: no outcome
                continue
            if "-o" in argv[:-1]:  # the last -o counts, as argparse reads it
                target = argv[len(argv) - 1 - argv[::-1].index("-o") + 1] if argv[-1] != "-o" else ""
                # Named only as an output (once, or again after another -o): writing it is asked for.
                where = [i for i, word in enumerate(argv) if word == target]
                if target and all(i > 0 and argv[i - 1] == "-o" for i in where):
                    written.add(Path(target).name)
            if argv[:1] == ["convert"] and len(argv) > 2 and argv[2] != argv[1]:  # convert IN OUT
                written.add(Path(argv[2]).name)
            saved = {name: os.environ.get(name) for name in env}
            os.environ.update(env)
            try:
                outcome = _run(argv, time_limit, outside)
            finally:
                for name, value in saved.items():
                    if value is None:
                        os.environ.pop(name, None)
                    else:
                        os.environ[name] = value
            results.append(outcome)
            if outcome.outcome != "exit 0" and case.check_then_play and template[0] == "check":
                break
        # Whatever ran: no temporary left behind, the inputs and the secret untouched.
        left = [p.name for p in folder.iterdir() if p.name.endswith(".tmp") and p.name != "new.json.tmp"]
        changed = [name for name, data in inputs.items()
                   if name not in written and (folder / name).read_bytes() != data]
        if secret.read_text(encoding="utf-8") != f"{SECRET}\n":
            changed.append("the secret outside the folder")
        planted = sorted(p.name for p in outside.iterdir() if p.name != "secret.rules")
        if planted:
            changed.append(f"files made outside the folder (code ran?): {planted}")
        if case.same_output is not None and len(results) > max(case.same_output):
            first, again = (results[i] for i in case.same_output)
            if first.outcome in CLEAN and (again.outcome, again.said) != (first.outcome, first.said):
                results.append(Outcome("bug", 0.0, again.command,
                                       f"a changed cache changed the verdict:\n{first.said[-800:]}\n---\n{again.said[-800:]}"))
        if left or changed:
            results.append(Outcome("bug", 0.0, tuple(argv), f"left {left}, changed {changed}"))
        keep = os.environ.get("REFEREE_FUZZ_KEEP")  # a folder to keep failing cases in, to replay them
        if keep and any(r.outcome not in CLEAN for r in results):
            kept = Path(keep) / base.name
            kept.mkdir(parents=True, exist_ok=True)
            for name, data in case.files:
                (kept / name).write_bytes(data)
            (kept / "commands.txt").write_text("\n".join(" ".join(r.command) + f"  # {r.outcome}"
                                                         for r in results) + "\n", encoding="utf-8")
        return results
    finally:
        _opened = None
        shutil.rmtree(base, ignore_errors=True)


def _run(argv: list[str], time_limit: float, outside: Path) -> Outcome:
    global _opened
    out, err = io.StringIO(), io.StringIO()
    previous = signal.signal(signal.SIGALRM, _alarm)
    named_outside = any(str(outside) in word for word in argv)
    _opened = []
    start = time.perf_counter()
    status: object = None
    try:
        signal.setitimer(signal.ITIMER_REAL, time_limit)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(argv)
    except _OutOfTime:
        return Outcome("timeout", time.perf_counter() - start, tuple(argv))
    except BaseException:  # noqa: BLE001 - anything out of main is a bug to report
        return Outcome("bug", time.perf_counter() - start, tuple(argv), traceback.format_exc(limit=-6))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        opened, _opened = _opened, None
    seconds = time.perf_counter() - start
    text = out.getvalue() + err.getvalue()
    reached = [p for p in opened if p.startswith(str(outside))]
    if "Traceback" in text or "too large or too deeply nested" in text:
        return Outcome("bug", seconds, tuple(argv), err.getvalue()[-2000:])
    if "internal error" in text:  # exit 2 and no traceback, but the referee says it failed
        return Outcome("internal", seconds, tuple(argv), err.getvalue()[-2000:])
    if SECRET in text or (reached and not named_outside):
        return Outcome("bug", seconds, tuple(argv), f"read outside the folder: {reached}")
    if status not in (0, 1, 2):
        return Outcome("bug", seconds, tuple(argv), f"exit status {status!r}")
    return Outcome(f"exit {status}", seconds, tuple(argv), said=out.getvalue())
