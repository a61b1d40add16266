"""Output files are written to what their path names: a link's target, a FIFO or a device, never replaced.

``--json``, ``--per-deal``, ``--plot``, ``--history`` (simulate), ``--out``
(binh train) and ``--json`` (bench) all go through :mod:`pokercore.sim._files`:
a regular file (or a symbolic link to one) is replaced atomically, a FIFO or
a character device is written through, anything else is refused by name.

The character devices are made here (``mknod``, as root); without that right
the system's own ``/dev/null`` and ``/dev/full`` are used, which such a user
cannot replace anyway.
"""

from __future__ import annotations

import json
import os
import socket
import stat
import sys
import threading

import pytest

from pokercore.cli import main as cli_main
from pokercore.sim._files import OutputError, append_text, atomic_write, check_writable, start_file

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs, devices and symbolic links of POSIX")

TOY = ["simulate", "toy", "--agents", "high,always", "--no-progress", "--deals", "20"]


def _device(tmp_path, name: str, minor: int):
    """A character device like /dev/<name> (made in tmp_path when allowed)."""
    path = tmp_path / name
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, minor))
    except (PermissionError, OSError):
        return f"/dev/{name}"
    return str(path)


@pytest.fixture
def null_device(tmp_path):
    return _device(tmp_path, "null", 3)


@pytest.fixture
def full_device(tmp_path):
    return _device(tmp_path, "full", 7)


def _is_char_device(path) -> bool:
    return stat.S_ISCHR(os.lstat(path).st_mode)


@pytest.mark.parametrize("option", ["--json", "--per-deal"])
def test_a_symbolic_link_writes_its_target_and_stays_a_link(tmp_path, option, capsys):
    target = tmp_path / "real.out"
    target.write_text("old\n")
    link = tmp_path / "link.out"
    link.symlink_to("real.out")
    assert cli_main([*TOY, option, str(link)]) == 0
    assert link.is_symlink() and os.readlink(link) == "real.out"
    text = target.read_text()
    assert text != "old\n"
    assert (json.loads(text)["deals"] == 20) if option == "--json" else text.startswith("deal,high,always")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.out", "real.out"]


def test_a_dangling_link_creates_its_target(tmp_path, capsys):
    link = tmp_path / "link.json"
    link.symlink_to("made.json")
    assert cli_main([*TOY, "--json", str(link)]) == 0
    assert link.is_symlink() and json.loads((tmp_path / "made.json").read_text())["deals"] == 20


def test_a_fifo_is_written_through_and_stays_a_fifo(tmp_path, capsys):
    fifo = tmp_path / "results.fifo"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader, so the writer does not wait
    try:
        assert cli_main([*TOY, "--json", str(fifo)]) == 0
        data = os.read(reader, 1 << 16)
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert json.loads(data)["deals"] == 20


def test_a_character_device_is_written_through_and_never_replaced(null_device, capsys):
    before = os.lstat(null_device)
    assert cli_main([*TOY, "--json", null_device, "--per-deal", "-"]) == 0
    assert capsys.readouterr().out.startswith("deal,high,always")
    after = os.lstat(null_device)
    assert _is_char_device(null_device) and (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)


def test_a_full_device_is_an_output_error_and_stays_a_device(full_device, capsys):
    assert cli_main([*TOY, "--json", full_device]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"pokercore simulate: error: cannot write {full_device}: No space left on device"]
    assert _is_char_device(full_device)


def test_binh_train_writes_through_a_link(tmp_path, capsys):
    (tmp_path / "real.npz").write_bytes(b"old")
    (tmp_path / "t.npz").symlink_to("real.npz")
    assert cli_main(["binh", "train", "--rounds", "1", "--deals", "40", "--eval-hands", "8",
                     "--out", str(tmp_path / "t.npz")]) == 0
    assert (tmp_path / "t.npz").is_symlink()
    assert (tmp_path / "real.npz").read_bytes()[:2] == b"PK"


def test_a_socket_and_a_directory_are_refused_by_name(tmp_path):
    sock = socket.socket(socket.AF_UNIX)
    path = tmp_path / "s.sock"
    try:
        sock.bind(str(path))
        with pytest.raises(OutputError, match=r"s\.sock: it is a socket, not a regular file"):
            check_writable(path)
        with pytest.raises(OutputError, match="it is a socket"):
            atomic_write(path, lambda tmp: open(tmp, "w").write("x"))
    finally:
        sock.close()
    assert stat.S_ISSOCK(os.lstat(path).st_mode)
    (tmp_path / "d").mkdir()
    (tmp_path / "to_d").symlink_to("d")
    for name in ("d", "to_d"):
        with pytest.raises(OutputError, match="it is a directory"):
            check_writable(tmp_path / name)


def test_a_link_loop_is_refused(tmp_path):
    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("a")
    with pytest.raises(OutputError, match=r"cannot write .*a: Too many levels of symbolic links"):
        check_writable(tmp_path / "a")


def test_history_writes_go_through_the_same_home(tmp_path, full_device):
    (tmp_path / "real.phhs").write_text("old\n")
    (tmp_path / "h.phhs").symlink_to("real.phhs")
    start_file(tmp_path / "h.phhs")
    append_text(tmp_path / "h.phhs", "[1]\n")
    assert (tmp_path / "h.phhs").is_symlink() and (tmp_path / "real.phhs").read_text() == "[1]\n"
    start_file(full_device)
    with pytest.raises(OutputError, match="No space left on device"):
        append_text(full_device, "[1]\n")
    assert _is_char_device(full_device)


@pytest.mark.parametrize("kind", ["device", "fifo"])
def test_binh_train_writes_a_device_or_fifo_under_its_own_name(tmp_path, null_device, kind, capsys):
    if kind == "device":
        target = null_device
    else:
        target = str(tmp_path / "tables.fifo")
        os.mkfifo(target)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(open(target, "rb").read()), daemon=True)
    if kind == "fifo":
        reader.start()  # drains the FIFO while the tables are written
    assert cli_main(["binh", "train", "--rounds", "1", "--deals", "40", "--eval-hands", "8",
                     "--out", target]) == 0
    if kind == "fifo":
        reader.join(60)
        assert got and got[0][:2] == b"PK"
    assert not os.path.exists(target + ".npz")  # not a new file beside it
    assert f"wrote {target}\n" in capsys.readouterr().err
    mode = os.lstat(target).st_mode
    assert stat.S_ISCHR(mode) if kind == "device" else stat.S_ISFIFO(mode)
