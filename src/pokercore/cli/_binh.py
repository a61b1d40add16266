"""Binh poker in the terminal: one person against 3 AIs, and a one-hand solver.

Everything reads from ``stdin`` and writes to ``stdout`` (both can be
passed in), so a game can be scripted end to end.

Each deal starts from the suggested arrangement (the best under the
self-play tables, what :func:`~pokercore.binh.suggest_arrangement` gives), shown branch by branch
with the name of each branch and its expected score.  The player can

* press Enter (or ``a``) to play the arrangement shown;
* swap two cards between branches: ``x Q♥ 7♣`` (any card form: ``Qh``, ``10h``, ``Q♥``);
* type a whole arrangement, ``top / middle / bottom`` (``/``, ``|`` or
  ``;`` between the branches; ``top / middle`` puts the other five cards
  at the bottom; 13 cards without separators are read as 3 + 5 + 5),
  which is played at once if it does not foul;
* ``s`` to go back to the suggestion, ``h`` for help, ``q`` to stop (the
  deal in progress does not count; the same in ``pokercore draw play``).

A foul is never played by accident: the game says what it would cost and
asks for ``a!`` (or a typed line ending in ``!``).

>>> import io
>>> out = io.StringIO()
>>> main_solve(["As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c"], stdout=out)
0
>>> print(out.getvalue().splitlines()[2])
play this: J♥ 9♣ 8♣ / Q♠ 7♦ 5♠ 3♥ 2♣ / A♠ A♥ A♦ K♦ K♣
"""

from __future__ import annotations

import argparse
import io
import sys
import textwrap
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import IO, Any

import numpy as np

from ..binh import (
    AGENT_LEVELS,
    DEFAULT_RULES,
    SOLVE_SAMPLES,
    Arrangement,
    BinhRules,
    Observation,
    Played,
    SpecialHand,
    classify_special,
    deal_hands,
    default_tables,
    make_agent,
    run_deal,
    solve,
    suggest_arrangement,
)
from ..cards import format_card, parse_cards
from ..errors import PokercoreError
from ..ranking import describe_rank
from . import refuse
from ._args import integer, seconds
from ._terminal import color_default, hand_text

__all__ = ["format_hand", "main_play", "main_solve", "main_train", "parse_arrangement", "swap_cards"]

_BRANCHES = ("top", "middle", "bottom")
HELP = """How to play a deal
  Enter or a    play the arrangement shown
  x Q♥ 7♣       swap two cards between branches (also: swap Qh 7c)
  s             back to the suggestion
  Qh Qd 7c / As Ah Td 4s 2s / 8d 7d 6s 5d 4c
                type a whole arrangement (top 3 / middle 5 / bottom 5 cards);
                'top / middle' puts the other cards at the bottom
  a!            play the arrangement shown even though it fouls (or end a typed line with !)
  h             this help
  q             stop the game now (this deal does not count)
Cards: As, 10h, A♠, any case.  The top may not beat the middle and the middle may not
beat the bottom, or the hand fouls and pays every opponent."""
LEGEND = "[top middle bottom] branch by branch, from your side: W you won it, L you lost it, T tie"


def format_hand(cards: Sequence[int], color: bool = False) -> str:
    """Cards sorted by rank (high first), then suit, with suit symbols (``T`` for ten).

    >>> format_hand([0, 51, 34, 33])
    'A♠ T♥ T♦ 2♣'
    """
    return hand_text(cards, color)


def _format_arr(a: Arrangement, color: bool = False) -> str:
    return " / ".join(format_hand(b, color) for b in (a.top, a.middle, a.bottom))


def _branch_lines(a: Arrangement, color: bool, indent: str = "  ") -> list[str]:
    """One line per branch: name, cards, what the branch is."""
    out = []
    for name, cards, rank in zip(_BRANCHES, (a.top, a.middle, a.bottom), a.ranks):
        shown = format_hand(cards)
        pad = " " * (15 - len(shown))
        out.append(f"{indent}{name:<7} {format_hand(cards, color)}{pad}  {describe_rank(rank, 'binh')}")
    return out


