"""The shipped games, built once and kept, so that a judge in a fresh process need not parse
their rules files again (parsing is most of the time of `referee judge` on a whole match).

Only the shipped rules files (`rules/`, trusted) are kept, never a rules file from elsewhere.
A kept game is found by what it was built from: a folder per version of every file that could
change it (the referee's version, the size and modification time of its code and grammar, the
hash of every shipped rules file and source), and in it a file per rules file and readings.
When any of those files changes, the games are built again and the folders of other versions
removed.

The install step (`python -m referee.install`, run by `scripts/setup`) keeps the shipped
games under their default readings beside the package; at run time that folder is only read.
A wheel carries them already (`hatch_build.py` runs the same step when the wheel is built),
with a build stamp: the hash of the content of every file a game depends on, which stands for
the version, since the files of an installed wheel are its own and change only with it. A kept
game holds the paths of its rules files inside the shipped rules folder as relative ones, so
that it reads back wherever the package is installed. A
user may name another folder, `REFEREE_CACHE=DIR`, where games under any readings are kept as
they are built (`REFEREE_CACHE=off`: nothing is read or kept). The referee writes no other path.

A kept file is data, never code: the plain form of `referee.plaindata`, which can rebuild only
the model's own frozen records (`_RECORDS`), each field checked against its declared type. Its
first line names the format, the version, the rules file and the readings it was built under,
and a file whose line differs from the one looked for (another game's file put in its place, a
stale or damaged one) is not used: the game is built and kept again. A folder someone else
owns or that others may write in is not used either (for `REFEREE_CACHE`, with one line on
standard error saying why), and no link in it is followed. Any other error in reading or
writing simply means building the game as usual.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from .. import __version__
from ..plaindata import Folder, FolderRefused, Records, Unreadable, dumps, loads
from ..resources import resource_dir, rules_dir

if TYPE_CHECKING:  # for the annotations only: the model's records are loaded when a kept game is read
    from .game import Game

__all__ = ["content_fingerprint", "installed_is_current", "kept_game", "load_kept", "shipped_game"]

_NAME = re.compile(r"[a-z][a-z0-9_]*")
_FORMAT = "referee-game/3"
_VERSION = re.compile(r"[0-9a-f]{24}")
_KEPT_FILE = re.compile(r".*\.(json|pickle|tmp)")  # what a version folder holds (pickle: before format 2)
_LIMIT = 4_000_000  # bytes of one kept game (the shipped ones are 40-100 kB)


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
# Written into a wheel when it is built (`hatch_build.py`), never into a checkout: see `_fingerprint`.
STAMP = INSTALLED.parent / "build-stamp"
_STAMP = re.compile(rb"[0-9a-f]{64}")
# A kept game's paths inside the shipped rules folder start with this instead of the folder.
_RULES_MARK = b'"<rules>/'


def _folder() -> tuple[Path | None, bool]:
    """Where games are kept, and whether this process may write there."""
    named = os.environ.get("REFEREE_CACHE", "")
    if named.lower() in ("off", "0", "no"):
        return None, False
    if named:
        return Path(named).expanduser(), True
    return INSTALLED, False


def load_kept(name: str | Path, settings: dict[str, str]) -> Game:
    """The game `name` (a shipped game's path or any rules file) under `settings`: kept, when it
    is a shipped game kept for these readings, else built from its rules file."""
    def build() -> Game:
        # the parser and the builder only when no kept game serves (a judge of a kept game loads neither)
        from .build import load_game
        return load_game(name, settings)
    return kept_game(Path(name), settings, build)


def keep_installed_games(build: Callable[[Path], Game], folder: Path | None = None,
                         version: str | None = None) -> list[Path]:
    """The install step: keep every shipped game and variant under its default readings
    (`build(path)` builds one) in `folder` (`INSTALLED`), under `version` (the fingerprint of
    the files); the files kept."""
    folder = folder or INSTALLED
    for path in sorted([*rules_dir().glob("*.rules"), *(rules_dir() / "variants").glob("*.rules")]):
        _keep(path, {}, functools.partial(build, path), folder, True, version)
    return sorted(folder.rglob("*.json"))


def installed_is_current() -> bool:
    """Whether the shipped games kept in `INSTALLED` are those of the files as they are now (in a
    checkout they go stale as its code is edited, until the install step runs again)."""
    class _Stale(Exception):
        pass

    def stale() -> NoReturn:
        raise _Stale
    for path in sorted(rules_dir().glob("*.rules"))[:1]:
        try:
            _keep(path, {}, stale, INSTALLED, False)
        except _Stale:
            return False
    return True


def content_fingerprint() -> str:
    """What every kept game depends on, wherever the files are: the format, the referee's version,
    and the relative path and content of its code, its grammar and every shipped rules file and
    source (the build stamp of a wheel)."""
    package = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256(f"{_FORMAT}\0{__version__}\n".encode())
    for folder, pattern in ((package, "**/*.py"), (resource_dir("grammar"), "*.lark"), (rules_dir(), "**/*")):
        for path in sorted(folder.glob(pattern)):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(folder).as_posix().encode() + b"\0" +
                              hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _fingerprint() -> str:
    """What every kept game depends on: the build stamp of an installed wheel; else (a checkout,
    whose files change as they are edited) the referee's version, the size and modification time
    of its code and grammar, and the hash of every shipped rules file and source."""
    try:
        stamp = STAMP.read_bytes()[:100].strip()
        if _STAMP.fullmatch(stamp) and not STAMP.is_symlink():
            return stamp.decode()
    except OSError:
        pass
    package = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256(f"{_FORMAT}\0{__version__}\n".encode())
    for folder, pattern in ((package, "**/*.py"), (resource_dir("grammar"), "*.lark")):
        for path in sorted(folder.glob(pattern)):
            stat = path.stat()
            digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    for path in sorted(rules_dir().rglob("*")):
        if path.is_file():
            digest.update(f"{path}\0".encode() + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


# The only values a kept game may hold: the model's frozen records (and plain data).
_RECORDS = Records({
    "referee.errors": ("SourcePosition",),
    "referee.model.cards": ("Suit", "Rank", "Card", "Deck", "CardSet"),
    "referee.model.values": ("Citation", "Provenance", "Cited", "SeatRef"),
    "referee.model.game": (
        "Game", "Parameter", "Clause", "Source", "ContractRules", "Contract", "Check", "EndKind", "MatchEnd", "Account",
        "Winner"),
    "referee.mechanics.auction.rules": (
        "LadderStep", "SpecialBid", "PassOut", "PassOutProgression", "PassOutExit", "Growth", "Multiplier", "Target", "Amount", "Settle", "ContractValue", "Quota",
        "FinalTerm", "FinalScore", "AccountCap", "AuctionRules", "Rise", "ContestWinner", "Declaring", "DefenceRule", "Undefended",
        "DeclinerTricks", "OpenDefence", "Writer", "Outcome", "AmountKind", "QuotaKind", "Counted", "TermKind"),
    "referee.mechanics.layout.rules": ("LayoutStart", "LayoutBuildKind", "LayoutRules"),
    "referee.mechanics.tricks.rules": (
        "Trumps", "DutyKind", "DutyStep", "HeadDuty", "Extreme", "TrickWinner", "ScoreKind", "ScoreRule", "AllTaken",
        "ConditionKind", "Condition", "TrickRules"),
    "referee.mechanics.vocabulary": ("Phase", "PhaseWord"),
    "referee.mechanics.claims.rules": ("Unstated", "ClaimRule"),
    "referee.mechanics.passing.rules": ("CardPassing", "PassingRules"),
    "referee.mechanics.table.rules": (
        "Packet", "PacketKind", "Rotation", "Side", "TableRules", "PlayDirection", "PackChoice", "DrawKind", "FirstDealerRule", "TieBreak"),
    "referee.mechanics.contract_choice.rules": ("Chooser", "ContractChoiceRules"),
    "referee.mechanics.doubling.rules": ("DoublingRules",),
    "referee.mechanics.vying.rules": (
        "Ante", "BlindSize", "Blind", "HandRank", "Bonus", "VyingModel", "AnteWho", "BlindSeat", "SizeKind",
        "OpenFloor", "PassEffect", "BetSeat", "RaiseSize", "EndCondition", "ShortChoice", "AllInOpen", "AllInWin",
        "Excess", "SidePotRule", "PotFate", "HandPattern", "ShowingWho", "SuitOwnerRule", "TieStart", "Meeting",
        "SessionUnit", "SessionLength"),
})
_SAID: set[str] = set()


def _say_once(folder: Path, why: FolderRefused) -> None:
    """Tell the user, once, why the cache folder they named is not used."""
    if str(folder) not in _SAID:
        _SAID.add(str(folder))
        print(f"referee: note: REFEREE_CACHE={folder} is not used: {why}; games are built afresh "
              "(name a folder only you can write to, e.g. `chmod 700` it)", file=sys.stderr)


def _forget_other_versions(top: Folder, version: str) -> None:
    """Games kept from other versions of the files will never be read again: remove them."""
    for name in top.names():
        if name != version and _VERSION.fullmatch(name) and top.is_folder(name):
            top.remove_folder(name, lambda entry: _KEPT_FILE.fullmatch(entry) is not None)


def kept_game(path: Path, settings: dict[str, str], build: Callable[[], Game]) -> Game:
    """The game of the shipped rules file `path` under `settings`: the kept one if its inputs are
    unchanged, else `build()`, kept for next time. A file that is not shipped is always built."""
    return _keep(path, settings, build, *_folder())


def _shipped_name(path: Path) -> str | None:
    """`path` as a name inside the shipped rules folder (`variants/x.rules`), or None."""
    try:
        return Path(path).resolve().relative_to(rules_dir().resolve()).as_posix()
    except (OSError, ValueError, RuntimeError):
        return None


def _relative_paths() -> tuple[bytes, bytes]:
    """The shipped rules folder as a kept game writes the start of a path in it, and as its mark."""
    folder = json.dumps(rules_dir().resolve().as_posix() + "/", ensure_ascii=False)[:-1].encode("utf-8")
    return folder, _RULES_MARK


def _keep(path: Path, settings: dict[str, str], build: Callable[[], Game], folder: Path | None, writable: bool,
          version: str | None = None) -> Game:
    shipped = _shipped_name(path) if folder is not None else None
    if folder is None or shipped is None:
        return build()
    try:
        version = version or _fingerprint()
        # The user's folder must be the user's; the install folder may also be root's.
        top = Folder.open(folder, owners={os.getuid()} if writable else {os.getuid(), 0},
                          create=(0o755 if folder == INSTALLED else 0o700) if writable else None)
    except FolderRefused as why:
        if folder != INSTALLED:
            _say_once(folder, why)
        return build()
    except (OSError, ValueError, RuntimeError):
        return build()
    # The file's first line: what it must have been built from.
    head = json.dumps({"format": _FORMAT, "version": version, "shipped": shipped,
                       "readings": sorted([k, v] for k, v in settings.items())},
                      ensure_ascii=False, separators=(",", ":")).encode()
    name = hashlib.sha256(head).hexdigest() + ".json"
    with top:
        game = _read(top, version[:24], name, head, folder)
        if game is not None:
            return game
        game = build()
        if writable:
            _write(top, version[:24], name, head, game, 0o644 if folder == INSTALLED else 0o600)
    return game


def _read(top: Folder, version: str, name: str, head: bytes, folder: Path) -> Game | None:
    """The game kept as `name`, if it is there, was built from what `head` says, and reads back
    as a game; else None."""
    # the model's records only when a kept game is read: install and completion ask only whether it is current
    from .game import Game
    try:
        with top.folder(version) as inside:
            data = inside.read(name, _LIMIT)
    except FolderRefused as why:
        if folder != INSTALLED:
            _say_once(folder, why)
        return None
    except OSError:
        return None
    first, _, rest = data.partition(b"\n")
    if first != head:  # another game's file, or one kept under other readings or another version
        return None
    absolute, mark = _relative_paths()
    try:
        game = loads(rest.replace(mark, absolute), _RECORDS)
    except Unreadable:
        return None
    return game if type(game) is Game else None


def _write(top: Folder, version: str, name: str, head: bytes, game: Game, mode: int) -> None:
    try:
        absolute, mark = _relative_paths()
        data = dumps(game, _RECORDS)
        if loads(data, _RECORDS) != game:  # kept only if it reads back as this very game
            return
        data = data.replace(absolute, mark)
        if loads(data.replace(mark, absolute), _RECORDS) != game:  # (and after its paths are made relative)
            return
        _forget_other_versions(top, version)
        with top.folder(version, create=0o755 if mode & 0o044 else 0o700) as inside:
            inside.write(name, head + b"\n" + data, mode)
    except (OSError, TypeError, ValueError, RecursionError):
        pass  # keeping is an optimisation: the game is built either way
