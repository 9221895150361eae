"""The shipped games, built once and kept, so that a judge in a fresh process need not parse
their rules files again (parsing is most of the time of `referee judge` on a whole match).

Only the shipped rules files (`rules/`, trusted) are kept, never a rules file from elsewhere.
A kept game is found by what it was built from: a folder per version of every file that could
change it (size and modification time of the referee's code, the grammar, the shipped rules
files and sources), and in it a file per rules file as named and parameter values chosen. When
any of those files changes, the games are built again and the folders of other versions removed.

The install step (`python -m referee.install`, run by `scripts/setup`) keeps the shipped
games under their default readings beside the package; at run time that folder is only read. A
user may name another folder, `REFEREE_CACHE=DIR`, where games under any readings are kept as
they are built (`REFEREE_CACHE=off`: nothing is read or kept). The referee writes no other path,
and reads pickles only from those two. Any error in reading or writing simply means building
the game as usual.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import re
import tempfile
from pathlib import Path

from ..resources import resource_dir, rules_dir

__all__ = ["kept_game", "load_kept", "shipped_game"]

_NAME = re.compile(r"[a-z][a-z0-9_]*")
_FORMAT = b"referee-game-cache/1"
_VERSION = re.compile(r"[0-9a-f]{24}")


def shipped_game(name: str) -> Path | None:
    """The shipped game or variant of this name (as `document.find_game` finds it first)."""
    if len(name) > 100 or not _NAME.fullmatch(name):
        return None
    for folder in (rules_dir(), rules_dir() / "variants"):
        path = folder / f"{name}.rules"
        try:
            if path.is_file():
                return path
        except (OSError, ValueError):
            return None
    return None


# The shipped games under their default readings, kept by the install step
# (`python -m referee.install`) beside the parser tables; read, never written, at run time.
INSTALLED = Path(__file__).resolve().parent.parent / "front" / "_tables" / "games"


def _folder() -> tuple[Path | None, bool]:
    """Where games are kept, and whether this process may write there."""
    named = os.environ.get("REFEREE_CACHE", "")
    if named.lower() in ("off", "0", "no"):
        return None, False
    if named:
        return Path(named).expanduser(), True
    return INSTALLED, False


def load_kept(name, settings: dict[str, str]):
    """The game `name` (a shipped game's path or any rules file) under `settings`: kept, when it
    is a shipped game kept for these readings, else built from its rules file."""
    def build():
        from .build import load_game
        return load_game(name, settings)
    return kept_game(Path(name), settings, build)


def keep_installed_games(build) -> list[Path]:
    """The install step: keep every shipped game and variant under its default readings
    (`build(path)` builds one) in `INSTALLED`; the files kept."""
    for path in sorted([*rules_dir().glob("*.rules"), *(rules_dir() / "variants").glob("*.rules")]):
        _keep(path, {}, lambda path=path: build(path), INSTALLED, True)
    return sorted(INSTALLED.rglob("*.pickle"))


def _fingerprint() -> bytes:
    """Size and modification time of every file a built game depends on."""
    package = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256(_FORMAT)
    for folder, pattern in ((package, "**/*.py"), (resource_dir("grammar"), "*.lark"), (rules_dir(), "**/*")):
        for path in sorted(folder.glob(pattern)):
            stat = path.stat()
            digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.digest()


class _GameUnpickler(pickle.Unpickler):
    """Reads back only the referee's own value types and plain containers."""

    def find_class(self, module: str, name: str):
        if module.startswith("referee.") or module in ("builtins", "copyreg", "collections", "pathlib"):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not part of a built game")


def _forget_other_versions(folder: Path, version: str) -> None:
    """Games kept from other versions of the files will never be read again: remove them."""
    if not folder.is_dir():
        return
    for other in folder.iterdir():
        if other.name != version and _VERSION.fullmatch(other.name) and other.is_dir() and not other.is_symlink():
            for file in other.glob("*.pickle"):
                file.unlink(missing_ok=True)
            for file in other.glob("*.tmp"):
                file.unlink(missing_ok=True)
            try:
                other.rmdir()
            except OSError:
                pass  # something else is in it: leave it


def kept_game(path: Path, settings: dict[str, str], build):
    """The game of the shipped rules file `path` under `settings`: the kept one if its inputs are
    unchanged, else `build()`, kept for next time. A file that is not shipped is always built."""
    return _keep(path, settings, build, *_folder())


def _keep(path: Path, settings: dict[str, str], build, folder: Path | None, writable: bool):
    try:
        shipped = folder is not None and Path(path).resolve().is_relative_to(rules_dir().resolve())
    except OSError:
        shipped = False
    if not shipped:
        return build()
    try:
        version = _fingerprint().hex()[:24]
    except OSError:
        return build()
    key = hashlib.sha256(repr((str(path), sorted(settings.items()))).encode()).hexdigest()
    kept = folder / version / f"{key}.pickle"
    try:
        with open(kept, "rb") as file:
            return _GameUnpickler(file).load()
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        pass
    game = build()
    if not writable:
        return game
    try:
        _forget_other_versions(folder, version)
        kept.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=kept.parent, suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as file:
                pickle.dump(game, file, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temporary, kept)
        except BaseException:
            os.unlink(temporary)
            raise
    except (OSError, pickle.PicklingError, TypeError, AttributeError, RecursionError):
        pass  # keeping is an optimisation: the game is built either way
    return game
