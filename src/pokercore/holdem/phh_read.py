"""Reading PHH text into a replayed hand: the import half of :mod:`pokercore.holdem.phh`.

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
pokercore.holdem.errors.PhhError: line 2: variant 'F7S' is not a game pokercore plays: NT, FT or PO
"""

from __future__ import annotations

import math
import re
import sys
from collections import Counter
from typing import Any, NamedTuple

from ..cards import format_cards, parse_card
from ..errors import cut
from .config import FIXED_LIMIT, MAX_PLAYERS, MIN_PLAYERS, VARIANTS, HoldemConfig
from .engine import HoldemState
from .errors import HoldemError, PhhError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover  (Python 3.10 reads TOML with the tomli package, if installed)
    try:
        import tomli as tomllib
    except ModuleNotFoundError:
        tomllib = None

__all__ = ["PhhHand", "from_phh", "load_phh"]

_CODES = {v.phh_code: k for k, v in VARIANTS.items()}
_KEY = re.compile(r"""^\s*(?:"([^"]+)"|'([^']+)'|([A-Za-z0-9_-]+))\s*=""")
#: An amount in an action: ASCII digits, optional thousands commas, optional decimals.
_AMOUNT = re.compile(r"[0-9][0-9,]*(?:\.[0-9]+)?", re.ASCII)
_PER_PLAYER = ("antes", "blinds_or_straddles", "starting_stacks")


class PhhHand(NamedTuple):
    """A PHH file read into pokercore.

    Attributes
    ----------
    state : HoldemState
        The hand replayed up to the file's last action (the showdown and
        payouts follow by themselves once the betting is over).
    seats : tuple of int
        pokercore's seat of each PHH player (``p1`` first).
    stand_ins : tuple of int
        Seats whose hole cards the file does not give (``????``) and that
        never show them: they hold stand-in cards (the lowest cards unused in
        the file), which never decide anything.
    fields : dict
        Every field of the file as read.
    """

    state: HoldemState
    seats: tuple[int, ...]
    stand_ins: tuple[int, ...]
    fields: dict[str, Any]


class _Lines:
    """Where each field and each action of the file sits (1-based lines)."""

    def __init__(self, text: str, actions: list[str]) -> None:
        self.fields: dict[str, int] = {}
        for no, line in enumerate(text.splitlines(), 1):
            m = _KEY.match(line)
            if m:
                self.fields.setdefault(next(g for g in m.groups() if g), no)
        start = self.fields.get("actions")
        pos = sum(len(x) + 1 for x in text.splitlines()[: start - 1]) if start else 0
        self.actions: list[int | None] = []
        for a in actions:
            hits = [k for k in (text.find(q + a + q, pos) for q in ("'", '"')) if k >= 0]
            if hits:
                pos = min(hits) + len(a) + 2
                self.actions.append(text.count("\n", 0, min(hits)) + 1)
            else:
                self.actions.append(start)

    def of(self, name: str) -> int | None:
        return self.fields.get(name)


