"""The Starlette application of ``pokercore serve``: pages, static files and the ``/ws`` WebSocket.

>>> app = create_app()
>>> [r.path for r in app.routes]  # doctest: +NORMALIZE_WHITESPACE
['/', '/binh', '/draw', '/holdem', '/equity', '/api/equity', '/api/range', '/history', '/health', '/favicon.ico',
 '/manifest.webmanifest', '/sw.js', '/ws', '/api/history', '/api/history/table/{table:str}',
 '/api/history/hand/{hand:int}', '/static']
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from ._ai_pool import AIPool
from ._binh_seat_table import BinhSeatTable
from ._connection import Connection
from ._draw_seat_table import DrawSeatTable
from ._equity_page import EquityService
from ._favicon import FAVICON
from ._history_routes import history_routes
from ._holdem_seat_table import HoldemSeatTable
from ._protocol import (
    Act,
    ClientMessage,
    Create,
    Join,
    Next,
    Ping,
    Preview,
    ProtocolError,
    Rebuy,
    Suggest,
    encode,
    error_message,
    parse_message,
    raw_ref,
    ref_of,
)
from ._recorder import Recorder
from ._seat_table import Limits, SeatTable, SeatTableManager
from ._security import Access, AccessGuard
from ._server_messages import UNSET, Created, Joined, Pong
from ._store import HistoryStore, open_store
from ._warmup import warm_up

__all__ = ["SHELL_PAGES", "STATIC", "Connection", "StartUp", "create_app", "manifest", "service_worker"]

log = logging.getLogger("pokercore.web")
STATIC = Path(__file__).resolve().parent / "static"


async def _leave(manager: SeatTableManager, conn: Connection) -> None:
    """``conn`` gives up its seat; a finished table nobody is connected to is removed at once."""
    table = conn.table
    if table is None:
        return
    async with table.lock:
        table.detach(conn.seat, conn)
        conn.table, conn.seat = None, -1
        if not table.closed:
            await table.broadcast()
    manager.left(table)


async def _join(manager: SeatTableManager, conn: Connection, table: SeatTable, seat: int, player: str | None,
                tokens: dict[str, str | None] | None = None) -> None:
    if conn.table is not None and conn.table is not table:
        await _leave(manager, conn)
    async with table.lock:
        if conn.table is table:
            table.detach(conn.seat, conn)
        table.attach(seat, conn)
        conn.table, conn.seat = table, seat
        s = table.seats[seat]
        if player is not None and player != s.player:  # who sits here, for the history
            s.player = player
            if table.recorder is not None:
                table.recorder.seat_player(table, seat)
        conn.send(Joined(table.game, table.id, seat, s.token, s.next_seq, UNSET if tokens is None else tokens))
        await table.broadcast()  # everyone sees who is connected; the joiner gets its state


async def _create(manager: SeatTableManager, conn: Connection, request: Create) -> None:
    old = conn.table
    if old is not None and all(s.kind == "ai" for s in old.seats if s.index != conn.seat):
        # a person starting a new game leaves a seat table that nobody else can play: it stops counting now
        await _leave(manager, conn)
        manager.discard(old, "its only player started a new table")
    table = manager.create(request, conn.client, creator=conn)
    seats = request.seats
    tokens = {str(s.index): s.token for s in table.seats if seats[s.index] == "remote"}
    if "me" in seats:
        await _join(manager, conn, table, seats.index("me"), request.player, tokens=tokens)
    else:
        conn.send(Created(table.game, table.id, tokens))


async def _handle(manager: SeatTableManager, conn: Connection, msg: ClientMessage) -> None:
    """Carry out one accepted message (typed, its cards as codes) for ``conn``."""
    if isinstance(msg, Ping):
        conn.send(Pong())
        return
    if isinstance(msg, Create):
        await _create(manager, conn, msg)
        return
    if isinstance(msg, Join):
        wanted = await manager.get(msg.table)
        wanted.check_token(msg.seat, msg.token)
        await _join(manager, conn, wanted, msg.seat, msg.player)
        return
    table = conn.table
    if table is None or table.closed:
        raise ProtocolError("not_joined", f"{msg.type}: join or create a table first")
    seat = conn.seat
    if isinstance(msg, Act):
        await table.act(seat, msg.seq, msg.action)
    elif isinstance(msg, Next):
        await table.next_hand(seat, msg.seq)
    elif isinstance(msg, Rebuy):
        await table.rebuy(seat, msg.seq)
    elif isinstance(msg, Preview):
        async with table.lock:
            reply = table.preview(seat, msg)
        conn.send(reply)
    elif isinstance(msg, Suggest):
        async with table.lock:
            job = table.suggest_job(seat)
        conn.send(await run_in_threadpool(job))


def _rate_refusal(conn: Connection, raw: str | bytes, wait: float, in_a_row: int) -> ProtocolError | None:
    """The ``rate_limited`` refusal of a message, or None when the connection is closed for it (code 1008)."""
    lim = conn.limits
    says = (f"more than {lim.messages_per_second:g} messages a second (bursts of {lim.burst:g} pass): "
            f"this one was ignored; send it again after {wait:g} s")
    if in_a_row > lim.max_refused_in_a_row:
        conn.send(error_message("rate_limited", f"{says}; {lim.max_refused_in_a_row} messages in a row were sent "
                                                f"while limited, so the connection is closed",
                                raw_ref(raw), retry_after=wait))
        conn.close(1008, "rate_limited: kept sending while limited")
        return None
    return ProtocolError("rate_limited", says, raw_ref(raw), retry_after=wait)


async def _read(manager: SeatTableManager, conn: Connection) -> None:
    """Read and answer ``conn``'s messages until it leaves or is closed."""
    in_a_row = 0
    while not conn.closing:
        event = await conn.ws.receive()
        if event["type"] == "websocket.disconnect":
            return
        raw = event.get("text")
        if raw is None:
            raw = event.get("bytes") or b""
        msg = None
        try:
            wait = conn.rate.wait()
            if wait:
                in_a_row += 1
                refusal = _rate_refusal(conn, raw, wait, in_a_row)
                if refusal is None:
                    return
                raise refusal
            in_a_row = 0
            msg = parse_message(raw, manager.limits.max_message_bytes)
            await _handle(manager, conn, msg)
            await asyncio.sleep(0)  # let the writers send the answers before the next message is read
        except ProtocolError as exc:
            conn.send(error_message(exc.code, str(exc), exc.ref if msg is None else ref_of(msg), exc.retry_after))
        except Exception:  # a bug on one message: say so, log it, close (the table may be mid-change)
            log.exception("failed on a message from %s; closing its connection", conn.client)
            conn.send(error_message("server_error", "the server failed on this message (the error is logged); "
                                                    "reconnect and join your seat again",
                                    raw_ref(raw) if msg is None else ref_of(msg)))
            conn.close(1011, "server error")
            return


