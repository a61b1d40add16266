"""What lets ``pokercore serve`` face a network: Host and Origin checks, an optional access token, headers.

:class:`Access` says who may use the server; :class:`AccessGuard` is the
ASGI middleware that enforces it in front of every page, static file and
the ``/ws`` WebSocket:

- **Host**: with ``allowed_hosts`` set, a request naming another host is
  refused (HTTP 400; a WebSocket handshake gets 403).  This stops DNS
  rebinding: a site whose name is made to point at 127.0.0.1 still sends
  its own name as ``Host``.
- **Origin**: a browser says which page opened a WebSocket.  The handshake
  is refused (403) unless that page is this server's own (its Origin names
  the same host and port as the request's ``Host``) or one of
  ``allowed_origins``.  A bot sends no Origin and is not affected; a page
  on another site can never open tables on the user's server.
- **Token** (optional): every request needs it, as ``?token=`` (a page
  then sets a cookie and drops it from the address), the
  ``pokercore_token`` cookie, or ``Authorization: Bearer``.  ``/health``,
  ``/favicon.ico`` and the installable app's manifest and icons are open.
- **Headers** on every response: a Content-Security-Policy allowing only
  this server's own scripts, styles, images and WebSocket and no framing,
  ``X-Content-Type-Options: nosniff``, ``Referrer-Policy: no-referrer``,
  ``X-Frame-Options: DENY``, and ``Cache-Control`` for static files
  (revalidated with their ETag, so an upgraded server is seen at once).

>>> Access(allowed_hosts=("localhost",)).host_allowed("LOCALHOST:8000"), host_name("[::1]:8000")
(True, '::1')
>>> Access(token="s3cret").token_ok("s3cret"), Access(token="s3cret").token_ok("guess")
(True, False)
"""

from __future__ import annotations

import hmac
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

__all__ = ["LOOPBACK_HOSTS", "SECURITY_HEADERS", "TOKEN_COOKIE", "Access", "AccessGuard", "host_name"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Names of this machine that only this machine can use.
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1")
#: The cookie a page gets once it was opened with the right ``?token=``.
TOKEN_COOKIE = "pokercore_token"
#: Headers sent with every HTTP response.
SECURITY_HEADERS = {
    "content-security-policy": ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                                "img-src 'self' data:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; "
                                "object-src 'none'; base-uri 'none'; "
                                "form-action 'self'; frame-ancestors 'none'"),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
}
#: Paths served without the token: nothing in them is private, and browsers fetch the app's manifest and icons
#: without cookies (an installed app's launcher too).
_OPEN_PATHS = ("/health", "/favicon.ico", "/manifest.webmanifest", "/static/icon-192.png", "/static/icon-512.png",
               "/static/icon-maskable-512.png", "/static/apple-touch-icon.png")