def _whole(value: Any, what: str, line: int | None, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise PhhError(f"{what} must be a number of chips, got {value!r}", line)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise PhhError(f"{what} is {value}: pokercore replays known stacks and amounts only", line)
        if not value.is_integer():
            raise PhhError(f"{what} is {value}: pokercore plays whole chips", line)
        value = int(value)
    if value < low:
        raise PhhError(f"{what} must be >= {low}, got {value}", line)
    return int(value)


def _numbers(data: dict[str, Any], name: str, m: int, lines: _Lines, low: int = 0) -> list[int]:
    raw = data[name]
    line = lines.of(name)
    if not isinstance(raw, list) or len(raw) != m:
        raise PhhError(f"{name} must be a list of {m} numbers (one per player), got {raw!r}", line)
    return [_whole(v, f"{name}[{k}]", line, low) for k, v in enumerate(raw)]


def _phh_cards(text: str, line: int | None) -> list[int | None]:
    if len(text) % 2:
        raise PhhError(f"cards {text!r} are not whole two-character cards", line)
    out: list[int | None] = []
    for k in range(0, len(text), 2):
        token = text[k:k + 2]
        if token == "??":
            out.append(None)
            continue
        try:
            out.append(parse_card(token))
        except ValueError as exc:
            raise PhhError(f"{exc}", line) from None
    return out


def _game(data: dict[str, Any], lines: _Lines, m: int, key: str) -> dict[str, Any]:
    """The HoldemConfig arguments the antes, blinds and bet fields describe."""
    antes = _numbers(data, "antes", m, lines)
    blinds = _numbers(data, "blinds_or_straddles", m, lines)
    kw: dict[str, Any] = {}
    if not any(antes):
        kw.update(ante=0)
    elif len(set(antes)) == 1:
        kw.update(ante=antes[0], ante_mode="each")
    elif antes[1] and not antes[0] and not any(antes[2:]):
        kw.update(ante=antes[1], ante_mode="big-blind")
    else:
        raise PhhError(f"antes {antes}: pokercore plays antes from every player or a big-blind ante only",
                       lines.of("antes"))
    tail = blinds[2:]
    k = next((i for i, b in enumerate(tail) if not b), len(tail))
    if any(tail[k:]) or (m == 2 and any(tail)):
        raise PhhError(f"blinds_or_straddles {blinds}: pokercore plays a small and a big blind, then straddles "
                       "from the player left of the big blind on", lines.of("blinds_or_straddles"))
    kw.update(small_blind=blinds[0], big_blind=blinds[1], straddles=tuple(tail[:k]))
    if VARIANTS[key].betting == FIXED_LIMIT:
        kw.update(small_bet=_whole(data["small_bet"], "small_bet", lines.of("small_bet"), 1),
                  big_bet=_whole(data["big_bet"], "big_bet", lines.of("big_bet"), 1))
    else:
        kw.update(min_bet=_whole(data["min_bet"], "min_bet", lines.of("min_bet"), 1))
    return kw


def _seating(data: dict[str, Any], lines: _Lines, m: int) -> tuple[list[int], int]:
    """pokercore's seat of each player and the number of seats."""
    if "seats" not in data:
        return list(range(m)), m
    raw, line = data["seats"], lines.of("seats")
    if not isinstance(raw, list) or len(raw) != m:
        raise PhhError(f"seats must list {m} seat numbers, got {raw!r}", line)
    seats = [_whole(s, "a seat number", line, 1) - 1 for s in raw]
    n = _whole(data.get("seat_count", max(seats) + 1), "seat_count", lines.of("seat_count"), 1)
    if len(set(seats)) != m or max(seats) >= n or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise PhhError(f"seats {raw} with seat_count {n}: seats must be distinct, 1..seat_count, "
                       f"and seat_count {MIN_PLAYERS}..{MAX_PLAYERS}", line)
    button = seats[-1]
    if sorted(seats, key=lambda s: (s - button - 1) % n) != seats:
        raise PhhError(f"seats {raw} do not go round the table from the left of the button (the last player)", line)
    return seats, n


def load_phh(text: str, *, check_stacks: bool = True) -> PhhHand:
    """Read and replay a PHH hand of ``NT``, ``FT`` or ``PO``; see :func:`pokercore.holdem.phh.from_phh`."""
    if not isinstance(text, str):
        raise PhhError(f"a PHH hand is text, got {type(text).__name__}")
    if tomllib is None:  # pragma: no cover
        raise PhhError("reading PHH needs Python 3.11 or later (tomllib), or the tomli package")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"line (\d+)", str(exc))
        if found:
            raise PhhError(f"not valid TOML: {exc}", int(found.group(1))) from None
        last = max(1, len(text.rstrip("\n").split("\n")))
        raise PhhError(f"not valid TOML: {exc}: the text ends inside a value (is the file cut short? "
                       "a list or string must be closed)", last) from None
    except RecursionError:
        raise PhhError("not valid PHH: the TOML nests lists or tables too deeply to read "
                       "(a PHH hand nests at most two levels)") from None
    raw_actions = data.get("actions")
    lines = _Lines(text, raw_actions if isinstance(raw_actions, list) and
                   all(isinstance(a, str) for a in raw_actions) else [])
    if "variant" not in data:
        tables = [k for k, v in data.items() if isinstance(v, dict)]
        if tables:
            raise PhhError(f"this text holds several hands ([{tables[0]}], ...): read one hand at a time")
        raise PhhError("no 'variant' field: this is not a PHH hand")
    variant = data["variant"]
    if variant not in _CODES:
        raise PhhError(f"variant {variant!r} is not a game pokercore plays: NT, FT or PO", lines.of("variant"))
    key = _CODES[variant]
    bet_fields = ("small_bet", "big_bet") if key == "fl" else ("min_bet",)
    for name in ("antes", "blinds_or_straddles", *bet_fields, "starting_stacks", "actions"):
        if name not in data:
            raise PhhError(f"a {variant} hand needs the field {name!r}")
    if not isinstance(raw_actions, list) or not all(isinstance(a, str) for a in raw_actions):
        raise PhhError("actions must be a list of strings", lines.of("actions"))
    m = _player_count(data, lines)
    stacks = _numbers(data, "starting_stacks", m, lines, 1)
    kw = _game(data, lines, m, key)
    seats, n = _seating(data, lines, m)
    holes_n = 4 if key == "plo" else 2
    return _replay(data, lines, key, kw, stacks, seats, n, holes_n, raw_actions, check_stacks)


