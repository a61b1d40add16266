"""A person plays hold'em in a real headless Chromium at phone size (390x844), by tapping.

The full hand has a raise, an all-in and a side pot: a seeded deal, two
opponents that always check or call, and stacks of 200 (the person), 60
and 300, so the short stack's all-in call makes a main pot of 180 and a
side pot of 280.  Screenshots go under ``artifacts/screenshots/``; the
``phone`` fixture fails the test on any JavaScript error of the page.
"""

from __future__ import annotations

import types

import pytest

from pokercore.holdem import HoldemConfig, HoldemGame

from .helpers import by_id as _by_id
from .helpers import click_id as _click_id
from .helpers import css as _css
from .helpers import tap as _tap
from .helpers import wait as _wait

pytestmark = pytest.mark.browser

STACKS = (200, 60, 300)
CREATE = {"type": "create", "game": "holdem", "variant": "nl", "seats": ["me", "call", "call"],
          "blinds": [1, 2], "stacks": list(STACKS), "hands": 3}


def _script(hand):
    """The hand the browser plays: the person (button) raises to 10, both call, checks, all-in 190, both call."""
    hand.raise_(10)
    hand.call()
    hand.call()
    hand.check()
    hand.check()
    hand.bet(190)
    hand.call()
    hand.call()


def _seed_where_the_person_busts() -> int:
    """The first seed whose deal lets the big stack win both pots (so the end screen shows after the hand)."""
    for seed in range(200):
        hand = HoldemGame(HoldemConfig("nl", players=3, small_blind=1, big_blind=2, starting_stacks=STACKS,
                                       hands=3, seed=seed)).start_hand()
        _script(hand)
        if hand.payouts == (0, 0, 460):
            return seed
    raise AssertionError("no seed in 0..199 lets seat 2 win both pots")


def _open(phone, live_server, monkeypatch, seed):
    from pokercore.web import _holdem_seat_table as holdem_seat_table

    monkeypatch.setattr(holdem_seat_table, "secrets", types.SimpleNamespace(randbits=lambda bits: seed))
    base, _ = live_server
    phone.get(base + "/holdem")
    _wait(phone, lambda d: (_by_id(d, "start") is not None and _by_id(d, "start").is_enabled()) or None,
          "the Deal button")


def _set_amount(d, amount):
    """Type ``amount`` into the amount box as a person would (input events, then change when done)."""
    d.execute_script("const box = document.getElementById('amount'); box.focus(); box.value = arguments[0];"
                     "box.dispatchEvent(new Event('input')); box.dispatchEvent(new Event('change'));", str(amount))


def _type_amount(d, amount):
    """Type ``amount`` into the amount box and stay in it (input events only: no change yet)."""
    d.execute_script("const box = document.getElementById('amount'); box.focus(); box.value = arguments[0];"
                     "box.dispatchEvent(new Event('input'));", str(amount))


