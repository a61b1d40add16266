"""``pokercore draw play``: play fixed-limit five-card draw against 1-5 AIs in the terminal.

The person sits in seat 0; the AIs see only their own observations, like
the person.  Input is read line by line (scriptable from stdin):

- betting: ``f``/``fold``, ``k``/``check``, ``c``/``call``, ``b``/``bet``,
  ``r``/``raise`` (the amount is fixed by the limit);
- the draw: ``d 1 3`` (positions 1-5 of the cards shown), ``d Kd 7h`` (the
  cards), ``p``/``pat`` or ``d`` alone to stand pat;
- ``h``/``help`` lists the legal moves, ``q``/``quit`` ends the game.

A move that is not legal is refused with the reason and asked again; the
game state never changes on a refused move.

Examples
--------
>>> import io
>>> out = io.StringIO()
>>> main_play(["--opponents", "1", "--hands", "1", "--seed", "3", "--level", "call"],
...           stdin=io.StringIO("x\\nc\\nk\\np\\nk\\nc\\nk\\n"), stdout=out)
0
>>> "not understood" in out.getvalue() and "Final stacks" in out.getvalue()
True
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import IO, Optional

import numpy as np

from ..cards import format_cards, parse_cards
from ..errors import PokercoreError
from ..ranking import describe_rank
from .. import evaluate5
from .actions import Action, Event
from .ai import make_agent
from .config import DrawConfig
from .game import DrawGame
from .observation import Observation

__all__ = ["HumanAgent", "main_play"]

_WORDS = {"f": "fold", "fold": "fold", "k": "check", "check": "check", "x": None, "c": "call",
          "call": "call", "b": "bet", "bet": "bet", "r": "raise", "raise": "raise"}


class _Quit(Exception):
    """The person asked to stop (or input ended)."""


def _event_text(e: Event) -> str:
    who = "You" if e.seat == 0 else f"AI {e.seat}"
    if e.kind == "ante":
        return f"{who} ante {e.amount}"
    if e.kind == "draw":
        return f"{who} draw{'s' if e.seat else ''} {e.drawn}" if e.drawn else f"{who} stand{'s' if e.seat else ''} pat"
    return f"{who} {e.kind}" + (f" {e.amount}" if e.amount else "")


class HumanAgent:
    """An agent that asks a person (text in, text out) for every decision.

    Parameters
    ----------
    stdin, stdout : text streams
        Where moves are read and the table is shown.
    """

    def __init__(self, stdin: IO[str], stdout: IO[str]) -> None:
        self.stdin, self.stdout = stdin, stdout
        self._seen = 0

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout)

    def reset(self) -> None:
        self._seen = 0

    def _show(self, obs: Observation) -> None:
        for e in obs.events[self._seen:]:
            if e.kind != "ante":
                self.say("  " + _event_text(e))
        self._seen = len(obs.events)
        pot = sum(obs.committed)
        self.say(f"[{obs.street}] pot {pot}, your stack {obs.stacks[obs.seat]}, to call {obs.to_call}, "
                 f"raises left {obs.raises_left}")
        cards = format_cards(obs.hand, symbols=True)
        self.say(f"Your cards: {cards}   ({describe_rank(evaluate5(obs.hand))})")

    def _parse(self, line: str, obs: Observation) -> Optional[Action]:
        words = line.replace(",", " ").split()
        if not words:
            return None
        head = words[0].lower()
        legal = obs.legal_actions
        if obs.street == "draw":
            if head in ("p", "pat", "stand"):
                return Action("draw")
            if head not in ("d", "draw"):
                raise ValueError("in the draw, type 'd 1 3' (positions), 'd Kd 7h' (cards) or 'p' to stand pat")
            rest = words[1:]
            if all(w.isdigit() for w in rest):
                pos = [int(w) for w in rest]
                if any(not 1 <= p <= 5 for p in pos) or len(set(pos)) != len(pos):
                    raise ValueError("positions are 1-5, each at most once")
                codes = tuple(obs.hand[p - 1] for p in pos)
            else:
                codes = tuple(parse_cards(" ".join(rest)))
                missing = [c for c in codes if c not in obs.hand]
                if missing:
                    raise ValueError(f"you do not hold {format_cards(missing)}")
            if len(codes) > 3:
                raise ValueError(f"you may exchange at most 3 cards, not {len(codes)}")
            return Action("draw", 0, codes)
        kind = _WORDS.get(head)
        if kind is None:
            raise ValueError(f"{line.strip()!r} not understood; type h for the legal moves")
        for a in legal:
            if a.kind == kind:
                return a
        raise ValueError(f"you cannot {kind} now; legal: {', '.join(str(a) for a in legal)}")

    def __call__(self, obs: Observation) -> Action:
        self._show(obs)
        while True:
            prompt = "Draw (d 1 3 / d Kd 7h / p)" if obs.street == "draw" else "Move (f/k/c/b/r)"
            print(f"{prompt}, h for help, q to quit: ", end="", file=self.stdout, flush=True)
            line = self.stdin.readline()
            if not line:
                self.say()
                raise _Quit
            word = line.strip().lower()
            if word in ("q", "quit", "exit"):
                raise _Quit
            if word in ("h", "help", "?"):
                shown = obs.legal_actions if obs.street != "draw" else ["stand pat", "discard 1-3 cards"]
                self.say("Legal: " + ", ".join(str(a) for a in shown))
                continue
            try:
                action = self._parse(line, obs)
            except (ValueError, PokercoreError) as exc:
                self.say(f"  {exc}")
                continue
            if action is not None:
                return action


def _report(hand, out: HumanAgent) -> None:
    obs = hand.observe(0)
    for e in obs.events[out._seen:]:
        out.say("  " + _event_text(e))
    out._seen = 0
    for seat, cards in sorted(obs.revealed.items()):
        who = "You " if seat == 0 else f"AI {seat}"
        out.say(f"  {who} show {format_cards(cards, symbols=True)}  {describe_rank(evaluate5(cards))}")
    if obs.payouts is not None:
        won = [f"{'you' if s == 0 else f'AI {s}'} +{p}" for s, p in enumerate(obs.payouts) if p]
        out.say("  Pot: " + ", ".join(won))
    out.say("  Stacks: " + "  ".join(f"{'you' if s == 0 else f'AI {s}'} {st}" for s, st in enumerate(obs.stacks)))


def main_play(argv: Optional[Sequence[str]] = None, stdin: Optional[IO[str]] = None,
              stdout: Optional[IO[str]] = None) -> int:
    """Run ``pokercore draw play``; returns the exit code."""
    p = argparse.ArgumentParser(prog="pokercore draw play",
                                description="Play fixed-limit five-card draw against 1-5 AIs.")
    p.add_argument("--opponents", type=int, default=3, choices=range(1, 6), help="number of AIs (1-5)")
    p.add_argument("--level", default="normal", help="AI level: easy, normal, hard (or random, call)")
    p.add_argument("--hands", type=int, default=20, help="hands to play (default 20)")
    p.add_argument("--seed", type=int, default=None, help="seed for the cards and the AIs")
    p.add_argument("--ante", type=int, default=1)
    p.add_argument("--small-bet", type=int, default=2)
    p.add_argument("--stack", type=int, default=200, help="starting stack of every seat")
    args = p.parse_args(argv)
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    n = args.opponents + 1
    cfg = DrawConfig(players=n, ante=args.ante, small_bet=args.small_bet, starting_stacks=args.stack,
                     hands=args.hands, seed=args.seed)
    rng = np.random.default_rng(args.seed)
    human = HumanAgent(stdin, stdout)
    agents = [human] + [make_agent(args.level, rng) for _ in range(args.opponents)]
    game = DrawGame(cfg)
    human.say(f"Five-card draw, fixed limit {cfg.small_bet}/{cfg.big_bet}, ante {cfg.ante}: "
              f"you against {args.opponents} {args.level} AI(s).")
    try:
        while not game.is_over:
            hand = game.start_hand()
            human.say(f"\n== Hand {game.hands_played}, button: {'you' if hand.button == 0 else f'AI {hand.button}'}")
            hand.play(agents)
            for seat, agent in enumerate(agents):
                hook = getattr(agent, "hand_over", None)
                if hook is not None and hand.dealt_in[seat]:
                    hook(hand.observe(seat))
            _report(hand, human)
    except _Quit:
        human.say("Game stopped.")
    human.say("Final stacks: " + "  ".join(f"{'you' if s == 0 else f'AI {s}'} {st}"
                                           for s, st in enumerate(game.stacks)))
    return 0
