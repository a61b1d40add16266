"""The messages a client sends to ``pokercore serve`` (a page or a bot), one typed struct each, and their checks.

Client messages are msgspec structs tagged by their ``"type"`` (actions by
their ``"kind"``) that refuse unknown fields; :data:`DECODER` reads and
checks a whole message in one step (:func:`pokercore.web._protocol.parse_message`
puts the size and nesting limits before it and turns its refusals into
``ProtocolError``).  What JSON Schema cannot say (which seats a game takes,
a card twice, a small blind over the big one) each struct checks in its
``__post_init__``.  Cards stay what the protocol sends: two-character
strings (``"As"``, the :data:`Card` type the server's messages share); the
properties ``codes`` and ``branches`` give the server their card codes.
The server's answers are in :mod:`pokercore.web._server_messages`;
``docs/protocol.md`` renders its message tables from both
(``scripts/protocol_doc.py``), and a test holds the two together.

>>> DECODER.decode(b'{"type": "act", "seq": 1, "action": {"kind": "draw", "cards": ["As", "Td"]}}').action.codes
(51, 33)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, ClassVar, Literal

import msgspec
from msgspec import Meta, Struct

from ..binh import AGENT_LEVELS as _BINH_AGENTS
from ..cards import RANKS, SUITS, format_card
from ..draw.ai import AGENTS as _DRAW_AGENTS
from ..holdem import AGENTS as _HOLDEM_AGENTS

__all__ = [
    "BETTING_KINDS",
    "BINH_LEVELS",
    "CARD_PATTERN",
    "CLIENT_MESSAGES",
    "CLIENT_TYPES",
    "DECODER",
    "DRAW_KINDS",
    "DRAW_LEVELS",
    "HOLDEM_LEVELS",
    "HOLDEM_VARIANTS",
    "MAX_CHIPS",
    "PLAYER_SEATS",
    "Act",
    "Action",
    "ArrangeAction",
    "Bet",
    "BettingAction",
    "Call",
    "Card",
    "Check",
    "ClientMessage",
    "Create",
    "DrawAction",
    "Fold",
    "Join",
    "Next",
    "Ping",
    "Preview",
    "Raise",
    "Rebuy",
    "Suggest",
    "card_codes",
]


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
#: A card on the wire: a rank and a suit.
CARD_PATTERN = f"^[{RANKS}][{SUITS}]$"

_CODE_OF = {format_card(c): c for c in range(52)}  # the canonical two-character names only
_GAMES = {"binh": (2, 4, BINH_LEVELS), "draw": (2, 6, DRAW_LEVELS), "holdem": (2, 6, HOLDEM_LEVELS)}
_MAX_INT = 2**31

#: A card on the wire, in both directions (the server's messages use it too).
Card = Annotated[str, Meta(pattern=CARD_PATTERN, description='a card: rank and suit, e.g. "As", "Td"')]
Seq = Annotated[int, Meta(ge=0, lt=_MAX_INT, description="the seat's next action number")]
Chips = Annotated[int, Meta(ge=0, lt=_MAX_INT)]
TableId = Annotated[str, Meta(pattern=r"^[A-Za-z0-9_-]{1,64}$")]
PlayerId = Annotated[str, Meta(pattern=r"^[A-Za-z0-9_-]{16,64}$",
                               description="16-64 letters, digits, - or _: a random id the client keeps")]
Blind = Annotated[int, Meta(ge=0, le=MAX_CHIPS)]
Stack = Annotated[int, Meta(ge=1, le=MAX_CHIPS)]


def card_codes(cards: Sequence[str]) -> tuple[int, ...]:
    """The codes of protocol cards already checked by the decoder.

    >>> card_codes(["As", "2c"])
    (51, 0)
    """
    return tuple(_CODE_OF[c] for c in cards)


def _distinct(cards: Sequence[str], what: str) -> None:
    seen: set[str] = set()
    for c in cards:
        if c in seen:
            raise ValueError(f"{what}: card {c!r} appears twice")
        seen.add(c)


# ---------------------------------------------------------------------- messages


class _Client(Struct, frozen=True, forbid_unknown_fields=True, tag_field="type"):
    @property
    def type(self) -> str:
        """The message's ``"type"`` (its tag)."""
        return str(self.__struct_config__.tag)


