"""Hands played through the real server land in the history database, read back per player, and survive a restart."""

from __future__ import annotations

import logging
import threading

import pytest

from .helpers import closing, connect, require, starlette_test_client

require("starlette")

from pokercore.binh import replay  # noqa: E402
from pokercore.draw import replay_history  # noqa: E402
from pokercore.web import Limits, create_app  # noqa: E402
from pokercore.web._store import StoreError, open_store  # noqa: E402

ME = "me-player-0123456789ab"
THEM = "them-player-0123456789"
LIMITS = Limits(max_tables=50, max_tables_per_client=50, messages_per_second=1000, burst=1000)


def _api(tc, path: str, player: str | None = ME):
    headers = {"X-Pokercore-Player": player} if player else {}
    return tc.get(path, headers=headers)


def play_draw_hand(c, fold: bool = False) -> dict:
    """Play this seat's moves until the hand is over (check/call, stand pat; or fold at once); the final state."""
    while True:
        st = c.my_turn()
        if st["showdown"] is not None:
            return st
        kinds = {a["kind"] for a in st["legal"]}
        if fold and "fold" in kinds:
            c.act({"kind": "fold"})
        elif "draw" in kinds:
            c.act({"kind": "draw", "cards": []})
        else:
            c.act({"kind": "check" if "check" in kinds else "call"})


def next_hand(c, number: int) -> None:
    c.next()
    c.state_where(lambda m: m["hand_number"] == number and m["showdown"] is None)


def test_draw_hands_are_stored_with_nets_that_match_the_table_and_texts_that_replay():
    store = open_store(":memory:")
    tc = starlette_test_client()(create_app(LIMITS, db=store))
    with tc, closing():
        c = connect(tc)
        c.create("draw", ["me", "call", "call"], hands=20, player=ME)
        assert _api(tc, f"/api/history/table/{c.table}").status_code == 404    # the hand in play: nothing yet
        finals = []
        for number in (1, 2, 3):
            if number > 1:
                next_hand(c, number)
            finals.append(play_draw_hand(c))
        stored = store.all_hands(c.table)
        assert [h["number"] for h in stored] == [1, 2, 3]
        start = 200
        for st, h in zip(finals, stored):
            assert sum(h["nets"]) == 0                                          # chips conserved
            me = st["players"][st["seat"]]
            assert h["nets"][0] == me["stack"] - start                          # my net, as the table showed it
            start = me["stack"]
            state = replay_history(h["text"])                                   # the text replays ...
            assert [e - s for e, s in zip(state.stacks, state.starting_stacks)] == h["nets"]   # ... to the nets
            assert h["shown"] == sorted(s["seat"] for s in st["showdown"]["shown"])
        sessions = _api(tc, "/api/history").json()["sessions"]
        assert [(s["table"], s["game"], s["seat"], s["hands"], s["net"]) for s in sessions] == \
            [(c.table, "draw", 0, 3, start - 200)]
        listed = _api(tc, f"/api/history/table/{c.table}").json()["hands"]
        assert [(h["number"], h["net"]) for h in listed] == [(h["number"], h["nets"][0]) for h in stored]
        one = _api(tc, f"/api/history/hand/{listed[0]['id']}").json()
        assert one["format"] == "pokercore-draw" and one["names"][0] == "Player 1" and one["seat"] == 0
        assert one["text"].splitlines()[0] == "# pokercore five-card draw (fixed limit)"


def test_binh_deals_are_stored_and_replay_to_the_same_nets():
    store = open_store(":memory:")
    tc = starlette_test_client()(create_app(LIMITS, db=store))
    with tc, closing():
        c = connect(tc)
        c.create("binh", ["me", "easy", "easy"], player=ME)
        for deal in (1, 2):
            st = c.normal_deal()
            if st["phase"] == "arrange" and st["legal"]:
                c.send({"type": "suggest"})
                s = c.until(lambda m: m["type"] == "suggestion")
                c.act({"kind": "arrange", "top": s["top"], "middle": s["middle"], "bottom": s["bottom"]})
            st = c.state_where(lambda m: m["phase"] == "reveal")
            if deal == 1:
                c.next()
                c.state_where(lambda m, deal=st["deal"]: m["deal"] == deal + 1)
        stored = store.all_hands(c.table)
        assert len(stored) == st["deal"] >= 2
        totals = [0, 0, 0]
        for h in stored:
            assert sum(h["nets"]) == 0 and h["format"] == "pokercore-binh"     # points conserved
            assert list(replay(h["text"]).nets) == h["nets"]
            totals = [t + v for t, v in zip(totals, h["nets"])]
        assert totals == st["totals"]
        assert _api(tc, "/api/history").json()["sessions"][0]["net"] == st["totals"][0]


