"""A session's last hand closes its stored table in the same write: a server killed straight after it never
resumes the table (a join gets ``no_table``), and the history lists the session as over."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from .helpers import closing, connect, require, starlette_test_client
from .test_history_holdem import play_holdem_hand
from .test_history_server import LIMITS, ME, _api, next_hand, play_draw_hand

require("starlette")

from pokercore.web import create_app  # noqa: E402
from pokercore.web._protocol import ProtocolError  # noqa: E402


def _close_reason(path: str, table: str) -> tuple[object, object]:
    con = sqlite3.connect(path)
    try:
        return con.execute("SELECT closed IS NOT NULL, close_reason FROM pc_tables WHERE id = ?", (table,)).fetchone()
    finally:
        con.close()


@pytest.mark.parametrize("game", ["draw", "holdem"])
def test_the_last_hand_closes_the_stored_table_before_anyone_leaves(tmp_path, game):
    path = str(tmp_path / "h.sqlite3")
    play = play_draw_hand if game == "draw" else play_holdem_hand
    tc = starlette_test_client()(create_app(LIMITS, db=path))
    with tc, closing():
        c = connect(tc)
        c.create(game, ["me", "call"], hands=2, player=ME)
        play(c)
        assert _close_reason(path, c.table) == (0, None)              # one hand to go: open, it would resume
        next_hand(c, 2)
        last = play(c)
        assert last["game_over"] is True
        # the player is still seated (nothing swept, nobody left): the hand's own write closed the table
        assert _close_reason(path, c.table) == (1, "the session is over")
        assert tc.app.state.store.open_table(c.table) is None
        assert [s["closed"] for s in _api(tc, "/api/history").json()["sessions"]] == [True]
        # a server started on the file now (as after kill -9 at this moment) does not bring the table back
        other = create_app(LIMITS, db=path)
        try:
            with pytest.raises(ProtocolError) as refused:
                asyncio.run(other.state.manager.get(c.table))   # what a join asks the server for
            assert refused.value.code == "no_table"
        finally:
            other.state.store.close()
        assert _close_reason(path, c.table) == (1, "the session is over")  # not "could not be resumed"
