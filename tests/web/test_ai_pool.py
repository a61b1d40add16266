"""The AIs in worker processes: the same decisions as in the server's own process, every game, a worker that dies.

The pool's promise is that moving a table's AIs to a worker changes where
they think, not what they decide: an agent that reads its opponents keeps
its memory there, hooks arrive before later decisions, and the same seed
plays the same session.  These tests hold it to that against the agents
running locally, and play real tables through the server with the pool on.
"""

from __future__ import annotations

import os
import pickle
import signal
from concurrent.futures.process import BrokenProcessPool

import numpy as np
import pytest

from pokercore import binh
from pokercore.draw import DrawConfig, DrawGame
from pokercore.draw.ai import AGENTS as DRAW_AGENTS
from pokercore.draw.ai import make_agent as draw_agent
from pokercore.holdem.ai import AGENTS as HOLDEM_AGENTS
from pokercore.holdem.ai import make_agent as holdem_agent

from .helpers import close_all, connect, require, starlette_test_client, table_of
from .test_protocol import play_draw_action

require("starlette")
from pokercore.web import Limits, create_app  # noqa: E402
from pokercore.web._ai_pool import AIPool, RemoteAgent  # noqa: E402


@pytest.fixture(scope="module")
def pool():
    with AIPool(2, warm=False) as p:
        yield p


def _session(agents, seed, hands=12):
    """Play a draw session; every action of every hand, and the final stacks."""
    game = DrawGame(DrawConfig(players=len(agents), hands=hands, seed=seed))
    log = []
    while not game.is_over:
        for a in agents:
            getattr(a, "reset", lambda: None)()
        state = game.play_hand(agents)
        log.append([(e.seat, e.kind, e.amount, e.drawn) for e in state.events])
    return log, list(game.stacks)


def test_a_session_in_workers_plays_exactly_as_in_process(pool):
    # the hard AI reads its opponents across hands (hand_over hook): its memory must live on in the worker
    levels = ["hard", "normal", "hard", "easy"]
    local = [draw_agent(lv, np.random.default_rng([5, i])) for i, lv in enumerate(levels)]
    remote = [pool.adopt("session", i, draw_agent(lv, np.random.default_rng([5, i]))) for i, lv in enumerate(levels)]
    assert all(isinstance(r, RemoteAgent) and hasattr(r, "hand_over") for r in remote[:3])
    try:
        assert _session(remote, seed=11) == _session(local, seed=11)
    finally:
        pool.drop("session")
    assert "session" not in pool.pins


def test_tables_spread_over_the_workers_and_leave_with_their_table(pool):
    for t in ("a", "b", "c", "d"):
        pool.adopt(t, 1, draw_agent("easy", np.random.default_rng(0)))
    assert sorted(pool.pins[t] for t in "abcd") == [0, 0, 1, 1]
    for t in "abcd":
        pool.drop(t)
    assert not pool.pins


class Broken:
    def __call__(self, obs):
        raise RuntimeError("bug in the agent")


def test_an_agents_error_reaches_the_caller_and_the_worker_lives_on(pool):
    remote = pool.adopt("broken", 0, Broken())
    assert isinstance(remote, RemoteAgent)
    with pytest.raises(RuntimeError, match="bug in the agent"):
        remote(None)
    ok = pool.adopt("broken", 1, draw_agent("call", np.random.default_rng(0)))
    game = DrawGame(DrawConfig(players=2, hands=1, seed=0))
    game.start_hand()
    hand = game.current_hand
    assert ok(hand.observe(hand.actor)) in hand.legal_actions()
    pool.drop("broken")


def test_an_agent_that_cannot_travel_stays_in_the_servers_process(pool):
    class Local:  # a class inside a function cannot be pickled
        def __call__(self, obs):
            return "mine"

    agent = Local()
    assert pool.adopt("local", 0, agent) is agent and agent(None) == "mine"
    assert "local" not in pool.pins
    pool.drop("local")


@pytest.mark.parametrize("agent", [*(draw_agent(n, np.random.default_rng(0)) for n in DRAW_AGENTS),
                                   *(holdem_agent(n, np.random.default_rng(0)) for n in HOLDEM_AGENTS),
                                   *(binh.make_agent(n, np.random.default_rng(0)) for n in binh.AGENT_LEVELS)],
                         ids=lambda a: type(a).__name__)
def test_every_built_in_agent_travels_light_and_whole(agent):
    # a table's AIs are sent to a worker when it opens: kilobytes, not the megabytes of the shared tables
    blob = pickle.dumps(agent)
    assert len(blob) < 20_000, len(blob)
    back = pickle.loads(blob)
    assert type(back) is type(agent)
    assert pickle.dumps(back) == blob                 # nothing lost or rebuilt differently on the way


