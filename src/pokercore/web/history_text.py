"""A stored hand history cut to what one seat saw: other seats' hidden cards become ``??``.

The database keeps every history in full (it replays); a player reads
it through :func:`seat_view`, which keeps the reader's own cards and the
cards everyone saw, and hides the rest:

- five-card draw (``pokercore-draw``): another seat's dealt cards and its
  draw (what it threw away and what it got) are hidden even when it
  showed down (a card room shows the final hand only, as the ``show``
  line does); a mucked or folded hand stays hidden;
- hold'em (``phh``): another player's ``d dh`` hole cards become ``????``
  (PHH's unknown cards); ``sm`` lines (shown at showdown) stay;
- Binh (``pokercore-binh``): every hand is revealed at the end of a deal,
  so the text is the whole deal.

Hands are stored only once they are over, so nothing of a hand in play
can be read at all.

:func:`readable` then writes such a cut text as a person reads it: "You"
and the seats' names instead of ``s0`` or ``p1``, a line a street, the
reader's own mucked hand (its final cards), and every winner with the
chips it won.

>>> text = "deal s0: Ah Ad 7c 5s 2d\\ndeal s1: Kc Kd 9h 8h 3s\\ns1: draw 9h 8h 3s -> Qs 8c 7s\\nmuck s1\\n"
>>> print(seat_view("pokercore-draw", text, 0), end="")
deal s0: Ah Ad 7c 5s 2d
deal s1: ?? ?? ?? ?? ??
s1: draw ?? ?? ?? -> ?? ?? ??
muck s1
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence

__all__ = ["FORMATS", "readable", "seat_names", "seat_view"]

#: The history formats the server stores, and what each is.
FORMATS = {
    "pokercore-draw": "pokercore's five-card draw history (pokercore.draw.history)",
    "pokercore-binh": "pokercore's Binh deal history (pokercore.binh.DealResult.to_text)",
    "phh": "Poker Hand History (PHH), hold'em and Omaha",
}

_CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")
_DRAW_LINE = re.compile(r"^(deal s(\d+):|s(\d+): draw)(.*)$")
_PHH_DEAL = re.compile(r"'d dh p(\d+) ([^']*)'")
_PHH_SEATS = re.compile(r"^seats = \[([0-9, ]*)\]", re.M)


def _hide(text: str) -> str:
    return _CARD.sub("??", text)


def _draw(text: str, seat: int) -> str:
    out = []
    for line in text.splitlines():
        m = _DRAW_LINE.match(line)
        who = None if m is None else int(m.group(2) or m.group(3))
        out.append(line if m is None or who == seat else m.group(1) + _hide(m.group(4)))
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")


def _phh(text: str, seat: int) -> str:
    seats = _PHH_SEATS.search(text)
    # PHH numbers players by position; pokercore writes the seat of each (1-based) in ``seats``
    order = [int(v) - 1 for v in seats.group(1).split(",") if v.strip()] if seats else []
    mine = order.index(seat) + 1 if seat in order else None

    def cut(m: re.Match[str]) -> str:
        if int(m.group(1)) == mine:
            return m.group(0)
        return f"'d dh p{m.group(1)} {'??' * (len(m.group(2).strip()) // 2)}'"
    return _PHH_DEAL.sub(cut, text)


def seat_view(fmt: str, text: str, seat: int) -> str:
    """``text`` (a finished hand of format ``fmt``) as seat ``seat`` may read it.

    A format this function does not know is refused rather than shown whole.

    >>> print(seat_view("phh", "actions = [\\n  'd dh p1 AsKs',\\n  'd dh p2 7h6h',\\n]\\nseats = [1, 2]", 1))
    actions = [
      'd dh p1 ????',
      'd dh p2 7h6h',
    ]
    seats = [1, 2]
    """
    if fmt == "pokercore-binh":
        return text
    if fmt == "pokercore-draw":
        return _draw(text, seat)
    if fmt == "phh":
        return _phh(text, seat)
    raise ValueError(f"no reader's view of history format {fmt!r}: known are {', '.join(FORMATS)}")


# ---------------------------------------------------------------------------------------------- readable
def seat_names(names: Sequence[str], reader: int) -> list[str]:
    """What each seat is called for ``reader``: "You", else its name (with its seat number when two share one).

    >>> seat_names(["Player 1", "Call AI", "Call AI", "Easy AI"], 0)
    ['You', 'Call AI 1', 'Call AI 2', 'Easy AI']
    """
    out = []
    for i, name in enumerate(names):
        if i == reader:
            out.append("You")
        elif sum(1 for n in names if n == name) > 1:
            out.append(f"{name} {i}")
        else:
            out.append(name or f"Seat {i}")
    return out


def _says(who: str, verb: str, rest: str = "") -> str:
    """``who`` and ``verb`` agreeing ("You call", "Easy AI calls"), then ``rest``."""
    if who != "You":
        verb = verb[:-1] + "ies" if verb.endswith("y") and verb[-2:] != "ay" else \
            verb + "es" if verb.endswith(("sh", "ch", "s")) else verb + "s"
    return f"{who} {verb}" + (f" {rest}" if rest else "")


def _chips(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"


def _draw_lines(text: str, who: list[str], reader: int) -> list[str]:
    out: list[str] = []
    held: dict[int, list[str]] = {}  # the reader's cards as the hand goes (for its own muck)
    head: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(":")
        value = value.strip()
        m = re.fullmatch(r"(deal|show) s(\d+)", key) or re.fullmatch(r"s(\d+)", key)
        if key in ("hand", "seats", "button", "ante", "bets", "raise_cap", "all_in", "stacks", "final") and m is None:
            head[key] = value
            if key == "stacks":
                small, big = (head.get("bets", "? ?").split() + ["?", "?"])[:2]
                out.append(f"Five-card draw, hand {head.get('hand', '?')}: ante {head.get('ante', '?')}, "
                           f"bets {small}/{big}; button: {who[int(head['button'])] if 'button' in head else '?'}")
                out.append("Stacks: " + ", ".join(f"{who[i]} {v}" for i, v in enumerate(value.split())))
            elif key == "final":
                out.append("After the hand: " + ", ".join(f"{who[i]} {v}" for i, v in enumerate(value.split())))
            continue
        muck = re.fullmatch(r"muck s(\d+)", line)
        win = re.fullmatch(r"win s(\d+)", key)
        if muck:
            seat = int(muck.group(1))
            cards = held.get(seat) if seat == reader else None
            out.append(_says(who[seat], "muck", " ".join(cards)) if cards else _says(who[seat], "muck"))
        elif win:
            out.append(_says(who[int(win.group(1))], "win", _chips(int(value))))
        elif m is not None and m.re.pattern.startswith("(deal"):
            seat = int(m.group(2))
            if m.group(1) == "deal":
                held[seat] = value.split()
                out.append(f"Dealt to {who[seat]}: {value}")
            else:
                out.append(_says(who[seat], "show", value))
        elif m is not None:
            seat = int(m.group(1))
            verb, _, rest = value.partition(" ")
            if verb == "draw":
                if rest.strip() == "-":
                    out.append(_says(who[seat], "stand", "pat"))
                else:
                    old, _, new = rest.partition("->")
                    thrown, got = old.split(), new.split()
                    if seat in held and "??" not in thrown:
                        held[seat] = [c for c in held[seat] if c not in thrown] + got
                    out.append(_says(who[seat], "draw", f"{len(thrown)}: {old.strip()} -> {new.strip()}"))
            else:
                out.append(_says(who[seat], verb, rest))
        else:
            out.append(line)
    return out


def _phh_field(text: str, name: str) -> object:
    m = re.search(rf"^{name} = (.*)$", text, re.M)
    if m is None:
        return None
    value = m.group(1).strip().replace("true", "True").replace("false", "False")
    try:
        return ast.literal_eval(value)
    except (ValueError, SyntaxError):
        return None


def _pairs(cards: str) -> str:
    return " ".join(cards[i:i + 2] for i in range(0, len(cards), 2))


_VARIANTS = {"NT": "No-limit hold'em", "FT": "Fixed-limit hold'em", "PO": "Pot-limit Omaha"}


def _phh_lines(text: str, who: list[str], reader: int) -> list[str]:
    seats = _phh_field(text, "seats")
    stacks = _phh_field(text, "starting_stacks")
    blinds = _phh_field(text, "blinds_or_straddles")
    antes = _phh_field(text, "antes")
    final = _phh_field(text, "finishing_stacks")
    if not (isinstance(seats, list) and isinstance(stacks, list) and isinstance(blinds, list)):
        return [line for line in text.splitlines() if line.strip()]
    m = len(seats)
    seat = [int(s) - 1 for s in seats]          # position (0-based) -> seat
    name = [who[s] if 0 <= s < len(who) else f"Seat {s}" for s in seat]
    left = [int(v) for v in stacks]
    put = [0] * m                                # chips each position put in, the whole hand
    street = [0] * m                             # this street's bets
    posted = [int(blinds[p]) if p < len(blinds) else 0 for p in range(m)]
    if m == 2:                                   # heads-up: the button (p2) posts the small blind, as PHH reads it
        posted.reverse()
    for p in range(m):
        ante = int(antes[p]) if isinstance(antes, list) and p < len(antes) else 0
        blind = posted[p]
        paid = min(left[p], ante + blind)
        left[p] -= paid
        put[p] += paid
        street[p] = max(0, paid - ante)
    bet = max(street)
    small, big = (blinds + [0, 0])[:2]
    game = _VARIANTS.get(str(_phh_field(text, "variant")), "Hold'em")
    out = [f"{game}, hand {_phh_field(text, 'hand')}: "
           f"blinds {small}/{big}; button: {name[-1]}",
           "Stacks: " + ", ".join(f"{name[p]} {stacks[p]}" for p in sorted(range(m), key=lambda p: seat[p]))]
    hole: dict[int, str] = {}
    boards = 0
    for raw in re.findall(r"^\s*'([^']*)',?\s*$", text[text.find("actions = ["):], re.M):
        parts = raw.split()
        if parts[:2] == ["d", "dh"]:
            p = int(parts[2][1:]) - 1
            hole[p] = _pairs(parts[3])
            out.append(f"Dealt to {name[p]}: {hole[p]}")
            continue
        if parts[:2] == ["d", "db"]:
            boards += 1
            out.append(f"{('Flop', 'Turn', 'River')[min(boards, 3) - 1]}: {_pairs(parts[2])}")
            street, bet = [0] * m, 0
            continue
        p, word = int(parts[0][1:]) - 1, parts[1]
        if word == "f":
            out.append(_says(name[p], "fold"))
        elif word == "cc":
            if street[p] >= bet:
                out.append(_says(name[p], "check"))
            else:
                pay = min(left[p], bet - street[p])
                left[p] -= pay
                put[p] += pay
                street[p] += pay
                out.append(_says(name[p], "call", str(street[p]) + (" (all-in)" if left[p] == 0 else "")))
        elif word == "cbr":
            to = int(parts[2])
            pay = to - street[p]
            left[p] -= pay
            put[p] += pay
            street[p] = to
            out.append(_says(name[p], "bet" if bet == 0 else "raise", ("" if bet == 0 else "to ") + str(to)
                             + (" (all-in)" if left[p] == 0 else "")))
            bet = max(bet, to)
        elif word == "sm":
            if len(parts) > 2 and "?" not in parts[2]:
                out.append(_says(name[p], "show", _pairs(parts[2])))
            elif p in hole and "?" not in hole[p] and seat[p] == reader:
                out.append(_says(name[p], "muck", hole[p]))
            else:
                out.append(_says(name[p], "muck"))
    if isinstance(final, list) and len(final) == m:
        back = [0] * m                           # the part of the biggest bet nobody matched goes back
        top = max(range(m), key=lambda p: put[p])
        second = max((put[p] for p in range(m) if p != top), default=0)
        if put[top] > second:
            back[top] = put[top] - second
            out.append(f"{back[top]} not called: back to {'you' if name[top] == 'You' else name[top]}")
        for p in range(m):
            won = int(final[p]) - left[p] - back[p]  # its share of the pots
            if won > 0:
                out.append(_says(name[p], "win", _chips(won)))
        by_seat = sorted(range(m), key=lambda p: seat[p])
        out.append("After the hand: " + ", ".join(f"{name[p]} {final[p]}" for p in by_seat))
    return out


def _binh_lines(text: str, who: list[str]) -> list[str]:
    def name(token: str) -> str:
        i = int(token[1:]) - 1
        return who[i] if 0 <= i < len(who) else token

    out = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        words = line.split()
        if words[0] == "binh":
            out.append(f"Binh deal, {len(who)} players")
        elif words[0] == "nets":
            out.append("Nets: " + ", ".join(f"{who[i]} {v}" for i, v in enumerate(words[1:]) if i < len(who)))
        elif re.fullmatch(r"p\d+", words[0]) and len(words) > 2 and words[1] == "vs":
            out.append(f"{name(words[0])} vs {name(words[2])}: {' '.join(words[3:])}")
        elif re.fullmatch(r"p\d+", words[0]) and len(words) > 1:
            verb = {"dealt": None, "shows": "show", "special": "declare"}.get(words[1], words[1])
            if verb is None:
                out.append(f"Dealt to {name(words[0])}: {' '.join(words[2:])}")
            else:
                out.append(_says(name(words[0]), verb, " ".join(words[2:])))
        else:
            out.append(line)
    return out


def readable(fmt: str, text: str, reader: int, names: Sequence[str]) -> list[str]:
    """The lines of a hand as seat ``reader`` reads it (``text`` already cut by :func:`seat_view`).

    Seats are "You" and their names (:func:`seat_names`); the reader's own
    mucked hand is shown with its final cards; every winner's line says
    the chips won.  The stored text stays as it is (it replays); this is
    for people.

    >>> text = "deal s0: Ah Ad 7c 5s 2d\\ns1: bet 2\\ns0: fold\\nwin s1: 3\\n"
    >>> readable("pokercore-draw", text, 0, ["Me", "Easy AI"])
    ['Dealt to You: Ah Ad 7c 5s 2d', 'Easy AI bets 2', 'You fold', 'Easy AI wins 3 chips']
    """
    who = seat_names(names, reader)
    if fmt == "pokercore-draw":
        return _draw_lines(text, who, reader)
    if fmt == "phh":
        return _phh_lines(text, who, reader)
    if fmt == "pokercore-binh":
        return _binh_lines(text, who)
    raise ValueError(f"no readable form of history format {fmt!r}: known are {', '.join(FORMATS)}")
