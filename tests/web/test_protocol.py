"""The JSON WebSocket protocol through Starlette's ASGI test client.

Full Binh deals and draw hands, every refused message (each leaves the
table unchanged), seats and tokens, reconnecting, clean-up, limits, two
tables at once, and the property that no message to a seat ever holds
another seat's hidden card.
"""

from __future__ import annotations

import json
import time

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pokercore import parse_cards

from .helpers import Client, cards_in, closing, connect, starlette_test_client, table_of

TestClient = starlette_test_client()  # skips these tests without the web extra

from pokercore.web import Limits, create_app  # noqa: E402  (needs the web extra)


def play_draw_action(st: dict, rng: np.random.Generator, prefer: str | None = None) -> dict:
    legal = st["legal"]
    if legal[0]["kind"] == "draw":
        k = int(rng.integers(0, 4))
        return {"kind": "draw", "cards": list(rng.choice(st["hand"], size=k, replace=False))}
    if prefer:
        for a in legal:
            if a["kind"] == prefer:
                return dict(a)
    choices = [a for a in legal if a["kind"] != "fold"] or legal
    return dict(choices[int(rng.integers(len(choices)))])


# ---------------------------------------------------------------------- full games


def test_full_draw_hand(tc):
    me = connect(tc)
    joined = me.create("draw", ["me", "call", "easy"], hands=3)
    assert joined["seat"] == 0 and joined["tokens"] == {} and joined["token"]
    rng = np.random.default_rng(1)
    table = table_of(tc, me)
    start = sum(table.config.stacks)
    hands_seen = set()
    while True:
        st = me.my_turn()
        hands_seen.add(st["hand_number"])
        assert "seed" not in json.dumps(st) and "deck" not in st
        if st["showdown"] is not None:
            assert sum(p["stack"] for p in st["players"]) == start  # chips conserved
            assert sum(st["showdown"]["payouts"]) > 0
            if st["game_over"]:
                break
            me.next()
            continue
        me.act(play_draw_action(st, rng, prefer="bet"))
    assert hands_seen == {1, 2, 3}
    me.send({"type": "next", "seq": me.last_state["seq"]})
    assert me.error()["code"] == "illegal_action"  # the session is over


def test_full_binh_deal(tc):
    me = connect(tc)
    me.create("binh", ["me", "normal", "easy", "hard"])
    st = me.normal_deal()
    assert len(st["cards"]) == 13 and st["phase"] == "arrange"
    me.send({"type": "suggest"})
    sug = me.until(lambda m: m["type"] == "suggestion")
    assert sorted(sug["top"] + sug["middle"] + sug["bottom"]) == sorted(st["cards"]) and sug["foul"] is None
    assert all(sug["names"])
    me.send({"type": "preview", "top": sug["top"], "middle": sug["middle"][:4], "bottom": sug["bottom"]})
    pv = me.until(lambda m: m["type"] == "preview")
    assert pv["names"][0] == sug["names"][0] and pv["names"][1] is None and pv["foul"] is None
    me.act({"kind": "arrange", "top": sug["top"], "middle": sug["middle"], "bottom": sug["bottom"]})
    rev = me.state_where(lambda m: m["phase"] == "reveal")["reveal"]
    assert sum(rev["nets"]) == 0 and len(rev["pairs"]) == 6 and len(rev["hands"]) == 4
    for p in rev["pairs"]:
        if p["branches"] is not None:
            assert sum(p["branches"]) == p["score"]
    for i in range(4):
        assert rev["nets"][i] == sum(p["score"] if p["seats"][0] == i else -p["score"]
                                     for p in rev["pairs"] if i in p["seats"])
    totals = me.last_state["totals"]
    assert sum(totals) == 0 and len(totals) == 4
    me.next()
    st2 = me.until(lambda m: m["type"] == "state" and m["deal"] == st["deal"] + 1)
    assert st2["phase"] == "arrange" and st2["totals"] == totals


