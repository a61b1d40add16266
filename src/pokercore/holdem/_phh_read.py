"""Reading PHH text into a replayed hand: the import half of :mod:`pokercore.holdem._phh`.

Amounts are read exactly: a file in dollars and cents (``starting_stacks =
[200.30, 81.60]``, ``p1 cbr 4.75``) is played in whole units of its smallest
decimal place (here cents) and :class:`PhhHand` gives amounts back in the
file's own units.  ``inf`` stacks are played as stacks that cover every bet;
a hand shown as unknown at the showdown (``p2 sm ????``) is a muck that
cannot win; a recorded fold where a check was possible is replayed as the
fold it was.  See ``docs/phh.md``.

Examples
--------
A hand written by hand (PHH player ``p1`` is left of the button; ``p2``,
heads-up, is the button and posts the small blind):

>>> text = '''
... variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 ????", "d dh p2 AhAs", "p2 cbr 6", "p1 f"]
... '''
>>> hand = load_phh(text)
>>> hand.state.is_over, hand.state.stacks, hand.stand_ins
(True, (98, 102), (0,))
>>> load_phh(text.replace('"NT"', '"F7S"'))
Traceback (most recent call last):
...
pokercore.holdem._errors.PhhError: line 2: variant 'F7S' is not a game pokercore plays: NT, FT or PO

Dollars and cents are played in cents and given back in dollars:

>>> cents = load_phh(text.replace("[1, 2]", "[0.50, 1]").replace("min_bet = 2", "min_bet = 1")
...                  .replace("[100, 100]", "[200.30, 81.60]").replace("cbr 6", "cbr 2.75"))
>>> cents.unit, cents.state.stacks, cents.finishing_stacks
(Decimal('0.01'), (19930, 8260), (Decimal('199.30'), Decimal('82.60')))
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, NamedTuple

from ..cards import format_cards
from ..errors import cut
from ._config import FIXED_LIMIT, MAX_PLAYERS, MIN_PLAYERS, VARIANTS, HoldemConfig
from ._engine import HoldemState
from ._errors import HoldemError, PhhError
from ._phh_fields import (
    Lines,
    Parsed,
    Units,
    listing,
    number,
    numbers,
    parse_actions,
    phh_cards,
    player,
    player_count,
    read_toml,
    seat_number,
)
from ._showdown import award, hand_pots, rank_hands

__all__ = ["PhhHand", "from_phh", "load_phh"]

_CODES = {v.phh_code: k for k, v in VARIANTS.items()}
_INF = Decimal("Infinity")


class PhhHand(NamedTuple):
    """A PHH file read into pokercore.

    Attributes
    ----------
    state : HoldemState
        The hand replayed up to the file's last action (the showdown and
        payouts follow by themselves once the betting is over), in whole
        chips of ``unit`` each.
    seats : tuple of int
        pokercore's seat of each PHH player (``p1`` first).
    stand_ins : tuple of int
        Seats whose hole cards the file does not give (``????``) and that
        never show them: they hold stand-in cards (the lowest cards unused in
        the file), which never decide anything.
    fields : dict
        Every field of the file as read (numbers as exact ``Decimal`` or int).
    unit : Decimal
        What one chip of ``state`` is worth in the file's units: ``1`` for a
        file of whole numbers, ``0.01`` for one in dollars and cents.
    unlimited : tuple of int
        Seats whose starting stack is ``inf`` in the file, played as a stack
        that covers every bet of the hand.
    unknown_shown : tuple of int
        Seats whose hand the file shows as unknown at the showdown
        (``p2 sm ????``): mucks that cannot win.
    rake : Decimal or None
        What the room kept, from the file's ``winnings`` (None when the file
        records no winnings or the hand is not over): the pot shares
        pokercore pays the players with recorded winnings, less those
        winnings.
    """

    state: HoldemState
    seats: tuple[int, ...]
    stand_ins: tuple[int, ...]
    fields: dict[str, Any]
    unit: Decimal = Decimal(1)
    unlimited: tuple[int, ...] = ()
    unknown_shown: tuple[int, ...] = ()
    rake: Decimal | None = None

    def amount(self, chips: int) -> Decimal:
        """``chips`` of :attr:`state` in the file's units (exact)."""
        return chips * self.unit

    @property
    def starting_stacks(self) -> tuple[Decimal, ...]:
        """Each PHH player's starting stack in the file's units (``inf`` where the file says so)."""
        return tuple(_INF if s in self.unlimited else self.amount(self.state.starting_stacks[s]) for s in self.seats)

    @property
    def finishing_stacks(self) -> tuple[Decimal, ...]:
        """Each PHH player's stack after the last action, in the file's units (``inf`` stays ``inf``)."""
        return tuple(_INF if s in self.unlimited else self.amount(self.state.stacks[s]) for s in self.seats)

    @property
    def results(self) -> tuple[Decimal, ...]:
        """What each PHH player won (+) or lost (-) so far, in the file's units; exact for ``inf`` stacks too."""
        st = self.state
        return tuple(self.amount(st.stacks[s] - st.starting_stacks[s]) for s in self.seats)


