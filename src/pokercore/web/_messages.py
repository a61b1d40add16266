"""Every message of the ``pokercore serve`` WebSocket protocol, both directions, as one typed struct each.

Client messages are msgspec structs tagged by their ``"type"`` (actions by
their ``"kind"``) that refuse unknown fields; :data:`DECODER` reads and
checks a whole message in one step (:func:`pokercore.web.protocol.parse_message`
puts the size and nesting limits before it and turns its refusals into
``ProtocolError``).  What JSON Schema cannot say (which seats a game takes,
a card twice, a small blind over the big one) each struct checks in its
``__post_init__``.  Cards stay what the protocol sends: two-character
strings (``"As"``); the properties ``codes`` and ``branches`` give the
server their card codes.

Server messages are structs too, encoded with :data:`ENCODER`; a field that
a message holds only sometimes is ``UNSET`` (left out), as today's wire has
it.  ``docs/protocol.md`` renders its message tables from these structs
(``scripts/protocol_doc.py``), and a test holds the two together.

>>> DECODER.decode(b'{"type": "act", "seq": 1, "action": {"kind": "draw", "cards": ["As", "Td"]}}').action.codes
(51, 33)
>>> ENCODER.encode(Pong())
b'{"type":"pong"}'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, ClassVar, Literal

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from ..binh import AGENT_LEVELS as _BINH_AGENTS
from ..cards import RANKS, SUITS, format_card
from ..draw.ai import AGENTS as _DRAW_AGENTS
from ..holdem.ai import AGENTS as _HOLDEM_AGENTS

__all__ = [
    "BETTING_KINDS",
    "BINH_LEVELS",
    "CARD_PATTERN",
    "CLIENT_MESSAGES",
    "CLIENT_TYPES",
    "DECODER",
    "DRAW_KINDS",
    "DRAW_LEVELS",
    "ENCODER",
    "HOLDEM_LEVELS",
    "HOLDEM_VARIANTS",
    "MAX_CHIPS",
    "PLAYER_SEATS",
    "SERVER_MESSAGES",
    "STATE_PARTS",
    "UNSET",
    "Act",
    "Action",
    "ArrangeAction",
    "Arranged",
    "Bet",
    "BettingAction",
    "BinhLegal",
    "BinhPlayer",
    "BinhRules",
    "BinhSpecial",
    "BinhView",
    "Call",
    "Check",
    "ClientMessage",
    "Closed",
    "Create",
    "Created",
    "DrawAction",
    "DrawEvent",
    "DrawLegal",
    "DrawPlayer",
    "DrawRules",
    "DrawShowdown",
    "DrawView",
    "Error",
    "Fold",
    "HoldemEvent",
    "HoldemLegal",
    "HoldemPlayer",
    "HoldemRules",
    "HoldemShowdown",
    "HoldemView",
    "Join",
    "Joined",
    "Next",
    "PairResult",
    "Ping",
    "Pong",
    "Pot",
    "Preview",
    "PreviewAnswer",
    "Raise",
    "Rebuy",
    "Ref",
    "Reveal",
    "RevealedHand",
    "ServerMessage",
    "Shown",
    "Suggest",
    "Suggestion",
    "View",
    "WonPot",
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


# ---------------------------------------------------------------------- client messages


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


# ---------------------------------------------------------------------- server messages


class _Server(Struct, tag_field="type"):
    pass


class _Part(Struct):
    pass


class Ref(_Part):
    """The refused message's ``type`` and ``seq``, when they could be read."""

    type: str | int | UnsetType = UNSET
    seq: int | str | UnsetType = UNSET


class Joined(_Server, tag="joined"):
    """You hold a seat: keep ``token`` to reconnect. After a ``create``: ``tokens`` (seat number as a string ->
    token, for the ``"remote"`` seats)."""

    game: str
    table: str
    seat: int
    token: str | None
    seq: int
    tokens: dict[str, str | None] | UnsetType = UNSET


class Created(_Server, tag="created"):
    """After a ``create`` without a ``"me"`` seat: the table and the tokens of its ``"remote"`` seats."""

    game: str
    table: str
    tokens: dict[str, str | None]


class Suggestion(_Server, tag="suggestion"):
    """The AI's best arrangement of your cards: branch names, ``foul`` (null) and ``expected`` (the AI's expected
    points per opponent)."""

    deal: int
    top: list[Card]
    middle: list[Card]
    bottom: list[Card]
    names: list[str | None]
    foul: str | None
    expected: float


