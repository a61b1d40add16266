"""The JSON messages of ``pokercore serve``: parsing, validation and the error message.

Every message is one JSON object with a ``"type"``.  A client sends
``create``, ``join``, ``act``, ``next``, ``suggest``, ``preview`` or
``ping``; the server answers with ``joined``, ``state``, ``suggestion``,
``preview``, ``pong`` or ``error``.  Cards are two-character strings
(rank ``23456789TJQKA``, suit ``cdhs``: ``"As"``, ``"Td"``).  The full
description is ``docs/protocol.md``.

Parsing checks everything a message must hold before the server looks at
it; anything else raises :class:`ProtocolError` whose ``code`` is the
error message's code.

>>> parse_message('{"type": "act", "seq": 1, "action": {"kind": "bet", "amount": 2}}')
{'type': 'act', 'seq': 1, 'action': {'kind': 'bet', 'amount': 2}}
>>> parse_message('{"type": "act"}')
Traceback (most recent call last):
...
pokercore.web.protocol.ProtocolError: act: 'seq' must be an integer (the seat's next action number), got null
>>> card_codes(["As", "Td"], "cards")
[51, 33]
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..cards import format_card
from ..errors import PokercoreError

__all__ = [
    "BINH_LEVELS",
    "CLIENT_TYPES",
    "DRAW_KINDS",
    "DRAW_LEVELS",
    "MAX_MESSAGE_BYTES",
    "ProtocolError",
    "card_codes",
    "card_names",
    "error_message",
    "parse_message",
]

#: Largest message the server reads (bytes of UTF-8); larger ones are refused.
MAX_MESSAGE_BYTES = 4096

CLIENT_TYPES = ("create", "join", "act", "next", "suggest", "preview", "ping")
#: AI levels a seat of each game may be given.
BINH_LEVELS = ("easy", "normal", "hard", "strongest")
DRAW_LEVELS = ("easy", "normal", "hard", "random", "call")
DRAW_KINDS = ("fold", "check", "call", "bet", "raise", "draw")

_CARD = re.compile(r"^[2-9TJQKA][cdhs]$")
_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
_TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_MAX_INT = 2**31


class ProtocolError(PokercoreError, ValueError):
    """A message the server refuses; ``code`` names the reason for programs.

    Codes: ``too_large``, ``bad_json``, ``bad_message``, ``unknown_type``,
    ``not_joined``, ``already_joined``, ``no_table``, ``bad_token``,
    ``not_your_turn``, ``stale_seq``, ``illegal_action``, ``limit``,
    ``rate_limited``.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def error_message(code: str, message: str, **extra: Any) -> dict[str, Any]:
    """The server's ``error`` message.

    >>> error_message("stale_seq", "expected seq 3, got 2", expected=3)
    {'type': 'error', 'code': 'stale_seq', 'message': 'expected seq 3, got 2', 'expected': 3}
    """
    return {"type": "error", "code": code, "message": message, **extra}


def card_names(codes: Any) -> list[str]:
    """Card codes as protocol strings.

    >>> card_names([51, 0])
    ['As', '2c']
    """
    return [format_card(int(c)) for c in codes]


def card_codes(value: Any, what: str, *, max_len: int = 13) -> list[int]:
    """Protocol card strings as distinct codes; refuses anything else with a ``bad_message`` error.

    >>> card_codes(["As", "As"], "cards")
    Traceback (most recent call last):
    ...
    pokercore.web.protocol.ProtocolError: cards: card 'As' appears twice
    """
    if not isinstance(value, list):
        raise ProtocolError("bad_message", f"{what}: expected a list of cards such as [\"As\", \"Td\"], "
                                           f"got {_short(value)}")
    if len(value) > max_len:
        raise ProtocolError("bad_message", f"{what}: at most {max_len} cards, got {len(value)}")
    out: list[int] = []
    for c in value:
        if not isinstance(c, str) or not _CARD.match(c):
            raise ProtocolError("bad_message", f"{what}: {_short(c)} is not a card: use a rank "
                                               f"23456789TJQKA and a suit cdhs, e.g. \"As\" or \"Td\"")
        code = _RANKS.index(c[0]) * 4 + _SUITS.index(c[1])
        if code in out:
            raise ProtocolError("bad_message", f"{what}: card {c!r} appears twice")
        out.append(code)
    return out


def _short(value: Any) -> str:
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _int(msg: dict[str, Any], key: str, what: str, low: int = 0, high: int = _MAX_INT) -> int:
    v = msg.get(key)
    if isinstance(v, bool) or not isinstance(v, int):
        raise ProtocolError("bad_message", f"{msg['type']}: {key!r} must be an integer ({what}), got {_short(v)}")
    if not low <= v <= high:
        raise ProtocolError("bad_message", f"{msg['type']}: {key!r} must be in {low}..{high}, got {v}")
    return v


def _str(msg: dict[str, Any], key: str, pattern: re.Pattern[str] | None = None, max_len: int = 64) -> str:
    v = msg.get(key)
    if not isinstance(v, str) or not v or len(v) > max_len or (pattern is not None and not pattern.match(v)):
        raise ProtocolError("bad_message", f"{msg['type']}: {key!r} must be a string as the server gave it, "
                                           f"got {_short(v)}")
    return v


