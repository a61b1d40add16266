"""The pages as an installable phone app (Chromium at 390x844): manifest, icons, service worker, offline, resume.

The life of the app is played against a server of its own, stopped and
started again on the same port (the same origin, so the same service
worker): the worker registers and controls the page after a reload; with
the server stopped a reload shows the page from the worker's cache with
its offline banner, not the browser's error page; after the restart the
app opened again (``start_url``, a fresh tab) resumes the same table, and
a table that is gone is explained on the setup.
"""

from __future__ import annotations

import contextlib
import json
import socket
import struct
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from .helpers import by_id, click_id, css, open_page, wait

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("/", "/binh", "/draw", "/holdem", "/equity")


def _get(url: str) -> tuple[int, dict[str, str], bytes]:
    with urllib.request.urlopen(url, timeout=10) as r:
        return r.status, {k.lower(): v for k, v in r.headers.items()}, r.read()


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", data[:16]
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_names_the_app_and_every_icon_it_names_is_a_png_of_its_size(phone, live_server):
    base, _ = live_server
    phone.get(base + "/")
    href = phone.execute_script("return document.querySelector('link[rel=manifest]').href")
    assert href == base + "/manifest.webmanifest"
    got = phone.execute_async_script("fetch(arguments[0]).then((r) => r.json()).then(arguments[1])", href)
    status, headers, body = _get(href)
    assert status == 200 and headers["content-type"].startswith("application/manifest+json")
    assert json.loads(body) == got
    for key in ("name", "short_name", "description", "id"):
        assert isinstance(got[key], str) and got[key], key
    assert got["start_url"].startswith("/") and got["scope"] == "/"
    assert got["display"] == "standalone" and got["orientation"] == "portrait"
    theme = phone.execute_script("return document.querySelector('meta[name=theme-color]').content")
    assert got["theme_color"] == theme
    assert got["background_color"].startswith("#")
    assert {s["url"] for s in got["shortcuts"]} == {"/binh", "/draw", "/holdem"}
    icons = [(i["src"], i["sizes"]) for i in got["icons"]]
    assert {i["purpose"] for i in got["icons"]} == {"any", "maskable"}
    assert {"192x192", "512x512"} <= {sizes for _, sizes in icons}
    apple = phone.execute_script("return document.querySelector('link[rel=apple-touch-icon]').getAttribute('href')")
    icons.append((apple, "180x180"))
    for shortcut in got["shortcuts"]:
        icons += [(i["src"], i["sizes"]) for i in shortcut["icons"]]
    for src, sizes in icons:
        status, headers, data = _get(base + src)
        assert status == 200 and headers["content-type"] == "image/png", src
        assert "x".join(map(str, _png_size(data))) == sizes, src
    for page in PAGES:                           # every page can be installed, with the same colours
        text = _get(base + page)[2].decode()
        assert '<link rel="manifest" href="/manifest.webmanifest">' in text, page
        assert f'<meta name="theme-color" content="{theme}">' in text, page
        assert '<link rel="apple-touch-icon" href="/static/apple-touch-icon.png">' in text, page
    csp = _get(base + "/")[1]["content-security-policy"]
    assert "worker-src 'self'" in csp and "script-src 'self'" in csp and "'unsafe-eval'" not in csp


def test_the_icons_are_the_drawings_of_the_script_that_makes_them():
    script = ROOT / "scripts" / "make_icons.py"
    done = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


@contextlib.contextmanager
def _serving(app, port: int) -> Iterator[str]:
    """uvicorn serving ``app`` on 127.0.0.1:``port`` until the block ends (the same port: the same origin)."""
    import uvicorn

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", ws_max_size=65536))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the test server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(30)
        sock.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _controlled(d) -> bool:
    return bool(d.execute_script("return !!navigator.serviceWorker.controller && "
                                 "navigator.serviceWorker.controller.scriptURL.endsWith('/sw.js')"))


