"""Binh poker in the terminal: one person against 3 AIs, and a one-hand solver.

Everything reads from ``stdin`` and writes to ``stdout`` (both can be
passed in), so a game can be scripted end to end.

Input of an arrangement is forgiving: ``top / middle / bottom`` with the
branches separated by ``/``, ``|`` or ``;``; cards in any form pokercore
reads (``As``, ``10h``, ``A♠``, any case).  Giving only ``top / middle``
puts the remaining five cards at the bottom; 13 cards without separators
are read as 3 + 5 + 5.  Commands: ``s`` (suggest the normal AI's
arrangement and its expected score), ``a`` (play the suggestion), ``h``
(help), ``q`` (quit).  A foul is refused unless the line ends in ``!``.

>>> import io
>>> out = io.StringIO()
>>> main_solve(["As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c"], stdout=out)
0
>>> "legal arrangements" in out.getvalue()
True
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import IO, Any, Sequence

import numpy as np

from ..cards import format_card, parse_cards
from ..ranking import describe_rank
from .agents import AGENT_LEVELS, HardAgent, suggest_arrangement, make_agent
from .arrangement import Arrangement
from .game import Observation, deal_hands, pair_score, run_deal
from .rules import DEFAULT_RULES
from .search import best_arrangement, count_legal
from .special import SpecialHand, classify_special
from .tables import default_tables

__all__ = ["main_play", "main_solve", "parse_arrangement", "format_hand", "solve"]

_SUIT_SYMBOLS = "♣♦♥♠"
_RANKS = "23456789TJQKA"
HELP = """Type your arrangement as  top / middle / bottom  (3, 5 and 5 cards), e.g.
  Qh Qd 7c / As Ah Td 4s 2s / 8d 7d 6s 5d 4c
