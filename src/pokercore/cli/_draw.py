"""``pokercore draw play``: play fixed-limit five-card draw against 1-5 AIs in the terminal.

The person sits in seat 0; the AIs see only their own observations, like
the person.  Input is read line by line (scriptable from stdin):

- betting: ``f`` fold, ``k`` check, ``c`` call (with nothing to call, ``c``
  checks), ``b`` bet, ``r`` raise; the amounts are fixed by the limit and
  the prompt shows them (``r raise to 8``: your bet this round becomes 8);
- the draw: ``d 1 3`` (positions 1-5 of the cards as shown, high card
  first), ``d K♦ 7♥`` (the cards), ``p`` or ``d`` alone to stand pat;
- ``h`` explains every move, ``q`` stops the game now (the hand in
  progress does not count; the same in ``pokercore binh play``).  Ctrl-C
  stops it too, with the same totals (exit status 130).

A move that is not legal is refused with the reason and asked again; the
game state never changes on a refused move.

Examples
--------
>>> import io
>>> out = io.StringIO()
>>> main_play(["--opponents", "1", "--deals", "1", "--seed", "3", "--level", "call"],
...           stdin=io.StringIO("x\\nc\\nk\\np\\nk\\nc\\nk\\n"), stdout=out)
0
>>> "not understood" in out.getvalue() and "Final stacks" in out.getvalue()
True
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import IO

import numpy as np

from .. import evaluate5
from ..cards import parse_cards
from ..draw import Action, ConfigError, DrawConfig, DrawGame, DrawState, Event, Observation, Street
from ..draw.ai import AGENTS, make_agent
from ..errors import PokercoreError
from ..ranking import describe_rank
from . import _EXIT_INTERRUPTED
from ._args import integer
from ._terminal import color_default, hand_text, sort_hand

__all__ = ["LEVELS", "HumanAgent", "describe_events", "main_play"]

#: How each ``--level`` plays (every built-in draw agent).
LEVELS = {
    "easy": "bets a pair or better, calls now and then, rarely bluffs",
    "normal": "weighs its odds, position and pot odds",
    "hard": "reads each opponent's range, bluffs within bounds",
    "random": "any legal move",
    "call": "always checks or calls",
    "maniac": "bets and raises whenever it can",
    "rock": "plays only strong hands, and raises them",
    "station": "calls everything down and chases every draw",
    "tag": "tight and aggressive: few hands, played hard",
}

_WORDS = {"f": "fold", "fold": "fold", "k": "check", "check": "check", "c": "call",
          "call": "call", "b": "bet", "bet": "bet", "r": "raise", "raise": "raise"}
_STREETS = {Street.BET1: "betting round 1", Street.DRAW: "the draw", Street.BET2: "betting round 2"}
HELP = """Moves (the limit fixes every amount):
  f  fold: give up the hand and the chips you put in
  k  check: bet nothing; only when there is nothing to call
  c  call: put in what it takes to match the bet (with nothing to call, c checks)
  b  bet: the first bet of a round, one fixed bet ({small} in round 1, {big} in round 2)
  r  raise: match the bet and add one fixed bet; 'raise to 8' means your bet this round becomes 8
