"""The Gymnasium single-agent environment of any pokercore game: one seat learns, the game's own agents play the rest.

Written once over a :class:`~pokercore.envs._driver.Driver`.  The other
seats are built-in agents (by name) or any callables from the game's own
observation to an action, as everywhere in pokercore.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..errors import cut
from ._aec import ChipUnits, check_illegal, observation_space
from ._driver import Agent, Driver, read_index, read_seed
from ._errors import EnvError, IllegalMoveError

__all__ = ["CardGameGym"]

#: Hands dealt at most in one ``reset`` while looking for one where the learning seat has a decision (the seat can
#: have one at this table, so only opponents that always leave it none get there).
MAX_DEALS_PER_RESET = 1000


class CardGameGym(gym.Env[dict[str, Any], np.int64]):
    """Gymnasium environment over a :class:`Driver` (see the game modules for the public classes)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012  (as gymnasium declares it)

    def __init__(self, driver: Driver, *, seat: int = 0, opponents: str | Agent | Sequence[str | Agent] = "random",
                 render_mode: str | None = None, illegal_action: str = "penalty",
                 illegal_penalty: float | None = None, seed: int | None = None,
                 units: ChipUnits | None = None) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise EnvError(f"render_mode must be None, 'ansi' or 'human', got {cut(render_mode)}")
        n = driver.num_players
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < n:
            raise EnvError(f"seat must be a seat 0..{n - 1}, got {cut(seat)}")
        why = driver.never_decides(int(seat))
        if why is not None:
            raise EnvError(f"{why}; choose a learning seat that can play")
        self.driver = driver
        self.seat = int(seat)
        self.render_mode = render_mode
        self._units = units
        self.illegal_action, _, penalties = check_illegal(illegal_action, illegal_penalty, driver, units)
        #: The penalty of an illegal index: ``illegal_penalty``, or by default the most the learning seat can lose.
        self.illegal_penalty = penalties[self.seat]
        self._specs = self._read_opponents(opponents)
        self.observation_space = observation_space(driver, units)
        self.action_space = spaces.Discrete(driver.num_actions)
        self._agents: dict[int, Agent] | None = None
        self._over = True
        self._dealt = False
        self._default_seed = read_seed(seed)
        self._skipped = 0
        self._carried = 0.0
        self._carried_all: list[float] = [0.0] * driver.num_players

    def _read_opponents(self, opponents: object) -> dict[int, str | Agent]:
        others = [i for i in range(self.driver.num_players) if i != self.seat]
        names = self.driver.agent_names
        items: list[Any]
        if isinstance(opponents, str) or callable(opponents):
            items = [opponents] * len(others)
        elif isinstance(opponents, Sequence):
            items = list(opponents)
            if len(items) != len(others):
                raise EnvError(f"opponents: give one per other seat ({len(others)}), got {len(items)}")
        else:
            raise EnvError(f"opponents must be an agent name, a callable or a list of them, got {cut(opponents)}")
        for item in items:
            if isinstance(item, str):
                if item not in names:
                    raise EnvError(f"unknown {self.driver.name} agent {cut(item)}: use one of {', '.join(names)} "
                                   "or a callable")
            elif not callable(item):
                raise EnvError(f"an opponent is an agent name or a callable, got {cut(item)}")
        return dict(zip(others, items))

    def _build_agents(self) -> dict[int, Agent]:
        agents: dict[int, Agent] = {}
        for seat, spec in self._specs.items():
            if isinstance(spec, str):
                rng = np.random.default_rng(self.np_random.integers(2**63))
                agent = self.driver.make_agent(spec, rng)
                if getattr(agent, "time_budget", None) is not None:
                    agent.time_budget = math.inf  # type: ignore[attr-defined]  # results depend on the seed alone
                agents[seat] = agent
            else:
                agents[seat] = spec
        return agents

    # ------------------------------------------------------------ episode
    def reset(self, *, seed: int | None = None,
              options: Mapping[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deal a hand and play the other seats up to the learning seat's first decision.

        ``seed`` reseeds everything (the deck, the button, the built-in
        opponents), so the same seed gives the same episode.  A hand that
        ends without a decision of the learning seat (the forced bets played
        it out, or the others folded to its big blind) is played out, its
        result kept for the episode's last reward, and the next hand dealt;
        ``info["skipped_hands"]`` and ``info["skipped_results"]`` tell (here
        when there were any, and at the end of every episode).  ``options``
        describe the first hand dealt.  A ``seed`` that is not ``None`` or an
        int >= 0 raises :class:`~pokercore.envs.EnvError`.
        """
        seed = read_seed(seed)
        if seed is None and self._np_random is None:
            seed = self._default_seed
        super().reset(seed=seed)
        if seed is not None or self._agents is None:
            self._agents = self._build_agents()
        for agent in self._agents.values():
            hook = getattr(agent, "reset", None)
            if callable(hook):
                hook()
        driver = self.driver
        carried = self._carried_all = [0.0] * driver.num_players
        self._skipped = 0
        driver.new_hand(self.np_random, options or {})
        self._dealt = True
        self._play_others()
        while driver.actor != self.seat:  # over without the learning seat's decision: count it, deal the next
            if self._skipped == MAX_DEALS_PER_RESET:
                raise EnvError(f"seat {self.seat} had no decision in {MAX_DEALS_PER_RESET} hands in a row: "
                               "its opponents always leave it none")
            self._skipped += 1
            for i, r in enumerate(driver.returns()):
                carried[i] += r
            driver.new_hand(self.np_random, {})  # the options describe the first hand
            self._play_others()
        self._carried = carried[self.seat] / (1.0 if self._units is None else self._units.per)
        self._over = False
        if self.render_mode == "human":
            self.render()
        if self._skipped:
            info = {"skipped_hands": self._skipped, "skipped_results": list(carried)}
            return self._obs(), info if self._units is None else self._units.info(info)
        return self._obs(), driver.info(self.seat)

    def _end_info(self) -> dict[str, Any]:
        info = self.driver.info(self.seat)
        info["skipped_hands"] = self._skipped
        info["skipped_results"] = list(self._carried_all)
        return info if self._units is None else self._units.info(info)

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Play ``action`` for the learning seat, then the other seats until it is its turn again or the hand ends.

        The reward is 0 until the hand is over, then the seat's result plus
        the results of the hands played out by ``reset`` without its
        decision (``info["results"][seat] + info["skipped_results"][seat]``).  An
        illegal index ends the episode with reward ``-illegal_penalty`` (plus those hands) and
        ``info["illegal_action"]`` (the default, ``illegal_action="penalty"``)
        or raises :class:`~pokercore.envs.IllegalMoveError`
        (``illegal_action="raise"``); either way the hand is left as it was.
        """
        if self._over:
            raise EnvError("the episode is over: call reset() to deal a new hand")
        try:
            self.driver.apply(self.seat, read_index(action, self.driver.num_actions, f"player_{self.seat}"))
        except IllegalMoveError as exc:
            if self.illegal_action == "raise":
                raise
            self._over = True
            info = self._end_info()
            info["illegal_action"] = str(exc)
            return self._obs(), -self.illegal_penalty + self._carried, True, False, info
        self._play_others()
        if self.driver.actor is None:
            self._over = True
            result = float(self.driver.returns()[self.seat])
            reward = (result if self._units is None else result / self._units.per) + self._carried
            info = self._end_info()
        else:
            reward = 0.0
            info = self.driver.info(self.seat)
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, self._over, False, info

    def _play_others(self) -> None:
        driver, agents = self.driver, self._agents
        assert agents is not None
        while True:
            actor = driver.actor
            if actor is None or actor == self.seat:
                break
            driver.play_native(actor, agents[actor])
        if driver.actor is None:
            for seat, agent in agents.items():
                driver.hand_over(seat, agent)

    def _obs(self) -> dict[str, np.ndarray]:
        driver = self.driver
        obs = driver.observation(self.seat)
        if driver.actor is None:  # the hand is over: no index is played any more, so none is refused either
            obs["action_mask"] = np.ones(driver.num_actions, dtype=np.int8)
        return obs if self._units is None else self._units.observation(obs)

    def action_masks(self) -> np.ndarray:
        """The legal actions as booleans (the ``action_masks()`` hook of maskable trainers).

        Every index once the hand is over, as in the final observation: no
        index is played then (:meth:`step` raises, an autoreset ignores it).
        """
        if not self._dealt:
            raise EnvError("call reset() before asking for the action mask")
        if self.driver.actor is None:
            return np.ones(self.driver.num_actions, dtype=bool)
        return self.driver.mask(self.seat).astype(bool)

    # ------------------------------------------------------------ text
    def render(self) -> str | None:
        """The table as text (the dealer's view, every hand face up): returned (``"ansi"``) or printed (``"human"``)."""
        if self.render_mode is None:
            gym.logger.warn("render() called without a render_mode: pass render_mode='ansi' or 'human'")
            return None
        text = self.driver.render() if self._dealt else "(no hand dealt yet: call reset())"
        if self.render_mode == "human":
            print(text)
            return None
        return text