def _only(msg: dict[str, Any], allowed: set[str]) -> None:
    extra = sorted(set(msg) - allowed - {"type"})
    if extra:
        raise ProtocolError("bad_message", f"{msg['type']}: unknown field(s) {', '.join(map(repr, extra))}; "
                                           f"allowed: {', '.join(sorted(allowed)) or 'none'}")


def _check_create(msg: dict[str, Any]) -> None:
    _only(msg, {"game", "seats", "hands"})
    game = msg.get("game")
    if game not in ("binh", "draw"):
        raise ProtocolError("bad_message", f"create: 'game' must be \"binh\" or \"draw\", got {_short(game)}")
    seats = msg.get("seats")
    levels = BINH_LEVELS if game == "binh" else DRAW_LEVELS
    low, high = (2, 4) if game == "binh" else (2, 6)
    if not isinstance(seats, list) or not low <= len(seats) <= high:
        raise ProtocolError("bad_message", f"create: 'seats' must be a list of {low} to {high} seats "
                                           f"for {game}, got {_short(seats)}")
    for s in seats:
        if s not in ("me", "remote") and s not in levels:
            raise ProtocolError("bad_message", f"create: a seat is \"me\", \"remote\" or an AI level "
                                               f"({', '.join(levels)}), got {_short(s)}")
    if seats.count("me") > 1:
        raise ProtocolError("bad_message", "create: at most one seat may be \"me\"")
    if "hands" in msg:
        if game != "draw":
            raise ProtocolError("bad_message", "create: 'hands' applies to draw only")
        _int(msg, "hands", "hands in the session", 1, 10_000)


def _check_act(msg: dict[str, Any]) -> None:
    _only(msg, {"seq", "action"})
    _int(msg, "seq", "the seat's next action number")
    action = msg.get("action")
    if not isinstance(action, dict):
        raise ProtocolError("bad_message", f"act: 'action' must be an object such as {{\"kind\": \"check\"}}, "
                                           f"got {_short(action)}")
    kind = action.get("kind")
    if kind == "arrange":
        extra = sorted(set(action) - {"kind", "top", "middle", "bottom"})
        for key, n in (("top", 3), ("middle", 5), ("bottom", 5)):
            cards = card_codes(action.get(key), f"act: {key}", max_len=n)
            if len(cards) != n:
                raise ProtocolError("bad_message", f"act: {key} must hold {n} cards, got {len(cards)}")
    elif kind in DRAW_KINDS:
        extra = sorted(set(action) - {"kind", "amount", "cards"})
        if "amount" in action:
            a = action["amount"]
            if isinstance(a, bool) or not isinstance(a, int) or not 0 <= a < _MAX_INT:
                raise ProtocolError("bad_message", f"act: 'amount' must be a whole number of chips, got {_short(a)}")
        if "cards" in action:
            if kind != "draw":
                raise ProtocolError("bad_message", f"act: only a draw takes 'cards', not {kind}")
            card_codes(action["cards"], "act: cards", max_len=5)
    else:
        raise ProtocolError("bad_message", f"act: 'kind' must be one of {', '.join(DRAW_KINDS)} (draw) or "
                                           f"arrange (binh), got {_short(kind)}")
    if extra:
        raise ProtocolError("bad_message", f"act: unknown action field(s) {', '.join(map(repr, extra))}")


def _check_preview(msg: dict[str, Any]) -> None:
    _only(msg, {"top", "middle", "bottom"})
    seen: list[int] = []
    for key, n in (("top", 3), ("middle", 5), ("bottom", 5)):
        seen += card_codes(msg.get(key, []), f"preview: {key}", max_len=n)
    if len(set(seen)) != len(seen):
        raise ProtocolError("bad_message", "preview: a card appears in two branches")


def parse_message(raw: str | bytes, max_bytes: int = MAX_MESSAGE_BYTES) -> dict[str, Any]:
    """Decode and check one client message; raise :class:`ProtocolError` if it is refused."""
    size = len(raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw)
    if size > max_bytes:
        raise ProtocolError("too_large", f"message of {size} bytes; the limit is {max_bytes}")
    try:
        msg = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ProtocolError("bad_json", f"not JSON: {exc}") from None
    if not isinstance(msg, dict):
        raise ProtocolError("bad_message", f"a message is a JSON object with a \"type\", got {_short(msg)}")
    kind = msg.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError("unknown_type", f"unknown message type {_short(kind)}; "
                                            f"use one of {', '.join(CLIENT_TYPES)}")
    if kind == "create":
        _check_create(msg)
    elif kind == "join":
        _only(msg, {"table", "seat", "token"})
        _str(msg, "table", _TABLE_ID)
        _int(msg, "seat", "a seat number", 0, 5)
        _str(msg, "token", _TABLE_ID)
    elif kind == "act":
        _check_act(msg)
    elif kind == "next":
        _only(msg, {"seq"})
        _int(msg, "seq", "the seat's next action number")
    elif kind == "preview":
        _check_preview(msg)
    else:
        _only(msg, set())
    return msg
