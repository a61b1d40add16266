"""The history database of ``pokercore serve``: every finished hand, and what a table needs to resume.

:func:`open_store` opens a :class:`HistoryStore` from a path or URL:

- a file path: SQLite (Python's own ``sqlite3``) in WAL mode; the file and
  its folder are created (the file readable by its owner only: it holds the
  seats' tokens).  Every finished hand is one transaction, committed before
  the next hand is dealt, so a server killed with ``kill -9`` loses only the
  hand in play;
- ``":memory:"``: SQLite in memory, gone when the server stops;
- ``postgresql://user:pass@host/db``: PostgreSQL through ``psycopg``
  (``pip install "pokercore[postgres]"``); the same SQL, with ``%s``
  placeholders.

Four tables (their names start with ``pc_``, so a shared database is fine):
``pc_tables`` (one row per seat table: game, seat names, the state to
resume it, when it closed), ``pc_seats`` (which player sits where),
``pc_hands`` (one row per finished hand or deal: its history text in full,
its format, the net of every seat, the seats whose cards were shown) and
``pc_hand_seats`` (the player and net of every seat of every hand, to list
a player's hands).  A player is the id a page or bot sends with
``create`` and ``join`` (see ``docs/serving.md``).

Reading is per player: :meth:`HistoryStore.sessions`,
:meth:`HistoryStore.hands` and :meth:`HistoryStore.hand` only return what
one of that player's seats took part in; the text of a hand is stored in
full and cut to what that seat saw by :mod:`pokercore.web._history_text`.

>>> s = open_store(":memory:")
>>> s.table_opened(TableRecord("t1", "draw", ["Player 1", "Easy AI"], {"seats": []}, ["pid-aaaaaaaaaaaaaaaa", None]))
>>> s.hand_finished("t1", HandRecord(1, "pokercore-draw", "...", [3, -3], [0, 1]), {"seats": [], "n": 1})
>>> [(h["number"], h["net"]) for h in s.hands("pid-aaaaaaaaaaaaaaaa", "t1")]
[(1, 3)]
>>> s.close()
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import PokercoreError

__all__ = ["SCHEMA_VERSION", "HandRecord", "HistoryStore", "StoreError", "TableRecord", "default_db_path",
           "open_store"]

#: The version of the tables' layout this module writes (kept in ``pc_meta``).
SCHEMA_VERSION = 1


class StoreError(PokercoreError):
    """The history database cannot be opened or written; the message says which and what to do."""


@dataclass(frozen=True)
class HandRecord:
    """One finished hand or deal as it is stored.

    Parameters
    ----------
    number : int
        The hand's number in its session (1, 2, ...).
    format : str
        How ``text`` is written: ``"phh"``, ``"pokercore-draw"`` or ``"pokercore-binh"``.
    text : str
        The whole history, every seat's cards included (cut per reader when read).
    nets : sequence of int
        What each seat won (+) or lost (-) in the hand; they sum to zero.
    shown : sequence of int
        Seats whose cards were shown to everyone at the end.
    """

    number: int
    format: str
    text: str
    nets: Sequence[int]
    shown: Sequence[int] = ()


@dataclass(frozen=True)
class TableRecord:
    """A seat table as stored when it opens: its id, game, seat names, state to resume and players."""

    table_id: str
    game: str
    names: Sequence[str]
    state: dict[str, Any]
    players: Sequence[str | None] = field(default_factory=tuple)


def default_db_path() -> Path:
    """Where ``pokercore serve`` keeps its history unless told (``--db``).

    ``$POKERCORE_DB`` if set; else ``history.sqlite3`` in the user's data
    folder: ``$XDG_DATA_HOME/pokercore`` (``~/.local/share/pokercore``) on
    Linux, ``~/Library/Application Support/pokercore`` on macOS,
    ``%LOCALAPPDATA%\\pokercore`` on Windows.

    >>> default_db_path().name
    'history.sqlite3'
    """
    env = os.environ.get("POKERCORE_DB")
    if env:
        return Path(env)
    home = Path.home()
    if os.name == "nt":
        base = Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local")
    elif os.uname().sysname == "Darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / "pokercore" / "history.sqlite3"


_SCHEMA = [
    "CREATE TABLE IF NOT EXISTS pc_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS pc_tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, created DOUBLE PRECISION "
    "NOT NULL, updated DOUBLE PRECISION NOT NULL, closed DOUBLE PRECISION, close_reason TEXT, "
    "names TEXT NOT NULL, state TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS pc_seats (table_id TEXT NOT NULL, seat INTEGER NOT NULL, player TEXT, "
    "PRIMARY KEY (table_id, seat))",
    "CREATE INDEX IF NOT EXISTS pc_seats_player ON pc_seats (player)",
    "CREATE TABLE IF NOT EXISTS pc_hands (id {serial} PRIMARY KEY, table_id TEXT NOT NULL, number INTEGER NOT NULL, "
    "finished DOUBLE PRECISION NOT NULL, format TEXT NOT NULL, history TEXT NOT NULL, nets TEXT NOT NULL, "
    "shown TEXT NOT NULL, UNIQUE (table_id, number))",
    "CREATE TABLE IF NOT EXISTS pc_hand_seats (hand_id BIGINT NOT NULL, seat INTEGER NOT NULL, player TEXT, "
    "net BIGINT NOT NULL, PRIMARY KEY (hand_id, seat))",
    "CREATE INDEX IF NOT EXISTS pc_hand_seats_player ON pc_hand_seats (player)",
]


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


class HistoryStore:
    """A history database behind one DB-API connection (SQLite or PostgreSQL); see the module.

    Use :func:`open_store` to make one.  Methods are safe to call from
    several threads (one lock); each write is one transaction.
    """

    def __init__(self, conn: Any, kind: str, where: str) -> None:
        self._conn = conn
        self.kind = kind
        #: Whether a server should write from its own thread: a database server costs a network round trip a
        #: write; SQLite's local writes cost less than the hand-over (see :mod:`pokercore.web._recorder`).
        self.threaded_writes = kind != "sqlite"
        #: What the store is, for messages: a path, ``:memory:`` or a URL without its password.
        self.where = where
        self._lock = threading.Lock()
        self._mark = "%s" if kind == "postgresql" else "?"
        serial = "BIGSERIAL" if kind == "postgresql" else "INTEGER"
        with self._write() as cur:
            for stmt in _SCHEMA:
                cur.execute(stmt.format(serial=serial))
            cur.execute(self._sql("SELECT value FROM pc_meta WHERE key = ?"), ("schema",))
            row = cur.fetchone()
            if row is None:
                cur.execute(self._sql("INSERT INTO pc_meta (key, value) VALUES (?, ?)"),
                            ("schema", str(SCHEMA_VERSION)))
            elif int(row[0]) > SCHEMA_VERSION:
                raise StoreError(f"the history database {where} was written by a newer pokercore (layout "
                                 f"{row[0]}, this one reads {SCHEMA_VERSION}): upgrade pokercore or use "
                                 f"another --db")

    # ------------------------------------------------------------------ plumbing
    def _sql(self, text: str) -> str:
        return text.replace("?", self._mark)

    @contextmanager
    def _write(self) -> Iterator[Any]:
        """One transaction: committed when the block ends, rolled back on an error."""
        with self._lock:
            cur = self._conn.cursor()
            try:
                yield cur
                self._conn.commit()
            except BaseException:
                try:
                    self._conn.rollback()
                except Exception:  # the rollback of a broken connection: the first error is the news
                    pass
                raise
            finally:
                cur.close()

    def _rows(self, sql: str, args: Sequence[Any]) -> list[tuple[Any, ...]]:
        with self._lock:
            cur = self._conn.cursor()
            try:
                cur.execute(self._sql(sql), tuple(args))
                rows = [tuple(r) for r in cur.fetchall()]
                if self.kind == "postgresql":
                    self._conn.commit()  # end the read transaction (no snapshot held open)
                return rows
            finally:
                cur.close()

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    # ------------------------------------------------------------------ writing
    def table_opened(self, table: TableRecord) -> None:
        """Store a new seat table (its state to resume, its seats' players)."""
        now = time.time()
        with self._write() as cur:
            cur.execute(self._sql("INSERT INTO pc_tables (id, game, created, updated, names, state) "
                                  "VALUES (?, ?, ?, ?, ?, ?)"),
                        (table.table_id, table.game, now, now, _dumps(list(table.names)), _dumps(table.state)))
            for seat, player in enumerate(table.players):
                cur.execute(self._sql("INSERT INTO pc_seats (table_id, seat, player) VALUES (?, ?, ?)"),
                            (table.table_id, seat, player))

    def seat_player(self, table_id: str, seat: int, player: str | None) -> None:
        """``player`` now sits at ``seat`` (a join with a player id)."""
        with self._write() as cur:
            cur.execute(self._sql("UPDATE pc_seats SET player = ? WHERE table_id = ? AND seat = ?"),
                        (player, table_id, seat))

    def hand_finished(self, table_id: str, hand: HandRecord, state: dict[str, Any],
                      closed: str | None = None) -> None:
        """Store a finished hand and the table's state after it, in one transaction.

        ``closed`` (a reason) also marks the table closed: its session is
        over, so it is never resumed.
        """
        now = time.time()
        with self._write() as cur:
            cur.execute(self._sql("SELECT seat, player FROM pc_seats WHERE table_id = ?"), (table_id,))
            players = dict(cur.fetchall())
            cur.execute(self._sql("INSERT INTO pc_hands (table_id, number, finished, format, history, nets, shown) "
                                  "VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id"),
                        (table_id, hand.number, now, hand.format, hand.text, _dumps([int(v) for v in hand.nets]),
                         _dumps(sorted(int(s) for s in hand.shown))))
            hand_id = cur.fetchone()[0]
            for seat, net in enumerate(hand.nets):
                cur.execute(self._sql("INSERT INTO pc_hand_seats (hand_id, seat, player, net) VALUES (?, ?, ?, ?)"),
                            (hand_id, seat, players.get(seat), int(net)))
            cur.execute(self._sql("UPDATE pc_tables SET updated = ?, state = ?, closed = ?, close_reason = ? "
                                  "WHERE id = ?"),
                        (now, _dumps(state), now if closed else None, closed, table_id))

    def table_closed(self, table_id: str, reason: str) -> None:
        """The table is gone for good (session over, abandoned): it is never resumed."""
        now = time.time()
        with self._write() as cur:
            cur.execute(self._sql("UPDATE pc_tables SET closed = ?, close_reason = ?, updated = ? "
                                  "WHERE id = ? AND closed IS NULL"), (now, reason, now, table_id))

    # ------------------------------------------------------------------ reading
    def open_table(self, table_id: str) -> tuple[str, dict[str, Any]] | None:
        """The game and state of a table that was open when the server stopped, or None."""
        rows = self._rows("SELECT game, state FROM pc_tables WHERE id = ? AND closed IS NULL", (table_id,))
        if not rows:
            return None
        return str(rows[0][0]), dict(json.loads(rows[0][1]))

    def sessions(self, player: str, limit: int = 100) -> list[dict[str, Any]]:
        """``player``'s sessions, newest first: table, game, seat, names, hands played, net, open or closed."""
        rows = self._rows(
            "SELECT t.id, t.game, s.seat, t.names, t.created, t.updated, t.closed, "
            "(SELECT COUNT(*) FROM pc_hands h WHERE h.table_id = t.id), "
            "(SELECT COALESCE(SUM(hs.net), 0) FROM pc_hands h JOIN pc_hand_seats hs ON hs.hand_id = h.id "
            " WHERE h.table_id = t.id AND hs.seat = s.seat) "
            "FROM pc_seats s JOIN pc_tables t ON t.id = s.table_id WHERE s.player = ? "
            "ORDER BY t.updated DESC LIMIT ?", (player, limit))
        return [{"table": r[0], "game": r[1], "seat": int(r[2]), "names": json.loads(r[3]), "started": r[4],
                 "updated": r[5], "closed": r[6] is not None, "hands": int(r[7]), "net": int(r[8])} for r in rows]

    def hands(self, player: str, table_id: str) -> list[dict[str, Any]]:
        """The hands ``player`` played at ``table_id``, in order: number, id, when, every net, own net."""
        rows = self._rows(
            "SELECT h.id, h.number, h.finished, h.nets, hs.seat, hs.net FROM pc_hands h "
            "JOIN pc_hand_seats hs ON hs.hand_id = h.id WHERE h.table_id = ? AND hs.player = ? "
            "ORDER BY h.number", (table_id, player))
        return [{"id": int(r[0]), "number": int(r[1]), "finished": r[2], "nets": json.loads(r[3]),
                 "seat": int(r[4]), "net": int(r[5])} for r in rows]

    def hand(self, player: str, hand_id: int) -> dict[str, Any] | None:
        """One hand ``player`` sat in: its full text, format, nets, shown seats and the player's seat; or None."""
        rows = self._rows(
            "SELECT h.id, h.table_id, h.number, h.finished, h.format, h.history, h.nets, h.shown, hs.seat, "
            "t.game, t.names FROM pc_hands h JOIN pc_hand_seats hs ON hs.hand_id = h.id "
            "JOIN pc_tables t ON t.id = h.table_id WHERE h.id = ? AND hs.player = ?", (hand_id, player))
        if not rows:
            return None
        r = rows[0]
        return {"id": int(r[0]), "table": r[1], "number": int(r[2]), "finished": r[3], "format": r[4],
                "text": r[5], "nets": json.loads(r[6]), "shown": json.loads(r[7]), "seat": int(r[8]),
                "game": r[9], "names": json.loads(r[10])}

    def all_hands(self, table_id: str) -> list[dict[str, Any]]:
        """Every stored hand of a table with its full text (for checks and tools, not for players)."""
        rows = self._rows("SELECT number, format, history, nets, shown FROM pc_hands WHERE table_id = ? "
                          "ORDER BY number", (table_id,))
        return [{"number": int(r[0]), "format": r[1], "text": r[2], "nets": json.loads(r[3]),
                 "shown": json.loads(r[4])} for r in rows]


def _open_sqlite(path: str) -> HistoryStore:
    if path == ":memory:":
        return HistoryStore(sqlite3.connect(":memory:", check_same_thread=False), "sqlite", path)
    p = Path(path).expanduser()
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        if not p.exists():
            os.close(os.open(p, os.O_WRONLY | os.O_CREAT, 0o600))  # it holds seat tokens: its owner only
        conn = sqlite3.connect(p, check_same_thread=False, timeout=10)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")  # WAL: a commit survives a killed process
        conn.execute("PRAGMA foreign_keys=ON")
        store = HistoryStore(conn, "sqlite", str(p))
        probe = conn.execute("PRAGMA quick_check").fetchone()
        if probe is None or probe[0] != "ok":
            raise StoreError(f"the history database {p} is damaged ({probe}): move it away and start again")
        return store
    except (OSError, sqlite3.Error) as exc:
        raise StoreError(f"cannot open the history database {p}: {exc}; choose a writable place with --db PATH "
                         f"(or --no-db to keep no history)") from None


def _open_postgresql(url: str) -> HistoryStore:
    shown = _hide_password(url)
    try:
        import psycopg
    except ImportError:
        raise StoreError(f'a PostgreSQL history database ({shown}) needs psycopg: pip install "pokercore[postgres]"') \
            from None
    try:
        conn = psycopg.connect(url, connect_timeout=10)
    except psycopg.Error as exc:
        raise StoreError(f"cannot connect to the history database {shown}: {str(exc).strip()}") from None
    try:
        return HistoryStore(conn, "postgresql", shown)
    except psycopg.Error as exc:
        conn.close()
        raise StoreError(f"cannot set up the history tables in {shown}: {str(exc).strip()}") from None


def _hide_password(url: str) -> str:
    """``url`` without its password.

    >>> _hide_password("postgresql://me:secret@db.example/poker")
    'postgresql://me:***@db.example/poker'
    """
    head, sep, rest = url.partition("://")
    cred, at, host = rest.rpartition("@")
    if not at or ":" not in cred:
        return url
    return f"{head}{sep}{cred.split(':', 1)[0]}:***@{host}"


def open_store(where: str | os.PathLike[str]) -> HistoryStore:
    """Open (creating if needed) the history database at a path, ``":memory:"`` or a ``postgresql://`` URL.

    Raises
    ------
    StoreError
        It cannot be opened or written (a read-only folder, a full disk, a
        damaged file, a database server that refuses), with what to do.
    """
    text = os.fspath(where)
    if text.startswith(("postgresql://", "postgres://")):
        return _open_postgresql(text)
    if "://" in text:
        raise StoreError(f"--db {text!r}: a database URL starts with postgresql://; anything else is a file path")
    return _open_sqlite(text)
