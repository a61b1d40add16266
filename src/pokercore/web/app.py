"""The Starlette application of ``pokercore serve``: pages, static files and the ``/ws`` WebSocket.

>>> app = create_app()
>>> [r.path for r in app.routes]
['/', '/binh', '/draw', '/health', '/ws', '/static']
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from .binh_table import BinhTable, branch_names
from .draw_table import DrawTable
from .protocol import ProtocolError, error_message, parse_message
from .tables import Limits, Table, TableManager

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
        self.table: Table | None = None
        self.seat = -1
        self.closing = False
        self._tokens = limits.burst
        self._stamp = time.monotonic()

    def send(self, message: dict[str, Any]) -> None:
        if self.closing:
            return
        try:
            self.queue.put_nowait(json.dumps(message, separators=(",", ":")))
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


async def _join(conn: Connection, table: Table, seat: int, **extra: Any) -> None:
    async with table.lock:
        if conn.table is not None:
            conn.table.detach(conn.seat, conn)
        table.attach(seat, conn)
        conn.table, conn.seat = table, seat
        s = table.seats[seat]
        conn.send({"type": "joined", "game": table.game, "table": table.id, "seat": seat,
                   "token": s.token, "seq": s.next_seq, **extra})
        table.broadcast()  # everyone sees who is connected; the joiner gets its state


async def _handle(manager: TableManager, conn: Connection, msg: dict[str, Any]) -> None:
    kind = msg["type"]
    if kind == "ping":
        conn.send({"type": "pong"})
        return
    if kind == "create":
        old = conn.table
        table = manager.create(msg, conn.client)
        if old is not None and all(s.kind == "ai" for s in old.seats if s.index != conn.seat):
            # a person starting a new game leaves a table that nobody else can play: close it now
            async with old.lock:
                old.detach(conn.seat, conn)
                conn.table, conn.seat = None, -1
                manager.discard(old, "its only player started a new table")
        seats = msg["seats"]
        tokens = {str(s.index): s.token for s in table.seats if seats[s.index] == "remote"}
        if "me" in seats:
            await _join(conn, table, seats.index("me"), tokens=tokens)
        else:
            conn.send({"type": "created", "game": table.game, "table": table.id, "tokens": tokens})
        return
    if kind == "join":
        wanted = manager.get(msg["table"])
        wanted.check_token(msg["seat"], msg["token"])
        await _join(conn, wanted, msg["seat"])
        return
    joined = conn.table
    if joined is None or joined.closed:
        raise ProtocolError("not_joined", f"{kind}: join or create a table first")
    table = joined
    seat = conn.seat
    if kind == "act":
        await table.act(seat, msg["seq"], msg["action"])
    elif kind == "next":
        await table.next_hand(seat, msg["seq"])
    elif kind in ("suggest", "preview"):
        if not isinstance(table, BinhTable):
            raise ProtocolError("illegal_action", f"{kind} is for Binh tables")
        if kind == "preview":
            from .protocol import card_codes
            parts = [card_codes(msg.get(k, []), f"preview: {k}", max_len=n)
                     for k, n in (("top", 3), ("middle", 5), ("bottom", 5))]
            async with table.lock:
                table.own_cards(seat, parts[0] + parts[1] + parts[2])
            conn.send({"type": "preview", **branch_names(*parts)})
        else:
            async with table.lock:
                job = table.suggest_job(seat)
            conn.send(await run_in_threadpool(job))


async def websocket_endpoint(ws: WebSocket) -> None:
    manager: TableManager = ws.app.state.manager
    client = ws.client.host if ws.client else "?"
    refused = manager.open_connection(client)
    await ws.accept()
    if refused:
        await ws.send_text(json.dumps(error_message("limit", refused)))
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
            try:
                if not conn.allow():
                    strikes += 1
                    if strikes > 200:
                        break
                    raise ProtocolError("rate_limited", f"more than {manager.limits.messages_per_second:g} "
                                                        f"messages a second: this one was ignored")
                msg = parse_message(raw, manager.limits.max_message_bytes)
                await _handle(manager, conn, msg)
            except ProtocolError as exc:
                conn.send(error_message(exc.code, str(exc), ref=_ref(raw)))
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


def _ref(raw: Any) -> Any:
    """The refused message's type and seq, when they can be read (so a client can match the error)."""
    try:
        msg = json.loads(raw) if len(raw) <= 65536 else None
    except (ValueError, TypeError, UnicodeDecodeError):
        return None
    if isinstance(msg, dict):
        out = {k: msg[k] for k in ("type", "seq") if isinstance(msg.get(k), (str, int))}
        return out or None
    return None


def _page(name: str):
    async def endpoint(request: Request) -> Response:
        return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})
    return endpoint


async def _health(request: Request) -> Response:
    m: TableManager = request.app.state.manager
    return JSONResponse({"tables": len(m.tables), "connections": sum(m.connections.values())})


def create_app(limits: Limits | None = None, *, sweep_every: float = 10.0) -> Starlette:
    """The ASGI application: ``/`` (choose a game), ``/binh``, ``/draw``, ``/static``, ``/ws``, ``/health``."""
    manager = TableManager({"binh": BinhTable, "draw": DrawTable}, limits)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
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
