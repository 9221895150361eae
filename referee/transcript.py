"""Transcripts: recorded deals and matches as JSON, read strictly and written out.

The format is documented by the JSON Schema shipped in `referee/data/transcript.schema.json`
(`referee-transcript/1`). Seats are numbered from 0 in the direction of play.
"""

from __future__ import annotations

import functools
import json
import os
import re
import reprlib
from collections.abc import Iterator
from pathlib import Path

from .errors import N_, Phrase, Term, TranscriptError, UsageError
from .limits import LIMITS, UnreadableFile, open_untrusted, read_untrusted

# What Python's JSON reader says of a broken file, for the catalogs (its other words stay English).
_JSON_MESSAGES = (N_("Expecting value"), N_("Expecting ',' delimiter"), N_("Expecting ':' delimiter"),
                  N_("Expecting property name enclosed in double quotes"), N_("Extra data"),
                  N_("Unterminated string starting at"), N_("Invalid control character at"),
                  N_("Invalid \\escape"), N_("Illegal trailing comma before end of object"),
                  N_("Illegal trailing comma before end of array"))

__all__ = ["dump_transcript", "FORMAT", "schema", "load_transcript", "validate_transcript", "check_counts",
           "parse_transcript", "rules_of", "TranscriptStream", "validate_deal"]

FORMAT = "referee-transcript/1"


@functools.cache
def schema() -> dict:
    return json.loads((Path(__file__).parent / "data" / "transcript.schema.json").read_text("utf-8"))


@functools.cache
def _validator(part: str | None = None):
    """The schema's validator, or one for a part of it (`action`); where `jsonschema` cannot be
    installed (the book's in-browser Python), `schema_check` checks the same schema."""
    try:  # jsonschema is slow to import and missing in the browser: only for a transcript that needs it
        from jsonschema import Draft202012Validator as validator
    except ImportError:
        from .schema_check import Validator as validator

    root = schema()
    if part is None:
        return validator(root)
    return validator({"$schema": root["$schema"], "$defs": root["$defs"], "$ref": f"#/$defs/{part}"})


@functools.cache
def _action_pattern() -> re.Pattern:
    return re.compile(schema()["$defs"]["action"]["properties"]["action"]["pattern"])


def _plain_action(entry, pattern: re.Pattern) -> bool:
    """The schema's rule for an action, checked directly: actions are most of a transcript, and
    this is some fifty times faster than the general validator."""
    return (type(entry) is dict and len(entry) == 2 and type(entry.get("seat")) is int and entry["seat"] >= 0
            and type(entry.get("action")) is str and pattern.match(entry["action"]) is not None)


def _schema_errors(data) -> list:
    """The schema's errors: the actions checked directly (and by the validator only where they
    fail, for its message), everything else by the validator."""
    deals = data.get("deals") if isinstance(data, dict) else None
    if not isinstance(deals, list):
        return list(_validator().iter_errors(data))
    pattern = _action_pattern()
    errors, light = [], []
    for number, deal in enumerate(deals):
        actions = deal.get("actions") if isinstance(deal, dict) else None
        if not isinstance(actions, list):
            light.append(deal)
            continue
        for index, entry in enumerate(actions):
            if not _plain_action(entry, pattern):
                for error in _validator("action").iter_errors(entry):
                    error.path.extendleft(reversed(["deals", number, "actions", index]))
                    errors.append(error)
                break  # the first bad action of a deal is enough
        light.append({**deal, "actions": []})
    errors += _validator().iter_errors({**data, "deals": light})
    return errors


_JSON_TYPES = (N_("integer"), N_("string"), N_("array"), N_("object"), N_("boolean"), N_("number"), N_("null"))


