"""Buying back in at a draw table: offered to a seat that is out while hands remain, refused otherwise
with nothing changed, and the chips add up (stacks = starting stacks + rebuys, nets sum to zero).
"""

from __future__ import annotations

from .helpers import connect, require, table_of
from .test_pages_session import _fold_first, _play_until_over, _short_stacks

require("starlette")


def _bust(me):
    for _ in range(50):
        st = _play_until_over(me, _fold_first)
        if st["players"][0]["out"]:
            return st
        assert st["rebuy"] is None  # not out: nothing to buy
        me.next()
    raise AssertionError("the person never ran out of chips")


def _books(st):
    """Chips conserved: stacks (plus what is in the pot during a hand) = starting stacks + rebuys."""
    players = st["players"]
    in_pot = 0 if st["showdown"] is not None else sum(p["committed"] for p in players)
    assert sum(p["stack"] for p in players) + in_pot == sum(p["start"] + p["bought"] for p in players)


def test_a_person_out_of_chips_buys_back_in_and_plays_on(tc, monkeypatch):
    _short_stacks(monkeypatch, (5, 200, 200))
    me = connect(tc)
    me.create("draw", ["me", "maniac", "maniac"], hands=40)
    st = _bust(me)
    assert st["game_over"] and st["rules"]["rebuy"]
    chips = st["rebuy"]
    assert chips == 5 - st["players"][0]["stack"] > 0
    _books(st)
    me.send({"type": "rebuy", "seq": st["seq"]})
    nxt = me.state_where(lambda m, h=st["hand_number"]: m["hand_number"] > h)  # ready with the rebuy: dealt at once
    mine = nxt["players"][0]
    assert mine["dealt_in"] and mine["bought"] == chips and not nxt["game_over"] and nxt["rebuy"] is None
    _books(nxt)
    end = _play_until_over(me, _fold_first)
    _books(end)
    assert table_of(tc, me).session.bought_in[0] == chips


def test_refused_rebuys_change_nothing(tc, monkeypatch):
    _short_stacks(monkeypatch, (5, 200, 200))
    me = connect(tc)
    me.create("draw", ["me", "maniac", "maniac"], hands=40)
    st = me.my_turn()
    table = table_of(tc, me)
    me.send({"type": "rebuy", "seq": st["seq"]})            # in the middle of a hand
    err = me.error()
    assert err["code"] == "illegal_action" and "hand is still being played" in err["message"]
    assert table.session.bought_in == (0, 0, 0) and table.seats[0].next_seq == st["seq"]
    st = _play_until_over(me, _fold_first)
    if not st["players"][0]["out"]:
        me.send({"type": "rebuy", "seq": st["seq"]})        # still has chips to play
        err = me.error()
        assert err["code"] == "illegal_action" and "can still pay" in err["message"]
        assert table.seats[0].next_seq == st["seq"]
        me.next()
        st = _bust(me)
    me.send({"type": "rebuy", "seq": st["seq"] - 1})        # an old action number
    assert me.error()["code"] == "stale_seq"
    me.send({"type": "rebuy", "seq": st["seq"], "chips": 1000})  # no fields beyond seq
    assert me.error()["code"] == "bad_message"
    assert table.session.bought_in == (0, 0, 0)


def test_no_rebuy_after_the_last_hand_nor_at_binh(tc, monkeypatch):
    _short_stacks(monkeypatch, (5, 200, 200))
    me = connect(tc)
    me.create("draw", ["me", "call", "call"], hands=1)
    st = _play_until_over(me, lambda kinds: "fold" if "fold" in kinds else "check")
    assert st["rebuy"] is None and st["game_over"]
    me.send({"type": "rebuy", "seq": st["seq"]})
    err = me.error()
    assert err["code"] == "illegal_action" and "no rebuy now" in err["message"]
    binh = connect(tc)
    binh.create("binh", ["me", "easy"])
    binh.send({"type": "rebuy", "seq": binh.last_state["seq"]})
    err = binh.error()
    assert err["code"] == "illegal_action" and "a binh table has no rebuys" in err["message"]
