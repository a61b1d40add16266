"""The history page in a real headless Chromium at phone size (390x844): sessions, a session's hands, one hand.

The hands are played by a bot over the WebSocket with the player id the
page keeps in ``localStorage``; a Deal on the draw page shows that the
page sends its id with ``create``.
"""

from __future__ import annotations

import contextlib
import json
import re
import socket
import threading
import time
from collections.abc import Iterator

import pytest

from .conftest import _JS_ERROR, SCREENSHOTS
from .helpers import by_id, click_id, css, open_page, require, tap, wait
from .live import running
from .test_history_kill import Seat

require("uvicorn")

from pokercore.web import Limits, create_app  # noqa: E402
from pokercore.web._store import open_store  # noqa: E402

pytestmark = pytest.mark.browser
PLAYER = "browser-player-01234567"


@pytest.fixture
def history_server():
    store = open_store(":memory:")
    app = create_app(Limits(ai_delay=0.0, messages_per_second=1000, burst=1000), db=store)
    with running(app) as port:
        yield f"http://127.0.0.1:{port}", port, app, store


def _bot_plays(port: int) -> tuple[str, str, str]:
    """Two draw hands, one Binh deal and one hold'em hand as PLAYER; the three table ids."""
    me = Seat(port)
    me.send({"type": "create", "game": "draw", "seats": ["me", "call", "call"], "hands": 20, "player": PLAYER})
    draw = me.until(lambda m: m["type"] == "joined")["table"]
    me.play_hand()
    me.answered.add(me.state["seq"])
    me.send({"type": "next", "seq": me.state["seq"]})
    me.until(lambda m: m["type"] == "state" and m["hand_number"] == 2)
    me.play_hand()
    me.send({"type": "create", "game": "binh", "seats": ["me", "easy"], "player": PLAYER})
    binh = me.until(lambda m: m["type"] == "joined")["table"]
    st = me.until(lambda m: m["type"] == "state")
    if st["legal"]:
        me.send({"type": "suggest"})
        s = me.until(lambda m: m["type"] == "suggestion")
        me.send({"type": "act", "seq": st["seq"], "action": {"kind": "arrange", "top": s["top"],
                                                               "middle": s["middle"], "bottom": s["bottom"]}})
    me.until(lambda m: m["type"] == "state" and m["phase"] == "reveal")
    me.send({"type": "create", "game": "holdem", "seats": ["me", "call"], "hands": 20, "player": PLAYER})
    holdem = me.until(lambda m: m["type"] == "joined")["table"]
    me.answered = set()                                   # a new table: its action numbers start again
    me.until(lambda m: m["type"] == "state" and m["game"] == "holdem")
    me.play_hand()
    me.ws.close()
    return draw, binh, holdem


def test_history_page_lists_sessions_and_opens_a_hand(browser, history_server):
    base, port, app, store = history_server
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True})
    try:
        browser.get(base + "/")
        browser.execute_script(f"sessionStorage.clear(); localStorage.clear(); "
                               f"localStorage.setItem('pokercore-player', JSON.stringify('{PLAYER}'))")
        browser.get_log("browser")
        draw, binh, holdem = _bot_plays(port)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)

        browser.get(base + "/history")
        wait(browser, lambda d: len(css(d, ".hist-row")) == 3 or None, "three sessions listed")
        rows = {e.get_attribute("data-table"): e.text for e in css(browser, ".hist-row")}
        draw_net = sum(h["nets"][0] for h in store.all_hands(draw))
        assert "Five-card draw" in rows[draw] and "2 hands" in rows[draw]
        assert (f"+{draw_net}" if draw_net > 0 else str(draw_net)) in rows[draw]
        assert "Binh" in rows[binh] and "1 deal" in rows[binh]
        assert "Hold'em" in rows[holdem] and "1 hand" in rows[holdem] and "vs Call AI" in rows[holdem]
        assert "open" not in " ".join(rows.values())                      # the bot left them all
        browser.save_screenshot(str(SCREENSHOTS / "history-sessions.png"))

        css(browser, f".hist-row[data-table='{draw}']")[0].click()
        wait(browser, lambda d: len(css(d, "#hand-list .hist-row")) == 2 or None, "the session's two hands")
        assert "Hand 1" in css(browser, "#hand-list .hist-row")[0].text
        css(browser, "#hand-list .hist-row")[1].click()
        wait(browser, lambda d: css(d, "#hand-text .hist-line") or None, "the hand's history")
        text = by_id(browser, "hand-text").text
        assert "Five-card draw, hand 2" in text and "After the hand: You" in text and "Dealt to You:" in text
        assert not re.search(r"\b(s|p)\d\b", text), text                   # "You" and names, not s0 or p1
        assert "You" in by_id(browser, "hand-nets").text
        assert css(browser, "#hand-text .card.back")                       # the others' cards: backs
        width = browser.execute_script("return document.documentElement.scrollWidth")
        assert width <= 390, f"the page is {width} px wide on a 390 px phone"
        browser.save_screenshot(str(SCREENSHOTS / "history-hand.png"))
        browser.back()
        wait(browser, lambda d: css(d, "#hand-list .hist-row") or None, "back to the hands")

        # the draw page sends this browser's player id when it deals
        browser.get(base + "/draw")
        click_id(browser, "start")
        wait(browser, lambda d: any(t.seats[0].player == PLAYER for t in app.state.manager.tables.values()
                                    if t.id not in (draw, binh, holdem)) or None,
             "a table dealt with the page's player id")
        errors = [e["message"] for e in browser.get_log("browser")
                  if e["level"] == "SEVERE" and _JS_ERROR.search(e["message"])]
        assert not errors, f"the page raised JavaScript errors: {errors}"
    finally:
        browser.execute_script("sessionStorage.clear(); localStorage.clear()")
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_history_page_without_a_history_says_so(browser, history_server):
    base, _, _, _ = history_server
    browser.get(base + "/")
    browser.execute_script("localStorage.clear()")
    browser.get(base + "/history")
    wait(browser, lambda d: by_id(d, "none") or None, "the no-hands-yet note")
    assert json.loads(browser.execute_script("return localStorage.getItem('pokercore-player')"))  # an id was made


