"""History writes to a database server run in the recorder's writer thread: the event loop serves everyone while
a hand is written, and a table shows a hand's result only once the hand is stored.  SQLite writes run at once."""

from __future__ import annotations

import threading

import pytest

from .helpers import closing, connect, require, starlette_test_client
from .test_history_server import LIMITS, ME, _api, play_draw_hand

require("starlette")

from pokercore.web import create_app  # noqa: E402
from pokercore.web._store import open_store  # noqa: E402


def test_the_loop_serves_others_while_a_hand_is_written_and_the_result_waits_for_the_commit():
    store = open_store(":memory:")
    store.threaded_writes = True  # as for PostgreSQL (tests/web/test_history_postgres.py runs the real one)
    inner = store.hand_finished
    writing, answered = threading.Event(), threading.Event()
    seen: dict[str, object] = {}

    def slow_hand_finished(*args, **kwargs):
        writing.set()
        # the write waits until another request has been answered: only a free event loop can answer it
        seen["answered_while_writing"] = answered.wait(20)
        inner(*args, **kwargs)

    store.hand_finished = slow_hand_finished  # type: ignore[method-assign]
    tc = starlette_test_client()(create_app(LIMITS, db=store))

    def other_client():
        if writing.wait(20):
            seen["health"] = tc.get("/health").status_code
            answered.set()
            # a history read waits for the writes asked before it: it sees the hand
            seen["hands"] = [s["hands"] for s in _api(tc, "/api/history").json()["sessions"]]

    helper = threading.Thread(target=other_client)
    with tc, closing():
        helper.start()
        c = connect(tc)
        c.create("draw", ["me", "call"], hands=5, player=ME)
        final = play_draw_hand(c)
        # the result came after the commit: the hand is in the store as the table shows it
        stored = store.all_hands(c.table)
        assert [h["number"] for h in stored] == [1]
        assert stored[0]["nets"][0] == final["players"][final["seat"]]["stack"] - 200
        helper.join(20)
    assert seen == {"answered_while_writing": True, "health": 200, "hands": [1]}


@pytest.mark.parametrize("threaded", [False, True])
def test_writes_land_in_order_and_a_read_sees_them(tmp_path, threaded):
    """The opening, the hands and the close of a table reach the store in the order asked; a history read
    asked after them sees them all."""
    path = tmp_path / "h.db"
    store = open_store(str(path))
    store.threaded_writes = threaded
    tc = starlette_test_client()(create_app(LIMITS, db=store))
    with tc, closing():
        c = connect(tc)
        c.create("draw", ["me", "call"], hands=2, player=ME)
        play_draw_hand(c)
        sessions = _api(tc, "/api/history").json()["sessions"]
        assert [(s["table"], s["hands"]) for s in sessions] == [(c.table, 1)]
    store.close()
    reopened = open_store(str(path))
    try:
        assert [h["number"] for h in reopened.all_hands(c.table)] == [1]
    finally:
        reopened.close()


class _Table:
    """What the recorder reads of a table to write its opening and end."""

    id, game = "t-writer-closed", "draw"
    seats: tuple = ()

    def snapshot(self):
        return {"seats": []}


def test_a_closed_writer_counts_and_logs_a_write_instead_of_raising(caplog):
    from pokercore.web._recorder import Recorder

    store = open_store(":memory:")
    recorder = Recorder(store, {}, threaded=True)
    recorder.table_opened(_Table())
    recorder.close()                                  # the server stops: queued writes land first
    assert store.open_table(_Table.id) is not None and recorder.failures == 0
    recorder.table_closed(_Table(), "late")           # a table still playing after the stop
    assert recorder.failures == 1 and "history writer is closed" in caplog.text
    assert store.open_table(_Table.id) is not None    # nothing was written
    store.close()


def test_resume_reads_after_the_queued_writes_without_blocking_the_loop():
    import asyncio

    from pokercore.web import Limits
    from pokercore.web._recorder import Recorder

    store = open_store(":memory:")
    recorder = Recorder(store, {}, threaded=True)
    release = threading.Event()
    inner = store.table_closed

    def slow_close(*args):
        release.wait(20)
        inner(*args)

    store.table_closed = slow_close  # type: ignore[method-assign]
    recorder.table_opened(_Table())
    recorder.table_closed(_Table(), "over")           # queued; the writer is held in it

    async def main():
        ticks = 0
        resumed = asyncio.ensure_future(recorder.resume(_Table.id, Limits()))
        while not resumed.done():                     # the loop runs while the read waits behind the close
            ticks += 1
            if ticks == 5:
                release.set()
            await asyncio.sleep(0.01)
        return ticks, resumed.result()

    ticks, table = asyncio.run(main())
    assert ticks >= 5 and table is None               # read after the close: the table is not resumed
    recorder.close()
    store.close()
