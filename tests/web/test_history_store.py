"""The history database on its own: round trips, per-player reads, refusals at start-up, writes that fail."""

from __future__ import annotations

import os
import sqlite3

import pytest

from pokercore.web._history_text import seat_view
from pokercore.web._store import SCHEMA_VERSION, HandRecord, StoreError, TableRecord, default_db_path, open_store

ALICE = "alice-0123456789abcdef"
BOB = "bob-0123456789abcdefgh"


def _fill(store) -> None:
    store.table_opened(TableRecord("t1", "draw", ["Player 1", "Player 2", "Easy AI"], {"seats": [], "played": 0},
                                   [ALICE, None, None]))
    store.seat_player("t1", 1, BOB)
    store.hand_finished("t1", HandRecord(1, "pokercore-draw", "text one\n", [5, -2, -3], [0, 1]),
                        {"seats": [], "played": 1})
    store.hand_finished("t1", HandRecord(2, "pokercore-draw", "text two\n", [-4, 4, 0], []),
                        {"seats": [], "played": 2})
    store.table_opened(TableRecord("t2", "binh", ["Player 1", "Normal AI"], {"seats": [], "deals": 0}, [BOB, None]))
    store.hand_finished("t2", HandRecord(1, "pokercore-binh", "binh text", [6, -6], [0, 1]),
                        {"seats": [], "deals": 1}, closed="the session is over")


def test_a_file_store_round_trips_and_reopens(tmp_path):
    path = tmp_path / "sub" / "h.sqlite3"
    store = open_store(path)
    _fill(store)
    store.close()
    assert oct(os.stat(path).st_mode & 0o777) == "0o600"            # it holds seat tokens: its owner only
    store = open_store(str(path))                                      # the same tables, nothing lost
    try:
        assert store.open_table("t1") == ("draw", {"seats": [], "played": 2})
        assert store.open_table("t2") is None                          # closed: never resumed
        assert store.open_table("nope") is None
        alice = store.sessions(ALICE)
        assert [(s["table"], s["seat"], s["hands"], s["net"], s["closed"]) for s in alice] == [("t1", 0, 2, 1, False)]
        bob = {s["table"]: s for s in store.sessions(BOB)}
        assert (bob["t1"]["seat"], bob["t1"]["net"]) == (1, 2)
        assert (bob["t2"]["seat"], bob["t2"]["net"], bob["t2"]["closed"]) == (0, 6, True)
        hands = store.hands(ALICE, "t1")
        assert [(h["number"], h["net"], h["nets"]) for h in hands] == [(1, 5, [5, -2, -3]), (2, -4, [-4, 4, 0])]
        one = store.hand(ALICE, hands[0]["id"])
        assert one is not None
        assert (one["text"], one["format"], one["shown"], one["seat"], one["game"]) == \
            ("text one\n", "pokercore-draw", [0, 1], 0, "draw")
        assert store.hand(BOB, hands[0]["id"])["seat"] == 1
        assert store.hands(ALICE, "t2") == [] and store.hand(ALICE, 10_000) is None    # not Alice's: nothing
        assert store.hand("someone-else-0123456", hands[0]["id"]) is None
        assert [h["number"] for h in store.all_hands("t1")] == [1, 2]
    finally:
        store.close()
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert con.execute("SELECT value FROM pc_meta WHERE key='schema'").fetchone()[0] == str(SCHEMA_VERSION)
    con.close()


def test_a_hand_is_stored_once_per_number():
    store = open_store(":memory:")
    _fill(store)
    with pytest.raises(sqlite3.IntegrityError):
        store.hand_finished("t1", HandRecord(2, "pokercore-draw", "again", [0, 0, 0]), {"seats": []})
    assert [h["text"] for h in store.all_hands("t1")] == ["text one\n", "text two\n"]   # the failed write left nothing
    assert store.open_table("t1") == ("draw", {"seats": [], "played": 2})


def test_an_unwritable_or_foreign_path_is_refused_at_start_with_what_to_do(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError, match=r"cannot open the history database .*a-file/h.sqlite3: .*--db PATH.*--no-db"):
        open_store(blocker / "h.sqlite3")
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError, match=r"cannot open the history database .*junk\.sqlite3"):
        open_store(junk)
    with pytest.raises(StoreError, match="a database URL starts with postgresql://"):
        open_store("mysql://localhost/poker")


