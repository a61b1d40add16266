"""Hold'em and Omaha hands played at the server's tables reach the history as PHH, and their tables resume.

Every finished hand of no-limit, fixed-limit hold'em and pot-limit Omaha is
stored with its PHH text (which replays to the table's stacks), its nets
and its shown seats; ``/api/history`` counts and lists them and cuts each
to what the reader's seat saw.  A hold'em table comes back after a restart
on the same database with its seats, stacks, button and hand number.
"""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import closing, connect, require, starlette_test_client
from .test_history_server import LIMITS, ME, _api

require("starlette")

from pokercore.holdem import from_phh  # noqa: E402
from pokercore.web import create_app  # noqa: E402
from pokercore.web._store import open_store  # noqa: E402

from .test_history_server import THEM  # noqa: E402


def play_holdem_hand(c: Any, fold: bool = False) -> dict[str, Any]:
    """This seat checks or calls (or folds when it may) until the hand is over; the final state."""
    while True:
        st = c.my_turn()
        if st["showdown"] is not None:
            return st
        kinds = {a["kind"] for a in st["legal"]}
        if fold and "fold" in kinds:
            c.act({"kind": "fold"})
        else:
            c.act({"kind": "check" if "check" in kinds else "call"})


def next_holdem_hand(c: Any, number: int) -> None:
    c.next()
    c.state_where(lambda m: m["hand_number"] == number and m["showdown"] is None)


@pytest.mark.parametrize("variant", ["nl", "fl", "plo"])
def test_holdem_hands_are_stored_as_phh_that_replays_to_the_table_stacks(variant):
    store = open_store(":memory:")
    tc = starlette_test_client()(create_app(LIMITS, db=store))
    with tc, closing():
        c = connect(tc)
        # Stacks deep enough that no bust can end the session in three hands: only the easy AI bets or raises
        # (the others check or call), so a pot at most triples a street: under 300 a seat a hand at blinds 1/2.
        # (At 200 chips a PLO hand could bust both AIs at once and end the session after hand 1.)
        c.create("holdem", ["me", "call", "easy"], variant=variant, hands=20, stacks=[50_000, 5_000, 5_000],
                 player=ME)
        assert _api(tc, f"/api/history/table/{c.table}").status_code == 404    # the hand in play: nothing yet
        finals = []
        for number in (1, 2, 3):
            if number > 1:
                next_holdem_hand(c, number)
            finals.append(play_holdem_hand(c))
        stored = store.all_hands(c.table)
        assert [h["number"] for h in stored] == [1, 2, 3]
        start = [50_000, 5_000, 5_000]
        for st, h in zip(finals, stored):
            assert h["format"] == "phh" and sum(h["nets"]) == 0
            after = [p["stack"] for p in st["players"]]
            assert [s + n for s, n in zip(start, h["nets"])] == after          # the nets the table showed
            state = from_phh(h["text"])                                         # the text replays ...
            assert list(state.stacks) == after                                  # ... to the table's stacks
            assert state.hand_number == st["hand_number"]
            assert h["shown"] == sorted(s["seat"] for s in st["showdown"]["shown"])
            start = after
        sessions = _api(tc, "/api/history").json()["sessions"]
        assert [(s["table"], s["game"], s["seat"], s["hands"], s["net"]) for s in sessions] == \
            [(c.table, "holdem", 0, 3, start[0] - 50_000)]
        listed = _api(tc, f"/api/history/table/{c.table}").json()["hands"]
        assert [(h["number"], h["net"]) for h in listed] == [(h["number"], h["nets"][0]) for h in stored]
        one = _api(tc, f"/api/history/hand/{listed[0]['id']}").json()
        assert one["format"] == "phh" and one["game"] == "holdem" and one["seat"] == 0
        assert one["names"] == ["Player 1", "Call AI", "Easy AI"]