async def websocket_endpoint(ws: WebSocket) -> None:
    manager: SeatTableManager = ws.app.state.manager
    client = ws.client.host if ws.client else "?"
    refused = manager.open_connection(client)
    await ws.accept()
    if refused:
        await ws.send_text(encode(error_message("limit", refused, with_ref=False)))
        await ws.close(code=1013, reason="limit")
        return
    conn = Connection(ws, manager.limits, client)
    conn.start_writer()
    conn.reader = asyncio.get_running_loop().create_task(_read(manager, conn))
    try:
        await asyncio.wait([conn.reader])       # ends on a disconnect, a close, or when the client is cut off
    finally:
        conn.reader.cancel()
        try:
            await _leave(manager, conn)
        finally:
            manager.close_connection(client)
            await conn.finish()


#: The installable app's colours: the pages' header green and background.
THEME_COLOR = "#0b6b3a"
BACKGROUND_COLOR = "#f4f6f4"
#: The icons of the manifest: file under /static/, size, purpose (drawn by scripts/make_icons.py).
ICONS = (("icon-192.png", 192, "any"), ("icon-512.png", 512, "any"), ("icon-maskable-512.png", 512, "maskable"))


def manifest() -> dict[str, Any]:
    """The web app manifest (``/manifest.webmanifest``): what a phone needs to install the pages as an app."""
    games = (("Binh poker", "Binh", "/binh", "13 cards against 1 to 3 AIs"),
             ("Five-card draw", "Draw", "/draw", "fixed-limit draw against 1 to 5 AIs"),
             ("Hold'em and Omaha", "Hold'em", "/holdem", "no-limit, fixed-limit hold'em or pot-limit Omaha"))
    return {
        "id": "/",
        "name": "pokercore",
        "short_name": "pokercore",
        "description": "Binh poker, five-card draw and hold'em against the built-in AIs, and hold'em equity.",
        "start_url": "/?source=app",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": [{"src": f"/static/{name}", "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
                  for name, size, purpose in ICONS],
        "shortcuts": [{"name": name, "short_name": short, "url": url, "description": text,
                       "icons": [{"src": "/static/icon-192.png", "sizes": "192x192", "type": "image/png"}]}
                      for name, short, url, text in games],
    }


