"""The Starlette application of ``pokercore serve``: pages, static files and the ``/ws`` WebSocket.

>>> app = create_app()
>>> [r.path for r in app.routes]
['/', '/binh', '/draw', '/health', '/ws', '/static']
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from .binh_seat_table import BinhSeatTable
from .draw_seat_table import DrawSeatTable
from .protocol import (
    Act,
    ClientMessage,
    Create,
    Join,
    Next,
    Ping,
    Preview,
    ProtocolError,
    Suggest,
    encode,
    error_message,
    parse_message,
    raw_ref,
    ref_of,
)
from .seat_table import Limits, SeatTable, SeatTableManager

__all__ = ["STATIC", "Connection", "create_app"]

log = logging.getLogger("pokercore.web")
STATIC = Path(__file__).resolve().parent / "static"


class Connection:
    """One WebSocket client: a bounded send queue, a rate limit and (once joined) its seat."""

    def __init__(self, ws: WebSocket, limits: Limits, client: str) -> None:
        self.ws = ws
        self.client = client
        self.limits = limits
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(limits.send_queue)
        self.table: SeatTable | None = None
        self.seat = -1
        self.closing = False
        self._tokens = limits.burst
        self._stamp = time.monotonic()

    def send(self, message: dict[str, Any]) -> None:
        if self.closing:
            return
        try:
            self.queue.put_nowait(encode(message))
        except asyncio.QueueFull:  # a client that does not read: let it go
            log.warning("closing a connection from %s: it does not read its messages", self.client)
            self.shut()

    def replaced(self) -> None:
        """Another connection took this seat (a reconnect)."""
        self.send({"type": "closed", "table": self.table.id if self.table else None,
                   "reason": "this seat was joined from another connection"})
        self.table, self.seat = None, -1
        self.shut()

    def shut(self) -> None:
        if not self.closing:
            self.closing = True
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(None)

    def allow(self) -> bool:
        """Token bucket: ``messages_per_second`` sustained, ``burst`` at once."""
        now = time.monotonic()
        lim = self.limits
        self._tokens = min(lim.burst, self._tokens + (now - self._stamp) * lim.messages_per_second)
        self._stamp = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    async def writer(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    break
                await self.ws.send_text(text)
        except Exception:
            self.closing = True
        with contextlib.suppress(Exception):
            await self.ws.close()


async def _join(conn: Connection, table: SeatTable, seat: int, **extra: Any) -> None:
    async with table.lock:
        if conn.table is not None:
            conn.table.detach(conn.seat, conn)
        table.attach(seat, conn)
        conn.table, conn.seat = table, seat
        s = table.seats[seat]
        conn.send({"type": "joined", "game": table.game, "table": table.id, "seat": seat,
                   "token": s.token, "seq": s.next_seq, **extra})
        table.broadcast()  # everyone sees who is connected; the joiner gets its state


async def _create(manager: SeatTableManager, conn: Connection, request: Create) -> None:
    old = conn.table
    table = manager.create(request, conn.client)
    if old is not None and all(s.kind == "ai" for s in old.seats if s.index != conn.seat):
        # a person starting a new game leaves a seat table that nobody else can play: close it now
        async with old.lock:
            old.detach(conn.seat, conn)
            conn.table, conn.seat = None, -1
            manager.discard(old, "its only player started a new table")
    seats = request.seats
    tokens = {str(s.index): s.token for s in table.seats if seats[s.index] == "remote"}
    if "me" in seats:
        await _join(conn, table, seats.index("me"), tokens=tokens)
    else:
        conn.send({"type": "created", "game": table.game, "table": table.id, "tokens": tokens})


async def _handle(manager: SeatTableManager, conn: Connection, msg: ClientMessage) -> None:
    """Carry out one accepted message (typed, its cards as codes) for ``conn``."""
    if isinstance(msg, Ping):
        conn.send({"type": "pong"})
        return
    if isinstance(msg, Create):
        await _create(manager, conn, msg)
        return
    if isinstance(msg, Join):
        wanted = manager.get(msg.table)
        wanted.check_token(msg.seat, msg.token)
        await _join(conn, wanted, msg.seat)
        return
    table = conn.table
    if table is None or table.closed:
        raise ProtocolError("not_joined", f"{msg.type}: join or create a table first")
    seat = conn.seat
    if isinstance(msg, Act):
        await table.act(seat, msg.seq, msg.action)
    elif isinstance(msg, Next):
        await table.next_hand(seat, msg.seq)
    elif isinstance(msg, Preview):
        async with table.lock:
            reply = table.preview(seat, msg)
        conn.send(reply)
    elif isinstance(msg, Suggest):
        async with table.lock:
            job = table.suggest_job(seat)
        conn.send(await run_in_threadpool(job))


async def websocket_endpoint(ws: WebSocket) -> None:
    manager: SeatTableManager = ws.app.state.manager
    client = ws.client.host if ws.client else "?"
    refused = manager.open_connection(client)
    await ws.accept()
    if refused:
        await ws.send_text(encode(error_message("limit", refused)))
        await ws.close(code=1013)
        return
    conn = Connection(ws, manager.limits, client)
    writer = asyncio.get_running_loop().create_task(conn.writer())
    strikes = 0
    try:
        while not conn.closing:
            event = await ws.receive()
            if event["type"] == "websocket.disconnect":
                break
            raw = event.get("text")
            if raw is None:
                raw = event.get("bytes") or b""
            msg = None
            try:
                if not conn.allow():
                    strikes += 1
                    if strikes > 200:
                        break
                    raise ProtocolError("rate_limited", f"more than {manager.limits.messages_per_second:g} "
                                                        f"messages a second: this one was ignored", raw_ref(raw))
                msg = parse_message(raw, manager.limits.max_message_bytes)
                await _handle(manager, conn, msg)
            except ProtocolError as exc:
                conn.send(error_message(exc.code, str(exc), ref=exc.ref if msg is None else ref_of(msg)))
    except WebSocketDisconnect:
        pass
    finally:
        table = conn.table
        if table is not None:
            async with table.lock:
                table.detach(conn.seat, conn)
                if not table.closed:
                    table.broadcast()
        manager.close_connection(client)
        conn.shut()
        if ws.client_state != WebSocketState.DISCONNECTED:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 1.0)
        writer.cancel()


def _page(name: str) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})
    return endpoint


async def _health(request: Request) -> Response:
    m: SeatTableManager = request.app.state.manager
    return JSONResponse({"tables": len(m.tables), "connections": sum(m.connections.values())})


def create_app(limits: Limits | None = None, *, sweep_every: float = 10.0) -> Starlette:
    """The ASGI application: ``/`` (choose a game), ``/binh``, ``/draw``, ``/static``, ``/ws``, ``/health``."""
    manager = SeatTableManager({"binh": BinhSeatTable, "draw": DrawSeatTable}, limits)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = asyncio.get_running_loop().create_task(manager.sweeper(sweep_every))
        try:
            yield
        finally:
            task.cancel()

    app = Starlette(routes=[
        Route("/", _page("index.html")),
        Route("/binh", _page("binh.html")),
        Route("/draw", _page("draw.html")),
        Route("/health", _health),
        WebSocketRoute("/ws", websocket_endpoint),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ], lifespan=lifespan)
    app.state.manager = manager
    return app
