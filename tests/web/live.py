"""A real uvicorn server in a thread for the server tests, and a raw WebSocket that never reads.

Starlette's test client has no TCP, no frame size limit and no kernel
buffers; the tests of those limits need the real server.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import struct
import threading
import time
from collections.abc import Iterator
from typing import Any

from .helpers import require

uvicorn = require("uvicorn")
require("websockets")


@contextlib.contextmanager
def running(app: Any, *, max_frame_bytes: int = 65536) -> Iterator[int]:
    """Serve ``app`` with uvicorn on 127.0.0.1:<free port>; yields the port."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", ws_max_size=max_frame_bytes))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the test server did not start"
        time.sleep(0.02)
    try:
        yield sock.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(15)
        sock.close()


def wait_until(pred: Any, what: str, seconds: float = 60.0) -> None:
    """Poll ``pred`` until it holds; fail naming ``what`` after ``seconds`` (a guard against a hang)."""
    deadline = time.monotonic() + seconds
    while not pred():
        assert time.monotonic() < deadline, f"{what}: still not so after {seconds:g} s"
        time.sleep(0.05)


class RawSocket:
    """A WebSocket client on a plain socket: sends masked text frames, reads only when asked."""

    def __init__(self, port: int, *, rcvbuf: int | None = None, headers: dict[str, str] | None = None) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if rcvbuf is not None:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        self.sock.settimeout(30)
        self.sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        extra = "".join(f"{k}: {v}\r\n" for k, v in (headers or {}).items())
        self.sock.sendall(f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                          f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                          f"{extra}\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:
            byte = self.sock.recv(1)
            assert byte, f"the server closed during the handshake: {head!r}"
            head += byte
        self.status = int(head.split(b" ", 2)[1])

    def send(self, message: Any) -> None:
        data = (message if isinstance(message, str) else json.dumps(message)).encode()
        mask = os.urandom(4)
        n = len(data)
        if n < 126:
            head = bytes([0x81, 0x80 | n])
        elif n < 65536:
            head = bytes([0x81, 0x80 | 126]) + struct.pack(">H", n)
        else:
            head = bytes([0x81, 0x80 | 127]) + struct.pack(">Q", n)
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _exact(self, n: int) -> bytes:
        out = b""
        while len(out) < n:
            chunk = self.sock.recv(n - len(out))
            assert chunk, "the server closed the connection"
            out += chunk
        return out

    def recv(self) -> dict[str, Any]:
        """The next text frame as JSON (server frames are not masked)."""
        first, second = self._exact(2)
        n = second & 0x7F
        if n == 126:
            n = struct.unpack(">H", self._exact(2))[0]
        elif n == 127:
            n = struct.unpack(">Q", self._exact(8))[0]
        data = self._exact(n)
        assert first & 0x0F == 1, f"expected a text frame, got opcode {first & 0x0F}: {data!r}"
        return dict(json.loads(data))

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.close()
