"""The equity page in Chromium at 390x844: type a hand, tap a range on the grid, tap board cards, read
the same equities the library gives; mistakes are shown next to what caused them.
"""

from __future__ import annotations

import pytest

from pokercore.equity import equity

from .helpers import by_id, click_id, css, tap, wait

pytestmark = pytest.mark.browser


def _open(phone, live_server):
    base, _ = live_server
    phone.get(base + "/equity")
    wait(phone, lambda d: d.execute_script("return document.body.dataset.ready") == "1" or None, "the page ready")


def _type(phone, k, text):
    box = by_id(phone, f"range-{k}")
    box.clear()
    box.send_keys(text)
    by_id(phone, "grid-h").click()  # leave the field: its range is read


def _cell(phone, label):
    return phone.find_element("css selector", f"#grid .cell[data-hand='{label}']")


def test_a_hand_against_a_range_tapped_on_the_grid_on_a_flop(phone, live_server, shoot):
    _open(phone, live_server)
    _type(phone, 0, "AhKh")
    wait(phone, lambda d: "1 combo" in by_id(d, "info-0").text or None, "player 1's hand read")
    click_id(phone, "pick-1")
    _type(phone, 1, "")
    wait(phone, lambda d: by_id(d, "grid-info").text == "No hands yet." or None, "player 2 empty")
    for label in ("QQ", "JJ", "AQs"):
        tap(phone, lambda d, lab=label: _cell(d, lab), f"the {label} cell")
        wait(phone, lambda d, lab=label: _cell(d, lab).get_attribute("aria-pressed") == "true" or None, f"{label} on")
    assert by_id(phone, "range-1").get_attribute("value") == "AQs,QQ,JJ"  # grid order: rows from the ace down
    assert "16 combos" in by_id(phone, "grid-info").text  # 6 + 6 + 4
    tap(phone, lambda d: _cell(d, "JJ"), "JJ again: off")
    wait(phone, lambda d: by_id(d, "range-1").get_attribute("value") == "AQs,QQ" or None, "JJ removed")
    for card in ("Qd", "7h", "2h"):
        tap(phone, lambda d, c=card: d.find_element("css selector", f"#picker [data-card='{c}']"), f"board {card}")
    wait(phone, lambda d: len(css(d, "#board .card")) == 3 or None, "three board cards")
    click_id(phone, "calc")
    wait(phone, lambda d: by_id(d, "result") or None, "the result")
    want = equity(["AhKh", "QQ,AQs"], board="Qd 7h 2h")
    assert want.exact
    cells = [c.text for c in css(phone, "#row-0 td")]
    assert cells[1] == f"{100 * want.players[0].equity:.2f}%", cells
    assert by_id(phone, "eq-1").text == f"{100 * want.players[1].equity:.2f}%"
    assert by_id(phone, "method").text.lower().startswith("exact")
    shoot("equity-hand-vs-range")            # the result scrolled into view
    shoot("equity-page", full=True)
    # a reload keeps the question
    phone.refresh()
    wait(phone, lambda d: d.execute_script("return document.body.dataset.ready") == "1" or None, "reloaded")
    assert by_id(phone, "range-1").get_attribute("value") == "AQs,QQ" and len(css(phone, "#board .card")) == 3


def test_mistakes_are_named_where_they_are(phone, live_server):
    _open(phone, live_server)
    _type(phone, 1, "QQ+, XYs")
    err = wait(phone, lambda d: by_id(d, "error-1"), "the range error under player 2")
    assert "XY" in err.text
    click_id(phone, "calc")
    assert "not valid" in wait(phone, lambda d: by_id(d, "err"), "the page's message").text
    _type(phone, 1, "KK")
    wait(phone, lambda d: by_id(d, "error-1") is None or None, "the error gone")
    tap(phone, lambda d: d.find_element("css selector", "#picker [data-card='2c']"), "one board card")
    click_id(phone, "calc")
    assert "0, 3, 4 or 5 cards" in wait(phone, lambda d: by_id(d, "err"), "the board message").text
    assert by_id(phone, "result") is None