@contextlib.contextmanager
def _serve_on(app, port: int) -> Iterator[None]:
    """Serve ``app`` on 127.0.0.1:``port`` (the same port again after a restart)."""
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
        yield
    finally:
        server.should_exit = True
        thread.join(15)
        sock.close()


def _stack(d) -> int | None:
    info = by_id(d, "handinfo")
    if info is None or "your stack" not in info.text:
        return None
    return int(info.text.split("your stack ")[1].split()[0])


def _back(d) -> bool:
    info = by_id(d, "handinfo")
    return by_id(d, "offline") is None and info is not None and "Hand 2" in info.text and \
        len(css(d, "#hand .card")) == 5


def test_a_page_gets_its_seat_and_stack_back_after_a_server_restart(browser, tmp_path):
    db = str(tmp_path / "h.sqlite3")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    limits = Limits(ai_delay=0.0)
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True})
    try:
        with _serve_on(create_app(limits, db=db), port):
            browser.get(base + "/")
            browser.execute_script("sessionStorage.clear(); localStorage.clear()")
            browser.get_log("browser")
            open_page(browser, (base, None), "/draw", 1, "easy")
            browser.execute_script("document.querySelector(\"input[name=level][value='easy']\").value = 'call'")
            click_id(browser, "start")
            wait(browser, lambda d: len(css(d, "#hand .card")) == 5, "five cards")
            for _ in range(10):                          # fold when asked to pay, else check / stand pat
                move = wait(browser, lambda d: by_id(d, "result") or by_id(d, "act-fold") or by_id(d, "act-check")
                            or by_id(d, "act-draw"), "a move or the result")
                if move.get_attribute("id") == "result":
                    break
                which = move.get_attribute("id")
                tap(browser, lambda d, i=which: by_id(d, i), "a move")
                wait(browser, lambda d, i=which: by_id(d, i) is None or None, "the move taken")
            wait(browser, lambda d: by_id(d, "result"), "the end of hand 1")
            click_id(browser, "next")
            wait(browser, lambda d: "Hand 2" in by_id(d, "handinfo").text, "hand 2")
            before = wait(browser, _stack, "my stack in hand 2")
        # the server is gone; a new one on the same database and port: the page reconnects by itself
        with _serve_on(create_app(limits, db=db), port):
            wait(browser, lambda d: _back(d) or None, "hand 2 back after the restart")
            assert wait(browser, _stack, "my stack after the restart") == before      # antes paid again, same stack
            assert by_id(browser, "setup") is None
            browser.save_screenshot(str(SCREENSHOTS / "history-restart-resumed.png"))
            browser.get(base + "/history")
            row = wait(browser, lambda d: (css(d, ".hist-row") or [None])[0], "the session in the history")
            # its status, not "open": playing now until the server sees the draw page's connection go, then left
            assert "1 hand" in row.text and "open" not in row.text
            assert "playing now" in row.text or "left before the end" in row.text
        errors = [e["message"] for e in browser.get_log("browser")
                  if e["level"] == "SEVERE" and _JS_ERROR.search(e["message"])]
        assert not errors, f"the page raised JavaScript errors: {errors}"
    finally:
        browser.execute_script("sessionStorage.clear(); localStorage.clear()")
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
