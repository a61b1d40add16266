"""A server one can expose: Host and Origin checks, the access token, security and cache headers, the favicon
and a /health that tells no counts unless asked."""

from __future__ import annotations

import pytest

from .helpers import closing, connect, starlette_test_client

TestClient = starlette_test_client()  # skips these tests without the web extra

from starlette.websockets import WebSocketDisconnect  # noqa: E402

from pokercore.web import Access, create_app  # noqa: E402  (needs the web extra)
from pokercore.web._security import SECURITY_HEADERS  # noqa: E402

LOCAL = Access(allowed_hosts=("localhost", "127.0.0.1", "::1"))


def _refused_handshake(tc, **headers) -> bool:
    try:
        with tc.websocket_connect("/ws", headers=headers) as ws:
            ws.send_json({"type": "ping"})
            ws.receive_json()
    except WebSocketDisconnect:
        return True
    return False


def test_a_page_on_another_site_cannot_open_the_websocket(tc):
    assert _refused_handshake(tc, origin="https://evil.example")
    assert _refused_handshake(tc, origin="http://testserver.evil.example")
    assert _refused_handshake(tc, origin="null")                    # a sandboxed frame or a file page
    assert not _refused_handshake(tc, origin="http://testserver")   # the server's own page
    assert not _refused_handshake(tc)                               # a bot sends no Origin
    assert tc.app.state.manager.tables == {}


def test_allowed_origins_may_open_the_websocket():
    app = create_app(access=Access(allowed_origins=("https://poker.example.org",)))
    with TestClient(app) as tc, closing():
        assert not _refused_handshake(tc, origin="https://poker.example.org")
        assert _refused_handshake(tc, origin="https://other.example.org")


def test_a_local_server_answers_only_to_its_own_names_so_dns_rebinding_fails():
    with TestClient(create_app(access=LOCAL), base_url="http://localhost:8000") as tc, closing():
        assert tc.get("/").status_code == 200
        assert tc.get("/", headers={"host": "127.0.0.1:8000"}).status_code == 200
        assert tc.get("/", headers={"host": "[::1]:8000"}).status_code == 200
        page = tc.get("/", headers={"host": "rebound.evil.example:8000"})
        assert page.status_code == 400 and "--allow-host" in page.text
        # a rebinding page is same-origin with itself, so only the Host check stops its WebSocket
        assert _refused_handshake(tc, host="rebound.evil.example:8000", origin="http://rebound.evil.example:8000")
        assert not _refused_handshake(tc, host="localhost:8000", origin="http://localhost:8000")


def test_the_access_token_is_needed_everywhere_but_health_and_the_icon():
    app = create_app(access=Access(token="letmein-123"))
    with TestClient(app, follow_redirects=False) as tc, closing():
        for path in ("/", "/draw", "/static/common.js"):
            assert tc.get(path).status_code == 401, path
        assert tc.get("/", headers={"authorization": "Bearer wrong-token"}).status_code == 401
        assert tc.get("/health").status_code == 200 and tc.get("/favicon.ico").status_code == 200
        first = tc.get("/draw?token=letmein-123&x=1")
        assert first.status_code == 303 and first.headers["location"] == "/draw?x=1"
        cookie = first.headers["set-cookie"]
        assert "pokercore_token=letmein-123" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
        assert tc.get("/draw").status_code == 200                  # the cookie now does it
        assert not _refused_handshake(tc)                          # the page's WebSocket carries the cookie
    with TestClient(app) as tc, closing():
        assert _refused_handshake(tc)
        assert _refused_handshake(tc, authorization="Bearer letmein-12")
        assert not _refused_handshake(tc, authorization="Bearer letmein-123")
        with tc.websocket_connect("/ws?token=letmein-123") as ws:  # a bot may put it in the address
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}


@pytest.mark.parametrize("path", ["/", "/binh", "/draw", "/static/style.css", "/health", "/favicon.ico"])
def test_every_response_carries_the_security_headers(tc, path):
    response = tc.get(path)
    assert response.status_code == 200
    for name, value in SECURITY_HEADERS.items():
        assert response.headers[name] == value, name
    csp = response.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "connect-src 'self'" in csp


def test_static_files_are_revalidated_with_their_etag(tc):
    first = tc.get("/static/common.js")
    assert first.headers["cache-control"] == "no-cache" and first.headers["etag"]
    again = tc.get("/static/common.js", headers={"if-none-match": first.headers["etag"]})
    assert again.status_code == 304
    assert tc.get("/").headers["cache-control"] == "no-cache"


def test_the_favicon_is_an_icon(tc):
    icon = tc.get("/favicon.ico")
    assert icon.headers["content-type"] == "image/x-icon" and "max-age" in icon.headers["cache-control"]
    assert icon.content[:4] == b"\x00\x00\x01\x00" and icon.content[22:26] == b"\x89PNG"


def test_health_tells_counts_only_when_the_server_is_asked_to(tc):
    connect(tc).create("draw", ["me", "call"])
    assert tc.get("/health").json() == {"status": "ok"}
    with TestClient(create_app(access=Access(health_details=True))) as detailed, closing():
        connect(detailed).create("draw", ["me", "call"])
        assert detailed.get("/health").json() == {"status": "ok", "tables": 1, "connections": 1}