def test_holdem_hand_with_a_raise_an_all_in_and_a_side_pot(phone, live_server, shoot, monkeypatch):
    seed = _seed_where_the_person_busts()
    _open(phone, live_server, monkeypatch, seed)
    assert "Hold'em" in phone.title
    shoot("holdem-1-setup")
    # the page's own Deal with opponents that always call (the setup offers easy, normal and hard)
    phone.execute_script("deal(arguments[0])", CREATE)
    _wait(phone, lambda d: len(_css(d, "#hole .card")) == 2, "two hole cards")
    _wait(phone, lambda d: _by_id(d, "act-raise"), "my turn preflop")
    assert _by_id(phone, "act-call").text == "Call 2"
    assert "blinds 1/2" in _by_id(phone, "blinds").text
    assert _by_id(phone, "player-1").find_elements("css selector", ".badge.blind")[0].text == "SB"
    assert "You may raise to 4 to 200" in _by_id(phone, "amount-note").text
    # quick sizes stay inside the legal range; "Pot" is a raise to 2 + (3 + 2) = 7
    _tap(phone, lambda d: (_css(d, "[data-size='Pot']") or [None])[0], "the pot size")
    _wait(phone, lambda d: _by_id(d, "act-raise").text == "Raise to 7", "raise to 7")
    _tap(phone, lambda d: (_css(d, "[data-size='All-in']") or [None])[0], "the all-in size")
    _wait(phone, lambda d: _by_id(d, "act-raise").text == "All-in 200", "all-in 200")
    # an amount below the minimum is refused on the page and the minimum kept, and the box says so
    _set_amount(phone, 3)
    note = _wait(phone, lambda d: _by_id(d, "amount-warn"), "the range message")
    assert note.text == "The amount must be 4 to 200: 3 is less, so the button is set to Raise to 4.", note.text
    assert _by_id(phone, "act-raise").text == "Raise to 4"
    # more than the maximum, still typing: the button becomes the all-in, and the box says why at once
    _type_amount(phone, 99999)
    _wait(phone, lambda d: _by_id(d, "act-raise").text == "All-in 200", "all-in 200")
    note = _wait(phone, lambda d: _by_id(d, "amount-warn") if _by_id(d, "amount-warn") and
                 "99,999" in _by_id(d, "amount-warn").text else None, "the note on the typed amount")
    assert note.text == "The amount must be 4 to 200: 99,999 is more, so the button is set to All-in 200."
    assert _by_id(phone, "amount").get_attribute("aria-invalid") == "true"
    shoot("holdem-2-over-the-maximum")
    _set_amount(phone, 10)
    _wait(phone, lambda d: _by_id(d, "act-raise").text == "Raise to 10", "raise to 10")
    assert _by_id(phone, "amount-warn") is None           # a legal amount clears the note
    shoot("holdem-2-raise-to-10")
    _click_id(phone, "act-raise")

    # flop: both opponents called and checked to me
    _wait(phone, lambda d: _by_id(d, "act-bet"), "my turn on the flop")
    assert len([c for c in _css(phone, "#board .card") if c.get_attribute("data-card")]) == 3
    log = _by_id(phone, "log").text
    assert "You raise to 10" in log and "Call AI 1 calls 9" in log and "Call AI 2 calls 8" in log, log
    assert _by_id(phone, "pot").text == "Pot 30"
    _tap(phone, lambda d: (_css(d, "[data-size='All-in']") or [None])[0], "the all-in size")
    _wait(phone, lambda d: _by_id(d, "act-bet").text == "All-in 190", "all-in 190")
    shoot("holdem-3-flop-all-in")
    _click_id(phone, "act-bet")

    # the short stack calls all-in for less, the big stack calls: run-out, showdown, main and side pot
    result = _wait(phone, lambda d: _by_id(d, "result"), "the showdown")
    assert "Showdown" in result.text
    assert len(_css(phone, "#result .hand-line")) == 3
    assert len([c for c in _css(phone, "#board .card") if c.get_attribute("data-card")]) == 5
    pots = [e.text for e in _css(phone, "#sidepots .pot-line")]
    assert pots == ["Main pot 180", "Side pot 280"], pots
    lines = [e.text for e in _css(phone, "#result .pot-result")]
    assert lines == ["Call AI 2 wins the main pot of 180", "Call AI 2 wins the side pot of 280"], lines
    log = _by_id(phone, "log").text
    assert "You bet 190 (all-in)" in log and "Call AI 1 calls 50 (all-in)" in log and "RIVER" in log.upper(), log
    assert "You lost 200 chips this hand" in _by_id(phone, "my-result").text
    shoot("holdem-4-side-pot")
    shoot("holdem-4-side-pot-full", full=True)

    # out of chips: the end screen with the session net and the standings
    end = _wait(phone, lambda d: _by_id(d, "end"), "the end screen")
    assert "You are out of chips" in end.text and "session -200" in end.text
    rows = [r.text for r in _css(phone, "#standings tbody tr")]
    assert rows[0].startswith("1 Call AI 2 560 +260") and "You 0 -200" in rows[1], rows
    assert not _by_id(phone, "next")
    phone.find_element("css selector", "#past summary").click()  # the past hands, one so far
    past = [e.text for e in _css(phone, "#past-list li")]
    assert len(past) == 1 and past[0].startswith("Hand 1: -200 \u00b7 Showdown") and past[0].endswith(
        " \u00b7 Call AI 2 wins the main pot of 180; Call AI 2 wins the side pot of 280"), past
    shoot("holdem-5-end")
    _click_id(phone, "again")   # a new table with the same settings
    _wait(phone, lambda d: "Hand 1" in _by_id(d, "handinfo").text and not _by_id(d, "result"), "a new table")


def test_holdem_setup_deals_pot_limit_omaha(phone, live_server, monkeypatch, shoot):
    _open(phone, live_server, monkeypatch, 5)
    phone.find_element("css selector", "input[name=variant][value='plo']").click()
    phone.find_element("css selector", "input[name=opp][value='1']").click()
    phone.find_element("css selector", "input[name=level][value='easy']").click()
    _click_id(phone, "start")
    _wait(phone, lambda d: len(_css(d, "#hole .card")) == 4, "four hole cards")
    assert "pot-limit Omaha" in _by_id(phone, "blinds").text
    # heads-up the person is the button: small blind, first to act; the pot limit is a raise to 6
    raise_button = _wait(phone, lambda d: _by_id(d, "act-raise"), "my turn")
    assert "You may raise to 4 to 6" in _by_id(phone, "amount-note").text
    assert raise_button.text == "Raise to 4"
    shoot("holdem-plo-preflop")
    _click_id(phone, "act-fold")
    _wait(phone, lambda d: _by_id(d, "result"), "the result")
    assert "You folded" in _by_id(phone, "result").text
    assert "You lost 1 chip this hand" in _by_id(phone, "my-result").text
