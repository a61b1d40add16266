"""Hand histories as text: write any hand, replay it to the same state.

The format is line based and meant to be read by people::

    # pokercore five-card draw (fixed limit)
    hand: 1
    seats: 2
    button: 0
    ante: 1
    bets: 2 4
    raise_cap: 3
    all_in: off
    stacks: 20 20
    deal s1: Ah Ad 7c 5s 2d
    deal s0: Kc Kd 9h 8h 3s
    s1: bet 2
    s0: call 2
    s1: draw 7c 5s 2d -> Ac 4h 6d
    s0: draw 9h 8h 3s -> Qs 8c 7s
    ...
    show s1: Ah Ad Ac 4h 6d
    win s1: 26
    final: 7 33

Seats are ``s0``..``s5`` (seat numbers, not positions).  Amounts are the
chips an action puts in (a raise's amount includes the call).  ``draw -``
stands pat.  Lines after the actions (``show``, ``muck``, ``win``,
``final``) are checked on replay.  Blank lines and ``#`` comments are
ignored.

Examples
--------
>>> from pokercore.draw import DrawConfig, DrawState, check_call_agent
>>> s = DrawState(DrawConfig(players=3), button=2, seed=11)
>>> s.play([check_call_agent] * 3)
>>> text = format_history(s)
>>> replay_history(text).snapshot() == s.snapshot()
True
"""

from __future__ import annotations

from ..cards import format_cards, parse_cards
from ._actions import Action
from ._config import DrawConfig, playing_stack
from ._engine import DrawState
from ._errors import DrawError, HistoryError

__all__ = ["format_history", "replay_history"]

_TITLE = "# pokercore five-card draw (fixed limit)"


def _cards(codes: tuple[int, ...]) -> str:
    return format_cards(codes) if codes else "-"


def format_history(state: DrawState) -> str:
    """The hand so far as text (complete once ``state.is_over``)."""
    cfg = state.config
    lines = [
        _TITLE,
        f"hand: {state.hand_number}",
        f"seats: {state.seats}",
        f"button: {state.button}",
        f"ante: {cfg.ante}",
        f"bets: {cfg.small_bet} {cfg.big_bet}",
        f"raise_cap: {cfg.raise_cap}",
        f"all_in: {'on' if cfg.all_in else 'off'}",
        "stacks: " + " ".join(map(str, state.starting_stacks)),
    ]
    for rec in state.log:
        head = rec[0]
        if head == "deal":
            lines.append(f"deal s{rec[1]}: {_cards(rec[2])}")
        elif head == "show":
            lines.append(f"show s{rec[1]}: {_cards(rec[2])}")
        elif head == "muck":
            lines.append(f"muck s{rec[1]}")
        elif head == "win":
            lines.append(f"win s{rec[1]}: {rec[2]}")
        elif rec[1] == "draw":
            old, new = rec[2], rec[3]
            lines.append(f"s{head}: draw {_cards(old)}" + (f" -> {_cards(new)}" if old else ""))
        elif rec[1] in ("call", "bet", "raise"):
            lines.append(f"s{head}: {rec[1]} {rec[2]}")
        else:
            lines.append(f"s{head}: {rec[1]}")
    if state.is_over:
        lines.append("final: " + " ".join(map(str, state.stacks)))
    return "\n".join(lines) + "\n"


def _seat(token: str, n: int, lineno: int) -> int:
    if not (token.startswith("s") and token[1:].isdigit() and int(token[1:]) < n):
        raise HistoryError(f"line {lineno}: {token!r} is not a seat s0..s{n - 1}")
    return int(token[1:])


def _ints(text: str, lineno: int) -> list[int]:
    try:
        return [int(t) for t in text.split()]
    except ValueError:
        raise HistoryError(f"line {lineno}: expected integers, got {text!r}") from None


def _parse_cards(text: str, lineno: int) -> list[int]:
    text = text.strip()
    if text in ("", "-"):
        return []
    try:
        return parse_cards(text)
    except ValueError as exc:
        raise HistoryError(f"line {lineno}: {exc}") from None