class _ReplayState(HoldemState):
    """A replayed hand with hole cards the file does not give.

    ``hidden`` seats hold stand-in cards (:func:`~pokercore.holdem._phh.to_phh`
    writes them as ``????``).  ``unknown`` seats show an unknown hand at the
    showdown: they muck and cannot win; a pot they contest with a known hand
    goes to the known hand, and a pot only unknown hands contest is split
    among them (nobody can say more).
    """

    __slots__ = ("_hidden", "_unknown")

    def __init__(self, *args: Any, unknown: frozenset[int], hidden: frozenset[int], **kwargs: Any) -> None:
        self._unknown = unknown  # set first: the forced bets alone can end the hand inside __init__
        self._hidden = hidden
        super().__init__(*args, **kwargs)

    def _reveal(self, in_order: list[int], show_all: bool) -> None:
        if self._all_shown:
            return
        super()._reveal([s for s in in_order if s not in self._unknown], show_all)
        for seat in in_order:
            if seat in self._unknown:
                self._mucked.append(seat)
                self._log.append(("muck", seat))

    def _showdown(self) -> None:
        seats = self._showdown_seats()
        if not self._all_shown:
            self._reveal(seats, show_all=any(self._live[i] and self._stacks[i] == 0 for i in seats))
        known = [i for i in seats if i not in self._unknown]
        self._ranks = rank_hands({i: self._holes[i] for i in known}, self._board, self._omaha)
        ranks = dict(self._ranks)
        ranks.update((i, -1) for i in seats if i in self._unknown)  # below every real hand
        pots = hand_pots(self._committed, [not x for x in self._live], self._dead, self._bb)
        self._finish(award(pots, ranks, self._button, self._n))


def _game(data: dict[str, Any], lines: Lines, antes: list[int], blinds: list[int], key: str,
          units: Units) -> dict[str, Any]:
    """The HoldemConfig arguments the antes, blinds and bet fields describe."""
    m = len(antes)
    kw: dict[str, Any] = {}
    if not any(antes):
        kw.update(ante=0)
    elif len(set(antes)) == 1:
        kw.update(ante=antes[0], ante_mode="each")
    elif antes[1] and not antes[0] and not any(antes[2:]):
        kw.update(ante=antes[1], ante_mode="big-blind")
    else:
        raise PhhError(f"antes {listing(data['antes'])}: pokercore plays antes from every player or a "
                       "big-blind ante only", lines.of("antes"))
    tail = blinds[2:]
    k = next((i for i, b in enumerate(tail) if not b), len(tail))
    if any(tail[k:]) or (m == 2 and any(tail)):
        raise PhhError(f"blinds_or_straddles {listing(data['blinds_or_straddles'])}: pokercore plays a small "
                       "and a big blind, then straddles from the player left of the big blind on",
                       lines.of("blinds_or_straddles"))
    kw.update(small_blind=blinds[0], big_blind=blinds[1], straddles=tuple(tail[:k]))
    names = ("small_bet", "big_bet") if VARIANTS[key].betting == FIXED_LIMIT else ("min_bet",)
    for name in names:
        value = units.chips(number(data[name], name, lines.of(name)))
        if value < 1:
            raise PhhError(f"{name} must be > 0, got {data[name]}", lines.of(name))
        kw[name] = value
    return kw


