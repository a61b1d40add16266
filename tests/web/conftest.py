"""Fixtures of the web tests: the app behind Starlette's test client, a real uvicorn server on a free port
and one headless Chromium per session.

No web test waits forever: every receive of the protocol tests has a timeout
(``helpers.RECV_TIMEOUT``), and each test here has a time limit of
:data:`WEB_TEST_TIMEOUT` seconds (pytest-timeout, from the ``test`` extra).

The browser tests need Debian's ``chromium`` and ``chromium-driver`` (and
``fonts-dejavu-core`` to render text).  Without them they skip with an
install hint, except under ``CI=true`` where a missing browser fails.
Screenshots (390x844 phone viewport) go to ``artifacts/screenshots/`` (or
``$POKERCORE_SCREENSHOTS``).
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

INSTALL_HINT = ("the browser tests need Chromium and its driver: "
                "apt-get install --no-install-recommends chromium chromium-driver fonts-dejavu-core")
SCREENSHOTS = Path(os.environ.get("POKERCORE_SCREENSHOTS",
                                  Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"))


#: Console lines that are errors of the page's own code (not a refused connection or a missing favicon).
_JS_ERROR = re.compile(r"Uncaught|TypeError|ReferenceError|SyntaxError|RangeError")

#: Seconds one web test may take before it fails (a guard against a hang, not a speed goal).
WEB_TEST_TIMEOUT = 300


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: end-to-end test in a real headless Chromium "
                                       "(one browser per test session)")
    if not config.pluginmanager.hasplugin("timeout"):  # without pytest-timeout the receives still time out
        config.addinivalue_line("markers", "timeout(seconds): time limit of a test (needs pytest-timeout)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(str(item.path)).resolve().parents and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(WEB_TEST_TIMEOUT))


@pytest.fixture
def app():
    """The app with limits that let one test client open many tables quickly."""
    from pokercore.web import Limits, create_app

    return create_app(Limits(max_tables=50, max_tables_per_client=50, messages_per_second=1000, burst=1000))


@pytest.fixture
def tc(app):
    """Starlette's test client of ``app``; every WebSocket it opened is closed afterwards."""
    from .helpers import close_all, starlette_test_client

    with starlette_test_client()(app) as c:
        try:
            yield c
        finally:
            close_all()


def _need(what: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{what} (CI=true: the browser tests must run)")
    pytest.skip(what)


@pytest.fixture(scope="session")
def live_server():
    """A uvicorn server with the app on 127.0.0.1:<free port>; yields (base_url, app)."""
    try:
        import uvicorn

        from pokercore.web import Limits, create_app
    except ImportError as exc:
        _need(f"the web extra is not installed ({exc}): pip install -e \".[test]\"")
    app = create_app(Limits(ai_delay=0.0))
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", ws_max_size=65536))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("the test server did not start")
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}", app
    server.should_exit = True
    thread.join(10)
    sock.close()


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the whole session (selenium, the system browser and driver)."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if not chromium or not driver_path:
        _need(INSTALL_HINT)
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _need("selenium is not installed: pip install -e \".[test]\"")
    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=390,844", "--force-device-scale-factor=1"):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # the page's console, for JavaScript errors
    drv = webdriver.Chrome(service=Service(executable_path=driver_path), options=opts)
    drv.set_page_load_timeout(30)
    yield drv
    drv.quit()


@pytest.fixture
def phone(browser, live_server):
    """The shared browser as a 390x844 phone, at the server's start page, nothing remembered (seat, totals, deck)."""
    base, _ = live_server
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True})
    browser.get(base + "/")
    browser.execute_script("sessionStorage.clear(); localStorage.clear()")
    browser.get_log("browser")  # forget what earlier tests logged
    yield browser
    browser.execute_script("sessionStorage.clear(); localStorage.clear()")
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    errors = [e["message"] for e in browser.get_log("browser")
              if e["level"] == "SEVERE" and _JS_ERROR.search(e["message"])]
    assert not errors, f"the page raised JavaScript errors: {errors}"


@pytest.fixture
def shoot(phone):
    """``shoot(name, full=False)``: save the 390x844 phone screen (``full``: the whole page)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def take(name: str, full: bool = False) -> Path:
        path = SCREENSHOTS / f"{name}.png"
        if not full:
            phone.save_screenshot(str(path))
            return path
        # the whole page: stretch the emulated height to the document, then restore the phone size
        height = int(phone.execute_script("return Math.max(document.documentElement.scrollHeight, 844)"))
        phone.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                              {"width": 390, "height": height, "deviceScaleFactor": 2, "mobile": True})
        try:
            phone.save_screenshot(str(path))
        finally:
            phone.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                  {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True})
        return path

    return take
