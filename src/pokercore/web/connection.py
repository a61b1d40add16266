"""One WebSocket client of ``pokercore serve``: its send queue, its rate limit and how it is closed.

Every refusal has a documented answer: a message over the rate limit is
answered with a ``rate_limited`` error holding ``retry_after`` (the seconds
until a message will be read again); a client that keeps sending while
limited (``Limits.max_refused_in_a_row`` refused messages in a row) is told
so and closed with code 1008.  A client that does not read its messages is
cut off once ``Limits.send_queue`` messages wait for it in the server: its
connection is aborted at once, since a close frame could never reach it.

>>> from pokercore.web.seat_table import Limits
>>> bucket = RateLimit(Limits(messages_per_second=2, burst=2))
>>> [bucket.wait(now=0.0) for _ in range(3)]
[0.0, 0.0, 0.5]
>>> bucket.wait(now=0.5)
0.0
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from starlette.websockets import WebSocket

from .protocol import encode
from .seat_table import Limits, SeatTable

__all__ = ["Connection", "RateLimit", "abort_transport"]

log = logging.getLogger("pokercore.web")


class RateLimit:
    """Token bucket: ``messages_per_second`` sustained, ``burst`` at once."""

    def __init__(self, limits: Limits) -> None:
        self.rate = limits.messages_per_second
        self.burst = limits.burst
        self._tokens = limits.burst
        self._stamp: float | None = None

    def wait(self, now: float | None = None) -> float:
        """0.0 and one message taken from the bucket, or the seconds until the next message may be sent."""
        now = time.monotonic() if now is None else now
        if self._stamp is not None:
            self._tokens = min(self.burst, self._tokens + (now - self._stamp) * self.rate)
        self._stamp = now
        if self._tokens >= 1:
            self._tokens -= 1
            return 0.0
        return round((1 - self._tokens) / self.rate + 0.0005, 3)


def abort_transport(ws: WebSocket) -> bool:
    """Drop the TCP connection under ``ws`` at once (no close handshake); whether the server allowed it.

    ASGI has no message for this; uvicorn's WebSocket protocol object is
    the owner of the ``receive`` callable and holds the transport.  Under
    another server (or the test client) nothing happens and the caller's
    ordinary close stands.
    """
    receive = getattr(ws, "_receive", None)
    transport = getattr(getattr(receive, "__self__", None), "transport", None)
    abort = getattr(transport, "abort", None)
    if callable(abort):
        abort()
        return True
    return False


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
        #: set when the client stopped reading: the connection is aborted, not closed politely
        self.cut_off = False
        self.close_code = 1000
        self.close_reason = ""
        self.rate = RateLimit(limits)
        self.reader: asyncio.Task[None] | None = None
        self._writer: asyncio.Task[None] | None = None

    def send(self, message: dict[str, Any]) -> None:
        """Queue one message (never blocks); a client with a full queue is cut off."""
        if self.closing:
            return
        try:
            self.queue.put_nowait(encode(message))
        except asyncio.QueueFull:
            log.warning("cutting off a connection from %s: %d messages wait for it unread",
                        self.client, self.limits.send_queue)
            self.cut_off = True
            self.close(1008, "does not read its messages")
            if self.reader is not None and self.reader is not asyncio.current_task():
                self.reader.cancel()

    def replaced(self) -> None:
        """Another connection took this seat (a reconnect)."""
        self.send({"type": "closed", "table": self.table.id if self.table else None,
                   "reason": "this seat was joined from another connection"})
        self.table, self.seat = None, -1
        self.close(1000, "seat joined from another connection")

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Send what is queued, then close with ``code``; nothing more is queued after this."""
        if not self.closing:
            self.closing = True
            self.close_code, self.close_reason = code, reason
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(None)

    async def writer(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    break
                await self.ws.send_text(text)
            await self.ws.close(self.close_code, self.close_reason)
        except Exception:  # the client is gone: nothing left to send to
            self.closing = True

    async def finish(self, grace: float = 2.0) -> None:
        """After the reader ended: flush and close politely, or abort a client that does not read."""
        self.close(self.close_code, self.close_reason)
        writer = self._writer
        if writer is None:
            return
        if not self.cut_off:
            done, _ = await asyncio.wait([writer], timeout=grace)
            if done:
                return
        writer.cancel()
        abort_transport(self.ws)

    def start_writer(self) -> None:
        self._writer = asyncio.get_running_loop().create_task(self.writer())
