"""``pokercore serve [--host 127.0.0.1] [--port 8000]``: run the game server with uvicorn.

>>> main(["--help"])  # doctest: +ELLIPSIS
usage: pokercore serve [-h] [--host HOST] [--port PORT] ...
...
0
"""

from __future__ import annotations

import argparse
import sys

from .args import integer, port, seconds

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pokercore serve",
                                description="Play Binh and five-card draw in a browser, against AIs and bots.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; "
                                                      "0.0.0.0 for every interface)")
    p.add_argument("--port", type=port, default=8000, help="port (default 8000)")
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


def main(argv: list[str] | None = None) -> int:
    """Parse ``argv`` (without ``serve``) and run the server until interrupted; return the exit code."""
    try:
        args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        import uvicorn

        from ..web import Limits, create_app
    except ImportError as exc:
        print(f'pokercore serve: {exc}; install the web extra: pip install "pokercore[web]"', file=sys.stderr)
        return 2
    limits = Limits(max_tables=args.max_tables, max_tables_per_client=args.max_tables_per_client,
                    max_connections=args.max_connections,
                    max_connections_per_client=args.max_connections_per_client,
                    messages_per_second=args.messages_per_second, burst=max(60.0, 3 * args.messages_per_second),
                    abandon_after=args.abandon_after, ai_delay=args.ai_delay)
    print(f"pokercore serve: open http://{args.host}:{args.port}/ in a browser (Ctrl+C stops)", flush=True)
    uvicorn.run(create_app(limits), host=args.host, port=args.port, log_level=args.log_level,
                ws_max_size=65536)
    return 0
