"""Result files that are checked before a run and never left half-written.

:func:`check_writable` says before a long match whether a path can be written
(an existing folder, not a directory itself, writable); :func:`atomic_write`
writes through a temporary file in the same folder and renames it over the
target, so a full disk or a file-size limit leaves any earlier file intact.

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
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, Union

from ..errors import PokercoreError

__all__ = ["OutputError", "atomic_write", "check_writable"]

PathLike = Union[str, "os.PathLike[str]"]


class OutputError(PokercoreError, OSError):
    """A result file that cannot be written; no earlier file was changed."""


def _folder(path: Path) -> Path:
    return path.parent if str(path.parent) else Path(".")


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
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=f".{p.name}.", suffix=".probe")
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
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{p.name}.", suffix=p.suffix or ".tmp")
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
