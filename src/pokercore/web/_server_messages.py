"""The messages ``pokercore serve`` sends: its replies and each game's ``state`` view, one typed struct each.

Server messages are msgspec structs tagged by their ``"type"``, encoded
with :data:`ENCODER`; a field that a message holds only sometimes is
``UNSET`` (left out), as today's wire has it.  Each game's ``state`` is a
view struct (:class:`DrawView`, :class:`BinhView`, :class:`HoldemView`) made
of its parts (:data:`STATE_PARTS`).  What a client sends is in
:mod:`pokercore.web._client_messages`; ``docs/protocol.md`` renders its
message tables from both (``scripts/protocol_doc.py``), and a test holds
the two together.

>>> ENCODER.encode(Pong())
b'{"type":"pong"}'
>>> ENCODER.encode(Error("bad_json", "not JSON", ref=None))
b'{"type":"error","code":"bad_json","message":"not JSON","ref":null}'
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from ._client_messages import Card

__all__ = [
    "ENCODER",
    "SERVER_MESSAGES",
    "STATE_PARTS",
    "UNSET",
    "Arranged",
    "BinhLegal",
    "BinhPlayer",
    "BinhRules",
    "BinhSpecial",
    "BinhView",
    "Closed",
    "Created",
    "DrawEvent",
    "DrawLegal",
    "DrawPlayer",
    "DrawRules",
    "DrawShowdown",
    "DrawView",
    "Error",
    "HoldemEvent",
    "HoldemLegal",
    "HoldemPlayer",
    "HoldemRules",
    "HoldemShowdown",
    "HoldemView",
    "Joined",
    "PairResult",
    "Pong",
    "Pot",
    "PreviewAnswer",
    "Ref",
    "Reveal",
    "RevealedHand",
    "ServerMessage",
    "Shown",
    "Suggestion",
    "View",
    "WonPot",
]


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