def test_binh_special_hand_is_declared(tc, monkeypatch):
    import pokercore.web._binh_seat_table as bt

    six_pairs = tuple(parse_cards("As Ah Ks Kh Qs Qh Js Jh 9s 9h 7c 7d 2c"))
    rest = [c for c in range(52) if c not in six_pairs]
    monkeypatch.setattr(bt, "deal_hands", lambda n, rng: [six_pairs, tuple(rest[::3][:13])])
    me = connect(tc)
    me.create("binh", ["me", "normal"])
    st = me.last_state
    assert st["special"]["name"].startswith("six pairs") and st["legal"] == []
    me.act({"kind": "arrange", "top": st["cards"][:3], "middle": st["cards"][3:8], "bottom": st["cards"][8:]})
    assert me.error()["code"] == "not_your_turn"
    rev = me.state_where(lambda m: m["phase"] == "reveal")["reveal"]
    assert rev["nets"] == [6, -6] and rev["hands"][0]["special"].startswith("six pairs")
    # both hands special: nothing to arrange, the deal is revealed at once (0 points)
    monkeypatch.setattr(bt, "deal_hands", lambda n, rng: [six_pairs, tuple(rest[:13])])
    me.next()
    rev = me.state_where(lambda m: m["deal"] == 2 and m["phase"] == "reveal")["reveal"]
    assert rev["nets"] == [0, 0]


# ---------------------------------------------------------------------- refusals


def _draw_at_my_turn(tc) -> tuple[Client, object]:
    me = connect(tc)
    me.create("draw", ["me", "call"])
    me.my_turn()
    return me, table_of(tc, me)


def _fingerprint(table) -> tuple:
    return (table.hand_state.snapshot(), table.hand_state.events, [s.next_seq for s in table.seats],
            table.session.hands_played)


REFUSED = [
    ("not json", "{nope", "bad_json"),
    ("not an object", "[1, 2]", "bad_message"),
    ("unknown type", {"type": "cheat"}, "unknown_type"),
    ("no seq", {"type": "act", "action": {"kind": "check"}}, "bad_message"),
    ("bool seq", {"type": "act", "seq": True, "action": {"kind": "check"}}, "bad_message"),
    ("unknown kind", {"type": "act", "seq": 1, "action": {"kind": "allin"}}, "bad_message"),
    ("negative amount", {"type": "act", "seq": 1, "action": {"kind": "bet", "amount": -2}}, "bad_message"),
    ("bad card", {"type": "act", "seq": 1, "action": {"kind": "draw", "cards": ["Zz"]}}, "bad_message"),
    ("extra field", {"type": "act", "seq": 1, "action": {"kind": "check"}, "seat": 1}, "bad_message"),
    ("wrong bet amount", {"type": "act", "seq": 1, "action": {"kind": "bet", "amount": 3}}, "illegal_action"),
    ("call without a bet", {"type": "act", "seq": 1, "action": {"kind": "call", "amount": 2}}, "illegal_action"),
    ("draw while betting", {"type": "act", "seq": 1, "action": {"kind": "draw", "cards": []}}, "illegal_action"),
    ("binh action", {"type": "act", "seq": 1, "action": {"kind": "arrange", "top": ["2c", "3c", "4c"],
     "middle": ["5c", "6c", "7c", "8c", "9c"], "bottom": ["Tc", "Jc", "Qc", "Kc", "Ac"]}}, "illegal_action"),
    ("future seq", {"type": "act", "seq": 7, "action": {"kind": "check"}}, "stale_seq"),
    ("old seq", {"type": "act", "seq": 0, "action": {"kind": "check"}}, "stale_seq"),
    ("next mid-hand", {"type": "next", "seq": 1}, "illegal_action"),
    ("suggest at draw", {"type": "suggest"}, "illegal_action"),
    ("oversized", json.dumps({"type": "ping", "pad": "x" * 5000}), "too_large"),
]


