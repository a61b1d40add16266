"""One WebSocket client of ``pokercore serve``: its send queue, its rate limit and how it is closed.

Every refusal has a documented answer: a message over the rate limit is
answered with a ``rate_limited`` error holding ``retry_after`` (the seconds
until a message will be read again); a client that keeps sending while
limited (``Limits.max_refused_in_a_row`` refused messages in a row) is told
so and closed with code 1008.  A client that does not read its messages is
cut off once ``Limits.send_queue`` messages wait for it in the server: its
connection is aborted at once, since a close frame could never reach it.
For that limit to be the one that acts, the server's own buffers under the
queue are kept small (:func:`limit_send_buffers`): left to itself, the
operating system grows a connection's send buffer to megabytes (thousands
of messages) for a client that does not read.

>>> from pokercore.web import Limits
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
import socket
import time
from typing import Any

from starlette.websockets import WebSocket

from ._protocol import encode
from ._seat_table import Limits, SeatTable
from ._server_messages import Closed, ServerMessage

__all__ = ["SEND_BUFFER_BYTES", "Connection", "RateLimit", "abort_transport", "limit_send_buffers"]

log = logging.getLogger("pokercore.web")

#: Bytes the server buffers for one WebSocket below its message queue: the socket's send buffer (Linux
#: doubles it for its bookkeeping) and the transport's own buffer hold about this much each.
SEND_BUFFER_BYTES = 32 * 1024


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


def _transport(ws: WebSocket) -> Any:
    receive = getattr(ws, "_receive", None)
    return getattr(getattr(receive, "__self__", None), "transport", None)


def abort_transport(ws: WebSocket) -> bool:
    """Drop the TCP connection under ``ws`` at once (no close handshake); whether the server allowed it.

    ASGI has no message for this; uvicorn's WebSocket protocol object is
    the owner of the ``receive`` callable and holds the transport.  Under
    another server (or the test client) nothing happens and the caller's
    ordinary close stands.
    """
    abort = getattr(_transport(ws), "abort", None)
    if callable(abort):
        abort()
        return True
    return False


def limit_send_buffers(ws: WebSocket, size: int = SEND_BUFFER_BYTES) -> bool:
    """Keep what the server buffers for ``ws`` below its message queue to about ``size`` bytes twice over.

    The socket's send buffer gets a fixed ``size`` (the kernel would grow
    it to megabytes for a client that does not read) and the transport
    pauses the writer above ``size`` bytes, so the messages a client does
    not read wait in its :class:`Connection` queue, where
    ``Limits.send_queue`` counts them.  Whether the server allowed it
    (uvicorn's transport; not under the test client).
    """
    transport = _transport(ws)
    if transport is None:
        return False
    sock = transport.get_extra_info("socket")
    with contextlib.suppress(OSError, AttributeError, ValueError):
        if sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, size)
    with contextlib.suppress(AttributeError, ValueError, NotImplementedError):
        transport.set_write_buffer_limits(high=size)
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
        #: messages handed to the socket so far, and their bytes
        self.sent = 0
        self.sent_bytes = 0
        self._writer: asyncio.Task[None] | None = None

    def send(self, message: ServerMessage) -> None:
        """Queue one message (never blocks); a client with a full queue is cut off."""
        if self.closing:
            return
        try:
            self.queue.put_nowait(encode(message))
        except asyncio.QueueFull:
            log.warning("cutting off a connection from %s: %d messages wait for it unread (%d messages, "
                        "%d bytes, went to its socket before)", self.client, self.limits.send_queue, self.sent,
                        self.sent_bytes)
            self.cut_off = True
            self.close(1008, "does not read its messages")
            if self.reader is not None and self.reader is not asyncio.current_task():
                self.reader.cancel()

    def replaced(self) -> None:
        """Another connection took this seat (a reconnect)."""
        self.send(Closed(self.table.id if self.table else None, "this seat was joined from another connection"))
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
                self.sent += 1
                self.sent_bytes += len(text)
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
        """Start sending the queued messages (with :func:`limit_send_buffers` under them)."""
        limit_send_buffers(self.ws)
        self._writer = asyncio.get_running_loop().create_task(self.writer())
