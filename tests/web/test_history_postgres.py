"""The history database on a real PostgreSQL server: a throwaway cluster (initdb, pg_ctl) in a temporary folder.

Needs PostgreSQL's server programs on PATH (Debian: ``apt-get install postgresql``
and ``/usr/lib/postgresql/*/bin`` on PATH) and ``psycopg`` (the ``test`` or
``postgres`` extra).  As root, the cluster runs as the ``postgres`` user.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator

import pytest

from .helpers import closing, connect, require, starlette_test_client
from .test_history_server import LIMITS, ME, next_hand, play_draw_hand
from .test_history_store import ALICE, BOB, _fill

require("starlette")
psycopg = require("psycopg")

from pokercore.draw import replay_history  # noqa: E402
from pokercore.web import create_app  # noqa: E402
from pokercore.web._store import StoreError, open_store  # noqa: E402


def _program(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return versions[-1] if versions else None


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    initdb, pg_ctl = _program("initdb"), _program("pg_ctl")
    if not initdb or not pg_ctl:
        why = "PostgreSQL's server programs are not installed: apt-get install postgresql"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(why + " (CI=true: the PostgreSQL tests must run)")
        pytest.skip(why)
    home = tempfile.mkdtemp(prefix="pokercore-pg-")
    data = os.path.join(home, "data")
    as_user: list[str] = []
    if os.geteuid() == 0:                      # initdb refuses root: the cluster belongs to "postgres"
        shutil.chown(home, "postgres")
        os.chmod(home, 0o700)
        as_user = ["runuser", "-u", "postgres", "--"]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    subprocess.run([*as_user, initdb, "-D", data, "-A", "trust", "-U", "postgres", "--no-sync"],
                   check=True, capture_output=True)
    subprocess.run([*as_user, pg_ctl, "-D", data, "-l", os.path.join(home, "log"), "-w", "-t", "60", "-o",
                    f"-p {port} -k {home} -c listen_addresses=127.0.0.1 -c fsync=off", "start"],
                   check=True, capture_output=True)
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*as_user, pg_ctl, "-D", data, "-m", "immediate", "-w", "stop"], capture_output=True)
        shutil.rmtree(home, ignore_errors=True)


@pytest.fixture
def pg(pg_url: str) -> Iterator[str]:
    """The server's URL, its history tables empty."""
    with contextlib.closing(psycopg.connect(pg_url, autocommit=True)) as con:
        for table in ("pc_hand_seats", "pc_hands", "pc_seats", "pc_tables", "pc_meta"):
            con.execute(f"DROP TABLE IF EXISTS {table}")
    yield pg_url


def test_postgresql_store_round_trip(pg):
    store = open_store(pg)
    assert store.kind == "postgresql"
    _fill(store)
    store.close()
    store = open_store(pg)                     # reopened: the tables are there and nothing was lost
    try:
        assert store.open_table("t1") == ("draw", {"seats": [], "played": 2})
        assert store.open_table("t2") is None
        assert [(s["table"], s["net"]) for s in store.sessions(ALICE)] == [("t1", 1)]
        assert {s["table"]: s["net"] for s in store.sessions(BOB)} == {"t1": 2, "t2": 6}
        hands = store.hands(ALICE, "t1")
        assert [(h["number"], h["net"]) for h in hands] == [(1, 5), (2, -4)]
        assert store.hand(ALICE, hands[1]["id"])["text"] == "text two\n"
        assert store.hand(BOB, 10_000) is None
    finally:
        store.close()


def test_postgresql_hands_through_the_server_and_a_restart(pg):
    tc = starlette_test_client()(create_app(LIMITS, db=pg))
    with tc:
        with closing():
            c = connect(tc)
            c.create("draw", ["me", "call"], hands=10, player=ME)
            play_draw_hand(c)
            next_hand(c, 2)
            done = play_draw_hand(c)
            seat = (c.table, c.seat, c.token)
    tc = starlette_test_client()(create_app(LIMITS, db=pg))
    with tc, closing():
        stored = tc.app.state.store.all_hands(seat[0])
        assert [h["number"] for h in stored] == [1, 2] and all(sum(h["nets"]) == 0 for h in stored)
        for h in stored:
            replay_history(h["text"])
        c = connect(tc)
        c.send({"type": "join", "table": seat[0], "seat": seat[1], "token": seat[2], "player": ME})
        c.until(lambda m: m["type"] == "joined")
        st = c.state()
        assert st["hand_number"] == 3
        assert [p["stack"] + p["committed"] for p in st["players"]] == [p["stack"] for p in done["players"]]
        r = tc.get("/api/history", headers={"X-Pokercore-Player": ME}).json()["sessions"]
        assert r[0]["hands"] == 2 and r[0]["net"] == done["players"][0]["stack"] - 200


def test_postgresql_refusal_names_the_server_without_its_password(pg_url):
    port = int(pg_url.rsplit(":", 1)[1].split("/")[0])
    with pytest.raises(StoreError, match=r"cannot connect to the history database postgresql://me:\*\*\*@"):
        open_store(f"postgresql://me:secret@127.0.0.1:{port}/no_such_db")
