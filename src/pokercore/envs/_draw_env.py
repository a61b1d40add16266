"""Five-card draw as environments: PettingZoo (:class:`DrawEnv`) and Gymnasium (:class:`DrawGymEnv`).

One episode is one hand from the configured stacks, the button on a seat
drawn from the environment's generator.  The arrays are a pure function of
the seat's :class:`pokercore.draw.Observation` (:func:`encode_observation`),
so they hold nothing the engine would not show that seat.  :class:`DrawEnv`
plays its hands in a compiled hand that writes the same arrays
(``pokercore.envs._draw_hand_driver``).

Actions (``Discrete(37)``)
--------------------------
=========  ===============================================================
index      action
=========  ===============================================================
0          fold
1          check
2          call (the engine's amount)
3          bet (the fixed amount)
4          raise (by the fixed amount)
5 + m      in the draw: discard the cards of bit mask ``m`` (0..31); bit
           ``k`` is the ``k``-th card of ``hand`` in the observation (the
           own cards, highest code first).  ``m = 0`` (index 5) stands pat.
           The 26 masks with 0-3 bits are legal; the 6 with 4 or 5 bits never are.
=========  ===============================================================

Examples
--------
>>> env = DrawEnv(players=2)
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> from pokercore.envs.draw import describe_action
>>> env.agent_selection, [describe_action(int(a)) for a in np.flatnonzero(obs["action_mask"])]
('player_1', ['1 (check)', '3 (bet)'])
>>> env.step(3); env.step(2)                  # player_1 bets, player_0 calls
>>> int(env.last()[0]["action_mask"].sum())   # the draw: 26 discards
26
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np  # noqa: F401  (the examples)

from ..draw import DrawConfig, DrawState
from ._aec import CardGameAEC
from ._draw_driver import DrawDriver
from ._draw_hand_driver import DrawHandDriver, compiled_draw
from ._driver import Agent
from ._errors import EnvError
from ._single import CardGameGym

__all__ = ["DrawEnv", "DrawGymEnv"]

def _config(players: int | None, config: DrawConfig | None) -> DrawConfig:
    if config is None:
        try:
            return DrawConfig(players=2 if players is None else players)
        except ValueError as exc:
            raise EnvError(str(exc)) from None
    if not isinstance(config, DrawConfig):
        raise EnvError(f"config must be a pokercore.draw.DrawConfig, got {type(config).__name__}")
    if players is not None and players != config.players:
        raise EnvError(f"players={players} but config.players={config.players}: give one of them")
    return config


class DrawEnv(CardGameAEC):
    """PettingZoo AEC environment of fixed-limit five-card draw, 2-6 players (one hand per episode).

    Parameters
    ----------
    players : int, optional
        Seats, 2..6 (default 2, or ``config.players``).
    config : DrawConfig, optional
        Ante, bets, raise cap, stacks, all-in mode; every hand starts from
        ``config.stacks``.  ``config.seed`` seeds the first ``reset()`` that
        has no seed.
    render_mode : {None, "ansi", "human"}
        ``render()`` returns the table as text, or prints it after every step.
    illegal_action : {"raise", "penalty"}
        ``"raise"``: an illegal index raises :class:`~pokercore.envs.IllegalMoveError`
        (the hand is unchanged, the same agent is to act).  ``"penalty"``:
        the episode ends, the offender gets ``-illegal_penalty`` and the
        others 0 (PettingZoo's terminate-on-illegal convention).
    illegal_penalty : float, optional
        The same for every seat.  Default: the most each seat can lose in one
        hand (ante and every bet of both rounds, or its stack or the largest
        stack it faces when less), in ``illegal_penalties``.

    Examples
    --------
    >>> env = DrawEnv(players=3, render_mode="ansi")
    >>> env.reset(seed=7)
    >>> for agent in env.agent_iter():
    ...     obs, reward, terminated, truncated, info = env.last()
    ...     env.step(None if terminated else int(np.flatnonzero(obs["action_mask"])[0]))
    >>> sorted(env.rewards), sum(info["results"])
    ([], 0.0)
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"], "render_fps": 1, "name": "pokercore_draw_v0", "is_parallelizable": False,
    }

    def __init__(self, players: int | None = None, *, config: DrawConfig | None = None,
                 render_mode: str | None = None, illegal_action: str = "raise",
                 illegal_penalty: float | None = None) -> None:
        cfg = _config(players, config)
        driver = DrawHandDriver(cfg) if compiled_draw(cfg) else DrawDriver(cfg)
        super().__init__(driver, render_mode=render_mode, illegal_action=illegal_action,
                         illegal_penalty=illegal_penalty, seed=cfg.seed)

    @property
    def state_view(self) -> DrawState:
        """The hand being played: the dealer's view with every card (for tests and tools, never for agents)."""
        return self.driver.state  # type: ignore[attr-defined, no-any-return]


class DrawGymEnv(CardGameGym):
    """Gymnasium environment of five-card draw: ``seat`` learns, the other seats are pokercore agents.

    Parameters
    ----------
    players : int, optional
        Seats, 2..6 (default 2, or ``config.players``).
    config : DrawConfig, optional
        As for :class:`DrawEnv`.
    seat : int, default 0
        The learning seat (the button moves at random, so every position comes up).
    opponents : str, callable or sequence, default "call"
        A built-in agent name (``"easy"``, ``"normal"``, ``"hard"``,
        ``"random"``, ``"call"``, ``"maniac"``, ``"rock"``, ``"station"``,
        ``"tag"``) or a callable ``Observation -> Action``, for every other
        seat or one per other seat in seat order.
    render_mode : {None, "ansi", "human"}
    illegal_action : {"penalty", "raise"}
        ``"penalty"`` (default, what trainers that sample unmasked actions
        need): the episode ends with reward ``-illegal_penalty`` and
        ``info["illegal_action"]`` saying why.  ``"raise"``: raise
        :class:`~pokercore.envs.IllegalMoveError`.  The hand is never changed.
    illegal_penalty : float, optional
        Default: the most a seat can lose in one hand.

    Examples
    --------
    >>> env = DrawGymEnv(players=2, opponents="call")
    >>> obs, info = env.reset(seed=3)
    >>> done = False
    >>> while not done:
    ...     obs, reward, done, truncated, info = env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
    >>> sum(info["results"])
    0.0
    """

    def __init__(self, players: int | None = None, *, config: DrawConfig | None = None, seat: int = 0,
                 opponents: str | Agent | Sequence[str | Agent] = "call", render_mode: str | None = None,
                 illegal_action: str = "penalty", illegal_penalty: float | None = None) -> None:
        cfg = _config(players, config)
        driver = DrawHandDriver(cfg) if compiled_draw(cfg) else DrawDriver(cfg)
        super().__init__(driver, seat=seat, opponents=opponents, render_mode=render_mode,
                         illegal_action=illegal_action, illegal_penalty=illegal_penalty, seed=cfg.seed)

    @property
    def state_view(self) -> DrawState:
        """The hand being played: the dealer's view with every card (for tests and tools, never for agents)."""
        return self.driver.state  # type: ignore[attr-defined, no-any-return]