def test_a_holdem_reader_sees_only_its_own_hole_cards_and_the_shown_ones():
    store = open_store(":memory:")
    tc = starlette_test_client()(create_app(LIMITS, db=store))
    with tc, closing():
        a, b = connect(tc), connect(tc)
        made = a.create("holdem", ["me", "remote", "call"], hands=5, player=ME)
        b.send({"type": "join", "table": a.table, "seat": 1, "token": made["tokens"]["1"], "player": THEM})
        b.until(lambda m: m["type"] == "joined")
        import threading

        players = [threading.Thread(target=play_holdem_hand, args=(c, True)) for c in (a, b)]
        for t in players:
            t.start()
        for t in players:
            t.join(120)
        assert a.last_state["showdown"] is not None and b.last_state["showdown"] is not None
        full = store.all_hands(a.table)[0]["text"]
        holes = {seat: line.split()[-1].rstrip("',") for seat, line in
                 zip(from_phh(full).order, [x for x in full.splitlines() if "'d dh p" in x])}
        hand_id = _api(tc, f"/api/history/table/{a.table}").json()["hands"][0]["id"]
        for reader, seat in ((ME, 0), (THEM, 1)):
            text = _api(tc, f"/api/history/hand/{hand_id}", reader).json()["text"]
            for other, cards in holes.items():
                assert (cards in text) == (other == seat), (reader, other, text)


def test_the_history_page_names_every_game_when_it_is_empty():
    tc = starlette_test_client()(create_app(LIMITS, db=":memory:"))
    with tc:
        page = tc.get("/history").text
        empty = page[page.index('id="none"'):]
        empty = empty[:empty.index("</p>")]
        for game, href in (("Binh", "/binh"), ("draw", "/draw"), ("hold'em", "/holdem"), ("Omaha", "/holdem")):
            assert game in empty and f'href="{href}"' in empty, (game, empty)


@pytest.mark.parametrize("variant", ["nl", "plo"])
def test_a_holdem_table_survives_a_restart_with_its_stacks_button_and_hand_number(tmp_path, variant):
    path = str(tmp_path / "h.sqlite3")
    tc = starlette_test_client()(create_app(LIMITS, db=path))
    with tc:
        with closing():
            c = connect(tc)
            c.create("holdem", ["me", "call", "easy"], variant=variant, blinds=[5, 10], hands=30,
                     stacks=[5000, 1000, 800], player=ME)
            play_holdem_hand(c)
            next_holdem_hand(c, 2)
            done = play_holdem_hand(c)
            next_holdem_hand(c, 3)                                    # hand 3 is in play when the server stops
            stacks = [p["stack"] for p in done["players"]]
            seat = (c.table, c.seat, c.token)
    tc = starlette_test_client()(create_app(LIMITS, db=path))
    with tc, closing():
        c = connect(tc)
        c.send({"type": "join", "table": seat[0], "seat": seat[1], "token": seat[2], "player": ME})
        assert c.until(lambda m: m["type"] in ("joined", "error"))["type"] == "joined"
        st = c.state()
        assert st["hand_number"] == 3 and st["hands"] == 30 and st["showdown"] is None  # dealt again fresh
        assert [p["stack"] + p["committed"] for p in st["players"]] == stacks
        assert [p["start"] for p in st["players"]] == [5000, 1000, 800]                 # the session's net
        assert st["button"] == (done["button"] + 1) % 3                                  # the button moved on
        assert st["rules"]["variant"] == variant and (st["rules"]["small_blind"], st["rules"]["big_blind"]) == (5, 10)
        again = play_holdem_hand(c)                                                      # and it plays on
        assert sum(p["stack"] for p in again["players"]) == 6800
        stored = tc.app.state.store.all_hands(seat[0])
        assert [h["number"] for h in stored] == [1, 2, 3]
        assert from_phh(stored[-1]["text"]).hand_number == 3
        assert _api(tc, "/api/history").json()["sessions"][0]["hands"] == 3
        wrong = connect(tc)
        wrong.send({"type": "join", "table": seat[0], "seat": 0, "token": "x" * 24})
        assert wrong.error()["code"] == "bad_token"
