"""Five-card draw in :class:`~pokercore.envs.DrawEnv`: the compiled hand of the hot path.

The same design as :mod:`pokercore.envs._limit_hand_driver`: a
:class:`~pokercore.envs._draw_hand.DrawHand` plays the hand and writes the
vectors, the engine (:class:`~pokercore.draw.DrawState`) stays the reference.
The dealer's view (``state_view``, ``render``) is the engine's state of the
same hand, rebuilt from the deck and the decisions when asked for and moved
on with every decision after that; an illegal index is explained in the
engine's words; a reset with ``button`` or ``deck`` options is checked by
the engine first.  Hands come from the same draws of the environment's
generator as the engine's, so a seed plays the same episode either way
(``tests/envs/test_draw_hand.py`` plays both side by side).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..draw import Action, DrawConfig, DrawState
from ._draw_driver import DrawDriver
from ._draw_hand import KINDS, DrawHand
from ._draw_spaces import DISCARD, action_from_index, draw_layout
from ._driver import Agent, card_names
from ._errors import EnvError

__all__ = ["DrawHandDriver", "compiled_draw"]

_CHIPS_LIMIT = 2**53  # chips the vectors (float32) and the C hand (int64) both hold without a doubt


def compiled_draw(config: DrawConfig) -> bool:
    """Whether :class:`DrawHandDriver` plays ``config``: chips and history the C hand holds.

    Chip counts of 2**53 or more, or a history of more than 2**16 slots a
    round, are played by the engine's driver.

    >>> compiled_draw(DrawConfig(players=6)), compiled_draw(DrawConfig(players=2, starting_stacks=2**53))
    (True, False)
    """
    amounts = (config.ante, config.small_bet, int(config.big_bet))  # type: ignore[arg-type]
    return (sum(config.stacks) < _CHIPS_LIMIT and max(amounts) < _CHIPS_LIMIT and config.max_bets < 2**31 - 1
            and draw_layout(config).slots <= 2**16)


def _action(index: int, codes: tuple[int, ...], amounts: dict[int, int]) -> Action:
    if index >= DISCARD:
        return Action("draw", 0, codes)
    return Action(KINDS[index], amounts.get(index, 0))


class DrawHandDriver(DrawDriver):
    """A draw driver whose hands are played by a compiled :class:`~pokercore.envs._draw_hand.DrawHand`."""

    def __init__(self, config: DrawConfig) -> None:
        super().__init__(config)
        lay = draw_layout(config)
        offsets = (*(lay._at[name] for name in DrawHand.FIELDS), lay.size)
        self._hand = DrawHand(config.players, config.ante, config.small_bet, int(config.big_bet),  # type: ignore[arg-type]
                              config.max_bets, config.all_in, tuple(config.stacks), offsets, lay.slots)
        self._amounts: list[dict[int, int]] = []  # chips of each betting decision, for rebuilding the engine's state
        self._dealt = False

    # ------------------------------------------------------------ the hand
    def new_hand(self, rng: np.random.Generator, options: Mapping[str, Any]) -> None:
        if options:  # the engine checks a chosen button and deck and names what is wrong
            super().new_hand(rng, options)
            st = self._state
            assert st is not None
            self._hand.deal(st.button, bytes(st.deck))
        else:
            button = self._random_button(rng)
            # the engine's own draw, DrawState(seed=rng); as bytes, the hand's fast form of a deck
            self._hand.deal(button, rng.permutation(52).astype(np.uint8).tobytes())
            self._state = None
            self._version += 1
        self._amounts = []
        self._dealt = True

    @property
    def state(self) -> DrawState:
        """The engine's state of the hand being played.

        Built from the deck and the decisions so far when first asked for in
        a hand, then moved on with every decision, like the engine's driver.
        """
        if not self._dealt:
            raise EnvError("no hand dealt yet: call reset()")
        st = self._state
        if st is None:
            hand = self._hand
            st = DrawState(self.config, button=hand.button, deck=list(hand.deck))
            for (index, codes), amounts in zip(hand.decisions, self._amounts):
                st._apply_legal(_action(index, codes, amounts))
            self._state = st
        return st

    @property
    def actor(self) -> int | None:
        return self._hand.actor

    # ------------------------------------------------------------ seeing and acting
    def observation(self, seat: int) -> dict[str, np.ndarray]:
        return self._hand.observation(seat)

    def encode(self, seat: int) -> np.ndarray:
        return self._hand.observation(seat)["observation"]

    def mask(self, seat: int) -> np.ndarray:
        return self._hand.observation(seat)["action_mask"]

    def apply(self, seat: int, action: int) -> None:
        hand = self._hand
        amounts = {} if hand.drawing else {i: chips for i, _, chips in hand.betting()}
        if seat == hand.actor and hand.apply(action):
            self._amounts.append(amounts)
            self._version += 1
            st = self._state
            if st is not None:  # asked for in this hand: keep it in step
                index, codes = hand.decisions[-1]
                st._apply_legal(_action(index, codes, amounts))
            return
        action_from_index(self.state.observe(seat), action)  # raises, naming why
        raise AssertionError(f"the compiled hand refused action {action} that the engine allows")  # pragma: no cover

    def play_native(self, seat: int, agent: Agent) -> None:
        st = self.state
        hand = self._hand
        before_hand, before_events = st.hands[seat], len(st.events)
        try:
            st.act(agent(st.observe(seat)), seat=seat)  # the engine reads and checks any answer
        except ValueError as exc:
            raise EnvError(f"the agent of seat {seat} returned an illegal action: {exc}") from None
        ev = st.events[before_events]
        amounts: dict[int, int] = {}
        if ev.kind == "draw":  # the discards in the order the engine replaced them (the deck's order of the new cards)
            after, deck = st.hands[seat], st.deck
            swaps = sorted((deck.index(new), old) for old, new in zip(before_hand, after) if old != new)
            done = hand.draw_cards(tuple(old for _, old in swaps))
        else:
            amounts = {i: chips for i, _, chips in hand.betting()}
            done = hand.apply(KINDS.index(ev.kind))  # fold, check, call, bet, raise: indices 0..4
        if not done:  # pragma: no cover
            raise AssertionError(f"the compiled hand refused the engine's {ev.kind} of seat {seat}")
        self._amounts.append(amounts)
        self._version += 1

    # ------------------------------------------------------------ the result
    def returns(self) -> tuple[float, ...]:
        return self._hand.returns

    def info(self, seat: int) -> dict[str, Any]:
        hand = self._hand
        if not hand.over:
            return {}
        hit = self._final
        if hit is None or hit[0] != self._version:  # the same public facts for every seat: built once a hand
            revealed = {f"player_{i}": card_names(hand.hand(i)) for i in hand.revealed}
            hit = self._final = (self._version, hand.returns, tuple(hand.payouts or ()), revealed)
        return {"results": list(hit[1]), "payouts": list(hit[2]), "revealed": dict(hit[3])}
