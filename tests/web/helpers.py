"""Helpers of the protocol tests: a seat's WebSocket with a message log, cards inside a message.

No test waits forever: every receive gives up after :data:`RECV_TIMEOUT`
seconds with an ``AssertionError`` that shows the last messages, so a
missing error or state fails the test instead of hanging the run.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import queue
import re
import threading
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pokercore import parse_cards

CARD = re.compile(r"^[2-9TJQKA][cdhs]$")
#: Seconds a test waits for a message it expects (AI decisions on a loaded machine included).
RECV_TIMEOUT = 60.0


def require(module: str) -> Any:
    """Import a module of the web extra; skip the tests without it, but fail under ``CI=true``."""
    try:
        return importlib.import_module(module)
    except ImportError:
        why = f'{module} is not installed: pip install -e ".[test]" (or ".[web]")'
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{why} (CI=true: the web tests must run)", pytrace=False)
        pytest.skip(why, allow_module_level=True)


def starlette_test_client() -> Any:
    """Starlette's ASGI ``TestClient`` (skips without the web extra and httpx)."""
    require("starlette")
    require("httpx")
    with warnings.catch_warnings():  # starlette suggests httpx2 for its test client; httpx works
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    return TestClient


_OPEN: list[Any] = []


def connect(tc: Any, timeout: float = RECV_TIMEOUT) -> Client:
    """A new WebSocket to ``/ws`` of the test client ``tc`` (closed by :func:`close_all`)."""
    session = tc.websocket_connect("/ws")
    _OPEN.append(session)
    return Client(session.__enter__(), timeout)


def close_all() -> None:
    """Close every WebSocket :func:`connect` opened."""
    while _OPEN:
        session = _OPEN.pop()
        with contextlib.suppress(Exception):
            session.__exit__(None, None, None)


@contextlib.contextmanager
def closing() -> Iterator[None]:
    try:
        yield
    finally:
        close_all()


def table_of(tc: Any, client: Client) -> Any:
    """The server's seat table that ``client`` sits at."""
    return tc.app.state.manager.tables[client.table]


def cards_in(obj: Any) -> set[int]:
    """Every card code mentioned anywhere in a JSON message (any two-character card string)."""
    out: set[int] = set()
    if isinstance(obj, str):
        if CARD.match(obj):
            out.add(parse_cards(obj)[0])
    elif isinstance(obj, dict):
        for k, v in obj.items():
            out |= cards_in(k) | cards_in(v)
    elif isinstance(obj, list):
        for v in obj:
            out |= cards_in(v)
    return out


class Client:
    """One WebSocket of the test client: ``send``, ``recv`` and waiting for a kind of message.

    Every received message is kept in ``log``; ``last_state`` is the newest state.
    A reader thread takes the server's messages as they come, so
    :meth:`recv` can wait at most ``timeout`` seconds (the test client's
    own receive has no timeout).
    """

    def __init__(self, ws: Any, timeout: float = RECV_TIMEOUT) -> None:
        self.ws = ws
        self.timeout = timeout
        self.log: list[dict[str, Any]] = []
        self.last_state: dict[str, Any] | None = None
        self.seat = -1
        self.table = ""
        self.token = ""
        self.sent: set[int] = set()
        self._inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        threading.Thread(target=self._read, name="test-ws-reader", daemon=True).start()

    def _read(self) -> None:
        try:
            while True:
                event = self.ws.receive()
                self._inbox.put(event)
                if event["type"] == "websocket.close":
                    return
        except BaseException as exc:  # the session was closed under the reader: nothing more will come
            self._inbox.put({"type": "test.reader_stopped", "error": repr(exc)})

    def send(self, obj: Any) -> None:
        self.ws.send_text(obj if isinstance(obj, str) else json.dumps(obj))

    def recv(self, timeout: float | None = None) -> dict[str, Any]:
        """The next message from the server; fails the test when none comes within ``timeout`` seconds."""
        wait = self.timeout if timeout is None else timeout
        try:
            event = self._inbox.get(timeout=wait)
        except queue.Empty:
            raise AssertionError(f"no message from the server within {wait:g} s; "
                                 f"the last ones: {self.log[-3:]}") from None
        if event["type"] != "websocket.send":
            self._inbox.put(event)  # a closed connection stays closed for the next recv too
            raise AssertionError(f"the connection ended ({event}) while a message was expected; "
                                 f"the last ones: {self.log[-3:]}")
        text = event["text"] if event.get("text") is not None else event["bytes"].decode()
        msg = json.loads(text)
        self.log.append(msg)
        if msg["type"] == "state":
            self.last_state = msg
        elif msg["type"] == "joined":
            self.seat, self.table, self.token = msg["seat"], msg["table"], msg["token"]
        return msg

    def until(self, pred: Callable[[dict[str, Any]], bool], limit: int = 500,
              timeout: float | None = None) -> dict[str, Any]:
        """The next message that matches ``pred``, reading at most ``limit`` messages (each within ``timeout``)."""
        for _ in range(limit):
            msg = self.recv(timeout)
            if pred(msg):
                return msg
        raise AssertionError(f"no matching message in {limit}; last: {self.log[-3:]}")

    def state_where(self, pred: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The newest state if it matches ``pred``, else the next state that does."""
        if self.last_state is not None and pred(self.last_state):
            return self.last_state
        return self.until(lambda m: m["type"] == "state" and pred(m))

    def normal_deal(self) -> dict[str, Any]:
        """Binh: the newest state, playing on past deals where this seat's hand is special (declared)."""
        assert self.last_state is not None
        while self.last_state["special"]:
            deal = self.last_state["deal"]
            self.state_where(lambda m: m["phase"] == "reveal")
            self.next()
            self.state_where(lambda m, deal=deal: m["deal"] == deal + 1)
        return self.last_state

    def error(self, timeout: float | None = None) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == "error", timeout=timeout)

    def create(self, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
        self.send({"type": "create", "game": game, "seats": seats, **extra})
        joined = self.until(lambda m: m["type"] in ("joined", "created", "error"))
        if joined["type"] == "joined":
            self.state()
        return joined

    def state(self) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == "state")

    def my_turn(self) -> dict[str, Any]:
        """The newest draw state where this seat acts or the hand is over (and it has not answered yet)."""
        def ready(m: dict[str, Any]) -> bool:
            return m["type"] == "state" and m["seq"] not in self.sent and (
                m["actor"] == m["seat"] or m["showdown"] is not None)

        if self.last_state is not None and ready(self.last_state):
            return self.last_state
        return self.until(ready)

    def act(self, action: dict[str, Any]) -> None:
        """Send a legal-looking action with the seat's next action number."""
        assert self.last_state is not None
        seq = self.last_state["seq"]
        self.sent.add(seq)
        self.send({"type": "act", "seq": seq, "action": action})

    def next(self) -> None:
        assert self.last_state is not None
        seq = self.last_state["seq"]
        self.sent.add(seq)
        self.send({"type": "next", "seq": seq})


