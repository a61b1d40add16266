"""The hold'em table over the JSON WebSocket protocol, through Starlette's ASGI test client.

Full sessions of each variant, the create options and their refusals,
moves with "to" amounts (a raise below the minimum is refused naming the
minimum and changes nothing), all-ins with a main and a side pot, the
end of the session when the person busts, and bots at remote seats.
"""

from __future__ import annotations

import json
import types

import numpy as np
import pytest

from .helpers import connect, starlette_test_client, table_of
from .test_holdem_hidden import play_table, random_move

starlette_test_client()  # skips these tests without the web extra

SIDE_POT = {"variant": "nl", "blinds": [1, 2], "stacks": [200, 60, 300], "hands": 3}


def _seed(monkeypatch, seed: int) -> None:
    import pokercore.web._holdem_seat_table as holdem

    monkeypatch.setattr(holdem, "secrets", types.SimpleNamespace(randbits=lambda bits: seed))


@pytest.mark.parametrize("variant", ["nl", "fl", "plo"])
def test_full_session_of_each_variant(tc, variant):
    me = connect(tc)
    # the person covers everyone: no bust ends the session early
    joined = me.create("holdem", ["me", "call", "easy", "normal"], variant=variant, hands=3,
                       stacks=[5000, 200, 200, 200])
    assert joined["game"] == "holdem" and joined["seat"] == 0 and joined["tokens"] == {}
    table = table_of(tc, me)
    rng = np.random.default_rng(1)
    seen = set()
    while True:
        st = me.my_turn()
        assert "seed" not in json.dumps(st) and "deck" not in st
        assert len(st["hole"]) == (4 if variant == "plo" else 2)
        assert st["rules"]["variant"] == variant
        seen.add(st["hand_number"])
        # chips conserved in every state: stacks plus what is in the middle
        assert sum(p["stack"] for p in st["players"]) + st["pot"] == 5600
        if st["showdown"] is not None:
            assert sum(st["showdown"]["payouts"]) == sum(p["amount"] for p in st["showdown"]["pots"])
            if st["game_over"]:
                break
            me.next()
            continue
        for a in st["legal"]:
            if a["kind"] in ("bet", "raise"):
                assert a["min"] <= a["max"] <= a["all_in"]
                if variant == "fl":
                    assert a["min"] == a["max"]
        me.act(random_move(st, rng))
    assert seen == {1, 2, 3} and table.session.hands_played == 3
    me.send({"type": "next", "seq": me.last_state["seq"]})
    assert me.error()["code"] == "illegal_action"  # the session is over


def test_raise_below_the_minimum_names_the_minimum_and_changes_nothing(tc):
    me = connect(tc)
    me.create("holdem", ["me", "call"], blinds=[5, 10], stacks=[1000, 1000])
    st = me.my_turn()   # heads-up: the button posts the small blind and acts first
    assert st["button"] == 0 and st["small_blind_seat"] == 0 and st["to_call"] == 5
    table = table_of(tc, me)
    version, events = table.version, len(table.hand_state.events)
    for action, code, says in [
        ({"kind": "raise", "amount": 15}, "illegal_action", "the minimum is raise to 20"),
        ({"kind": "raise", "amount": 1001}, "illegal_action", "1000"),
        ({"kind": "raise"}, "illegal_action", "say how much to raise to"),
        ({"kind": "bet", "amount": 20}, "illegal_action", "bet"),
        ({"kind": "check"}, "illegal_action", "check"),
        ({"kind": "call", "amount": 7}, "illegal_action", "10"),
        ({"kind": "draw", "cards": []}, "illegal_action", "not a hold'em action"),
        ({"kind": "arrange", "top": ["2c", "3c", "4c"], "middle": ["5c", "6c", "7c", "8c", "9c"],
          "bottom": ["Tc", "Jc", "Qc", "Kc", "Ac"]}, "illegal_action", "not a hold'em action"),
    ]:
        me.act(action)
        err = me.error()
        assert err["code"] == code and says in err["message"] and "nothing changed" in err["message"], (action, err)
        assert err["ref"] == {"type": "act", "seq": st["seq"]}
        me.sent.discard(st["seq"])
        assert table.version == version and len(table.hand_state.events) == events  # nothing changed
    me.act({"kind": "raise", "amount": 20})
    st = me.state_where(lambda m: any(e["kind"] == "raise" for e in m["events"]))
    raise_event = next(e for e in st["events"] if e["kind"] == "raise")
    assert raise_event == {"street": "preflop", "seat": 0, "kind": "raise", "chips": 15, "to": 20, "all_in": False}


def test_out_of_turn_and_a_failing_ai(tc):
    me = connect(tc)
    created = me.create("holdem", ["me", "remote", "call"])  # button 0: with three seats it acts first
    me.my_turn()
    me.act({"kind": "call"})
    st = me.state_where(lambda m: m["actor"] == 1)
    me.send({"type": "act", "seq": st["seq"], "action": {"kind": "fold"}})
    err = me.error()
    assert err["code"] == "not_your_turn" and "seat 1" in err["message"]
    # an AI that fails plays its safe move: the remote seat raises, the AI (seat 2) must fold or call
    table = table_of(tc, me)
    table.seats[2].agent = lambda obs: (_ for _ in ()).throw(RuntimeError("an AI that fails"))
    bot = connect(tc)
    bot.send({"type": "join", "table": created["table"], "seat": 1, "token": created["tokens"]["1"]})
    bot.until(lambda m: m["type"] == "joined")
    bst = bot.state()
    bot.send({"type": "act", "seq": bst["seq"], "action": {"kind": "raise", "amount": 8}})
    st = me.state_where(lambda m: any(e["seat"] == 2 and e["kind"] == "fold" for e in m["events"]))
    assert st["actor"] == 0 and st["to_call"] == 6