class BettingAction(Struct, frozen=True, forbid_unknown_fields=True, tag_field="kind"):
    """A betting move. Draw: ``amount`` is the chips put in now; hold'em: the "to" amount (the seat's whole bet
    this round after the move)."""

    amount: Chips | None = None

    @property
    def kind(self) -> str:
        """``fold``, ``check``, ``call``, ``bet`` or ``raise`` (the tag)."""
        return str(self.__struct_config__.tag)


class Fold(BettingAction, tag="fold", frozen=True):
    """Give up the hand."""


class Check(BettingAction, tag="check", frozen=True):
    """No bet to call."""


class Call(BettingAction, tag="call", frozen=True):
    """Match the bet; ``amount`` optional, and if given it must be the legal entry's."""


class Bet(BettingAction, tag="bet", frozen=True):
    """Open the betting of a round."""


class Raise(BettingAction, tag="raise", frozen=True):
    """Raise (draw: by the fixed bet; hold'em: to ``amount``)."""


class DrawAction(Struct, frozen=True, forbid_unknown_fields=True, tag_field="kind", tag="draw"):
    """Draw: discard 0-3 of your cards (``[]`` stands pat) and receive as many; an ``amount`` is ignored."""

    kind: ClassVar[str] = "draw"
    cards: Annotated[tuple[Card, ...], Meta(max_length=5)] = ()
    amount: Chips | None = None

    def __post_init__(self) -> None:
        _distinct(self.cards, "cards")

    @property
    def codes(self) -> tuple[int, ...]:
        """The codes of :attr:`cards`."""
        return card_codes(self.cards)