def _branch_names(a: Arrangement) -> str:
    """Short names of the three branches: ``Pair / Two pair / Full house``."""
    return " / ".join(c.label for c in a.categories)


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
    parts = text.replace("|", "/").replace(";", "/").split("/")
    if len(parts) > 3:
        raise ValueError(f"expected at most 3 branches separated by '/', got {len(parts)}")
    branches: list[list[int]] = []
    for name, p in zip(_BRANCHES, parts):
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
    for name, b, n in zip(_BRANCHES, branches, (3, 5, 5)):
        if len(b) != n:
            raise ValueError(f"the {name} needs {n} cards, you gave {len(b)}")
    return Arrangement(*branches)


def swap_cards(a: Arrangement, text: str) -> Arrangement:
    """``a`` with two cards exchanged between branches; ``text`` names the two cards.

    >>> a = Arrangement.from_string("Jh 9c 8c / Qs 7d 5s 3h 2c / As Ah Ad Kd Kc")
    >>> _format_arr(swap_cards(a, "Jh Qs"))
    'Q♠ 9♣ 8♣ / J♥ 7♦ 5♠ 3♥ 2♣ / A♠ A♥ A♦ K♦ K♣'
    >>> swap_cards(a, "Jh 9c")
    Traceback (most recent call last):
    ...
    ValueError: J♥ and 9♣ are both in the top: swap cards of two different branches
    """
    try:
        cards = parse_cards(text)
    except ValueError as e:
        raise ValueError(f"cannot read the cards to swap: {e}") from None
    if len(cards) != 2:
        raise ValueError(f"name two cards to swap, e.g. 'x {format_card(a.top[0])} {format_card(a.middle[0])}'")
    branches = [list(a.top), list(a.middle), list(a.bottom)]
    where = []
    for c in cards:
        found = [i for i, b in enumerate(branches) if c in b]
        if not found:
            raise ValueError(f"not in your hand: {format_card(c)}")
        where.append(found[0])
    if where[0] == where[1]:
        raise ValueError(f"{format_hand([cards[0]])} and {format_hand([cards[1]])} are both in the "
                         f"{_BRANCHES[where[0]]}: swap cards of two different branches")
    (c0, c1), (b0, b1) = cards, where
    branches[b0][branches[b0].index(c0)] = c1
    branches[b1][branches[b1].index(c1)] = c0
    return Arrangement(*branches)


class _Quit(Exception):
    """The person asked to stop (or input ended)."""


class _Human:
    """The seat of the person: asks on ``stdout``, reads ``stdin``."""

    def __init__(self, stdin: IO[str], stdout: IO[str], color: bool) -> None:
        self.stdin, self.stdout, self.color = stdin, stdout, color
        self.tables = default_tables()

    def say(self, *lines: str) -> None:
        for ln in lines:
            print(ln, file=self.stdout)

    def _value(self, a: Arrangement) -> float:
        return float(self.tables.expected(np.array(a.ranks)))

    def _show(self, title: str, a: Arrangement, obs: Observation) -> None:
        opp = obs.num_players - 1
        if a.is_foul:
            pay = obs.rules.foul_points
            self.say(f"{title}  FOULS: {a._foul_reason()}",
                     *_branch_lines(a, self.color),
                     f"  a foul pays {pay} to every opponent whose hand is normal and not fouled: "
                     f"-{pay * opp} this deal against {opp} normal hands.  a! plays it anyway.")
            return
        v = self._value(a)
        self.say(f"{title}  expected {v:+.2f} per opponent, {v * opp:+.2f} this deal",
                 *_branch_lines(a, self.color))

    def __call__(self, obs: Observation) -> Arrangement:
        suggestion, _ = suggest_arrangement(obs.cards, self.tables)
        current = suggestion
        self.say("Your cards: " + format_hand(obs.cards, self.color))
        self._show("Suggested (best against the average field):", current, obs)
        while True:
            print("Enter = play it, x C1 C2 = swap two cards, h = help, q = quit> ",
                  end="", file=self.stdout, flush=True)
            line = self.stdin.readline()
            if not line:
                self.say("", "(end of input: stopping; this deal does not count)")
                raise _Quit
            line = line.strip()
            cmd = line.lower()
            if cmd in ("q", "quit", "exit"):
                raise _Quit
            if cmd in ("h", "help", "?"):
                self.say(HELP)
                continue
            if cmd in ("s", "suggest", "hint"):
                current = suggestion
                self._show("Suggested (best against the average field):", current, obs)
                continue
            if cmd in ("", "a", "accept", "ok", "a!"):
                if current.is_foul and cmd != "a!":
                    self._show("Not played: your arrangement", current, obs)
                    continue
                return current
            if cmd.split()[0] in ("x", "swap"):
                try:
                    current = swap_cards(current, line.split(None, 1)[1] if " " in line else "")
                except ValueError as e:
                    self.say(f"  not swapped: {e}")
                    continue
                self._show("Your arrangement:", current, obs)
                continue
            force = line.endswith("!")
            try:
                arr = parse_arrangement(line.rstrip("!"), obs.cards)
            except ValueError as e:
                self.say(f"  not accepted: {e}", "  (h shows what you can type)")
                continue
            if arr.is_foul and not force:
                current = arr
                self._show("Not played: your arrangement", arr, obs)
                continue
            return arr


