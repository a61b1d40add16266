"""``pokercore serve`` as a user runs it: a real uvicorn process serving the pages and the WebSocket."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from .helpers import require

require("uvicorn")
require("websockets")

from pokercore.cli._serve import main  # noqa: E402  (after the skips above)


def test_cli_help_and_bad_arguments(capsys):
    assert main(["--help"]) == 0
    assert "--port" in capsys.readouterr().out
    assert main(["--port", "eighty"]) == 2
    assert "expected an integer from 0 to 65535, got 'eighty'" in capsys.readouterr().err


def _serve(*args: str) -> tuple[subprocess.Popen, int]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-c", ("import sys; from pokercore.cli._serve import main; "
                             "sys.exit(main(sys.argv[1:]))"), "--port", str(port), *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for _ in range(600):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1).read()
            return proc, port
        except OSError:
            if proc.poll() is not None:
                pytest.fail("pokercore serve did not start: " + proc.stderr.read())
            time.sleep(0.05)
    proc.kill()
    pytest.fail("pokercore serve did not start within 30 s")


def test_serve_process_pages_and_websocket():
    proc, port = _serve("--log-level", "warning")
    try:
        base = f"http://127.0.0.1:{port}"
        health = json.loads(urllib.request.urlopen(base + "/health", timeout=5).read())
        assert health == {"status": "ok"}             # no counts unless asked (--health-details)
        for path, marker in [("/", "Binh poker"), ("/binh", "binh.js"), ("/draw", "draw.js"),
                             ("/static/style.css", ".card"), ("/static/common.js", "WebSocket")]:
            body = urllib.request.urlopen(base + path, timeout=5).read().decode()
            assert marker in body, path
        from websockets.sync.client import connect

        with connect(f"ws://127.0.0.1:{port}/ws") as ws:
            ws.send(json.dumps({"type": "create", "game": "draw", "seats": ["me", "call"]}))
            assert json.loads(ws.recv(timeout=10))["type"] == "joined"
            assert json.loads(ws.recv(timeout=10))["type"] == "state"
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=10)
    assert f"http://127.0.0.1:{port}/" in out


def test_app_log_lines_show_under_uvicorns_logging_and_the_ais_are_built_at_start_up():
    proc, port = _serve("--log-level", "info", "--health-details")
    try:
        health = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=5).read())
        assert health == {"status": "ok", "tables": 0, "connections": 0}
        from websockets.sync.client import connect

        with connect(f"ws://127.0.0.1:{port}/ws") as ws:
            ws.send(json.dumps({"type": "create", "game": "draw", "seats": ["me", "hard"], "hands": 1}))
            assert json.loads(ws.recv(timeout=10))["type"] == "joined"
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=10)
    lines = err.splitlines()
    ready = [line for line in lines if "pokercore.web: AIs ready" in line]
    assert ready and ready[0].startswith("INFO:"), err[-2000:]
    started = next(i for i, line in enumerate(lines) if "Application startup complete" in line)
    assert lines.index(ready[0]) < started       # built before the server took its first connection


def test_every_interface_prints_the_network_addresses_a_warning_and_the_token():
    proc, port = _serve("--host", "0.0.0.0", "--token", "letmein-123", "--log-level", "warning")
    try:
        base = f"http://127.0.0.1:{port}"
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(base + "/", timeout=5)
        assert refused.value.code == 401
        assert json.loads(urllib.request.urlopen(base + "/health", timeout=5).read()) == {"status": "ok"}
        browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        page = browser.open(base + "/?token=letmein-123", timeout=5)   # sets the cookie, redirects to /
        assert page.status == 200 and page.url == base + "/" and "Binh poker" in page.read().decode()
        assert "Binh poker" in browser.open(base + "/", timeout=5).read().decode()       # the cookie is enough
    finally:
        proc.terminate()
        out, err = proc.communicate(timeout=10)
    assert f"http://127.0.0.1:{port}/?token=letmein-123" in out
    from pokercore.cli._serve import lan_addresses

    for address in lan_addresses():
        assert f"http://{address}:{port}/?token=letmein-123" in out
    assert "warning: other machines can reach this server" in err


@pytest.mark.parametrize("flag", [False, True])
def test_websocket_compression_only_when_asked(flag):
    """permessage-deflate is declined by default (small messages; CPU and memory per connection) and agreed to
    with --ws-compression; either way the game plays."""
    args = ["--log-level", "warning", "--ai-processes", "0", "--no-warm-up", "--no-db"]
    proc, port = _serve(*args, *(["--ws-compression"] if flag else []))
    try:
        from websockets.sync.client import connect

        with connect(f"ws://127.0.0.1:{port}/ws") as ws:  # the client offers permessage-deflate
            agreed = ws.response.headers.get("Sec-WebSocket-Extensions", "")
            assert ("permessage-deflate" in agreed) is flag, agreed
            ws.send(json.dumps({"type": "create", "game": "draw", "seats": ["me", "call"]}))
            assert json.loads(ws.recv(timeout=10))["type"] == "joined"
            assert json.loads(ws.recv(timeout=10))["type"] == "state"
    finally:
        proc.terminate()
        proc.communicate(timeout=10)


def _read_to_the_end(sock: socket.socket) -> bytes:
    """What the server sends until it closes the connection (each read waits at most the socket's timeout)."""
    out = b""
    for _ in range(1000):
        chunk = sock.recv(65536)
        if not chunk:
            return out
        out += chunk
    raise AssertionError(f"the server kept sending: {out[:200]!r}")


def test_requests_whose_headers_do_not_arrive_in_time_are_closed():
    proc, port = _serve("--log-level", "warning", "--ai-processes", "0", "--no-warm-up", "--no-db",
                        "--header-timeout", "1")
    try:
        from websockets.sync.client import connect

        with connect(f"ws://127.0.0.1:{port}/ws") as ws:       # a WebSocket lives on past the header timeout
            slow = []
            for _ in range(5):                                # the head of a request, never finished
                s = socket.create_connection(("127.0.0.1", port), timeout=30)
                s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                slow.append(s)
            slow.append(socket.create_connection(("127.0.0.1", port), timeout=30))   # connects, sends nothing
            again = socket.create_connection(("127.0.0.1", port), timeout=30)      # one request, then half one
            again.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            first = b""
            while b'"ok"}' not in first:
                chunk = again.recv(65536)
                assert chunk, first
                first += chunk
            again.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0")
            slow.append(again)
            for s in slow:
                with s:
                    answer = _read_to_the_end(s)               # the server closes it (a hang fails after 30 s)
                assert answer == b"" or answer.startswith(b"HTTP/1.1 408 "), answer[:200]
                if answer:
                    assert b"headers did not arrive within 1 s" in answer
            ws.send(json.dumps({"type": "ping"}))
            assert json.loads(ws.recv(timeout=10))["type"] == "pong"
        health = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=5).read())
        assert health == {"status": "ok"}
    finally:
        proc.terminate()
        proc.communicate(timeout=10)
