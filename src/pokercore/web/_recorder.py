"""Between the seat tables and the history database: what is written when, and tables resumed after a restart.

A :class:`Recorder` is handed to the :class:`~pokercore.web._seat_table.SeatTableManager`
by :func:`~pokercore.web.create_app` when the server has a database.  It
writes a table when it opens, every hand as soon as it is over (with the
table's state after it, one transaction) and the table's end; and when a
``join`` names a table the server does not hold, it resumes it from the
database if it was still open when the server stopped.  A resumed table
has its seats, tokens, players, running totals and hand number back; the
hand that was in play is dealt again fresh.

With a database server (PostgreSQL), writes run in one writer thread, in
the order they were asked for, so the event loop never waits on a network
round trip: a table's hand goes to the writer and the table sends the
result to its seats when the writer says it is committed
(:meth:`Recorder.hand_finished` returns a future), so nobody sees a result
the database has not kept; the other tables play on meanwhile.
:meth:`Recorder.close` waits for the writes still queued.  SQLite writes
(a fraction of a millisecond) run at once, in the caller's thread: handing
them to a thread cost more than the write, because the writer waits for the
interpreter lock while the event loop is busy (100 busy tables: p99 latency
45 ms inline, 300 ms through the thread).

A write that fails (a full disk, a lost database server) is logged and
counted in :attr:`Recorder.failures`; the table plays on.
"""

from __future__ import annotations

import asyncio
import logging
import re
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from ._seat_table import Limits, SeatTable
from ._store import HistoryStore, TableRecord

__all__ = ["PLAYER_ID", "Recorder", "valid_player"]

log = logging.getLogger("pokercore.web")

#: A player id: 16-64 letters, digits, ``-`` or ``_`` (a page makes a random one of 22).
PLAYER_ID = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


def valid_player(value: str | None) -> bool:
    """Whether ``value`` is a player id a page or bot may send.

    >>> valid_player("k3Jd9_x-2LmQpRs0aZ7yWw"), valid_player("bob"), valid_player(None)
    (True, False, False)
    """
    return value is not None and PLAYER_ID.match(value) is not None


class Recorder:
    """Writes seat tables and their finished hands to a :class:`~pokercore.web._store.HistoryStore`.

    Parameters
    ----------
    store : HistoryStore
        The database.
    factories : dict
        Game name to seat table class (each has a ``resume`` class method).
    """

    def __init__(self, store: HistoryStore, factories: dict[str, Callable[..., SeatTable]],
                 threaded: bool | None = None) -> None:
        self.store = store
        self.factories = factories
        #: writes that failed since the server started (each is logged)
        self.failures = 0
        self._failures_lock = threading.Lock()  # counted from the writer thread and the event loop
        #: whether writes run in the writer thread (default: the store's ``threaded_writes``)
        self.threaded = store.threaded_writes if threaded is None else threaded
        # One thread: the writes of a table land in the order they were asked for (its opening first).
        self._writer = (ThreadPoolExecutor(max_workers=1, thread_name_prefix="pokercore-history")
                        if self.threaded else None)

    def _failed(self) -> None:
        with self._failures_lock:
            self.failures += 1

    def _run(self, call: Callable[..., Any], *args: Any) -> Future[Any]:
        """``call(*args)`` in the writer thread, or now (its future already done)."""
        if self._writer is not None:
            try:
                return self._writer.submit(call, *args)
            except RuntimeError as e:  # the writer was closed (the server is stopping): never raise
                refused: Future[Any] = Future()
                refused.set_exception(e)
                return refused
        done: Future[Any] = Future()
        try:
            done.set_result(call(*args))
        except BaseException as e:
            done.set_exception(e)
        return done

    def _safely(self, what: str, table_id: str, write: Callable[[], None]) -> Future[None]:
        """Queue ``write`` (or run it now); a failure is logged and counted, never raised."""
        def run() -> None:
            try:
                write()
            except Exception:
                self._failed()
                log.exception("history: could not store %s of table %s in %s; the table plays on", what,
                              table_id, self.store.where)
        queued = self._run(run)
        if queued.done() and queued.exception() is not None:  # the writer is closed: nothing was written
            self._failed()
            log.error("history: could not store %s of table %s: the history writer is closed", what, table_id)
        return queued

    def table_opened(self, table: SeatTable) -> None:
        record = TableRecord(table.id, table.game, [s.name for s in table.seats], table.snapshot(),
                             [s.player for s in table.seats])
        self._safely("the opening", table.id, lambda: self.store.table_opened(record))

    def hand_finished(self, table: SeatTable) -> Future[None] | None:
        """Queue the hand that just finished (read from ``table`` now); the future is done once it is stored."""
        try:
            hand = table.hand_record()
            if hand is None:
                return None
            state = table.snapshot()
            closed = "the session is over" if table.finished else None
        except Exception:  # a bug in a game's record: log it, never stop the table
            self._failed()
            log.exception("history: could not write up a hand of table %s; the table plays on", table.id)
            return None
        return self._safely(f"hand {hand.number}", table.id,
                            lambda: self.store.hand_finished(table.id, hand, state, closed))

    def seat_player(self, table: SeatTable, seat: int) -> None:
        player = table.seats[seat].player
        self._safely("a seat's player", table.id, lambda: self.store.seat_player(table.id, seat, player))

    def table_closed(self, table: SeatTable, reason: str) -> None:
        self._safely("the end", table.id, lambda: self.store.table_closed(table.id, reason))

    def read(self, read: Callable[..., Any], *args: Any) -> Future[Any] | None:
        """Run ``read(*args)`` in the writer thread, after every write asked for so far (read your writes);
        None when writes are not threaded (then they are all done: read anywhere)."""
        return self._run(read, *args) if self._writer is not None else None

    def close(self) -> None:
        """Finish the queued writes and stop the writer thread."""
        if self._writer is not None:
            self._writer.shutdown(wait=True)

    async def resume(self, table_id: str, limits: Limits) -> SeatTable | None:
        """The table ``table_id`` as it was after its last finished hand, or None if it is not open in the store.

        Read after every write already asked for (a close of this very table, say), without blocking the loop.
        """
        try:
            found = await asyncio.wrap_future(self._run(self.store.open_table, table_id))
        except Exception:
            log.exception("history: could not read table %s from %s", table_id, self.store.where)
            return None
        if found is None:
            return None
        game, state = found
        factory: Any = self.factories.get(game)
        if factory is None or not hasattr(factory, "resume"):
            return None
        try:
            table: SeatTable = factory.resume(table_id, state, limits)
        except Exception:
            log.exception("history: could not resume table %s; it is closed", table_id)
            self._safely("the end", table_id, lambda: self.store.table_closed(table_id, "could not be resumed"))
            return None
        table.recorded_hand = table.hand_number() - 1  # the fresh hand is recorded when it is over
        log.info("table %s resumed from the history database (hand %d)", table_id, table.hand_number())
        return table