def _server_session(monkeypatch, ai_processes):
    """A seeded 4-hand draw table (me + hard, normal, easy) played through the server; every event, in order."""
    from pokercore.web import _draw_seat_table as draw_seat_table

    monkeypatch.setattr(draw_seat_table.secrets, "randbits", lambda bits: 2024)
    TestClient = starlette_test_client()
    app = create_app(Limits(ai_delay=0.0, messages_per_second=1000, burst=1000), ai_processes=ai_processes)
    rng = np.random.default_rng(3)
    with TestClient(app) as tc:
        manager = app.state.manager
        assert (manager.ai_pool is not None) == (ai_processes > 0)
        me = connect(tc)
        try:
            me.create("draw", ["me", "hard", "normal", "easy"], hands=4)
            table = table_of(tc, me)
            if ai_processes:  # hard and normal decide in the workers; easy, cheaper than a round trip, here
                assert [isinstance(s.agent, RemoteAgent) for s in table.seats] == [False, True, True, False]
                assert table.id in manager.ai_pool.pins
            start = sum(table.config.stacks)
            events = []
            while True:
                st = me.my_turn()
                if st["showdown"] is not None:
                    assert sum(p["stack"] for p in st["players"]) == start  # chips conserved
                    events.append(st["events"])
                    if st["game_over"]:
                        break
                    me.next()
                    continue
                me.act(play_draw_action(st, rng))
            return events
        finally:
            close_all()


def test_a_server_table_plays_the_same_session_with_ai_workers(monkeypatch):
    assert _server_session(monkeypatch, 2) == _server_session(monkeypatch, 0)


def test_binh_tables_arrange_in_the_workers():
    TestClient = starlette_test_client()
    app = create_app(Limits(ai_delay=0.0, messages_per_second=1000, burst=1000), ai_processes=1)
    with TestClient(app) as tc:
        me = connect(tc)
        try:
            me.create("binh", ["me", "easy", "normal", "hard"])
            table = table_of(tc, me)
            # hard searches in the worker; easy and normal decide faster than a round trip to it would take
            assert [isinstance(s.agent, RemoteAgent) for s in table.seats] == [False, False, False, True]
            me.normal_deal()
            me.send({"type": "suggest"})
            sug = me.until(lambda m: m["type"] == "suggestion")
            me.act({"kind": "arrange", "top": sug["top"], "middle": sug["middle"], "bottom": sug["bottom"]})
            rev = me.state_where(lambda m: m["phase"] == "reveal")["reveal"]
            assert sum(rev["nets"]) == 0 and len(rev["hands"]) == 4  # the AIs' arrangements came back, scored
        finally:
            close_all()


def test_a_worker_that_dies_is_replaced_and_the_table_plays_on(pool):
    remote = pool.adopt("phoenix", 0, draw_agent("normal", np.random.default_rng(1)))
    game = DrawGame(DrawConfig(players=2, hands=1, seed=4))
    game.start_hand()
    hand = game.current_hand
    obs = hand.observe(hand.actor)
    first = remote(obs)
    k = pool.pins["phoenix"]
    pid = next(iter(pool._workers[k]._processes))
    os.kill(pid, signal.SIGKILL)
    with pytest.raises(BrokenProcessPool):  # the decision in flight is lost: the table plays its safe move
        remote(obs)
    # the next decision goes to a fresh worker that holds the agent as it was when the table opened
    assert remote(obs) == first
    pool.drop("phoenix")


def _children(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                out.append(int(entry))
    return out


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc (Linux)")
def test_workers_leave_when_the_server_is_killed():
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "pokercore", "serve", "--port", str(port), "--ai-processes", "2",
                             "--no-warm-up", "--no-db", "--log-level", "warning"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        workers = [p for c in _children(proc.pid) for p in [c, *_children(c)]]
        assert workers, "the server started no worker processes"
    finally:
        proc.kill()  # SIGKILL: the server cannot tell its workers
        proc.wait(10)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and any(_alive(p) for p in workers):
        time.sleep(0.2)
    assert not [p for p in workers if _alive(p)], "AI workers outlived their server"


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_a_table_of_light_ais_never_reaches_the_workers():
    """Easy, random and call decide in microseconds: a table of them alone is not pinned to a worker."""
    TestClient = starlette_test_client()
    app = create_app(Limits(ai_delay=0.0, messages_per_second=1000, burst=1000), ai_processes=1)
    with TestClient(app) as tc:
        pool = app.state.manager.ai_pool
        me = connect(tc)
        try:
            me.create("draw", ["me", "easy", "call", "random"], hands=2)
            table = table_of(tc, me)
            assert not any(isinstance(s.agent, RemoteAgent) for s in table.seats)
            assert table.id not in pool.pins
            me.create("holdem", ["me", "easy", "hard"])
            table = table_of(tc, me)
            assert [isinstance(s.agent, RemoteAgent) for s in table.seats] == [False, False, True]
            assert table.id in pool.pins
        finally:
            close_all()


@pytest.mark.parametrize("processes, words", [(1, "AIs ready in 1 worker process"),
                                              (2, "AIs ready in 2 worker processes")])
def test_the_start_up_line_counts_its_workers_in_good_english(caplog, processes, words):
    import logging

    with caplog.at_level(logging.INFO, logger="pokercore.web"), \
            starlette_test_client()(create_app(ai_processes=processes)):
        pass
    said = [r.getMessage() for r in caplog.records if "AIs ready" in r.getMessage()]
    assert said == [words], said
