"""The draw page as a person meets it (Chromium at 390x844): the end of a session, refusals,
dropped connections, double taps, leaving mid-hand, a seat taken by another tab, reloads, wording.

The opponents are chosen through the page's own setup; where a test needs a
fixed situation (a short stack, a maniac that always bets) it sets it up on
the server the page talks to, never by editing the page's state.
"""

from __future__ import annotations

import json

import pytest

from .helpers import by_id, click_id, css, open_page, tap, wait

pytestmark = pytest.mark.browser


def _level(phone, level):
    """Ask the page for any draw agent (the setup lists easy, normal, hard)."""
    phone.execute_script(f"document.querySelector(\"input[name=level]:checked\").value = '{level}'")


def _short_stack(monkeypatch, stack=3):
    """Tables made from now on seat the person (seat 0) with ``stack`` chips, the others with 200."""
    from pokercore.draw import DrawConfig
    from pokercore.web import _draw_seat_table as draw_seat_table

    def config(players, hands, seed):
        return DrawConfig(players=players, hands=hands, seed=seed, starting_stacks=(stack,) + (200,) * (players - 1))

    monkeypatch.setattr(draw_seat_table, "DrawConfig", config)


def _start(phone, live_server, opponents=2, level="maniac"):
    open_page(phone, live_server, "/draw", opponents, "easy")
    _level(phone, level)
    click_id(phone, "start")
    wait(phone, lambda d: len(css(d, "#hand .card")) == 5, "five cards")


def _enabled(d, i):
    e = by_id(d, i)
    return e if e is not None and e.is_enabled() else None


def _fold_or_check(d):
    """Fold when facing a bet, else check, else stand pat: whatever is offered first (and not yet sent)."""
    for i in ("act-fold", "act-check", "act-draw"):
        if _enabled(d, i) is not None:
            return _enabled(d, i)
    return None


def test_a_busted_player_gets_an_end_screen_with_standings_and_session_net(phone, live_server, monkeypatch, shoot):
    _short_stack(monkeypatch, 1)  # the ante is all the person has: one lost hand and they are out
    _start(phone, live_server, 2, "maniac")
    for _ in range(40):
        if by_id(phone, "end") is not None:
            break
        tap(phone, lambda d: by_id(d, "end") or _fold_or_check(d) or _enabled(d, "next"), "a move or the end screen")
    end = wait(phone, lambda d: by_id(d, "end"), "the end screen")
    assert "You are out of chips" in end.text
    assert by_id(phone, "next") is None  # no waiting for 1000 hands to pass
    rows = css(phone, "#standings tbody tr")
    assert len(rows) == 3 and "You" in " ".join(r.text for r in rows)
    net = by_id(phone, "session-net").text
    assert "session -1 (1 chip \u2192 0 chips)" in net, net
    rebuy = by_id(phone, "rebuy")
    assert rebuy is not None and rebuy.text == "Rebuy 1 chip"  # back to the starting stack, at this table
    assert "Buy back in" in by_id(phone, "rebuy-note").text
    shoot("draw-end-screen")
    hand = by_id(phone, "handinfo").text.split()[1]
    tap(phone, lambda d: _enabled(d, "rebuy"), "the rebuy button")
    wait(phone, lambda d: by_id(d, "end") is None and by_id(d, "handinfo") is not None
         and by_id(d, "handinfo").text.split()[1] != hand, "the next hand after the rebuy")
    assert len(css(phone, "#hand .card")) == 5  # dealt in again


