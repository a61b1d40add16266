"""The draw table's view of a session's end, as the page reads it: who is out, the starting stacks,
and ``game_over`` once no person can play on (the AIs do not play 1000 hands among themselves).
"""

from __future__ import annotations

from .helpers import connect, require

require("starlette")


def _short_stacks(monkeypatch, stacks):
    from pokercore.draw import DrawConfig
    from pokercore.web import _draw_seat_table as draw_seat_table

    def config(players, hands, seed):
        return DrawConfig(players=players, hands=hands, seed=seed, starting_stacks=stacks)

    monkeypatch.setattr(draw_seat_table, "DrawConfig", config)


def _play_until_over(me, pick):
    """Play this seat with ``pick(legal kinds)`` until a hand is over; the final state."""
    while True:
        st = me.my_turn()
        if st["showdown"] is not None:
            return st
        if st["street"] == "draw":
            me.act({"kind": "draw", "cards": []})
        else:
            kinds = {a["kind"]: a for a in st["legal"]}
            a = kinds[pick(kinds)]
            me.act({"kind": a["kind"], "amount": a["amount"]})


def _fold_first(kinds):
    return "fold" if "fold" in kinds else "check"


def test_a_person_without_chips_is_out_and_the_session_ends_for_them(tc, monkeypatch):
    _short_stacks(monkeypatch, (1, 200, 200))
    me = connect(tc)
    assert me.create("draw", ["me", "maniac", "maniac"])["type"] == "joined"
    for _ in range(50):
        st = _play_until_over(me, _fold_first)
        if st["players"][0]["stack"] == 0:
            break
        me.next()
    assert [p["start"] for p in st["players"]] == [1, 200, 200]
    assert st["players"][0]["out"] and not st["players"][1]["out"]
    assert st["game_over"]  # the only person cannot pay: nobody waits for 'next' any more
    me.next()
    assert me.error()["code"] == "illegal_action"


def _hand(me, other):
    """Both people check or fold (or stand pat) whenever it is their turn; the state of the hand's end."""
    version = -1
    while True:
        st = me.state_where(lambda m, v=version: m["version"] > v
                            and (m["showdown"] is not None or m["actor"] in (0, 1)))
        version = st["version"]
        if st["showdown"] is not None:
            return st
        seat = me if st["actor"] == 0 else other
        s = seat.state_where(lambda m, v=version: m["version"] >= v)
        if s["street"] == "draw":
            seat.act({"kind": "draw", "cards": []})
        else:
            kinds = {a["kind"]: a for a in s["legal"]}
            a = kinds[_fold_first(kinds)]
            seat.act({"kind": a["kind"], "amount": a["amount"]})


def test_a_busted_person_does_not_hold_up_the_other_person(tc, monkeypatch):
    _short_stacks(monkeypatch, (1, 200, 200))
    me = connect(tc)
    joined = me.create("draw", ["me", "remote", "maniac"])
    other = connect(tc)
    other.send({"type": "join", "table": joined["table"], "seat": 1, "token": joined["tokens"]["1"]})
    other.until(lambda m: m["type"] == "joined")
    for _ in range(50):
        st = _hand(me, other)
        if st["players"][0]["out"]:
            break
        hand = st["hand_number"]
        me.next()
        other.state_where(lambda m, v=st["version"]: m["version"] >= v)
        other.next()
        me.state_where(lambda m, h=hand: m["hand_number"] > h)
    assert st["players"][0]["out"] and st["players"][0]["ready"] and not st["game_over"]
    # the other person alone starts the next hand; the busted seat sits it out
    other.state_where(lambda m, v=st["version"]: m["version"] >= v)
    other.next()
    nxt = other.state_where(lambda m, h=st["hand_number"]: m["hand_number"] > h)
    assert not nxt["players"][0]["dealt_in"] and nxt["players"][1]["dealt_in"]
