"""``kill -9`` in the middle of a hand: the database opens, every finished hand is in it, the table resumes."""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request

import pytest

from .helpers import require

require("uvicorn")
require("websockets")

from websockets.sync.client import connect  # noqa: E402

from pokercore.draw import replay_history  # noqa: E402
from pokercore.holdem import from_phh  # noqa: E402
from pokercore.web._store import open_store  # noqa: E402

ME = "killer-test-0123456789"


def _serve(*args: str) -> tuple[subprocess.Popen, int]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "pokercore", "serve", "--port", str(port), "--no-warm-up",
                             "--ai-delay", "0", "--ai-processes", "0", "--log-level", "warning", *args],
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


class Seat:
    def __init__(self, port: int) -> None:
        self.ws = connect(f"ws://127.0.0.1:{port}/ws").__enter__()   # closed with .close()
        self.state: dict = {}
        self.answered: set[int] = set()

    def send(self, msg: dict) -> None:
        self.ws.send(json.dumps(msg))

    def until(self, pred) -> dict:
        for _ in range(2000):
            msg = json.loads(self.ws.recv(timeout=30))
            assert msg["type"] != "error", msg
            if msg["type"] == "state":
                self.state = msg
            if pred(msg):
                return msg
        raise AssertionError("no such message")

    def my_turn_or_over(self) -> dict:
        def ready(m: dict) -> bool:
            return m["type"] == "state" and m["seq"] not in self.answered and (
                m["actor"] == m["seat"] or m["showdown"] is not None)
        return self.state if self.state and ready(self.state) else self.until(ready)

    def act(self, action: dict) -> None:
        self.answered.add(self.state["seq"])
        self.send({"type": "act", "seq": self.state["seq"], "action": action})

    def play_hand(self) -> dict:
        while True:
            st = self.my_turn_or_over()
            if st["showdown"] is not None:
                return st
            kinds = {a["kind"] for a in st["legal"]}
            self.act({"kind": "draw", "cards": []} if "draw" in kinds else
                     {"kind": "check" if "check" in kinds else "call"})


@pytest.mark.parametrize("game", ["draw", "holdem"])
def test_kill_9_mid_hand_loses_only_the_hand_in_play(tmp_path, game):
    db = tmp_path / "h.sqlite3"
    proc, port = _serve("--db", str(db))
    try:
        me = Seat(port)
        me.send({"type": "create", "game": game, "seats": ["me", "call", "call"], "hands": 50, "player": ME})
        joined = me.until(lambda m: m["type"] == "joined")
        stacks = []
        for number in (1, 2, 3):
            if number > 1:
                me.answered.add(me.state["seq"])
                me.send({"type": "next", "seq": me.state["seq"]})
                me.until(lambda m, n=number: m["type"] == "state" and m["hand_number"] == n)
            stacks.append([p["stack"] for p in me.play_hand()["players"]])
        me.answered.add(me.state["seq"])
        me.send({"type": "next", "seq": me.state["seq"]})
        st = me.until(lambda m: m["type"] == "state" and m["hand_number"] == 4)
        me.my_turn_or_over()
        me.act({"kind": "call"} if any(a["kind"] == "call" for a in me.state["legal"]) else {"kind": "check"})
        me.until(lambda m: m["type"] == "state" and m["seq"] > st["seq"])    # hand 4 is in play
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    con.close()
    store = open_store(db)
    try:
        hands = store.all_hands(joined["table"])
        assert [h["number"] for h in hands] == [1, 2, 3]                    # every finished hand, not the 4th
        start = [200, 200, 200]
        for h, after in zip(hands, stacks):
            assert sum(h["nets"]) == 0 and [s + n for s, n in zip(start, h["nets"])] == after
            if game == "draw":
                replay_history(h["text"])
            else:
                assert list(from_phh(h["text"]).stacks) == after
            start = after
        stored_game, state = store.open_table(joined["table"])
        assert stored_game == game and state["played"] == 3 and state["stacks"] == stacks[-1]
    finally:
        store.close()
    # a server started again on the file gives the seat back, at hand 4 dealt fresh
    proc, port = _serve("--db", str(db))
    try:
        me = Seat(port)
        me.send({"type": "join", "table": joined["table"], "seat": joined["seat"], "token": joined["token"],
                 "player": ME})
        me.until(lambda m: m["type"] == "joined")
        st = me.until(lambda m: m["type"] == "state")
        assert st["hand_number"] == 4
        assert [p["stack"] + p["committed"] for p in st["players"]] == stacks[-1]
        with urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{port}/api/history",
                                                           headers={"X-Pokercore-Player": ME}), timeout=10) as r:
            sessions = json.loads(r.read())["sessions"]
        assert sessions[0]["hands"] == 3 and sessions[0]["net"] == stacks[-1][0] - 200
    finally:
        proc.terminate()
        proc.communicate(timeout=30)
