"""Output files: the one home of every file pokercore's commands write.

A path is written to what it names (:func:`output_target`): a regular file,
new or old, is replaced atomically; a symbolic link writes the file it points
to and stays a link; a FIFO or a character device (``/dev/stdout``, a shell's
``>(gzip > x.gz)``, ``/dev/null``) is written through, never replaced; a
directory, a socket or a block device is refused by name.

:func:`check_writable` says before a long match whether a path can be written
(an existing folder, not a directory itself, writable); :func:`atomic_write`
writes a regular file through a temporary file in the same folder and renames
it over the target, so a full disk or a file-size limit leaves any earlier
file intact.  :func:`start_file` and :func:`append_text` write a file that
grows as a run goes (a hand history).  Every failure is an
:class:`OutputError` whose one line names the path and what went wrong.

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
pokercore.sim._files.OutputError: cannot write ...r.json: the folder ...missing does not exist
"""

from __future__ import annotations

import os
import re
import socket
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Union

from ..errors import PokercoreError

__all__ = ["OutputError", "append_text", "atomic_write", "check_writable", "output_target",
           "remove_stale_temporaries", "start_file"]

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


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISSOCK, "socket"), (stat.S_ISBLK, "block device"), (stat.S_ISDOOR, "door"),
                       (stat.S_ISPORT, "event port"), (stat.S_ISWHT, "whiteout")):
        if test(mode):
            return name
    return "special file"


def output_target(path: PathLike) -> tuple[Path, bool]:
    """What writing ``path`` writes: ``(file, stream)``.

    ``file`` is the regular file to create or replace (a symbolic link's
    target, followed to the end, even when that target does not exist yet)
    with ``stream`` False, or ``path`` itself with ``stream`` True when it
    is a FIFO or a character device, to be written through.

    Raises
    ------
    OutputError
        ``path`` is (or links to) a directory, a socket, a block device or
        another file that is not written as a stream, or its links loop.

    Examples
    --------
    >>> output_target("/dev/null")
    (PosixPath('/dev/null'), True)
    """
    p = Path(path)
    try:
        mode: int | None = os.stat(p).st_mode  # follows links
    except (FileNotFoundError, NotADirectoryError):  # the folder checks say what is missing
        mode = None
    except OSError as exc:  # a loop of links, a name too long
        raise OutputError(f"cannot write {p}: {exc.strerror or exc}") from None
    if mode is None:
        return (Path(os.path.realpath(p)) if p.is_symlink() else p), False
    if stat.S_ISREG(mode):
        return Path(os.path.realpath(p)), False
    if stat.S_ISFIFO(mode) or stat.S_ISCHR(mode):
        return p, True
    if stat.S_ISDIR(mode):
        raise OutputError(f"cannot write {p}: it is a directory")
    raise OutputError(f"cannot write {p}: it is a {_kind(mode)}, not a regular file: give a file name")


def check_writable(path: PathLike) -> None:
    """Raise :class:`OutputError` unless ``path`` can be written (see :func:`output_target`).

    For a regular file, the folder must exist and accept a new file (tried
    for real, so a read-only file system is caught even for root); a FIFO or
    a character device must be open to writing.  Nothing is opened that
    could wait for a reader.
    """
    p = Path(path)
    target, stream = output_target(p)
    if stream:
        if not os.access(target, os.W_OK):
            raise OutputError(f"cannot write {p}: permission denied")
        return
    folder = _folder(target)
    if not folder.exists():
        raise OutputError(f"cannot write {p}: the folder {folder} does not exist")
    if not folder.is_dir():
        raise OutputError(f"cannot write {p}: {folder} is not a folder")
    remove_stale_temporaries(target)
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=_prefix(target), suffix=_PROBE)
    except OSError as exc:
        raise OutputError(f"cannot write {p}: cannot create a file in {folder} ({exc.strerror or exc})") from None
    os.close(fd)
    os.unlink(probe)


def start_file(path: PathLike) -> None:
    """Create ``path`` empty (or empty it) for :func:`append_text`; a FIFO or a device is left as it is."""
    p = Path(path)
    target, stream = output_target(p)
    if stream:
        return
    try:
        with open(target, "w", encoding="utf-8"):
            pass
    except OSError as exc:
        raise OutputError(f"cannot write {p}: {exc.strerror or exc}") from None


def append_text(path: PathLike, text: str) -> None:
    """Append ``text`` (UTF-8) to ``path``, through a link or into a FIFO or a device; never replace it.

    Raises
    ------
    OutputError
        The write failed (a full disk, a file-size limit, ...); the text
        may be partly written.
    """
    p = Path(path)
    target, _ = output_target(p)
    try:
        with open(target, "a", encoding="utf-8", newline="\n") as f:
            f.write(text)
    except OSError as exc:
        raise OutputError(f"cannot write {p}: {exc.strerror or exc}") from None


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
    :class:`OutputError` with one line that says what failed.  A symbolic
    link is followed: its target is replaced and the link stays.  A FIFO or
    a character device is written through: ``write(path)`` itself, nothing
    renamed (see :func:`output_target`).
    """
    p = Path(path)
    target, stream = output_target(p)
    if stream:
        try:
            write(str(p))
        except OSError as exc:
            raise OutputError(f"cannot write {p}: {exc.strerror or exc}") from None
        return
    folder = _folder(target)
    remove_stale_temporaries(target)
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=_prefix(target), suffix=_suffix(target))
    except OSError as exc:
        raise OutputError(f"cannot write {p}: {exc.strerror or exc}") from None
    os.close(fd)
    try:
        write(tmp)
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        os.chmod(tmp, _mode(target))
        os.replace(tmp, target)
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
