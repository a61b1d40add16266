"""Limits at their exact boundary, the draw offered to the actor only, and tests that cannot hang.

Each test here fails if its boundary moves by one (a message of the size
limit, the server-wide table limit hidden behind a larger per-client one,
a draw offered to a seat that is not to act) or if a receive could wait
forever.
"""

from __future__ import annotations

import json

import pytest

from .helpers import closing, connect, starlette_test_client, table_of

TestClient = starlette_test_client()  # skips these tests without the web extra

from pokercore.web import Limits, create_app  # noqa: E402  (needs the web extra)
from pokercore.web._protocol import MAX_MESSAGE_BYTES  # noqa: E402

PING = '{"type": "ping"}'


def test_a_message_of_exactly_the_size_limit_is_read_one_byte_more_is_not(tc):
    me = connect(tc)
    limit = tc.app.state.manager.limits.max_message_bytes
    assert limit == MAX_MESSAGE_BYTES == 4096
    exact = PING + " " * (limit - len(PING))
    assert len(exact.encode()) == 4096
    me.send(exact)
    assert me.recv()["type"] == "pong"
    me.send(exact + " ")                                   # 4,097 bytes
    err = me.recv()
    assert (err["type"], err["code"], err["ref"]) == ("error", "too_large", {"type": "ping"})
    assert "4097 bytes; the limit is 4096" in err["message"]
    me.send(exact)                                         # the connection still reads the next one
    assert me.recv()["type"] == "pong"


def test_the_size_limit_counts_bytes_not_characters(tc):
    me = connect(tc)
    head, tail = '{"type": "ping", "pad": "', '"}'
    two_byte = head + "\u00e9" * ((4096 - len(head) - len(tail)) // 2) + "x" * (len(head + tail) % 2) + tail
    assert len(two_byte.encode()) == 4096 and len(two_byte) < 2100
    me.send(two_byte)                    # within the limit: read, and refused for its unknown field
    assert me.error()["code"] == "bad_message"
    me.send(two_byte[:-2] + "\u00e9" + tail)               # 4,098 bytes in 2,000-odd characters
    assert me.error()["code"] == "too_large"


def test_the_server_wide_table_limit_at_its_boundary():
    app = create_app(Limits(max_tables=2, max_tables_per_client=10))
    with TestClient(app) as tc, closing():
        tables = tc.app.state.manager.tables
        a, b, c = connect(tc), connect(tc), connect(tc)
        a.create("draw", ["me", "remote"])                 # seats another player may join: both stay open
        b.create("binh", ["me", "remote"])
        assert len(tables) == 2
        c.send({"type": "create", "game": "draw", "seats": ["me", "call"]})
        err = c.error()
        assert err["code"] == "limit" and "maximum of 2 tables" in err["message"], err
        assert len(tables) == 2 and c.table == ""
        tc.app.state.manager.discard(table_of(tc, a), "test")   # one closes: the next create fits
        assert c.create("draw", ["me", "call"])["type"] == "joined" and len(tables) == 2


def test_a_seat_that_is_not_to_act_is_offered_no_draw(tc):
    me = connect(tc)
    me.create("draw", ["me", "call", "call"], hands=1)
    hand = table_of(tc, me).hand_state
    assert hand.button == 0                                # seats 1 and 2 act before seat 0 in every round
    me.my_turn()
    me.act({"kind": "check"})                              # the last check of the first round: the draw begins
    mine = me.state_where(lambda m: m["street"] == "draw" and m["actor"] == 0)
    waiting = [m for m in me.log if m["type"] == "state" and m["street"] == "draw" and m["actor"] != 0]
    assert [m["actor"] for m in waiting] == [1, 2]
    assert all(m["legal"] == [] for m in waiting)
    assert mine["legal"] == [{"kind": "draw", "max_cards": 3}]


def test_a_receive_gives_up_instead_of_waiting_forever(tc):
    me = connect(tc, timeout=0.2)
    with pytest.raises(AssertionError, match=r"no message from the server within 0\.2 s"):
        me.recv()
    with pytest.raises(AssertionError, match=r"within 0\.2 s"):
        me.error()                                         # nothing was refused: no error comes
    me.send({"type": "ping"})
    assert me.recv()["type"] == "pong"                     # and the connection still works


def test_a_closed_connection_fails_the_receive_instead_of_hanging():
    app = create_app(Limits(max_connections_per_client=1))
    with TestClient(app) as tc, closing():
        connect(tc)
        refused = connect(tc, timeout=30)
        assert refused.recv()["code"] == "limit"
        for _ in range(2):                                 # closed stays closed
            with pytest.raises(AssertionError, match="the connection ended"):
                refused.recv()


def test_every_web_test_has_a_time_limit(request):
    import os

    assert request.node.get_closest_marker("timeout") is not None
    if not request.config.pluginmanager.hasplugin("timeout"):
        why = 'pytest-timeout is not installed: pip install -e ".[test]"'
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(why + " (CI=true: the web tests must have their time limit)")
        pytest.skip(why)


def test_refusals_name_the_message_they_refuse(tc):
    """``ref`` holds the refused message's type and seq wherever they can be read, as before the typed parse."""
    me = connect(tc)
    me.create("draw", ["me", "call"])
    cases = [
        ({"type": "act", "seq": 1, "action": {"kind": "allin"}}, {"type": "act", "seq": 1}),   # bad_message
        ({"type": "cheat", "seq": 4}, {"type": "cheat", "seq": 4}),                            # unknown_type
        ({"type": "next", "seq": 99}, {"type": "next", "seq": 99}),                            # stale_seq
        ({"type": "join", "table": "nosuchtable", "seat": 0, "token": "x"}, {"type": "join"}),  # no_table
        ("[1]", None),
        ("{nope", None),
    ]
    for raw, ref in cases:
        me.send(raw if isinstance(raw, str) else json.dumps(raw))
        assert me.error()["ref"] == ref, raw
