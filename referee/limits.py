"""Limits on untrusted input, and the one way the referee reads a file a user named.

Rules files and transcripts may come from strangers. Every limit below is far above what a real
game or a long simulation needs, and low enough that no input can make the referee run for
minutes or take gigabytes before it answers. Each limit is checked where the input is read, and
an input over a limit is refused with a message that names the limit and where it was exceeded.
The README (section "Untrusted input") lists them.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from .errors import Phrase, Term

__all__ = ["Limits", "LIMITS", "open_untrusted", "read_untrusted", "read_chunks", "UnreadableFile", "statement_int_limit"]


@dataclass(frozen=True)
class Limits:
    """The largest input the referee accepts, by kind."""

    rules_file_bytes: int = 1_000_000
    """A rules file (the shipped ones are 11-21 kB)."""
    nesting_depth: int = 40
    """Blocks `{ ... }` inside each other in a rules file (the shipped ones go 3 deep)."""
    string_chars: int = 10_000
    """Characters of one quoted text in a rules file (a clause statement, a title)."""
    clauses: int = 5_000
    """Clauses, sources, `uncovered` and `set` items of one rules file."""
    variant_chain: int = 16
    """Variants extending variants, counted from the file named down to the game."""
    integer: int = 1_000_000
    """Any whole number in a rules file (the largest shipped one is 100000, a cave of chips)."""
    players: int = 20
    """Player counts in `players`, `usually` and `pack ... when players N`."""
    source_lines: int = 100_000
    """`lines N` of a source that is not shipped in rules/sources/ (a shipped one must be exact)."""
    transcript_bytes: int = 64_000_000
    """A transcript file (10,000 simulated deals of the shipped games take 13 to 26 MB)."""
    json_depth: int = 32
    """Arrays and objects inside each other in a transcript (a valid one goes 5 deep)."""
    json_int_digits: int = 18
    """Digits of one whole number in a transcript."""
    deals: int = 20_000
    """Deals in one transcript (a judge holds one deal at a time; `convert`, `legal` and `explain` the whole)."""
    actions: int = 10_000
    """Actions in one deal (random play's step cap is the same)."""
    transcript_actions: int = 1_000_000
    """Actions in one transcript (10,000 deals of a 52-card trick game have about 530,000)."""
    deal_lines: int = 2_000_000
    """Lines of a `.deal` file, blank ones too (a million actions one a line, and their deals)."""
    deal_line_chars: int = 300_000
    """Characters of one line of a `.deal` file (a deal's 10,000 actions on one line, as
    `3: discard 7♠ 8♠, `, take 180,000)."""
    deal_tags: int = 1_000
    """Lines of tags before the first deal of a `.deal` file (parameters, rounds of the draw)."""
    position_chars: int = 300_000
    """Characters of a position string (`referee.from_position`; a deal of 10,000 actions, as
    `discard 7♠ 8♠, `, takes 160,000)."""


LIMITS = Limits()

# Statements whose whole numbers count players: a lower limit than other numbers.
_PLAYER_COUNTS = {"players", "usual_players", "pack"}


def statement_int_limit(rule: str) -> tuple[int, str]:
    """The largest whole number a statement of this grammar rule may hold, and what it counts."""
    if rule in _PLAYER_COUNTS:
        return LIMITS.players, "players"
    return LIMITS.integer, "a number"


# Folders of the kernel's pseudo-files: never a rules file or a transcript, even when named.
_PSEUDO = (Path("/proc"), Path("/sys"), Path("/dev"))


class UnreadableFile(Exception):
    """A named file cannot be used: why, in words for the user (the caller adds the path)."""


def _check_file(info: os.stat_result, limit: int, what: str) -> None:
    if stat.S_ISLNK(info.st_mode):
        raise UnreadableFile(Phrase('cannot be read ({err})', err=os.strerror(errno.ELOOP)))
    if stat.S_ISDIR(info.st_mode):
        raise UnreadableFile(Phrase('is a folder, not a {what}', what=Term(what)))
    if not stat.S_ISREG(info.st_mode):
        raise UnreadableFile(Phrase('is not a regular file, so not a {what}', what=Term(what)))
    if info.st_size > limit:
        raise UnreadableFile(Phrase('is {size:,} bytes; a {what} may have at most {limit:,}', size=info.st_size, what=Term(what), limit=limit))


def open_untrusted(path: Path, limit: int, what: str, follow: bool = True) -> int:
    """An open descriptor of a regular file of at most `limit` bytes (the caller closes it).

    Refuses directories, devices, pipes and the kernel's pseudo-files (whose size is not known
    in advance, or which are not files at all). The name is checked first, so that no device is
    ever opened (opening some has effects); the file is then opened without blocking (a pipe put
    in its place cannot hang the open) and without following a link in its last part (the name
    was resolved: a link there now was put in after the check), and the opened descriptor is
    checked again and must be the very file checked by name, so the file checked is the file
    read. `follow=False`: the last part of the path as given must not be a symbolic link either
    (refused as "too many levels of symbolic links").
    """
    try:
        real = path.resolve()
        if any(real == folder or folder in real.parents for folder in _PSEUDO):
            raise UnreadableFile(Phrase('is a system file, not a {what}', what=Term(what)))
        named = os.stat(real) if follow else os.lstat(path)
        _check_file(named, limit, what)
        flags = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
                 | getattr(os, "O_NOFOLLOW", 0))
        fd = os.open(real if follow else path, flags)
        try:
            opened = os.fstat(fd)
            _check_file(opened, limit, what)
            if (opened.st_dev, opened.st_ino) != (named.st_dev, named.st_ino):
                raise UnreadableFile(Phrase('cannot be read ({err})', err=Phrase("it was replaced while being opened")))
        except BaseException:
            os.close(fd)
            raise
    except OSError as err:
        raise UnreadableFile(Phrase('cannot be read ({err})', err=err.strerror or err)) from None
    except (ValueError, RuntimeError) as err:  # a NUL in the name; a symlink loop in resolve()
        raise UnreadableFile(Phrase('cannot be read ({err})', err=err)) from None
    return fd


