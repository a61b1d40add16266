"""Game adapters for the simulation runner (see :class:`~pokercore.sim._registry.GameAdapter`).

``ToyAdapter`` is a tiny showdown game that exercises the runner in tests
and examples without the cost of a real game: every player antes 1, sees 5
cards and either shows or folds; the best shown hand takes the antes.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from .. import evaluate5, random_hands
from ..errors import UnknownAgentError
from ._errors import SimulationError
from ._registry import Agent

__all__ = ["BinhAdapter", "DrawAdapter", "HoldemAdapter", "ToyAdapter"]


def _frozen(value: Any) -> Any:
    """``value`` with every sequence (a list, a tuple, a numpy array) made a tuple: hashable, and what configs take."""
    if isinstance(value, np.ndarray):
        return _frozen(value.tolist())
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, np.generic):
        return value.item()
    return value


def _fields(options: Mapping[str, Any], skip: tuple[str, ...] = ()) -> dict[str, Any]:
    return {k: _frozen(v) for k, v in options.items() if k not in skip}


def _key(n: int, fields: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """A cache key of a config, or None when an option cannot be one (it is then built each time)."""
    key = (n, tuple(sorted(fields.items())))
    try:
        hash(key)
    except TypeError:
        return None
    return key


class BinhAdapter:
    """Binh poker: a deal is 13 cards to each of 2-4 players, arranged and scored pairwise.

    Payoffs are each player's net points (they sum to 0).  Options:
    ``rules`` (a :class:`pokercore.binh.BinhRules`).  Built-in agents:
    ``easy``, ``normal``, ``hard``, ``strongest``.
    """

    name = "binh"
    min_players = 2
    max_players = 4

    @property
    def agent_names(self) -> tuple[str, ...]:
        """The built-in agents' names."""
        from ..binh import AGENT_LEVELS

        return tuple(AGENT_LEVELS)

    def builtin_agent(self, name: str, rng: np.random.Generator) -> Agent:
        """A built-in agent, with any wall-clock cap off: a seeded match depends on the seed alone."""
        from ..binh import HardAgent, make_agent

        try:
            agent = make_agent(name, rng)
        except UnknownAgentError as exc:
            raise SimulationError(str(exc)) from None
        if isinstance(agent, HardAgent) and agent.time_budget is not None:
            agent.time_budget = math.inf  # a time cap would make results depend on machine load
        built: Agent = agent
        return built

    def check_options(self, options: Mapping[str, Any], players: int) -> None:
        """Refuse options Binh does not have (its one option is ``rules``, a BinhRules)."""
        from ..binh import BinhRules

        unknown = sorted(set(options) - {"rules"})
        if unknown:
            raise SimulationError(f"binh options: unknown option {unknown[0]!r}: Binh takes rules (a BinhRules)")
        rules = options.get("rules")
        if rules is not None and not isinstance(rules, BinhRules):
            raise SimulationError(f"binh options: rules must be a BinhRules, got {type(rules).__name__}")

    def describe(self, options: Mapping[str, Any], players: int) -> str:
        """The scoring, for plot titles: ``"1 point a branch, foul 9, specials 12/6"``."""
        from ..binh import BinhRules

        r = options.get("rules") or BinhRules()
        text = f"1 point a branch, foul {r.foul_points}, specials {r.type_a_points}/{r.type_b_points}"
        return text + (f", scoop +{r.scoop_bonus}" if r.scoop_bonus else "")

    def play_deal(self, agents: Sequence[Agent], rng: np.random.Generator,
                  options: Mapping[str, Any]) -> list[float]:
        from ..binh import play_deal

        return [float(x) for x in play_deal(agents, rng, options.get("rules"))]