def _player_count(data: dict[str, Any], lines: _Lines) -> int:
    """The number of players, which every per-player list must agree on; the odd list out is named."""
    raw_stacks = data["starting_stacks"]
    sizes = {name: len(data[name]) for name in _PER_PLAYER if isinstance(data[name], list)}
    if "starting_stacks" not in sizes:
        raise PhhError(f"starting_stacks must be a list of {MIN_PLAYERS}..{MAX_PLAYERS} numbers, "
                       f"got {cut(raw_stacks)}", lines.of("starting_stacks"))
    counts = Counter(sizes.values())
    top = max(counts.values())
    m = sizes["starting_stacks"] if counts[sizes["starting_stacks"]] == top else \
        next(v for v, c in counts.items() if c == top)
    for name in _PER_PLAYER:
        if name in sizes and sizes[name] != m:
            others = " and ".join(n for n in _PER_PLAYER if sizes.get(n) == m)
            raise PhhError(f"{name} must be a list of {m} numbers (one per player, as {others}), "
                           f"got {cut(data[name])}", lines.of(name))
    if not MIN_PLAYERS <= m <= MAX_PLAYERS:
        raise PhhError(f"starting_stacks must list {MIN_PLAYERS}..{MAX_PLAYERS} stacks, got {cut(raw_stacks)}",
                       lines.of("starting_stacks"))
    return m


def _player(word: str, m: int, line: int | None) -> int:
    if not re.fullmatch(r"p[1-9][0-9]?", word, re.ASCII) or not 1 <= int(word[1:]) <= m:
        raise PhhError(f"{word!r} is not a player p1..p{m}", line)
    return int(word[1:]) - 1