def _seating(data: dict[str, Any], lines: Lines, m: int) -> tuple[list[int], int]:
    """pokercore's seat of each player and the number of seats."""
    if "seats" not in data:
        return list(range(m)), m
    raw, line = data["seats"], lines.of("seats")
    if not isinstance(raw, list) or len(raw) != m:
        raise PhhError(f"seats must list {m} seat numbers, got {cut(raw)}", line)
    seats = [seat_number(s, "a seat number", line, 1) - 1 for s in raw]
    n = seat_number(data.get("seat_count", max(seats) + 1), "seat_count", lines.of("seat_count"), 1)
    if len(set(seats)) != m or max(seats) >= n or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise PhhError(f"seats {raw} with seat_count {n}: seats must be distinct, 1..seat_count, "
                       f"and seat_count {MIN_PLAYERS}..{MAX_PLAYERS}", line)
    button = seats[-1]
    if sorted(seats, key=lambda s: (s - button - 1) % n) != seats:
        raise PhhError(f"seats {raw} do not go round the table from the left of the button (the last player)", line)
    return seats, n


def load_phh(text: str, *, check_stacks: bool = True) -> PhhHand:
    """Read and replay a PHH hand of ``NT``, ``FT`` or ``PO``; see :func:`pokercore.holdem._phh.from_phh`.

    Raises
    ------
    PhhError
        As :func:`from_phh`; the hand and its amounts in the file's units are in the returned :class:`PhhHand`.
    """
    if not isinstance(text, str):
        raise PhhError(f"a PHH hand is text, got {type(text).__name__}")
    data = read_toml(text)
    raw_actions = data.get("actions")
    lines = Lines(text, raw_actions if isinstance(raw_actions, list) and
                   all(isinstance(a, str) for a in raw_actions) else [])
    if "variant" not in data:
        tables = [k for k, v in data.items() if isinstance(v, dict)]
        if tables:
            raise PhhError(f"this text holds several hands ([{tables[0]}], ...): read one hand at a time")
        raise PhhError("no 'variant' field: this is not a PHH hand")
    variant = data["variant"]
    if variant not in _CODES:
        raise PhhError(f"variant {cut(variant)} is not a game pokercore plays: NT, FT or PO", lines.of("variant"))
    key = _CODES[variant]
    bet_fields = ("small_bet", "big_bet") if key == "fl" else ("min_bet",)
    for name in ("antes", "blinds_or_straddles", *bet_fields, "starting_stacks", "actions"):
        if name not in data:
            raise PhhError(f"a {variant} hand needs the field {name!r}")
    if not isinstance(raw_actions, list) or not all(isinstance(a, str) for a in raw_actions):
        raise PhhError("actions must be a list of strings", lines.of("actions"))
    m = player_count(data, lines)
    parsed = parse_actions(raw_actions, lines, m)
    antes = numbers(data, "antes", m, lines)
    blinds = numbers(data, "blinds_or_straddles", m, lines)
    stacks = numbers(data, "starting_stacks", m, lines, allow_inf=True)
    amounts = antes + blinds + stacks + [number(data[n], n, lines.of(n)) for n in bet_fields]
    amounts += [a for _, _, _, a in parsed if a is not None]
    for name in ("finishing_stacks", "winnings"):
        raw = data.get(name)
        if isinstance(raw, list):
            amounts += [v for v in raw if isinstance(v, Decimal) and v.is_finite()]
    units = Units(amounts)
    kw = _game(data, lines, [units.chips(a) for a in antes], [units.chips(b) for b in blinds], key, units)
    table_stacks: list[int] = []
    for k, s in enumerate(stacks):
        if s.is_finite() and units.chips(s) < 1:
            raise PhhError(f"starting_stacks[{k}] must be >= {units.unit}, got {data['starting_stacks'][k]}",
                           lines.of("starting_stacks"))
        table_stacks.append(units.chips(s) if s.is_finite() else 0)
    unlimited = [k for k, s in enumerate(stacks) if not s.is_finite()]
    if unlimited:  # more than every finite stack, forced bet and bet of the file together: it covers them all
        cover = sum(table_stacks) + sum(units.chips(a) for a in antes + blinds) + 1
        cover += sum(units.chips(a) for _, _, _, a in parsed if a is not None)
        for k in unlimited:
            table_stacks[k] = cover
    seats, n = _seating(data, lines, m)
    holes_n = 4 if key == "plo" else 2
    return _replay(data, lines, key, kw, table_stacks, seats, n, holes_n, parsed, units, unlimited, check_stacks)


