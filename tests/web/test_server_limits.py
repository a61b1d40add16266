"""Every refusal of the server answered as docs/protocol.md says: error code, ``retry_after``, close code.

Deep nesting, a failure inside the server, the rate limit (with the time to
wait, and the close of a client that does not wait), frames over the frame
limit, a client that never reads, and the docs listing exactly the codes the
server uses.
"""

from __future__ import annotations

import json
import logging
import re
import time
from pathlib import Path
from typing import Any

import pytest

from .helpers import Client, closing, connect, starlette_test_client
from .live import RawSocket, running, wait_until

TestClient = starlette_test_client()  # skips these tests without the web extra

from pokercore.web import Limits, create_app  # noqa: E402  (needs the web extra)
from pokercore.web import _protocol as protocol  # noqa: E402

DOCS = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
PING = {"type": "ping"}
#: Bytes that may reach a silent client's socket before its cut-off: the client's own receive buffer (128 KB on
#: Linux for a socket that does not read) and the server's send buffers (docs/protocol.md), with room to spare.
SOCKET_BUFFERS = 512 * 1024


def until_closed(client: Client, timeout: float = 30) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Every message up to the server's close, and the close event (its ``code``)."""
    messages = []
    while True:
        event = client._inbox.get(timeout=timeout)
        if event["type"] != "websocket.send":
            return messages, event
        messages.append(json.loads(event["text"]))


# ---------------------------------------------------------------------- nesting and failures


def test_json_nested_deeper_than_the_documented_depth_is_bad_json(tc):
    me = connect(tc)
    deep = '{"type": "ping", "x": ' + "[" * protocol.MAX_DEPTH + "1" + "]" * protocol.MAX_DEPTH + "}"
    me.send(deep)                                # MAX_DEPTH + 1 levels with the message itself
    err = me.error()
    assert err["code"] == "bad_json" and f"at most {protocol.MAX_DEPTH} deep" in err["message"]
    me.send('{"type": "ping", "x": "' + "[" * 4000 + '"}')    # brackets inside a string are text
    assert me.error()["code"] == "bad_message"               # refused for its unknown field, not its depth
    for raw in ("[" * 4096, "{\"a\":" * 800 + "1" + "}" * 800, b"[" * 4096):
        me.ws.send_bytes(raw) if isinstance(raw, bytes) else me.send(raw)
        assert me.error()["code"] in ("bad_json", "too_large")
    me.send(PING)
    assert me.recv()["type"] == "pong"


def test_a_failure_inside_the_server_is_answered_with_server_error_and_close_1011(tc, monkeypatch):
    import pokercore.web._app as app_module

    real = app_module.parse_message

    def exploding(raw, max_bytes):
        if "boom" in raw:
            raise RecursionError("maximum recursion depth exceeded")
        return real(raw, max_bytes)

    monkeypatch.setattr(app_module, "parse_message", exploding)
    me = connect(tc)
    me.send({"type": "ping", "boom": 1})
    messages, event = until_closed(me)
    assert [m["code"] for m in messages] == ["server_error"]
    assert messages[0]["ref"] == {"type": "ping"} and "reconnect" in messages[0]["message"]
    assert event.get("code") == 1011
    other = connect(tc)                          # the server itself goes on
    other.send(PING)
    assert other.recv()["type"] == "pong"


# ---------------------------------------------------------------------- the rate limit


def test_rate_limited_says_how_long_to_wait_and_the_message_can_be_sent_again():
    app = create_app(Limits(messages_per_second=2, burst=2))
    with TestClient(app) as tc, closing():
        me = connect(tc)
        for _ in range(2):
            me.send(PING)
            assert me.recv()["type"] == "pong"
        me.send(PING)
        err = me.recv()
        assert err["code"] == "rate_limited" and err["ref"] == {"type": "ping"}
        assert 0 < err["retry_after"] <= 0.5
        assert f"after {err['retry_after']:g} s" in err["message"]
        time.sleep(err["retry_after"])           # waiting as told is enough
        me.send(PING)
        assert me.recv()["type"] == "pong"


def test_a_client_that_keeps_sending_while_limited_is_told_and_closed_with_1008():
    app = create_app(Limits(messages_per_second=0.01, burst=3, max_refused_in_a_row=5))
    with TestClient(app) as tc, closing():
        me = connect(tc)
        for _ in range(20):
            me.send(PING)
        messages, event = until_closed(me)
        assert [m["type"] for m in messages] == ["pong"] * 3 + ["error"] * 6
        assert all(m["code"] == "rate_limited" and m["retry_after"] > 0 for m in messages[3:])
        assert "connection is closed" in messages[-1]["message"]
        assert "connection is closed" not in messages[-2]["message"]
        assert event["code"] == 1008


def test_a_burst_of_1000_pings_gets_pongs_then_rate_limited_then_close_1008(tc):
    app = create_app(Limits())                   # the default limits, as documented
    with TestClient(app) as tc2, closing():
        me = connect(tc2)
        for _ in range(1000):
            me.send(PING)
        messages, event = until_closed(me)
    kinds = [m.get("code", m["type"]) for m in messages]
    first_refusal = kinds.index("rate_limited")
    assert first_refusal >= 60 and set(kinds[:first_refusal]) == {"pong"}
    assert "connection is closed" in messages[-1]["message"] and event["code"] == 1008
    assert len(messages) < 1000


def test_a_refusal_that_is_not_rate_limited_carries_no_retry_after(tc):
    me = connect(tc)
    me.send({"type": "cheat"})
    assert "retry_after" not in me.error()


