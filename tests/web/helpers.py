"""Helpers of the protocol tests: a seat's WebSocket with a message log, cards inside a message."""

from __future__ import annotations

import importlib
import json
import os
import re
from collections.abc import Callable
from typing import Any

import pytest

from pokercore import parse_cards

CARD = re.compile(r"^[2-9TJQKA][cdhs]$")


def require(module: str) -> Any:
    """Import a module of the web extra; skip the tests without it, but fail under ``CI=true``."""
    try:
        return importlib.import_module(module)
    except ImportError:
        why = f'{module} is not installed: pip install -e ".[test]" (or ".[web]")'
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{why} (CI=true: the web tests must run)", pytrace=False)
        pytest.skip(why, allow_module_level=True)


def cards_in(obj: Any) -> set[int]:
    """Every card code mentioned anywhere in a JSON message (any two-character card string)."""
    out: set[int] = set()
    if isinstance(obj, str):
        if CARD.match(obj):
            out.add(parse_cards(obj)[0])
    elif isinstance(obj, dict):
        for k, v in obj.items():
            out |= cards_in(k) | cards_in(v)
    elif isinstance(obj, list):
        for v in obj:
            out |= cards_in(v)
    return out


class Client:
    """One WebSocket of the test client: ``send``, ``recv`` and waiting for a kind of message.

    Every received message is kept in ``log``; ``last_state`` is the newest state.
    """

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.log: list[dict[str, Any]] = []
        self.last_state: dict[str, Any] | None = None
        self.seat = -1
        self.table = ""
        self.token = ""
        self.sent: set[int] = set()

    def send(self, obj: Any) -> None:
        self.ws.send_text(obj if isinstance(obj, str) else json.dumps(obj))

    def recv(self) -> dict[str, Any]:
        msg = self.ws.receive_json()
        self.log.append(msg)
        if msg["type"] == "state":
            self.last_state = msg
        elif msg["type"] == "joined":
            self.seat, self.table, self.token = msg["seat"], msg["table"], msg["token"]
        return msg

    def until(self, pred: Callable[[dict[str, Any]], bool], limit: int = 500) -> dict[str, Any]:
        for _ in range(limit):
            msg = self.recv()
            if pred(msg):
                return msg
        raise AssertionError(f"no matching message in {limit}; last: {self.log[-3:]}")

    def state_where(self, pred: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The newest state if it matches ``pred``, else the next state that does."""
        if self.last_state is not None and pred(self.last_state):
            return self.last_state
        return self.until(lambda m: m["type"] == "state" and pred(m))

    def normal_deal(self) -> dict[str, Any]:
        """Binh: the newest state, playing on past deals where this seat's hand is special (declared)."""
        assert self.last_state is not None
        while self.last_state["special"]:
            deal = self.last_state["deal"]
            self.state_where(lambda m: m["phase"] == "reveal")
            self.next()
            self.state_where(lambda m, deal=deal: m["deal"] == deal + 1)
        return self.last_state

    def error(self) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == "error")

    def create(self, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
        self.send({"type": "create", "game": game, "seats": seats, **extra})
        joined = self.until(lambda m: m["type"] in ("joined", "created", "error"))
        if joined["type"] == "joined":
            self.state()
        return joined

    def state(self) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == "state")

    def my_turn(self) -> dict[str, Any]:
        """The newest draw state where this seat acts or the hand is over (and it has not answered yet)."""
        def ready(m: dict[str, Any]) -> bool:
            return m["type"] == "state" and m["seq"] not in self.sent and (
                m["actor"] == m["seat"] or m["showdown"] is not None)

        if self.last_state is not None and ready(self.last_state):
            return self.last_state
        return self.until(ready)

    def act(self, action: dict[str, Any]) -> None:
        """Send a legal-looking action with the seat's next action number."""
        assert self.last_state is not None
        seq = self.last_state["seq"]
        self.sent.add(seq)
        self.send({"type": "act", "seq": seq, "action": action})

    def next(self) -> None:
        assert self.last_state is not None
        seq = self.last_state["seq"]
        self.sent.add(seq)
        self.send({"type": "next", "seq": seq})