def _replay(data: dict[str, Any], lines: _Lines, key: str, kw: dict[str, Any], stacks: list[int],
            seats: list[int], n: int, holes_n: int, actions: list[str], check_stacks: bool) -> PhhHand:
    m = len(seats)
    parsed: list[tuple[int | None, str, list[str]]] = []
    holes: list[list[int | None]] = [[] for _ in range(m)]
    dealt_at: list[int | None] = [lines.of("actions")] * m
    shown: dict[int, list[int | None]] = {}
    shown_at: dict[int, int | None] = {}
    final: dict[int, int | None] = {}   # players that showed known cards or mucked
    board: list[int] = []
    seen: dict[int, int | None] = {}

    def note(cards: list[int | None], line: int | None) -> None:
        for c in cards:
            if c is not None:
                if c in seen and seen[c] != line:
                    raise PhhError(f"card {format_cards([c])} appears twice (also on line {seen[c]})", line)
                seen[c] = line

    for a, line in zip(actions, lines.actions):
        words = a.split("#", 1)[0].split()
        parsed.append((line, a, words))
        if words[:2] == ["d", "dh"] and len(words) == 4:
            p = _player(words[2], m, line)
            cards = _phh_cards(words[3], line)
            note(cards, line)
            holes[p] += cards
            dealt_at[p] = line
            if len(holes[p]) > holes_n:
                raise PhhError(f"p{p + 1} gets {len(holes[p])} hole cards: {data['variant']} deals {holes_n}", line)
        elif words[:2] == ["d", "db"] and len(words) == 3:
            cards = _phh_cards(words[2], line)
            if None in cards:
                raise PhhError("unknown board cards cannot be replayed", line)
            note(cards, line)
            board += cards  # type: ignore[arg-type]
        elif len(words) >= 2 and words[0] != "d" and words[1] == "sm" and words[2:] != ["-"]:
            p = _player(words[0], m, line)
            if p in final:
                raise PhhError(f"{cut(a)}: p{p + 1} already showed or mucked on line {final[p]}: a player shows "
                               "(or mucks) once; only unknown cards (????) may be shown again before that", line)
            cards = _phh_cards(words[2], line) if len(words) == 3 else []
            if len(words) == 2 or None not in cards:
                final[p] = line
            if cards:
                shown[p], shown_at[p] = cards, line
    stand_ins: list[int] = []
    for p in range(m):
        if len(holes[p]) != holes_n:
            raise PhhError(f"p{p + 1} is dealt {len(holes[p])} hole cards: {data['variant']} deals {holes_n}",
                           dealt_at[p])
        if None in holes[p] and p in shown and len(shown[p]) == holes_n and None not in shown[p]:
            known = [c for c in holes[p] if c is not None]
            if not set(known) <= set(shown[p]):
                raise PhhError(f"p{p + 1} shows cards it was not dealt", shown_at[p])
            note([c for c in shown[p] if c not in known], shown_at[p])
            holes[p] = list(shown[p])
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
        state = HoldemState(cfg, table, seats[-1], deck=deck,  # type: ignore[arg-type]
                            hand_number=hand_no if isinstance(hand_no, int) and not isinstance(hand_no, bool) else 1)
    except HoldemError as exc:
        raise PhhError(f"the game cannot be set up: {exc}", lines.of("blinds_or_straddles")) from None
    _act(state, parsed, seats, m)
    return _check_result(state, data, lines, parsed, seats, stand_ins, dealt_at, check_stacks)


def _act(state: HoldemState, parsed: list[tuple[int | None, str, list[str]]], seats: list[int], m: int) -> None:
    dealt_board = 0
    acted = False
    for line, text, words in parsed:
        if not words:
            continue
        if words[0] == "d":
            if words[1:2] == ["dh"] and len(words) == 4:
                if acted:
                    raise PhhError(f"{text!r}: hole cards are dealt once, before the betting", line)
                continue
            if words[1:2] == ["db"] and len(words) == 3:
                dealt_board += len(words[2]) // 2
                if len(state.board) < dealt_board:
                    who = f"seat {state.actor} is to act" if state.actor is not None else "the hand is over"
                    raise PhhError(f"{text!r}: the board is dealt before the betting round is over ({who})", line)
                continue
            raise PhhError(f"{text!r} is not a dealing action pokercore knows ('d dh pN cards', 'd db cards')", line)
        p = _player(words[0], m, line)
        verb = words[1] if len(words) > 1 else ""
        if verb == "sm":
            continue  # checked against the showdown once the hand is replayed
        if verb not in ("f", "cc", "cbr") or len(words) != (3 if verb == "cbr" else 2):
            raise PhhError(f"{text!r} is not an action of hold'em or Omaha (f, cc, cbr amount, sm)", line)
        if len(state.board) > dealt_board:
            raise PhhError(f"{text!r}: the betting goes on, but the file has not dealt the board cards "
                           f"{format_cards(state.board[dealt_board:])} that come first", line)
        seat = seats[p]
        if state.actor is None:
            raise PhhError(f"{text!r}: the hand is already over", line)
        if state.actor != seat:
            actor_p = seats.index(state.actor)
            raise PhhError(f"{text!r}: it is p{actor_p + 1}'s turn (seat {state.actor}), not p{p + 1}'s", line)
        acted = True
        amount = _amount(words[2], text, line) if verb == "cbr" else 0
        try:
            if verb == "f":
                state.fold()
            elif verb == "cc":
                state.check() if state.can_check() else state.call()
            else:
                state.bet(amount) if state.current_bet == 0 else state.raise_(amount)
        except HoldemError as exc:
            raise PhhError(f"{text!r}: {exc}", line) from None