#: The pages the service worker keeps (with every file under /static/): the app's shell, never an API answer.
SHELL_PAGES = ("/", "/binh", "/draw", "/holdem", "/equity", "/history", "/manifest.webmanifest", "/favicon.ico")


def service_worker() -> str:
    """``/sw.js`` with its version and shell filled in: the package's version and a digest of the static files.

    Any change of the pages (an upgrade, an edit) changes the script, so
    browsers install the new worker, which drops the old cache.
    """
    from .. import __version__

    files = sorted(f for f in STATIC.iterdir() if f.is_file() and f.suffix in (".js", ".css", ".png", ".html"))
    digest = hashlib.sha256()
    for f in files:
        digest.update(f.name.encode() + b"\0" + f.read_bytes())
    digest.update(repr(manifest()).encode())
    shell = [*SHELL_PAGES, *(f"/static/{f.name}" for f in files if f.suffix != ".html" and f.name != "sw.js")]
    # plain paths and a version of letters, digits, dots and dashes: JavaScript string literals as they are
    text = (STATIC / "sw.js").read_text()
    return text.replace("__VERSION__", f"{__version__}-{digest.hexdigest()[:12]}").replace(
        "__SHELL__", "[" + ", ".join(f'"{path}"' for path in shell) + "]")


def _page(name: str) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})
    return endpoint


async def _manifest(request: Request) -> Response:
    return JSONResponse(manifest(), media_type="application/manifest+json", headers={"Cache-Control": "no-cache"})


async def _favicon(request: Request) -> Response:
    return Response(FAVICON, media_type="image/x-icon", headers={"Cache-Control": "public, max-age=86400"})


async def _health(request: Request) -> Response:
    body: dict[str, Any] = {"status": "ok"}
    if request.app.state.access.health_details:
        m: SeatTableManager = request.app.state.manager
        body.update(tables=len(m.tables), connections=sum(m.connections.values()))
    return JSONResponse(body, headers={"Cache-Control": "no-store"})


class StartUp:
    """The server's start-up (the AIs' warm-up, a few seconds), which a stop signal may cut short.

    ``create_app`` puts one in ``app.state.start_up``; ``pokercore serve``
    calls :meth:`stop` when Ctrl-C or SIGTERM comes before the server is
    ready, so it stops at once instead of after the warm-up (or with the
    warm-up's errors).
    """

    def __init__(self) -> None:
        #: set by :meth:`stop`
        self.stopped = threading.Event()
        #: the AI workers while they start
        self.pool: AIPool | None = None
        self.over = False

    def stop(self) -> None:
        """Cut the start-up short: the warm-up ends at its next step, AI workers starting are killed.

        Safe from a signal handler; nothing happens once the start-up is over.
        """
        if self.over:
            return
        self.stopped.set()
        pool = self.pool
        if pool is not None:
            pool.abort()

    async def run(self, manager: SeatTableManager, warm: bool, ai_processes: int) -> None:
        """Start the AI workers (``ai_processes`` > 0) or warm the AIs up here (``warm``), unless stopped."""
        try:
            if ai_processes and not self.stopped.is_set():
                pool = self.pool = AIPool(ai_processes, warm=warm)
                if self.stopped.is_set():     # the signal came while the workers were being made
                    pool.abort()
                try:
                    await run_in_threadpool(pool.start)
                except BrokenProcessPool:
                    if not self.stopped.is_set():
                        raise
                if self.stopped.is_set():
                    await run_in_threadpool(pool.close)
                else:
                    manager.ai_pool = pool
                    log.info("AIs ready in %d worker %s", ai_processes,
                             "process" if ai_processes == 1 else "processes")
            elif warm and not self.stopped.is_set():
                seconds = await run_in_threadpool(warm_up, self.stopped)
                if not self.stopped.is_set():
                    log.info("AIs ready: %s", ", ".join(f"{game} {s:.1f} s" for game, s in seconds.items()))
        finally:
            self.over, self.pool = True, None
        if self.stopped.is_set():
            log.info("start-up stopped by a signal before the AIs were ready")


