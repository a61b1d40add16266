"""``pokercore holdem play``: play hold'em or pot-limit Omaha against 1-9 AIs in the terminal.

The person sits in seat 0; the AIs see only their own observations, like
the person.  Amounts are worded as card rooms word them: "raise to 300"
is your whole bet of this round after the raise, "call 40" what calling
puts in.  Input is read line by line (scriptable from stdin):

- ``f`` fold, ``k`` check, ``c`` call (with nothing to call, ``c`` checks);
- ``b 30`` bet 30, ``r 300`` raise to 300, ``b`` or ``r`` alone: the
  smallest allowed; ``a`` all-in (the largest bet or raise allowed: in pot
  limit, the pot);
- ``h`` explains every move, ``q`` stops the game now (the hand in
  progress does not count).  Ctrl-C stops it too (exit status 130).

A move that is not legal is refused with the reason (a raise below the
minimum names the minimum) and asked again; the game never changes on a
refused move.  So is a line with words the move does not take (``a 5``,
``r 10 20``) and an amount not written with the digits 0-9.

The board is shown in the order it was dealt: the flop, then the turn,
then the river.  Every seat starts with at least the big blind
(``--stack`` below it is refused); the game ends after ``--hands`` hands,
or earlier, saying so, when only one seat has chips left.

Examples
--------
>>> import io
>>> out = io.StringIO()
>>> main_play(["--opponents", "1", "--hands", "1", "--seed", "3", "--level", "call"],
...           stdin=io.StringIO("x\\nr 1\\nc\\nk\\nk\\nk\\nk\\nk\\n"), stdout=out)
0
>>> text = out.getvalue()
>>> "not understood" in text, "the minimum is raise to 4" in text, "Final stacks" in text
(True, True, True)
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from typing import IO

import numpy as np

from .. import evaluate
from ..errors import PokercoreError, cut
from ..holdem import (
    AGENTS,
    VARIANTS,
    Action,
    ConfigError,
    Event,
    HoldemConfig,
    HoldemGame,
    LegalAction,
    Observation,
    make_agent,
)
from ..holdem.ai import best_rank
from ..ranking import describe_rank
from . import _EXIT_INTERRUPTED
from ._args import integer
from ._terminal import card_text, color_default, hand_text

__all__ = ["LEVELS", "HumanAgent", "board_text", "describe_events", "main_play", "move_text"]

#: How each ``--level`` plays (every built-in hold'em agent).
LEVELS = {
    "easy": "a starting-hand chart and rules of thumb",
    "normal": "equity against the ranges your actions show, pot odds, position",
    "hard": "normal, plus it reads how each player plays over the session",
    "random": "any legal move",
    "call": "always checks or calls",
    "maniac": "bets and raises whenever it can",
    "rock": "plays only strong hands",
    "station": "calls down with any pair or draw",
    "tag": "tight and aggressive: few hands, played hard",
}

_WORDS = {"f": "fold", "fold": "fold", "k": "check", "check": "check", "c": "call", "call": "call",
          "b": "bet", "bet": "bet", "r": "raise", "raise": "raise", "a": "all-in", "all-in": "all-in",
          "allin": "all-in"}
HELP = """Moves (amounts are chips; a bet or raise names your whole bet of this round):
  f        fold: give up the hand and the chips you put in
  k        check: bet nothing; only when there is nothing to call
  c        call: match the bet (with nothing to call, c checks)
  b 30     bet 30 (b alone: the smallest bet)
  r 300    raise to 300: your bet this round becomes 300 (r alone: the smallest raise)
  a        all-in: the largest bet or raise allowed (in pot limit: the size of the pot)
  q        stop the game now (this hand does not count)"""


#: A bet or raise amount: ASCII digits only (``int`` would also take Arabic-Indic digits, "+10" and "1_0").
_AMOUNT = re.compile(r"[0-9]+")


class _Quit(Exception):
    """The person asked to stop (or input ended)."""


def _name(seat: int) -> str:
    return "you" if seat == 0 else f"AI {seat}"


def _who(seat: int) -> str:
    return "You" if seat == 0 else f"AI {seat}"


def _verb(seat: int, verb: str) -> str:
    return f"You {verb}" if seat == 0 else f"AI {seat} {verb}s"


def describe_events(events: Sequence[Event]) -> list[str]:
    """One line per public event, worded as a dealer says it.

    >>> print("\\n".join(describe_events([Event("preflop", 1, "small blind", 1, 1),
    ...     Event("preflop", 2, "big blind", 2, 2), Event("preflop", 0, "raise", 6, 6),
    ...     Event("preflop", 1, "call", 5, 6), Event("preflop", 2, "fold"),
    ...     Event("flop", 1, "bet", 10, 10), Event("flop", 0, "raise", 194, 200, True),
    ...     Event("flop", 1, "call", 50, 60, True)])))
    AI 1 posts the small blind 1
    AI 2 posts the big blind 2
    You raise to 6
    AI 1 calls 5
    AI 2 folds
    AI 1 bets 10
    You raise to 200, all-in
    AI 1 calls 50, all-in
    """
    lines = []
    for e in events:
        tail = ", all-in" if e.all_in else ""
        if e.kind in ("small blind", "big blind", "straddle"):
            lines.append(f"{_verb(e.seat, 'post')} the {e.kind} {e.chips}{tail}")
        elif e.kind == "ante":
            lines.append(f"{_verb(e.seat, 'post')} an ante of {e.chips}{tail}")
        elif e.kind == "return":
            lines.append(f"{e.chips} uncalled chip{'s' if e.chips != 1 else ''} "
                         f"{'go' if e.chips != 1 else 'goes'} back to {_name(e.seat)}")
        elif e.kind in ("fold", "check"):
            lines.append(_verb(e.seat, e.kind))
        elif e.kind == "call":
            lines.append(f"{_verb(e.seat, 'call')} {e.chips}{tail}")
        elif e.kind == "bet":
            lines.append(f"{_verb(e.seat, 'bet')} {e.to}{tail}")
        else:
            lines.append(f"{_verb(e.seat, 'raise')} to {e.to}{tail}")
    return lines


def move_text(a: LegalAction, obs: Observation) -> str:
    """The legal move as the prompt offers it: ``c call 40``, ``r raise to 12..200``.

    >>> from pokercore.holdem import HoldemState
    >>> obs = HoldemState(HoldemConfig("nl", players=2), seed=1).observe(0)
    >>> [move_text(a, obs) for a in obs.legal_actions]
    ['f fold', 'c call 1', 'r raise to 4..200']
    """
    mine = obs.bets[obs.seat]
    if a.kind in ("fold", "check"):
        return "f fold" if a.kind == "fold" else "k check"
    if a.kind == "call":
        return f"c call {a.min_amount - mine}" + (", all-in" if a.min_amount - mine >= obs.stacks[obs.seat] else "")
    span = f"{a.min_amount}" + (f"..{a.max_amount}" if a.max_amount > a.min_amount else "")
    return f"{a.kind[0]} {a.kind}{' to' if a.kind == 'raise' else ''} {span}"


def board_text(cards: Sequence[int], color: bool = False) -> str:
    """The board in the order it was dealt (the flop, then the turn, then the river), as a dealer lays it out.

    >>> from pokercore import parse_cards
    >>> board_text(parse_cards("7c Kc 3h 7d"))
    '7♣ K♣ 3♥ 7♦'
    """
    return " ".join(card_text(c, color) for c in cards)


def _hand_name(hole: Sequence[int], board: Sequence[int]) -> str:
    if len(board) < 3:
        return ""
    rank = evaluate(list(hole) + list(board)) if len(hole) == 2 else best_rank(hole, board)
    return f"   ({describe_rank(rank)})"


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
        self._street = "preflop"

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout)

    def reset(self) -> None:
        self._seen = 0
        self._street = "preflop"

    def show_events(self, obs: Observation) -> None:
        """Print the public events not shown yet, with the board as each street starts."""
        lines = describe_events(obs.events)
        for e, line in zip(obs.events[self._seen:], lines[self._seen:]):
            self._board(obs, e.street)
            self.say("  " + line)
        self._seen = len(obs.events)

    def _board(self, obs: Observation, street: str) -> None:
        """Show the board once as each street starts."""
        if street == self._street or street not in ("flop", "turn", "river"):
            return
        self._street = street
        n = {"flop": 3, "turn": 4, "river": 5}[street]
        if len(obs.board) >= n:
            self.say(f"-- {street}: {board_text(obs.board[:n], self.color)}")

    def _show(self, obs: Observation) -> None:
        self.show_events(obs)
        self._board(obs, obs.street)
        to_call = f"to call {min(obs.to_call, obs.stacks[obs.seat])}" if obs.to_call else "nothing to call"
        self.say(f"[{obs.street}] pot {obs.pot}, {to_call}, your stack {obs.stacks[obs.seat]}")
        self.say(f"Your cards: {hand_text(obs.hole, self.color)}"
                 + (f"   board: {board_text(obs.board, self.color)}" if obs.board else "")
                 + _hand_name(obs.hole, obs.board))

    def _parse(self, line: str, obs: Observation) -> Action | None:
        words = line.split()
        if not words:
            return None
        kind = _WORDS.get(words[0].lower())
        if kind is None:
            raise ValueError(f"{cut(line.strip())} not understood; type h for the moves")
        sized = kind in ("bet", "raise")
        if len(words) > (2 if sized else 1):
            takes = "one amount" if sized else "no amount"
            raise ValueError(f"{cut(line.strip())} not understood: {kind} takes {takes}; type h for the moves")
        kinds = {a.kind: a for a in obs.legal_actions}
        options = ", ".join(move_text(a, obs) for a in obs.legal_actions)
        if kind == "all-in":
            option = kinds.get("bet") or kinds.get("raise")
            if option is not None:
                return option.action(option.max_amount)
            if "call" in kinds:
                return kinds["call"].action()
            raise ValueError(f"you cannot bet or raise now; you can: {options}")
        if kind == "call" and "call" not in kinds and "check" in kinds:
            return Action("check")
        if kind not in kinds:
            if kind == "bet" and "raise" in kinds:
                raise ValueError(f"there is a bet to you: raise (r {kinds['raise'].min_amount}), call or fold")
            if kind == "raise" and "bet" in kinds:
                raise ValueError(f"nobody has bet: bet (b {kinds['bet'].min_amount}) or check")
            raise ValueError(f"you cannot {kind} now; you can: {options}")
        option = kinds[kind]
        if kind not in ("bet", "raise") or len(words) == 1:
            return option.action()
        if not _AMOUNT.fullmatch(words[1]):
            raise ValueError(f"{cut(words[1])} is not a whole number of chips (digits 0-9 only, e.g. {kind[0]} 30)")
        digits = words[1].lstrip("0") or "0"
        amount = int(digits) if len(digits) <= 30 else 10**30  # int() refuses 4,300 digits and more
        said = str(amount) if len(digits) <= 30 else f"{digits[:12]}... ({len(digits)} digits)"
        word = "raise to" if kind == "raise" else "bet"
        if amount < option.min_amount:
            raise ValueError(f"you cannot {word} {amount}: the minimum is {word} {option.min_amount}")
        if amount > option.max_amount:
            cap = "all-in" if option.max_amount >= obs.stacks[obs.seat] + obs.bets[obs.seat] else "the limit"
            raise ValueError(f"you cannot {word} {said}: the most is {word} {option.max_amount} ({cap})")
        return option.action(amount)

    def __call__(self, obs: Observation) -> Action:
        self._show(obs)
        while True:
            prompt = ", ".join(move_text(a, obs) for a in obs.legal_actions)
            print(f"{prompt}  (h help, q quit)> ", end="", file=self.stdout, flush=True)
            line = self.stdin.readline()
            if not line:
                self.say()
                raise _Quit
            word = line.strip().lower()
            if word in ("q", "quit", "exit"):
                raise _Quit
            if word in ("h", "help", "?"):
                self.say(HELP)
                self.say("Now you can: " + ", ".join(move_text(a, obs) for a in obs.legal_actions))
                continue
            try:
                action = self._parse(line, obs)
            except (ValueError, PokercoreError) as exc:
                self.say(f"  {exc}")
                continue
            if action is not None:
                return action


def _report(game: HoldemGame, out: HumanAgent) -> None:
    hand = game.current_hand
    assert hand is not None
    obs = hand.observe(0)
    out.show_events(obs)
    out.reset()
    if obs.board:
        out.say(f"  Board: {board_text(obs.board, out.color)}")
    for seat, cards in obs.revealed.items():
        shows = "show " if seat == 0 else "shows"
        out.say(f"  {_who(seat):<4} {shows} {hand_text(cards, out.color)}{_hand_name(cards, obs.board)}")
    for seat in obs.mucked:
        out.say(f"  {_who(seat)} muck{'s' if seat else ''}")
    if obs.payouts is not None:
        won = [f"{_name(s)} +{p}" for s, p in enumerate(obs.payouts) if p]
        out.say("  Pot: " + ", ".join(won))
    out.say("  Stacks: " + "  ".join(f"{_name(s)} {st}" for s, st in enumerate(obs.stacks)))


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pokercore holdem play",
                                description="Play no-limit or fixed-limit hold'em or pot-limit Omaha against "
                                            "1-9 AIs in the terminal.")
    p.add_argument("--variant", default="nl", choices=tuple(VARIANTS),
                   help="nl: no-limit hold'em (default), fl: fixed-limit hold'em, plo: pot-limit Omaha")
    p.add_argument("--opponents", type=int, default=5, choices=range(1, 10), metavar="N",
                   help="number of AIs (1-9, default 5)")
    p.add_argument("--level", default="normal", choices=tuple(AGENTS),
                   help="how the AIs play (default normal): "
                        + "; ".join(f"{name}: {LEVELS.get(name, 'a built-in agent')}" for name in AGENTS))
    p.add_argument("--hands", type=integer(0), default=20, metavar="N",
                   help="hands to play (default 20; 0: until you quit or the chips run out)")
    p.add_argument("--seed", type=integer(0), default=None,
                   help="seed of the cards and the AIs, to replay the same game (default: a new game)")
    p.add_argument("--blinds", default="1/2", metavar="SB/BB", help="small and big blind (default 1/2)")
    p.add_argument("--stack", type=integer(1), default=200,
                   help="starting chips of every seat (default 200); at least the big blind, so that every "
                        "seat can post it: a smaller stack would be all-in before the cards are dealt")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                   help="red diamonds and hearts: auto (on a terminal), always or never")
    return p


def _blinds(text: str) -> tuple[int, int]:
    parts = text.split("/")
    if len(parts) != 2 or not all(x.strip().isdigit() for x in parts):
        raise ValueError(f"--blinds {text!r}: give the small and the big blind as SB/BB, e.g. 1/2 or 50/100")
    return int(parts[0]), int(parts[1])


def main_play(argv: Sequence[str] | None = None, stdin: IO[str] | None = None,
              stdout: IO[str] | None = None) -> int:
    """Run ``pokercore holdem play``; returns the exit code."""
    parser = _parser()
    args = parser.parse_args(argv)
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    color = {"always": True, "never": False}.get(args.color, color_default(stdout))
    n = args.opponents + 1
    limit = args.hands if args.hands > 0 else 10**9
    try:
        small, big = _blinds(args.blinds)
        if args.stack < big:
            raise ValueError(f"--stack {args.stack} cannot cover the big blind of {big}: give --stack {big} "
                             f"or more, or smaller --blinds")
        cfg = HoldemConfig(args.variant, players=n, small_blind=small, big_blind=big, starting_stacks=args.stack,
                           hands=limit, seed=args.seed)
    except (ConfigError, ValueError) as exc:
        parser.error(str(exc))
    rng = np.random.default_rng(args.seed)
    human = HumanAgent(stdin, stdout, color)
    agents = [human] + [make_agent(args.level, rng) for _ in range(args.opponents)]
    game = HoldemGame(cfg)
    human.say(f"{cfg.name[0].upper() + cfg.name[1:]}, blinds {cfg.small_blind}/{cfg.big_blind}, "
              f"stacks {args.stack}: you against {args.opponents} {args.level} AI{'s' if args.opponents > 1 else ''}."
              "  h for help, q to quit.")
    finished = 0
    code = 0
    try:
        while not game.is_over:
            human.reset()
            of = f" of {args.hands}" if args.hands > 0 else ""
            hand = game.start_hand()
            human.say(f"\n== Hand {game.hands_played}{of}, button: {_name(hand.button)}")
            if not hand.dealt_in[0]:
                human.say("  (you have no chips left: watching)")
            hand.play(agents)
            for seat, agent in enumerate(agents):
                hook = getattr(agent, "hand_over", None)
                if hook is not None and hand.dealt_in[seat]:
                    hook(hand.observe(seat))
            _report(game, human)
            finished += 1
        if game.hands_played < limit:
            left = [s for s, st in enumerate(game.stacks) if st > 0]
            who = "only you have" if left == [0] else f"only {_name(left[0])} has" if left else "nobody has"
            human.say(f"\nThe game is over after {finished} hand{'s' if finished != 1 else ''}: "
                      f"{who} chips left.")
    except (_Quit, KeyboardInterrupt) as exc:
        if isinstance(exc, KeyboardInterrupt):
            human.say()
            code = _EXIT_INTERRUPTED
        human.say("Game stopped." + (" The hand in progress does not count." if not game.is_over else ""))
    stacks = game.stacks if game.current_hand is None or game.current_hand.is_over else tuple(
        game.current_hand.starting_stacks)
    human.say("Final stacks: " + "  ".join(f"{_name(s)} {st}" for s, st in enumerate(stacks)))
    human.say(f"Final after {finished} hand{'s' if finished != 1 else ''}: "
              + ", ".join(f"{_name(s)} {st - cfg.stacks[s]:+d}" for s, st in enumerate(stacks)))
    return code
