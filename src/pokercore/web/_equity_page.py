"""The equity page's server side: ``POST /api/equity`` and ``POST /api/range``, JSON in and out.

The page (``/equity``) lets a person tap hands on the 13x13 grid, pick
board cards and see each player's equity; scripts may call the same two
endpoints.  Both read one small JSON object and answer one:

- ``/api/range`` ``{"range": "QQ+,AKs"}`` -> the range on the grid: its
  combos, its share of all starting hands and, per class in it, the combos
  (of the possible ones) and their mean weight.
- ``/api/equity`` ``{"players": ["AsKs", "QQ+"], "board": "2c 3d 4h",
  "dead": ""}`` -> :func:`pokercore.equity.equity` of 2 to
  :data:`MAX_PLAYERS` hands or ranges: exact when that takes about a second
  or less, else Monte Carlo with a fixed seed, so the same question always
  gets the same answer (``method`` says which ran and why).

Every refusal is a 400 (or 413 for a body over :data:`MAX_BODY` bytes)
whose JSON ``error`` names the problem.  Calculations run one at a time in
a worker thread (the kernels release the GIL); while one runs at most
:data:`MAX_WAITING` more may wait, and any beyond that get a 429 with
``retry_after``, so a flood of requests cannot queue unbounded work.

>>> body = parse_equity_request(b'{"players": ["AA", "KK"], "board": "2c 7d 9h"}')
>>> body
EquityRequest(players=('AA', 'KK'), board='2c 7d 9h', dead='')
>>> parse_equity_request(b'{"players": ["AA"]}')
Traceback (most recent call last):
...
pokercore.web._equity_page.RequestError: players: 2 to 6 hands or ranges, got 1
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse

from ..cards import format_card
from ..equity import equity, hand_class, parse_range, range_grid
from ..errors import PokercoreError

__all__ = ["MAX_BODY", "MAX_PLAYERS", "MAX_TEXT", "MAX_WAITING", "SEED", "EquityRequest", "EquityService",
           "RequestError", "grid_json", "parse_equity_request", "parse_range_request"]

#: Largest request body, bytes.
MAX_BODY = 4096
#: Most players in one calculation.
MAX_PLAYERS = 6
#: Longest range, board or dead-card text, characters.
MAX_TEXT = 300
#: Requests that may wait while one calculation runs; beyond that, 429.
MAX_WAITING = 4
#: The Monte Carlo seed of every calculation: the same question, the same answer.
SEED = 1


class RequestError(PokercoreError, ValueError):
    """A request the endpoints refuse; ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class EquityRequest:
    """A checked ``/api/equity`` request."""

    players: tuple[str, ...]
    board: str
    dead: str


def _object(raw: bytes, fields: set[str]) -> dict[str, Any]:
    if len(raw) > MAX_BODY:
        raise RequestError(f"the request has {len(raw)} bytes; the limit is {MAX_BODY}", 413)
    try:
        msg = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise RequestError("the request is not JSON: send one JSON object") from None
    if not isinstance(msg, dict):
        raise RequestError("the request is a JSON object with named fields")
    extra = sorted(set(msg) - fields)
    if extra:
        raise RequestError(f"unknown field(s) {', '.join(map(repr, extra))[:200]}; the fields are "
                           f"{', '.join(sorted(fields))}")
    return msg


def _text(msg: dict[str, Any], key: str, what: str) -> str:
    value = msg.get(key, "")
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise RequestError(f"{key}: {what} as a string, got {type(value).__name__}")
    if len(value) > MAX_TEXT:
        raise RequestError(f"{key}: at most {MAX_TEXT} characters, got {len(value)}")
    return value