def create_app(limits: Limits | None = None, *, access: Access | None = None, sweep_every: float = 10.0,
               warm: bool = False, ai_processes: int = 0, db: str | HistoryStore | None = None) -> Starlette:
    """The ASGI application: ``/`` (choose a game), the game pages, ``/equity`` (with ``/api/equity`` and
    ``/api/range``), ``/history`` (with the ``/api/history`` endpoints), ``/static``, ``/ws``, ``/health``.

    ``access`` says who may use it (Host, Origin, token; see
    :mod:`pokercore.web._security`); ``warm`` builds what the AIs need
    while the server starts (``pokercore serve`` does), so no player waits
    for it at the first decision.  ``ai_processes`` > 0 runs the AIs in
    that many worker processes (:class:`~pokercore.web._ai_pool.AIPool`),
    so AI decisions use several cores; 0 keeps them in this process.
    ``db`` keeps every hand and resumes
    tables after a restart: a path, ``":memory:"`` or a ``postgresql://``
    URL (opened now, so a bad one fails at start-up with a
    :class:`~pokercore.web._store.StoreError`), or an open
    :class:`~pokercore.web._store.HistoryStore`; None keeps no history.
    """
    factories: dict[str, Any] = {"binh": BinhSeatTable, "draw": DrawSeatTable, "holdem": HoldemSeatTable}
    manager = SeatTableManager(factories, limits)
    access = access or Access()
    store = open_store(db) if isinstance(db, str) else db
    recorder = Recorder(store, factories) if store is not None else None
    manager.recorder = recorder
    start_up = StartUp()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await start_up.run(manager, warm, ai_processes)
        task = asyncio.get_running_loop().create_task(manager.sweeper(sweep_every))
        try:
            yield
        finally:
            task.cancel()
            if manager.ai_pool is not None:
                pool, manager.ai_pool = manager.ai_pool, None
                await run_in_threadpool(pool.close)
            if recorder is not None:
                await run_in_threadpool(recorder.close)  # the writes still queued land first
            if store is not None and isinstance(db, str):
                store.close()

    calc = EquityService()
    worker = service_worker()

    async def sw_endpoint(request: Request) -> Response:
        return Response(worker, media_type="text/javascript", headers={"Cache-Control": "no-cache"})

    app = Starlette(routes=[
        Route("/", _page("index.html")),
        Route("/binh", _page("binh.html")),
        Route("/draw", _page("draw.html")),
        Route("/holdem", _page("holdem.html")),
        Route("/equity", _page("equity.html")),
        Route("/api/equity", calc.equity, methods=["POST"]),
        Route("/api/range", calc.range, methods=["POST"]),
        Route("/history", _page("history.html")),
        Route("/health", _health),
        Route("/favicon.ico", _favicon),
        Route("/manifest.webmanifest", _manifest),
        Route("/sw.js", sw_endpoint),
        WebSocketRoute("/ws", websocket_endpoint),
        *history_routes(),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ], middleware=[Middleware(AccessGuard, access=access)], lifespan=lifespan)
    app.state.manager = manager
    app.state.start_up = start_up
    app.state.access = access
    app.state.store = store
    app.state.recorder = recorder
    return app
