"""The Binh page as a person meets it (Chromium at 390x844): fouls caught on the page, totals kept
over a server restart, a half-arranged hand kept over a reload, swapping, sorting, the deck colours.
"""

from __future__ import annotations

import numpy as np
import pytest

from pokercore import parse_cards
from pokercore.binh import Arrangement

from .helpers import by_id, click_id, css, open_page, tap, wait
from .test_browser import _foul_split, _place, _to_a_normal_deal, _unplaced

pytestmark = pytest.mark.browser


def _deal(phone, live_server, opponents=1, level="easy"):
    open_page(phone, live_server, "/binh", opponents, level)
    click_id(phone, "start")
    _to_a_normal_deal(phone)
    return _unplaced(phone)


def test_the_page_decides_foul_from_the_cards_as_the_library_does(phone, live_server):
    """Differential: the page's three-rank comparison against :class:`Arrangement` on random splits."""
    base, _ = live_server
    phone.get(base + "/binh")
    rng = np.random.default_rng(7)
    names = np.array("2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c 7d 7h 7s 8c 8d 8h 8s "
                     "9c 9d 9h 9s Tc Td Th Ts Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks Ac Ad Ah As".split())
    cases, want = [], []
    # random splits, plus hands made to tie across sizes (a pair on top against a pair in the middle)
    fixed = ["Ah Ad Kc|As Ac Kd 3c 2c|9h 9d 9c 5s 5d", "7h 7d Ac|7s 7c Kd Qc Jc|9h 9d 9c 5s 5d",
             "Ah Kd Qc|As Kh Qd Jc 9c|2h 3d 4c 5s 6d", "Ah 2d 3c|Ks Qh Jd Tc 9c|As 2s 3h 4s 5d",
             "Ah Kd Qc|As Kh Qd 2c 3c|Ac Ks Qs 2s 4c"]
    for text in fixed:
        cases.append([part.split() for part in text.split("|")])
    for _ in range(600):
        p = rng.permutation(52)[:13]
        cases.append([list(names[p[:3]]), list(names[p[3:8]]), list(names[p[8:]])])
    for top, mid, bot in cases:
        want.append(bool(Arrangement(parse_cards(" ".join(top)), parse_cards(" ".join(mid)),
                                     parse_cards(" ".join(bot))).is_foul))
    got = phone.execute_script("return arguments[0].map(([t, m, b]) => binhFoul(t, m, b) !== null)", cases)
    wrong = [(c, w) for c, g, w in zip(cases, got, want) if g != w]
    assert not wrong, wrong[:5]
    assert sum(want) > 100 and len(want) - sum(want) > 50  # both answers were tried


def test_the_foul_confirmation_cannot_be_skipped_by_a_fast_submit(phone, live_server):
    cards = _deal(phone, live_server)
    phone.execute_script("const send = client.send.bind(client);"
                         "client.send = (m) => { if (m.type !== 'preview') send(m); };")  # replies never come
    top, middle, bottom = _foul_split(cards)
    _place(phone, top, "top")
    _place(phone, middle, "middle")
    _place(phone, bottom, "bottom")
    click_id(phone, "submit")
    confirm = wait(phone, lambda d: by_id(d, "confirm"), "the foul confirmation")
    assert "foul" in confirm.text.lower()
    assert by_id(phone, "foul") is not None  # the warning too, without the server's preview
    click_id(phone, "confirm-no")
    assert by_id(phone, "zones") is not None and by_id(phone, "reveal") is None


def test_a_reload_keeps_a_half_arranged_hand(phone, live_server):
    cards = _deal(phone, live_server)
    _place(phone, cards[:3], "top")
    _place(phone, cards[3:5], "middle")
    phone.refresh()
    wait(phone, lambda d: len(css(d, "#zone-top .card")) == 3 and len(css(d, "#zone-middle .card")) == 2,
         "the arrangement after a reload")
    assert sorted(e.get_attribute("data-card") for e in css(phone, "#zone-top .card")) == sorted(cards[:3])