def _branch_marks(a: Played, b: Played) -> str:
    if not (isinstance(a, Arrangement) and isinstance(b, Arrangement)) or a.is_foul or b.is_foul:
        return ""
    return " ".join("W" if x > y else "L" if x < y else "T" for x, y in zip(a.ranks, b.ranks))


def _shown(p: Played, color: bool) -> tuple[str, str]:
    """Cards line and names line of what a seat played."""
    if isinstance(p, SpecialHand):
        return f"special hand: {p}", "scored on all 13 cards"
    if p.is_foul:
        return _format_arr(p, color) + "  FOUL", f"{_branch_names(p)} ({p._foul_reason()})"
    return _format_arr(p, color), _branch_names(p)


def _why(you: Played, other: Played, rules: BinhRules) -> str:
    """Why the pair scored what it did, when it is not branch by branch."""
    if isinstance(you, SpecialHand) and isinstance(other, SpecialHand):
        return "two special hands draw"
    if isinstance(you, SpecialHand) or isinstance(other, SpecialHand):
        return "special hand"
    if you.is_foul and other.is_foul:
        return "two fouls draw"
    if you.is_foul or other.is_foul:
        return f"a foul pays {rules.foul_points}"
    return f"[{_branch_marks(you, other)}]"


def _parser_play() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pokercore binh play",
                                description="Play Binh poker against 3 AIs in the terminal.")
    p.add_argument("--level", choices=AGENT_LEVELS, default="normal",
                   help="how the AIs arrange: easy (rules of thumb), normal (exhaustive search under a coarse, "
                        "bottom-heavy judgment of the self-play tables), hard (the best candidates scored "
                        "against sampled opponents), "
                        "strongest (strongest bottom first: a baseline); default normal")
    p.add_argument("--deals", type=integer(0), default=20, metavar="N",
                   help="deals to play (default 20; 0: until you quit)")
    p.add_argument("--seed", type=integer(0), default=None,
                   help="seed of the cards and the AIs, to replay the same game (default: a new game)")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                   help="red diamonds and hearts: auto (on a terminal), always or never")
    return p