def _replay(data: dict[str, Any], lines: Lines, key: str, kw: dict[str, Any], stacks: list[int],
            seats: list[int], n: int, holes_n: int, parsed: list[Parsed], units: Units,
            unlimited: list[int], check_stacks: bool) -> PhhHand:
    m = len(seats)
    holes: list[list[int | None]] = [[] for _ in range(m)]
    dealt_at: list[int | None] = [lines.of("actions")] * m
    shown: dict[int, tuple[list[int | None], int | None]] = {}   # a player's last show: cards and line
    final: dict[int, int | None] = {}                            # players that showed known cards or mucked
    board: list[int] = []
    seen: dict[int, int | None] = {}

    def note(cards: list[int | None], line: int | None) -> None:
        for c in cards:
            if c is not None:
                if c in seen and seen[c] != line:
                    raise PhhError(f"card {format_cards([c])} appears twice (also on line {seen[c]})", line)
                seen[c] = line

    for line, a, words, _ in parsed:
        if words[:2] == ["d", "dh"] and len(words) == 4:
            p = player(words[2], m, line)
            cards = phh_cards(words[3], line)
            note(cards, line)
            holes[p] += cards
            dealt_at[p] = line
            if len(holes[p]) > holes_n:
                raise PhhError(f"p{p + 1} gets {len(holes[p])} hole cards: {data['variant']} deals {holes_n}", line)
        elif words[:2] == ["d", "db"] and len(words) == 3:
            cards = phh_cards(words[2], line)
            if None in cards:
                raise PhhError("unknown board cards cannot be replayed", line)
            note(cards, line)
            board += cards  # type: ignore[arg-type]
        elif len(words) >= 2 and words[0] != "d" and words[1] == "sm":
            p = player(words[0], m, line)
            if len(words) == 3 and words[2] == "-":
                continue
            if p in final:
                raise PhhError(f"{cut(a)}: p{p + 1} already showed or mucked on line {final[p]}: a player shows "
                               "(or mucks) once; only unknown cards (????) may be shown again before that", line)
            cards = phh_cards(words[2], line) if len(words) == 3 else []
            if len(words) == 2 or None not in cards:
                final[p] = line
            shown[p] = (cards, line)
    stand_ins: list[int] = []
    unknown: list[int] = []
    for p in range(m):
        if len(holes[p]) != holes_n:
            raise PhhError(f"p{p + 1} is dealt {len(holes[p])} hole cards: {data['variant']} deals {holes_n}",
                           dealt_at[p])
        cards, line = shown.get(p, ([], None))
        if cards and None in cards:
            unknown.append(seats[p])     # shown as unknown at the showdown: a muck that cannot win
        elif cards and None in holes[p]:  # (known hole cards are compared with the show after the replay)
            if len(cards) != holes_n:
                raise PhhError(f"p{p + 1} shows {len(cards)} cards: {data['variant']} deals {holes_n}", line)
            known = [c for c in holes[p] if c is not None]
            if not set(known) <= set(cards):
                raise PhhError(f"p{p + 1} shows cards it was not dealt", line)
            note([c for c in cards if c not in known], line)
            holes[p] = list(cards)
    unused = iter(c for c in range(52) if c not in seen and c not in board)
    for p in range(m):
        if None in holes[p]:
            stand_ins.append(seats[p])
            holes[p] = [c if c is not None else next(unused) for c in holes[p]]
    table = [0] * n
    for p, seat in enumerate(seats):
        table[seat] = stacks[p]
    hand_no = data.get("hand", 1)
    try:
        cfg = HoldemConfig(key, players=n, starting_stacks=table, hands=1, hole_cards=holes_n, **kw)
        deck = [c for p in range(m) for c in holes[p]] + board
        args: tuple[Any, ...] = (cfg, table, seats[-1])
        extra: dict[str, Any] = {
            "deck": deck,
            "hand_number": hand_no if isinstance(hand_no, int) and not isinstance(hand_no, bool) else 1,
        }
        state = _ReplayState(*args, unknown=frozenset(unknown), hidden=frozenset(stand_ins), **extra) \
            if unknown or stand_ins else HoldemState(*args, **extra)
    except HoldemError as exc:
        raise PhhError(f"the game cannot be set up: {exc}{units.note}", lines.of("blinds_or_straddles")) from None
    _act(state, parsed, seats, m, units)
    hand = PhhHand(state, tuple(seats), tuple(sorted(stand_ins)), data, units.unit,
                   tuple(sorted(seats[k] for k in unlimited)), tuple(sorted(unknown)))
    return _check_result(hand, lines, parsed, dealt_at, units, check_stacks)


