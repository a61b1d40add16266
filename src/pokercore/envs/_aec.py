"""The PettingZoo AEC environment of any pokercore game, written once over a :class:`~pokercore.envs._driver.Driver`.

One episode is one hand (draw, hold'em) or one deal (Binh).  Agents are
``player_0 .. player_<n-1>`` (agent ``player_i`` is seat ``i``); the agent
to act is ``agent_selection``.  Observations are dicts
``{"observation": float32 vector, "action_mask": int8 vector}``; rewards
come once, when the hand is over (every agent's result, summing to 0), and
then every agent is terminated and steps ``None`` once, as PettingZoo's
dead-step convention asks.

A hand that the forced bets leave without any decision (every seat but one
all-in, the one left owing nothing) is played out by ``reset`` and the next
hand dealt, until one has a decision: an episode always starts with an
agent to act, as PettingZoo's ``api_test`` requires, and its rewards pay
every hand it dealt (``info["skipped_hands"]`` and ``info["skipped_results"]``
say which part came from hands without a decision).  A table where no hand
can have a decision is refused when the environment is built.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from ..errors import cut
from ._driver import Driver, read_index, read_seed
from ._errors import EnvError, IllegalMoveError

__all__ = ["UNITS", "CardGameAEC", "ChipUnits", "check_illegal", "observation_space", "read_units"]

_MODES = ("raise", "penalty")
#: What ``units=`` may say: chips as they are, or big blinds.
UNITS = ("chips", "big_blinds")
#: Hands dealt at most by one ``reset`` while looking for one with a decision (a table where some hand has one
#: deals one with chance 1/10 or more a hand: a bound never met, kept as a guard).
MAX_DEALS_PER_RESET = 1000


def observation_space(driver: Driver, units: ChipUnits | None = None) -> spaces.Dict:
    """The ``Dict(observation=Box, action_mask=Box)`` space of a driver's seats (chip bounds in ``units``)."""
    low, high = (driver.obs_low, driver.obs_high) if units is None else units.bounds(driver.obs_low, driver.obs_high)
    return spaces.Dict({
        "observation": spaces.Box(low, high, dtype=np.float32),
        "action_mask": spaces.Box(0, 1, (driver.num_actions,), dtype=np.int8),
    })


