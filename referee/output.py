"""Writing a file the user named (`-o FILE`): atomically, and never over anything but a plain file.

The text goes to a fresh temporary file in the same folder (a unique name, created exclusively,
so no existing file is touched), which then replaces the target in one step: a reader sees the
old file or the new one, never half of one. The target may be a new name or an existing regular
file the user may write; a symlink, a folder, a device or pipe, a read-only file, and the rules
file or transcript being read are refused, and the temporary file is removed whatever goes wrong, also when the process is told
to end (SIGTERM, SIGHUP) while writing.
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

from .errors import Phrase, UsageError

__all__ = ["write_output"]


def _same_file(a: os.stat_result, b: Path) -> bool:
    try:
        other = os.stat(b)
    except (OSError, ValueError):
        return False
    return (a.st_dev, a.st_ino) == (other.st_dev, other.st_ino)


def _writable(info: os.stat_result) -> bool:
    """Whether the file's mode lets the user write it, as `rm` asks before it removes a
    write-protected file: by the owner's, the group's or the others' bit, whichever is his (also
    for root, who could write it anyway: a read-only file says it is not to be replaced)."""
    if info.st_uid == os.geteuid():
        return bool(info.st_mode & stat.S_IWUSR)
    if info.st_gid == os.getegid() or info.st_gid in os.getgroups():
        return bool(info.st_mode & stat.S_IWGRP)
    return bool(info.st_mode & stat.S_IWOTH)


def write_output(text: str, output: str | os.PathLike[str], inputs: tuple[str | os.PathLike[str], ...] = ()) -> Path:
    """Write `text` (UTF-8) to `output`, refusing to replace any of `inputs`; the path written."""
    path = Path(output)
    shown = str(output) if len(str(output)) <= 200 else str(output)[:200] + "..."
    if not path.name or path.name in (".", ".."):
        raise UsageError(Phrase("-o {path}: name a file, not a folder", path=shown))
    folder = path.parent
    try:
        if not folder.is_dir():
            raise UsageError(Phrase("-o {path}: the folder {folder} does not exist", path=shown, folder=str(folder)))
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            info = None
        if info is not None:
            if stat.S_ISLNK(info.st_mode):
                raise UsageError(Phrase("-o {path}: is a symbolic link; name the file itself", path=shown))
            if stat.S_ISDIR(info.st_mode):
                raise UsageError(Phrase("-o {path}: is a folder; name a file inside it", path=shown))
            if not stat.S_ISREG(info.st_mode):
                raise UsageError(Phrase("-o {path}: is not a regular file; it is not replaced", path=shown))
            if not _writable(info):
                raise UsageError(Phrase("-o {path}: is read-only; it is not replaced (make it writable, or write "
                                        "elsewhere)", path=shown))
            for given in inputs:
                if _same_file(info, Path(given)):
                    raise UsageError(Phrase("-o {path}: is the file being read ({given}); write elsewhere", path=shown, given=str(given)))
    except UsageError:
        raise
    except (OSError, ValueError) as err:
        raise UsageError(Phrase("-o {path}: cannot be written ({reason})", path=shown,
                                reason=str(getattr(err, 'strerror', None) or err))) from None
    temporary = None
    with _ended_by_signal_cleanly():
        try:
            with _signals_held():  # so that no signal comes between making the file and naming it here
                handle, temporary = tempfile.mkstemp(prefix=f".{path.name[:80]}.", suffix=".tmp", dir=folder)
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                stream.write(text)
                stream.flush()
                os.fsync(stream.fileno())
            # mkstemp makes the file private; give it the replaced file's mode, or a new file's.
            if info is not None:
                mode = stat.S_IMODE(info.st_mode)
            else:
                umask = os.umask(0)
                os.umask(umask)
                mode = 0o666 & ~umask
            os.chmod(temporary, mode)
            # os.replace swaps the directory entry and never follows a link put there meanwhile.
            os.replace(temporary, path)
        except OSError as err:
            raise UsageError(Phrase("-o {path}: cannot be written ({reason})", path=shown, reason=str(err.strerror or err))) from None
        finally:
            if temporary is not None and os.path.lexists(temporary):
                os.unlink(temporary)
    return path


# The signals that end a process at once by default, so that no `finally` would remove the
# temporary file (SIGINT raises KeyboardInterrupt and needs nothing; SIGKILL cannot be caught).
_ENDING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class _EndedBySignal(BaseException):
    """SIGTERM or SIGHUP arrived while the temporary file existed."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@contextlib.contextmanager
def _ended_by_signal_cleanly() -> Iterator[None]:
    """While the temporary file exists, SIGTERM and SIGHUP raise instead of ending the process at
    once, so that its `finally` removes the file; then the process ends by the same signal, as
    it would have (exit status and all). A signal the process ignores (`nohup`) or handles
    itself is left as it is, and so is any signal outside the main thread."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    arrived: list[int] = []

    def end(signum: int, frame: object) -> None:
        if not arrived:  # a second one must not interrupt the clean-up of the first
            arrived.append(signum)
            raise _EndedBySignal(signum)

    previous = {}
    try:
        for signum in _ENDING:
            if signal.getsignal(signum) is signal.SIG_DFL:
                previous[signum] = signal.signal(signum, end)
    except (ValueError, OSError):  # no signals here (an embedded interpreter)
        pass
    try:
        yield
    except _EndedBySignal:
        pass
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    if arrived:
        os.kill(os.getpid(), arrived[0])  # its default action again: the process ends here
        raise SystemExit(128 + arrived[0])  # (only if it could not be delivered)


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """SIGTERM and SIGHUP held back (delivered when the block ends), where the system can."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _ENDING)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
