"""The history's HTTP face: the ``/history`` page and the JSON endpoints pages and bots read.

Every endpoint needs the reader's player id (the one its page or bot sends
with ``create`` and ``join``), in the ``X-Pokercore-Player`` header (or
``?player=``); a player sees only the sessions and hands one of its seats
played, each hand cut to what that seat saw
(:func:`pokercore.web._history_text.seat_view`).

- ``GET /api/history``: the player's sessions, newest first, each with
  its ``status``: ``"playing"`` (the player's seat is connected now),
  ``"left"`` (not over, but nobody plays it: the player left, or the
  server restarted and nobody came back) or ``"over"``.
- ``GET /api/history/table/{table}``: the hands of one session.
- ``GET /api/history/hand/{id}``: one hand: its text (the stored format,
  which replays), ``lines`` (the same as a person reads it: "You" and the
  seats' names, the reader's own mucked hand, the chips each winner won),
  format and nets.

Errors are JSON ``{"error": code, "message": ...}`` with status 400
(``bad_player``), 404 (``not_found``, ``no_history``) or 503
(``store_error``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ._history_text import readable, seat_view
from ._recorder import Recorder, valid_player
from ._store import HistoryStore

__all__ = ["PLAYER_HEADER", "history_routes"]

log = logging.getLogger("pokercore.web")

#: The header that carries the reader's player id.
PLAYER_HEADER = "X-Pokercore-Player"


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status, headers={"Cache-Control": "no-store"})


def _ok(body: dict[str, Any]) -> JSONResponse:
    return JSONResponse(body, headers={"Cache-Control": "no-store"})


async def _read(request: Request, what: str, read: Any) -> tuple[str, Any] | JSONResponse:
    """The player id and ``read(store, player)`` run off the loop, or the error response."""
    store: HistoryStore | None = request.app.state.store
    if store is None:
        return _error(404, "no_history", "this server keeps no history (it was started with --no-db)")
    player = request.headers.get(PLAYER_HEADER) or request.query_params.get("player")
    if not valid_player(player):
        return _error(400, "bad_player", f"send your player id (16-64 letters, digits, - or _) in the "
                                         f"{PLAYER_HEADER} header: the id your page or bot sends with create and join")
    assert player is not None
    recorder: Recorder | None = request.app.state.recorder
    try:
        queued = recorder.read(read, store, player) if recorder is not None else None
        if queued is not None:  # after the writes already asked for: a hand just shown is there
            return player, await asyncio.wrap_future(queued)
        return player, await run_in_threadpool(read, store, player)
    except Exception:
        log.exception("history: could not read %s from %s", what, store.where)
        return _error(503, "store_error", "the history database could not be read (the error is logged); "
                                          "try again later")


def _status(request: Request, session: dict[str, Any]) -> str:
    """``"over"``, ``"playing"`` (this server holds the table and the reader's seat is connected) or ``"left"``."""
    manager = getattr(request.app.state, "manager", None)
    table = manager.tables.get(session["table"]) if manager is not None else None
    if session["closed"] or (table is not None and table.finished):
        return "over"
    seat = session["seat"]
    if table is not None and 0 <= seat < len(table.seats) and table.seats[seat].conn is not None:
        return "playing"
    return "left"


async def sessions(request: Request) -> Response:
    got = await _read(request, "sessions", lambda store, player: store.sessions(player))
    if isinstance(got, JSONResponse):
        return got
    return _ok({"sessions": [{**s, "status": _status(request, s)} for s in got[1]]})


async def table_hands(request: Request) -> Response:
    table = request.path_params["table"]
    got = await _read(request, "hands", lambda store, player: store.hands(player, table))
    if isinstance(got, JSONResponse):
        return got
    if not got[1]:
        return _error(404, "not_found", f"no hands of yours at table {table!r}")
    return _ok({"table": table, "hands": got[1]})


async def hand(request: Request) -> Response:
    hand_id = request.path_params["hand"]
    got = await _read(request, "a hand", lambda store, player: store.hand(player, hand_id))
    if isinstance(got, JSONResponse):
        return got
    rec = got[1]
    if rec is None:
        return _error(404, "not_found", f"no hand {hand_id} of yours")
    rec["text"] = seat_view(rec["format"], rec["text"], rec["seat"])
    rec["lines"] = readable(rec["format"], rec["text"], rec["seat"], rec["names"])
    return _ok(rec)


def history_routes() -> list[Route]:
    """The JSON endpoints (the page itself is served with the other pages)."""
    return [
        Route("/api/history", sessions),
        Route("/api/history/table/{table:str}", table_hands),
        Route("/api/history/hand/{hand:int}", hand),
    ]