@pytest.mark.parametrize("raw, code", [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED])
def test_refused_message_changes_nothing(tc, raw, code):
    me, table = _draw_at_my_turn(tc)
    assert table.hand_state.actor == 0 and me.last_state["seq"] == 1
    before = _fingerprint(table)
    me.send(raw)
    err = me.error()
    assert err["code"] == code, err
    assert err["message"]
    assert _fingerprint(table) == before
    me.act({"kind": "check"})  # and the seat can still play
    assert me.state()["events"][-1]["kind"] == "check"


def test_replayed_action_is_refused(tc):
    me, table = _draw_at_my_turn(tc)
    msg = {"type": "act", "seq": 1, "action": {"kind": "check"}}
    me.act(msg["action"])
    me.my_turn()  # the AI checked behind: draw phase, my turn again
    before = _fingerprint(table)
    me.send(msg)  # the same message again
    err = me.error()
    assert err["code"] == "stale_seq" and err["ref"] == {"type": "act", "seq": 1}
    assert _fingerprint(table) == before


def test_out_of_turn_and_illegal_draws(tc):
    me = connect(tc)
    joined = me.create("draw", ["remote", "me", "call"])  # seat 1 of 3
    table = table_of(tc, me)
    bot = connect(tc)
    bot.send({"type": "join", "table": me.table, "seat": 0, "token": joined["tokens"]["0"]})
    bot.until(lambda m: m["type"] == "state")
    # button 0: seat 1 (me) acts first; the bot at seat 0 may not
    before = _fingerprint(table)
    bot.act({"kind": "check"})
    assert bot.error()["code"] == "not_your_turn" and _fingerprint(table) == before
    me.my_turn()
    me.act({"kind": "check"})
    bot.until(lambda m: m["type"] == "state" and m["actor"] == 0)
    bot.act({"kind": "check"})
    st = me.my_turn()
    assert st["street"] == "draw"
    before = _fingerprint(table)
    for cards in (st["hand"][:4], ["2c"] if "2c" not in st["hand"] else ["3c"], [st["hand"][0]] * 2):
        me.send({"type": "act", "seq": st["seq"], "action": {"kind": "draw", "cards": cards}})
        assert me.error()["code"] in ("illegal_action", "bad_message")
        assert _fingerprint(table) == before