def main_play(argv: Sequence[str] | None = None, stdin: IO[str] | None = None,
              stdout: IO[str] | None = None) -> int:
    """``pokercore binh play``: play against 3 AIs until the deals are played, ``q`` or end of input."""
    args = _parser_play().parse_args(argv)
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    color = {"always": True, "never": False}.get(args.color, color_default(stdout))
    rng = np.random.default_rng(args.seed)
    human = _Human(stdin, stdout, color)
    agents = [human] + [make_agent(args.level, rng) for _ in range(3)]
    names = ["you"] + [f"AI {i} ({args.level})" for i in (1, 2, 3)]
    totals = [0, 0, 0, 0]
    deal = 0
    human.say(f"Binh poker: you against 3 {args.level} AIs.  h for help, q to quit.",
              f"Against each opponent, every branch you win scores 1 and every branch you lose "
              f"costs 1; a foul pays {DEFAULT_RULES.foul_points}.")
    try:
        while args.deals <= 0 or deal < args.deals:
            human.say("", f"=== deal {deal + 1}" + (f" of {args.deals}" if args.deals > 0 else "") + " ===")
            hands = deal_hands(4, rng)
            sp = classify_special(list(hands[0])) if DEFAULT_RULES.declare_specials else None
            if sp:
                human.say("Your cards: " + format_hand(hands[0], color),
                          f"You hold a special hand: {sp}.  It is declared for you and scored on all "
                          f"13 cards: +{DEFAULT_RULES.special_points(str(sp.type))} from each opponent "
                          f"without one.")
            rec = run_deal(agents, hands=hands)
            deal += 1
            you = rec.played[0]
            cards, kinds = _shown(you, color)
            human.say("", LEGEND, f"  {names[0]:<16} {cards}", f"  {'':<16} {kinds}")
            for s in (1, 2, 3):
                v = rec.outcomes[(0, s)].score
                cards, kinds = _shown(rec.played[s], color)
                human.say(f"  {names[s]:<16} {cards}",
                          f"  {'':<16} {kinds}   {_why(you, rec.played[s], DEFAULT_RULES)} -> you {v:+d}")
            totals = [t + v for t, v in zip(totals, rec.nets)]
            human.say("  this deal: " + ", ".join(f"{n} {v:+d}" for n, v in zip(names, rec.nets)),
                      "  totals:    " + ", ".join(f"{n} {v:+d}" for n, v in zip(names, totals)))
    except _Quit:
        human.say("Game stopped.")
    human.say("", f"Final after {deal} deal{'s' if deal != 1 else ''}: "
              + ", ".join(f"{n} {v:+d}" for n, v in zip(names, totals)))
    return 0


# ---------------------------------------------------------------- binh solve

_LEVEL_DOC = {
    "hard": "best against sampled opponents",
    "normal": "table search, judged coarsely and bottom-heavy",
    "easy": "rules of thumb",
    "strongest": "strongest bottom, then middle, then top",
}


def _parser_solve() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pokercore binh solve",
                                description="How each AI level arranges 13 Binh cards, and what each "
                                            "arrangement is expected to score.")
    p.add_argument("cards", nargs="+", help="13 cards, e.g. 'As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c'")
    p.add_argument("--players", type=int, default=4, choices=(2, 3, 4),
                   help="players at the table, you included (default 4): a deal scores against "
                        "each of the others")
    p.add_argument("--seed", type=integer(0), default=0,
                   help=f"seed of the {SOLVE_SAMPLES:,} sampled opponents (default 0)")
    return p