Separators: / | ;   Cards: As, 10h, A♠ (any case).  'top / middle' puts the rest at the bottom.
Commands: s = suggest, a = play the suggestion, h = help, q = quit.  End a line with ! to play a foul."""


def _card(c: int, color: bool) -> str:
    text = ("10" if c >> 2 == 8 else _RANKS[c >> 2]) + _SUIT_SYMBOLS[c & 3]
    if color and (c & 3) in (1, 2):
        return f"\x1b[31m{text}\x1b[0m"
    return text


def format_hand(cards: Sequence[int], color: bool = False) -> str:
    """Cards sorted by rank (high first), then suit, with suit symbols.

    >>> format_hand([0, 51, 34, 33])
    'A♠ 10♥ 10♦ 2♣'
    """
    return " ".join(_card(c, color) for c in sorted(cards, reverse=True))


def _format_arr(a: Arrangement, color: bool) -> str:
    return " / ".join(format_hand(b, color) for b in (a.top, a.middle, a.bottom))


def parse_arrangement(text: str, hand: Sequence[int]) -> Arrangement:
    """Read a forgiving arrangement of ``hand``; raise ``ValueError`` with a helpful message.

    >>> hand = parse_cards("As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c")
    >>> parse_arrangement("kc kd 2c | as ah ad 3h 5s", hand).bottom_rank > 0
    True
    >>> parse_arrangement("Kc Kd Ts / As", hand)
    Traceback (most recent call last):
    ...
    ValueError: not in your hand: Ts
    """
    hand_set = set(hand)
    parts = [p for p in text.replace("|", "/").replace(";", "/").split("/")]
    names = ("top", "middle", "bottom")
    if len(parts) > 3:
        raise ValueError(f"expected at most 3 branches separated by '/', got {len(parts)}")
    branches: list[list[int]] = []
    for name, p in zip(names, parts):
        try:
            branches.append(parse_cards(p) if p.strip() else [])
        except ValueError as e:
            raise ValueError(f"cannot read the {name}: {e}") from None
    if len(branches) == 1 and len(branches[0]) == 13:
        b = branches[0]
        branches = [b[:3], b[3:8], b[8:]]
    used = [c for b in branches for c in b]
    foreign = [c for c in used if c not in hand_set]
    if foreign:
        raise ValueError("not in your hand: " + " ".join(format_card(c) for c in foreign))
    if len(set(used)) != len(used):
        dup = sorted({c for c in used if used.count(c) > 1})
        raise ValueError("used twice: " + " ".join(format_card(c) for c in dup))
    if len(branches) == 2:
        branches.append([c for c in hand if c not in set(used)])
    if len(branches) != 3:
        raise ValueError("give the top and middle at least, e.g. 'Qh Qd 7c / As Ah Td 4s 2s'")
    for name, b, n in zip(names, branches, (3, 5, 5)):
        if len(b) != n:
            raise ValueError(f"the {name} needs {n} cards, you gave {len(b)}")
    return Arrangement(*branches)


def _color_default(stream: Any) -> bool:
    return bool(getattr(stream, "isatty", lambda: False)()) and "NO_COLOR" not in os.environ


class _Human:
    """The seat of the person: asks on ``stdout``, reads ``stdin``."""

    def __init__(self, stdin: IO[str], stdout: IO[str], color: bool) -> None:
        self.stdin, self.stdout, self.color = stdin, stdout, color
        self.quit = False

    def say(self, *lines: str) -> None:
        for ln in lines:
            print(ln, file=self.stdout)

    def __call__(self, obs: Observation) -> Arrangement:
        suggestion, value = suggest_arrangement(obs.cards)
        self.say("", "Your cards: " + format_hand(obs.cards, self.color))
        while True:
            print("arrangement (top / middle / bottom; s = suggest, h = help, q = quit)> ",
                  end="", file=self.stdout, flush=True)
            line = self.stdin.readline()
            if not line:
                self.say("(end of input: playing the suggestion and stopping)")
                self.quit = True
                return suggestion
            line = line.strip()
            cmd = line.lower()
            if cmd in ("q", "quit", "exit"):
                self.quit = True
                self.say("playing the suggestion for this deal and stopping")
                return suggestion
            if cmd in ("h", "help", "?"):
                self.say(HELP)
                continue
            if cmd in ("s", "suggest", "hint"):
                self.say(f"suggestion: {_format_arr(suggestion, self.color)}   expected "
                         f"{value:+.2f} per opponent, {value * (obs.num_players - 1):+.2f} per deal")
                continue
            if cmd in ("a", "accept", "ok"):
                return suggestion
            if not line:
                continue
            force = line.endswith("!")
            try:
                arr = parse_arrangement(line.rstrip("!"), obs.cards)
            except ValueError as e:
                self.say(f"  not accepted: {e}", "  (h shows the syntax)")
                continue
            if arr.is_foul and not force:
                self.say(f"  that fouls: {arr._foul_reason()} - it would pay "
                         f"{obs.rules.foul_points} to each opponent. End the line with ! to play it anyway.")
                continue
            return arr


def _branch_marks(a: Any, b: Any) -> str:
    if not (isinstance(a, Arrangement) and isinstance(b, Arrangement)) or a.is_foul or b.is_foul:
        return ""
    return " ".join("W" if x > y else "L" if x < y else "T" for x, y in zip(a.ranks, b.ranks))


def _shown(p: Any, color: bool) -> str:
    if isinstance(p, SpecialHand):
        return f"SPECIAL {p}"
    return _format_arr(p, color) + ("  FOUL" if p.is_foul else "")


def main_play(argv: Sequence[str] | None = None, stdin: IO[str] | None = None,
              stdout: IO[str] | None = None) -> int:
    """``pokercore binh play``: play against 3 AIs until ``q`` or end of input."""
    p = argparse.ArgumentParser(prog="pokercore binh play", description="Play Binh poker against 3 AIs.")
    p.add_argument("--level", choices=AGENT_LEVELS, default="normal")
    p.add_argument("--deals", type=int, default=0, help="stop after this many deals (0: until q)")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto")
    args = p.parse_args(argv)
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    color = {"always": True, "never": False}.get(args.color, _color_default(stdout))
    rng = np.random.default_rng(args.seed)
    human = _Human(stdin, stdout, color)
    agents = [human] + [make_agent(args.level, rng) for _ in range(3)]
    names = ["you"] + [f"AI {i} ({args.level})" for i in (1, 2, 3)]
    totals = [0, 0, 0, 0]
    deal = 0
    human.say(f"Binh poker: you against 3 {args.level} AIs.  h for help.")
    while not human.quit and (args.deals <= 0 or deal < args.deals):
        deal += 1
        human.say("", f"=== deal {deal} ===")
        hands = deal_hands(4, rng)
        sp = classify_special(list(hands[0])) if DEFAULT_RULES.declare_specials else None
        if sp:
            human.say("Your cards: " + format_hand(hands[0], color), f"You hold a special hand: {sp}")
        rec = run_deal(agents, hands=hands)
        you = rec.played[0]
        human.say(f"  {names[0]:<16} {_shown(you, color)}")
        for s in (1, 2, 3):
            v = pair_score(you, rec.played[s])
            human.say(f"  {names[s]:<16} {_shown(rec.played[s], color)}"
                      f"   [{_branch_marks(you, rec.played[s])}] you {v:+d}")
        totals = [t + v for t, v in zip(totals, rec.nets)]
        human.say("  this deal: " + ", ".join(f"{n} {v:+d}" for n, v in zip(names, rec.nets)),
                  "  totals:    " + ", ".join(f"{n} {v:+d}" for n, v in zip(names, totals)))
    human.say("", f"Final after {deal} deal(s): " + ", ".join(f"{n} {v:+d}" for n, v in zip(names, totals)))
    return 0


def solve(cards: Any, players: int = 4, seed: int = 0) -> list[tuple[str, Arrangement, float]]:
    """Best arrangement under each objective with its expected points per opponent.

    Objectives: ``"strongest"`` (lexicographic), ``"table"`` (self-play
    expected score), ``"monte carlo"`` (the hard AI's candidates scored
    against 5,000 opponents dealt from the unseen cards and arranged by the
    normal policy).  Values are points per opponent: table values against
    the self-play field without specials, the Monte Carlo value the exact
    mean pair score over the sample (opponents' specials included).
    """
    hand = parse_cards(cards) if isinstance(cards, str) else [int(c) for c in cards]
    t = default_tables()
    strongest = best_arrangement(hand)
    out = [("strongest", strongest, float(t.expected(np.array(strongest.ranks))))]
    best, v = suggest_arrangement(hand, t)
    out.append(("table", best, v))
    hard = HardAgent(np.random.default_rng(seed), samples=5000, time_budget=5.0)
    ev = hard.evaluate(Observation(tuple(hand), 0, players))
    i = int(np.argmax(ev.mc))
    out.append(("monte carlo", _row_arrangement(hand, ev.legal[i]), float(ev.mc[i])))
    return out


def _row_arrangement(hand: Sequence[int], row: Any) -> Arrangement:
    return Arrangement.from_masks(list(hand), int(row["top"]), int(row["middle"]), int(row["bottom"]))


def main_solve(argv: Sequence[str] | None = None, stdout: IO[str] | None = None) -> int:
    """``pokercore binh solve "<13 cards>"``: the best arrangement under each objective."""
    p = argparse.ArgumentParser(prog="pokercore binh solve",
                                description="Best Binh arrangements of 13 cards under each objective.")
    p.add_argument("cards", nargs="+", help="13 cards, e.g. 'As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c'")
    p.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    stdout = sys.stdout if stdout is None else stdout
    def say(s: str = "") -> None:
        print(s, file=stdout)
    try:
        hand = parse_cards(" ".join(args.cards))
        if len(hand) != 13:
            raise ValueError(f"a Binh hand has 13 cards, got {len(hand)}")
    except ValueError as e:
        print(f"pokercore binh solve: {e}", file=sys.stderr)
        return 2
    opp = args.players - 1
    say(f"hand: {format_hand(hand)}")
    sp = classify_special(hand)
    if sp:
        say(f"special hand: {sp} - declared automatically, wins "
            f"{DEFAULT_RULES.special_points(str(sp.type))} from each normal hand")
    say(f"legal arrangements: {count_legal(hand)} of 72072")
    for name, a, v in solve(hand, args.players, args.seed):
        say()
        say(f"{name}: {a.format()}   expected {v:+.3f} per opponent, {v * opp:+.3f} per deal")
        for bname, rank in zip(("top", "middle", "bottom"), a.ranks):
            say(f"  {bname:<6} {describe_rank(rank, 'binh')}")
    say()
    say("expected: strongest and table against the self-play field's branches (specials left out); "
        "monte carlo against 5,000 opponents dealt from the unseen cards and arranged by the table "
        "policy (card removal and their specials included)")
    return 0
