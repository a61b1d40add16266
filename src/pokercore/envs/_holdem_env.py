"""Hold'em and Omaha as environments: PettingZoo (:class:`HoldemEnv`) and Gymnasium (:class:`HoldemGymEnv`).

Three variants, 2 to 10 players: no-limit hold'em (``"nl"``), fixed-limit
hold'em (``"fl"``) and pot-limit Omaha (``"plo"``).  One episode is one hand
from the configured stacks, the button on a seat drawn from the
environment's generator.  The arrays are a pure function of the seat's
:class:`pokercore.holdem.Observation` (see
:mod:`pokercore.envs._holdem_spaces`), so they hold nothing the engine would
not show that seat.  :class:`HoldemEnv` plays fixed-limit tables in a
compiled hand that writes the same arrays (``pokercore.envs._limit_hand_driver``).

Actions: ``Discrete(10)`` in no-limit and pot-limit (fold, check/call,
min-raise, 1/3, 1/2, 2/3, 1, 1.5 and 2 pot, max), ``Discrete(3)`` in fixed
limit (fold, check/call, bet/raise); :func:`legal_moves` and the
observation's ``amounts`` give the exact "to" amount of every legal index.

Examples
--------
>>> env = HoldemEnv("nl", players=2)
>>> env.reset(seed=1)
>>> moves = env.legal_moves()                 # the button (small blind) acts first heads-up
>>> env.agent_selection, sorted(moves), str(moves[6]), str(moves[9])
('player_0', [0, 1, 2, 5, 6, 7, 8, 9], 'raise to 6', 'raise to 200')
>>> env.step(6); env.step(1)                  # player_0 raises the pot, player_1 calls
>>> env.state_view.street, env.state_view.pot
('flop', 12)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np  # noqa: F401  (the examples)

from ..holdem import Action, HoldemConfig, HoldemState
from ._aec import CardGameAEC, read_units
from ._driver import Agent
from ._errors import EnvError
from ._holdem_driver import HoldemDriver
from ._holdem_spaces import (
    HoldemLayout,
)
from ._limit_hand_driver import LimitHandDriver, compiled_limit
from ._single import CardGameGym

__all__ = ["HoldemEnv", "HoldemGymEnv"]

def _config(variant: str | None, players: int | None, config: HoldemConfig | None) -> HoldemConfig:
    if config is None:
        try:
            return HoldemConfig("nl" if variant is None else variant, players=2 if players is None else players)
        except ValueError as exc:
            raise EnvError(str(exc)) from None
    if not isinstance(config, HoldemConfig):
        raise EnvError(f"config must be a pokercore.holdem.HoldemConfig, got {type(config).__name__}")
    if players is not None and players != config.players:
        raise EnvError(f"players={players} but config.players={config.players}: give one of them")
    if variant is not None:
        try:
            same = HoldemConfig(variant, players=config.players).variant == config.variant
        except ValueError as exc:
            raise EnvError(str(exc)) from None
        if not same:
            raise EnvError(f"variant={variant!r} but config.variant={config.variant!r}: give one of them")
    return config


class HoldemEnv(CardGameAEC):
    """PettingZoo AEC environment of no-limit, fixed-limit hold'em or pot-limit Omaha, 2-10 players.

    Parameters
    ----------
    variant : {"nl", "fl", "plo"}, optional
        The game (default ``"nl"``, or ``config.variant``).
    players : int, optional
        Seats, 2..10 (default 2, or ``config.players``).
    config : HoldemConfig, optional
        Blinds, antes, straddles, limits and stacks; every hand starts from
        ``config.stacks``.  ``config.seed`` seeds the first ``reset()`` that
        has no seed.
    history_slots : int, optional
        Betting actions kept per street in the observation (see
        :class:`~pokercore.envs._holdem_spaces.HoldemLayout`).
    render_mode : {None, "ansi", "human"}
    illegal_action : {"raise", "penalty"}
        ``"raise"``: an illegal index raises :class:`~pokercore.envs.IllegalMoveError`
        (the hand is unchanged, the same agent is to act).  ``"penalty"``:
        the episode ends, the offender gets ``-illegal_penalty`` and the others 0.
    illegal_penalty : float, optional
        The same for every seat, in ``units``.  Default: the most each seat
        can lose in one hand (its stack, or the largest stack it faces, or
        every fixed-limit bet of the four streets, whichever is least), in
        ``illegal_penalties``.
    units : {"chips", "big_blinds"}, default "chips"
        ``"big_blinds"``: rewards, the chip fields of the observation, the
        chip lists of ``info`` and the penalties are divided by the big blind.

    Examples
    --------
    >>> env = HoldemEnv("plo", players=3)
    >>> env.reset(seed=7)
    >>> for agent in env.agent_iter():
    ...     obs, reward, terminated, truncated, info = env.last()
    ...     env.step(None if terminated else int(np.flatnonzero(obs["action_mask"])[-1]))
    >>> sum(info["results"]), env.driver.num_actions
    (0.0, 10)
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"], "render_fps": 1, "name": "pokercore_holdem_v0", "is_parallelizable": False,
    }

    def __init__(self, variant: str | None = None, players: int | None = None, *, config: HoldemConfig | None = None,
                 history_slots: int | None = None, render_mode: str | None = None, illegal_action: str = "raise",
                 illegal_penalty: float | None = None, units: str = "chips") -> None:
        cfg = _config(variant, players, config)
        compiled = compiled_limit(cfg, history_slots)
        driver = LimitHandDriver(cfg, history_slots) if compiled else HoldemDriver(cfg, history_slots)
        super().__init__(driver, render_mode=render_mode, illegal_action=illegal_action,
                         illegal_penalty=illegal_penalty, seed=cfg.seed,
                         units=read_units(units, cfg.big_blind, driver.chip_positions()))

    @property
    def state_view(self) -> HoldemState:
        """The hand being played: the dealer's view with every card (for tests and tools, never for agents)."""
        return self.driver.state  # type: ignore[attr-defined, no-any-return]

    @property
    def layout(self) -> HoldemLayout:
        """Where each field of the observation vector lives."""
        return self.driver.layout  # type: ignore[attr-defined, no-any-return]

    def legal_moves(self, agent: str | None = None) -> dict[int, Action]:
        """The exact engine action (kind and "to" amount) of each legal index of ``agent`` (default: the one to act)."""
        self._need_reset()
        name = self.agent_selection if agent is None else agent
        seat = self._seat.get(name)
        if seat is None:
            raise EnvError(f"no agent {name!r}: the agents are {', '.join(self.possible_agents)}")
        return self.driver.moves(seat)  # type: ignore[attr-defined, no-any-return]


