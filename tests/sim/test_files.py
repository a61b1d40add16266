"""Result files: a write killed half-way leaves a temporary file that the next run of the same target removes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from pokercore.sim._files import atomic_write, check_writable

KILLED_WRITER = """
import sys, time
from pathlib import Path
from pokercore.sim._files import atomic_write

def write(tmp):
    Path(tmp).write_text("half")
    print(tmp, flush=True)
    time.sleep(600)

atomic_write(sys.argv[1], write)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
@pytest.mark.parametrize("next_run", ["check", "write"])
def test_a_write_killed_with_sigkill_is_cleaned_up_by_the_next_run(tmp_path, next_run):
    target = tmp_path / "r.json"
    target.write_text("old results\n")
    proc = subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(target)], stdout=subprocess.PIPE, text=True)
    tmp = proc.stdout.readline().strip()
    assert os.path.exists(tmp) and os.path.basename(tmp).startswith(".r.json.pokercore-")
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    proc.stdout.close()
    assert os.path.exists(tmp)  # what SIGKILL leaves behind
    if next_run == "check":
        check_writable(target)
    else:
        atomic_write(target, lambda t: open(t, "w").write("new\n"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]
    assert target.read_text() == ("old results\n" if next_run == "check" else "new\n")


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_only_our_own_leftovers_of_that_target_whose_process_is_gone_are_removed(tmp_path):
    from pokercore.sim._files import STALE_AFTER_S, _host, remove_stale_temporaries

    host, dead, alive = _host(), _dead_pid(), os.getppid()
    names = {
        "dead": f".r.json.pokercore-{host}-{dead}-abcd1234.json",
        "dead probe": f".r.json.pokercore-{host}-{dead}-abcd1234.probe",
        "alive": f".r.json.pokercore-{host}-{alive}-abcd1234.json",
        "mine": f".r.json.pokercore-{host}-{os.getpid()}-abcd1234.json",
        "other host": f".r.json.pokercore-elsewhere-{dead}-abcd1234.json",
        "other host, old": f".r.json.pokercore-elsewhere-{alive}-efgh5678.json",
        "other target": f".s.json.pokercore-{host}-{dead}-abcd1234.json",
        "not ours": f".r.json.{dead}.json",
        "user file": "r.json.bak",
    }
    for name in names.values():
        (tmp_path / name).write_text("x")
    week_ago = time.time() - 7 * 24 * 3600
    os.utime(tmp_path / names["other host, old"], (week_ago, week_ago))
    assert STALE_AFTER_S < 7 * 24 * 3600
    removed = remove_stale_temporaries(tmp_path / "r.json")
    assert sorted(removed) == sorted([names["dead"], names["dead probe"], names["other host, old"]])
    left = {p.name for p in tmp_path.iterdir()}
    assert left == set(names.values()) - set(removed)


def test_a_folder_with_our_name_is_left_alone(tmp_path):
    from pokercore.sim._files import _host, remove_stale_temporaries

    odd = tmp_path / f".r.json.pokercore-{_host()}-{_dead_pid()}-abcd1234.json"
    odd.mkdir()
    assert remove_stale_temporaries(tmp_path / "r.json") == []
    assert odd.is_dir()
