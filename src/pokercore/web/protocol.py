"""The JSON messages of ``pokercore serve``, read once at the edge into typed values holding card codes.

Every message is one JSON object with a ``"type"``.  A client sends
``create``, ``join``, ``act``, ``next``, ``rebuy``, ``suggest``, ``preview``
or ``ping``; the server answers with ``joined``, ``state``, ``suggestion``,
``preview``, ``pong`` or ``error``.  Cards are two-character strings
(rank ``23456789TJQKA``, suit ``cdhs``: ``"As"``, ``"Td"``).  The full
description is ``docs/protocol.md``.

:func:`parse_message` checks everything a message must hold and returns
one of the frozen message classes (:class:`Create`, :class:`Join`,
:class:`Act`, :class:`Next`, :class:`Rebuy`, :class:`Suggest`, :class:`Preview`,
:class:`Ping`), with cards as codes; the server behind it never sees raw
JSON or card strings.  Anything else raises :class:`ProtocolError`, whose
``code`` is the error message's code.

>>> parse_message('{"type": "act", "seq": 1, "action": {"kind": "bet", "amount": 2}}')
Act(seq=1, action=BettingAction(kind='bet', amount=2))
>>> parse_message('{"type": "act", "seq": 1, "action": {"kind": "draw", "cards": ["As", "Td"]}}').action
DrawAction(cards=(51, 33))
>>> parse_message('{"type": "act"}')
Traceback (most recent call last):
...
pokercore.web.protocol.ProtocolError: act: 'seq' must be an integer (the seat's next action number), got null
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, SupportsIndex

from ..binh import AGENT_LEVELS as _BINH_AGENTS
from ..cards import RANKS, SUITS, format_card
from ..draw.ai import AGENTS as _DRAW_AGENTS
from ..errors import PokercoreValueError
from ..holdem.ai import AGENTS as _HOLDEM_AGENTS

__all__ = [
    "BETTING_KINDS", "BINH_LEVELS", "CLIENT_TYPES", "CLOSE_CODES", "DRAW_KINDS", "DRAW_LEVELS", "HOLDEM_LEVELS",
    "HOLDEM_VARIANTS", "MAX_DEPTH", "MAX_FRAME_BYTES", "MAX_MESSAGE_BYTES", "PLAYER_SEATS", "Act", "Action",
    "ArrangeAction", "BettingAction", "ClientMessage", "Create", "DrawAction", "Join", "Next", "Ping", "Preview",
    "ProtocolError", "Rebuy", "Suggest", "card_codes", "card_names", "encode", "error_message", "nested_too_deep",
    "parse_message", "raw_ref", "ref_of",
]

#: Largest message the server reads (bytes of UTF-8); larger ones are refused with ``too_large``.
MAX_MESSAGE_BYTES = 4096
#: Largest WebSocket frame the server takes in at all; a larger one closes the connection with code 1009.
MAX_FRAME_BYTES = 65536
#: Deepest nesting of JSON arrays and objects read (a real message needs 3); deeper is ``bad_json``.
MAX_DEPTH = 8
#: The WebSocket close codes the server uses, and when (``docs/protocol.md`` lists the same).
CLOSE_CODES = {
    1000: "normal close: the server stops, or this seat was joined from another connection",
    1008: "policy: kept sending while rate-limited, or never read its messages",
    1009: f"a frame over {MAX_FRAME_BYTES} bytes (not read, so no error message)",
    1011: "the server failed on a message (a bug; the error is logged)",
    1013: "try again later: the server or this address has its maximum of connections",
}
#: AI levels a seat of each game may be given: the games' own agent registries.
BINH_LEVELS: tuple[str, ...] = tuple(_BINH_AGENTS)
DRAW_LEVELS: tuple[str, ...] = tuple(_DRAW_AGENTS)
HOLDEM_LEVELS: tuple[str, ...] = tuple(_HOLDEM_AGENTS)
#: Hold'em variants a table may deal: no-limit and fixed-limit hold'em, pot-limit Omaha.
HOLDEM_VARIANTS = ("nl", "fl", "plo")
#: Largest blind and stack a hold'em ``create`` may ask for.
MAX_CHIPS = 10_000_000
#: Draw actions: the betting moves, then the draw.
BETTING_KINDS = ("fold", "check", "call", "bet", "raise")
DRAW_KINDS = (*BETTING_KINDS, "draw")
#: Seats a ``create`` may ask for besides AI levels: this connection, or another client.
PLAYER_SEATS = ("me", "remote")

_CODE_OF = {format_card(c): c for c in range(52)}  # the canonical two-character names only
_TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_PLAYER_ID = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
_MAX_INT = 2**31
#: Refused messages up to this size are still read for the ``ref`` of their error.
_REF_BYTES = 65536


class ProtocolError(PokercoreValueError):
    """A message the server refuses; ``code`` names the reason for programs.

    Codes: ``too_large``, ``bad_json``, ``bad_message``, ``unknown_type``,
    ``not_joined``, ``no_table``, ``bad_token``, ``not_your_turn``,
    ``stale_seq``, ``illegal_action``, ``limit``, ``rate_limited``,
    ``server_error``.  ``ref`` is the refused message's ``type`` and
    ``seq`` when they could be read; ``retry_after`` (``rate_limited``)
    the seconds to wait before sending again.
    """

    def __init__(self, code: str, message: str, ref: dict[str, Any] | None = None,
                 retry_after: float | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.ref = ref
        self.retry_after = retry_after


# ---------------------------------------------------------------------- client messages


@dataclass(frozen=True)
class BettingAction:
    """A betting move: ``kind`` is fold, check, call, bet or raise; ``amount`` optional.

    Draw: ``amount`` is the chips put in now; hold'em: the "to" amount, the
    seat's whole bet this round after the move ("raise to 300").
    """

    kind: str
    amount: int | None = None


@dataclass(frozen=True)
class DrawAction:
    """The draw: the codes of 0-3 cards to exchange (none: stand pat)."""

    kind: ClassVar[str] = "draw"
    cards: tuple[int, ...] = ()


@dataclass(frozen=True)
class ArrangeAction:
    """A Binh arrangement: 3, 5 and 5 card codes."""

    kind: ClassVar[str] = "arrange"
    top: tuple[int, ...]
    middle: tuple[int, ...]
    bottom: tuple[int, ...]


Action = BettingAction | DrawAction | ArrangeAction


@dataclass(frozen=True)
class Create:
    """Open a seat table: ``seats`` holds ``"me"``, ``"remote"`` or AI levels; ``hands`` (draw, hold'em) or None.

    Hold'em only: ``variant`` (``"nl"``, ``"fl"``, ``"plo"``), ``blinds``
    (small, big) and ``stacks`` (one per seat); None means the table's default.

    ``player`` is the creator's player id (its history), or None.
    """

    type: ClassVar[str] = "create"
    game: str
    seats: tuple[str, ...]
    hands: int | None = None
    variant: str | None = None
    blinds: tuple[int, int] | None = None
    stacks: tuple[int, ...] | None = None
    player: str | None = None


@dataclass(frozen=True)
class Join:
    """Take seat ``seat`` of seat table ``table`` with its secret ``token``."""

    type: ClassVar[str] = "join"
    table: str
    seat: int
    token: str
    player: str | None = None


@dataclass(frozen=True)
class Act:
    """A move for the connection's seat, with the seat's action number ``seq``."""

    type: ClassVar[str] = "act"
    seq: int
    action: Action


@dataclass(frozen=True)
class Next:
    """Ready for the next hand or deal."""

    type: ClassVar[str] = "next"
    seq: int


@dataclass(frozen=True)
class Rebuy:
    """Draw: a seat that is out of chips buys back in to its starting stack (between hands)."""

    type: ClassVar[str] = "rebuy"
    seq: int


@dataclass(frozen=True)
class Suggest:
    """Binh: ask for the AI's best arrangement of the seat's cards."""

    type: ClassVar[str] = "suggest"


@dataclass(frozen=True)
class Preview:
    """Binh: names of the complete branches of a partial arrangement (card codes)."""

    type: ClassVar[str] = "preview"
    top: tuple[int, ...] = ()
    middle: tuple[int, ...] = ()
    bottom: tuple[int, ...] = ()


@dataclass(frozen=True)
class Ping:
    """Answered with ``pong``."""

    type: ClassVar[str] = "ping"


ClientMessage = Create | Join | Act | Next | Rebuy | Suggest | Preview | Ping
CLIENT_TYPES = ("create", "join", "act", "next", "rebuy", "suggest", "preview", "ping")


# ---------------------------------------------------------------------- server side


def error_message(code: str, message: str, **extra: Any) -> dict[str, Any]:
    """The server's ``error`` message.

    >>> error_message("stale_seq", "expected seq 3, got 2", expected=3)
    {'type': 'error', 'code': 'stale_seq', 'message': 'expected seq 3, got 2', 'expected': 3}
    """
    return {"type": "error", "code": code, "message": message, **extra}


def encode(message: dict[str, Any]) -> str:
    """A server message as the text of one WebSocket frame (compact JSON).

    >>> encode({"type": "pong"})
    '{"type":"pong"}'
    """
    return json.dumps(message, separators=(",", ":"))


def card_names(codes: Iterable[SupportsIndex]) -> list[str]:
    """Card codes as protocol strings.

    >>> card_names([51, 0])
    ['As', '2c']
    """
    return [format_card(int(c)) for c in codes]


# ---------------------------------------------------------------------- reading


def card_codes(value: Any, what: str, *, max_len: int = 13) -> tuple[int, ...]:
    """Protocol card strings as distinct codes; refuses anything else with a ``bad_message`` error.

    >>> card_codes(["As", "Td"], "cards")
    (51, 33)
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
        code = _CODE_OF.get(c) if isinstance(c, str) else None
        if code is None:
            raise ProtocolError("bad_message", f"{what}: {_short(c)} is not a card: use a rank "
                                               f"{RANKS} and a suit {SUITS}, e.g. \"As\" or \"Td\"")
        if code in out:
            raise ProtocolError("bad_message", f"{what}: card {c!r} appears twice")
        out.append(code)
    return tuple(out)


def _short(value: Any) -> str:
    try:
        text = json.dumps(value) if not isinstance(value, str) else repr(value)
    except (TypeError, ValueError, RecursionError):
        text = repr(type(value))
    return text if len(text) <= 40 else text[:37] + "..."


def _int(msg: dict[str, Any], key: str, what: str, low: int = 0, high: int = _MAX_INT) -> int:
    v = msg.get(key)
    if isinstance(v, bool) or not isinstance(v, int):
        raise ProtocolError("bad_message", f"{msg['type']}: {key!r} must be an integer ({what}), got {_short(v)}")
    if not low <= v <= high:
        raise ProtocolError("bad_message", f"{msg['type']}: {key!r} must be in {low}..{high}, got {v}")
    return v


def _str(msg: dict[str, Any], key: str) -> str:
    v = msg.get(key)
    if not isinstance(v, str) or not _TABLE_ID.match(v):
        raise ProtocolError("bad_message", f"{msg['type']}: {key!r} must be a string as the server gave it, "
                                           f"got {_short(v)}")
    return v


def _player(msg: dict[str, Any]) -> str | None:
    """The optional ``player`` id of create and join: 16-64 letters, digits, - or _ (random, kept by the client)."""
    v = msg.get("player")
    if v is not None and (not isinstance(v, str) or not _PLAYER_ID.match(v)):
        raise ProtocolError("bad_message", f"{msg['type']}: 'player' must be 16-64 letters, digits, - or _ "
                                           f"(a random id the client keeps), got {_short(v)}")
    return v if isinstance(v, str) else None


def _only(msg: dict[str, Any], allowed: set[str]) -> None:
    extra = sorted(set(msg) - allowed - {"type"})
    if extra:
        raise ProtocolError("bad_message", f"{msg['type']}: unknown field(s) {', '.join(map(repr, extra))}; "
                                           f"allowed: {', '.join(sorted(allowed)) or 'none'}")


_GAMES = {"binh": (2, 4, BINH_LEVELS), "draw": (2, 6, DRAW_LEVELS), "holdem": (2, 6, HOLDEM_LEVELS)}


def _chips(value: Any, what: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MAX_CHIPS:
        raise ProtocolError("bad_message", f"create: {what} must be a whole number of chips in "
                                           f"{low}..{MAX_CHIPS}, got {_short(value)}")
    return value


_HoldemOptions = tuple[str | None, tuple[int, int] | None, tuple[int, ...] | None]


def _holdem_options(msg: dict[str, Any], seats: int) -> _HoldemOptions:
    """``variant``, ``blinds`` and ``stacks`` of a hold'em ``create`` (None where not given)."""
    variant = msg.get("variant")
    if "variant" in msg and (not isinstance(variant, str) or variant not in HOLDEM_VARIANTS):
        raise ProtocolError("bad_message", f"create: 'variant' must be \"nl\" (no-limit hold'em), \"fl\" (fixed-"
                                           f"limit hold'em) or \"plo\" (pot-limit Omaha), got {_short(variant)}")
    blinds = None
    if "blinds" in msg:
        raw = msg["blinds"]
        if not isinstance(raw, list) or len(raw) != 2:
            raise ProtocolError("bad_message", f"create: 'blinds' must be [small, big], e.g. [1, 2], got {_short(raw)}")
        small, big = _chips(raw[0], "the small blind", 0), _chips(raw[1], "the big blind", 1)
        if small > big:
            raise ProtocolError("bad_message", f"create: the small blind ({small}) must not be larger than the big "
                                               f"blind ({big})")
        blinds = (small, big)
    stacks = None
    if "stacks" in msg:
        raw = msg["stacks"]
        if isinstance(raw, list):
            if len(raw) != seats:
                raise ProtocolError("bad_message", f"create: 'stacks' must hold one stack per seat ({seats}), "
                                                   f"got {len(raw)}")
            stacks = tuple(_chips(v, "a stack", 1) for v in raw)
        else:
            stacks = (_chips(raw, "'stacks' (one number for every seat, or a list)", 1),) * seats
    return (variant if "variant" in msg else None), blinds, stacks


def _create(msg: dict[str, Any]) -> Create:
    game = msg.get("game")
    _only(msg, {"game", "seats", "hands", "player"} | ({"variant", "blinds", "stacks"} if game == "holdem" else set()))
    if not isinstance(game, str) or game not in _GAMES:
        raise ProtocolError("bad_message", f"create: 'game' must be \"binh\", \"draw\" or \"holdem\", "
                                           f"got {_short(game)}")
    low, high, levels = _GAMES[game]
    seats = msg.get("seats")
    if not isinstance(seats, list) or not low <= len(seats) <= high:
        raise ProtocolError("bad_message", f"create: 'seats' must be a list of {low} to {high} seats "
                                           f"for {game}, got {_short(seats)}")
    for s in seats:
        if not isinstance(s, str) or (s not in PLAYER_SEATS and s not in levels):
            raise ProtocolError("bad_message", f"create: a seat is \"me\", \"remote\" or an AI level "
                                               f"({', '.join(levels)}), got {_short(s)}")
    if seats.count("me") > 1:
        raise ProtocolError("bad_message", "create: at most one seat may be \"me\"")
    if not any(seat in PLAYER_SEATS for seat in seats):
        raise ProtocolError("bad_message", "create: at least one seat must be \"me\" or \"remote\": a table of "
                                           "AIs only has nobody to play it")
    hands = None
    if "hands" in msg:
        if game == "binh":
            raise ProtocolError("bad_message", "create: 'hands' applies to hold'em and draw only")
        hands = _int(msg, "hands", "hands in the session", 1, 10_000)
    variant, blinds, stacks = _holdem_options(msg, len(seats)) if game == "holdem" else (None, None, None)
    return Create(game, tuple(seats), hands, variant, blinds, stacks, _player(msg))


def _join(msg: dict[str, Any]) -> Join:
    _only(msg, {"table", "seat", "token", "player"})
    table = _str(msg, "table")
    seat = _int(msg, "seat", "a seat number", 0, 5)
    return Join(table, seat, _str(msg, "token"), _player(msg))


def _action(action: Any) -> Action:
    if not isinstance(action, dict):
        raise ProtocolError("bad_message", f"act: 'action' must be an object such as {{\"kind\": \"check\"}}, "
                                           f"got {_short(action)}")
    kind = action.get("kind")
    out: Action
    if kind == "arrange":
        allowed = {"kind", "top", "middle", "bottom"}
        branches = []
        for key, n in (("top", 3), ("middle", 5), ("bottom", 5)):
            cards = card_codes(action.get(key), f"act: {key}", max_len=n)
            if len(cards) != n:
                raise ProtocolError("bad_message", f"act: {key} must hold {n} cards, got {len(cards)}")
            branches.append(cards)
        out = ArrangeAction(*branches)
    elif isinstance(kind, str) and kind in DRAW_KINDS:
        allowed = {"kind", "amount", "cards"}
        amount = action.get("amount")
        if "amount" in action and (isinstance(amount, bool) or not isinstance(amount, int)
                                   or not 0 <= amount < _MAX_INT):
            raise ProtocolError("bad_message", f"act: 'amount' must be a whole number of chips, got {_short(amount)}")
        if "cards" in action and kind != "draw":
            raise ProtocolError("bad_message", f"act: only a draw takes 'cards', not {kind}")
        if kind == "draw":  # a draw moves no chips: an amount is ignored
            out = DrawAction(card_codes(action.get("cards", []), "act: cards", max_len=5))
        else:
            out = BettingAction(kind, amount)
    else:
        raise ProtocolError("bad_message", f"act: 'kind' must be one of {', '.join(BETTING_KINDS)} (draw and "
                                           f"hold'em), draw (draw) or arrange (binh), got {_short(kind)}")
    extra = sorted(set(action) - allowed)
    if extra:
        raise ProtocolError("bad_message", f"act: unknown action field(s) {', '.join(map(repr, extra))}")
    return out


def _act(msg: dict[str, Any]) -> Act:
    _only(msg, {"seq", "action"})
    seq = _int(msg, "seq", "the seat's next action number")
    return Act(seq, _action(msg.get("action")))


def _next(msg: dict[str, Any]) -> Next:
    _only(msg, {"seq"})
    return Next(_int(msg, "seq", "the seat's next action number"))


def _rebuy(msg: dict[str, Any]) -> Rebuy:
    _only(msg, {"seq"})
    return Rebuy(_int(msg, "seq", "the seat's next action number"))


def _preview(msg: dict[str, Any]) -> Preview:
    _only(msg, {"top", "middle", "bottom"})
    parts = [card_codes(msg.get(key, []), f"preview: {key}", max_len=n)
             for key, n in (("top", 3), ("middle", 5), ("bottom", 5))]
    seen = parts[0] + parts[1] + parts[2]
    if len(set(seen)) != len(seen):
        raise ProtocolError("bad_message", "preview: a card appears in two branches")
    return Preview(*parts)


def _no_fields(cls: type[Suggest] | type[Ping]) -> Callable[[dict[str, Any]], Suggest | Ping]:
    def read(msg: dict[str, Any]) -> Suggest | Ping:
        _only(msg, set())
        return cls()
    return read


_READERS: dict[str, Callable[[dict[str, Any]], ClientMessage]] = {
    "create": _create, "join": _join, "act": _act, "next": _next, "rebuy": _rebuy, "preview": _preview,
    "suggest": _no_fields(Suggest), "ping": _no_fields(Ping),
}


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def nested_too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether JSON ``text`` nests arrays and objects more than ``limit`` deep (brackets in strings ignored).

    Checked before decoding, so no message can make the decoder recurse deeply.

    >>> nested_too_deep('{"a": [[1]], "b": "[[[[[[[[[["}', 3), nested_too_deep("[" * 9 + "]" * 9)
    (False, True)
    """
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for ch in _BRACKET.findall(_STRING.sub("", text)):
        if ch in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def _decode(raw: str | bytes) -> Any:
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        if nested_too_deep(text):
            raise RecursionError
        return json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ProtocolError("bad_json", f"not JSON: {exc}") from None
    except RecursionError:
        raise ProtocolError("bad_json", f"not JSON this server reads: nested too deeply (arrays and objects "
                                        f"at most {MAX_DEPTH} deep)") from None


def _ref_of_dict(msg: dict[str, Any]) -> dict[str, Any] | None:
    out = {k: msg[k] for k in ("type", "seq") if isinstance(msg.get(k), (str, int))}
    return out or None


def raw_ref(raw: str | bytes) -> dict[str, Any] | None:
    """The ``type`` and ``seq`` of a refused message when they can be read (so a client can match the error).

    >>> raw_ref('{"type": "act", "seq": 3, "action": 1}'), raw_ref("{nope")
    ({'type': 'act', 'seq': 3}, None)
    """
    if len(raw) > _REF_BYTES:
        return None
    try:
        msg = _decode(raw)
    except ProtocolError:
        return None
    return _ref_of_dict(msg) if isinstance(msg, dict) else None


def ref_of(msg: ClientMessage) -> dict[str, Any]:
    """The ``ref`` of an error about an accepted message: its ``type`` and ``seq``.

    >>> ref_of(Next(4)), ref_of(Ping())
    ({'type': 'next', 'seq': 4}, {'type': 'ping'})
    """
    seq = getattr(msg, "seq", None)
    return {"type": msg.type} if seq is None else {"type": msg.type, "seq": seq}


def parse_message(raw: str | bytes, max_bytes: int = MAX_MESSAGE_BYTES) -> ClientMessage:
    """Decode and check one client message into its typed value; raise :class:`ProtocolError` if it is refused.

    The message may be ``max_bytes`` long (UTF-8 bytes), not one byte more.

    >>> parse_message('{"type": "ping"}' + " " * 4080)
    Ping()
    >>> parse_message('{"type": "ping"}' + " " * 4081)
    Traceback (most recent call last):
    ...
    pokercore.web.protocol.ProtocolError: message of 4097 bytes; the limit is 4096
    """
    size = len(raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw)
    if size > max_bytes:
        raise ProtocolError("too_large", f"message of {size} bytes; the limit is {max_bytes}", raw_ref(raw))
    msg = _decode(raw)
    if not isinstance(msg, dict):
        raise ProtocolError("bad_message", f"a message is a JSON object with a \"type\", got {_short(msg)}")
    kind = msg.get("type")
    reader = _READERS.get(kind) if isinstance(kind, str) else None
    try:
        if reader is None:
            raise ProtocolError("unknown_type", f"unknown message type {_short(kind)}; "
                                                f"use one of {', '.join(CLIENT_TYPES)}")
        return reader(msg)
    except ProtocolError as exc:
        exc.ref = _ref_of_dict(msg)
        raise
