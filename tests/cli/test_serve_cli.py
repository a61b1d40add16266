"""``pokercore serve``: the address is bound before it is printed; help and refusals without the web extra."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

#: Makes ``import starlette`` and ``import uvicorn`` fail, as when the web extra is not installed.
NO_WEB_EXTRA = """
import sys
class _Blocker:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("starlette", "uvicorn"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None
sys.meta_path.insert(0, _Blocker())
"""


def serve(*args: str, setup: str = "", timeout: float = 60) -> subprocess.CompletedProcess:
    code = f"{setup}\nimport sys\nfrom pokercore.cli import main\nsys.exit(main(['serve', *sys.argv[1:]]))"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=timeout)


def test_help_works_without_the_web_extra():
    proc = serve("--help", setup=NO_WEB_EXTRA)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("usage: pokercore serve") and "--port" in proc.stdout


def test_without_the_web_extra_serve_says_what_to_install():
    proc = serve("--port", "0", setup=NO_WEB_EXTRA)
    assert proc.returncode == 2 and proc.stdout == ""
    line = proc.stderr.strip()
    assert "\n" not in line
    assert line.startswith('pokercore serve: error: the server needs the web extra: pip install "pokercore[web]"')


@pytest.fixture
def taken_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        yield s.getsockname()[1]


def test_a_taken_port_is_refused_before_anything_is_printed(taken_port):
    pytest.importorskip("uvicorn")
    proc = serve("--port", str(taken_port))
    assert proc.returncode == 2
    assert proc.stdout == ""  # no "open http://..." for an address never bound
    assert proc.stderr.strip().startswith(f"pokercore serve: error: cannot listen on 127.0.0.1:{taken_port}: "
                                          "the port is taken")
    assert "Traceback" not in proc.stderr and "\n" not in proc.stderr.strip()


@pytest.mark.parametrize("host, words", [
    ("no-such-host.invalid", "unknown host 'no-such-host.invalid'"),
    ("192.0.2.1", "this machine has no such address"),
])
def test_a_bad_host_is_refused_in_one_line(host, words):
    pytest.importorskip("uvicorn")
    proc = serve("--host", host, "--port", "0")
    assert proc.returncode == 2 and proc.stdout == ""
    line = proc.stderr.strip()
    assert "\n" not in line and line.startswith(f"pokercore serve: error: cannot listen on {host}:0: ")
    assert words in line


def test_port_0_prints_the_port_really_bound_and_serves_there():
    pytest.importorskip("uvicorn")
    code = ("import sys\nfrom pokercore.cli import main\n"
            "sys.exit(main(['serve', '--port', '0', '--log-level', 'warning']))")
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        found = re.search(r"open http://127\.0\.0\.1:(\d+)/ in a browser", line)
        assert found, (line, proc.stderr.read() if proc.poll() is not None else "")
        port = int(found.group(1))
        assert port != 0
        # The socket listens before the line is printed: the first try connects.
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass
        deadline = time.monotonic() + 30
        while True:
            try:
                health = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2).read())
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        assert health == {"status": "ok"}            # no counts unless the server runs with --health-details
    finally:
        proc.terminate()
        proc.communicate(timeout=20)


def _serve_in_its_own_group(*args: str) -> subprocess.Popen:
    """``pokercore serve`` in a new process group (as a shell runs a command), with Ctrl-C's default handling.

    A suite started in the background inherits SIGINT as ignored; the
    server must get the default handler, as in a terminal.
    """
    code = "import sys\nfrom pokercore.cli import main\nsys.exit(main(['serve', *sys.argv[1:]]))"
    return subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def _wait_for_line(proc: subprocess.Popen, words: str) -> list[str]:
    """stderr's lines up to the first holding ``words`` (the whole of stderr if the process ends first)."""
    seen = []
    for _ in range(10_000):
        line = proc.stderr.readline()
        if not line:
            break
        seen.append(line)
        if words in line:
            return seen
    pytest.fail(f"the server never logged {words!r}: {''.join(seen)[-2000:]}")


def _group_gone(pgid: int) -> bool:
    for _ in range(600):
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize("sig, to_group, processes", [
    (signal.SIGINT, True, "2"),     # Ctrl-C in a terminal reaches the server and its AI workers
    (signal.SIGINT, True, "0"),     # the AIs warm up in the server's own process
    (signal.SIGTERM, False, "2"),   # kill <pid>
    (signal.SIGTERM, True, "2"),    # a service manager stopping the whole group
], ids=["ctrl-c", "ctrl-c-no-workers", "sigterm", "sigterm-group"])
def test_a_stop_signal_during_the_ai_warm_up_stops_cleanly(sig, to_group, processes):
    pytest.importorskip("uvicorn")
    proc = _serve_in_its_own_group("--port", "0", "--no-db", "--ai-processes", processes)
    try:
        before = _wait_for_line(proc, "Waiting for application startup")
        (os.killpg if to_group else os.kill)(proc.pid, sig)
        _, rest = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    err = "".join(before) + rest
    assert "AIs ready" not in err, err          # the signal came while the AIs were warming up
    assert "Traceback" not in err and "startup failed" not in err, err
    stopped = [line for line in err.splitlines() if "start-up stopped" in line]
    assert len(stopped) == 1 and "before the AIs were ready" in stopped[0], err
    assert proc.returncode == (130 if sig == signal.SIGINT else -signal.SIGTERM), (proc.returncode, err)
    assert _group_gone(proc.pid), "a process of the server is left running"


def test_ctrl_c_once_serving_stops_the_ai_workers_quietly_too():
    pytest.importorskip("uvicorn")
    proc = _serve_in_its_own_group("--port", "0", "--no-db", "--ai-processes", "2")
    try:
        before = _wait_for_line(proc, "Application startup complete")
        os.killpg(proc.pid, signal.SIGINT)
        _, rest = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    err = "".join(before) + rest
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert "Application shutdown complete" in err and proc.returncode == 130, (proc.returncode, err)
    assert _group_gone(proc.pid), "a process of the server is left running"


@pytest.mark.parametrize("how", ["--db", "POKERCORE_DB"])
def test_a_database_in_a_missing_folder_is_refused_by_name(tmp_path, monkeypatch, how):
    pytest.importorskip("uvicorn")
    missing = tmp_path / "no" / "such"
    where = str(missing / "x.sqlite")
    if how == "--db":
        proc = serve("--port", "0", "--db", where)
        named = "--db"
    else:
        monkeypatch.setenv("POKERCORE_DB", where)
        proc = serve("--port", "0")
        named = "$POKERCORE_DB"
    assert proc.returncode == 2 and proc.stdout == "", (proc.returncode, proc.stdout, proc.stderr)
    line = proc.stderr.strip()
    assert "\n" not in line and "Traceback" not in line
    assert line == (f"pokercore serve: error: {named} {where}: the folder {missing} does not exist "
                    f"(create it first, or choose another place)")
    assert not (tmp_path / "no").exists()


def test_a_database_whose_folder_is_a_file_is_refused(tmp_path):
    pytest.importorskip("uvicorn")
    (tmp_path / "file").write_text("")
    where = str(tmp_path / "file" / "x.sqlite")
    proc = serve("--port", "0", "--db", where)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip() == f"pokercore serve: error: --db {where}: {tmp_path / 'file'} is not a folder"