def test_the_person_chooses_the_session_length_and_sees_the_end_and_past_hands(phone, live_server, shoot):
    open_page(phone, live_server, "/draw", 1, "easy")
    _level(phone, "call")
    phone.find_element("css selector", "input[name=hands][value='10']").click()
    phone.execute_script("document.querySelector(\"input[name=hands]:checked\").value = '2'")
    click_id(phone, "start")
    for _ in range(40):
        if by_id(phone, "end") is not None:
            break
        tap(phone, lambda d: by_id(d, "end") or _fold_or_check(d) or _enabled(d, "next"), "a move or the end screen")
    end = wait(phone, lambda d: by_id(d, "end"), "the end screen")
    assert "Game over after 2 hands" in end.text and by_id(phone, "next") is None
    assert len(css(phone, "#standings tbody tr")) == 2
    phone.find_element("css selector", "#past summary").click()
    past = [e.text for e in css(phone, "#past-list li")]
    assert len(past) == 2 and past[0].startswith("Hand 2: ") and past[1].startswith("Hand 1: "), past
    shoot("draw-game-over", full=True)
    click_id(phone, "again")  # a new table with fresh stacks and the same choices
    wait(phone, lambda d: "Hand 1" in (by_id(d, "handinfo").text if by_id(d, "handinfo") else ""), "a new table")
    assert by_id(phone, "end") is None


def test_a_refused_deal_is_shown_on_the_setup(phone, live_server, monkeypatch):
    from pokercore.web import Limits

    _, app = live_server
    open_page(phone, live_server, "/draw", 1, "easy")
    monkeypatch.setattr(app.state.manager, "limits", Limits(max_tables=0))
    click_id(phone, "start")
    shown = wait(phone, lambda d: by_id(d, "setup-msg") if by_id(d, "setup-msg") and by_id(d, "setup-msg").text
                 else None, "the refusal")
    assert "maximum" in shown.text and by_id(phone, "setup") is not None


def test_a_table_gone_after_a_server_restart_is_explained(phone, live_server):
    _, app = live_server
    _start(phone, live_server, 1, "call")
    app.state.manager.tables.clear()  # what a restarted server knows of the table
    phone.refresh()
    shown = wait(phone, lambda d: by_id(d, "setup-msg") if by_id(d, "setup-msg") and by_id(d, "setup-msg").text
                 else None, "the explanation")
    assert "no longer" in shown.text and by_id(phone, "setup") is not None


def test_taps_while_reconnecting_are_disabled_and_shown(phone, live_server):
    _start(phone, live_server, 2, "call")
    wait(phone, lambda d: css(d, "#actions button"), "my moves")
    phone.execute_script("client.connect = () => {}; client.ws.close();")
    wait(phone, lambda d: by_id(d, "offline"), "the reconnecting banner")
    assert "reconnecting" in by_id(phone, "offline").text.lower()
    buttons = phone.find_elements("css selector", "#game button")
    assert buttons and not any(b.is_enabled() for b in buttons)
    phone.execute_script("delete client.connect; client.connect();")
    wait(phone, lambda d: by_id(d, "offline") is None and any(b.is_enabled() for b in css(d, "#actions button")),
         "the moves again")


def test_a_double_tap_never_shows_the_raw_stale_seq_refusal(phone, live_server):
    _start(phone, live_server, 2, "call")
    first = wait(phone, lambda d: _fold_or_check(d) or by_id(d, "act-call"), "a move")
    seq = phone.execute_script("return state.seq")
    what = first.get_attribute("id")
    phone.execute_script("const b = document.getElementById(arguments[0]); b.click(); b.click();", what)
    wait(phone, lambda d: d.execute_script("return state.seq") > seq, "the move taken once")
    # a tap that reaches the server twice anyway (two tabs, a slow network): the server refuses it
    phone.execute_script("client.send({type: 'act', seq: arguments[0], action: {kind: 'check'}})", seq)
    msg = wait(phone, lambda d: by_id(d, "msg") if by_id(d, "msg") and by_id(d, "msg").text else None, "the note")
    assert "seq" not in msg.text and "already" in msg.text


