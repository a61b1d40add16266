"""``pokercore serve [--host 127.0.0.1] [--port 8000]``: run the game server with uvicorn.

The address is bound before anything is printed, so the page it names is
one the server really listens on (``--port 0``: any free port, printed).
With ``--host 0.0.0.0`` it also prints the addresses a phone on the same
network can open, and a warning; ``--token`` makes every visitor need an
access token (printed in those addresses).  The server answers only to
the host names it printed (and ``--allow-host`` ones).  ``--help`` works
without the web extra.  docs/serving.md tells how to expose a server.

>>> main(["--help"])  # doctest: +ELLIPSIS
usage: pokercore serve [-h] [--host HOST] [--port PORT] ...
...
0
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import errno
import ipaddress
import os
import re
import secrets
import socket
import sys
from pathlib import Path
from typing import Any

from ..errors import PokercoreError
from . import refuse
from ._args import integer, port, seconds

__all__ = ["address_url", "ai_processes", "allowed_hosts", "build_parser", "db_folder_exists", "http_protocol",
           "lan_addresses", "listen", "log_config", "main"]

PROG = "pokercore serve"
#: Seconds a connection has to send a request's headers (slow or stalled clients must not hold connections).
HEADER_TIMEOUT = 10.0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=PROG,
                                description="Play Binh, five-card draw, hold'em and pot-limit Omaha in a browser, "
                                            "against AIs and bots.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; "
                                                      "0.0.0.0 for every interface)")
    p.add_argument("--port", type=port, default=8000, help="port (default 8000; 0: any free port, printed)")
    p.add_argument("--max-tables", type=integer(1), default=200, help="tables open at once (default 200)")
    p.add_argument("--max-tables-per-connection", type=integer(1), default=5,
                   help="tables in play created by one connection (default 5)")
    p.add_argument("--max-tables-per-client", type=integer(1), default=50,
                   help="tables in play created from one address (default 50; finished and abandoned "
                        "tables do not count)")
    p.add_argument("--max-connections", type=integer(1), default=1000, help="WebSocket connections (default 1000)")
    p.add_argument("--max-connections-per-client", type=integer(1), default=100,
                   help="connections from one address (default 100)")
    p.add_argument("--messages-per-second", type=seconds(what="number"), default=20.0,
                   help="messages one connection may send a second on average (default 20)")
    p.add_argument("--abandon-after", type=seconds(), default=300.0,
                   help="seconds before a table nobody is connected to is removed (default 300)")
    p.add_argument("--ai-delay", type=seconds(zero=True), default=0.4,
                   help="seconds an AI waits before acting, so a person can follow (default 0.4)")
    p.add_argument("--token", nargs="?", const="auto", type=_token,
                   help="require an access token from every visitor (without a value: a random one); "
                        "the addresses printed carry it")
    p.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                   help="also answer to this host name (a domain, a proxy's name); '*' for any (repeatable)")
    p.add_argument("--allow-origin", action="append", default=[], metavar="URL",
                   help="let pages of this origin (https://example.org) open the WebSocket (repeatable)")
    p.add_argument("--health-details", action="store_true",
                   help="/health also reports the numbers of tables and connections")
    p.add_argument("--ai-processes", type=integer(0), default=None, metavar="N",
                   help="worker processes for the AIs' decisions, so they use several cores (default: one per "
                        "core when there are several, else 0: in the server's own process)")
    p.add_argument("--no-warm-up", dest="warm", action="store_false",
                   help="do not build the AIs' tables at start-up (the first hard draw decision then waits)")
    p.add_argument("--db", metavar="PATH|URL",
                   help="where every hand is kept and tables resume after a restart: a SQLite file (default "
                        "history.sqlite3 in the user's data folder, ~/.local/share/pokercore on Linux; "
                        "$POKERCORE_DB overrides), ':memory:' for a throwaway one, or postgresql://... "
                        "(needs pokercore[postgres])")
    p.add_argument("--no-db", action="store_true", help="keep no history (tables are lost on a restart)")
    p.add_argument("--header-timeout", type=seconds(), default=HEADER_TIMEOUT, metavar="SECONDS",
                   help=f"close a connection whose request headers have not all arrived this many seconds after "
                        f"it opened or its request began (default {HEADER_TIMEOUT:g})")
    p.add_argument("--ws-compression", action="store_true",
                   help="compress WebSocket messages (permessage-deflate); off by default: a game message is a "
                        "few kilobytes, and compressing them cost the server a tenth of its throughput and a "
                        "fifth of its memory at 400 tables")
    p.add_argument("--log-level", default="info", choices=("critical", "error", "warning", "info", "debug"),
                   help="how much the server logs (default info)")
    return p


def ai_processes(asked: int | None) -> int:
    """Worker processes for the AIs: as asked, else one per core when there are several (at most 8), else 0."""
    if asked is not None:
        return asked
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return min(cores, 8) if cores > 1 else 0


_TOKEN = re.compile(r"^[A-Za-z0-9._~-]{8,128}$")


def _token(text: str) -> str:
    if text == "auto":
        return secrets.token_urlsafe(12)
    if not _TOKEN.match(text):
        raise argparse.ArgumentTypeError("expected 8-128 letters, digits or . _ ~ - (or no value for a random "
                                         "token), got " + repr(text if len(text) < 20 else text[:17] + "..."))
    return text


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other devices on its networks can reach (no loopback).

    Nothing is sent: "connecting" a UDP socket only picks the interface of
    the default route.
    """
    found: set[str] = set()
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.255.255.255", 1))
        found.add(probe.getsockname()[0])
    with contextlib.suppress(OSError, UnicodeError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(str(info[4][0]))
    return sorted((a for a in found if not ipaddress.ip_address(a).is_loopback),
                  key=lambda a: ipaddress.ip_address(a))


def allowed_hosts(bound: str, lan: list[str], extra: list[str]) -> tuple[str, ...] | None:
    """The host names the server answers to: loopback, the bound address, and on every interface the LAN ones.

    >>> allowed_hosts("127.0.0.1", [], [])
    ('localhost', '127.0.0.1', '::1')
    >>> names = allowed_hosts("0.0.0.0", ["192.168.1.20"], ["poker.example.org"])
    >>> names[3], names[-1]
    ('192.168.1.20', 'poker.example.org')
    >>> allowed_hosts("0.0.0.0", [], ["*"]) is None
    True
    """
    from ..web._security import LOOPBACK_HOSTS

    if "*" in extra:
        return None
    names = list(LOOPBACK_HOSTS)
    if bound in ("0.0.0.0", "::"):
        names += lan
        with contextlib.suppress(OSError):
            host = socket.gethostname().lower()
            names += [host, host + ".local"]
    elif bound not in names:
        names.append(bound)
    names += [e.lower() for e in extra]
    return tuple(dict.fromkeys(names))


def log_config(level: str) -> dict[str, Any]:
    """uvicorn's logging configuration, with pokercore's own log lines (``pokercore.*``) shown beside its own."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["formatters"]["pokercore"] = {"()": "uvicorn.logging.DefaultFormatter",
                                         "fmt": "%(levelprefix)s %(name)s: %(message)s"}
    config["handlers"]["pokercore"] = {"formatter": "pokercore", "class": "logging.StreamHandler",
                                       "stream": "ext://sys.stderr"}
    config["loggers"]["pokercore"] = {"handlers": ["pokercore"], "level": level.upper(), "propagate": False}
    return config


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


def db_folder_exists(db: str | None) -> None:
    """Refuse a history database (``--db``, else ``$POKERCORE_DB``) in a folder that does not exist.

    As for every output file, a mistyped folder is an error, not a folder
    to create; only the default place (the user's data folder) is created.
    ``:memory:`` and database URLs have no folder.

    Raises
    ------
    PokercoreError
        The folder is missing or is not a folder, named.
    """
    named, where = ("--db", db) if db is not None else ("$POKERCORE_DB", os.environ.get("POKERCORE_DB") or None)
    if where is None or where == ":memory:" or "://" in where:
        return
    folder = Path(where).expanduser().parent
    if not folder.exists():
        raise PokercoreError(f"{named} {where}: the folder {folder} does not exist "
                             f"(create it first, or choose another place)")
    if not folder.is_dir():
        raise PokercoreError(f"{named} {where}: {folder} is not a folder")


def http_protocol(timeout: float) -> type[Any]:
    """uvicorn's HTTP protocol, with a time limit on reading a request's headers.

    uvicorn has none: a client that opens a connection and sends half a
    request head (or nothing) holds it for as long as it likes, and a few
    hundred such clients hold the server's connections.  The clock starts
    when the connection opens and again when a request on it begins; it
    stops once the head is complete (a body, a long response or a
    WebSocket are not limited).  When it runs out the client gets a 408
    and the connection is closed.
    """
    from uvicorn.protocols.http.auto import AutoHTTPProtocol

    base: type[Any] = AutoHTTPProtocol
    if not hasattr(base, "on_headers_complete"):   # httptools' parser callbacks (uvicorn[standard] has it)
        return base
    body = f"pokercore serve: the request's headers did not arrive within {timeout:g} s\n".encode()
    answer = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\nconnection: close\r\n"
              + f"content-length: {len(body)}\r\n\r\n".encode() + body)

    class HeaderTimeoutProtocol(base):  # type: ignore[misc]
        _head_timer: Any = None

        def _arm(self) -> None:
            self._disarm()
            self._head_timer = self.loop.call_later(timeout, self._head_too_slow)

        def _disarm(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _head_too_slow(self) -> None:
            self._head_timer = None
            if not self.transport.is_closing():
                self.transport.write(answer)
                self.transport.close()

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._arm()

        def on_headers_complete(self) -> None:
            self._disarm()
            super().on_headers_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

    return HeaderTimeoutProtocol


def _server(uvicorn: Any, config: Any, app: Any) -> Any:
    """uvicorn's server, which also cuts the app's start-up short on Ctrl-C or SIGTERM.

    uvicorn only notes a stop signal during the app's start-up and acts on
    it once the start-up is over; the AIs' warm-up would run on for
    seconds (and a worker killed by the signal failed the start-up).
    """
    class Server(uvicorn.Server):  # type: ignore[misc]
        def handle_exit(self, sig: int, frame: Any) -> None:
            super().handle_exit(sig, frame)
            if not self.started:
                app.state.start_up.stop()

    return Server(config)


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

        from ..web import Access, Limits, create_app
        from ..web._store import default_db_path, open_store
    except ImportError as exc:
        return refuse(PROG, f'the server needs the web extra: pip install "pokercore[web]" ({exc})')
    limits = Limits(max_tables=args.max_tables, max_tables_per_connection=args.max_tables_per_connection,
                    max_tables_per_client=args.max_tables_per_client,
                    max_connections=args.max_connections,
                    max_connections_per_client=args.max_connections_per_client,
                    messages_per_second=args.messages_per_second, burst=max(60.0, 3 * args.messages_per_second),
                    abandon_after=args.abandon_after, ai_delay=args.ai_delay)
    if args.no_db and args.db is not None:
        return refuse(PROG, "--db and --no-db: choose one")
    try:
        if not args.no_db:
            db_folder_exists(args.db)
        sock = listen(args.host, args.port)
    except PokercoreError as exc:
        return refuse(PROG, exc)
    try:
        store = None if args.no_db else open_store(default_db_path() if args.db is None else args.db)
    except PokercoreError as exc:
        sock.close()
        return refuse(PROG, exc)
    with sock:
        host, port = sock.getsockname()[:2]
        wildcard = host in ("0.0.0.0", "::")
        lan = lan_addresses() if wildcard else []
        access = Access(allowed_hosts=allowed_hosts(host, lan, [*args.allow_host, args.host]),
                        allowed_origins=tuple(args.allow_origin), token=args.token,
                        health_details=args.health_details)
        query = f"?token={args.token}" if args.token else ""
        print(f"{PROG}: open {address_url(sock)}{query} in a browser (Ctrl+C stops)"
              + (f"; listening on every interface, port {port}" if wildcard else ""), flush=True)
        print(f"{PROG}: " + ("no history kept (--no-db)" if store is None else
                             f"history and open tables kept in {store.where}"), flush=True)
        for address in lan:
            print(f"{PROG}: on the same network (a phone): http://{address}:{port}/{query}", flush=True)
        if not ipaddress.ip_address(host).is_loopback:
            print(f"{PROG}: warning: other machines can reach this server: anyone who can reach it can open "
                  f"tables" + ("" if args.token else "; --token requires an access token") +
                  " (docs/serving.md)", file=sys.stderr, flush=True)
        app = create_app(limits, access=access, warm=args.warm, ai_processes=ai_processes(args.ai_processes),
                         db=store)
        config = uvicorn.Config(app, host=host, port=port, log_level=args.log_level,
                                log_config=log_config(args.log_level), http=http_protocol(args.header_timeout),
                                ws_max_size=limits.max_frame_bytes,
                                ws_per_message_deflate=args.ws_compression)
        try:
            _server(uvicorn, config, app).run(sockets=[sock])
        finally:
            if store is not None:
                store.close()
    return 0