def host_name(value: str) -> str:
    """The host of a ``Host`` header or netloc, lower case, without port or IPv6 brackets."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:value.find("]")] if "]" in value else value[1:]
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


@dataclass(frozen=True)
class Access:
    """Who may use the server.

    Parameters
    ----------
    allowed_hosts : tuple of str or None
        Host names (or addresses) requests may name in ``Host``; None: any.
        ``pokercore serve`` sets the loopback names, plus this machine's
        network addresses with ``--host 0.0.0.0``, plus ``--allow-host``.
    allowed_origins : tuple of str
        Pages on other origins (``"https://example.org"``) that may open
        the WebSocket, besides the server's own pages.
    token : str or None
        Access token every request must carry (None: none needed).
    health_details : bool
        Whether ``/health`` reports table and connection counts.
    """

    allowed_hosts: tuple[str, ...] | None = None
    allowed_origins: tuple[str, ...] = ()
    token: str | None = None
    health_details: bool = False

    def host_allowed(self, host: str) -> bool:
        if self.allowed_hosts is None:
            return True
        return host_name(host) in {h.lower().strip("[]") for h in self.allowed_hosts}

    def origin_allowed(self, origin: str, host: str) -> bool:
        """A browser page at ``origin`` may open the WebSocket of the server reached as ``host``."""
        if origin.rstrip("/") in {o.rstrip("/") for o in self.allowed_origins}:
            return True
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and parts.netloc.lower() == host.strip().lower()

    def token_ok(self, given: str | None) -> bool:
        if self.token is None:
            return True
        return given is not None and hmac.compare_digest(given.encode(), self.token.encode())


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}


def _given_token(scope: Scope, headers: dict[str, str]) -> tuple[str | None, bool]:
    """The token a request carries, and whether it came in the query string."""
    for key, value in parse_qsl(scope.get("query_string", b"").decode("latin-1")):
        if key == "token":
            return value, True
    auth = headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip(), False
    cookie = SimpleCookie()
    try:
        cookie.load(headers.get("cookie", ""))
    except Exception:  # a malformed cookie header is no token
        return None, False
    morsel = cookie.get(TOKEN_COOKIE)
    return (morsel.value if morsel is not None else None), False


class AccessGuard:
    """ASGI middleware: enforce an :class:`Access` and add :data:`SECURITY_HEADERS` (see the module)."""

    def __init__(self, app: ASGIApp, access: Access) -> None:
        self.app = app
        self.access = access

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        host = headers.get("host", "")
        access = self.access
        if not access.host_allowed(host):
            await self._refuse(scope, send, 400, f"pokercore serve: this server does not answer to the host "
                                                 f"name {host_name(host)!r}; the person running it can allow it "
                                                 f"with --allow-host")
            return
        if kind == "websocket" or scope.get("method", "GET") not in ("GET", "HEAD"):
            # another site's page may neither open a WebSocket nor send a request that does work (POST)
            origin = headers.get("origin")
            if origin is not None and not access.origin_allowed(origin, host):
                shown = origin if len(origin) <= 100 else origin[:97] + "..."
                await self._refuse(scope, send, 403, f"pokercore serve: this server does not take requests from "
                                                     f"pages of another site (Origin {shown!r}); the person "
                                                     f"running it can allow that site with --allow-origin")
                return
        token, in_query = _given_token(scope, headers)
        if scope["path"] not in _OPEN_PATHS and not access.token_ok(token):
            await self._refuse(scope, send, 401, "pokercore serve: this server needs its access token: open the "
                                                 "address with ?token=... as the person running it printed it")
            return
        if kind == "http" and in_query and access.token is not None:
            await self._set_cookie_and_drop_token(scope, send, token or "")
            return
        await self.app(scope, receive, self._with_headers(scope, send))

    def _with_headers(self, scope: Scope, send: Send) -> Send:
        if scope["type"] != "http":
            return send
        static = scope["path"].startswith("/static/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                raw = list(message.get("headers", []))
                present = {k.decode("latin-1").lower() for k, _ in raw}
                for name, value in SECURITY_HEADERS.items():
                    if name not in present:
                        raw.append((name.encode(), value.encode()))
                if static and "cache-control" not in present:
                    raw.append((b"cache-control", b"no-cache"))   # revalidate (ETag): 304 when unchanged
                message["headers"] = raw
            await send(message)
        return send_with_headers

    async def _refuse(self, scope: Scope, send: Send, status: int, text: str) -> None:
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})    # before accept: the handshake gets 403
            return
        body = text.encode()
        headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]
        headers += [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    async def _set_cookie_and_drop_token(self, scope: Scope, send: Send, token: str) -> None:
        rest = [(k, v) for k, v in parse_qsl(scope.get("query_string", b"").decode("latin-1")) if k != "token"]
        location = scope["path"] + ("?" + urlencode(rest) if rest else "")
        cookie = f"{TOKEN_COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict"
        headers = [(b"location", location.encode()), (b"set-cookie", cookie.encode()),
                   (b"content-length", b"0"), (b"cache-control", b"no-store")]
        headers += [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]
        await send({"type": "http.response.start", "status": 303, "headers": headers})
        await send({"type": "http.response.body", "body": b""})