def read_untrusted(path: Path, limit: int, what: str, follow: bool = True) -> bytes:
    """The bytes of a regular file of at most `limit` bytes, opened by `open_untrusted`; at most
    `limit + 1` bytes are read, so that a huge file costs no more memory than the limit."""
    fd = open_untrusted(path, limit, what, follow)
    try:
        with open(fd, "rb", closefd=False) as handle:
            data = handle.read(limit + 1)
    except OSError as err:
        raise UnreadableFile(Phrase('cannot be read ({err})', err=err.strerror or err)) from None
    finally:
        os.close(fd)
    if len(data) > limit:  # it grew while we read it
        raise UnreadableFile(Phrase('is more than {limit:,} bytes; a {what} may have at most {limit:,}', limit=limit, what=Term(what)))
    return data


def read_chunks(path: Path, limit: int, what: str, size: int = 1 << 20) -> Iterator[bytes]:
    """The bytes of a file as `read_untrusted` would give them, a chunk of `size` at a time (the
    file is opened and checked before the first chunk): a reader that stops early reads no more."""
    fd = open_untrusted(path, limit, what)
    try:
        total = 0
        while True:
            try:
                chunk = os.read(fd, size)
            except BlockingIOError:
                continue
            except OSError as err:
                raise UnreadableFile(Phrase('cannot be read ({err})', err=err.strerror or err)) from None
            if not chunk:
                return
            total += len(chunk)
            if total > limit:  # it grew while we read it
                raise UnreadableFile(Phrase('is more than {limit:,} bytes; a {what} may have at most {limit:,}',
                                            limit=limit, what=Term(what)))
            yield chunk
    finally:
        os.close(fd)