def _schema_problem(error) -> Phrase:
    """What the schema's check found, in words the catalogs translate (jsonschema's own are English)."""
    instance = error.instance
    # As the file writes them: true, false and null, not Python's True, False and None.
    shown = json.dumps(instance) if instance is None or isinstance(instance, bool) else reprlib.repr(instance)
    rule = error.validator_value
    if error.validator == "required":
        missing = next((name for name in rule if name not in error.instance), rule[0])
        return Phrase("the field {name} is missing", name=repr(missing))
    if error.validator == "type":
        kinds = [rule] if isinstance(rule, str) else list(rule)
        kind = Term(kinds[0]) if len(kinds) == 1 else " | ".join(kinds)  # several: the schema's own names
        return Phrase("{value} is not of type {kind}", value=shown, kind=kind)
    if error.validator in ("enum", "const"):
        choices = ", ".join(map(repr, rule)) if error.validator == "enum" else repr(rule)
        return Phrase("{value} is not one of: {choices}", value=shown, choices=choices)
    if error.validator == "minimum":
        return Phrase("{value} is less than the minimum of {limit}", value=shown, limit=rule)
    if error.validator == "maximum":
        return Phrase("{value} is greater than the maximum of {limit}", value=shown, limit=rule)
    if error.validator == "pattern":
        return Phrase("{value} does not match {pattern}", value=shown, pattern=repr(rule))
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = set(error.schema.get("properties", {}))
        extra = sorted(str(k) for k in error.instance if k not in known)
        return Phrase("unexpected fields: {names}", names=reprlib.repr(extra))
    return Term(error.message)


def _field(path) -> str:
    """A place in a transcript as messages name it: `transcript.deals[0].actions[3].seat`."""
    return "transcript" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


def _floats(value, path: tuple = ()):
    """(path, number) of every number written with a decimal point: a transcript has none."""
    if type(value) is float:
        yield path, value
    elif type(value) is dict:
        for key, item in value.items():
            yield from _floats(item, path + (key,))
    elif type(value) is list:
        for index, item in enumerate(value):
            yield from _floats(item, path + (index,))