def test_the_app_opens_offline_from_its_cache_and_resumes_its_table_after_a_restart(phone, tmp_path, shoot,
                                                                                     monkeypatch):
    import pokercore
    from pokercore.web import Limits, create_app

    port, db = _free_port(), str(tmp_path / "history.sqlite3")
    with _serving(create_app(Limits(ai_delay=0.0), db=db), port) as base:
        open_page(phone, (base, None), "/draw", 1, "easy")
        click_id(phone, "start")
        wait(phone, lambda d: len(css(d, "#hand .card")) == 5, "five cards")
        table = phone.execute_script("return state.table")
        phone.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[0](true))")
        phone.refresh()                               # the worker controls the page from its next load
        wait(phone, lambda d: _controlled(d) and len(css(d, "#hand .card")) == 5, "the page under the worker")
        assert phone.execute_script("return state.table") == table
        kept = phone.execute_async_script("caches.keys().then(arguments[0])")
        assert len(kept) == 1 and kept[0].startswith("pokercore-shell-"), kept
        cached = phone.execute_async_script(
            "caches.open(arguments[0]).then((c) => c.keys()).then((ks) => arguments[1](ks.map((r) => "
            "new URL(r.url).pathname)))", kept[0])
        assert {"/", "/draw", "/static/common.js", "/static/draw.js", "/static/style.css"} <= set(cached), cached
        assert not [p for p in cached if p.startswith(("/api/", "/ws", "/health"))], cached
    # the server is down: a reload shows the page from the cache, and the page says it cannot connect
    phone.refresh()
    banner = wait(phone, lambda d: by_id(d, "offline"), "the offline banner")
    assert "reconnecting" in banner.text.lower()
    assert phone.title == "Five-card draw: pokercore" and _controlled(phone)
    shoot("app-offline")
    monkeypatch.setattr(pokercore, "__version__", "99.0.0")   # the server comes back upgraded
    with _serving(create_app(Limits(ai_delay=0.0), db=db), port) as base:
        # the installed app opened again: a fresh tab (nothing in sessionStorage) at the manifest's start_url
        phone.execute_script("sessionStorage.clear()")
        start = json.loads(_get(base + "/manifest.webmanifest")[2])["start_url"]
        phone.get(base + start)
        wait(phone, lambda d: d.execute_script("return typeof state !== 'undefined' && state !== null "
                                               "&& state.table === arguments[0]", table)
             and len(css(d, "#hand .card")) == 5, "the same table, resumed")
        assert phone.current_url == base + "/draw"
        shoot("app-resumed")
        # the upgrade's worker replaced the old one and its cache
        def only_the_new_cache(d) -> bool:
            now = d.execute_async_script("caches.keys().then(arguments[0])")
            return len(now) == 1 and now[0].startswith("pokercore-shell-99.0.0-")

        wait(phone, only_the_new_cache, "the new worker's cache alone")
        phone.get(base + "/")                          # in a tab, the front page offers the table instead
        offer = wait(phone, lambda d: by_id(d, "resume"), "the Resume offer")
        assert "Your five-card draw table is still open." in offer.text
        assert by_id(phone, "resume-link").get_attribute("href") == base + "/draw?resume"
        shoot("app-front-page-resume")
        # a table the server no longer has: the app opened again explains it on the setup
        phone.execute_script("const r = JSON.parse(localStorage.getItem('pokercore-resume')); r.table = 'gone12345678';"
                             "localStorage.setItem('pokercore-resume', JSON.stringify(r)); sessionStorage.clear()")
        phone.get(base + start)
        note = wait(phone, lambda d: by_id(d, "setup-msg") if by_id(d, "setup") and by_id(d, "setup-msg")
                    else None, "the reason on the setup")
        assert "no longer on the server" in note.text
        assert phone.execute_script("return localStorage.getItem('pokercore-resume')") is None
        phone.get(base + start)                       # nothing to resume: the front page stays
        wait(phone, lambda d: "Pick a game" in d.find_element("tag name", "main").text, "the front page")
        assert by_id(phone, "resume") is None
        phone.execute_script("localStorage.clear(); sessionStorage.clear(); navigator.serviceWorker"
                             ".getRegistrations().then((rs) => rs.forEach((r) => r.unregister()))")


def test_with_an_access_token_the_app_installs_and_its_worker_keeps_the_pages(phone):
    from pokercore.web import Access, create_app

    with _serving(create_app(access=Access(token="letmein-123")), _free_port()) as base:
        phone.get(base + "/draw?token=letmein-123")         # the printed address: a cookie, then the page
        wait(phone, lambda d: by_id(d, "start") is not None and by_id(d, "start").is_enabled(), "the page")
        assert phone.current_url == base + "/draw"
        phone.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[0](true))")
        phone.refresh()
        wait(phone, lambda d: _controlled(d) and by_id(d, "start") is not None, "the page under the worker")
        kept = phone.execute_async_script(
            "caches.keys().then((ks) => caches.open(ks[0])).then((c) => c.keys())"
            ".then((ks) => arguments[0](ks.map((r) => new URL(r.url).pathname)))")
        assert {"/draw", "/static/draw.js", "/manifest.webmanifest"} <= set(kept), kept
        phone.execute_script("localStorage.clear(); sessionStorage.clear(); navigator.serviceWorker"
                             ".getRegistrations().then((rs) => rs.forEach((r) => r.unregister()))")