class ChipUnits:
    """How an environment reports chips: as they are, or as a number of big blinds (divided by ``per``).

    ``at`` are the positions of the observation vector that hold chips;
    rewards, penalties and the chip lists of ``info`` are divided too.

    >>> units = ChipUnits(10, np.array([1]))
    >>> units.observation({"observation": np.array([3, 50], dtype=np.float32)})["observation"].tolist()
    [3.0, 5.0]
    >>> units.info({"results": [20.0, -20.0], "revealed": {}})
    {'results': [2.0, -2.0], 'revealed': {}}
    """

    __slots__ = ("at", "per")
    _KEYS = ("results", "payouts", "skipped_results")

    def __init__(self, per: float, at: np.ndarray) -> None:
        self.per = float(per)
        self.at = at

    def bounds(self, low: np.ndarray, high: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        low, high = low.copy(), high.copy()
        low[self.at] /= self.per
        high[self.at] /= self.per
        return low, high

    def observation(self, obs: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        obs["observation"][self.at] /= self.per
        return obs

    def info(self, info: dict[str, Any]) -> dict[str, Any]:
        for key in self._KEYS:
            if key in info:
                info[key] = [x / self.per for x in info[key]]
        return info


def read_units(units: object, big_blind: int, at: np.ndarray) -> ChipUnits | None:
    """``units`` (``"chips"`` or ``"big_blinds"``) as the :class:`ChipUnits` to apply, ``None`` for chips."""
    if not isinstance(units, str) or units not in UNITS:
        raise EnvError(f"units must be 'chips' or 'big_blinds', got {cut(units)}")
    return ChipUnits(big_blind, at) if units == "big_blinds" else None


def check_illegal(mode: object, penalty: object, driver: Driver,
                  units: ChipUnits | None = None) -> tuple[str, float | None, list[float]]:
    """Validate ``illegal_action`` and ``illegal_penalty``: the mode, the penalty given, the penalty of each seat.

    The default penalty of a seat is the most it can lose in one hand
    (:meth:`Driver.max_loss`), in the environment's units; a penalty given
    is in those units already and the same for every seat.
    """
    if mode not in _MODES:
        raise EnvError(f"illegal_action must be 'raise' or 'penalty', got {cut(mode)}")
    if penalty is None:
        per = 1.0 if units is None else units.per
        return str(mode), None, [driver.max_loss(seat) / per for seat in range(driver.num_players)]
    if isinstance(penalty, bool) or not isinstance(penalty, (int, float, np.integer, np.floating)) \
            or not np.isfinite(penalty) or penalty < 0:
        raise EnvError(f"illegal_penalty must be a finite number >= 0, got {cut(penalty)}")
    return str(mode), float(penalty), [float(penalty)] * driver.num_players


class CardGameAEC(AECEnv):  # type: ignore[misc]
    """PettingZoo AEC environment over a :class:`Driver` (see the game modules for the public classes)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human"], "render_fps": 1, "name": "pokercore_v0",
                                "is_parallelizable": False}

    def __init__(self, driver: Driver, *, render_mode: str | None = None, illegal_action: str = "raise",
                 illegal_penalty: float | None = None, seed: int | None = None,
                 units: ChipUnits | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise EnvError(f"render_mode must be None, 'ansi' or 'human', got {cut(render_mode)}")
        self.driver = driver
        self.render_mode = render_mode
        self._units = units
        self.possible_agents = [f"player_{i}" for i in range(driver.num_players)]
        #: The illegal-action penalty as given (``None``: each seat's default).
        self.illegal_penalty: float | None
        self.illegal_action, self.illegal_penalty, penalties = check_illegal(illegal_action, illegal_penalty, driver,
                                                                             units)
        #: The penalty of each agent's illegal action: ``illegal_penalty``, or by default the most that seat can
        #: lose in one hand.
        self.illegal_penalties: dict[str, float] = dict(zip(self.possible_agents, penalties))
        self._default_seed = read_seed(seed)
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = observation_space(driver, units)
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {a: spaces.Discrete(driver.num_actions) for a in self.possible_agents}
        why = driver.never_decides()
        if why is not None:
            raise EnvError(why)
        self._rng: np.random.Generator | None = None
        self._dealt = False
        self._skipped = 0
        self._carried: list[float] = [0.0] * driver.num_players
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]

    # ------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(num_actions)``."""
        return self.action_spaces[agent]

    # ------------------------------------------------------------ episode
    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Deal a new hand.  ``seed`` reseeds the environment (same seed, same episode).

        Raises
        ------
        EnvError
            For a ``seed`` that is not ``None`` or an int >= 0 (``True``, ``1.5``, ``"1"``, ``-1``).
        """
        seed = read_seed(seed)
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        elif self._rng is None:
            self._rng = np.random.default_rng(self._default_seed)
        driver = self.driver
        driver.new_hand(self._rng, options or {})
        self._dealt = True
        self._skipped = 0
        carried = self._carried = [0.0] * driver.num_players
        while driver.actor is None:  # a hand the forced bets played out: count it, deal the next
            if self._skipped == MAX_DEALS_PER_RESET:  # pragma: no cover - never_decides() refused such tables
                raise EnvError(f"no decision in {MAX_DEALS_PER_RESET} hands")
            self._skipped += 1
            for i, r in enumerate(driver.returns()):
                carried[i] += r
            driver.new_hand(self._rng, {})  # the options describe the first hand
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        if self._skipped:
            self.infos = {a: self._skipped_info() for a in self.agents}
            if self._units is not None:
                self.infos = {a: self._units.info(info) for a, info in self.infos.items()}
        else:
            self.infos = {a: driver.info(i) for i, a in enumerate(self.agents)}
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[driver.actor]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``{"observation": ..., "action_mask": ...}`` of ``agent``: what that seat may see, and nothing else."""
        if not self._dealt:
            self._need_reset()
        seat = self._seat.get(agent)
        if seat is None:
            raise EnvError(f"no agent {cut(agent)}: the agents are {', '.join(self.possible_agents)}")
        if self._units is not None:
            return self._units.observation(self.driver.observation(seat))
        return self.driver.observation(seat)

    def step(self, action: Any) -> None:
        """Play ``action`` (an index of the action space) for ``agent_selection``.

        Raises
        ------
        IllegalMoveError
            With ``illegal_action="raise"`` (the default), for an index that is
            not legal now; the hand is unchanged and the same agent is still to act.
        """
        if not self._dealt:
            self._need_reset()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        self._cumulative_rewards[agent] = 0.0
        # Rewards are all 0 between reset and the end of the hand (a dead step clears the final ones),
        # so only the last step of a hand sets and accumulates them.
        try:
            self.driver.apply(seat, read_index(action, self.driver.num_actions, agent))
        except IllegalMoveError as exc:
            if self.illegal_action == "raise":
                raise
            self._penalise(agent, exc)
            self._accumulate_rewards()
        else:
            actor = self.driver.actor
            if actor is None:
                self._finish()
                self._accumulate_rewards()
            else:
                self.agent_selection = self.possible_agents[actor]
        if self.render_mode == "human":
            self.render()

    def _skipped_info(self) -> dict[str, Any]:
        return {"skipped_hands": self._skipped, "skipped_results": list(self._carried)}

    def _finish(self) -> None:
        results = self.driver.returns()
        carried, units = self._carried, self._units
        per = 1.0 if units is None else units.per
        for i, agent in enumerate(self.possible_agents):
            self.rewards[agent] = (float(results[i]) + carried[i]) / per
            self.terminations[agent] = True
            info = self.infos[agent] = self.driver.info(i)
            info["skipped_hands"] = self._skipped
            info["skipped_results"] = list(carried)
            if units is not None:
                units.info(info)

    def _penalise(self, agent: str, exc: IllegalMoveError) -> None:
        """End the episode: ``agent`` gets minus its penalty, the others 0 (plus the hands without decision)."""
        units = self._units
        per = 1.0 if units is None else units.per
        for a in self.agents:
            carried = self._carried[self._seat[a]] / per
            self.rewards[a] = (-self.illegal_penalties[a] if a == agent else 0.0) + carried
            self.terminations[a] = True
            info = self.infos[a] = {"illegal_action": str(exc), "offender": agent, **self._skipped_info()}
            if units is not None:
                units.info(info)

    def _need_reset(self) -> None:
        if not self._dealt:
            raise EnvError("call reset() before using the environment")

    # ------------------------------------------------------------ text
    def render(self) -> str | None:
        """The table as text: returned (``"ansi"``) or printed (``"human"``).

        This is the dealer's view, with every hand face up: never hand it to an agent.
        """
        if self.render_mode is None:
            import warnings

            warnings.warn("render() called without a render_mode: pass render_mode='ansi' or 'human'",
                          stacklevel=2)
            return None
        text = self.driver.render() if self._dealt else "(no hand dealt yet: call reset())"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