def parse_equity_request(raw: bytes) -> EquityRequest:
    """Check an ``/api/equity`` body; raise :class:`RequestError` naming what is wrong."""
    msg = _object(raw, {"players", "board", "dead"})
    players = msg.get("players")
    if not isinstance(players, list):
        raise RequestError("players: a list of 2 to 6 hands or ranges, such as [\"AsKs\", \"QQ+,AKs\"]")
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise RequestError(f"players: 2 to {MAX_PLAYERS} hands or ranges, got {len(players)}")
    texts = []
    for i, p in enumerate(players):
        if not isinstance(p, str) or not p.strip():
            raise RequestError(f"players[{i}]: a hand or range such as \"AsKs\" or \"QQ+,AKs\", got {p!r}"[:200])
        if len(p) > MAX_TEXT:
            raise RequestError(f"players[{i}]: at most {MAX_TEXT} characters, got {len(p)}")
        texts.append(p.strip())
    return EquityRequest(tuple(texts), _text(msg, "board", "0, 3, 4 or 5 cards such as \"2c 7d 9h\""),
                         _text(msg, "dead", "cards such as \"Ah Kd\""))


def parse_range_request(raw: bytes) -> str:
    """Check an ``/api/range`` body; the range text."""
    msg = _object(raw, {"range"})
    if "range" not in msg:
        raise RequestError("range: missing; send {\"range\": \"QQ+,AKs\"}")
    return _text(msg, "range", "a range such as \"QQ+,AKs\"")


def grid_json(text: str) -> dict[str, Any]:
    """The range ``text`` on the 13x13 grid, as ``/api/range`` answers.

    >>> g = grid_json("QQ+,A5s:0.5,AsKs")
    >>> g["combos"], g["cells"]["A5s"], "KQs" in g["cells"]
    (23, {'combos': 4, 'possible': 4, 'weight': 0.5}, False)
    >>> g["cells"]["AKs"]
    {'combos': 1, 'possible': 4, 'weight': 1.0, 'hands': [['AsKs', 1.0]]}
    """
    rng = parse_range(text)
    grid = range_grid(rng)
    cells: dict[str, dict[str, Any]] = {
        c.label: {"combos": c.combos, "possible": c.possible, "weight": round(c.weight, 4)}
        for row in grid.cells for c in row if c.combos}
    for (a, b), w in rng.combos_weights:  # a class held only in part: its hands, so the page can keep them
        cell = cells[hand_class(a, b)]
        if cell["combos"] < cell["possible"]:
            cell.setdefault("hands", []).append([format_card(max(a, b)) + format_card(min(a, b)), round(w, 4)])
    return {"range": text, "combos": grid.combos, "weighted": grid.weighted, "share": grid.share, "cells": cells}


def _equity_json(req: EquityRequest) -> dict[str, Any]:
    result = equity(list(req.players), board=req.board or None, dead=req.dead or None, seed=SEED)
    return result.as_dict()


class EquityService:
    """The two endpoints, with their one-at-a-time calculation and bounded waiting line."""

    def __init__(self, max_waiting: int = MAX_WAITING) -> None:
        self.max_waiting = max_waiting
        self._waiting = 0
        self._lock = asyncio.Lock()

    async def _body(self, request: Request) -> bytes:
        size = request.headers.get("content-length")
        if size is not None and size.isdigit() and int(size) > MAX_BODY:
            raise RequestError(f"the request has {size} bytes; the limit is {MAX_BODY}", 413)
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                raise RequestError(f"the request is over {MAX_BODY} bytes, the limit", 413)
        return body

    async def _answer(self, request: Request, parse: Any, work: Any) -> JSONResponse:
        try:
            job = parse(await self._body(request))
        except RequestError as exc:
            return JSONResponse({"error": str(exc)}, status_code=exc.status)
        if self._waiting > self.max_waiting:
            return JSONResponse({"error": "busy: other calculations are waiting; try again in a second",
                                 "retry_after": 1.0}, status_code=429, headers={"Retry-After": "1"})
        self._waiting += 1
        try:
            async with self._lock:
                return JSONResponse(await run_in_threadpool(work, job))
        except PokercoreError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        finally:
            self._waiting -= 1

    async def equity(self, request: Request) -> JSONResponse:
        """``POST /api/equity``."""
        return await self._answer(request, parse_equity_request, _equity_json)

    async def range(self, request: Request) -> JSONResponse:
        """``POST /api/range``."""
        return await self._answer(request, parse_range_request, grid_json)