def test_a_folded_hand_and_the_hand_in_play_hide_the_other_seats_cards():
    store = open_store(":memory:")
    tc = starlette_test_client()(create_app(LIMITS, db=store))
    with tc, closing():
        a, b = connect(tc), connect(tc)
        made = a.create("draw", ["me", "remote", "maniac"], hands=5, player=ME)  # it bets: the people fold
        b.send({"type": "join", "table": a.table, "seat": 1, "token": made["tokens"]["1"], "player": THEM})
        b.until(lambda m: m["type"] == "joined")
        # both fold (or check) whenever asked, each in its own thread: the hand ends without their cards shown
        players = [threading.Thread(target=play_draw_hand, args=(c, True)) for c in (a, b)]
        for t in players:
            t.start()
        for t in players:
            t.join(120)
        assert a.last_state["showdown"] is not None and b.last_state["showdown"] is not None
        full = store.all_hands(a.table)[0]["text"]
        dealt = {int(line[6]): line.split(": ")[1].split() for line in full.splitlines() if line.startswith("deal s")}
        shown = store.all_hands(a.table)[0]["shown"]
        hand_id = _api(tc, f"/api/history/table/{a.table}").json()["hands"][0]["id"]
        assert {0, 1} - set(shown), "both people folded: their cards were never shown"
        for reader, seat in ((ME, 0), (THEM, 1)):
            text = _api(tc, f"/api/history/hand/{hand_id}", reader).json()["text"]
            for other, cards in dealt.items():
                if other == seat:
                    assert " ".join(cards) in text
                elif other not in shown:
                    assert not set(cards) & set(text.split()), (reader, other, text)
        # the second hand is in play: no reader sees anything of it
        a.next()
        b.next()
        a.state_where(lambda m: m["hand_number"] == 2)
        assert [h["number"] for h in _api(tc, f"/api/history/table/{a.table}").json()["hands"]] == [1]
        assert _api(tc, f"/api/history/hand/{hand_id + 1}").status_code == 404
        assert _api(tc, f"/api/history/hand/{hand_id}", "stranger-0123456789abc").status_code == 404


def test_the_history_api_says_what_is_missing():
    tc = starlette_test_client()(create_app(LIMITS))
    with tc:
        r = _api(tc, "/api/history")
        assert r.status_code == 404 and r.json()["error"] == "no_history"
    tc = starlette_test_client()(create_app(LIMITS, db=":memory:"))
    with tc:
        for player in (None, "short"):
            r = _api(tc, "/api/history", player)
            assert r.status_code == 400 and r.json()["error"] == "bad_player" and "X-Pokercore-Player" in r.text
        assert _api(tc, "/api/history").json() == {"sessions": []}
        assert tc.get(f"/api/history?player={ME}").json() == {"sessions": []}
        assert _api(tc, "/api/history/table/nope").status_code == 404
        page = tc.get("/history")
        assert page.status_code == 200 and "history.js" in page.text
        assert "X-Pokercore-Player" in tc.get("/static/history.js").text
    with closing():
        c = connect(starlette_test_client()(create_app(LIMITS)))
        c.send({"type": "create", "game": "draw", "seats": ["me", "call"], "player": "no spaces allowed here"})
        assert "'player' must be 16-64 letters" in c.error()["message"]


