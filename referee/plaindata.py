"""Plain data kept between processes (the kept games and the parsers' tables): a JSON form that
can rebuild only values of the types its reader names, in files reached without following a link.

Pickle, marshal and their kind can name a callable, so a kept file that someone else could write
would be code run by the referee. This form cannot name one. A value is JSON, with four tagged
forms, each an object of one key, for what JSON lacks:

    {"(": [...]}              a tuple
    {"F": [...]}              a frozenset
    {"{": [k, v, k, v, ...]}  a dict whose keys are not all strings (or whose one key is a tag)
    {"<": [NAME, f1, f2 ...]} a record: an instance of the class NAME of the reader's `Records`,
                              its fields in declaration order (an enum's member: its value)

A dict of string keys is a JSON object and a list a JSON array. The reader calls nothing a file
names: a record's NAME is looked up only in the `Records` its caller passes (an explicit list of
the referee's frozen dataclasses and enums), and each field of a record must have the type the class
declares for it, or the whole file is refused (`Unreadable`). A record is built by the class's
own `__init__`.

`Folder` is a folder of kept files opened once and used through its descriptor: it is refused
unless its owner is one of those allowed and neither group nor others may write in it (as `ssh`
treats its keys); its files and subfolders are opened with `O_NOFOLLOW` and checked on the
opened descriptor, so a link planted in it is never followed, and files are written under a
fresh name and renamed into place, so a reader sees the old file or the new one.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import gc
import importlib
import json
import os
import re
import stat
import typing
from collections.abc import Iterable

__all__ = ["Records", "Unreadable", "FolderRefused", "Folder", "dumps", "loads", "usable", "without_cycle_collector"]

_TAGS = frozenset("(F{<")
_SCALARS = (str, int, bool, float, type(None))


class Unreadable(ValueError):
    """A kept file that is not a value of the expected form (damaged, planted or from elsewhere)."""


class FolderRefused(OSError):
    """A folder or file of kept data that someone else owns or others may write in: why, in words."""


# -- the value form ----------------------------------------------------------------------------------------

class Records:
    """The record classes a kept file may hold: an explicit list of class names by module (the
    referee's own modules, named here, never by a file). A record's name is looked up only in
    this list, and its module imported when a record of one of its classes is first read or
    written, so a file can make no other module load. Every field of a record is checked, when
    read, against the type its class declares for it."""

    def __init__(self, modules: dict[str, tuple[str, ...]]) -> None:
        self._homes = {name: module for module, names in modules.items() for name in names}
        if len(self._homes) != sum(map(len, modules.values())):
            raise TypeError("two kept records of the same name")
        self._classes: dict[str, type] = {}  # those loaded so far
        self._readers: dict[str, tuple[type, tuple[str, ...], tuple]] = {}
        self._checks: dict[tuple[str, frozenset[str]], typing.Callable[[object], bool]] = {}

    def _class(self, name: str) -> type:
        cls = self._classes.get(name)
        if cls is None:
            cls = getattr(importlib.import_module(self._homes[name]), name)
            frozen = getattr(getattr(cls, "__dataclass_params__", None), "frozen", False)
            if cls.__name__ != name or not (
                    (dataclasses.is_dataclass(cls) and frozen) or (isinstance(cls, type) and issubclass(cls, enum.Enum))):
                raise TypeError(f"{name}: only frozen dataclasses and enums are kept")
            self._classes[name] = cls
        return cls

    def __contains__(self, cls: type) -> bool:
        name = getattr(cls, "__name__", None)
        return name in self._homes and self._class(name) is cls

    def fields(self, value) -> list:
        """The fields of a record in declaration order; an enum member's value."""
        if isinstance(value, enum.Enum):
            return [value.value]
        return [getattr(value, name) for name in self._reader(type(value).__name__)[1]]

    def _reader(self, name: str) -> tuple[type, tuple[str, ...], tuple]:
        """The class of that name, its fields' names and their checks (worked out on first use:
        a file holds few of the classes a registry names). An enum has one field, its value."""
        reader = self._readers.get(name)
        if reader is None:
            cls = self._class(name)
            if issubclass(cls, enum.Enum):
                values = {member.value for member in cls}
                reader = self._readers[name] = (cls, ("value",), (lambda v: type(v) in _SCALARS and v in values,))
                return reader
            fields = dataclasses.fields(typing.cast(typing.Any, cls))
            if not all(f.init for f in fields):
                raise TypeError(f"{name}: every field of a kept record is set by __init__")
            params = {p.__name__ for p in getattr(cls, "__parameters__", ())}
            checks = tuple(self._declared(f.type, params) for f in fields)
            reader = self._readers[name] = (cls, tuple(f.name for f in fields), checks)
        return reader

    def record(self, body: list):
        """The record `{"<": body}` stands for, its fields checked."""
        name = body[0] if body else None
        if type(name) is not str or name not in self._homes:
            raise Unreadable(f"{str(name)[:40]!r} is not a kept kind of value")
        cls, names, checks = self._reader(name)
        values = body[1:]
        if len(values) != len(names):
            raise Unreadable(f"a {name} has {len(names)} fields, not {len(values)}")
        for field, check, value in zip(names, checks, values):
            if not check(value):
                raise Unreadable(f"the field {field} of a {name} is not of its declared type")
        return cls(*values)

    def plain(self, value) -> bool:
        """Whether `value` is plain data (scalars, tuples, frozensets, dicts, records), for a
        field whose type is open (a type variable, a bare `tuple`)."""
        kind = type(value)
        if kind in _SCALARS:
            return True
        if kind is tuple or kind is frozenset:
            return all(map(self.plain, value))
        if kind is dict:
            return all(self.plain(k) and self.plain(v) for k, v in value.items())
        return self._classes.get(kind.__name__) is kind  # a record was checked when it was read

    def _declared(self, annotation, params: set[str]) -> typing.Callable[[object], bool]:
        """The check of a field declared `annotation`. The model's modules postpone their
        annotations, so each is the source text of a type (`Cited[tuple[str, ...]] | None`);
        it is read here by a small parser that knows only the builtins below, the registry's
        classes and the class's type parameters: nothing is evaluated or imported."""
        if not isinstance(annotation, str):
            raise TypeError(f"a kept record declares its fields in postponed annotations, not {annotation!r}")
        key = (annotation, frozenset(params))
        check = self._checks.get(key)
        if check is None:
            tokens = re.findall(r"[A-Za-z_][A-Za-z0-9_]*|\.\.\.|[][|,]|\S", annotation.replace('"', " ").replace("'", " "))
            tokens.reverse()
            check = self._checks[key] = self._union(tokens, params)
            if tokens:
                raise TypeError(f"cannot read the annotation {annotation!r}")
        return check

    def _union(self, tokens: list[str], params: set[str]):
        options = [self._atom(tokens, params)]
        while tokens and tokens[-1] == "|":
            tokens.pop()
            options.append(self._atom(tokens, params))
        if len(options) == 1:
            return options[0]
        return lambda v: any(check(v) for check in options)

    def _atom(self, tokens: list[str], params: set[str]):
        name = tokens.pop() if tokens else ""
        args: list = []
        if tokens and tokens[-1] == "[":
            tokens.pop()
            while True:
                if tokens and tokens[-1] == "...":
                    args.append(tokens.pop())
                else:
                    args.append(self._union(tokens, params))
                separator = tokens.pop() if tokens else ""
                if separator == "]":
                    break
                if separator != ",":
                    raise TypeError(f"cannot read an annotation at {separator!r}")
        if name in params:
            return self.plain
        if name == "None" and not args:
            return lambda v: v is None
        if name in ("str", "int", "bool") and not args:
            kind = _BUILTINS[name]
            return lambda v: type(v) is kind
        if name == "float" and not args:
            return lambda v: type(v) in (int, float)
        if name in ("tuple", "frozenset", "dict") and not args:
            kind = _BUILTINS[name]
            return lambda v: type(v) is kind and self.plain(v)
        if name == "tuple" and len(args) == 2 and args[1] == "...":
            each = args[0]
            return lambda v: type(v) is tuple and all(map(each, v))
        if name == "tuple" and "..." not in args:
            return lambda v: type(v) is tuple and len(v) == len(args) and all(c(x) for c, x in zip(args, v))
        if name == "frozenset" and len(args) == 1:
            each = args[0]
            return lambda v: type(v) is frozenset and all(map(each, v))
        if name == "dict" and len(args) == 2:
            key, item = args
            return lambda v: type(v) is dict and all(key(k) and item(x) for k, x in v.items())
        if name in self._homes and not args:
            # A value of a class not loaded yet cannot have been read: the class is looked up
            # when the check runs, and its module is not imported for it.
            return lambda v: type(v) is self._classes.get(name)
        cls = self._class(name) if name in self._homes else None
        if cls is not None and len(args) == len(getattr(cls, "__parameters__", ())):
            # A generic record, `Cited[int]`: the fields declared by a type parameter checked too.
            given = dict(zip((p.__name__ for p in getattr(cls, "__parameters__", ())), args))
            typed = tuple((f.name, given[f.type]) for f in dataclasses.fields(typing.cast(typing.Any, cls))
                          if f.type in given)
            return lambda v: type(v) is cls and all(check(getattr(v, field)) for field, check in typed)
        raise TypeError(f"a kept record cannot declare a field of type {name!r} with {len(args)} arguments")


_BUILTINS = {"str": str, "int": int, "bool": bool, "tuple": tuple, "frozenset": frozenset, "dict": dict}


def _form(value, records: Records | None):
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is list:
        return [_form(v, records) for v in value]
    if kind is tuple:
        return {"(": [_form(v, records) for v in value]}
    if kind is frozenset:
        return {"F": [_form(v, records) for v in value]}
    if kind is dict:
        if all(type(k) is str for k in value) and not (len(value) == 1 and next(iter(value)) in _TAGS):
            return {k: _form(v, records) for k, v in value.items()}
        return {"{": [part for k, v in value.items() for part in (_form(k, records), _form(v, records))]}
    if records is not None and kind in records:
        return {"<": [kind.__name__, *(_form(field, records) for field in records.fields(value))]}
    raise TypeError(f"a {kind.__name__} is not plain data and is not kept")


def dumps(value, records: Records | None = None) -> bytes:
    """The kept form of `value` (UTF-8 JSON, one line); TypeError if it holds anything that is
    not plain data or a record of `records`."""
    return json.dumps(_form(value, records), ensure_ascii=False, separators=(",", ":"),
                      allow_nan=False).encode("utf-8")


def _no_constant(name: str):
    raise Unreadable(f"{name} is not kept data")


def _finite(text: str) -> float:
    number = float(text)
    if number - number != 0:  # 1e999 reads as infinity
        raise Unreadable("Infinity is not kept data")
    return number


def loads(data: bytes | str, records: Records | None = None):
    """The value a kept form stands for; `Unreadable` for anything else (bad JSON, an unknown
    tag or record, a field of the wrong type, nesting too deep)."""
    def tagged(obj: dict):
        if len(obj) != 1:
            return obj
        ((tag, body),) = obj.items()
        if tag not in _TAGS:
            return obj
        if type(body) is not list:
            raise Unreadable(f"a {tag!r} form holds a list")
        if tag == "(":
            return tuple(body)
        if tag == "F":
            return frozenset(body)
        if tag == "{":
            if len(body) % 2:
                raise Unreadable("a dict holds keys and values in pairs")
            return dict(zip(body[::2], body[1::2]))
        if records is None:
            raise Unreadable("no records are kept here")
        return records.record(body)

    with without_cycle_collector():
        try:
            return json.loads(data, object_hook=tagged, parse_constant=_no_constant, parse_float=_finite)
        except Unreadable:
            raise
        except (ValueError, TypeError, RecursionError, MemoryError) as err:  # bad JSON or UTF-8; unhashable keys
            raise Unreadable(f"not kept data ({type(err).__name__})") from None


@contextlib.contextmanager
def without_cycle_collector():
    """Reading kept data makes many thousands of objects and no reference cycle, so the cycle
    collector, left running, would walk the growing heap again and again for nothing (two
    thirds of the time of reading the rules language's tables); reference counting frees
    everything as before."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


# -- the folders --------------------------------------------------------------------------------------------

def usable() -> bool:
    """Whether this system can open files relative to a folder's descriptor without following a
    link (not, for instance, Windows): elsewhere nothing is kept. (`os.replace` takes the
    descriptors wherever `os.rename` does.)"""
    return (hasattr(os, "O_NOFOLLOW") and hasattr(os, "O_DIRECTORY") and hasattr(os, "getuid")
            and {os.open, os.mkdir, os.unlink, os.rmdir, os.rename, os.stat} <= os.supports_dir_fd)


def _refusal(info: os.stat_result, owners: frozenset[int]) -> str | None:
    """Why a kept folder or file may not be trusted, or None."""
    if info.st_uid not in owners:
        return f"it belongs to user id {info.st_uid}, not to you (user id {os.getuid()})"
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return f"others may write in it (mode {stat.S_IMODE(info.st_mode):o})"
    return None


class Folder:
    """A folder of kept files, open by descriptor (see the module's docstring)."""

    def __init__(self, fd: int, owners: frozenset[int]) -> None:
        self._fd = fd
        self._owners = owners

    @classmethod
    def open(cls, path: str | os.PathLike, owners: Iterable[int] | None = None, create: int | None = None) -> "Folder":
        """The folder `path` (a path the user named or the install folder: a link on the way
        is followed, and the folder reached is checked), whose owner must be one of `owners`
        (the user, by default); `create`: made with this mode if missing. OSError if it cannot
        be opened; FolderRefused if someone else owns it or others could write in it."""
        if not usable():
            raise OSError("kept files need O_NOFOLLOW and dir_fd")
        allowed = frozenset({os.getuid()} if owners is None else owners)
        if create is not None:
            os.makedirs(path, mode=create, exist_ok=True)
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        return cls._checked(fd, allowed)

    @classmethod
    def _checked(cls, fd: int, owners: frozenset[int]) -> "Folder":
        try:
            why = _refusal(os.fstat(fd), owners)
        except OSError:
            os.close(fd)
            raise
        if why is not None:
            os.close(fd)
            raise FolderRefused(why)
        return cls(fd, owners)

    def __enter__(self) -> "Folder":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def folder(self, name: str, create: int | None = None) -> "Folder":
        """The subfolder `name`, never through a link; `create`: made with this mode if missing."""
        flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
        try:
            fd = os.open(name, flags, dir_fd=self._fd)
        except FileNotFoundError:
            if create is None:
                raise
            try:
                os.mkdir(name, create, dir_fd=self._fd)
            except FileExistsError:
                pass  # made meanwhile, by another process: checked below like any other
            fd = os.open(name, flags, dir_fd=self._fd)
        return self._checked(fd, self._owners)

    def names(self) -> list[str]:
        """The names in the folder."""
        with os.scandir(self._fd) as entries:
            return [entry.name for entry in entries]

    def is_folder(self, name: str) -> bool:
        """Whether `name` is a subfolder itself (not a link to one)."""
        info = os.stat(name, dir_fd=self._fd, follow_symlinks=False)
        return stat.S_ISDIR(info.st_mode)

    def read(self, name: str, limit: int) -> bytes:
        """The bytes of the regular file `name`, of at most `limit` bytes, never through a link
        (ELOOP), never a pipe or device, never a file others may write; OSError otherwise."""
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=self._fd)
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise OSError(f"{name} is not a regular file")
            why = _refusal(info, self._owners)
            if why is not None:
                raise FolderRefused(f"{name}: {why}")
            if info.st_size > limit:
                raise OSError(f"{name} is {info.st_size:,} bytes, more than {limit:,}")
            data = handle.read(limit + 1)
        if len(data) > limit:
            raise OSError(f"{name} grew past {limit:,} bytes")
        return data

    def write(self, name: str, data: bytes, mode: int = 0o600) -> None:
        """Keep `data` as `name`: written under a fresh name beside it, then renamed over it (a
        link or anything else of that name is replaced, never followed)."""
        temporary = f".{name}.{os.urandom(6).hex()}.tmp"
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, mode,
                     dir_fd=self._fd)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.replace(temporary, name, src_dir_fd=self._fd, dst_dir_fd=self._fd)
        except BaseException:
            os.unlink(temporary, dir_fd=self._fd)
            raise

    def remove(self, name: str) -> None:
        """Remove the file (or link) `name`, if it is there."""
        try:
            os.unlink(name, dir_fd=self._fd)
        except FileNotFoundError:
            pass

    def remove_folder(self, name: str, files: typing.Callable[[str], bool]) -> None:
        """Remove the subfolder `name` (itself, not a link) with those of its files `files`
        accepts; a folder still holding anything else is left."""
        try:
            with self.folder(name) as inside:
                for entry in inside.names():
                    if files(entry):
                        inside.remove(entry)
            os.rmdir(name, dir_fd=self._fd)
        except OSError:
            pass  # not ours, not empty, or gone meanwhile: leave it