def _act(state: HoldemState, parsed: list[Parsed], seats: list[int], m: int, units: Units) -> None:
    dealt_board = 0
    acted = False
    for line, text, words, amount in parsed:
        if not words:
            continue
        if words[0] == "d":
            if words[1:2] == ["dh"] and len(words) == 4:
                if acted:
                    raise PhhError(f"{cut(text)}: hole cards are dealt once, before the betting", line)
                continue
            if words[1:2] == ["db"] and len(words) == 3:
                dealt_board += len(words[2]) // 2
                if len(state.board) < dealt_board:
                    who = f"seat {state.actor} is to act" if state.actor is not None else "the hand is over"
                    raise PhhError(f"{cut(text)}: the board is dealt before the betting round is over ({who})", line)
                continue
            raise PhhError(f"{cut(text)} is not a dealing action pokercore knows ('d dh pN cards', 'd db cards')",
                           line)
        p = player(words[0], m, line)
        verb = words[1] if len(words) > 1 else ""
        if verb == "sm":
            continue  # checked against the showdown once the hand is replayed
        if verb not in ("f", "cc", "cbr") or len(words) != (3 if verb == "cbr" else 2):
            raise PhhError(f"{cut(text)} is not an action of hold'em or Omaha (f, cc, cbr amount, sm)", line)
        if len(state.board) > dealt_board:
            raise PhhError(f"{cut(text)}: the betting goes on, but the file has not dealt the board cards "
                           f"{format_cards(state.board[dealt_board:])} that come first", line)
        seat = seats[p]
        if state.actor is None:
            raise PhhError(f"{cut(text)}: the hand is already over", line)
        if state.actor != seat:
            actor_p = seats.index(state.actor)
            raise PhhError(f"{cut(text)}: it is p{actor_p + 1}'s turn (seat {state.actor}), not p{p + 1}'s", line)
        acted = True
        try:
            if verb == "f":
                if state.can_check():
                    # A recorded fold where checking was possible: the room allowed it, so the replay
                    # does too (pokercore's own tables offer check there).
                    state._do_fold(seat)
                else:
                    state.fold()
            elif verb == "cc":
                state.check() if state.can_check() else state.call()
            else:
                chips = units.chips(amount)  # type: ignore[arg-type]
                state.bet(chips) if state.current_bet == 0 else state.raise_(chips)
        except HoldemError as exc:
            raise PhhError(f"{cut(text)}: {exc}{units.note}", line) from None