class PreviewAnswer(_Server, tag="preview"):
    """``names``: three names, or null for an incomplete branch; ``foul``: null or the reason (``"the top is stronger
    than the middle"``)."""

    names: list[str | None]
    foul: str | None


class Pong(_Server, tag="pong"):
    """The answer to ``ping``."""


class Error(_Server, tag="error"):
    """A refused message (it changed nothing): ``code`` (see Errors), ``message`` (what was wrong and what to do),
    ``ref``, and for ``rate_limited`` ``retry_after`` (seconds)."""

    code: str
    message: str
    ref: Ref | UnsetType | None = UNSET
    retry_after: float | UnsetType = UNSET


class Closed(_Server, tag="closed"):
    """The table was removed, or your seat was joined from another connection."""

    table: str | None
    reason: str


class Shown(_Part):
    """A hand shown at the showdown."""

    seat: int
    cards: list[Card]
    name: str


# ------------------------------------------------------------------ draw state


class DrawPlayer(_Part):
    """A seat of a draw table (``players`` of the draw ``state``)."""

    seat: int
    name: str
    kind: Annotated[str, Meta(description='"player" or "ai"')]
    level: str | None
    connected: bool
    stack: int
    bet: Annotated[int, Meta(description="chips bet this round")]
    committed: Annotated[int, Meta(description="chips put in this hand")]
    live: Annotated[bool, Meta(description="not folded")]
    dealt_in: bool
    drawn: Annotated[int | None, Meta(description="cards exchanged, null before the draw")]
    ready: bool
    start: Annotated[int, Meta(description="the starting stack")]
    bought: Annotated[int, Meta(description="chips added by rebuys")]
    out: Annotated[bool, Meta(description="after a hand: the seat cannot pay for another, sits out and counts as "
                                          "ready")]


class DrawEvent(_Part):
    """One public move of a draw hand."""

    street: str
    seat: int
    kind: Annotated[str, Meta(description="ante, check, call, bet, raise, fold or draw")]
    amount: int
    drawn: int | None


class DrawLegal(_Part):
    """A legal move now: ``kind`` and ``amount`` for betting, ``{"kind": "draw", "max_cards": 3}`` in the draw."""

    kind: str
    amount: int | UnsetType = UNSET
    max_cards: int | UnsetType = UNSET


class DrawShowdown(_Part):
    """The end of a draw hand: chips each seat won, the hands shown (never folded or mucked ones)."""

    payouts: list[int]
    shown: list[Shown]
    winners: list[int]


class DrawRules(_Part):
    """Ante 1, bets 2 and 4, a bet and three raises a round; rebuys allowed."""

    ante: int
    small_bet: int
    big_bet: int | None
    raise_cap: int | None
    rebuy: bool


class DrawView(_Server, tag="state"):
    """Your view of a draw table, sent after every change. Every seat starts with 200 chips."""

    game: Literal["draw"]
    table: str
    seat: int
    seq: Annotated[int, Meta(description="your next action number")]
    version: Annotated[int, Meta(description="increases with every change of the table")]
    hand_number: int
    hands: Annotated[int, Meta(description="the session's number of hands")]
    button: int
    street: Annotated[str, Meta(description='"bet1", "draw", "bet2" or "over"')]
    actor: Annotated[int | None, Meta(description="the seat to act")]
    hand: Annotated[list[Card], Meta(description="your five cards")]
    hand_name: Annotated[str | None, Meta(description='their name ("Pair of kings")')]
    pot: int
    current_bet: Annotated[int, Meta(description="the highest bet this round")]
    to_call: Annotated[int, Meta(description="what you must add to call")]
    bet_size: Annotated[int, Meta(description="this round's fixed bet")]
    raises_left: Annotated[int, Meta(description="bets and raises still allowed")]
    players: list[DrawPlayer]
    events: Annotated[list[DrawEvent], Meta(description="the public history of the hand")]
    legal: Annotated[list[DrawLegal], Meta(description="your legal moves now (empty when it is not your turn)")]
    showdown: Annotated[DrawShowdown | None, Meta(description="null while the hand runs")]
    rebuy: Annotated[int | None, Meta(description="the chips a rebuy would add for you now (you are out and hands "
                                                  "remain), else null")]
    game_over: Annotated[bool, Meta(description="the session has ended: all hands played, fewer than two seats "
                                                "can pay the ante, or no player seat can play on")]
    rules: DrawRules


