"""The draw driver of the environments: one engine :class:`~pokercore.draw.DrawState` per episode.

:class:`DrawDriver` runs a five-card draw table through the engine and builds
the arrays of :mod:`pokercore.envs._draw_spaces` from each seat's observation;
:class:`~pokercore.envs.DrawEnv` uses its compiled subclass
:class:`~pokercore.envs._draw_hand_driver.DrawHandDriver`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..draw import DrawConfig, DrawState, Observation
from ..draw.ai import AGENTS, make_agent
from ._draw_encoder import DrawHandEncoder
from ._draw_spaces import NUM_ACTIONS, action_from_index, action_mask, describe_action, draw_layout
from ._driver import Agent, EngineDriver, card_names

__all__ = ["DrawDriver"]


def _max_loss(cfg: DrawConfig, seat: int) -> int:
    """The most ``seat`` can lose in one hand: the ante and every bet of both rounds, or its stack, or the
    largest stack it faces, whichever is least."""
    extra = cfg.players if cfg.all_in else 0
    most = cfg.ante + (cfg.max_bets + extra) * (cfg.small_bet + int(cfg.big_bet))  # type: ignore[arg-type]
    stacks = cfg.stacks
    return min(stacks[seat], max(s for i, s in enumerate(stacks) if i != seat), most)


class DrawDriver(EngineDriver[DrawState]):
    """Five-card draw for the environments: one :class:`~pokercore.draw.DrawState` per episode."""

    name = "draw"
    game_label = "draw"
    num_actions = NUM_ACTIONS

    def __init__(self, config: DrawConfig) -> None:
        self.config = config
        self.num_players = config.players
        lay = draw_layout(config)
        self._encoder: DrawHandEncoder = DrawHandEncoder(lay)
        self.obs_low, self.obs_high = lay.low, lay.high
        self._state: DrawState | None = None
        self._version = 0  # moves on with every action: the key of the cached view below
        self._view_cache: tuple[int, int, Observation] | None = None
        self._final: tuple[int, tuple[float, ...], tuple[int, ...], dict[str, str]] | None = None
        self._survey()

    def _random_button(self, rng: np.random.Generator) -> int:
        return int(rng.integers(self.num_players))

    def _buttons(self) -> range:
        return range(self.num_players)

    def _may_act(self, state: DrawState, seat: int) -> bool:
        return True  # every seat dealt in draws, all-in or not

    def _deal(self, button: int, deck: Any, rng: np.random.Generator) -> DrawState:
        return DrawState(self.config, button=button, deck=deck, seed=rng)

    def _view(self, seat: int) -> Observation:
        """``state.observe(seat)``, built once per seat and state (a training loop asks twice: to see, to act)."""
        hit = self._view_cache
        if hit is not None and hit[0] == seat and hit[1] == self._version:
            return hit[2]
        st = self.state
        # observe(seat) without its argument check (seat comes from the environment's own agent names)
        obs = st._observe(seat, st.legal_actions() if seat == st.actor else ())
        self._view_cache = (seat, self._version, obs)
        return obs

    def encode(self, seat: int) -> np.ndarray:
        return self._encoder.encode(self._view(seat))

    def mask(self, seat: int) -> np.ndarray:
        return action_mask(self._view(seat))

    def observation(self, seat: int) -> dict[str, np.ndarray]:
        obs = self._view(seat)
        return {"observation": self._encoder.encode(obs), "action_mask": action_mask(obs)}

    def apply(self, seat: int, action: int) -> None:
        # Refuses (naming why) any index the mask does not offer; what it returns is one of this state's
        # legal actions or a draw of 0-3 of the seat's own cards, so the engine's checks would only say yes.
        move = action_from_index(self._view(seat), action)
        self.state._apply_legal(move)
        self._version += 1

    def info(self, seat: int) -> dict[str, Any]:
        st = self.state
        if not st.is_over:
            return {}
        hit = self._final
        if hit is None or hit[0] != self._version:  # the same public facts for every seat: built once a hand
            revealed = {f"player_{i}": card_names(cards) for i, cards in st.revealed.items()}
            hit = self._final = (self._version, self.returns(), tuple(st.payouts or ()), revealed)
        return {"results": list(hit[1]), "payouts": list(hit[2]), "revealed": dict(hit[3])}

    def make_agent(self, name: str, rng: np.random.Generator) -> Agent:
        return make_agent(name, rng)

    @property
    def agent_names(self) -> tuple[str, ...]:
        return tuple(AGENTS)

    def max_loss(self, seat: int) -> float:
        return float(_max_loss(self.config, seat))

    def describe(self, action: int) -> str:
        return describe_action(action)

    def render(self) -> str:
        st = self.state
        head = (f"five-card draw  hand {st.hand_number}  street {st.street}  pot {st.pot}  "
                f"button player_{st.button}")
        lines = [head]
        for i in range(st.seats):
            mark = "*" if st.actor == i else " "
            status = "out" if not st.dealt_in[i] else "folded" if st.folded[i] else "in"
            drew = st.draw_counts[i]
            lines.append(f"{mark} player_{i}  stack {st.stacks[i]:>4}  bet {st.bets[i]:>3}  "
                         f"in pot {st.committed[i]:>3}  {status:<6}  {st.format_hand(i):<15}"
                         + ("" if drew is None else f"  drew {drew}"))
        acts = [f"p{e.seat} {e.kind}" + (f" {e.amount}" if e.amount else "")
                + (f" {e.drawn}" if e.kind == "draw" else "") for e in st.events if e.kind != "ante"]
        lines.append("actions: " + (", ".join(acts) if acts else "-"))
        if st.is_over:
            lines.append("results: " + "  ".join(f"player_{i} {r:+g}" for i, r in enumerate(self.returns())))
        return "\n".join(lines)