class DrawAdapter:
    """Five-card draw: a deal is one hand from fresh stacks, the button on a random seat.

    The button seat comes from the deal's generator, so in duplicate mode
    (same generator for every rotation) each agent holds the button once
    per rotation cycle, and in plain mode positions are fair on average.

    Payoffs are chips won or lost in the hand (they sum to 0).  Options are
    :class:`pokercore.draw.DrawConfig` fields (``ante``, ``small_bet``,
    ``big_bet``, ``raise_cap``, ``starting_stacks``...), ``players`` excepted.
    Built-in agents: ``easy``, ``normal``, ``hard``; baselines ``random``, ``call``, ``maniac``,
    ``rock``, ``station``, ``tag``.
    """

    name = "draw"
    min_players = 2
    max_players = 6

    def __init__(self) -> None:
        self._configs: dict[tuple[Any, ...], Any] = {}

    @property
    def agent_names(self) -> tuple[str, ...]:
        """The built-in agents' names."""
        from ..draw.ai import AGENTS

        return tuple(AGENTS)

    def describe(self, options: Mapping[str, Any], players: int) -> str:
        """The stakes, for plot titles: ``"ante 1, bets 2/4, raise cap 3, stacks 200"``."""
        cfg = self._config(players, options)
        stacks = sorted(set(cfg.stacks))
        text = f"ante {cfg.ante}, bets {cfg.small_bet}/{cfg.big_bet}, raise cap {cfg.raise_cap}, stacks "
        text += "/".join(map(str, stacks)) + (", all-in" if cfg.all_in else "")
        return text

    def builtin_agent(self, name: str, rng: np.random.Generator) -> Agent:
        from ..draw.ai import make_agent

        try:
            agent: Agent = make_agent(name, rng)
        except UnknownAgentError as exc:
            raise SimulationError(str(exc)) from None
        return agent

    def check_options(self, options: Mapping[str, Any], players: int) -> None:
        """Refuse options that make no :class:`~pokercore.draw.DrawConfig` (a SimulationError)."""
        self._config(players, options)

    def _config(self, n: int, options: Mapping[str, Any]) -> Any:
        fields = _fields(options)
        key = _key(n, fields)
        cfg = self._configs.get(key) if key is not None else None
        if cfg is None:
            from ..draw import DrawConfig, DrawError

            try:
                cfg = DrawConfig(players=n, **fields)
            except TypeError as exc:
                raise SimulationError(f"draw options: {exc}; use DrawConfig fields such as ante, small_bet "
                                      "or starting_stacks") from None
            except DrawError as exc:
                raise SimulationError(f"draw options: {exc}") from None
            if key is not None:
                self._configs[key] = cfg
        return cfg

    def play_deal(self, agents: Sequence[Agent], rng: np.random.Generator,
                  options: Mapping[str, Any]) -> list[float]:
        from ..draw import DrawState

        cfg = self._config(len(agents), options)
        button = int(rng.integers(len(agents)))
        hand = DrawState(cfg, cfg.stacks, button, seed=rng)
        hand.play(agents)
        for seat, agent in enumerate(agents):
            hook = getattr(agent, "hand_over", None)
            if hook is not None:
                hook(hand.observe(seat))
        return [float(after - before) for after, before in zip(hand.stacks, cfg.stacks)]


