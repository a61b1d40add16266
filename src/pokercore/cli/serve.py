"""``pokercore serve [--host 127.0.0.1] [--port 8000]``: run the game server with uvicorn.

The address is bound before anything is printed, so the page it names is
one the server really listens on (``--port 0``: any free port, printed).
``--help`` works without the web extra.

>>> main(["--help"])  # doctest: +ELLIPSIS
usage: pokercore serve [-h] [--host HOST] [--port PORT] ...
...
0
"""

from __future__ import annotations

import argparse
import errno
import socket
import sys

from ..errors import PokercoreError
from . import refuse
from .args import integer, port, seconds

__all__ = ["address_url", "build_parser", "listen", "main"]

PROG = "pokercore serve"


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=PROG,
                                description="Play Binh and five-card draw in a browser, against AIs and bots.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; "
                                                      "0.0.0.0 for every interface)")
    p.add_argument("--port", type=port, default=8000, help="port (default 8000; 0: any free port, printed)")
    p.add_argument("--max-tables", type=integer(1), default=200, help="tables open at once (default 200)")
    p.add_argument("--max-tables-per-client", type=integer(1), default=20,
                   help="open tables created from one address (default 20)")
    p.add_argument("--max-connections", type=integer(1), default=1000, help="WebSocket connections (default 1000)")
    p.add_argument("--max-connections-per-client", type=integer(1), default=100,
                   help="connections from one address (default 100)")
    p.add_argument("--messages-per-second", type=seconds(what="number"), default=20.0,
                   help="messages one connection may send a second on average (default 20)")
    p.add_argument("--abandon-after", type=seconds(), default=300.0,
                   help="seconds before a table nobody is connected to is removed (default 300)")
    p.add_argument("--ai-delay", type=seconds(zero=True), default=0.4,
                   help="seconds an AI waits before acting, so a person can follow (default 0.4)")
    p.add_argument("--log-level", default="info", choices=("critical", "error", "warning", "info", "debug"),
                   help="how much the server logs (default info)")
    return p


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` and listening, or a :class:`PokercoreError` that says why not.

    The server is handed this socket, so the address printed is the one
    really bound (the real port when ``port`` is 0).
    """
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        raise PokercoreError(f"cannot listen on {host}:{port}: unknown host {host!r} ({reason})") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        reason = _BIND_ERRORS.get(exc.errno or 0, exc.strerror or str(exc))
        raise PokercoreError(f"cannot listen on {host}:{port}: {reason}") from None
    sock.set_inheritable(True)
    return sock


_BIND_ERRORS = {
    errno.EADDRINUSE: "the port is taken by another program (choose another --port, or --port 0 for any free one)",
    errno.EACCES: "permission denied (ports below 1024 need administrator rights; try --port 8000)",
    errno.EADDRNOTAVAIL: "this machine has no such address (use 127.0.0.1, or 0.0.0.0 for every interface)",
}


def address_url(sock: socket.socket) -> str:
    """The page to open for a listening socket: ``http://127.0.0.1:8000/`` (``[::1]`` for IPv6)."""
    host, port = sock.getsockname()[:2]
    wildcard = {"0.0.0.0": "127.0.0.1", "::": "::1"}
    host = wildcard.get(host, host)
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def main(argv: list[str] | None = None) -> int:
    """Parse ``argv`` (without ``serve``) and run the server until interrupted; return the exit code.

    Exit status 2, with one line on stderr, when the web extra is missing or
    the address cannot be listened on (a taken port, an unknown host).
    """
    try:
        args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        import uvicorn

        from ..web import Limits, create_app
    except ImportError as exc:
        return refuse(PROG, f'the server needs the web extra: pip install "pokercore[web]" ({exc})')
    limits = Limits(max_tables=args.max_tables, max_tables_per_client=args.max_tables_per_client,
                    max_connections=args.max_connections,
                    max_connections_per_client=args.max_connections_per_client,
                    messages_per_second=args.messages_per_second, burst=max(60.0, 3 * args.messages_per_second),
                    abandon_after=args.abandon_after, ai_delay=args.ai_delay)
    try:
        sock = listen(args.host, args.port)
    except PokercoreError as exc:
        return refuse(PROG, exc)
    with sock:
        host, port = sock.getsockname()[:2]
        wildcard = host in ("0.0.0.0", "::")
        print(f"{PROG}: open {address_url(sock)} in a browser (Ctrl+C stops)"
              + (f"; listening on every interface, port {port}" if wildcard else ""), flush=True)
        config = uvicorn.Config(create_app(limits), host=host, port=port, log_level=args.log_level,
                                ws_max_size=65536)
        uvicorn.Server(config).run(sockets=[sock])
    return 0