def _check_result(hand: PhhHand, lines: Lines, parsed: list[Parsed], dealt_at: list[int | None],
                  units: Units, check_stacks: bool) -> PhhHand:
    state, seats, data = hand.state, list(hand.seats), hand.fields
    m = len(seats)
    for seat in hand.stand_ins:
        if seat not in hand.unknown_shown and (seat in state.ranks or seat in state.revealed):
            p = seats.index(seat)
            raise PhhError(f"p{p + 1}'s hole cards are unknown (??) and the hand goes to a showdown where they "
                           f"count: show them ('p{p + 1} sm AsKs'), or as unknown ('p{p + 1} sm ????', a muck "
                           "that cannot win)", dealt_at[p])
    for line, text, words, _ in parsed:
        if len(words) >= 2 and words[1] == "sm" and words[0] != "d":
            seat = seats[player(words[0], m, line)]
            if len(words) == 3 and words[2] != "-":
                cards = phh_cards(words[2], line)
                if None not in cards and sorted(cards) != sorted(state.holes[seat]):  # type: ignore[type-var]
                    raise PhhError(f"{cut(text)}: seat {seat} holds {format_cards(state.holes[seat])}", line)
            elif len(words) == 2 and state.payouts is not None and state.payouts[seat] and seat in state.ranks:
                raise PhhError(f"{cut(text)}: this hand wins {units.show(state.payouts[seat])} at pokercore's "
                               "showdown, it cannot be mucked", line)
    if not check_stacks:
        return hand
    finishing = data.get("finishing_stacks")
    if finishing is not None:
        line = lines.of("finishing_stacks")
        if not state.is_over:
            raise PhhError("finishing_stacks are given but the actions stop before the end of the hand", line)
        theirs = [number(v, "a finishing stack", line, allow_inf=True) for v in finishing] \
            if isinstance(finishing, list) else None
        if theirs != list(hand.finishing_stacks):
            raise PhhError(f"finishing_stacks {listing(finishing) if isinstance(finishing, list) else cut(finishing)}"
                           f" differ from pokercore's replay {listing(list(hand.finishing_stacks))} (pokercore "
                           "plays no rake; load with check_stacks=False to accept the file anyway)", line)
    return _check_winnings(hand, lines, units)


def _check_winnings(hand: PhhHand, lines: Lines, units: Units) -> PhhHand:
    """Compare the file's ``winnings`` with the replay's pot shares; the difference is the room's rake.

    A player's winnings are what the room paid it from the pot after the rake.
    Rooms differ on a returned bet (the uncalled part of a bet, or of the big
    blind when everyone folds): some count it in the winnings, some do not.
    So each recorded amount must lie between 0 and the replay's pot share plus
    the player's returned bet; a positive amount counts the returned bet only
    when it is larger than the pot share.  A 0 is read as "not recorded" (the
    online logs often leave the winner's amount out).
    """
    state, data = hand.state, hand.fields
    raw, line = data.get("winnings"), lines.of("winnings")
    if raw is None or not state.is_over:
        return hand
    m = len(hand.seats)
    if not isinstance(raw, list) or len(raw) != m:
        raise PhhError(f"winnings must be a list of {m} numbers (one per player), got {cut(raw)}", line)
    won = [number(v, f"winnings[{k}]", line) for k, v in enumerate(raw)]
    returned = [0] * state.seats
    for rec in state.log:
        if rec[0] == "return":
            returned[rec[1]] += rec[2]
    payouts = state.payouts or (0,) * state.seats
    rake = Decimal(0)
    recorded = False
    for k, (w, seat) in enumerate(zip(won, hand.seats)):
        share, back = hand.amount(payouts[seat]), hand.amount(returned[seat])
        if w > share + back:
            what = f"{share}" + (f" and gets {back} of its bet back" if back else "")
            raise PhhError(f"winnings[{k}] is {raw[k]} but pokercore's replay pays p{k + 1} {what}: the file and "
                           "the replay disagree on who won (load with check_stacks=False to accept the file "
                           "anyway)", line)
        if w > 0:
            recorded = True
            rake += (share + back if w > share else share) - w
    return hand._replace(rake=rake) if recorded else hand


def from_phh(text: str, *, check_stacks: bool = True) -> HoldemState:
    """Replay a PHH hand of ``NT``, ``FT`` or ``PO``: the state after its last action.

    Amounts in decimals (dollars and cents) are played in whole units of the
    smallest decimal place the file uses; :func:`load_phh` returns the unit and
    gives amounts back in the file's units.

    Parameters
    ----------
    text : str
        The PHH file's text (one hand).
    check_stacks : bool, default True
        Refuse a file whose ``finishing_stacks`` differ from the replay, or
        whose ``winnings`` pay a player more than the replay's pot share
        (pokercore plays no rake; pass False to load such a file anyway).

    Raises
    ------
    PhhError
        The text is not TOML, misses a field, is another variant, or holds an
        action, card or result that does not replay; the message names the line.
    """
    return load_phh(text, check_stacks=check_stacks).state
