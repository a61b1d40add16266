"""The JSON messages of ``pokercore serve``, read once at the edge into typed structs.

Every message is one JSON object with a ``"type"``.  A client sends
``create``, ``join``, ``act``, ``next``, ``rebuy``, ``suggest``, ``preview``
or ``ping``; the server answers with ``joined``, ``created``, ``state``,
``suggestion``, ``preview``, ``pong``, ``error`` or ``closed``.  Cards are
two-character strings (rank ``23456789TJQKA``, suit ``cdhs``: ``"As"``,
``"Td"``).  Every message is a struct: a client's of
:mod:`pokercore.web._client_messages`, the server's of
:mod:`pokercore.web._server_messages`; ``docs/protocol.md`` lists them.

:func:`parse_message` refuses a message over the size limit or nested too
deeply before decoding it, then decodes and checks it in one step into one
of the frozen client structs (:class:`Create`, :class:`Join`, :class:`Act`,
:class:`Next`, :class:`Rebuy`, :class:`Suggest`, :class:`Preview`,
:class:`Ping`).  Anything else raises :class:`ProtocolError`, whose ``code``
is the error message's code and whose text says what was wrong.

>>> parse_message('{"type": "act", "seq": 1, "action": {"kind": "bet", "amount": 2}}')
Act(seq=1, action=Bet(amount=2))
>>> parse_message('{"type": "act", "seq": 1, "action": {"kind": "draw", "cards": ["As", "Td"]}}').action.codes
(51, 33)
>>> parse_message('{"type": "act", "action": {"kind": "check"}}')
Traceback (most recent call last):
...
pokercore.web._protocol.ProtocolError: act: 'seq' is missing (the seat's next action number)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any, SupportsIndex

import msgspec

from ..cards import RANKS, SUITS, format_card
from ..errors import PokercoreValueError
from ._client_messages import (
    BETTING_KINDS,
    BINH_LEVELS,
    CARD_PATTERN,
    CLIENT_MESSAGES,
    CLIENT_TYPES,
    DECODER,
    DRAW_KINDS,
    DRAW_LEVELS,
    HOLDEM_LEVELS,
    HOLDEM_VARIANTS,
    MAX_CHIPS,
    PLAYER_SEATS,
    Act,
    Action,
    ArrangeAction,
    Bet,
    BettingAction,
    Call,
    Check,
    ClientMessage,
    Create,
    DrawAction,
    Fold,
    Join,
    Next,
    Ping,
    Preview,
    Raise,
    Rebuy,
    Suggest,
)
from ._server_messages import ENCODER, UNSET, Error, Ref, ServerMessage

__all__ = [
    "BETTING_KINDS", "BINH_LEVELS", "CLIENT_TYPES", "CLOSE_CODES", "DRAW_KINDS", "DRAW_LEVELS", "HOLDEM_LEVELS",
    "HOLDEM_VARIANTS", "MAX_CHIPS", "MAX_DEPTH", "MAX_FRAME_BYTES", "MAX_MESSAGE_BYTES", "PLAYER_SEATS", "Act",
    "Action", "ArrangeAction", "Bet", "BettingAction", "Call", "Check", "ClientMessage", "Create", "DrawAction",
    "Fold", "Join", "Next", "Ping", "Preview", "ProtocolError", "Raise", "Rebuy", "Suggest", "card_names", "encode",
    "error_message", "nested_too_deep", "parse_message", "raw_ref", "ref_of",
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
#: Refused messages up to this size are still read for the ``ref`` of their error.
_REF_BYTES = 65536
_MAX_INT = 2**31


class ProtocolError(PokercoreValueError):
    """A message the server refuses; ``code`` names the reason for programs.

    Codes: ``too_large``, ``bad_json``, ``bad_message``, ``unknown_type``,
    ``not_joined``, ``no_table``, ``bad_token``, ``not_your_turn``,
    ``stale_seq``, ``illegal_action``, ``limit``, ``rate_limited``,
    ``server_error``.  ``ref`` is the refused message's ``type`` and
    ``seq`` when they could be read; ``retry_after`` (``rate_limited``)
    the seconds to wait before sending again.
    """

    def __init__(self, code: str, message: str, ref: Ref | None = None, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.ref = ref
        self.retry_after = retry_after


# ---------------------------------------------------------------------- server side


def error_message(code: str, message: str, ref: Ref | None = None, retry_after: float | None = None,
                  *, with_ref: bool = True) -> Error:
    """The server's ``error`` message (``with_ref=False``: one that answers no message, so it has no ``ref``).

    >>> encode(error_message("stale_seq", "expected seq 3, got 2", Ref("act", 2)))
    '{"type":"error","code":"stale_seq","message":"expected seq 3, got 2","ref":{"type":"act","seq":2}}'
    """
    return Error(code, message, ref if with_ref else UNSET, UNSET if retry_after is None else retry_after)


def encode(message: ServerMessage) -> str:
    """A server message as the text of one WebSocket frame (compact JSON).

    >>> from pokercore.web._server_messages import Pong
    >>> encode(Pong())
    '{"type":"pong"}'
    """
    return ENCODER.encode(message).decode()


def card_names(codes: Iterable[SupportsIndex]) -> list[str]:
    """Card codes as protocol strings.

    >>> card_names([51, 0])
    ['As', '2c']
    """
    return [format_card(int(c)) for c in codes]


# ---------------------------------------------------------------------- reading


def _short(value: Any) -> str:
    if isinstance(value, str):
        text = repr(value)
    else:
        try:
            text = msgspec.json.encode(value).decode()
        except (TypeError, ValueError, RecursionError):
            text = repr(type(value))
    return text if len(text) <= 40 else text[:37] + "..."


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


def _checked_text(raw: str | bytes) -> str:
    """``raw`` as text, refused with ``bad_json`` when it is not UTF-8 or nests too deeply."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as exc:
        raise ProtocolError("bad_json", f"not JSON: {exc}") from None
    if nested_too_deep(text):
        raise ProtocolError("bad_json", f"not JSON this server reads: nested too deeply (arrays and objects "
                                        f"at most {MAX_DEPTH} deep)")
    return text


