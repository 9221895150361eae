"""Writing a file the user named (`-o FILE`): atomically, and never over anything but a plain file.

The text goes to a fresh temporary file in the same folder (a unique name, created exclusively,
so no existing file is touched), which then replaces the target in one step: a reader sees the
old file or the new one, never half of one. The target may be a new name or an existing regular
file; a symlink, a folder, a device or pipe, and the rules file or transcript being read are
refused, and the temporary file is removed whatever goes wrong.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from .errors import Phrase, UsageError

__all__ = ["write_output"]


def _same_file(a: os.stat_result, b: Path) -> bool:
    try:
        other = os.stat(b)
    except (OSError, ValueError):
        return False
    return (a.st_dev, a.st_ino) == (other.st_dev, other.st_ino)


def write_output(text: str, output: str | os.PathLike, inputs: tuple[str | os.PathLike, ...] = ()) -> Path:
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
            for given in inputs:
                if _same_file(info, Path(given)):
                    raise UsageError(Phrase("-o {path}: is the file being read ({given}); write elsewhere", path=shown, given=str(given)))
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name[:80]}.", suffix=".tmp", dir=folder)
    except UsageError:
        raise
    except (OSError, ValueError) as err:
        raise UsageError(Phrase("-o {path}: cannot be written ({reason})", path=shown,
                                reason=str(getattr(err, 'strerror', None) or err))) from None
    try:
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
        if os.path.lexists(temporary):
            os.unlink(temporary)
    return path
