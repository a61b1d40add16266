"""The hold'em driver of the environments: one engine :class:`~pokercore.holdem.HoldemState` per episode.

:class:`HoldemDriver` runs any hold'em or Omaha table through the engine and
builds the arrays of :mod:`pokercore.envs._holdem_spaces` from each seat's
observation; fixed-limit tables in :class:`~pokercore.envs.HoldemEnv` use its
compiled subclass :class:`~pokercore.envs._limit_hand_driver.LimitHandDriver`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..cards import format_cards
from ..holdem import (
    FIXED_LIMIT,
    Action,
    HoldemConfig,
    HoldemState,
    Observation,
    RandomAgent,
    check_call_agent,
    check_fold_agent,
    raise_agent,
)
from ._driver import Agent, EngineDriver, card_names
from ._errors import EnvError
from ._holdem_encoder import HandEncoder, MaskCache
from ._holdem_spaces import Move, _moves, action_from_index, describe_action, holdem_layout, num_actions

__all__ = ["AGENTS", "HoldemDriver"]

#: Built-in opponents of :class:`HoldemGymEnv`, by name: pokercore's hold'em AIs and playing styles
#: (``pokercore.holdem.ai``) and three fixed rules (``pokercore.holdem._agents``).
AGENTS = ("easy", "normal", "hard", "maniac", "rock", "station", "tag", "random", "call", "fold", "raise")


def _max_loss(cfg: HoldemConfig, seat: int) -> int:
    """The most ``seat`` can lose in one hand: its stack, or the largest stack it faces when that is less
    (chips no one can match are given back), or in capped fixed limit every bet of the four streets when less."""
    stacks = cfg.stacks
    most = min(stacks[seat], max(s for i, s in enumerate(stacks) if i != seat))
    if cfg.betting == FIXED_LIMIT and not cfg.heads_up_uncapped:
        per_round = cfg.max_bets * (2 * int(cfg.small_bet) + 2 * int(cfg.big_bet))  # type: ignore[arg-type]
        most = min(most, cfg.ante + per_round)
    return most


class HoldemDriver(EngineDriver[HoldemState]):
    """Hold'em for the environments: one :class:`~pokercore.holdem.HoldemState` per episode."""

    name = "holdem"
    game_label = "hold'em"

    def __init__(self, config: HoldemConfig, history_slots: int | None = None) -> None:
        self.config = config
        self.num_players = config.players
        self.limit = config.betting == FIXED_LIMIT
        self.num_actions = num_actions(config)
        self.layout = holdem_layout(config, history_slots)
        self.history_slots = self.layout.slots
        self.obs_low, self.obs_high = self.layout.low, self.layout.high
        self._encoder: HandEncoder = HandEncoder(self.layout)
        self._masks = MaskCache(self.num_actions)
        self._playing = [i for i, s in enumerate(config.stacks) if s > 0]
        if len(self._playing) < 2:
            have = {0: "none has", 1: "only one has"}[len(self._playing)]
            raise EnvError(f"starting_stacks {list(config.stacks)}: a hand needs two seats with chips and {have} "
                           "any, so no hand can ever be dealt; give two or more seats chips")
        self._state: HoldemState | None = None
        self._version = 0  # moves on with every action: the key of the cached view below
        self._view_cache: tuple[int, int, Observation, tuple[Move, ...]] | None = None
        self._final: tuple[int, dict[str, Any]] | None = None
        self._survey()

    def _random_button(self, rng: np.random.Generator) -> int:
        playing = self._playing
        return playing[int(rng.integers(len(playing)))] if playing else 0

    def _buttons(self) -> list[int]:
        return self._playing

    def _deal(self, button: int, deck: Any, rng: np.random.Generator) -> HoldemState:
        return HoldemState(self.config, button=button, deck=deck, seed=rng)

    def _view(self, seat: int) -> tuple[Observation, tuple[Move, ...]]:
        """``state.observe(seat)`` and its legal moves, built once per seat and state."""
        hit = self._view_cache
        if hit is not None and hit[0] == seat and hit[1] == self._version:
            return hit[2], hit[3]
        st = self.state
        # observe(seat) without its argument check (seat comes from the environment's own agent names)
        obs = st._observe(seat, st.legal_actions() if seat == st.actor else ())
        moves = _moves(obs)
        self._view_cache = (seat, self._version, obs, moves)
        return obs, moves

    def encode(self, seat: int) -> np.ndarray:
        obs, moves = self._view(seat)
        return self._encoder.encode(obs, moves)

    def mask(self, seat: int) -> np.ndarray:
        return self._masks.get(self._view(seat)[1])

    def observation(self, seat: int) -> dict[str, np.ndarray]:
        hit = self._view_cache
        obs, moves = (hit[2], hit[3]) if hit is not None and hit[0] == seat and hit[1] == self._version \
            else self._view(seat)
        return {"observation": self._encoder.encode(obs, moves), "action_mask": self._masks.get(moves)}

    def moves(self, seat: int) -> dict[int, Action]:
        """The engine action of each legal index of ``seat`` (empty unless it is to act)."""
        return {i: Action(kind, amount) for i, kind, amount in self._view(seat)[1]}

    def apply(self, seat: int, action: int) -> None:
        obs, moves = self._view(seat)
        for index, kind, amount in moves:
            if index == action:
                # The move comes from this state's own legal actions (the mask offers nothing else),
                # so the engine's checks would only say yes again.
                self.state._apply_legal(kind, amount)
                self._version += 1
                return
        action_from_index(obs, action)  # raises, naming why
        raise AssertionError("unreachable")  # pragma: no cover

    def info(self, seat: int) -> dict[str, Any]:
        st = self.state
        if not st.is_over:
            return {}
        hit = self._final
        if hit is None or hit[0] != self._version:  # the same public facts for every seat: built once a hand
            revealed = {f"player_{i}": card_names(cards) for i, cards in st.revealed.items()}
            built: dict[str, Any] = {
                "results": list(self.returns()), "payouts": list(st.payouts or ()), "revealed": revealed,
                "mucked": [f"player_{i}" for i in st.mucked], "board": card_names(st.board),
            }
            hit = self._final = (self._version, built)
        facts = hit[1]
        return {"results": list(facts["results"]), "payouts": list(facts["payouts"]),
                "revealed": dict(facts["revealed"]), "mucked": list(facts["mucked"]), "board": facts["board"]}

    def make_agent(self, name: str, rng: np.random.Generator) -> Agent:
        if name == "random":
            return RandomAgent(int(rng.integers(2**63)))
        if name in ("call", "fold", "raise"):
            return {"call": check_call_agent, "fold": check_fold_agent, "raise": raise_agent}[name]
        from ..holdem import make_agent

        return make_agent(name, rng)

    @property
    def agent_names(self) -> tuple[str, ...]:
        return AGENTS

    def max_loss(self, seat: int) -> float:
        return float(_max_loss(self.config, seat))

    def chip_positions(self) -> np.ndarray:
        lay = self.layout
        n, width = lay.players, lay.slot_width
        history = lay["history"]
        slots = (history.stop - history.start) // width
        to_and_chips = history.start + np.arange(slots)[:, None] * width + np.array([n + 5, n + 6])
        return np.concatenate([np.arange(lay["stacks"].start, lay["amounts"].stop), to_and_chips.ravel()])

    def describe(self, action: int) -> str:
        return describe_action(action, self.limit)

    def render(self) -> str:
        st = self.state
        board = format_cards(st.board) if st.board else "-"
        lines = [f"{st.config.name}  street {st.street}  board {board}  pot {st.pot}  button player_{st.button}"]
        for i in range(st.seats):
            mark = "*" if st.actor == i else " "
            status = "out" if not st.dealt_in[i] else "folded" if st.folded[i] else "in"
            lines.append(f"{mark} player_{i}  stack {st.stacks[i]:>5}  bet {st.bets[i]:>5}  "
                         f"in pot {st.committed[i]:>5}  {status:<6}  {st.format_hole(i)}")
        acts = [f"p{e.seat} {e.kind}" + (f" {e.to}" if e.kind in ("bet", "raise", "call") else "")
                for e in st.events if e.kind not in ("ante", "return")]
        lines.append("actions: " + (", ".join(acts) if acts else "-"))
        if st.is_over:
            lines.append("results: " + "  ".join(f"player_{i} {r:+g}" for i, r in enumerate(self.returns())))
        return "\n".join(lines)
