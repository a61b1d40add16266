"""Standard output that cannot be written, or cannot show suit symbols, in every command.

A full disk (or ``> /dev/full``) ends a command with one line on stderr that
says the output failed, never a traceback; a terminal whose encoding has no
suit symbols (``PYTHONIOENCODING=ascii``, latin-1) gets the ASCII card names
(``As``).  Both are handled once, at the ``pokercore`` entry point.
"""

from __future__ import annotations

import errno
import io
import os
import stat
import subprocess
import sys

import pytest

from pokercore.cli import main

HAND = ["eval", "Kh Kd 7c 7s 2d"]


def _full_device(tmp_path) -> str:
    """A character device like /dev/full (made in tmp_path when allowed; writing to it harms nothing)."""
    path = tmp_path / "full"
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    except (PermissionError, OSError):
        return "/dev/full"
    return str(path)


def _run(args, *, encoding: str = "utf-8", stdout=subprocess.PIPE) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    env.pop("FORCE_COLOR", None)
    return subprocess.run([sys.executable, "-m", "pokercore", *args], stdout=stdout, stderr=subprocess.PIPE,
                          env=env, timeout=120)


@pytest.mark.skipif(sys.platform == "win32", reason="a character device")
@pytest.mark.parametrize("args", [
    HAND,
    ["equity", "AsKs", "QQ", "--samples", "2000", "--seed", "1"],
    ["simulate", "toy", "--agents", "high,always", "--deals", "20", "--no-progress"],
    ["--help"],
])
def test_a_full_output_is_one_line_on_stderr(tmp_path, args):
    with open(_full_device(tmp_path), "w") as full:
        proc = _run(args, stdout=full)
    err = proc.stderr.decode()
    command = " ".join(["pokercore", *(w for w in args[:1] if not w.startswith("-"))])
    assert err.splitlines() == [f"{command}: error: cannot write the output: No space left on device"], err
    assert proc.returncode == 2


class _FullRaw(io.RawIOBase):
    full = True

    def writable(self) -> bool:
        return True

    def write(self, b) -> int:
        if self.full:
            raise OSError(errno.ENOSPC, "No space left on device")
        return len(b)


def test_a_failing_standard_output_in_this_process(monkeypatch, capsys):
    raw = _FullRaw()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BufferedWriter(raw), encoding="utf-8"))
    assert main(HAND) == 2
    raw.full = False  # what is left in the buffer can go when the stream is dropped
    assert capsys.readouterr().err == "pokercore eval: error: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "cp1252"])
def test_a_terminal_without_suit_symbols_gets_ascii_card_names(encoding):
    proc = _run(HAND, encoding=encoding)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.decode(encoding).startswith("Kh Kd 7s 7c 2d: rank ")
    proc = _run(["binh", "solve", "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac"], encoding=encoding)
    assert proc.returncode == 0, proc.stderr
    assert "Ac" in proc.stdout.decode(encoding)


def test_an_error_line_uses_ascii_card_names_too():
    proc = _run(["eval", "A♠ X♥ 3c 4d 5h"], encoding="ascii")
    assert proc.returncode == 2
    line = proc.stderr.decode("ascii")
    assert line == ("pokercore eval: error: malformed card 'Xh' in 'As Xh 3c 4d 5h': rank must be one of 2-9, "
                    "T (or 10), J, Q, K, A\n"), line
