"""Fixed-limit hold'em in :class:`~pokercore.envs.HoldemEnv`: the compiled hand of the hot path.

A training loop asks for one observation and plays one index per decision;
through :class:`~pokercore.holdem.HoldemState` each of those costs
Python objects (an ``Observation``, its legal actions, events) that the
vector is then built from.  :class:`LimitHandDriver` plays the hand in
:class:`~pokercore.envs._limit_hand.LimitHand` instead (the same rules,
compiled) and writes the vectors there, so a decision costs about what the
PettingZoo interface itself costs.

The engine stays the reference: the dealer's view (``state_view``, ``render``)
is the engine's ``HoldemState`` of the same hand, rebuilt from the deck and
the decisions when asked for; an illegal index is explained by the engine's
own message; a reset with ``button`` or ``deck`` options is checked by the
engine first.  Hands come from the same draws of the environment's
generator as the engine's (a button among the seats with chips, then
``rng.permutation(52)``), so a seed plays the same episode either way
(``tests/envs/test_limit_hand.py`` plays both side by side).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..holdem import Action, HoldemConfig, HoldemState, check_call_agent, check_fold_agent, raise_agent
from ._driver import Agent, card_names
from ._errors import EnvError
from ._holdem_driver import HoldemDriver
from ._holdem_spaces import action_from_index, holdem_layout
from ._limit_hand import KINDS, LimitHand

__all__ = ["LimitHandDriver", "compiled_limit"]

_INDEX_OF_KIND = {"fold": 0, "check": 1, "call": 1, "bet": 2, "raise": 2}
_CHIPS_LIMIT = 2**53  # chips the vectors (float32) and the C hand (int64) both hold without a doubt
#: pokercore's rule agents (the Gymnasium environments' "call", "fold" and "raise" opponents): the kinds
#: each takes first among the legal moves.  Played from the compiled hand's moves, with no engine state.
_RULES = ((check_call_agent, ("check", "call")), (check_fold_agent, ("check", "fold")),
          (raise_agent, ("bet", "raise", "check", "call")))


def compiled_limit(config: HoldemConfig, history_slots: int | None = None) -> bool:
    """Whether :class:`LimitHandDriver` plays ``config``: fixed-limit hold'em whose chips and history the C hand holds.

    Anything else (no-limit, pot-limit, chip counts of 2**53 or more, a
    history of more than 2**20 slots a street) is played by the engine's driver.

    >>> compiled_limit(HoldemConfig("fl")), compiled_limit(HoldemConfig("nl"))
    (True, False)
    """
    if config.variant != "fl":
        return False
    amounts = (config.small_blind, config.big_blind, config.ante, int(config.small_bet), int(config.big_bet))  # type: ignore[arg-type]
    return (sum(config.stacks) < _CHIPS_LIMIT and max(amounts) < _CHIPS_LIMIT and config.max_bets < 2**31 - 1
            and holdem_layout(config, history_slots).slots <= 2**20)


class LimitHandDriver(HoldemDriver):
    """A hold'em driver whose hands are played by a compiled :class:`~pokercore.envs._limit_hand.LimitHand`."""

    def __init__(self, config: HoldemConfig, history_slots: int | None = None) -> None:
        super().__init__(config, history_slots)
        lay = self.layout
        at = lay._at
        offsets = (*(at[name] for name in LimitHand.FIELDS), lay.size)
        self._hand = LimitHand(
            config.players, config.small_blind, config.big_blind, config.ante, config.ante_mode == "each",
            int(config.small_bet), int(config.big_bet), config.max_bets,  # type: ignore[arg-type]
            config.heads_up_uncapped, tuple(config.stacks), offsets, lay.slots,
        )
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
            # the engine's own draw, HoldemState(seed=rng); as bytes, the hand's fast form of a deck
            self._hand.deal(button, rng.permutation(52).astype(np.uint8).tobytes())
            self._state = None
            self._version += 1
        self._dealt = True

    @property
    def state(self) -> HoldemState:
        """The engine's state of the hand being played.

        Built from the deck and the decisions so far when first asked for in
        a hand, then moved on with every decision, like the engine's driver.
        """
        if not self._dealt:
            raise EnvError("no hand dealt yet: call reset()")
        st = self._state
        if st is None:
            hand = self._hand
            st = HoldemState(self.config, button=hand.button, deck=list(hand.deck))
            for kind, to in hand.decisions:
                st._apply_legal(KINDS[kind], to)
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

    def moves(self, seat: int) -> dict[int, Action]:
        if seat != self._hand.actor:
            return {}
        return {i: Action(kind, amount) for i, kind, amount in self._hand.legal()}

    def apply(self, seat: int, action: int) -> None:
        hand = self._hand
        if seat == hand.actor and hand.apply(action):
            self._version += 1
            st = self._state
            if st is not None:  # asked for in this hand: keep it in step
                kind, to = hand.decisions[-1]
                st._apply_legal(KINDS[kind], to)
            return
        action_from_index(self.state.observe(seat), action)  # raises, naming why
        raise AssertionError(f"the compiled hand refused action {action} that the engine allows")  # pragma: no cover

    def play_native(self, seat: int, agent: Agent) -> None:
        hand = self._hand
        for rule, kinds in _RULES:
            if agent is rule and seat == hand.actor:  # the rule read off the hand's legal moves
                moves = hand.legal()
                self.apply(seat, next(i for kind in kinds for i, k, _ in moves if k == kind))
                return
        st = self.state
        answer = agent(st.observe(seat))
        before = len(st.events)
        try:
            st.act(answer, seat=seat)  # the engine reads and checks any answer
        except ValueError as exc:
            raise EnvError(f"the agent of seat {seat} returned an illegal action: {exc}") from None
        kind = st.events[before].kind
        if not self._hand.apply(_INDEX_OF_KIND[kind]):  # pragma: no cover
            raise AssertionError(f"the compiled hand refused the engine's {kind} of seat {seat}")
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
            built: dict[str, Any] = {
                "results": list(hand.returns), "payouts": list(hand.payouts or ()),
                "revealed": {f"player_{i}": card_names(hand.hole(i)) for i in hand.revealed},
                "mucked": [f"player_{i}" for i in hand.mucked], "board": card_names(hand.board),
            }
            hit = self._final = (self._version, built)
        facts = hit[1]
        return {"results": list(facts["results"]), "payouts": list(facts["payouts"]),
                "revealed": dict(facts["revealed"]), "mucked": list(facts["mucked"]), "board": facts["board"]}