def main_solve(argv: Sequence[str] | None = None, stdout: IO[str] | None = None) -> int:
    """``pokercore binh solve "<13 cards>"``: the arrangement to play and what each AI level plays."""
    args = _parser_solve().parse_args(argv)
    stdout = sys.stdout if stdout is None else stdout

    def say(s: str = "") -> None:
        print(s, file=stdout)

    try:
        hand = parse_cards(" ".join(args.cards))
    except PokercoreError as e:
        return refuse("pokercore binh solve", e)
    if len(hand) != 13:
        return refuse("pokercore binh solve", f"a Binh hand has 13 cards, got {len(hand)}")
    opp = args.players - 1
    sol = solve(hand, args.players, args.seed)
    say(f"hand: {format_hand(hand)}")
    if sol.play is None:
        pts = DEFAULT_RULES.special_points(str(sol.special.type))
        say(f"special hand: {sol.special}")
        say(textwrap.fill(
            f"play this: declare it.  A special hand is scored on all 13 cards, however they are "
            f"arranged: +{pts} from each opponent without a special hand (+{pts * opp} this deal "
            f"against {opp}), 0 against another special hand.", width=88, subsequent_indent="  "))
        return 0
    say(f"legal arrangements: {sol.legal} of 72072 (the others foul)")
    say(f"play this: {_format_arr(sol.play)}")
    for c in sol.choices:
        say()
        say(", ".join(f"{lv} AI ({_LEVEL_DOC[lv]})" for lv in c.levels) + ":")
        for line in _branch_lines(c.arrangement, False):
            say(line)
        say(f"  expected per opponent: {c.sampled:+.3f} against sampled opponents, "
            f"{c.field:+.3f} against the average field")
    say()
    say(f"A deal scores against each of the {opp} opponents: multiply by {opp}.")
    say(textwrap.fill("Why two expected values: 'against the average field' adds up the self-play tables: "
        "how often each branch wins against any hand, not knowing which cards "
        f"you hold.  'against sampled opponents' is what the hard AI maximises: the exact score "
        f"against {sol.samples:,} opponent hands dealt from the 39 cards you do not hold and arranged "
        "by the table policy, so your own cards (which no opponent can have) and opponents' special "
        "hands count.  The sampled value is the better estimate for this hand.", width=88))
    return 0


# ---------------------------------------------------------------- binh train

def _parser_train() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pokercore binh train",
                                description="Self-play (fictitious play) training of the Binh branch tables "
                                            "that the normal, easy and hard AIs read.")
    p.add_argument("--rounds", type=integer(1), default=24, help="training rounds (default 24)")
    p.add_argument("--deals", type=integer(1), default=25_000, help="deals per round (default 25,000)")
    p.add_argument("--seed", type=integer(0), default=2024, help="seed of the deals (default 2024)")
    p.add_argument("--players", type=integer(2, 4), default=4, help="players per deal, 2-4 (default 4)")
    p.add_argument("--eval-hands", type=integer(1), default=2000,
                   help="fixed hands on which each round's change is measured (default 2000)")
    p.add_argument("--tol", type=seconds(zero=True, what="share"), default=0.0,
                   help="stop early once the share of changed arrangements is at most this (default 0: never)")
    p.add_argument("--out", required=True, help="the .npz file to write (checked before training)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=integer(1), default=1,
                       help="processes that run each round's searches (default 1); the tables do not change")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="run the searches on the Dask cluster at ADDRESS (tcp://HOST:8786); "
                            'needs pip install "pokercore[dask]"')
    return p


def main_train(argv: Sequence[str] | None = None) -> int:
    """``pokercore binh train --out FILE``: train the self-play tables and save them."""
    from ..binh import train
    from ..sim._files import atomic_write, check_writable, output_target

    words = list(sys.argv[1:] if argv is None else argv)
    args = _parser_train().parse_args(words)
    # A file gets the .npz suffix numpy's savez would give it; a FIFO or a device keeps its name.
    out = args.out if args.out.endswith(".npz") or output_target(args.out)[1] else args.out + ".npz"
    check_writable(out)  # before minutes of training, not after
    with ExitStack() as stack:
        executor: Any = None
        if args.scheduler is not None:
            from ..sim._cluster import connect

            executor = stack.enter_context(connect(args.scheduler)).get_executor()
        elif args.workers > 1:
            executor = stack.enter_context(ProcessPoolExecutor(args.workers))
        tables, history = train(args.rounds, args.deals, args.seed, players=args.players,
                                eval_hands=args.eval_hands, tol=args.tol, log=sys.stderr, executor=executor)
    tables.meta.update(command="pokercore binh train " + " ".join(words), rounds=args.rounds,
                       deals=args.deals, seed=args.seed, players=args.players, history=history)
    data = io.BytesIO()  # made whole first: savez adds no suffix, and a FIFO or device gets plain bytes
    tables.save(data)
    atomic_write(out, lambda path: Path(path).write_bytes(data.getvalue()))
    print(f"wrote {out}", file=sys.stderr)
    return 0