class HoldemAdapter:
    """Hold'em and Omaha: a deal is one hand from fresh stacks, the button on a random seat.

    As in draw, the button comes from the deal's generator, so in duplicate
    mode every agent holds each position once per rotation cycle.  Payoffs
    are chips won or lost in the hand (they sum to 0).  Options are
    :class:`pokercore.holdem.HoldemConfig` fields (``variant``:
    ``"nl"``, ``"fl"`` or ``"plo"``; ``small_blind``, ``big_blind``,
    ``starting_stacks``...), ``players`` excepted, and ``history``: a file
    every hand is appended to as a PHH section (``[1]``, ``[2]``... in the
    order played, each with its number as ``hand``; the numbering starts
    again when the file is empty).
    Built-in agents: ``easy``, ``normal``, ``hard``; baselines ``random``,
    ``call``, ``maniac``, ``rock``, ``station``, ``tag``.
    """

    name = "holdem"
    min_players = 2
    max_players = 10

    def __init__(self) -> None:
        self._configs: dict[tuple[Any, ...], Any] = {}
        self._written: dict[str, int] = {}

    @property
    def agent_names(self) -> tuple[str, ...]:
        """The built-in agents' names."""
        from ..holdem import AGENTS

        return tuple(AGENTS)

    def describe(self, options: Mapping[str, Any], players: int) -> str:
        """The game and stakes, for plot titles: ``"no-limit hold'em, blinds 1/2, stacks 200"``."""
        cfg = self._config(players, options)
        stacks = "/".join(map(str, sorted(set(cfg.stacks))))
        return f"{cfg.name}, blinds {cfg.small_blind}/{cfg.big_blind}, stacks {stacks}"

    def builtin_agent(self, name: str, rng: np.random.Generator) -> Agent:
        from ..holdem import make_agent

        try:
            agent: Agent = make_agent(name, rng)
        except UnknownAgentError as exc:
            raise SimulationError(str(exc)) from None
        return agent

    def check_options(self, options: Mapping[str, Any], players: int) -> None:
        """Refuse options that make no :class:`~pokercore.holdem.HoldemConfig`, or a bad ``history``."""
        history = options.get("history")
        if history is not None and not isinstance(history, (str, os.PathLike)):
            raise SimulationError(f"hold'em options: history must be a file name, got {type(history).__name__}")
        self._config(players, options)

    def _config(self, n: int, options: Mapping[str, Any]) -> Any:
        fields = _fields(options, skip=("history",))
        key = _key(n, fields)
        cfg = self._configs.get(key) if key is not None else None
        if cfg is None:
            from ..holdem import ConfigError, HoldemConfig

            try:
                cfg = HoldemConfig(players=n, **fields)
            except TypeError as exc:
                raise SimulationError(f"hold'em options: {exc}; use HoldemConfig fields such as variant, "
                                      "big_blind or starting_stacks") from None
            except ConfigError as exc:
                raise SimulationError(f"hold'em options: {exc}") from None
            if key is not None:
                self._configs[key] = cfg
        return cfg

    def _write(self, path: str, hand: Any) -> None:
        """Append ``hand`` to the history file as section ``[n]`` with ``hand = n`` (n: its place in the file)."""
        from ..holdem import to_phh
        from ._files import append_text

        try:
            empty = os.path.getsize(path) == 0
        except OSError:
            empty = True
        number = 1 if empty else self._written.get(path, 0) + 1
        text = to_phh(hand, {"hand": number})  # the hand itself keeps number 1: agents see the same hand
        append_text(path, ("" if empty else "\n") + f"[{number}]\n" + text)
        self._written[path] = number

    def play_deal(self, agents: Sequence[Agent], rng: np.random.Generator,
                  options: Mapping[str, Any]) -> list[float]:
        from ..holdem import HoldemState

        cfg = self._config(len(agents), options)
        button = int(rng.integers(len(agents)))
        hand = HoldemState(cfg, cfg.stacks, button, seed=rng)
        hand.play(agents)
        for seat, agent in enumerate(agents):
            hook = getattr(agent, "hand_over", None)
            if hook is not None:
                hook(hand.observe(seat))
        history = options.get("history")
        if history:
            self._write(os.fspath(history), hand)
        return [float(after - before) for after, before in zip(hand.stacks, cfg.stacks)]


class ToyAdapter:
    """Show-or-fold with 5 cards: a minimal zero-sum game for the runner.

    Built-in agents: ``"always"`` shows, ``"high"`` shows a pair or better,
    ``"random"`` shows at random.  An agent gets its 5 card codes and
    returns ``True`` to show.
    """

    name = "toy"
    min_players = 2
    max_players = 6
    agent_names = ("always", "high", "random")

    def check_options(self, options: Mapping[str, Any], players: int) -> None:
        """The toy game has no options."""
        if options:
            raise SimulationError(f"toy options: the toy game has none, got {sorted(options)[0]!r}")

    def builtin_agent(self, name: str, rng: np.random.Generator) -> Agent:
        if name == "always":
            return lambda cards: True
        if name == "high":
            return lambda cards: len({c >> 2 for c in cards}) < 5
        if name == "random":
            return lambda cards: bool(rng.random() < 0.5)
        raise SimulationError(f"unknown toy agent {name!r}: use 'always', 'high' or 'random'")

    def play_deal(self, agents: Sequence[Agent], rng: np.random.Generator,
                  options: Mapping[str, Any]) -> list[float]:
        n = len(agents)
        cards = random_hands(1, 5 * n, seed=rng)[0].reshape(n, 5).tolist()
        shown = [i for i in range(n) if agents[i](cards[i])]
        pay = [-1.0] * n
        if not shown:
            return [0.0] * n
        ranks = {i: evaluate5(cards[i]) for i in shown}
        best = max(ranks.values())
        winners = [i for i in shown if ranks[i] == best]
        for i in winners:
            pay[i] += n / len(winners)
        return pay