In the draw (once, between the rounds): exchange 0 to 3 cards
  d 1 3      the cards at positions 1 and 3 as shown (high card first)
  d K♦ 7♥    the cards named
  p          stand pat (keep all five)
  q  stop the game now (this hand does not count)"""


class _Quit(Exception):
    """The person asked to stop (or input ended)."""


def _who(seat: int) -> str:
    return "You" if seat == 0 else f"AI {seat}"


def _verb(seat: int, verb: str) -> str:
    """``You call`` / ``AI 2 calls``."""
    if seat == 0:
        return f"You {verb}"
    return f"AI {seat} {verb}es" if verb.endswith("sh") else f"AI {seat} {verb}s"


def describe_events(events: Sequence[Event]) -> list[str]:
    """One line per public event, saying what each bet puts in and what the bet becomes.

    >>> B1, D = Street.BET1, Street.DRAW
    >>> print("\\n".join(describe_events([Event(B1, 1, "bet", 2), Event(B1, 2, "raise", 4),
    ...                                   Event(B1, 0, "call", 4), Event(B1, 1, "call", 2),
    ...                                   Event(D, 0, "draw", 0, 2), Event(D, 1, "draw")])))
    AI 1 bets 2
    AI 2 raises to 4 (puts in 4)
    You call 4 (put in 4)
    AI 1 calls 4 (puts in 2)
    You draw 2 cards
    AI 1 stands pat
    """
    lines: list[str] = []
    street: Street | None = None
    bets: dict[int, int] = {}
    level = 0
    for e in events:
        if e.street != street:
            street, bets, level = e.street, {}, 0
        s = "" if e.seat == 0 else "s"
        if e.kind == "ante":
            lines.append(f"{_verb(e.seat, 'ante')} {e.amount}")
        elif e.kind == "draw":
            lines.append(f"{_verb(e.seat, 'draw')} {e.drawn} card{'s' if e.drawn != 1 else ''}" if e.drawn
                         else f"{_who(e.seat)} stand{s} pat")
        elif e.kind in ("fold", "check"):
            lines.append(_verb(e.seat, e.kind))
        else:
            bets[e.seat] = bets.get(e.seat, 0) + e.amount
            mine = bets[e.seat]
            if e.kind == "bet":
                level = mine
                lines.append(f"{_verb(e.seat, 'bet')} {mine}")
            elif e.kind == "raise":
                level = max(level, mine)
                lines.append(f"{_verb(e.seat, 'raise')} to {mine} (put{s} in {e.amount})")
            else:
                short = ", all-in" if mine < level else ""
                lines.append(f"{_verb(e.seat, 'call')} {mine} (put{s} in {e.amount}{short})")
    return lines


def _move_text(a: Action, obs: Observation) -> str:
    """The legal move as the prompt offers it: ``c call 4 (put in 2)``, ``r raise to 8``."""
    mine = obs.bets[obs.seat]
    if a.kind == "fold":
        return "f fold"
    if a.kind == "check":
        return "k check"
    if a.kind == "call":
        return f"c call {mine + a.amount}" + (f" (put in {a.amount})" if mine else "")
    if a.kind == "bet":
        return f"b bet {a.amount}"
    return f"r raise to {mine + a.amount}" + (f" (put in {a.amount})" if mine else "")


class HumanAgent:
    """An agent that asks a person (text in, text out) for every decision.

    Parameters
    ----------
    stdin, stdout : text streams
        Where moves are read and the table is shown.
    color : bool
        Red diamonds and hearts.
    """

    def __init__(self, stdin: IO[str], stdout: IO[str], color: bool = False) -> None:
        self.stdin, self.stdout, self.color = stdin, stdout, color
        self._seen = 0

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout)

    def reset(self) -> None:
        self._seen = 0

    def show_events(self, obs: Observation) -> None:
        """Print the public events not shown yet (antes are in the hand's header)."""
        for e, line in zip(obs.events[self._seen:], describe_events(obs.events)[self._seen:]):
            if e.kind != "ante":
                self.say("  " + line)
        self._seen = len(obs.events)

    def _show(self, obs: Observation) -> None:
        self.show_events(obs)
        to_call = f"to call {obs.to_call}" if obs.to_call else "nothing to call"
        self.say(f"[{_STREETS.get(obs.street, obs.street)}] pot {obs.pot}, {to_call}, "
                 f"your stack {obs.stacks[obs.seat]}"
                 + (f", raises left {obs.raises_left}" if obs.street != Street.DRAW else ""))
        self.say(f"Your cards: {hand_text(obs.hand, self.color)}   ({describe_rank(evaluate5(obs.hand))})")

    def _parse(self, line: str, obs: Observation) -> Action | None:
        words = line.replace(",", " ").split()
        if not words:
            return None
        head = words[0].lower()
        legal = obs.legal_actions
        if obs.street == Street.DRAW:
            if head in ("p", "pat", "stand"):
                return Action("draw")
            if head not in ("d", "draw"):
                raise ValueError(f"in the draw, type {self._draw_example(obs)} or 'p' to stand pat")
            shown = sort_hand(obs.hand)
            rest = words[1:]
            if all(w.isdigit() for w in rest):
                pos = [int(w) for w in rest]
                if any(not 1 <= p <= 5 for p in pos) or len(set(pos)) != len(pos):
                    raise ValueError("positions are 1-5, each at most once")
                codes = tuple(shown[p - 1] for p in pos)
            else:
                codes = tuple(parse_cards(" ".join(rest)))
                missing = [c for c in codes if c not in obs.hand]
                if missing:
                    raise ValueError(f"you do not hold {hand_text(missing)}")
            if len(codes) > 3:
                raise ValueError(f"you may exchange at most 3 cards, not {len(codes)}")
            return Action("draw", 0, codes)
        kind = _WORDS.get(head)
        if kind is None:
            raise ValueError(f"{line.strip()!r} not understood; type h for the moves")
        kinds = {a.kind: a for a in legal}
        if kind == "call" and "call" not in kinds and "check" in kinds:
            return kinds["check"]  # nothing to call: c checks
        if kind in kinds:
            return kinds[kind]
        raise ValueError(f"you cannot {kind} now; you can: {', '.join(_move_text(a, obs) for a in legal)}")

    def _draw_example(self, obs: Observation) -> str:
        shown = sort_hand(obs.hand)
        return f"'d 4 5' or 'd {hand_text(shown[3:])}' (exchange those cards)"

    def __call__(self, obs: Observation) -> Action:
        self._show(obs)
        while True:
            if obs.street == Street.DRAW:
                prompt = f"Draw: {self._draw_example(obs)}, p stands pat"
            else:
                prompt = ", ".join(_move_text(a, obs) for a in obs.legal_actions)
            print(f"{prompt}  (h help, q quit)> ", end="", file=self.stdout, flush=True)
            line = self.stdin.readline()
            if not line:
                self.say()
                raise _Quit
            word = line.strip().lower()
            if word in ("q", "quit", "exit"):
                raise _Quit
            if word in ("h", "help", "?"):
                cfg = obs.config
                self.say(HELP.format(small=cfg.small_bet, big=cfg.big_bet))
                if obs.street != Street.DRAW:
                    self.say("Now you can: " + ", ".join(_move_text(a, obs) for a in obs.legal_actions))
                continue
            try:
                action = self._parse(line, obs)
            except (ValueError, PokercoreError) as exc:
                self.say(f"  {exc}")
                continue
            if action is not None:
                return action


def _name(seat: int) -> str:
    return "you" if seat == 0 else f"AI {seat}"


def _report(hand: DrawState, out: HumanAgent) -> None:
    obs = hand.observe(0)
    out.show_events(obs)
    out._seen = 0
    for seat, cards in obs.revealed.items():
        shows = "show " if seat == 0 else "shows"
        out.say(f"  {_who(seat):<4} {shows} {hand_text(cards, out.color)}  {describe_rank(evaluate5(cards))}")
    if hand.dealt_in[0] and 0 not in obs.revealed and obs.hand:
        how = "you folded" if hand.folded[0] else "you mucked" if obs.revealed else "your hand, not shown"
        out.say(f"  ({how}: {hand_text(obs.hand, out.color)}  {describe_rank(evaluate5(obs.hand))})")
    if obs.payouts is not None:
        won = [f"{_name(s)} +{p}" for s, p in enumerate(obs.payouts) if p]
        out.say("  Pot: " + ", ".join(won))
    out.say("  Stacks: " + "  ".join(f"{_name(s)} {st}" for s, st in enumerate(obs.stacks)))


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pokercore draw play",
                                description="Play fixed-limit five-card draw against 1-5 AIs in the terminal.")
    p.add_argument("--opponents", type=int, default=3, choices=range(1, 6), help="number of AIs (1-5, default 3)")
    p.add_argument("--level", default="normal", choices=tuple(AGENTS),
                   help="how the AIs play (default normal): "
                        + "; ".join(f"{name}: {LEVELS.get(name, 'a built-in agent')}" for name in AGENTS))
    p.add_argument("--deals", type=integer(0), default=20, metavar="N",
                   help="hands (deals) to play (default 20; 0: until you quit or the chips run out)")
    p.add_argument("--hands", type=integer(0), dest="deals", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    p.add_argument("--seed", type=integer(0), default=None,
                   help="seed of the cards and the AIs, to replay the same game (default: a new game)")
    p.add_argument("--ante", type=integer(0), default=1, help="chips every seat puts in before the deal (default 1)")
    p.add_argument("--small-bet", type=integer(1), default=2,
                   help="the fixed bet of round 1; round 2 bets twice as much (default 2)")
    p.add_argument("--stack", type=integer(1), default=200, help="starting chips of every seat (default 200)")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                   help="red diamonds and hearts: auto (on a terminal), always or never")
    return p