class ArrangeAction(Struct, frozen=True, forbid_unknown_fields=True, tag_field="kind", tag="arrange"):
    """Binh: your 13 cards split 3, 5 and 5 (a fouled arrangement is legal: it is scored as a foul)."""

    kind: ClassVar[str] = "arrange"
    top: Annotated[tuple[Card, ...], Meta(min_length=3, max_length=3)]
    middle: Annotated[tuple[Card, ...], Meta(min_length=5, max_length=5)]
    bottom: Annotated[tuple[Card, ...], Meta(min_length=5, max_length=5)]

    def __post_init__(self) -> None:
        for key in ("top", "middle", "bottom"):
            _distinct(getattr(self, key), key)

    @property
    def branches(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """The codes of top, middle and bottom."""
        return card_codes(self.top), card_codes(self.middle), card_codes(self.bottom)


Action = Fold | Check | Call | Bet | Raise | DrawAction | ArrangeAction


class Create(_Client, tag="create", frozen=True):
    """Opens a table. Each seat is ``"me"`` (this connection takes it; at most one), ``"remote"`` (a seat for another
    client, which joins with its token) or an AI level; at least one seat is ``"me"`` or ``"remote"``. Draw: 2-6 seats;
    Binh: 2-4; hold'em: 2-6. ``hands`` (draw and hold'em, default 1000); hold'em only: ``variant`` (default
    ``"nl"``), ``blinds`` (default [1, 2]), ``stacks`` (one number for every seat or one per seat; default 100 big
    blinds). ``player``: see Histories."""

    game: Literal["binh", "draw", "holdem"]
    seats: Annotated[tuple[str, ...], Meta(description="\"me\", \"remote\" or an AI level, per seat")]
    hands: Annotated[int, Meta(ge=1, le=10_000)] | None = None
    variant: Literal["nl", "fl", "plo"] | None = None
    blinds: tuple[Blind, Blind] | None = None
    stacks: Stack | tuple[Stack, ...] | None = None
    player: PlayerId | None = None

    def __post_init__(self) -> None:
        low, high, levels = _GAMES[self.game]
        seats = self.seats
        if not low <= len(seats) <= high:
            raise ValueError(f"'seats' must be a list of {low} to {high} seats for {self.game}, got {len(seats)}")
        for s in seats:
            if s not in PLAYER_SEATS and s not in levels:
                raise ValueError(f"a seat is \"me\", \"remote\" or an AI level ({', '.join(levels)}), got {s!r}")
        if seats.count("me") > 1:
            raise ValueError("at most one seat may be \"me\"")
        if not any(seat in PLAYER_SEATS for seat in seats):
            raise ValueError("at least one seat must be \"me\" or \"remote\": a table of AIs only has nobody "
                             "to play it")
        if self.hands is not None and self.game == "binh":
            raise ValueError("'hands' applies to hold'em and draw only")
        if self.game != "holdem":
            extra = [k for k in ("variant", "blinds", "stacks") if getattr(self, k) is not None]
            if extra:
                raise ValueError(f"unknown field(s) {', '.join(map(repr, extra))} for {self.game}: only hold'em "
                                 f"takes variant, blinds and stacks")
            return
        if self.blinds is not None and self.blinds[0] > self.blinds[1]:
            raise ValueError(f"the small blind ({self.blinds[0]}) must not be larger than the big blind "
                             f"({self.blinds[1]})")
        if self.blinds is not None and self.blinds[1] < 1:
            raise ValueError("the big blind must be at least 1")
        if isinstance(self.stacks, int):
            msgspec.structs.force_setattr(self, "stacks", (self.stacks,) * len(seats))
        elif self.stacks is not None and len(self.stacks) != len(seats):
            raise ValueError(f"'stacks' must hold one stack per seat ({len(seats)}), got {len(self.stacks)}")


class Join(_Client, tag="join", frozen=True):
    """Takes a seat: a remote seat the first time, or the same seat again after a disconnect (reconnect). If another
    connection holds the seat, that connection is told ``closed`` and loses it."""

    table: TableId
    seat: Annotated[int, Meta(ge=0, le=5)]
    token: TableId
    player: PlayerId | None = None


class Act(_Client, tag="act", frozen=True):
    """A move for your seat (see Actions)."""

    seq: Seq
    action: Action


class Next(_Client, tag="next", frozen=True):
    """After a hand (draw, hold'em) or a deal (Binh) is over: you are ready for the next one. It starts once every
    player seat (not the AIs) has sent ``next``."""

    seq: Seq


class Rebuy(_Client, tag="rebuy", frozen=True):
    """Draw only, after a hand, when your seat is out of chips (the state's ``rebuy`` is not null) and hands remain:
    your stack goes back to your starting stack and you are ready for the next hand."""

    seq: Seq


class Suggest(_Client, tag="suggest", frozen=True):
    """Binh only, while you arrange: the AI's best arrangement of your cards (answered with ``suggestion``)."""


class Preview(_Client, tag="preview", frozen=True):
    """Binh only: the names of the complete branches of your own cards, each branch possibly incomplete, and whether
    the arrangement fouls (answered with ``preview``). Changes nothing."""

    top: Annotated[tuple[Card, ...], Meta(max_length=3)] = ()
    middle: Annotated[tuple[Card, ...], Meta(max_length=5)] = ()
    bottom: Annotated[tuple[Card, ...], Meta(max_length=5)] = ()

    def __post_init__(self) -> None:
        for key in ("top", "middle", "bottom"):
            _distinct(getattr(self, key), key)
        every = self.top + self.middle + self.bottom
        if len(set(every)) != len(every):
            raise ValueError("a card appears in two branches")

    @property
    def branches(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """The codes of top, middle and bottom."""
        return card_codes(self.top), card_codes(self.middle), card_codes(self.bottom)


class Ping(_Client, tag="ping", frozen=True):
    """Answered with ``pong``."""


ClientMessage = Create | Join | Act | Next | Rebuy | Suggest | Preview | Ping
CLIENT_MESSAGES: tuple[type[_Client], ...] = (Create, Join, Act, Next, Rebuy, Suggest, Preview, Ping)
CLIENT_TYPES: tuple[str, ...] = tuple(str(m.__struct_config__.tag) for m in CLIENT_MESSAGES)
#: Reads and checks one client message (of any type) in one step.
DECODER = msgspec.json.Decoder(ClientMessage)