def test_new_game_mid_hand_asks_first(phone, live_server):
    _start(phone, live_server, 1, "call")
    click_id(phone, "leave")
    ask = wait(phone, lambda d: by_id(d, "leave-confirm"), "the question")
    assert "hand" in ask.text.lower()
    click_id(phone, "leave-no")
    assert by_id(phone, "game") is not None and by_id(phone, "leave-confirm") is None
    click_id(phone, "leave")
    click_id(phone, "leave-yes")
    wait(phone, lambda d: by_id(d, "setup"), "the setup")


def test_a_tab_whose_seat_another_tab_took_says_why(phone, live_server):
    base, _ = live_server
    _start(phone, live_server, 1, "call")
    seat = phone.execute_script("return sessionStorage.getItem('pokercore-draw')")
    first = phone.current_window_handle
    phone.switch_to.new_window("tab")
    try:
        phone.get(base + "/")
        phone.execute_script("sessionStorage.setItem('pokercore-draw', arguments[0])", seat)
        phone.get(base + "/draw")
        wait(phone, lambda d: len(css(d, "#hand .card")) == 5, "the seat in the second tab")
    finally:
        phone.execute_script("sessionStorage.clear()")
        phone.close()
        phone.switch_to.window(first)
    shown = wait(phone, lambda d: by_id(d, "setup-msg") if by_id(d, "setup-msg") and by_id(d, "setup-msg").text
                 else None, "the explanation")
    assert "another tab" in shown.text


def _to_the_draw(phone):
    """Check or call until the draw is offered (the opponents only check or call)."""
    from selenium.common.exceptions import StaleElementReferenceException

    for _ in range(20):
        move = wait(phone, lambda d: by_id(d, "act-draw") or _enabled(d, "act-check") or _enabled(d, "act-call"),
                    "a move")
        try:
            if move.get_attribute("id") == "act-draw":
                return
            move.click()
        except StaleElementReferenceException:
            continue
    raise AssertionError("the draw never came")


def test_a_reload_keeps_the_cards_chosen_to_exchange(phone, live_server):
    _start(phone, live_server, 1, "call")
    _to_the_draw(phone)
    wait(phone, lambda d: by_id(d, "act-draw"), "the draw")
    chosen = [e.get_attribute("data-card") for e in css(phone, "#hand .card")][:2]
    for c in chosen:
        tap(phone, lambda d, c=c: (css(d, f"#hand [data-card='{c}']") or [None])[0], f"card {c}")
    wait(phone, lambda d: "2 cards" in by_id(d, "act-draw").text, "exchange 2")
    phone.refresh()
    wait(phone, lambda d: by_id(d, "act-draw") and "2 cards" in by_id(d, "act-draw").text, "exchange 2 after a reload")
    assert sorted(e.get_attribute("data-card") for e in css(phone, "#hand .card.sel")) == sorted(chosen)
    click_id(phone, "act-draw")
    fresh = wait(phone, lambda d: css(d, "#hand .card.new"), "the cards just drawn, highlighted")
    assert len(fresh) == 2 and not {e.get_attribute("data-card") for e in fresh} & set(chosen)
    assert all("just drawn" in e.get_attribute("aria-label") for e in fresh)


