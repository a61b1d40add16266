"""A session of hold'em or Omaha: hand after hand, the button moving, players busting or sitting out.

:class:`HoldemGame` keeps the stacks between hands, deals each hand from its
seeded generator (so a seed fixes every card of every hand), moves the button
one seat clockwise (to the next seat dealt in) after every hand, leaves out
the seats with no chips (busted) and those sitting out, and ends when the
configured number of hands is played or fewer than two seats can play.
:func:`play_game` plays a whole game with one agent per seat.

The button moves simply: it goes to the next seat dealt in, and the blinds
are posted by the seats dealt in after it.  Missed blinds are not collected
from a player who sits out and comes back.

Examples
--------
>>> from pokercore.holdem import HoldemConfig
>>> from pokercore.holdem import check_call_agent, raise_agent
>>> game = HoldemGame(HoldemConfig("nl", players=3, hands=3, seed=1))
>>> hand = game.start_hand()
>>> hand.button, hand.small_blind_seat, hand.big_blind_seat, hand.actor
(0, 1, 2, 0)
>>> hand.play([check_call_agent] * 3)
>>> game.play_hand([check_call_agent] * 3).button
1
>>> game.sit_out(2)
>>> game.play_hand([check_call_agent] * 3).dealt_in
(True, True, False)
>>> game.hands_played, game.is_over, sum(game.stacks)
(3, True, 600)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np

from ._config import HoldemConfig
from ._engine import HoldemState
from ._errors import ConfigError, HoldemError
from ._observation import Observation

__all__ = ["Agent", "GameResult", "HoldemGame", "play_game"]

#: An agent: any callable from an observation to an action.
Agent = Callable[[Observation], Any]


class GameResult(NamedTuple):
    """Outcome of :func:`play_game` or :meth:`HoldemGame.play`.

    Attributes
    ----------
    stacks : tuple of int
        Final chips of every seat.
    hands_played : int
        Hands dealt.
    ended_early : bool
        Whether the game stopped before ``config.hands`` because fewer than
        two seats could play.
    hands : list of HoldemState
        The finished hands (only with ``keep_hands=True``).
    """

    stacks: tuple[int, ...]
    hands_played: int
    ended_early: bool
    hands: list[HoldemState]


class HoldemGame:
    """A series of hands at one table.

    Parameters
    ----------
    config : HoldemConfig
        Rules, seats, starting stacks, number of hands and seed.
    """

    def __init__(self, config: HoldemConfig) -> None:
        if not isinstance(config, HoldemConfig):
            raise ConfigError(f"config must be a HoldemConfig, got {type(config).__name__}")
        self._cfg = config
        self._rng = np.random.default_rng(config.seed)
        self._stacks = list(config.stacks)
        self._button: int | None = None
        self._played = 0
        self._hand: HoldemState | None = None
        self._synced: HoldemState | None = None
        self._out: set[int] = set()

    @classmethod
    def resume(cls, config: HoldemConfig, *, hands_played: int, stacks: Sequence[int],
               button: int | None) -> HoldemGame:
        """A game between hands, as another game stood after ``hands_played`` finished hands.

        The next :meth:`start_hand` deals hand ``hands_played + 1`` with the
        button moved on from ``button``; its cards come from ``config.seed``
        (a resumed game does not replay the cards the first one would have
        dealt).  Use it to continue a saved session, e.g. after a restart.

        Parameters
        ----------
        config : HoldemConfig
            The game's rules, seats, starting stacks, number of hands and seed.
        hands_played : int
            Hands finished so far, from 0 to ``config.hands``.
        stacks : sequence of int
            Chips of every seat after the last finished hand (0 or more
            each); they sum to the starting stacks.
        button : int or None
            The button of the last finished hand (a seat number), or None:
            the next hand's button is then the first seat that can play.

        Returns
        -------
        HoldemGame
            The game, with no hand in play.

        Raises
        ------
        ConfigError
            Values no session of ``config`` could have reached: a wrong
            number of seats, negative chips, stacks that do not sum to the
            chips in play, a hand count or button out of range.

        Examples
        --------
        >>> cfg = HoldemConfig("nl", players=3, hands=10, seed=1)
        >>> game = HoldemGame.resume(cfg, hands_played=4, stacks=[300, 200, 100], button=1)
        >>> hand = game.start_hand()
        >>> hand.button, hand.starting_stacks
        (2, (300, 200, 100))
        """
        n = config.players if isinstance(config, HoldemConfig) else 0
        game = cls(config)
        if isinstance(hands_played, bool) or not isinstance(hands_played, int) or \
                not 0 <= hands_played <= config.hands:
            raise ConfigError(f"resume: hands_played must be 0 to {config.hands}, got {hands_played!r}")
        stacks = list(stacks)
        if len(stacks) != n or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in stacks):
            raise ConfigError(f"resume: stacks must be {n} whole numbers of chips, 0 or more, got {stacks!r}")
        if sum(stacks) != sum(config.stacks):
            raise ConfigError(f"resume: the stacks sum to {sum(stacks)} chips, but the seats started with "
                              f"{sum(config.stacks)}")
        if button is not None and (isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < n):
            raise ConfigError(f"resume: the button must be a seat 0..{n - 1} or None, got {button!r}")
        game._played, game._stacks, game._button = hands_played, stacks, button
        return game

    @property
    def config(self) -> HoldemConfig:
        """The game's configuration."""
        return self._cfg

    @property
    def hands_played(self) -> int:
        """Hands dealt so far."""
        return self._played

    @property
    def current_hand(self) -> HoldemState | None:
        """The hand being played (or the last one)."""
        return self._hand

    @property
    def button(self) -> int | None:
        """The button of the current (or last) hand; None before the first."""
        return self._button

    def _sync(self) -> None:
        """Take the stacks of the last hand once it is over (once: chips added later are kept)."""
        hand = self._hand
        if hand is not None and hand.is_over and hand is not self._synced:
            self._stacks = list(hand.stacks)
            self._synced = hand

    def _idle(self) -> bool:
        return self._hand is None or self._hand.is_over

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips of every seat between hands (after the last finished hand)."""
        self._sync()
        return tuple(self._stacks)

    @property
    def sitting_out(self) -> tuple[int, ...]:
        """Seats that asked to sit out (they keep their chips)."""
        return tuple(sorted(self._out))

    @property
    def busted(self) -> tuple[int, ...]:
        """Seats with no chips left."""
        self._sync()
        return tuple(i for i, s in enumerate(self._stacks) if s == 0)

    @property
    def playing_seats(self) -> tuple[int, ...]:
        """Seats that will be dealt the next hand (chips and not sitting out)."""
        self._sync()
        return tuple(i for i, s in enumerate(self._stacks) if s > 0 and i not in self._out)

    def _seat(self, seat: int) -> int:
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < self._cfg.players:
            raise HoldemError(f"no seat {seat!r} at this table (seats 0..{self._cfg.players - 1})")
        return int(seat)

    def sit_out(self, seat: int) -> None:
        """Leave ``seat`` out of the next hands (it keeps its chips) until :meth:`sit_in`."""
        self._out.add(self._seat(seat))

    def sit_in(self, seat: int) -> None:
        """Deal ``seat`` in again from the next hand."""
        self._out.discard(self._seat(seat))

    def add_chips(self, seat: int, chips: int) -> None:
        """Give ``seat`` more chips between hands (a rebuy or top-up)."""
        seat = self._seat(seat)
        if isinstance(chips, bool) or not isinstance(chips, (int, np.integer)) or chips <= 0:
            raise HoldemError(f"chips to add must be a whole number > 0, got {chips!r}")
        if not self._idle():
            raise HoldemError("chips can be added between hands only: the current hand is not over")
        self._sync()
        self._stacks[seat] += int(chips)

    @property
    def is_over(self) -> bool:
        """All hands played, or fewer than two seats can play."""
        if not self._idle():
            return False
        return self._played >= self._cfg.hands or len(self.playing_seats) < 2

    def start_hand(self) -> HoldemState:
        """Move the button, post the forced bets, deal the next hand and return it."""
        if not self._idle():
            raise HoldemError("the current hand is not over yet")
        if self.is_over:
            raise HoldemError(f"the game is over after {self._played} hands")
        playing = self.playing_seats
        n = self._cfg.players
        if self._button is None:
            button = playing[0]
        else:
            button = next(s for s in ((self._button + k) % n for k in range(1, n + 1)) if s in playing)
        self._button = button
        self._played += 1
        self._hand = HoldemState(self._cfg, self._stacks, button, seed=self._rng, hand_number=self._played,
                                 sitting_out=tuple(self._out))
        return self._hand

    def play_hand(self, agents: Sequence[Agent]) -> HoldemState:
        """Deal and play one hand with ``agents[seat]`` deciding for each seat.

        An agent with a ``hand_over`` method gets ``hand_over(observation)``
        at the end of each hand it was dealt into (showdown, payouts).
        """
        if len(agents) != self._cfg.players:  # before dealing: a refused call changes nothing
            raise HoldemError(f"{len(agents)} agents for {self._cfg.players} seats: give one agent per seat")
        hand = self.start_hand()
        hand.play(agents)
        for seat, agent in enumerate(agents):
            hook = getattr(agent, "hand_over", None)
            if hook is not None and hand.dealt_in[seat]:
                hook(hand.observe(seat))
        return hand

    def play(self, agents: Sequence[Agent], *, keep_hands: bool = False) -> GameResult:
        """Play the remaining hands; return the final stacks."""
        if len(agents) != self._cfg.players:
            raise HoldemError(f"{len(agents)} agents for {self._cfg.players} seats: give one agent per seat")
        kept: list[HoldemState] = []
        while not self.is_over:
            hand = self.play_hand(agents)
            if keep_hands:
                kept.append(hand)
        return GameResult(self.stacks, self._played, self._played < self._cfg.hands, kept)


def play_game(config: HoldemConfig, agents: Sequence[Agent], *, keep_hands: bool = False) -> GameResult:
    """Play a whole game of ``config.hands`` hands (or until fewer than two can play).

    Examples
    --------
    >>> from pokercore.holdem import HoldemConfig
    >>> from pokercore.holdem import RandomAgent, check_call_agent
    >>> r = play_game(HoldemConfig("nl", players=3, hands=200, starting_stacks=40, seed=3),
    ...               [RandomAgent(1), RandomAgent(2), check_call_agent])
    >>> r.hands_played <= 200, sum(r.stacks)
    (True, 120)
    """
    return HoldemGame(config).play(agents, keep_hands=keep_hands)