# ---------------------------------------------------------------------- frames and slow readers (real server)


def test_frames_up_to_the_frame_limit_get_too_large_bigger_ones_close_1009():
    from websockets.exceptions import ConnectionClosedError
    from websockets.sync.client import connect as ws_connect

    limits = Limits()
    with running(create_app(limits), max_frame_bytes=limits.max_frame_bytes) as port:
        with ws_connect(f"ws://127.0.0.1:{port}/ws", max_size=None) as ws:
            for size in (limits.max_message_bytes + 1, limits.max_frame_bytes):
                ws.send('{"type": "ping"}'.ljust(size))
                err = json.loads(ws.recv(timeout=30))
                assert err["code"] == "too_large" and f"{size} bytes" in err["message"], err
            ws.send(json.dumps(PING))
            assert json.loads(ws.recv(timeout=30))["type"] == "pong"
            ws.send("x" * (limits.max_frame_bytes + 1))
            with pytest.raises(ConnectionClosedError) as closed:
                ws.recv(timeout=30)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


def test_a_client_that_never_reads_is_cut_off_at_the_queue_limit(caplog):
    """A seat that neither reads nor sends, flooded by another seat's moves, is dropped by the server."""
    from websockets.sync.client import connect as ws_connect

    app = create_app(Limits(messages_per_second=1e6, burst=1e6, send_queue=16))
    manager = app.state.manager
    with caplog.at_level(logging.WARNING, logger="pokercore.web"), running(app) as port:
        silent = RawSocket(port, rcvbuf=4096)
        try:
            silent.send({"type": "create", "game": "binh", "seats": ["me", "remote"]})
            joined = silent.recv()                 # the last thing it ever reads
            assert joined["type"] == "joined"
            table = manager.tables[joined["table"]]
            join = json.dumps({"type": "join", "table": joined["table"], "seat": 1, "token": joined["tokens"]["1"]})
            with ws_connect(f"ws://127.0.0.1:{port}/ws", max_queue=None) as other:
                for i in range(40_000):            # each join sends the silent seat a state (about 700 bytes)
                    other.send(join)               # until the socket buffers (megabytes) and the queue are full
                    if i % 200 == 0:
                        time.sleep(0.01)           # let the server catch up with the joins
                        if table.seats[0].conn is None:
                            break
                wait_until(lambda: table.seats[0].conn is None, "the silent seat is let go")
                assert sum(manager.connections.values()) == 1      # only the other one is left
        finally:
            silent.close()
    assert any("unread" in r.getMessage() for r in caplog.records), [r.getMessage() for r in caplog.records]


# ---------------------------------------------------------------------- the docs agree


def _table_codes(section: str) -> list[str]:
    text = DOCS.read_text()
    body = text.split(section, 1)[1].split("\n## ", 1)[0]
    return [c for c in re.findall(r"^\| `?([a-z_0-9]+)`? \|", body, flags=re.M) if c not in ("code", "close")]


def test_the_docs_list_every_error_code_and_close_code_the_server_uses():
    documented = {c for c in _table_codes("## Errors") if not c.isdigit()}
    in_code = set(re.findall(r"``([a-z_]+)``", protocol.ProtocolError.__doc__.split("Codes:")[1].split(".")[0]))
    assert documented == in_code, (documented ^ in_code)
    closes = {int(c) for c in _table_codes("### Close codes")}
    assert closes == set(protocol.CLOSE_CODES)
    text = DOCS.read_text()
    assert f"{protocol.MAX_MESSAGE_BYTES} bytes" in text and f"{protocol.MAX_FRAME_BYTES} bytes" in text
    assert "retry_after" in text and f"{Limits().send_queue} " in text


def test_a_client_that_never_reads_is_cut_off_at_the_documented_limit_not_megabytes_later(caplog):
    """With the default limit (512 messages), little more than that reaches the socket before the cut-off: the
    operating system's buffers do not hold megabytes more for a client that never reads."""
    from websockets.sync.client import connect as ws_connect

    limits = Limits(messages_per_second=1e6, burst=1e6)
    app = create_app(limits)
    manager = app.state.manager
    with caplog.at_level(logging.WARNING, logger="pokercore.web"), running(app) as port:
        silent = RawSocket(port)                   # an ordinary socket that stops reading
        try:
            silent.send({"type": "create", "game": "binh", "seats": ["me", "remote"]})
            joined = silent.recv()
            assert joined["type"] == "joined"
            table = manager.tables[joined["table"]]
            conn = table.seats[0].conn
            join = json.dumps({"type": "join", "table": joined["table"], "seat": 1, "token": joined["tokens"]["1"]})
            with ws_connect(f"ws://127.0.0.1:{port}/ws", max_queue=None) as other:
                for i in range(40_000):
                    other.send(join)
                    if i % 200 == 0:
                        time.sleep(0.01)
                        if table.seats[0].conn is None:
                            break
                wait_until(lambda: table.seats[0].conn is None, "the silent seat is let go")
        finally:
            silent.close()
    assert conn.cut_off
    cut = [r.getMessage() for r in caplog.records if "unread" in r.getMessage()]
    assert cut and f"{limits.send_queue} messages" in cut[0], cut
    # what went to the socket before: the messages the socket buffers hold (see docs/protocol.md), not megabytes
    assert conn.sent_bytes <= SOCKET_BUFFERS, (conn.sent, conn.sent_bytes)