# ---------------------------------------------------------------- the browser tests (selenium)
#: Seconds a browser test waits for something to show (``POKERCORE_BROWSER_WAIT`` to change it).
BROWSER_WAIT = float(os.environ.get("POKERCORE_BROWSER_WAIT", "30"))


def wait(driver, cond, what):
    """Wait until ``cond(driver)`` is truthy; elements re-rendered meanwhile (stale) just mean "again".

    So does an element not shown yet: :func:`by_id` gives None for it, and a
    condition reading ``by_id(d, ...).text`` then fails on None (the page
    may show an element a moment after the one the test just used).  Any
    other error is raised at once.  On a timeout the page's text is in the
    error and a screenshot ``timeout-*.png`` is saved.
    """
    from selenium.common.exceptions import (
        StaleElementReferenceException,
        TimeoutException,
    )
    from selenium.webdriver.support.ui import WebDriverWait

    def again_until_shown(d):
        try:
            return cond(d)
        except AttributeError as exc:
            if "'NoneType' object" in str(exc):
                return None
            raise

    try:
        return WebDriverWait(driver, BROWSER_WAIT, poll_frequency=0.05,
                             ignored_exceptions=(StaleElementReferenceException,)).until(again_until_shown,
                                                                                         message=what)
    except TimeoutException:
        from .conftest import SCREENSHOTS

        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SCREENSHOTS / f"timeout-{what.replace(' ', '-')[:40]}.png"))
        text = driver.execute_script("return document.body.innerText")
        raise AssertionError(f"timed out waiting for {what}; the page shows:\n{text[:2000]}") from None


def tap(driver, find, what):
    """Click what ``find(driver)`` returns once it is there, again if the page re-rendered it meanwhile."""
    from selenium.common.exceptions import StaleElementReferenceException

    for _ in range(20):
        try:
            wait(driver, find, what).click()
            return
        except StaleElementReferenceException:
            continue
    raise AssertionError(f"could not click {what}")


def by_id(d, i):
    from selenium.webdriver.common.by import By

    found = d.find_elements(By.ID, i)
    return found[0] if found and found[0].is_displayed() else None


def css(d, sel):
    from selenium.webdriver.common.by import By

    return [e for e in d.find_elements(By.CSS_SELECTOR, sel) if e.is_displayed()]


def click_id(d, i):
    def ready(d):
        e = by_id(d, i)
        return e if e is not None and e.is_enabled() else None

    tap(d, ready, f"#{i} enabled")


def open_page(phone, live_server, page, opponents, level):
    base, _ = live_server
    phone.get(base + page)
    wait(phone, lambda d: (by_id(d, "start") is not None and by_id(d, "start").is_enabled()) or None,
         "the Deal button")
    phone.find_element("css selector", f"input[name=opp][value='{opponents}']").click()
    phone.find_element("css selector", f"input[name=level][value='{level}']").click()