def test_totals_survive_a_server_restart_and_a_refused_deal_is_shown(phone, live_server, monkeypatch):
    from pokercore.web import Limits

    _, app = live_server
    _deal(phone, live_server)
    click_id(phone, "suggest")
    wait(phone, lambda d: not _unplaced(d), "the suggestion")
    click_id(phone, "submit")
    wait(phone, lambda d: by_id(d, "deal-score"), "the reveal")
    total = phone.execute_script("return state.totals[state.seat]")
    # deals played: more than one when a deal was a special hand, which _deal plays past
    played = phone.execute_script("return state.deal")
    app.state.manager.tables.clear()  # what a restarted server knows of the table
    phone.refresh()
    shown = wait(phone, lambda d: by_id(d, "setup-msg") if by_id(d, "setup-msg") and by_id(d, "setup-msg").text
                 else None, "the explanation")
    assert "no longer" in shown.text
    kept = wait(phone, lambda d: by_id(d, "history"), "the totals kept on this device")
    want = f"{total:+d}" if total else "0"
    assert want in kept.text
    assert ("1 deal," if played == 1 else f"{played} deals,") in kept.text
    monkeypatch.setattr(app.state.manager, "limits", Limits(max_tables=0))
    click_id(phone, "start")
    wait(phone, lambda d: by_id(d, "setup-msg") and "maximum" in by_id(d, "setup-msg").text, "the refusal")


def test_swap_two_cards_and_sort_by_suit(phone, live_server, shoot):
    cards = _deal(phone, live_server)
    _place(phone, cards[:3], "top")
    a, b = cards[0], cards[5]
    for c in (a, b):
        tap(phone, lambda d, c=c: (css(d, f"[data-card='{c}']") or [None])[0], f"card {c}")
    click_id(phone, "swap")
    wait(phone, lambda d: css(d, f"#zone-top [data-card='{b}']") and css(d, f"#zone-hand [data-card='{a}']"),
         "the swapped cards")
    click_id(phone, "sort")
    suits = [c[1] for c in _unplaced(phone)]
    assert suits == sorted(suits, key="shcd".index), suits
    assert by_id(phone, "rules") is not None
    small = phone.execute_script("return [...document.querySelectorAll('#zones button.card')]"
                                 ".map((b) => b.getBoundingClientRect()).filter((r) => r.width < 44 || r.height < 44)"
                                 ".length")
    assert small == 0  # every card is a tap target of at least 44 x 44 px


def test_the_deck_toggle_switches_two_and_four_colours_and_is_kept(phone, live_server, shoot):
    _deal(phone, live_server)
    colour = ("const e = cardEl('Kd'); document.getElementById('game').append(e);"
              "const c = getComputedStyle(e).color; e.remove(); return c")
    before = phone.execute_script("return document.body.dataset.deck")
    diamonds = phone.execute_script(colour)
    click_id(phone, "deck")
    after = phone.execute_script("return document.body.dataset.deck")
    assert {before, after} == {"two", "four"}
    shoot(f"deck-{after}-colour")
    phone.refresh()
    wait(phone, lambda d: len(css(d, ".card")) > 0, "the cards after a reload")
    assert phone.execute_script("return document.body.dataset.deck") == after
    assert phone.execute_script(colour) != diamonds  # two colours: red diamonds; four: blue
    click_id(phone, "deck")
    shoot(f"deck-{before}-colour")
    assert phone.execute_script(colour) == diamonds


def test_while_reconnecting_nothing_can_be_tapped_and_new_game_mid_deal_asks(phone, live_server):
    cards = _deal(phone, live_server)
    phone.execute_script("client.connect = () => {}; client.ws.close();")
    wait(phone, lambda d: by_id(d, "offline"), "the reconnecting banner")
    assert not any(b.is_enabled() for b in phone.find_elements("css selector", "#game button"))
    phone.execute_script("arguments[0].click()", phone.find_element("css selector", f"[data-card='{cards[0]}']"))
    assert not phone.find_elements("css selector", ".card.sel")  # a tap on a card while offline selects nothing
    phone.execute_script("delete client.connect; client.connect();")
    wait(phone, lambda d: by_id(d, "offline") is None and by_id(d, "suggest").is_enabled(), "the table again")
    click_id(phone, "leave")
    ask = wait(phone, lambda d: by_id(d, "leave-confirm"), "the question")
    assert "deal" in ask.text.lower(), ask.text
    click_id(phone, "leave-no")
    wait(phone, lambda d: by_id(d, "leave-confirm") is None and len(_unplaced(d)) == 13, "the deal, still mine")
    click_id(phone, "leave")
    click_id(phone, "leave-yes")
    wait(phone, lambda d: by_id(d, "setup"), "the setup")