def _amount(word: str, text: str, line: int | None) -> int:
    """The "to" amount of a ``cbr`` action: a whole number of chips (ASCII digits)."""
    if not _AMOUNT.fullmatch(word):
        raise PhhError(f"{text!r}: {word!r} is not an amount (write digits 0-9, e.g. 'cbr 6')", line)
    try:
        value = float(word.replace(",", "")) if "." in word else int(word.replace(",", ""))
    except ValueError:
        raise PhhError(f"{text!r}: {word!r} is not an amount", line) from None
    return _whole(value, f"{text!r}: the amount", line, 1)


def _check_result(state: HoldemState, data: dict[str, Any], lines: _Lines,
                  parsed: list[tuple[int | None, str, list[str]]], seats: list[int], stand_ins: list[int],
                  dealt_at: list[int | None], check_stacks: bool) -> PhhHand:
    m = len(seats)
    for seat in stand_ins:
        if seat in state.ranks or seat in state.revealed:
            p = seats.index(seat)
            raise PhhError(f"p{p + 1}'s hole cards are unknown (??) and the hand goes to a showdown where they "
                           f"count: show them ('p{p + 1} sm AsKs')", dealt_at[p])
    for line, text, words in parsed:
        if len(words) >= 2 and words[1] == "sm" and words[0] != "d":
            seat = seats[_player(words[0], m, line)]
            if len(words) == 3 and words[2] != "-":
                cards = _phh_cards(words[2], line)
                if None not in cards and sorted(cards) != sorted(state.holes[seat]):  # type: ignore[type-var]
                    raise PhhError(f"{text!r}: seat {seat} holds {format_cards(state.holes[seat])}", line)
            elif len(words) == 2 and state.payouts is not None and state.payouts[seat] and seat in state.ranks:
                raise PhhError(f"{text!r}: this hand wins {state.payouts[seat]} at pokercore's showdown, "
                               "it cannot be mucked", line)
    finishing = data.get("finishing_stacks")
    if check_stacks and finishing is not None:
        line = lines.of("finishing_stacks")
        if not state.is_over:
            raise PhhError("finishing_stacks are given but the actions stop before the end of the hand", line)
        ours = [state.stacks[s] for s in seats]
        theirs = [_whole(v, "a finishing stack", line) for v in finishing] if isinstance(finishing, list) else None
        if theirs != ours:
            raise PhhError(f"finishing_stacks {finishing} differ from pokercore's replay {ours} (pokercore plays "
                           "no rake; load with check_stacks=False to accept the file anyway)", line)
    return PhhHand(state, tuple(seats), tuple(sorted(stand_ins)), data)


def from_phh(text: str, *, check_stacks: bool = True) -> HoldemState:
    """Replay a PHH hand of ``NT``, ``FT`` or ``PO``: the state after its last action.

    Parameters
    ----------
    text : str
        The PHH file's text (one hand).
    check_stacks : bool, default True
        Refuse a file whose ``finishing_stacks`` differ from the replay
        (pokercore plays no rake; pass False to load such a file anyway).

    Raises
    ------
    PhhError
        The text is not TOML, misses a field, is another variant, or holds an
        action, card or result that does not replay; the message names the line.
    """
    return load_phh(text, check_stacks=check_stacks).state
