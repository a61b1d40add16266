"""Messages are read once, at the edge, into typed structs; their cards give their codes.

``pokercore.web._protocol.parse_message`` is the only place that reads JSON
or card strings: the seat tables and the app get frozen message structs.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pokercore import parse_cards
from pokercore.binh import AGENT_LEVELS
from pokercore.cards import RANKS, SUITS
from pokercore.draw.ai import AGENTS

from .helpers import connect, require

require("starlette")

from pokercore.web import _client_messages, _server_messages  # noqa: E402  (needs the web extra)
from pokercore.web import _protocol as protocol  # noqa: E402
from pokercore.web._protocol import (  # noqa: E402
    Act,
    ArrangeAction,
    Call,
    Create,
    DrawAction,
    Join,
    Next,
    Ping,
    Preview,
    ProtocolError,
    Raise,
    Suggest,
    parse_message,
)

WEB = Path(protocol.__file__).resolve().parent


@pytest.mark.parametrize("raw, typed", [
    ('{"type": "create", "game": "draw", "seats": ["me", "maniac", "remote"], "hands": 3}',
     Create("draw", ("me", "maniac", "remote"), 3)),
    ('{"type": "create", "game": "binh", "seats": ["me", "strongest"]}', Create("binh", ("me", "strongest"))),
    ('{"type": "join", "table": "abc-_1", "seat": 2, "token": "tok"}', Join("abc-_1", 2, "tok")),
    ('{"type": "act", "seq": 3, "action": {"kind": "call"}}', Act(3, Call())),
    ('{"type": "act", "seq": 3, "action": {"kind": "raise", "amount": 8}}', Act(3, Raise(8))),
    ('{"type": "act", "seq": 4, "action": {"kind": "draw"}}', Act(4, DrawAction(()))),
    ('{"type": "act", "seq": 4, "action": {"kind": "draw", "cards": ["2c", "As"], "amount": 0}}',
     Act(4, DrawAction(("2c", "As"), 0))),
    ('{"type": "act", "seq": 1, "action": {"kind": "arrange", "top": ["2c", "3c", "4c"], '
     '"middle": ["5c", "6c", "7c", "8c", "9c"], "bottom": ["Tc", "Jc", "Qc", "Kc", "Ac"]}}',
     Act(1, ArrangeAction(("2c", "3c", "4c"), ("5c", "6c", "7c", "8c", "9c"), ("Tc", "Jc", "Qc", "Kc", "Ac")))),
    ('{"type": "next", "seq": 7}', Next(7)),
    ('{"type": "preview", "top": ["Ah"]}', Preview(("Ah",), (), ())),
    (b'{"type": "suggest"}', Suggest()),
    ('{"type": "ping"}', Ping()),
])
def test_each_message_becomes_a_frozen_typed_struct(raw, typed):
    msg = parse_message(raw)
    assert msg == typed and type(msg) is type(typed)
    with pytest.raises(AttributeError):
        msg.seq = 0  # type: ignore[misc, union-attr]
    assert msg.type == (raw.decode() if isinstance(raw, bytes) else raw).split('"type": "')[1].split('"')[0]


def test_cards_stay_strings_and_give_their_codes():
    act = parse_message('{"type": "act", "seq": 4, "action": {"kind": "draw", "cards": ["2c", "As"]}}')
    assert act.action.cards == ("2c", "As") and act.action.codes == (0, 51)  # type: ignore[union-attr]
    arrange = parse_message('{"type": "act", "seq": 1, "action": {"kind": "arrange", "top": ["2c", "3c", "4c"], '
                            '"middle": ["5c", "6c", "7c", "8c", "9c"], "bottom": ["Tc", "Jc", "Qc", "Kc", "Ac"]}}')
    assert arrange.action.branches == (tuple(parse_cards("2c 3c 4c")),  # type: ignore[union-attr]
                                       tuple(parse_cards("5c 6c 7c 8c 9c")), tuple(parse_cards("Tc Jc Qc Kc Ac")))
    preview = parse_message('{"type": "preview", "top": ["Ah"]}')
    assert preview.branches == ((parse_cards("Ah")[0],), (), ())  # type: ignore[union-attr]


def test_hold_em_stacks_as_one_number_become_one_per_seat():
    msg = parse_message('{"type": "create", "game": "holdem", "seats": ["me", "easy", "hard"], "stacks": 50}')
    assert msg.stacks == (50, 50, 50)  # type: ignore[union-attr]


@pytest.mark.parametrize("raw, code, says", [
    ('{"type": "create", "game": "draw", "seats": ["me", "expert"]}', "bad_message", "maniac"),
    ('{"type": "create", "game": "binh", "seats": ["me", "me"]}', "bad_message", "at most one"),
    ('{"type": "create", "game": "binh", "seats": ["me", "easy"], "hands": 3}', "bad_message", "draw only"),
    ('{"type": "act", "seq": 1, "action": {"kind": "draw", "cards": ["10h"]}}', "bad_message", "23456789TJQKA"),
    ('{"type": "act", "seq": 1, "action": {"kind": "draw", "cards": ["as"]}}', "bad_message", "not a card"),
    ('{"type": "act", "seq": 1, "action": {"kind": "bet", "cards": []}}', "bad_message", "only a draw"),
    ('{"type": "act", "seq": 1, "action": {"kind": "check", "x": 1}}', "bad_message", "'x'"),
    ('{"type": "preview", "top": ["Ah"], "middle": ["Ah"]}', "bad_message", "two branches"),
    ('{"type": "join", "table": "a b", "seat": 0, "token": "t"}', "bad_message", "as the server gave it"),
    ('{"type": "ping", "seq": 1}', "bad_message", "unknown field"),
    ('{"type": 5}', "unknown_type", "use one of"),
    ("[" * 2000 + "]" * 2000, "bad_json", "nested too deeply"),
])
def test_refusals_keep_their_documented_codes(raw, code, says):
    with pytest.raises(ProtocolError, match=says) as info:
        parse_message(raw)
    assert info.value.code == code


def test_deeply_nested_json_is_refused_and_the_connection_goes_on(tc):
    me = connect(tc)
    me.send("[" * 2000 + "]" * 2000)
    assert me.error()["code"] == "bad_json"
    me.send({"type": "ping"})
    assert me.recv()["type"] == "pong"


def test_the_lists_of_the_protocol_come_from_their_one_home():
    assert protocol.BINH_LEVELS == tuple(AGENT_LEVELS)
    assert protocol.DRAW_LEVELS == tuple(AGENTS)
    assert sorted(_client_messages._CODE_OF.values()) == list(range(52))
    assert {name[0] for name in _client_messages._CODE_OF} == set(RANKS)
    assert {name[1] for name in _client_messages._CODE_OF} == set(SUITS)


def test_any_draw_agent_can_sit_at_a_web_table(tc):
    me = connect(tc)
    joined = me.create("draw", ["me", "maniac", "tag"], hands=1)
    assert joined["type"] == "joined"
    assert [p["level"] for p in me.last_state["players"]] == [None, "maniac", "tag"]


@pytest.mark.parametrize("module", ["_app.py", "_seat_table.py", "_betting_table.py", "_binh_seat_table.py",
                                    "_draw_seat_table.py", "_holdem_seat_table.py", "_connection.py"])
def test_only_the_protocol_module_reads_json_or_card_strings(module):
    tree = ast.parse((WEB / module).read_text(encoding="utf-8"))
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {f"{n.module}.{a.name}" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
                 for a in n.names}
    assert "json" not in imported
    readers = {"card_codes", "parse_cards", "parse_card", "cards_to_array", "loads"}
    assert not {name for name in imported if name.rsplit(".", 1)[-1] in readers}
    assert not {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)} & readers


def _struct_of(msg: dict) -> type:
    if msg["type"] == "state":
        views = (_server_messages.DrawView, _server_messages.BinhView, _server_messages.HoldemView)
        return {"draw": views[0], "binh": views[1], "holdem": views[2]}[msg["game"]]
    return next(c for c in _server_messages.SERVER_MESSAGES if c.__struct_config__.tag == msg["type"])


def _play_to_the_end(me, legal_pick) -> None:
    while True:
        st = me.my_turn()
        if st["showdown"] is not None:
            return
        me.act(legal_pick(st["legal"]))


def test_every_message_the_server_sends_is_exactly_its_struct(tc):
    """Each frame, read back into the struct of its type, writes the same JSON: no field more, less or other."""
    import msgspec

    draw, holdem, binh, other = connect(tc), connect(tc), connect(tc), connect(tc)
    draw.create("draw", ["me", "call"], hands=1)
    _play_to_the_end(draw, lambda legal: {"kind": "draw", "cards": []} if legal[0]["kind"] == "draw" else
                     next({"kind": a["kind"], "amount": a["amount"]} for a in legal if a["kind"] != "fold"))
    holdem.create("holdem", ["me", "call", "call"], hands=1)
    _play_to_the_end(holdem, lambda legal: next({"kind": a["kind"]} for a in legal if a["kind"] in ("check", "call")))
    binh.create("binh", ["me", "easy"])
    st = binh.normal_deal()
    binh.send({"type": "preview", "top": st["cards"][:2]})
    binh.until(lambda m: m["type"] == "preview")
    binh.send({"type": "suggest"})
    plan = binh.until(lambda m: m["type"] == "suggestion")
    binh.act({"kind": "arrange", "top": plan["top"], "middle": plan["middle"], "bottom": plan["bottom"]})
    binh.state_where(lambda m: m["phase"] == "reveal")
    other.create("draw", ["remote", "easy"])
    other.send({"type": "ping"})
    other.until(lambda m: m["type"] == "pong")
    other.send({"type": "act", "seq": 1, "action": {"kind": "check"}})
    other.error()
    seen = set()
    for msg in draw.log + holdem.log + binh.log + other.log:
        cls = _struct_of(msg)
        assert msgspec.to_builtins(msgspec.convert(msg, cls)) == msg, cls.__name__
        seen.add(cls)
    assert seen == set(_server_messages.SERVER_MESSAGES) - {_server_messages.Closed}