def test_binh_refusals(tc):
    me = connect(tc)
    me.create("binh", ["me", "easy"])
    st = me.normal_deal()
    table = table_of(tc, me)
    cards = st["cards"]
    other = [c for c in [f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"] if c not in cards]
    bad = [
        ({"kind": "arrange", "top": cards[:3], "middle": cards[3:8], "bottom": cards[8:12] + other[:1]},
         "illegal_action"),
        ({"kind": "arrange", "top": cards[:2], "middle": cards[2:8], "bottom": cards[8:]}, "bad_message"),
        ({"kind": "arrange", "top": cards[:3], "middle": cards[3:8], "bottom": cards[3:8]}, "illegal_action"),
        ({"kind": "check"}, "illegal_action"),
    ]
    for action, code in bad:
        me.send({"type": "act", "seq": st["seq"], "action": action})
        assert me.error()["code"] == code, action
        assert table.deal.arranged[0] is None and table.seats[0].next_seq == st["seq"]
    me.send({"type": "preview", "top": other[:3]})
    assert me.error()["code"] == "bad_message"
    me.act({"kind": "arrange", "top": cards[:3], "middle": cards[3:8], "bottom": cards[8:]})  # a foul is legal
    rev = me.state_where(lambda m: m["phase"] == "reveal")["reveal"]
    me.send({"type": "act", "seq": st["seq"], "action": {"kind": "arrange", "top": cards[:3], "middle": cards[3:8],
                                                 "bottom": cards[8:]}})
    assert me.error()["code"] == "stale_seq"
    me.send({"type": "act", "seq": st["seq"] + 1, "action": {"kind": "arrange", "top": cards[:3], "middle": cards[3:8],
                                                 "bottom": cards[8:]}})
    assert me.error()["code"] == "not_your_turn"
    assert table.deal_number == st["deal"] and len(rev["hands"]) == 2


def test_join_refusals_and_not_joined(tc):
    me = connect(tc)
    me.send({"type": "act", "seq": 1, "action": {"kind": "check"}})
    assert me.error()["code"] == "not_joined"
    joined = me.create("draw", ["me", "remote", "easy"])
    tok1 = joined["tokens"]["1"]
    other = connect(tc)
    for msg, code in [
        ({"table": "nosuchtable", "seat": 1, "token": tok1}, "no_table"),
        ({"table": me.table, "seat": 1, "token": "x" * 24}, "bad_token"),
        ({"table": me.table, "seat": 0, "token": tok1}, "bad_token"),       # another seat's token
        ({"table": me.table, "seat": 2, "token": tok1}, "bad_token"),       # an AI seat
        ({"table": me.table, "seat": 5, "token": tok1}, "bad_token"),       # no such seat
        ({"table": me.table, "seat": 9, "token": tok1}, "bad_message"),
    ]:
        other.send({"type": "join", **msg})
        assert other.error()["code"] == code, msg
    assert table_of(tc, me).seats[1].conn is None


def test_reconnect_resumes_and_replaces(tc):
    me = connect(tc)
    me.create("draw", ["me", "call"])
    st = me.my_turn()
    me.act({"kind": "check"})
    st = me.my_turn()  # the draw
    table_id, token = me.table, me.token
    me.ws.close()
    again = connect(tc)
    again.send({"type": "join", "table": table_id, "seat": 0, "token": token})
    joined = again.until(lambda m: m["type"] == "joined")
    st2 = again.state()
    assert joined["seq"] == st["seq"] == st2["seq"] and st2["hand"] == st["hand"] and st2["street"] == "draw"
    # joining the same seat from a third connection replaces the second
    third = connect(tc)
    third.send({"type": "join", "table": table_id, "seat": 0, "token": token})
    third.state()
    assert again.until(lambda m: m["type"] == "closed")["reason"].startswith("this seat was joined")
    third.act({"kind": "draw", "cards": []})
    assert third.state()["players"][0]["drawn"] == 0


def test_two_tables_do_not_interfere(tc):
    a, b = connect(tc), connect(tc)
    a.create("draw", ["me", "call"])
    b.create("binh", ["me", "easy"])
    ta, tb = table_of(tc, a), table_of(tc, b)
    assert a.table != b.table
    stb = b.normal_deal()
    b.state_where(lambda m: all(p["submitted"] for p in m["players"] if p["seat"] != m["seat"]))  # the AI is done
    va, vb = tb.version, ta.hand_state.snapshot()
    a.my_turn()
    a.act({"kind": "check"})
    a.my_turn()
    assert tb.version == va  # the Binh table saw nothing
    b.act({"kind": "arrange", "top": stb["cards"][:3], "middle": stb["cards"][3:8], "bottom": stb["cards"][8:]})
    b.until(lambda m: m["type"] == "state" and m["phase"] == "reveal")
    assert ta.hand_state.snapshot() != vb and ta.hand_state.actor == 0 and ta.hand_state.street == "draw"
    # a token of one table does not open the other
    b.send({"type": "join", "table": a.table, "seat": 0, "token": b.token})
    assert b.error()["code"] == "bad_token"
    assert all(m.get("table") in (None, a.table) for m in a.log)
    assert all(m.get("table") in (None, b.table) for m in b.log if m["type"] != "error")


# ---------------------------------------------------------------------- limits and clean-up


def test_limits_tables_connections_rate():
    app = create_app(Limits(max_tables=2, max_tables_per_client=2, max_connections_per_client=3,
                            messages_per_second=1, burst=3))
    with TestClient(app) as tc, closing():
        a = connect(tc)
        a.create("draw", ["remote", "call"])    # tables waiting for their first player are in play
        a.create("binh", ["remote", "easy"])
        a.send({"type": "create", "game": "draw", "seats": ["me", "call"]})
        err = a.error()
        assert err["code"] == "limit"
        b, c = connect(tc), connect(tc)
        refused = connect(tc)
        assert refused.recv()["code"] == "limit"   # a fourth connection from the same address
        for _ in range(5):
            b.send({"type": "ping"})
        codes = [b.recv()["type"] for _ in range(5)]
        assert "error" in codes and "pong" in codes
        assert len(tc.app.state.manager.tables) == 2
        del c


def test_new_game_closes_the_table_only_the_player_could_play(tc):
    me = connect(tc)
    me.create("draw", ["me", "easy"])
    first = me.table
    me.create("binh", ["me", "easy"])
    tables = tc.app.state.manager.tables
    assert first not in tables and me.table in tables
    me.create("draw", ["me", "remote"])     # another player may still come: kept
    second = me.table
    me.create("draw", ["me", "call"])
    assert second in tables and len(tables) == 2


def test_abandoned_table_is_removed():
    app = create_app(Limits(abandon_after=0.05))
    with TestClient(app) as tc, closing():
        manager = tc.app.state.manager
        a = connect(tc)
        a.create("draw", ["me", "call"])
        tid = a.table
        assert manager.sweep() == []          # someone is connected
        a.ws.close()
        for _ in range(100):
            if manager.tables[tid].connected == 0:
                break
            time.sleep(0.01)
        time.sleep(0.1)
        assert manager.sweep() == [tid] and tid not in manager.tables
        b = connect(tc)
        b.send({"type": "join", "table": tid, "seat": 0, "token": a.token})
        assert b.error()["code"] == "no_table"


def test_bots_on_remote_seats_play_a_hand(tc):
    host = connect(tc)
    created = host.create("draw", ["remote", "remote", "easy"], hands=2)
    assert created["type"] == "created" and set(created["tokens"]) == {"0", "1"}
    bots = []
    for seat in (0, 1):
        c = connect(tc)
        c.send({"type": "join", "table": created["table"], "seat": seat, "token": created["tokens"][str(seat)]})
        c.until(lambda m: m["type"] == "joined")
        bots.append(c)
    table = tc.app.state.manager.tables[created["table"]]
    rng = np.random.default_rng(3)

    def sync(bot: Client) -> dict:
        # every change is broadcast to every connected seat with the table's version
        while bot.last_state is None or bot.last_state["version"] < table.version:
            bot.state()
        return bot.last_state

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        time.sleep(0.002)  # give the server (and the AI seat) a moment
        states = [sync(bot) for bot in bots]
        st = states[0]
        if st["showdown"] is not None:
            if st["game_over"]:
                break
            for bot, s in zip(bots, states):
                if not s["players"][s["seat"]]["ready"] and s["seq"] not in bot.sent:
                    bot.next()
        elif st["actor"] in (0, 1):
            bot = bots[st["actor"]]
            if bot.last_state["seq"] not in bot.sent:
                bot.act(play_draw_action(bot.last_state, rng))
    else:
        raise AssertionError("the session did not finish")
    assert table.session.hands_played == 2


# ---------------------------------------------------------------------- hidden cards


def _check_draw_messages(client: Client, table) -> None:
    for m in client.log:
        if m["type"] != "state":
            continue
        shown = {c for s in (m["showdown"] or {}).get("shown", []) for c in parse_cards(" ".join(s["cards"]))}
        own = set(parse_cards(" ".join(m["hand"]))) if m["hand"] else set()
        assert cards_in(m) <= own | shown, m
        if m["showdown"]:
            for s in m["showdown"]["shown"]:  # shown hands were still live at the showdown
                assert m["players"][s["seat"]]["live"]


def _seed_tables(monkeypatch, seed: int) -> None:
    """Seat tables created from now on deal from ``seed`` (so a failing example replays the same cards)."""
    import types

    import pokercore.web._binh_seat_table as binh
    import pokercore.web._draw_seat_table as draw

    for module in (binh, draw):
        monkeypatch.setattr(module, "secrets", types.SimpleNamespace(randbits=lambda bits: seed))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seats=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_no_message_holds_another_seats_hidden_card_draw(tc, monkeypatch, seats, seed):
    _seed_tables(monkeypatch, seed)
    rng = np.random.default_rng(seed)
    levels = ["easy", "normal", "hard", "call", "random"]
    me = connect(tc)
    me.create("draw", ["me"] + [levels[int(rng.integers(5))] for _ in range(seats - 1)], hands=4)
    table = table_of(tc, me)
    while True:
        st = me.my_turn()
        if st["showdown"] is not None:
            # the seat's view of the finished hand matches the engine: own cards, shown hands only
            hand = table.hand_state
            assert parse_cards(" ".join(st["hand"])) == list(hand.hands[0]) or not hand.dealt_in[0]
            assert {s["seat"] for s in st["showdown"]["shown"]} == set(hand.revealed)
            if st["game_over"]:
                break
            me.next()
            continue
        me.act(play_draw_action(st, rng))
    _check_draw_messages(me, table)
    me.ws.close()


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seats=st.integers(2, 4), seed=st.integers(0, 2**32 - 1))
@example(seats=2, seed=81)    # deal 2: both hands special, revealed at once (no arrange phase)
def test_no_message_holds_another_seats_hidden_card_binh(tc, monkeypatch, seats, seed):
    _seed_tables(monkeypatch, seed)
    rng = np.random.default_rng(seed)
    me = connect(tc)
    me.create("binh", ["me"] + [["easy", "normal", "strongest"][int(rng.integers(3))] for _ in range(seats - 1)])
    for _ in range(3):
        st = me.last_state
        own = set(parse_cards(" ".join(st["cards"])))
        if not st["special"]:
            cards = list(rng.permutation(st["cards"]))
            me.send({"type": "suggest"})
            me.act({"kind": "arrange", "top": cards[:3], "middle": cards[3:8], "bottom": cards[8:]})
        rev = me.state_where(lambda m: m["phase"] == "reveal")
        for m in me.log:
            if m.get("deal", st["deal"]) == st["deal"] and m.get("phase") != "reveal":
                assert cards_in(m) <= own, m
        assert len(cards_in(rev["reveal"])) == 13 * seats
        me.log.clear()
        me.next()
        # the next deal (already revealed when every hand is special: nothing to arrange)
        me.until(lambda m, deal=st["deal"]: m["type"] == "state" and m["deal"] == deal + 1)
    me.ws.close()


def test_ai_thinks_off_the_event_loop(tc):
    """While an AI seat is deciding, the server keeps answering everyone else."""
    import threading

    from pokercore.draw import CHECK

    release, thinking = threading.Event(), threading.Event()
    released = []

    def slow_agent(obs):
        thinking.set()
        released.append(release.wait(10))   # held until the other client has been served
        return CHECK

    me = connect(tc)
    me.create("draw", ["call", "me"])  # button 0: seat 1 (me) acts first, then the AI
    table_of(tc, me).seats[0].agent = slow_agent
    me.my_turn()
    me.act({"kind": "check"})
    assert thinking.wait(20)
    other = connect(tc)
    other.send({"type": "ping"})
    assert other.recv()["type"] == "pong"
    other.create("binh", ["me", "easy"])
    assert other.last_state["phase"] == "arrange"
    assert not release.is_set()        # all of that while the AI was still thinking
    release.set()
    assert me.state_where(lambda m: m["street"] == "draw")["events"][-1]["kind"] == "check"
    assert released == [True]          # on the event loop the ping would have waited for the timeout