def test_a_database_of_a_newer_pokercore_is_refused(tmp_path):
    path = tmp_path / "h.sqlite3"
    open_store(path).close()
    con = sqlite3.connect(path)
    con.execute("UPDATE pc_meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION + 1),))
    con.commit()
    con.close()
    with pytest.raises(StoreError, match="written by a newer pokercore"):
        open_store(path)


def test_a_full_disk_fails_the_write_and_leaves_the_stored_hands_intact(tmp_path):
    store = open_store(tmp_path / "h.sqlite3")
    _fill(store)
    pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
    store._conn.execute(f"PRAGMA max_page_count = {pages}")           # the disk is full from now on
    with pytest.raises(sqlite3.OperationalError, match="full"):
        store.hand_finished("t1", HandRecord(3, "pokercore-draw", "x" * 100_000, [1, -1, 0]), {"seats": []})
    assert [h["number"] for h in store.all_hands("t1")] == [1, 2]
    assert store.open_table("t1") == ("draw", {"seats": [], "played": 2})
    store.close()


def test_the_default_path_is_in_the_user_data_folder_unless_told(monkeypatch, tmp_path):
    monkeypatch.delenv("POKERCORE_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    if os.name == "posix" and os.uname().sysname == "Linux":
        assert default_db_path() == tmp_path / "pokercore" / "history.sqlite3"
    monkeypatch.setenv("POKERCORE_DB", str(tmp_path / "x.db"))
    assert default_db_path() == tmp_path / "x.db"


# ---------------------------------------------------------------------- what a seat may read
DRAW = """# pokercore five-card draw (fixed limit)
hand: 1
seats: 3
stacks: 20 20 20
deal s0: Ah Ad 7c 5s 2d
deal s1: Kc Kd 9h 8h 3s
deal s2: Qc Qd Jh Th 4s
s1: bet 2
s2: fold
s0: call 2
s1: draw 9h 8h 3s -> Qs 8c 7s
s0: draw 7c 5s 2d -> Ac 4h 6d
show s1: Kc Kd Qs 8c 7s
show s0: Ah Ad Ac 4h 6d
win s0: 7
final: 24 18 18
"""


def test_a_draw_history_hides_other_seats_dealt_and_drawn_cards_but_keeps_what_was_shown():
    mine = seat_view("pokercore-draw", DRAW, 0)
    assert "deal s0: Ah Ad 7c 5s 2d" in mine and "s0: draw 7c 5s 2d -> Ac 4h 6d" in mine
    assert "deal s1: ?? ?? ?? ?? ??" in mine and "s1: draw ?? ?? ?? -> ?? ?? ??" in mine
    assert "deal s2: ?? ?? ?? ?? ??" in mine                              # folded: never seen
    assert "show s1: Kc Kd Qs 8c 7s" in mine                              # shown to everyone
    for card in ("9h", "8h", "3s", "Jh", "Th", "4s", "Qc"):               # s1's discards and s2's folded hand
        assert card not in mine
    folded = seat_view("pokercore-draw", DRAW, 2)
    assert "deal s2: Qc Qd Jh Th 4s" in folded and "7c" not in folded and "9h" not in folded
    assert mine.count("\n") == DRAW.count("\n")


def test_a_phh_history_hides_other_players_hole_cards_by_position():
    phh = ("actions = [\n  'd dh p1 AsKs',\n  'd dh p2 7h6h',\n  'd dh p3 QdQc',\n  'p3 sm QdQc',\n]\n"
           "seats = [2, 3, 1]\n")
    seat0 = seat_view("phh", phh, 0)            # seat 0 (seats list holds 1) is the third player
    assert "'d dh p3 QdQc'" in seat0 and "'d dh p1 ????'" in seat0 and "'d dh p2 ????'" in seat0
    assert "'p3 sm QdQc'" in seat0 and "AsKs" not in seat0 and "7h6h" not in seat0
    assert "AsKs" in seat_view("phh", phh, 1) and "7h6h" not in seat_view("phh", phh, 1)


def test_binh_deals_are_shown_whole_and_unknown_formats_are_refused():
    assert seat_view("pokercore-binh", "p1 dealt As Ks", 1) == "p1 dealt As Ks"
    with pytest.raises(ValueError, match="no reader's view of history format 'other'"):
        seat_view("other", "As", 0)
