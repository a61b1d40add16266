"""Result files that are checked before a run and never left half-written.

:func:`check_writable` says before a long match whether a path can be written
(an existing folder, not a directory itself, writable); :func:`atomic_write`
writes through a temporary file in the same folder and renames it over the
target, so a full disk or a file-size limit leaves any earlier file intact.

A temporary file is named ``.<target name>.pokercore-<host>-<pid>-<random><suffix>``.
A run killed while writing (``SIGKILL``, a power cut) leaves it behind; the
next check or write of the same target removes such leftovers when the
process that made them is gone (same host, pid no longer running) or, for
any host, when they are more than a day old.  Other files are never touched.

Examples
--------
>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> check_writable(folder / "r.json")
>>> atomic_write(folder / "r.json", lambda tmp: pathlib.Path(tmp).write_text("{}"))
>>> (folder / "r.json").read_text()
'{}'
>>> check_writable(folder / "missing" / "r.json")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokercore.sim.files.OutputError: cannot write ...r.json: the folder ...missing does not exist
"""

from __future__ import annotations

import os
import re
import socket
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Union

from ..errors import PokercoreError

__all__ = ["OutputError", "atomic_write", "check_writable", "remove_stale_temporaries"]

PathLike = Union[str, "os.PathLike[str]"]


class OutputError(PokercoreError, OSError):
    """A result file that cannot be written; no earlier file was changed."""


#: Age after which a temporary file of any host and process counts as left behind.
STALE_AFTER_S = 24 * 3600
_PROBE = ".probe"


def _folder(path: Path) -> Path:
    return path.parent if str(path.parent) else Path(".")


def _host() -> str:
    return re.sub(r"[^A-Za-z0-9]", "_", socket.gethostname())[:32] or "host"


def _prefix(target: Path) -> str:
    return f".{target.name}.pokercore-{_host()}-{os.getpid()}-"


def _suffix(target: Path) -> str:
    return target.suffix or ".tmp"


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):  # another user's process, or no way to tell: assume it runs
        return True
    return True


def remove_stale_temporaries(path: PathLike) -> list[str]:
    """Remove the temporary files that earlier, killed writes of ``path`` left behind; return their names.

    Only names of this module's own pattern for this very target are
    considered, and only those whose process is gone (same host) or that are
    older than a day.
    """
    p = Path(path)
    folder = _folder(p)
    pattern = re.compile(
        rf"\.{re.escape(p.name)}\.pokercore-(?P<host>[A-Za-z0-9_]+)-(?P<pid>[0-9]+)-[a-z0-9_]+"
        rf"(?:{re.escape(_suffix(p))}|{re.escape(_PROBE)})"
    )
    start = f".{p.name}.pokercore-"
    host, now = _host(), time.time()
    removed: list[str] = []
    try:
        entries = [e for e in os.scandir(folder) if e.name.startswith(start)]
    except OSError:
        return removed
    for entry in entries:
        m = pattern.fullmatch(entry.name)
        if m is None:
            continue
        pid = int(m.group("pid"))
        try:
            age = now - entry.stat(follow_symlinks=False).st_mtime
            if not entry.is_file(follow_symlinks=False):
                continue
        except OSError:
            continue
        gone = m.group("host") == host and pid != os.getpid() and not _running(pid)
        if gone or age > STALE_AFTER_S:
            try:
                os.unlink(entry.path)
                removed.append(entry.name)
            except OSError:
                pass
    return removed


def check_writable(path: PathLike) -> None:
    """Raise :class:`OutputError` unless ``path`` can be created or replaced.

    The folder must exist and accept a new file (tried for real, so a
    read-only file system is caught even for root); ``path`` must not be a
    directory.
    """
    p = Path(path)
    folder = _folder(p)
    if p.is_dir():
        raise OutputError(f"cannot write {p}: it is a directory")
    if not folder.exists():
        raise OutputError(f"cannot write {p}: the folder {folder} does not exist")
    if not folder.is_dir():
        raise OutputError(f"cannot write {p}: {folder} is not a folder")
    remove_stale_temporaries(p)
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=_prefix(p), suffix=_PROBE)
    except OSError as exc:
        raise OutputError(f"cannot write {p}: cannot create a file in {folder} ({exc.strerror or exc})") from None
    os.close(fd)
    os.unlink(probe)


def _mode(target: Path) -> int:
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def atomic_write(path: PathLike, write: Callable[[str], Any]) -> None:
    """Call ``write(tmp)`` on a temporary file beside ``path``, then rename it to ``path``.

    The temporary file keeps ``path``'s suffix (so writers that pick a
    format from it, like matplotlib, work).  On any error the temporary file
    is removed and ``path`` is untouched; an ``OSError`` becomes an
    :class:`OutputError` with one line that says what failed.
    """
    p = Path(path)
    folder = _folder(p)
    remove_stale_temporaries(p)
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=_prefix(p), suffix=_suffix(p))
    except OSError as exc:
        raise OutputError(f"cannot write {p}: {exc.strerror or exc}") from None
    os.close(fd)
    try:
        write(tmp)
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        os.chmod(tmp, _mode(p))
        os.replace(tmp, p)
    except OSError as exc:
        _remove(tmp)
        raise OutputError(f"cannot write {p}: {exc.strerror or exc}") from None
    except BaseException:
        _remove(tmp)
        raise


def _remove(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass
