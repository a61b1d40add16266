"""A person plays Binh and draw in a real headless Chromium at phone size (390x844), by tapping.

One browser serves the whole session (the ``browser`` fixture); each test
saves screenshots under ``artifacts/screenshots/``.
"""

from __future__ import annotations

import numpy as np
import pytest

from pokercore import parse_cards
from pokercore.binh import Arrangement

from .helpers import by_id as _by_id
from .helpers import click_id as _click_id
from .helpers import css as _css
from .helpers import open_page as _open
from .helpers import tap as _tap
from .helpers import wait as _wait

pytestmark = pytest.mark.browser


def _unplaced(d):
    return [e.get_attribute("data-card") for e in _css(d, "#zone-hand .card")]


def _place(d, cards, zone):
    for c in cards:
        _tap(d, lambda d, c=c: (_css(d, f"[data-card='{c}']") or [None])[0], f"card {c}")
    _click_id(d, f"to-{zone}")
    _wait(d, lambda d: all(_css(d, f"#zone-{zone} [data-card='{c}']") for c in cards), f"{cards} in the {zone}")


def _foul_split(cards):
    """Some split of the 13 cards that fouls (random splits foul often)."""
    rng = np.random.default_rng(0)
    codes = parse_cards(" ".join(cards))
    while True:
        p = rng.permutation(codes)
        a = Arrangement(p[:3], p[3:8], p[8:])
        if a.is_foul:
            by_code = dict(zip(codes, cards))
            return ([by_code[c] for c in a.top], [by_code[c] for c in a.middle], [by_code[c] for c in a.bottom])


def _deal_number(d):
    info = _by_id(d, "dealinfo")
    return int(info.text.split()[1]) if info is not None and info.text.startswith("Deal ") else 0


def _to_a_normal_deal(d):
    """Play on past deals where a special hand is declared for the player (nothing to arrange).

    After "Next deal" the special panel of the old deal stays on screen until
    the new deal arrives, so wait for the deal number to move on before
    looking again (looking at once saw the old panel and waited for a
    "Next deal" button that a normal deal never shows).
    """
    while True:
        _wait(d, lambda d: len(_unplaced(d)) == 13 or _by_id(d, "special"), "the deal")
        if not _by_id(d, "special"):
            return
        deal = _deal_number(d)
        _click_id(d, "next")
        _wait(d, lambda d, deal=deal: _deal_number(d) > deal, "the deal after a special hand")


def test_binh_deal_by_tapping(phone, live_server, shoot):
    assert "Play Binh" in phone.page_source
    shoot("index")
    _open(phone, live_server, "/binh", 3, "easy")
    shoot("binh-1-setup")
    _click_id(phone, "start")
    _to_a_normal_deal(phone)
    shoot("binh-2-dealt")
    cards = _unplaced(phone)
    ranks = "23456789TJQKA"
    assert [ranks.index(c[0]) for c in cards] == sorted((ranks.index(c[0]) for c in cards), reverse=True)

    # Tap a fouled arrangement: the warning shows before submitting, and submitting asks first.
    top, middle, bottom = _foul_split(cards)
    _place(phone, top, "top")
    _wait(phone, lambda d: _by_id(d, "name-top").text.strip() not in ("", "3 of 3 cards"), "the top's name")
    _place(phone, middle, "middle")
    _place(phone, bottom, "bottom")
    warn = _wait(phone, lambda d: _by_id(d, "foul"), "the foul warning")
    assert "Foul" in warn.text and "9 points" in warn.text
    names = [_by_id(phone, f"name-{z}").text for z in ("top", "middle", "bottom")]
    assert all(n and "cards" not in n for n in names), names
    shoot("binh-3-foul-warning")
    _click_id(phone, "submit")
    confirm = _wait(phone, lambda d: _by_id(d, "confirm"), "the foul confirmation")
    assert "foul" in confirm.text.lower()
    shoot("binh-4-foul-confirm")
    _click_id(phone, "confirm-no")
    assert _by_id(phone, "zones") is not None  # still arranging: nothing was sent

    # Suggest fills the AI's arrangement; the player edits it (a card out and back) and submits.
    _click_id(phone, "suggest")
    _wait(phone, lambda d: not _by_id(d, "foul") and "Suggested" in _by_id(d, "msg").text, "the suggestion")
    moved = _css(phone, "#zone-top .card")[0].get_attribute("data-card")
    _place(phone, [moved], "hand")
    assert _unplaced(phone) == [moved]
    _wait(phone, lambda d: not _by_id(d, "submit").is_enabled(), "submit waits for all 13 cards")
    _place(phone, [moved], "top")
    _wait(phone, lambda d: not _unplaced(d) and "of 3" not in _by_id(d, "name-top").text, "the edited arrangement")
    shoot("binh-5-suggested")
    _click_id(phone, "submit")
    score = _wait(phone, lambda d: _by_id(d, "deal-score"), "the reveal")
    assert "This deal" in score.text
    rows = _css(phone, "#reveal table.score")[0].find_elements("css selector", "tbody tr")
    assert len(rows) == 3  # one per opponent, branch by branch
    shoot("binh-6-reveal")
    shoot("binh-6-reveal-full", full=True)
    deal = _by_id(phone, "dealinfo").text.split()[1]
    _click_id(phone, "next")
    _wait(phone, lambda d: f"Deal {int(deal) + 1}" in _by_id(d, "dealinfo").text, "the next deal")


def test_binh_special_hand_then_a_normal_deal(phone, live_server, monkeypatch):
    """The first deal gives the player a straight flush (declared for them), the second a normal hand."""
    import types

    from pokercore.binh import deal_hands, declared_special
    from pokercore.web import _binh_seat_table as binh_seat_table

    seed = 1
    rng = np.random.default_rng(seed)
    first, second = deal_hands(4, rng), deal_hands(4, rng)
    assert declared_special(first[0]) and not declared_special(second[0])
    monkeypatch.setattr(binh_seat_table, "secrets", types.SimpleNamespace(randbits=lambda bits: seed))
    _open(phone, live_server, "/binh", 3, "easy")
    _click_id(phone, "start")
    _wait(phone, lambda d: _by_id(d, "special"), "the declared special hand")
    assert "Special hand: straight flush" in _by_id(phone, "special").text
    assert _deal_number(phone) == 1
    _to_a_normal_deal(phone)
    assert _deal_number(phone) == 2 and len(_unplaced(phone)) == 13


def test_binh_keyboard(phone, live_server):
    _open(phone, live_server, "/binh", 1, "normal")
    _click_id(phone, "start")
    _to_a_normal_deal(phone)
    from selenium.webdriver.common.keys import Keys

    code = _css(phone, "#zone-hand .card")[0].get_attribute("data-card")
    # select with the keyboard
    _wait(phone, lambda d: _css(d, f"[data-card='{code}']"), "the card")[0].send_keys(Keys.ENTER)
    phone.switch_to.active_element.send_keys("1")   # 1: place in the top
    _wait(phone, lambda d: _css(d, f"#zone-top [data-card='{code}']"), "the card in the top")


def test_draw_hand_bet_draw_two_showdown(phone, live_server, shoot):
    _open(phone, live_server, "/draw", 2, "easy")
    # Opponents that always call make the showdown certain (the page offers easy, normal, hard).
    phone.execute_script("document.querySelector(\"input[name=level][value='easy']\").value = 'call'")
    shoot("draw-1-setup")
    _click_id(phone, "start")
    _wait(phone, lambda d: len(_css(d, "#hand .card")) == 5, "five cards")
    # bet (or raise if an opponent bet first)
    _wait(phone, lambda d: _by_id(d, "act-bet") or _by_id(d, "act-raise"), "my turn to bet")
    assert "Your turn" in _by_id(phone, "turn").text
    shoot("draw-2-my-turn")
    _tap(phone, lambda d: _by_id(d, "act-bet") or _by_id(d, "act-raise"), "bet")
    _wait(phone, lambda d: _by_id(d, "act-draw"), "the draw")
    # reloading the page (a dropped connection) rejoins the seat and resumes the hand
    cards = sorted(e.get_attribute("data-card") for e in _css(phone, "#hand .card"))
    phone.refresh()
    _wait(phone, lambda d: _by_id(d, "act-draw"), "the draw again after a reload")
    assert sorted(e.get_attribute("data-card") for e in _css(phone, "#hand .card")) == cards
    assert "You bet" in _by_id(phone, "log").text or "You raise" in _by_id(phone, "log").text
    # the draw: tap two cards, exchange them
    before = [e.get_attribute("data-card") for e in _css(phone, "#hand .card")]
    for c in before[:2]:
        _tap(phone, lambda d, c=c: (_css(d, f"#hand [data-card='{c}']") or [None])[0], f"card {c}")
    _wait(phone, lambda d: "2 cards" in _by_id(d, "act-draw").text, "exchange 2")
    shoot("draw-3-discard-two")
    _click_id(phone, "act-draw")
    _wait(phone, lambda d: _by_id(d, "act-check") or _by_id(d, "act-call") or _by_id(d, "result"),
          "the second betting round")
    after = [e.get_attribute("data-card") for e in _css(phone, "#hand .card")]
    assert len(set(before) & set(after)) == 3 and not set(before[:2]) & set(after)
    if not _by_id(phone, "result"):
        _tap(phone, lambda d: _by_id(d, "act-check") or _by_id(d, "act-call"), "check or call")
    result = _wait(phone, lambda d: _by_id(d, "result"), "the showdown")
    assert "Showdown" in result.text
    log = _by_id(phone, "log").text
    assert "You draw 2" in log and ("You bet" in log or "You raise" in log)
    shown = _css(phone, "#result .hand-line")
    assert len(shown) >= 1 and all(line.find_elements("css selector", ".branch-name") for line in shown)
    shoot("draw-4-showdown")
    shoot("draw-4-showdown-full", full=True)
    _click_id(phone, "next")
    _wait(phone, lambda d: "Hand 2" in _by_id(d, "handinfo").text, "the next hand")
