"""``pokercore serve``: play Binh, draw, hold'em and Omaha in a browser, against built-in AIs and remote bots.

A Starlette + uvicorn server (install the ``web`` extra: ``pip install
"pokercore[web]"``).  The server holds every seat table: it deals, validates,
scores and keeps the history; each seat (a person's page, a built-in AI or a
remote bot) receives only its own view and legal moves as JSON over the
``/ws`` WebSocket.  The protocol is described in ``docs/protocol.md``;
how to expose a server (Host and Origin checks, an access token, a proxy)
in ``docs/serving.md``.

This package's public face is these three names: :func:`create_app`,
:class:`Limits` (quotas and clean-up) and :class:`Access` (who may connect).
Every module behind them is private (a leading underscore) and may change
without notice.

>>> from pokercore.web import Access, Limits, create_app
>>> app = create_app(Limits(max_tables=10), access=Access(allowed_hosts=("localhost", "127.0.0.1")))
>>> app.state.manager.limits.max_tables
10
"""

from __future__ import annotations

try:
    import starlette  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise ImportError('pokercore.web needs the web extra: pip install "pokercore[web]"') from exc

from ._app import create_app
from ._seat_table import Limits
from ._security import Access

__all__ = ["Access", "Limits", "create_app"]