# ---------------------------------------------------------------- wording, as card rooms say it
WORDING = """
const st = {seat: 0, players: [
  {seat: 0, name: "Player 1", kind: "player", bet: 4},
  {seat: 1, name: "Player 2", kind: "player", bet: 0},
  {seat: 2, name: "Easy AI", kind: "ai", bet: 0}],
  events: [
  {street: "ante", seat: 0, kind: "ante", amount: 1}, {street: "ante", seat: 1, kind: "ante", amount: 1},
  {street: "bet1", seat: 1, kind: "bet", amount: 2}, {street: "bet1", seat: 2, kind: "raise", amount: 4},
  {street: "bet1", seat: 0, kind: "raise", amount: 6}, {street: "bet1", seat: 1, kind: "call", amount: 4},
  {street: "bet1", seat: 2, kind: "fold", amount: 0}]};
return {
  log: eventTexts(st),
  raise: actionLabel({kind: "raise", amount: 8}, st.players[0]),
  call: actionLabel({kind: "call", amount: 4}, st.players[0]),
  one: chips(1), two: chips(2),
  remote: seatName(st.players[1], 0), ai: seatName(st.players[2], 0), me: seatName(st.players[0], 0),
  folded: resultText({...st, players: st.players.map((p) => ({...p, live: p.seat !== 0, dealt_in: true, committed: 7})),
                      showdown: {shown: [], winners: [1], payouts: [0, 20, 0]}}),
  split: resultText({...st, players: st.players.map((p) => ({...p, live: p.seat !== 2, dealt_in: true, committed: 14})),
                     showdown: {shown: [{seat: 0, cards: [], name: "x"}, {seat: 1, cards: [], name: "x"}],
                                winners: [0, 1], payouts: [15, 14, 0]}}),
};
"""


def test_amounts_and_names_read_as_card_rooms_word_them(phone, live_server):
    base, _ = live_server
    phone.get(base + "/draw")
    got = phone.execute_script(WORDING)
    assert got["log"][2:] == ["Player 2 bets 2", "Easy AI 2 raises to 4", "You raise to 6", "Player 2 calls 4",
                              "Easy AI 2 folds"], got["log"]
    assert got["raise"] == "Raise to 12" and got["call"] == "Call 4"
    assert (got["one"], got["two"]) == ("1 chip", "2 chips")
    assert (got["remote"], got["ai"], got["me"]) == ("Player 2", "Easy AI 2", "You")
    assert got["folded"]["heading"] == "You folded", got["folded"]
    assert "Player 2 wins the pot of 20" in got["folded"]["won"]
    split = got["split"]["won"]
    assert "Split pot" in split and "You win 15" in split and "Player 2 wins 14" in split and "each" not in split
    assert json.dumps(got).count("chips chips") == 0


SHOWDOWN = """
const p = (seat, name, kind, live, stack) => ({seat, name, kind, level: null, connected: true, stack, bet: 0,
  committed: 9, live, dealt_in: true, drawn: 1, ready: false, start: 200, out: false});
state = {type: "state", game: "draw", table: "t-mucked", seat: 0, seq: 9, version: 9, hand_number: 3, hands: 50,
  button: 0, street: "bet2", actor: null, hand: ["Ah", "Ad", "7c", "5s", "2d"], hand_name: "Pair of aces",
  pot: 0, current_bet: 0, to_call: 0, bet_size: 4, raises_left: 0, legal: [], events: [], game_over: false,
  rules: {ante: 1, small_bet: 2, big_bet: 4, raise_cap: 3},
  players: [p(0, "Player 1", "player", true, 218), p(1, "Easy AI", "ai", true, 191), p(2, "Easy AI", "ai", false, 191)],
  showdown: {payouts: [27, 0, 0], winners: [0],
             shown: [{seat: 0, cards: ["Ah", "Ad", "7c", "5s", "2d"], name: "Pair of aces"}]}};
render();
return [...document.querySelectorAll("#result .hand-line")].map((e) => e.innerText.replace(/\\s+/g, " ").trim());
"""


def test_hands_not_shown_at_the_showdown_read_as_mucked_and_folded_ones_as_folded(phone, live_server):
    base, _ = live_server
    phone.get(base + "/draw")
    lines = phone.execute_script(SHOWDOWN)
    assert len(lines) == 3, lines
    assert lines[0].startswith("You") and "Pair of aces" in lines[0]
    assert lines[1].startswith("Easy AI 1") and lines[1].endswith("mucked"), lines
    assert lines[2].startswith("Easy AI 2") and lines[2].endswith("folded"), lines
    backs = phone.find_elements("css selector", "#result .hand-line.mucked .card")
    assert len(backs) == 10 and not [e for e in backs if e.text]  # card backs only: nothing of theirs is shown