def replay_history(text: str) -> DrawState:
    """Rebuild the hand a history describes, checking every line on the way.

    Raises
    ------
    HistoryError
        A line does not parse, an action is illegal, or the showdown,
        payouts or final stacks differ from what the history says.
    """
    header: dict[str, str] = {}
    body: list[tuple[int, str]] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        if not body and sep and " " not in key.strip():
            header[key.strip()] = value.strip()
        else:
            body.append((lineno, line))
    try:
        n = int(header["seats"])
        small, big = _ints(header["bets"], 0)
        ante, all_in = int(header["ante"]), header["all_in"] == "on"
        stacks = _ints(header["stacks"], 0)
        # The stacks are this hand's: later in a game some may be too short to bet, which a
        # game could not start with.  The config holds the rules (with those stacks topped
        # up), the state this hand's stacks.
        need = playing_stack(ante, small, big, all_in)
        cfg = DrawConfig(
            players=n, ante=ante, small_bet=small, big_bet=big, raise_cap=int(header["raise_cap"]),
            starting_stacks=[max(s, need) for s in stacks], hands=1, all_in=all_in,
        )
        button, hand_number = int(header["button"]), int(header.get("hand", "1"))
    except (KeyError, ValueError) as exc:
        raise HistoryError(f"bad or missing header field: {exc}") from None
    # The deck: the cards in the order they were dealt.
    deck: list[int] = []
    for lineno, line in body:
        if line.startswith("deal "):
            deck += _parse_cards(line.partition(":")[2], lineno)
        elif "-> " in line:
            deck += _parse_cards(line.partition("->")[2], lineno)
    try:
        state = DrawState(cfg, stacks, button, deck=deck, hand_number=hand_number)
    except DrawError as exc:
        raise HistoryError(f"cannot set up the hand: {exc}") from None
    shown: list[tuple[object, ...]] = []
    final: list[int] | None = None
    deals = iter([rec for rec in state.log if rec[0] == "deal"])
    for lineno, line in body:
        head, _, rest = line.partition(":")
        words = head.split()
        if words[0] == "deal":
            if len(words) != 2:
                raise HistoryError(f"line {lineno}: expected 'deal sN: cards', got {line!r}")
            claim = ("deal", _seat(words[1], n, lineno), tuple(_parse_cards(rest, lineno)))
            if next(deals, None) != claim:
                raise HistoryError(f"line {lineno}: {line!r} is not how this hand was dealt")
            continue
        if words[0] in ("show", "muck", "win"):
            seat = _seat(words[1], n, lineno)
            if words[0] == "show":
                shown.append(("show", seat, tuple(_parse_cards(rest, lineno))))
            elif words[0] == "muck":
                shown.append(("muck", seat))
            else:
                shown.append(("win", seat, _ints(rest, lineno)[0]))
            continue
        if words[0] == "final":
            final = _ints(rest, lineno)
            continue
        seat = _seat(words[0], n, lineno)
        parts = rest.split("->")[0].split()
        if not parts:
            raise HistoryError(f"line {lineno}: no action in {line!r}")
        kind = parts[0]
        try:
            if kind == "draw":
                action = Action("draw", 0, tuple(_parse_cards(" ".join(parts[1:]), lineno)))
            elif kind in ("call", "bet", "raise"):
                action = Action(kind, _ints(" ".join(parts[1:2]), lineno)[0] if len(parts) > 1 else 0)
            else:
                action = Action(kind)
            state.act(action, seat)
        except DrawError as exc:
            raise HistoryError(f"line {lineno}: {line!r}: {exc}") from None
        if kind == "draw":
            got_new = next(r for r in reversed(state.log) if r[1:2] == ("draw",))[3]
            if got_new != tuple(_parse_cards(rest.partition("->")[2], lineno)):
                raise HistoryError(f"line {lineno}: the draw replays as {format_cards(got_new) or '-'}")
    got = [rec for rec in state.log if rec[0] in ("show", "muck", "win")]
    if shown and got != shown:
        raise HistoryError(f"the showdown replays as {got}, the history says {shown}")
    if final is not None and list(state.stacks) != final:
        raise HistoryError(f"final stacks replay as {list(state.stacks)}, the history says {final}")
    return state