class HoldemGymEnv(CardGameGym):
    """Gymnasium environment of hold'em or Omaha: ``seat`` learns, the other seats are pokercore agents.

    Parameters
    ----------
    variant, players, config, history_slots
        As for :class:`HoldemEnv`.
    seat : int, default 0
        The learning seat (the button moves at random, so every position comes up).
    opponents : str, callable or sequence, default "call"
        A built-in agent name (pokercore's AIs ``"easy"``, ``"normal"``,
        ``"hard"`` and the styles ``"maniac"``, ``"rock"``, ``"station"``,
        ``"tag"``; ``"random"``: a seeded random legal action; ``"call"``:
        check or call; ``"fold"``: check or fold; ``"raise"``: the minimum
        bet or raise whenever allowed) or a callable
        ``Observation -> Action`` (any pokercore hold'em agent), for every
        other seat or one per other seat in seat order.
    render_mode : {None, "ansi", "human"}
    illegal_action : {"penalty", "raise"}
        ``"penalty"`` (default): an illegal index ends the episode with reward
        ``-illegal_penalty`` and ``info["illegal_action"]`` saying why.
        ``"raise"``: raise :class:`~pokercore.envs.IllegalMoveError`.  The hand is never changed.
    illegal_penalty : float, optional
        In ``units``.  Default: the most the learning seat can lose in one hand.
    units : {"chips", "big_blinds"}, default "chips"
        As for :class:`HoldemEnv`.

    Examples
    --------
    >>> env = HoldemGymEnv("fl", players=2, opponents="random")
    >>> obs, info = env.reset(seed=3)
    >>> done = False
    >>> while not done:
    ...     obs, reward, done, truncated, info = env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
    >>> reward == info["results"][0], sum(info["results"])
    (True, 0.0)
    """

    def __init__(self, variant: str | None = None, players: int | None = None, *, config: HoldemConfig | None = None,
                 seat: int = 0, opponents: str | Agent | Sequence[str | Agent] = "call",
                 history_slots: int | None = None, render_mode: str | None = None, illegal_action: str = "penalty",
                 illegal_penalty: float | None = None, units: str = "chips") -> None:
        cfg = _config(variant, players, config)
        compiled = compiled_limit(cfg, history_slots)
        driver = LimitHandDriver(cfg, history_slots) if compiled else HoldemDriver(cfg, history_slots)
        super().__init__(driver, seat=seat, opponents=opponents, render_mode=render_mode,
                         illegal_action=illegal_action, illegal_penalty=illegal_penalty, seed=cfg.seed,
                         units=read_units(units, cfg.big_blind, driver.chip_positions()))

    @property
    def state_view(self) -> HoldemState:
        """The hand being played: the dealer's view with every card (for tests and tools, never for agents)."""
        return self.driver.state  # type: ignore[attr-defined, no-any-return]

    @property
    def layout(self) -> HoldemLayout:
        """Where each field of the observation vector lives."""
        return self.driver.layout  # type: ignore[attr-defined, no-any-return]

    def legal_moves(self) -> dict[int, Action]:
        """The exact engine action (kind and "to" amount) of each legal index of the learning seat."""
        if not self._dealt:
            raise EnvError("call reset() before asking for the legal moves")
        return self.driver.moves(self.seat)  # type: ignore[attr-defined, no-any-return]
