"""No message to any seat of a hold'em table ever holds another seat's hidden card.

Tables of every variant (no-limit, fixed-limit, pot-limit Omaha) with 2-6
seats, one to three of them played by clients over the protocol (a page's
``"me"`` seat and bots at ``"remote"`` seats), the others by AIs; short
stacks make all-ins, side pots and run-outs common.  Every message each
client received is checked against what the server dealt: the seat's own
hole cards, the board dealt so far, and at the showdown exactly the hands
the engine showed; folded and mucked hands never appear.  The run must
contain all-in run-outs and mucked hands, so both paths are exercised.
"""

from __future__ import annotations

import time
import types
from typing import Any

import numpy as np

from pokercore import format_card, parse_cards

from .helpers import Client, cards_in, connect, starlette_test_client

starlette_test_client()  # skips these tests without the web extra

VARIANTS = ("nl", "fl", "plo")
LEVELS = ("easy", "normal", "hard", "call", "maniac", "station", "random")


def random_move(st: dict[str, Any], rng: np.random.Generator) -> dict[str, Any]:
    """A random legal move with an amount inside the legal range (all-ins and minimums often)."""
    legal = {a["kind"]: a for a in st["legal"]}
    r = float(rng.random())
    if "fold" in legal and r < 0.12:
        return {"kind": "fold"}
    agg = legal.get("bet") or legal.get("raise")
    if agg is not None and r > 0.55:
        pick = float(rng.random())
        some = int(rng.integers(agg["min"], agg["max"] + 1))
        amount = agg["min"] if pick < 0.4 else agg["max"] if pick < 0.75 else some
        return {"kind": agg["kind"], "amount": amount}
    if "call" in legal:
        return {"kind": "call", "amount": legal["call"]["amount"]} if r < 0.4 else {"kind": "call"}
    return {"kind": "check"}


def codes(names: list[str]) -> list[int]:
    """Card strings of a message as codes (an empty list stays empty)."""
    return parse_cards(" ".join(names)) if names else []


def _sync(client: Client, table: Any) -> dict[str, Any]:
    while client.last_state is None or client.last_state["version"] < table.version:
        client.state()
    return client.last_state


def play_table(tc: Any, seats: list[str], rng: np.random.Generator, **create: Any) -> tuple[dict[int, Client], Any,
                                                                                           dict[int, Any]]:
    """Play a whole hold'em session with every player seat driven by ``random_move``.

    Returns the clients by seat, the seat table and the engine's hand of each hand number.
    """
    host = connect(tc)
    joined = host.create("holdem", seats, **create)
    clients = {joined["seat"]: host} if joined["type"] == "joined" else {}
    for seat, token in joined["tokens"].items():
        c = connect(tc)
        c.send({"type": "join", "table": joined["table"], "seat": int(seat), "token": token})
        c.until(lambda m: m["type"] == "joined")
        clients[int(seat)] = c
    table = tc.app.state.manager.tables[joined["table"]]
    hands: dict[int, Any] = {}
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "the session did not finish"
        time.sleep(0.001)
        states = {seat: _sync(c, table) for seat, c in clients.items()}
        hand = table.hand_state
        hands[hand.hand_number] = hand
        st = next(iter(states.values()))
        if st["version"] != table.version or st["hand_number"] != hand.hand_number:
            continue
        if st["showdown"] is not None:
            if st["game_over"]:
                return clients, table, hands
            for seat, c in clients.items():
                s = states[seat]
                if not s["players"][seat]["ready"] and s["seq"] not in c.sent:
                    c.next()
        elif st["actor"] in clients:
            c = clients[st["actor"]]
            if c.last_state["seq"] not in c.sent:
                c.act(random_move(c.last_state, rng))


def check_messages(clients: dict[int, Client], hands: dict[int, Any]) -> dict[str, int]:
    """Every state each client got, against the engine's deal; counts of run-outs and mucks seen."""
    seen = {"states": 0, "runouts": 0, "mucks": 0, "showdowns": 0}
    counted: set[int] = set()
    for seat, client in clients.items():
        for m in client.log:
            if m["type"] != "state":
                continue
            assert m["seat"] == seat
            seen["states"] += 1
            dealt = hands[m["hand_number"]]
            own = set(dealt.holes[seat])
            assert set(codes(m["hole"])) == own, m
            board = codes(m["board"])
            assert list(dealt.board[:len(board)]) == board, m
            sd = m["showdown"]
            shown: set[int] = set()
            if sd is not None:
                assert [s["seat"] for s in sd["shown"]] == list(dealt.revealed), m
                for s in sd["shown"]:
                    cards = codes(s["cards"])
                    assert cards == list(dealt.holes[s["seat"]])
                    shown |= set(cards)
                assert sd["mucked"] == list(dealt.mucked)
                assert sd["payouts"] == list(dealt.payouts)
            assert cards_in(m) <= own | set(board) | shown, m
            if sd is not None and m["hand_number"] not in counted:
                counted.add(m["hand_number"])
                seen["showdowns"] += 1
                seen["mucks"] += bool(sd["mucked"])
                all_in = any(p["all_in"] for p in m["players"] if p["live"])
                acted = [e for e in m["events"] if e["kind"] not in ("return",)]
                seen["runouts"] += bool(sd["shown"]) and all_in and len(board) == 5 and acted[-1]["street"] != "river"
    return seen


def _seed_tables(monkeypatch: Any, seed: int) -> None:
    import pokercore.web._holdem_seat_table as holdem

    monkeypatch.setattr(holdem, "secrets", types.SimpleNamespace(randbits=lambda bits: seed))


def test_no_message_holds_another_seats_hidden_card_holdem(tc, monkeypatch):
    totals = {"states": 0, "runouts": 0, "mucks": 0, "showdowns": 0}
    hands_played = 0
    for k in range(30):
        rng = np.random.default_rng(k)
        _seed_tables(monkeypatch, 1000 + k)
        n = int(rng.integers(2, 7))
        players = int(rng.integers(1, min(n, 3) + 1))
        ais = [LEVELS[int(rng.integers(len(LEVELS)))] for _ in range(n - players)]
        seats = ["me"] + ["remote"] * (players - 1) + ais
        stacks = [int(rng.integers(8, 120)) for _ in range(n)]
        clients, table, hands = play_table(tc, seats, rng, variant=VARIANTS[k % 3], stacks=stacks, hands=8)
        for seat, c in clients.items():
            assert c.last_state["players"][seat]["seat"] == seat
        seen = check_messages(clients, hands)
        for key in totals:
            totals[key] += seen[key]
        hands_played += table.session.hands_played
        assert sum(table.session.stacks) == sum(stacks)  # chips conserved
        for c in clients.values():
            c.ws.close()
    print(f"{hands_played} hands, {totals}")
    assert hands_played >= 100 and totals["showdowns"] == hands_played, (hands_played, totals)
    assert totals["runouts"] >= 5 and totals["mucks"] >= 5, totals  # both paths were exercised


def test_the_check_catches_a_leaked_card(tc, monkeypatch):
    """The checker above is not vacuous: one foreign hole card slipped into a message fails it."""
    import pytest

    _seed_tables(monkeypatch, 7)
    clients, _, hands = play_table(tc, ["me", "call", "call"], np.random.default_rng(7), stacks=50, hands=1)
    check_messages(clients, hands)
    me = clients[0]
    m = next(m for m in me.log if m["type"] == "state")
    foreign = hands[1].holes[1][0]
    m["players"][1]["name"] = format_card(foreign)
    with pytest.raises(AssertionError):
        check_messages(clients, hands)
