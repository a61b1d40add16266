"""A stored hand history cut to what one seat saw: other seats' hidden cards become ``??``.

The database keeps every history in full (it replays); a player reads
it through :func:`seat_view`, which keeps the reader's own cards and the
cards everyone saw, and hides the rest:

- five-card draw (``pokercore-draw``): another seat's dealt cards and its
  draw (what it threw away and what it got) are hidden even when it
  showed down (a card room shows the final hand only, as the ``show``
  line does); a mucked or folded hand stays hidden;
- hold'em (``phh``): another player's ``d dh`` hole cards become ``????``
  (PHH's unknown cards); ``sm`` lines (shown at showdown) stay, and its
  muck at the showdown (a bare ``sm``) becomes ``sm ????`` (a hand shown as
  unknown), so the cut text still replays with
  :func:`pokercore.holdem.load_phh`;
- Binh (``pokercore-binh``): every hand is revealed at the end of a deal,
  so the text is the whole deal.

Hands are stored only once they are over, so nothing of a hand in play
can be read at all.

:func:`readable` then writes such a cut text as a person reads it: "You"
and the seats' names instead of ``s0`` or ``p1``, a line a street, the
reader's own mucked hand (its final cards), and every winner with the
chips it won.  A hold'em hand is replayed by the hold'em package's PHH
reader and written from the replayed hand's record: the betting rules have
one home, the engine.

>>> text = "deal s0: Ah Ad 7c 5s 2d\\ndeal s1: Kc Kd 9h 8h 3s\\ns1: draw 9h 8h 3s -> Qs 8c 7s\\nmuck s1\\n"
>>> print(seat_view("pokercore-draw", text, 0), end="")
deal s0: Ah Ad 7c 5s 2d
deal s1: ?? ?? ?? ?? ??
s1: draw ?? ?? ?? -> ?? ?? ??
muck s1
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from ..cards import format_cards
from ..holdem import PhhError, load_phh

__all__ = ["FORMATS", "readable", "seat_names", "seat_view"]

#: The history formats the server stores, and what each is.
FORMATS = {
    "pokercore-draw": "pokercore's five-card draw history (pokercore.draw.format_history)",
    "pokercore-binh": "pokercore's Binh deal history (pokercore.binh.DealResult.to_text)",
    "phh": "Poker Hand History (PHH), hold'em and Omaha",
}

_CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")
_DRAW_LINE = re.compile(r"^(deal s(\d+):|s(\d+): draw)(.*)$")
_PHH_DEAL = re.compile(r"'d dh p(\d+) ([^']*)'")
_PHH_MUCK = re.compile(r"'p(\d+) sm'")
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
        held[m.group(1)] = len(m.group(2).strip()) // 2
        return f"'d dh p{m.group(1)} {'??' * held[m.group(1)]}'"

    def muck(m: re.Match[str]) -> str:
        # a hidden hand mucked at the showdown: shown as unknown cards, as PHH writes a hand nobody saw
        return m.group(0) if int(m.group(1)) == mine else f"'p{m.group(1)} sm {'??' * held.get(m.group(1), 2)}'"
    held: dict[str, int] = {}
    return _PHH_MUCK.sub(muck, _PHH_DEAL.sub(cut, text))


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


def _chips(n: int | Decimal) -> str:
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


_STREETS = {1: "Flop", 2: "Turn", 3: "River"}


def _phh_lines(text: str, who: list[str], reader: int) -> list[str]:
    """The lines of a hold'em hand: ``text`` replayed by :func:`pokercore.holdem.load_phh`, then its record read.

    Nothing here reads PHH or counts chips: the blinds, the calls, the
    uncalled bets and the amounts won are the replayed hand's own (its
    ``log``, its ``events`` for the all-ins).  Other seats' hole cards are
    ``??`` (the reader saw them only if they were shown: the ``shows`` line).
    """
    try:
        hand = load_phh(text)
    except PhhError as exc:
        return [f"pokercore cannot replay this hand ({exc}); the stored text follows",
                *(line for line in text.splitlines() if line.strip())]
    st, cfg = hand.state, hand.state.config

    def name(seat: int) -> str:
        return who[seat] if 0 <= seat < len(who) else f"Seat {seat}"

    def amount(chips: int) -> str:
        return str(hand.amount(chips))

    forced = st.forced_bets
    rules = [f"blinds {amount(cfg.small_blind)}/{amount(cfg.big_blind)}"]
    if cfg.ante:
        rules.insert(0, ("big-blind ante " if cfg.ante_mode == "big-blind" else "ante ") + amount(cfg.ante))
    if len(forced) > 2:
        rules.append("straddles " + "/".join(amount(b) for b in forced[2:]))
    if cfg.small_bet is not None and cfg.big_bet is not None:  # fixed limit only
        rules.append(f"bets {amount(cfg.small_bet)}/{amount(cfg.big_bet)}")
    seats = sorted(st.order)
    out = [f"{cfg.name[:1].upper()}{cfg.name[1:]}, hand {st.hand_number}: {', '.join(rules)}; "
           f"button: {name(st.button)}",
           "Stacks: " + ", ".join(f"{name(s)} {amount(st.starting_stacks[s])}" for s in seats)]
    events = iter(st.events)  # forced bets, actions and returns, one for one with those records of the log
    for rec in st.log:
        head, seat = rec[0], rec[1]
        if head == "deal":
            cards = format_cards(rec[2]) if seat == reader else " ".join("??" for _ in rec[2])
            out.append(f"Dealt to {name(seat)}: {cards}")
        elif head == "board":
            out.append(f"{_STREETS.get(rec[1], 'Board')}: {format_cards(rec[2])}")
        elif head in ("post", "act", "return"):
            event = next(events, None)
            all_in = " (all-in)" if event is not None and event.seat == seat and event.all_in else ""
            if head == "post":
                out.append(_says(name(seat), "post", f"{rec[2]} {amount(rec[3])}{all_in}"))
            elif head == "return":
                out.append(f"{amount(rec[2])} not called: back to {'you' if seat == reader else name(seat)}")
            elif rec[2] in ("fold", "check"):
                out.append(_says(name(seat), rec[2]))
            else:
                to = ("to " if rec[2] == "raise" else "") + amount(rec[3])
                out.append(_says(name(seat), rec[2], to + all_in))
        elif head == "show":
            out.append(_says(name(seat), "show", format_cards(rec[2])))
        elif head == "muck":
            out.append(_says(name(seat), "muck", format_cards(st.holes[seat]) if seat == reader else ""))
        elif head == "win":
            out.append(_says(name(seat), "win", _chips(hand.amount(rec[2]))))
    if st.is_over:
        out.append("After the hand: " + ", ".join(f"{name(s)} {amount(st.stacks[s])}" for s in seats))
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
