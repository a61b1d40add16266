"""The seat manager: seat tables, seats, tokens, limits, and the loop that lets AIs act.

A *seat table* (:class:`SeatTable`) holds one game session on the server;
in the web package and its protocol, "table" always means a seat table.
Its seats are *players* (a person's page or a remote bot: both speak the
JSON protocol with the seat's secret token) or *AIs* (a built-in agent the
server runs).  Everything that changes a seat table happens under its lock,
checks first, so a refused message changes nothing; after each change
every connected seat is sent its own view (:meth:`SeatTable.view`), which
holds its own cards and the public state only.  AI decisions run in worker
threads (``run_in_threadpool``) so the event loop keeps serving other
seat tables; with an :class:`~pokercore.web._ai_pool.AIPool` the agents
themselves live in worker processes, so decisions use every core.

:class:`SeatTableManager` creates and finds seat tables (with the game
classes :func:`~pokercore.web.create_app` hands it), enforces
:class:`Limits` and removes abandoned ones.  It knows no game.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import hmac
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from starlette.concurrency import run_in_threadpool

if TYPE_CHECKING:
    from ._ai_pool import AIPool
from ._protocol import MAX_FRAME_BYTES, MAX_MESSAGE_BYTES, PLAYER_SEATS, Action, Create, Preview, ProtocolError
from ._server_messages import Closed, PreviewAnswer, ServerMessage, Suggestion, View
from ._store import HandRecord

__all__ = ["Limits", "Recorder", "Seat", "SeatTable", "SeatTableManager", "Sender"]

log = logging.getLogger("pokercore.web")



def _many(n: int, word: str) -> str:
    """``1 table``, ``2 tables``: a count with its noun (the limits' refusals name them)."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class Sender(Protocol):
    """What a table needs of a connection: queue one message (never blocks)."""

    def send(self, message: ServerMessage) -> None: ...

    def replaced(self) -> None: ...


class Recorder(Protocol):
    """What keeps the history (:class:`pokercore.web._recorder.Recorder`): told of tables and finished hands.

    Its methods never raise: a failed write is logged and play goes on.  They queue their writes;
    ``hand_finished`` returns a future that is done once the hand is stored (or its write failed).
    """

    def table_opened(self, table: SeatTable) -> None: ...

    def hand_finished(self, table: SeatTable) -> concurrent.futures.Future[None] | None: ...

    def seat_player(self, table: SeatTable, seat: int) -> None: ...

    def table_closed(self, table: SeatTable, reason: str) -> None: ...

    async def resume(self, table_id: str, limits: Limits) -> SeatTable | None: ...


@dataclass(frozen=True)
class Limits:
    """Server limits, so one client cannot exhaust the server.

    Quotas follow connections first: a table counts against its creator's
    quotas only while it is *in play* (its session is not over and a player
    is connected, or it still waits for its first player); a finished or
    abandoned table stops counting at once.

    Parameters
    ----------
    max_tables : int
        Seat tables held on the server at once.  When it is reached, a
        ``create`` first removes finished tables, then abandoned ones.
    max_tables_per_connection : int
        Tables in play created by one connection.
    max_tables_per_client : int
        Tables in play created from one client address (a backstop: many
        people may share one address behind a NAT).
    max_connections : int
        WebSocket connections open at once.
    max_connections_per_client : int
        Connections from one client address.
    max_message_bytes : int
        Largest client message read; larger ones are refused with ``too_large``.
    max_frame_bytes : int
        Largest WebSocket frame taken in at all; a larger one closes the connection (code 1009).
    messages_per_second, burst : float
        Token bucket per connection; a message over it is refused with ``rate_limited``.
    max_refused_in_a_row : int
        Rate-limited messages in a row after which the connection is closed (code 1008).
    send_queue : int
        Messages queued for a client that does not read before its connection is cut off.
    abandon_after : float
        Seconds a seat table may have no connected player before it is removed.
    idle_after : float
        Seconds without any message from a player before a seat table is removed.
    ai_delay : float
        Seconds an AI waits before acting (0 for bots; a little lets a person follow).
    """

    max_tables: int = 200
    max_tables_per_connection: int = 5
    max_tables_per_client: int = 50
    max_connections: int = 1000
    max_connections_per_client: int = 100
    max_message_bytes: int = MAX_MESSAGE_BYTES
    max_frame_bytes: int = MAX_FRAME_BYTES
    messages_per_second: float = 20.0
    burst: float = 60.0
    max_refused_in_a_row: int = 60
    send_queue: int = 512
    abandon_after: float = 300.0
    idle_after: float = 3600.0
    ai_delay: float = 0.0


@dataclass
class Seat:
    """One seat: ``kind`` is ``"player"`` (page or bot) or ``"ai"``."""

    index: int
    kind: str
    level: str | None = None
    token: str | None = field(default=None, repr=False)
    agent: Any = field(default=None, repr=False)
    conn: Sender | None = field(default=None, repr=False)
    next_seq: int = 1
    ready: bool = False
    #: the player id the page or bot sent with create or join (who this is across sessions), or None
    player: str | None = None

    @property
    def name(self) -> str:
        if self.kind == "ai":
            return f"{(self.level or '').capitalize()} AI"
        return f"Player {self.index + 1}"

    def public(self) -> dict[str, Any]:
        """The fields every game's player entry starts with (its ``players`` struct takes them as keywords)."""
        return {"seat": self.index, "name": self.name, "kind": self.kind, "level": self.level,
                "connected": self.kind == "ai" or self.conn is not None}


class SeatTable:
    """A game session: seats, lock, versioned state, the AI driver (each game subclasses it).

    Subclasses implement :meth:`view`, :meth:`_apply_action`,
    :meth:`_start_next`, :meth:`_hand_over`, :meth:`_ai_job` and
    :meth:`_apply_ai`, and may answer :meth:`preview` and
    :meth:`suggest_job`.  They are built as ``cls(table_id, request,
    limits, owner=...)`` from the :class:`~pokercore.web._protocol.Create`
    message that asked for them.
    """

    game = ""
    #: AI levels that decide in the server's process even when the server has AI worker processes: their
    #: decisions take well under 0.1 ms, less than sending the observation to a worker and the move back.
    light_levels: frozenset[str] = frozenset()

    def __init__(self, table_id: str, seats: tuple[str, ...], limits: Limits, owner: str = "") -> None:
        self.id = table_id
        self.limits = limits
        self.owner = owner
        self.lock = asyncio.Lock()
        self.seats: list[Seat] = []
        for i, spec in enumerate(seats):
            if spec in PLAYER_SEATS:
                self.seats.append(Seat(i, "player", token=secrets.token_urlsafe(18)))
            else:
                self.seats.append(Seat(i, "ai", level=spec))
        self.version = 0
        self.closed = False
        now = time.monotonic()
        self.created_at = now
        self.last_message = now
        self.last_connected = now
        self.ever_connected = False
        #: the connection that created the table (its quota), set by the manager
        self.creator: object = None
        self._driving = False
        self._driver: asyncio.Task[None] | None = None
        #: keeps the history (set by the manager when the server has a database), and the last hand it got
        self.recorder: Recorder | None = None
        self.recorded_hand = 0

    # ------------------------------------------------------------------ subclass hooks
    def view(self, seat: int) -> View:  # pragma: no cover - abstract
        raise NotImplementedError

    def _apply_action(self, seat: int, action: Action) -> None:  # pragma: no cover
        raise NotImplementedError

    def _hand_over(self) -> bool:  # pragma: no cover
        raise NotImplementedError

    def _session_over(self) -> bool:
        return False

    def _start_next(self) -> None:  # pragma: no cover
        raise NotImplementedError

    def _ai_job(self) -> tuple[int, Callable[[], Any], Any] | None:  # pragma: no cover
        """``(seat, function to run off the loop, stamp)`` for the next AI decision, or None."""
        raise NotImplementedError

    def _apply_ai(self, seat: int, stamp: Any, result: Any) -> bool:  # pragma: no cover
        """Apply an AI decision if the state is still the one it was made for."""
        raise NotImplementedError

    def preview(self, seat: int, request: Preview) -> PreviewAnswer:
        """The ``preview`` answer for ``seat`` (call under the lock); only Binh has one."""
        raise ProtocolError("illegal_action", "preview is for Binh tables")

    def suggest_job(self, seat: int) -> Callable[[], Suggestion]:
        """The ``suggestion`` for ``seat``, as a function to run off the loop; only Binh has one."""
        raise ProtocolError("illegal_action", "suggest is for Binh tables")

    # ------------------------------------------------------------------ history hooks
    def hand_number(self) -> int:
        """The number of the hand in play or just finished (1, 2, ...)."""
        return 0

    def hand_record(self) -> HandRecord | None:
        """The finished hand as it is stored (called once per hand, when it is over); None: not recorded."""
        return None

    def snapshot(self) -> dict[str, Any]:
        """What :meth:`resume` needs to continue the session after the last finished hand (JSON-ready)."""
        return {"seats": [{"kind": s.kind, "level": s.level, "token": s.token, "player": s.player}
                          for s in self.seats], "owner": self.owner}

    def restore_seats(self, state: dict[str, Any]) -> None:
        """Give the seats back their tokens and players from a :meth:`snapshot`."""
        for s, saved in zip(self.seats, state["seats"]):
            s.token, s.player = saved["token"], saved["player"]

    @classmethod
    def seat_specs(cls, state: dict[str, Any]) -> tuple[str, ...]:
        """The ``create`` seats of a :meth:`snapshot`'s table ("remote" for players)."""
        return tuple("remote" if s["kind"] == "player" else str(s["level"]) for s in state["seats"])

    async def _record(self) -> None:
        """Hand a hand that just finished to the recorder, once, and wait until it is stored (under the lock).

        A threaded recorder writes in its own thread, so the event loop serves the other tables meanwhile.
        """
        if self.recorder is not None and not self.closed and self._hand_over() \
                and self.hand_number() != self.recorded_hand:
            self.recorded_hand = self.hand_number()
            stored = self.recorder.hand_finished(self)
            if stored is not None and not stored.done():
                # shielded: a cancelled wait (the client went away) never cancels the write itself
                await asyncio.shield(asyncio.wrap_future(stored))

    # ------------------------------------------------------------------ seats
    def check_token(self, seat: int, token: str) -> Seat:
        if not 0 <= seat < len(self.seats):
            raise ProtocolError("bad_token", f"table {self.id} has seats 0..{len(self.seats) - 1}, not {seat}")
        s = self.seats[seat]
        if s.token is None or not hmac.compare_digest(s.token.encode(), token.encode()):
            raise ProtocolError("bad_token", f"wrong token for seat {seat} of table {self.id}")
        return s

    def attach(self, seat: int, conn: Sender) -> None:
        """Give ``seat`` to ``conn`` (a reconnect replaces the old connection)."""
        s = self.seats[seat]
        if s.conn is not None and s.conn is not conn:
            s.conn.replaced()
        s.conn = conn
        self.ever_connected = True
        self.last_message = time.monotonic()

    def detach(self, seat: int, conn: Sender) -> None:
        s = self.seats[seat]
        if s.conn is conn:
            s.conn = None
            self.last_connected = time.monotonic()

    @property
    def connected(self) -> int:
        return sum(1 for s in self.seats if s.conn is not None)

    @property
    def finished(self) -> bool:
        """Nobody can act any more: the session is over (or the table was closed)."""
        return self.closed or (self._hand_over() and self._session_over())

    def in_play(self, now: float | None = None) -> bool:
        """Whether the table counts against quotas: not finished, and a player is connected or still expected."""
        if self.finished:
            return False
        if self.connected:
            return True
        now = time.monotonic() if now is None else now
        return not self.ever_connected and now - self.created_at < self.limits.abandon_after

    async def broadcast(self) -> None:
        """Send every connected seat its own view (call under the lock); a finished hand is stored first."""
        self.version += 1
        await self._record()
        for s in self.seats:
            if s.conn is not None:
                s.conn.send(self.view(s.index))

    # ------------------------------------------------------------------ messages
    def _check_open(self) -> None:
        """Refuse a message that reaches a table closed while it waited for the lock."""
        if self.closed:
            raise ProtocolError("not_joined", f"table {self.id} was closed; nothing changed: create a new table")

    def _check_seq(self, seat: Seat, seq: int) -> None:
        if seq != seat.next_seq:
            what = "an old action number (a replayed or repeated message)" if seq < seat.next_seq else \
                "an action number from the future"
            raise ProtocolError("stale_seq", f"seq {seq} is {what}: this seat's next action is seq "
                                             f"{seat.next_seq}; nothing changed")

    async def act(self, seat: int, seq: int, action: Action) -> None:
        """A player's action: checked (seq, turn, legality) and applied, or refused unchanged."""
        async with self.lock:
            self._check_open()
            s = self.seats[seat]
            self._check_seq(s, seq)
            self._apply_action(seat, action)
            s.next_seq += 1
            self.last_message = time.monotonic()
            await self.broadcast()
            self._kick()

    def _rebuy(self, seat: int) -> None:
        """Buy seat ``seat`` back in (a game that allows rebuys overrides this); refuse with a ProtocolError."""
        raise ProtocolError("illegal_action", f"a {self.game} table has no rebuys; nothing changed")

    async def rebuy(self, seat: int, seq: int) -> None:
        """A player out of chips buys back in between hands; the next hand starts once every player is ready."""
        async with self.lock:
            self._check_open()
            s = self.seats[seat]
            self._check_seq(s, seq)
            self._rebuy(seat)
            s.ready = True  # buying back in is asking for the next hand
            s.next_seq += 1
            self.last_message = time.monotonic()
            self._maybe_start_next()
            await self.broadcast()
            self._kick()

    def _maybe_start_next(self) -> None:
        if all(p.ready for p in self.seats if p.kind == "player"):
            for p in self.seats:
                p.ready = False
            self._start_next()

    async def next_hand(self, seat: int, seq: int) -> None:
        """A player is ready for the next hand (deal); it starts once every player is ready."""
        async with self.lock:
            self._check_open()
            s = self.seats[seat]
            self._check_seq(s, seq)
            if not self._hand_over():
                raise ProtocolError("illegal_action", "the hand is still being played: 'next' is for "
                                                      "after the result; nothing changed")
            if self._session_over():
                raise ProtocolError("illegal_action", "the session is over: create a new table")
            if s.ready:
                raise ProtocolError("illegal_action", "already ready; waiting for the other players")
            s.ready = True
            s.next_seq += 1
            self.last_message = time.monotonic()
            self._maybe_start_next()
            await self.broadcast()
            self._kick()

    # ------------------------------------------------------------------ AIs
    def _kick(self) -> None:
        """Start the AI driver if an AI may have to act (call under the lock)."""
        if not self._driving and not self.closed:
            self._driving = True
            self._driver = asyncio.get_running_loop().create_task(self._drive())

    async def _drive(self) -> None:
        while True:
            async with self.lock:
                job = None if self.closed else self._ai_job()
                if job is None:
                    self._driving = False
                    return
            seat, func, stamp = job
            if self.limits.ai_delay:
                await asyncio.sleep(self.limits.ai_delay)
            try:
                result = await run_in_threadpool(func)
            except Exception:  # an agent's bug must not stop the table: a safe move instead
                log.exception("AI seat %d of table %s failed; playing a safe move", seat, self.id)
                result = None
            async with self.lock:
                if self.closed:
                    self._driving = False
                    return
                if self._apply_ai(seat, stamp, result):
                    await self.broadcast()

    def start(self) -> None:
        """Begin the session (call once, inside the event loop)."""
        self._kick()

    def close(self, reason: str) -> None:
        self.closed = True
        for s in self.seats:
            if s.conn is not None:
                s.conn.send(Closed(self.id, reason))


class SeatTableManager:
    """Creates, finds and cleans up seat tables within :class:`Limits`.

    ``factories`` maps a game name (``"binh"``, ``"draw"``) to the
    :class:`SeatTable` subclass that deals it; :func:`~pokercore.web.create_app`
    hands them in, so this module knows no game.
    """

    def __init__(self, factories: dict[str, Callable[..., SeatTable]], limits: Limits | None = None) -> None:
        self.limits = limits or Limits()
        self.factories = factories
        self.tables: dict[str, SeatTable] = {}
        self.connections: dict[str, int] = {}
        #: Where the tables' AIs decide: worker processes, or ``None`` for this process (threads).
        self.ai_pool: AIPool | None = None
        #: keeps the history and resumes tables after a restart (None: no database)
        self.recorder: Recorder | None = None

    # ------------------------------------------------------------------ connections
    def open_connection(self, client: str) -> str | None:
        """Count a new connection; the reason it is refused, or None."""
        lim = self.limits
        if sum(self.connections.values()) >= lim.max_connections:
            return f"the server has its maximum of {_many(lim.max_connections, 'connection')}; try again later"
        if self.connections.get(client, 0) >= lim.max_connections_per_client:
            return f"at most {_many(lim.max_connections_per_client, 'connection')} from one address"
        self.connections[client] = self.connections.get(client, 0) + 1
        return None

    def close_connection(self, client: str) -> None:
        n = self.connections.get(client, 0) - 1
        if n > 0:
            self.connections[client] = n
        else:
            self.connections.pop(client, None)

    # ------------------------------------------------------------------ tables
    def create(self, request: Create, owner: str, creator: object = None) -> SeatTable:
        """Open a seat table as ``request`` asks, for connection ``creator`` at client address ``owner``."""
        lim = self.limits
        now = time.monotonic()
        if creator is not None:
            mine = sum(1 for t in self.tables.values() if t.creator is creator and t.in_play(now))
            if mine >= lim.max_tables_per_connection:
                raise ProtocolError("limit", f"at most {_many(lim.max_tables_per_connection, 'table')} in play per "
                                             f"connection; finish or leave one first")
        if sum(1 for t in self.tables.values() if t.owner == owner and t.in_play(now)) >= lim.max_tables_per_client:
            raise ProtocolError("limit", f"at most {_many(lim.max_tables_per_client, 'table')} in play per client "
                                         f"address; finish or leave one first")
        if len(self.tables) >= lim.max_tables:
            self._make_room(now)
        if len(self.tables) >= lim.max_tables:
            raise ProtocolError("limit", f"the server has its maximum of {_many(lim.max_tables, 'table')} in play; "
                                         f"try again later")
        table_id = secrets.token_urlsafe(9)
        table = self.factories[request.game](table_id, request, lim, owner=owner)
        table.creator = creator
        self._adopt_ais(table)
        self.tables[table_id] = table
        if self.recorder is not None:
            if request.player is not None and "me" in request.seats:
                table.seats[request.seats.index("me")].player = request.player
            table.recorder = self.recorder
            self.recorder.table_opened(table)
        table.start()
        return table

    def _adopt_ais(self, table: SeatTable) -> None:
        """Hand ``table``'s AIs to the worker processes, if the server runs them there (all but the light ones)."""
        if self.ai_pool is not None:
            for seat in table.seats:
                if seat.agent is not None and seat.level not in table.light_levels:
                    seat.agent = self.ai_pool.adopt(table.id, seat.index, seat.agent)

    def _make_room(self, now: float) -> None:
        """Remove one table that is not in play: a finished one first, else the longest abandoned."""
        idle = [t for t in self.tables.values() if not t.in_play(now)]
        if idle:
            victim = min(idle, key=lambda t: (not t.finished, t.last_connected))
            self.discard(victim, "the server needed room: this table was finished or abandoned")
            log.info("table %s removed to make room (finished or abandoned)", victim.id)

    def left(self, table: SeatTable) -> None:
        """A player left ``table``: remove it at once if it is finished and nobody is connected."""
        if table.finished and table.connected == 0 and self.tables.get(table.id) is table:
            self.discard(table, "the session is over")
            log.info("table %s removed (session over, nobody connected)", table.id)

    def discard(self, table: SeatTable, reason: str) -> None:
        """Close and forget ``table`` now."""
        table.close(reason)
        self.tables.pop(table.id, None)
        if self.ai_pool is not None:
            self.ai_pool.drop(table.id)
        if self.recorder is not None:
            self.recorder.table_closed(table, reason)

    async def get(self, table_id: str) -> SeatTable:
        table = self.tables.get(table_id)
        if table is None and self.recorder is not None and len(self.tables) < self.limits.max_tables:
            resumed = await self.recorder.resume(table_id, self.limits)  # open when the server stopped: it goes on
            table = self.tables.get(table_id)  # another join may have brought it back meanwhile
            if table is None and resumed is not None:
                table = resumed
                table.recorder = self.recorder
                self._adopt_ais(table)
                self.tables[table_id] = table
                table.start()
        if table is None or table.closed:
            raise ProtocolError("no_table", f"no table {table_id!r} (it may have been closed after being "
                                            f"abandoned): create a new one")
        return table

    def sweep(self, now: float | None = None) -> list[str]:
        """Close and forget abandoned or idle seat tables; return their ids."""
        now = time.monotonic() if now is None else now
        lim = self.limits
        gone = []
        for tid, t in list(self.tables.items()):
            abandoned = t.connected == 0 and now - t.last_connected > lim.abandon_after
            idle = now - t.last_message > lim.idle_after
            over = t.finished and t.connected == 0
            if abandoned or idle or over:
                self.discard(t, "the session is over" if over else "abandoned" if abandoned else "idle")
                gone.append(tid)
        return gone

    async def sweeper(self, every: float) -> None:
        """Run :meth:`sweep` forever, every ``every`` seconds."""
        while True:
            await asyncio.sleep(every)
            for tid in self.sweep():
                log.info("table %s removed (finished, abandoned or idle)", tid)
