"""``pokercore serve`` as a user runs it: a real uvicorn process serving the pages and the WebSocket."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from .helpers import require

require("uvicorn")
require("websockets")

from pokercore.cli.serve import main  # noqa: E402  (after the skips above)


def test_cli_help_and_bad_arguments(capsys):
    assert main(["--help"]) == 0
    assert "--port" in capsys.readouterr().out
    assert main(["--port", "eighty"]) == 2
    assert "expected an integer from 0 to 65535, got 'eighty'" in capsys.readouterr().err


def test_serve_process_pages_and_websocket():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-c", ("import sys; from pokercore.cli.serve import main; "
                             "sys.exit(main(sys.argv[1:]))"), "--port", str(port), "--log-level", "warning"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                health = json.loads(urllib.request.urlopen(base + "/health", timeout=1).read())
                break
            except OSError:
                time.sleep(0.05)
        else:
            pytest.fail("pokercore serve did not start: " + proc.stderr.read() if proc.poll() is not None else "")
        assert health == {"tables": 0, "connections": 0}
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