def validate_transcript(data) -> dict:
    """Check a transcript against the schema; errors name the field (`deals[0].actions[3].seat`)."""
    # on demand: writing a transcript does not check it
    from .transcript_check import conforms

    # The schema's rules in code answer for a well-formed transcript; the validator, imported only
    # then, finds and words the first error of any other.
    plain = conforms(data, FORMAT, _action_pattern())
    errors = [] if plain else sorted(_schema_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        error = errors[0]
        raise TranscriptError(_field(error.absolute_path), _schema_problem(error),
                              hint=Phrase('see referee/data/transcript.schema.json for the format'))
    # JSON Schema counts 1.0 as an integer, but a seat, a dealer or a total written so is not
    # one to the referee (a float indexes no list): the first such number, by its place.
    floats = [] if plain else sorted(_floats(data), key=lambda found: list(found[0]))
    if floats:
        path, value = floats[0]
        raise TranscriptError(_field(path), Phrase("{value} is not of type {kind}", value=repr(value), kind=Term("integer")),
                              hint=Phrase('write a whole number without a decimal point: {whole}, not {value}',
                                          whole=int(value), value=repr(value)))
    if "game" not in data and "rules" not in data:
        raise TranscriptError("transcript", Phrase('names neither a game nor a rules file'),
                              hint=Phrase('add "game": NAME (see `referee games`) or "rules": "path/to/file.rules"'))
    return data


def load_transcript(path: str | Path) -> dict:
    """Read, parse and validate a transcript file, within the limits of `referee.limits`."""
    path = Path(path)
    try:
        data = read_untrusted(path, LIMITS.transcript_bytes, N_("transcript"))
    except UnreadableFile as why:
        raise TranscriptError(str(path), why.args[0]) from None
    return validate_transcript(parse_transcript(data, str(path)))


def _whole_number(digits: str) -> int:
    if len(digits.lstrip("-")) > LIMITS.json_int_digits:
        raise ValueError(Phrase('a number of {count:,} digits (at most {limit})', count=len(digits), limit=LIMITS.json_int_digits))
    return int(digits)


def _line_col(text: str, pos: int) -> str:
    line = text.count("\n", 0, pos) + 1
    return f"{line}:{pos - (text.rfind(chr(10), 0, pos) + 1) + 1}"


def parse_transcript(data: bytes, shown: str = "transcript") -> dict:
    """JSON from a transcript's bytes: UTF-8, not nested too deep, and within the size limits.

    Deals and actions are counted before the schema is checked, so a transcript of a million
    actions is refused at once instead of being validated first.
    """
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        start = err.start + (3 if data.startswith(b"\xef\xbb\xbf") else 0)
        where = _line_col(data[:start].decode("utf-8", errors="replace"), start)
        raise TranscriptError(f"{shown}:{where}", Phrase('is not UTF-8 text (byte 0x{start:02x})', start=data[start]),
                              hint=Phrase('save the transcript as UTF-8')) from None
    deepest = _deepest(text)
    if deepest is not None:
        raise TranscriptError(f"{shown}:{_line_col(text, deepest)}",
                              Phrase('arrays and objects are nested more than {depth} deep', depth=LIMITS.json_depth),
                              hint=Phrase('a transcript nests at most 5 deep: see referee/data/transcript.schema.json'))
    try:
        parsed = json.loads(text, parse_int=_whole_number, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        raise TranscriptError(f"{shown}:{err.lineno}:{err.colno}", Phrase('is not valid JSON: {msg}', msg=Term(err.msg))) from None
    except (ValueError, RecursionError) as err:
        raise TranscriptError(shown, Phrase('is not a usable transcript: {err}', err=err.args[0] if err.args else err)) from None
    check_counts(parsed)
    return parsed


def _no_constant(name: str):
    raise ValueError(Phrase('{name} is not a JSON number', name=name))


# A string is matched as runs of plain characters between escapes (one step per run, not per
# character): the same strings as "(?:[^"\\]|\\.)*", a third cheaper on a match's transcript.
_BRACKETS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')


def _deepest(text: str) -> int | None:
    """Where arrays and objects first nest deeper than the limit (the JSON reader recurses)."""
    depth = 0
    for match in _BRACKETS.finditer(text):
        mark = match.group()
        if mark in "[{":
            depth += 1
            if depth > LIMITS.json_depth:
                return match.start()
        elif mark in "]}":
            depth -= 1
    return None


def check_counts(data) -> None:
    if not isinstance(data, dict) or not isinstance(data.get("deals"), list):
        return  # the schema says what is wrong
    deals = data["deals"]
    total = sum(len(d["actions"]) for d in deals if isinstance(d, dict) and isinstance(d.get("actions"), list))
    if total > LIMITS.transcript_actions:
        raise TranscriptError("transcript.deals", Phrase('the transcript has {total:,} actions; at most {limit:,} '
                                                         'are judged', total=total, limit=LIMITS.transcript_actions), hint=Phrase('split it into several transcripts'))
    if len(deals) > LIMITS.deals:
        raise TranscriptError(f"transcript.deals[{LIMITS.deals}]",
                              Phrase('the transcript has {count:,} deals; at most {limit:,} are judged', count=len(deals), limit=LIMITS.deals),
                              hint=Phrase('split it into several transcripts'))
    for number, deal in enumerate(deals):
        actions = deal.get("actions") if isinstance(deal, dict) else None
        if isinstance(actions, list) and len(actions) > LIMITS.actions:
            raise TranscriptError(f"transcript.deals[{number}].actions[{LIMITS.actions}]",
                                  Phrase('the deal has {count:,} actions; no deal needs more than {limit:,}', count=len(actions), limit=LIMITS.actions))


def rules_of(data: dict, base: Path | None, rules_file: str | Path | None = None) -> str | Path:
    """The game a transcript is judged under, confined to what the user named.

    A rules file given on the command line (`judge --rules FILE`) wins. Otherwise "game" must be
    the name of a shipped game, and "rules" the plain name of a file beside the transcript: no
    folder, no absolute path, no `..`, and not a link that leads out of the transcript's folder. A transcript can thus make the referee read no file
    the user did not hand over.
    """
    if rules_file is not None:
        return Path(rules_file)
    if "rules" not in data:
        # on demand: the kept games, and the rules files only for a game not kept
        from .model.cache import shipped_game
        shipped = shipped_game(str(data["game"]))  # found without loading the parser
        if shipped is not None:
            return shipped
        from .model.document import find_game  # (loads the parser)
        try:
            return find_game(str(data["game"]))
        except UsageError as err:
            raise TranscriptError("transcript.game", err.args[0]) from None
    name = str(data["rules"])
    shown = name if len(name) <= 80 else name[:80] + f"... ({len(name):,} characters)"
    hint = Phrase("put the rules file beside the transcript and write its name (\"my_variant.rules\"), "
                  "or give it with `referee judge --rules FILE`")
    if (not name or "\0" in name or "\\" in name or "/" in name or name.startswith(".")
            or not name.endswith(".rules") or len(name) > 255):
        raise TranscriptError("transcript.rules", Phrase('{shown} is not the name of a rules file beside the transcript', shown=repr(shown)), hint=hint)
    folder = (base or Path(".")).resolve()
    path = folder / name
    try:
        inside = path.resolve().is_relative_to(folder)
    except (OSError, RuntimeError):
        inside = False
    if not inside:
        raise TranscriptError("transcript.rules", Phrase("{shown} leads out of the transcript's folder", shown=repr(shown)), hint=hint)
    if not path.is_file():
        raise TranscriptError("transcript.rules", Phrase('there is no rules file {shown} beside the transcript', shown=repr(shown)),
                              hint=hint)
    return path


def dump_transcript(data: dict) -> str:
    """JSON with one line per action and per hand, so transcripts diff well line by line."""

    text = json.dumps(data, ensure_ascii=False, indent=1)
    # Arrays of plain values (a hand, a talon) go on one line.
    text = re.sub(r"\[\s+([^\[\]{}]*?)\s+\]",
                  lambda m: "[" + ", ".join(x.strip() for x in m.group(1).split(",")) + "]", text)
    # Objects of plain values (an action, a round of the draw) go on one line.
    text = re.sub(r"\{\s+([^\[\]{}]*?)\s+\}",
                  lambda m: "{" + ", ".join(x.strip() for x in m.group(1).split(",\n")) + "}", text)
    return text + "\n"


# ---------------------------------------------------------------------------------------------
# Reading a transcript a deal at a time

# The next thing that matters to the nesting in JSON text: a string (group 1: its closing quote,
# missing when the text read so far cuts it off), or a bracket.
_NEXT = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(")?|[\[\]{}]', re.S)
_BLANK = re.compile(r"[ \t\n\r]*")
_SCALAR_END = re.compile(r"[\s,\]}]")
# How a transcript whose last field is its deals ends: a deal's last value is an array or an
# object (its actions, hands or totals), so the text closes a deal, the deals and the whole.
_DEALS_LAST = re.compile(rb"[\]}]\s*}\s*]\s*}\s*\Z")
_CHUNK = 1 << 20


class TranscriptStream:
    """A JSON transcript read from its file as it is judged: the fields before the deals at once
    (`header`), then the deals one at a time (`deals()`), each checked against the schema and
    the limits as it is read. Memory holds one deal and the megabyte of the file around it, and
    a reader that stops at a deal reads no further: the illegal first action of a million is
    reported as soon as its deal is read.

    That needs the deals to be the transcript's last field, as `referee` writes them (the end of
    the file says so); any other transcript is read whole first (`load_transcript`), then judged
    alike.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.shown = str(path)
        self._buffer = ""
        self._base_line, self._base_column = 1, 1  # where the buffer's first character is
        self._pending = b""
        self._ended = False
        self._read = 0
        self._decoder = json.JSONDecoder(parse_int=_whole_number, parse_constant=_no_constant)
        self._whole: list | None = None
        try:
            self._fd = open_untrusted(self.path, LIMITS.transcript_bytes, N_("transcript"))
        except UnreadableFile as why:
            raise TranscriptError(str(path), why.args[0]) from None
        try:
            tail = _tail(self._fd, os.fstat(self._fd).st_size)
            self._more()
            self._skip_blank()
            if not (self._buffer.startswith("{") and _DEALS_LAST.search(tail)):
                self.close()
                data = load_transcript(self.path)
                self._whole = data.pop("deals")
                self.header = data
                return
            self.header = self._read_header()
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    # -- the text, as much as is needed ---------------------------------------------------------

    def _more(self) -> bool:
        """Read the next chunk of the file into the buffer; False at the end of the file."""
        if self._ended:
            return False
        try:
            chunk = os.read(self._fd, _CHUNK)
        except OSError as err:
            raise TranscriptError(self.shown, Phrase('cannot be read ({err})', err=err.strerror or err)) from None
        self._read += len(chunk)
        if self._read > LIMITS.transcript_bytes:  # it grew while we read it
            raise TranscriptError(self.shown, Phrase('is more than {limit:,} bytes; a {what} may have at most {limit:,}',
                                                     limit=LIMITS.transcript_bytes, what=Term(N_("transcript"))))
        first = self._read == len(chunk)
        data = self._pending + chunk
        if not chunk:
            self._ended = True
        try:
            text = data.decode("utf-8")
            self._pending = b""
        except UnicodeDecodeError as err:
            if err.reason == "unexpected end of data" and chunk:
                text, self._pending = data[:err.start].decode("utf-8"), data[err.start:]
            else:
                self._buffer += data[:err.start].decode("utf-8")
                raise TranscriptError(f"{self.shown}:{self._where(len(self._buffer))}",
                                      Phrase('is not UTF-8 text (byte 0x{start:02x})', start=data[err.start]),
                                      hint=Phrase('save the transcript as UTF-8')) from None
        if first:
            text = text.removeprefix("\ufeff")
        self._buffer += text
        return bool(chunk)

    def _where(self, pos: int) -> str:
        """line:column of a place in the buffer, as a text editor counts them."""
        buffer = self._buffer
        newlines = buffer.count("\n", 0, pos)
        if not newlines:
            return f"{self._base_line}:{self._base_column + pos}"
        return f"{self._base_line + newlines}:{pos - buffer.rfind(chr(10), 0, pos)}"

    def _drop(self, pos: int) -> None:
        """Forget the buffer's text before `pos` (it is read), keeping count of its lines."""
        buffer = self._buffer
        newlines = buffer.count("\n", 0, pos)
        if newlines:
            self._base_line += newlines
            self._base_column = pos - buffer.rfind("\n", 0, pos)
        else:
            self._base_column += pos
        self._buffer = buffer[pos:]

    def _skip_blank(self) -> None:
        while True:
            match = _BLANK.match(self._buffer)
            self._drop(match.end() if match else 0)
            if self._buffer or not self._more():
                return

    def _char(self) -> str:
        """The next character that is not blank (empty at the end of the file)."""
        self._skip_blank()
        return self._buffer[:1]

    def _broken(self, pos: int, message: str) -> TranscriptError:
        return TranscriptError(f"{self.shown}:{self._where(pos)}", Phrase('is not valid JSON: {msg}', msg=Term(message)))

    def _value(self, depth: int):
        """The JSON value the buffer starts with (more of the file read in as it needs), inside
        `depth` arrays and objects already; one nested deeper than the limit is refused where it
        goes too deep."""
        mark = self._char()
        pos, level = 0, depth
        if mark in ("[", "{", '"'):
            while True:
                found = _NEXT.search(self._buffer, pos)
                if found is None or (found.group()[0] == '"' and found.group(1) is None):
                    # The text read so far ends inside the value: read on, and go on from there.
                    resume = len(self._buffer) if found is None else found.start()
                    if not self._more():
                        break  # the JSON reader says what is wrong
                    pos = resume
                    continue
                token, pos = found.group(), found.end()
                if token == "[" or token == "{":
                    level += 1
                    if level > LIMITS.json_depth:
                        raise TranscriptError(f"{self.shown}:{self._where(found.start())}",
                                              Phrase('arrays and objects are nested more than {depth} deep',
                                                     depth=LIMITS.json_depth),
                                              hint=Phrase('a transcript nests at most 5 deep: see '
                                                          'referee/data/transcript.schema.json'))
                elif token == "]" or token == "}":
                    level -= 1
                if level == depth:
                    break
        else:
            while _SCALAR_END.search(self._buffer) is None and self._more():
                pass
        try:
            value, end = self._decoder.raw_decode(self._buffer)
        except json.JSONDecodeError as err:
            raise self._broken(err.pos, err.msg) from None
        except (ValueError, RecursionError) as err:
            raise TranscriptError(self.shown, Phrase('is not a usable transcript: {err}',
                                                     err=err.args[0] if err.args else err)) from None
        self._drop(end)
        return value

    def _expect(self, mark: str, message: str) -> None:
        if self._char() != mark:
            raise self._broken(0, message)
        self._drop(1)

    def _after_item(self, close: str) -> bool:
        """After an item of an array or object: True at its end (`close`), False at a comma."""
        mark = self._char()
        if mark == close:
            self._drop(1)
            return True
        if mark != ",":
            raise self._broken(0, "Expecting ',' delimiter")
        self._drop(1)
        return False

    # -- the transcript ------------------------------------------------------------------------

    def _read_header(self) -> dict:
        self._expect("{", "Expecting value")
        header: dict = {}
        if self._char() == "}":
            self._drop(1)
        while self._buffer or self._more():
            if self._char() != '"':
                raise self._broken(0, "Expecting property name enclosed in double quotes")
            key = self._value(1)
            self._expect(":", "Expecting ':' delimiter")
            if key == "deals" and self._char() == "[":
                self._drop(1)
                fields = {k: v for k, v in header.items() if k != "deals"}
                validate_transcript({**fields, "deals": []})
                return fields
            header[key] = self._value(1)
            if self._after_item("}"):
                break
        if self._char():
            raise self._broken(0, "Extra data")
        validate_transcript(header)  # names the missing deals, or what else is wrong
        return header  # pragma: no cover - a transcript without deals is refused above

    def deals(self) -> Iterator[dict]:
        """The deals in order, each checked against the schema and the limits as it is read."""
        if self._whole is not None:
            yield from self._whole
            return
        try:
            yield from self._deals()
        finally:
            self.close()

    def _deals(self) -> Iterator[dict]:
        count = total = 0
        if self._char() == "]":
            self._drop(1)
        else:
            while True:
                if count >= LIMITS.deals:
                    raise TranscriptError(f"transcript.deals[{LIMITS.deals}]",
                                          Phrase("the file has more than {limit:,} deals; at most {limit:,} are judged",
                                                 limit=LIMITS.deals), hint=Phrase('split it into several transcripts'))
                deal = self._value(2)
                actions = deal.get("actions") if isinstance(deal, dict) else None
                if isinstance(actions, list):
                    if len(actions) > LIMITS.actions:
                        raise TranscriptError(f"transcript.deals[{count}].actions[{LIMITS.actions}]",
                                              Phrase('the deal has {count:,} actions; no deal needs more than {limit:,}',
                                                     count=len(actions), limit=LIMITS.actions))
                    total += len(actions)
                    if total > LIMITS.transcript_actions:
                        raise TranscriptError(f"transcript.deals[{count}]",
                                              Phrase("the file has more than {limit:,} actions; at most {limit:,} are "
                                                     "judged", limit=LIMITS.transcript_actions),
                                              hint=Phrase('split it into several transcripts'))
                yield validate_deal(deal, count)
                count += 1
                if self._after_item("]"):
                    break
        if not self._after_item("}"):
            raise self._broken(0, "Expecting value")  # a field after the deals: not this reader's
        if self._char():
            raise self._broken(0, "Extra data")


def _tail(fd: int, size: int, count: int = 64) -> bytes:
    """The last `count` bytes of an open file, leaving its position at the start."""
    start = max(0, size - count)
    try:
        return os.pread(fd, count, start)
    except (AttributeError, OSError):  # a system without pread (the browser's Python)
        os.lseek(fd, start, os.SEEK_SET)
        try:
            return os.read(fd, count)
        finally:
            os.lseek(fd, 0, os.SEEK_SET)


def validate_deal(deal, number: int) -> dict:
    """Check one deal of a transcript against the schema, as `validate_transcript` checks the
    whole: errors name the field by the deal's place (`deals[3].actions[0].seat`)."""
    # on demand: writing a transcript does not check it
    from .transcript_check import conforms_deal

    if not conforms_deal(deal, _action_pattern()):
        errors = sorted(_validator("deal").iter_errors(deal), key=lambda e: list(e.absolute_path))
        if errors:
            error = errors[0]
            raise TranscriptError(_field(["deals", number, *error.absolute_path]), _schema_problem(error),
                                  hint=Phrase('see referee/data/transcript.schema.json for the format'))
        floats = sorted(_floats(deal, ("deals", number)), key=lambda found: list(found[0]))
        if floats:
            path, value = floats[0]
            raise TranscriptError(_field(path), Phrase("{value} is not of type {kind}", value=repr(value), kind=Term("integer")),
                                  hint=Phrase('write a whole number without a decimal point: {whole}, not {value}',
                                              whole=int(value), value=repr(value)))
    return deal