def test_all_in_with_a_main_and_a_side_pot(tc, monkeypatch):
    _seed(monkeypatch, 1)
    me = connect(tc)
    me.create("holdem", ["me", "call", "call"], **SIDE_POT)
    me.my_turn()
    me.act({"kind": "raise", "amount": 10})
    st = me.state_where(lambda m: m["street"] == "flop" and m["actor"] == 0)
    assert st["pots"] == [{"amount": 30, "eligible": [0, 1, 2]}] and st["pot"] == 30
    bet = next(a for a in st["legal"] if a["kind"] == "bet")
    assert bet == {"kind": "bet", "min": 2, "max": 190, "all_in": 190}
    me.act({"kind": "bet", "amount": 190})
    st = me.state_where(lambda m: m["showdown"] is not None)
    sd = st["showdown"]
    assert [(p["amount"], p["eligible"]) for p in sd["pots"]] == [(180, [0, 1, 2]), (280, [0, 2])]
    assert len(st["board"]) == 5 and {s["seat"] for s in sd["shown"]} == {0, 1, 2}  # all-in: every hand shown
    assert sum(sd["payouts"]) == 460
    allin = [e for e in st["events"] if e["all_in"]]
    assert [(e["seat"], e["kind"], e["chips"], e["to"]) for e in allin] == [(0, "bet", 190, 190), (1, "call", 50, 50)]
    for pot in sd["pots"]:
        assert pot["winners"] and set(pot["winners"]) <= set(pot["eligible"])
    assert set(sd["winners"]) == {w for pot in sd["pots"] for w in pot["winners"]}
    if sd["payouts"][0] == 0:  # busted: the session is over for the person
        assert st["players"][0]["out"] and st["game_over"]


def test_the_session_ends_when_the_person_busts(tc, monkeypatch):
    # seat 2 holds the best hand for some seed; with it the person loses every chip
    from pokercore.holdem import HoldemConfig, HoldemGame

    def busts(seed: int) -> bool:
        hand = HoldemGame(HoldemConfig("nl", players=2, starting_stacks=(50, 500), seed=seed)).start_hand()
        hand.raise_(50)
        hand.call()
        return hand.payouts == (0, 100)

    seed = next(s for s in range(100) if busts(s))
    _seed(monkeypatch, seed)
    me = connect(tc)
    me.create("holdem", ["me", "call"], stacks=[50, 500])
    me.my_turn()
    me.act({"kind": "raise", "amount": 50})
    st = me.state_where(lambda m: m["showdown"] is not None)
    assert st["players"][0]["stack"] == 0 and st["players"][0]["out"] and st["game_over"]
    me.next()
    assert "session is over" in me.error()["message"]


@pytest.mark.parametrize("create, says", [
    ({"variant": "pl"}, "'variant' must be"),
    ({"variant": 1}, "'variant' must be"),
    ({"blinds": [2, 1]}, "must not be larger"),
    ({"blinds": [1]}, "[small, big]"),
    ({"blinds": [0, 0]}, "big blind"),
    ({"blinds": [1, True]}, "big blind"),
    ({"stacks": [100]}, "one stack per seat (2)"),
    ({"stacks": 0}, "1..10000000"),
    ({"stacks": [100, 2.5]}, "a stack"),
    ({"stacks": "200"}, "stacks"),
    ({"hands": 0}, "'hands' must be in 1..10000"),
    ({"straddle": 4}, "unknown field(s) 'straddle'"),
])
def test_create_refusals(tc, create, says):
    me = connect(tc)
    me.send({"type": "create", "game": "holdem", "seats": ["me", "easy"], **create})
    err = me.error()
    assert err["code"] == "bad_message" and says in err["message"], err
    assert not tc.app.state.manager.tables


def test_hold_em_options_are_refused_at_other_games(tc):
    me = connect(tc)
    me.send({"type": "create", "game": "draw", "seats": ["me", "easy"], "variant": "nl"})
    err = me.error()
    assert err["code"] == "bad_message" and "'variant'" in err["message"]


def test_create_options_reach_the_table(tc):
    me = connect(tc)
    me.create("holdem", ["me", "hard", "normal", "easy", "call", "remote"], variant="plo", blinds=[25, 50],
              stacks=5000, hands=7)
    st = me.last_state
    cfg = table_of(tc, me).config
    assert (cfg.variant, cfg.small_blind, cfg.big_blind, cfg.stacks, cfg.hands) == ("plo", 25, 50, (5000,) * 6, 7)
    assert st["rules"]["name"] == "pot-limit Omaha" and st["hands"] == 7 and len(st["players"]) == 6
    assert [p["start"] for p in st["players"]] == [5000] * 6


def test_bots_at_remote_seats_play_a_session(tc):
    clients, table, _ = play_table(tc, ["remote", "remote", "easy"], np.random.default_rng(3), hands=3)
    assert table.session.hands_played == 3 or table.session.is_over
    assert sorted(clients) == [0, 1]
    for seat, c in clients.items():
        assert c.last_state["seat"] == seat and c.last_state["game_over"]


def test_the_page_is_served_and_linked(tc):
    page = tc.get("/holdem")
    assert page.status_code == 200 and "/static/holdem.js" in page.text and "/static/common.js" in page.text
    assert tc.get("/static/holdem.js").status_code == 200
    assert 'href="/holdem"' in tc.get("/").text