def test_tables_survive_a_restart_with_seats_tokens_and_totals(tmp_path):
    path = str(tmp_path / "h.sqlite3")
    tc = starlette_test_client()(create_app(LIMITS, db=path))
    with tc:
        with closing():
            d = connect(tc)
            d.create("draw", ["me", "call"], hands=30, player=ME)
            play_draw_hand(d)
            next_hand(d, 2)
            done = play_draw_hand(d)
            next_hand(d, 3)
            d.act({"kind": "call"} if any(a["kind"] == "call" for a in d.last_state["legal"]) else {"kind": "check"})
            stacks = [p["stack"] for p in done["players"]]
            draw_seat = (d.table, d.seat, d.token)
            b = connect(tc)
            b.create("binh", ["me", "easy"], player=ME)
            st = b.normal_deal()
            if st["legal"]:
                b.send({"type": "suggest"})
                s = b.until(lambda m: m["type"] == "suggestion")
                b.act({"kind": "arrange", "top": s["top"], "middle": s["middle"], "bottom": s["bottom"]})
            revealed = b.state_where(lambda m: m["phase"] == "reveal")
            binh_seat = (b.table, b.seat, b.token)
    # a new server on the same database: the page reconnects with its token and gets its seat back
    tc = starlette_test_client()(create_app(LIMITS, db=path))
    with tc, closing():
        d = connect(tc)
        d.send({"type": "join", "table": draw_seat[0], "seat": draw_seat[1], "token": draw_seat[2], "player": ME})
        assert d.until(lambda m: m["type"] in ("joined", "error"))["type"] == "joined"
        st = d.state()
        assert st["hand_number"] == 3 and st["hands"] == 30          # hand 3 was in play: dealt again fresh
        assert [p["stack"] + p["committed"] for p in st["players"]] == stacks
        assert st["showdown"] is None
        again = play_draw_hand(d)                                     # and it plays on
        assert sum(p["stack"] for p in again["players"]) == 400
        assert [h["number"] for h in tc.app.state.store.all_hands(draw_seat[0])] == [1, 2, 3]
        wrong = connect(tc)
        wrong.send({"type": "join", "table": draw_seat[0], "seat": 0, "token": "x" * 24})
        assert wrong.error()["code"] == "bad_token"                   # tokens are checked as before
        b = connect(tc)
        b.send({"type": "join", "table": binh_seat[0], "seat": binh_seat[1], "token": binh_seat[2]})
        b.until(lambda m: m["type"] == "joined")
        st = b.state()
        assert st["totals"] == revealed["totals"] and st["deal"] == revealed["deal"] + 1
        gone = connect(tc)
        gone.send({"type": "join", "table": "never-was", "seat": 0, "token": "x" * 24})
        assert gone.error()["code"] == "no_table"


def test_a_write_failure_during_play_is_logged_and_the_table_plays_on(tmp_path, caplog):
    store = open_store(tmp_path / "h.sqlite3")
    tc = starlette_test_client()(create_app(LIMITS, db=store))
    with tc, closing(), caplog.at_level(logging.ERROR, logger="pokercore.web"):
        c = connect(tc)
        c.create("draw", ["me", "call"], hands=10, player=ME)
        play_draw_hand(c)
        store._conn.execute("PRAGMA query_only = ON")                 # every write fails from now on
        for number in (2, 3):
            next_hand(c, number)
            st = play_draw_hand(c)
        assert st["hand_number"] == 3 and sum(p["stack"] for p in st["players"]) == 400
        assert tc.app.state.manager.recorder.failures >= 1
        assert "history: could not store hand" in caplog.text and "the table plays on" in caplog.text
        assert [h["number"] for h in store.all_hands(c.table)] == [1]


def test_a_bad_database_fails_at_start_up(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="--db PATH"):
        create_app(LIMITS, db=str(blocker / "h.sqlite3"))


def test_the_creator_is_stored_with_the_table_before_any_hand_is_over():
    store = open_store(":memory:")
    tc = starlette_test_client()(create_app(LIMITS, db=store))
    with tc, closing():
        c = connect(tc)
        c.create("draw", ["call", "me"], hands=5, player=ME)
        game, state = store.open_table(c.table)
        assert game == "draw" and [s["player"] for s in state["seats"]] == [None, ME]
        assert state["played"] == 0 and state["stacks"] == [200, 200] and state["button"] is None


def test_serve_refuses_a_database_it_cannot_open_in_one_line(tmp_path, capsys):
    from pokercore.cli._serve import main

    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["--port", "0", "--db", str(blocker / "h.sqlite3")]) == 2
    err = capsys.readouterr().err
    # refused by name in one line (the folder is a file: it cannot hold the database)
    assert err.count("\n") == 1 and err.startswith("pokercore serve: error: ") and "h.sqlite3" in err
    assert main(["--port", "0", "--db", ":memory:", "--no-db"]) == 2
    assert "--db and --no-db: choose one" in capsys.readouterr().err