def _decode_any(raw: str | bytes) -> Any:
    """Any JSON value (for the ``ref`` and the wording of a refusal; the messages themselves go to the decoder)."""
    try:
        return msgspec.json.decode(_checked_text(raw))
    except (msgspec.DecodeError, UnicodeError) as exc:
        raise ProtocolError("bad_json", f"not JSON: {exc}") from None


def _repeated_key(text: str) -> str | None:
    """A key that some object of JSON ``text`` holds twice, or None (read only to word a refusal)."""
    found: list[str] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [k for k, _ in items]
        found.extend(k for i, k in enumerate(keys) if k in keys[:i])
        return dict(items)

    json.loads(text, object_pairs_hook=pairs)
    return found[0] if found else None


def _ref_of_dict(msg: dict[str, Any]) -> Ref | None:
    kind, seq = msg.get("type"), msg.get("seq")
    ref = Ref(kind if isinstance(kind, (str, int)) else UNSET, seq if isinstance(seq, (str, int)) else UNSET)
    return None if ref.type is UNSET and ref.seq is UNSET else ref


def raw_ref(raw: str | bytes) -> Ref | None:
    """The ``type`` and ``seq`` of a refused message when they can be read (so a client can match the error).

    >>> raw_ref('{"type": "act", "seq": 3, "action": 1}'), raw_ref("{nope")
    (Ref(type='act', seq=3), None)
    """
    if len(raw) > _REF_BYTES:
        return None
    try:
        msg = _decode_any(raw)
    except ProtocolError:
        return None
    return _ref_of_dict(msg) if isinstance(msg, dict) else None


def ref_of(msg: ClientMessage) -> Ref:
    """The ``ref`` of an error about an accepted message: its ``type`` and ``seq``.

    >>> ref_of(Next(4)), ref_of(Ping())
    (Ref(type='next', seq=4), Ref(type='ping', seq=UNSET))
    """
    seq = getattr(msg, "seq", None)
    return Ref(msg.type, UNSET if seq is None else seq)


#: What a field holds, for the wording of a refusal.
_HINTS = {
    "seq": "the seat's next action number",
    "action": 'an object such as {"kind": "check"}',
    "kind": f"one of {', '.join(BETTING_KINDS)} (draw and hold'em), draw (draw) or arrange (binh)",
    "amount": "a whole number of chips",
    "game": '"binh", "draw" or "holdem"',
    "seats": 'a list of "me", "remote" or AI levels',
    "hands": "hands in the session, 1..10000",
    "variant": '"nl" (no-limit hold\'em), "fl" (fixed-limit hold\'em) or "plo" (pot-limit Omaha)',
    "blinds": "[small, big], e.g. [1, 2]",
    "stacks": "one number for every seat, or a list with one stack per seat",
    "table": "a string as the server gave it",
    "token": "a string as the server gave it",
    "seat": "a seat number",
    "player": "16-64 letters, digits, - or _ (a random id the client keeps)",
}
_CARD_RULE = f'not a card: use a rank {RANKS} and a suit {SUITS}, e.g. "As" or "Td"'
_LENGTH = re.compile(r"Expected `array` of length ([<>]=) (\d+)")
_PATH_PART = re.compile(r"\.([A-Za-z_]+)|\[(\d+)\]")


#: Whole numbers with a range: a refused one names the range.
_RANGES = {"seq": (0, _MAX_INT - 1), "amount": (0, _MAX_INT - 1), "hands": (1, 10_000), "seat": (0, 5),
           "stacks": (1, MAX_CHIPS)}
