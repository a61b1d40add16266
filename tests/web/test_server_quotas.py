"""Quotas that follow people: finished and abandoned tables stop counting at once, tables need a player seat,
one connection cannot take an address's whole quota, and a full server makes room from tables not in play."""

from __future__ import annotations

from .helpers import Client, closing, connect, starlette_test_client, table_of
from .live import wait_until as wait_for

TestClient = starlette_test_client()  # skips these tests without the web extra

from pokercore.web import Limits, create_app  # noqa: E402  (needs the web extra)


def _play_one_hand(me: Client) -> dict:
    """Check or call until the one-hand session is over; the final state."""
    while True:
        st = me.my_turn()
        if st["showdown"] is not None:
            return st
        kinds = {a["kind"]: a for a in st["legal"]}
        if "draw" in kinds:
            me.act({"kind": "draw", "cards": []})
        else:
            me.act(dict(kinds.get("check") or kinds["call"]))


def test_one_hand_sessions_in_a_row_never_reach_the_quota():
    app = create_app(Limits(max_tables_per_client=3, max_tables_per_connection=3))
    with TestClient(app) as tc, closing():
        tables = tc.app.state.manager.tables
        for _ in range(8):                          # a page per session, each closed after its game is over
            me = connect(tc)
            assert me.create("draw", ["me", "call"], hands=1)["type"] == "joined"
            assert _play_one_hand(me)["game_over"]
            tid = me.table
            me.ws.close()
            wait_for(lambda tid=tid: tid not in tables, "a finished table nobody is connected to is removed")
        assert tables == {}


def test_abandoned_tables_stop_counting_at_once_but_can_still_be_rejoined():
    app = create_app(Limits(max_tables_per_client=2, max_tables_per_connection=2))
    with TestClient(app) as tc, closing():
        manager = tc.app.state.manager
        left = []
        for _ in range(3):
            me = connect(tc)
            me.create("draw", ["me", "call"])
            left.append((me.table, me.token))
            table = table_of(tc, me)
            me.ws.close()
            wait_for(lambda table=table: table.connected == 0, "the seat is left")
        assert len(manager.tables) == 3                 # kept for a reload, but none counts
        back = connect(tc)
        back.send({"type": "join", "table": left[0][0], "seat": 0, "token": left[0][1]})
        assert back.state()["seat"] == 0


def test_a_table_without_a_player_seat_is_refused(tc):
    me = connect(tc)
    for seats in (["easy", "easy"], ["normal", "hard", "easy"]):
        me.send({"type": "create", "game": "binh", "seats": seats})
        err = me.error()
        assert err["code"] == "bad_message" and "nobody to play it" in err["message"], err
    assert tc.app.state.manager.tables == {}
    assert me.create("draw", ["remote", "easy"])["type"] == "created"      # a bot's seat is a player seat


def test_one_connection_cannot_take_the_whole_address_quota():
    app = create_app(Limits(max_tables_per_connection=2, max_tables_per_client=10))
    with TestClient(app) as tc, closing():
        bot = connect(tc)
        for _ in range(2):
            assert bot.create("draw", ["remote", "remote"])["type"] == "created"   # waiting for players: in play
        bot.send({"type": "create", "game": "draw", "seats": ["remote", "call"]})
        err = bot.error()
        assert err["code"] == "limit" and "per connection" in err["message"]
        neighbour = connect(tc)                          # same address, another person
        assert neighbour.create("draw", ["me", "call"])["type"] == "joined"


def test_a_full_server_makes_room_from_tables_not_in_play():
    app = create_app(Limits(max_tables=2))
    with TestClient(app) as tc, closing():
        manager = tc.app.state.manager
        gone = connect(tc)
        gone.create("draw", ["me", "call"])
        old = table_of(tc, gone)
        gone.ws.close()
        wait_for(lambda: old.connected == 0, "the seat is left")
        playing = connect(tc)
        playing.create("binh", ["me", "easy"])
        newcomer = connect(tc)
        assert newcomer.create("draw", ["me", "call"])["type"] == "joined"
        assert old.id not in manager.tables and old.closed and len(manager.tables) == 2
        late = connect(tc)                               # both tables in play now: refused
        late.send({"type": "create", "game": "draw", "seats": ["me", "call"]})
        assert late.error()["code"] == "limit"


def test_a_quota_of_one_is_said_in_the_singular():
    app = create_app(Limits(max_tables_per_connection=1, max_tables_per_client=10))
    with TestClient(app) as tc, closing():
        bot = connect(tc)
        assert bot.create("draw", ["remote", "remote"])["type"] == "created"
        bot.send({"type": "create", "game": "draw", "seats": ["remote", "call"]})
        err = bot.error()
        assert err["code"] == "limit" and "at most 1 table in play per connection" in err["message"], err