# ------------------------------------------------------------------ binh state


class BinhPlayer(_Part):
    """A seat of a Binh table."""

    seat: int
    name: str
    kind: str
    level: str | None
    connected: bool
    total: Annotated[int, Meta(description="running total of the session")]
    ready: bool
    submitted: Annotated[bool, Meta(description="arranged this deal (or holds a special hand)")]


class BinhSpecial(_Part):
    """Your special hand, declared for you: nothing to arrange."""

    name: str
    type: Annotated[str | None, Meta(description='"A" or "B"')]
    points: int


class Arranged(_Part):
    """An arrangement: its cards and names per branch, and its foul (null, or the reason)."""

    top: list[Card]
    middle: list[Card]
    bottom: list[Card]
    names: list[str | None]
    foul: str | None


class RevealedHand(_Part):
    """A hand at the reveal: a special hand gives ``special_type`` and its 13 ``cards``, any other its arrangement."""

    seat: int
    special: str | None
    special_type: str | UnsetType | None = UNSET
    cards: list[Card] | UnsetType = UNSET
    top: list[Card] | UnsetType = UNSET
    middle: list[Card] | UnsetType = UNSET
    bottom: list[Card] | UnsetType = UNSET
    names: list[str | None] | UnsetType = UNSET
    foul: str | UnsetType | None = UNSET


class PairResult(_Part):
    """One pair of seats ``[i, j]`` at the reveal."""

    seats: list[int]
    score: Annotated[int, Meta(description="points i wins from j")]
    branches: Annotated[list[int] | None, Meta(description="+1/0/-1 per branch top, middle, bottom from i's side")]
    how: Annotated[str, Meta(description="special hand, foul vs foul, foul vs normal or branch by branch")]


class Reveal(_Part):
    """Every hand once every seat has played, every pair's result and this deal's nets (they sum to 0)."""

    hands: list[RevealedHand]
    pairs: list[PairResult]
    nets: list[int]


class BinhLegal(_Part):
    """``{"kind": "arrange"}`` while you still have to arrange."""

    kind: str


class BinhRules(_Part):
    """The points of a foul and of the special hands."""

    foul_points: int
    type_a_points: int
    type_b_points: int


class BinhView(_Server, tag="state"):
    """Your view of a Binh table, sent after every change."""

    game: Literal["binh"]
    table: str
    seat: int
    seq: int
    version: int
    deal: Annotated[int, Meta(description="this deal's number")]
    phase: Annotated[Literal["arrange", "reveal"], Meta(description="everyone arranges at the same time")]
    cards: Annotated[list[Card], Meta(description="your 13 cards, highest first")]
    special: BinhSpecial | None
    arranged: Annotated[Arranged | None, Meta(description="your submitted arrangement")]
    players: list[BinhPlayer]
    totals: Annotated[list[int], Meta(description="running totals of the session")]
    legal: list[BinhLegal]
    reveal: Annotated[Reveal | None, Meta(description="null until every seat has played")]
    rules: BinhRules


# ------------------------------------------------------------------ hold'em state


class HoldemPlayer(_Part):
    """A seat of a hold'em table."""

    seat: int
    name: str
    kind: str
    level: str | None
    connected: bool
    stack: Annotated[int, Meta(description="chips behind")]
    bet: Annotated[int, Meta(description="this round")]
    committed: Annotated[int, Meta(description="this hand")]
    live: Annotated[bool, Meta(description="still holds cards")]
    dealt_in: bool
    all_in: bool
    ready: bool
    start: Annotated[int, Meta(description="the starting stack: the session net is stack - start")]
    out: Annotated[bool, Meta(description="after a hand: no chips left")]


class HoldemEvent(_Part):
    """One public move of a hold'em hand."""

    street: str
    seat: int
    kind: Annotated[str, Meta(description="small blind, big blind, ante, straddle, fold, check, call, bet, raise, "
                                          "or return (an uncalled bet given back)")]
    chips: Annotated[int, Meta(description="moved from the stack into the pot; for return, back to the stack")]
    to: Annotated[int, Meta(description="the seat's bet this round after it")]
    all_in: bool