def main_play(argv: Sequence[str] | None = None, stdin: IO[str] | None = None,
              stdout: IO[str] | None = None) -> int:
    """Run ``pokercore draw play``; returns the exit code."""
    args = _parser().parse_args(argv)
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    color = {"always": True, "never": False}.get(args.color, color_default(stdout))
    n = args.opponents + 1
    limit = args.deals if args.deals > 0 else 10**9
    try:
        cfg = DrawConfig(players=n, ante=args.ante, small_bet=args.small_bet, starting_stacks=args.stack,
                         hands=limit, seed=args.seed)
    except ConfigError as exc:
        message, need = str(exc), args.ante + args.small_bet
        if args.stack < need:  # the same refusal as the API's, in the words of the options
            message = (f"no hand can be played: --stack {args.stack} cannot pay the ante and one bet "
                       f"({args.ante} + {args.small_bet} = {need} chips), so nobody could bet or call; "
                       f"use --stack {need} or more, or a smaller --ante or --small-bet")
        _parser().error(message)
    rng = np.random.default_rng(args.seed)
    human = HumanAgent(stdin, stdout, color)
    agents = [human] + [make_agent(args.level, rng) for _ in range(args.opponents)]
    game = DrawGame(cfg)
    human.say(f"Five-card draw, fixed limit {cfg.small_bet}/{cfg.big_bet}, ante {cfg.ante}: "
              f"you against {args.opponents} {args.level} AI{'s' if args.opponents > 1 else ''}.  "
              f"h for help, q to quit.")
    finished = 0
    code = 0
    try:
        while not game.is_over:
            hand = game.start_hand()
            of = f" of {args.deals}" if args.deals > 0 else ""
            human.say(f"\n== Hand {game.hands_played}{of}, button: {_name(hand.button)}")
            hand.play(agents)
            for seat, agent in enumerate(agents):
                hook = getattr(agent, "hand_over", None)
                if hook is not None and hand.dealt_in[seat]:
                    hook(hand.observe(seat))
            _report(hand, human)
            finished += 1
    except (_Quit, KeyboardInterrupt) as exc:
        if isinstance(exc, KeyboardInterrupt):  # Ctrl-C: the same totals as q, then the usual status
            human.say()
            code = _EXIT_INTERRUPTED
        human.say("Game stopped." + (" The hand in progress does not count." if not game.is_over else ""))
    stacks = game.stacks
    human.say("Final stacks: " + "  ".join(f"{_name(s)} {st}" for s, st in enumerate(stacks)))
    human.say(f"Final after {finished} hand{'s' if finished != 1 else ''}: "
              + ", ".join(f"{_name(s)} {st - cfg.stacks[s]:+d}" for s, st in enumerate(stacks)))
    return code