#: The entries of hold'em's ``blinds`` and ``stacks`` lists, as a refusal names them.
_CHIPS = {("blinds", 0): ("the small blind", 0), ("blinds", 1): ("the big blind", 1), ("stacks", -1): ("a stack", 1)}


def _at(msg: Any, path: str) -> tuple[Any, str, int | None]:
    """The value at a decoder path (``$.action.cards[0]``), its field (``cards``) and list index (0) if any."""
    field, at = "", None
    for name, index in _PATH_PART.findall(path):
        if name:
            field, at = name, None
            msg = msg.get(name) if isinstance(msg, dict) else None
        else:
            at = int(index)
            msg = msg[at] if isinstance(msg, list) and at < len(msg) else None
    return msg, field, at


def _refusal(text: str, msg: dict[str, Any], kind: str) -> str:
    """The decoder's refusal of ``msg`` (a message of type ``kind``) in the words of the protocol."""
    said, _, path = text.partition(" - at `")
    path = path.rstrip("`") or "$"
    value, field, index = _at(msg, path)
    where = f"{kind}: " + ("action " if path.startswith("$.action") and field != "action" else "")
    if said.startswith("Object missing required field"):
        missing = said.split("`")[1]
        hint = _HINTS.get(missing)
        return f"{where}{missing!r} is missing" + (f" ({hint})" if hint else "")
    if said.startswith("Object contains unknown field"):
        extra = said.split("`")[1]
        if extra == "cards" and path.startswith("$.action"):
            return f"{kind}: only a draw takes 'cards', not {_short(msg['action'].get('kind'))}"
        if path == "$":
            allowed = next(m for m in CLIENT_MESSAGES if m.__struct_config__.tag == kind).__struct_fields__
            return f"{kind}: unknown field(s) {extra!r}; allowed: {', '.join(allowed) or 'none'}"
        return f"{where}unknown field {extra!r}"
    if not said.startswith(("Expected", "Invalid")):  # a check of the message's own (its __post_init__)
        return f"{where}{said}"
    counted = _LENGTH.match(said)
    if counted and isinstance(value, list):
        most = "at most" if counted.group(1) == "<=" else "at least"
        return f"{where}{field!r} must hold {most} {counted.group(2)} cards, got {len(value)}"
    if CARD_PATTERN in said:
        return f"{where}{field}: {_short(value)} is {_CARD_RULE}"
    if index is not None and (field, index if field == "blinds" else -1) in _CHIPS:
        what, low = _CHIPS[field, index if field == "blinds" else -1]
        return f"{where}{what} must be a whole number of chips in {low}..{MAX_CHIPS}, got {_short(value)}"
    if field in _RANGES and isinstance(value, int) and not isinstance(value, bool):
        low, high = _RANGES[field]
        return f"{where}{field!r} must be in {low}..{high}, got {value}"
    hint = _HINTS.get(field)
    return f"{where}{field!r} must be {hint or said}, got {_short(value)}" if hint else \
        f"{where}{field!r}: {said}, got {_short(value)}"


def parse_message(raw: str | bytes, max_bytes: int = MAX_MESSAGE_BYTES) -> ClientMessage:
    """Decode and check one client message into its typed struct; raise :class:`ProtocolError` if it is refused.

    The message may be ``max_bytes`` long (UTF-8 bytes), not one byte more.

    >>> parse_message('{"type": "ping"}' + " " * 4080)
    Ping()
    >>> parse_message('{"type": "ping"}' + " " * 4081)
    Traceback (most recent call last):
    ...
    pokercore.web._protocol.ProtocolError: message of 4097 bytes; the limit is 4096
    """
    size = len(raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw)
    if size > max_bytes:
        raise ProtocolError("too_large", f"message of {size} bytes; the limit is {max_bytes}", raw_ref(raw))
    text = _checked_text(raw)
    try:
        return DECODER.decode(text)
    except msgspec.ValidationError as exc:
        refused = str(exc)
    except (msgspec.DecodeError, UnicodeError) as exc:
        raise ProtocolError("bad_json", f"not JSON: {exc}") from None
    msg = _decode_any(text)  # the refused message as plain JSON, to word its refusal
    if not isinstance(msg, dict):
        raise ProtocolError("bad_message", f"a message is a JSON object with a \"type\", got {_short(msg)}")
    kind = msg.get("type")
    ref = _ref_of_dict(msg)
    if not isinstance(kind, str) or kind not in CLIENT_TYPES:
        raise ProtocolError("unknown_type", f"unknown message type {_short(kind)}; use one of "
                                            f"{', '.join(CLIENT_TYPES)}", ref)
    repeated = _repeated_key(text)
    if repeated is not None:  # the decoder checks every copy of a key; the last one would count
        raise ProtocolError("bad_message", f"{kind}: key {repeated!r} appears twice in one object; send each "
                                           f"field once", ref)
    raise ProtocolError("bad_message", _refusal(refused, msg, kind), ref)