class HoldemLegal(_Part):
    """A legal move now: fold and check alone; call with ``amount`` (the bet it reaches), ``chips`` (what it costs)
    and ``all_in`` (bool); bet and raise with ``min``, ``max`` and ``all_in`` (the "to" amount of all your chips)."""

    kind: str
    amount: int | UnsetType = UNSET
    chips: int | UnsetType = UNSET
    min: int | UnsetType = UNSET
    max: int | UnsetType = UNSET
    all_in: bool | int | UnsetType = UNSET


class Pot(_Part):
    """A pot of the finished betting rounds and the seats that may win it."""

    amount: int
    eligible: list[int]


class WonPot(_Part):
    """A pot at the showdown: the main pot first, then the side pots."""

    amount: int
    eligible: list[int]
    winners: list[int]


class HoldemShowdown(_Part):
    """The end of a hold'em hand."""

    payouts: Annotated[list[int], Meta(description="chips each seat won")]
    winners: list[int]
    shown: Annotated[list[Shown], Meta(description="hands shown, in the order shown")]
    mucked: Annotated[list[int], Meta(description="seats that reached the showdown and mucked: their cards are "
                                                  "never sent")]
    pots: list[WonPot]


class HoldemRules(_Part):
    """The table's rules."""

    variant: str
    name: str
    betting: Annotated[str, Meta(description='"no-limit", "fixed-limit" or "pot-limit"')]
    small_blind: int
    big_blind: int
    ante: int
    bet_unit: Annotated[int, Meta(description="the fixed-limit bet before the turn; the minimum bet otherwise")]
    big_bet: Annotated[int, Meta(description="the fixed-limit bet from the turn on; the minimum bet otherwise")]
    raise_cap: Annotated[int | None, Meta(description="fixed limit only")]
    hole_cards: int | None


class HoldemView(_Server, tag="state"):
    """Your view of a hold'em table, sent after every change."""

    game: Literal["holdem"]
    table: str
    seat: int
    seq: int
    version: int
    hand_number: int
    hands: int
    button: int
    small_blind_seat: int | None
    big_blind_seat: int | None
    street: Annotated[str, Meta(description='"preflop", "flop", "turn", "river" or "over"')]
    actor: int | None
    hole: Annotated[list[Card], Meta(description="your hole cards (2, or 4 in Omaha; empty if not dealt in)")]
    board: Annotated[list[Card], Meta(description="the board cards dealt so far (0, 3, 4 or 5)")]
    hand_name: Annotated[str | None, Meta(description="from the flop on, the name of your best hand")]
    pot: Annotated[int, Meta(description="every chip in the middle, this round's bets included (0 once paid out)")]
    pots: Annotated[list[Pot], Meta(description="during a hand: the main pot and side pots of the finished betting "
                                                "rounds; this round's bets stay in players[].bet")]
    current_bet: Annotated[int, Meta(description="the bet to match this round")]
    to_call: Annotated[int, Meta(description="what you must add to call it")]
    bet_unit: Annotated[int, Meta(description="the minimum bet (fixed limit: this street's bet)")]
    players: list[HoldemPlayer]
    events: list[HoldemEvent]
    legal: Annotated[list[HoldemLegal], Meta(description="your legal moves now (empty when it is not your turn)")]
    showdown: Annotated[HoldemShowdown | None, Meta(description="null while the hand runs")]
    game_over: Annotated[bool, Meta(description="the session has ended: all hands played, fewer than two seats have "
                                                "chips, or no player seat has chips")]
    rules: HoldemRules


View = DrawView | BinhView | HoldemView
ServerMessage = Joined | Created | DrawView | BinhView | HoldemView | Suggestion | PreviewAnswer | Pong | Error \
    | Closed
#: The server's messages as docs/protocol.md lists them.
SERVER_MESSAGES: tuple[type[_Server], ...] = (Joined, Created, DrawView, BinhView, HoldemView, Suggestion,
                                              PreviewAnswer, Pong, Error, Closed)
#: The parts of each game's ``state``, as docs/protocol.md lists them.
STATE_PARTS: dict[str, tuple[type[Struct], ...]] = {
    "draw": (DrawView, DrawPlayer, DrawEvent, DrawLegal, DrawShowdown, Shown, DrawRules),
    "binh": (BinhView, BinhPlayer, BinhSpecial, Arranged, Reveal, RevealedHand, PairResult, BinhLegal, BinhRules),
    "holdem": (HoldemView, HoldemPlayer, HoldemEvent, HoldemLegal, Pot, HoldemShowdown, WonPot, HoldemRules),
}
#: Writes any server message as compact JSON.
ENCODER = msgspec.json.Encoder()
