"""A game: the configured number of hands, button moving clockwise, sit-outs.

:class:`DrawGame` keeps the stacks between hands, deals each hand from its
seeded generator (so a seed fixes every card of every hand) and ends early
when fewer than two seats can play.  :func:`play_game` plays a whole game
with one agent per seat.

Examples
--------
>>> from pokercore.draw import DrawConfig, DrawGame, check_call_agent
>>> game = DrawGame(DrawConfig(players=2, hands=3, seed=1))
>>> hand = game.start_hand()
>>> hand.button, hand.actor
(0, 1)
>>> hand.play([check_call_agent] * 2)
>>> game.play_hand([check_call_agent] * 2).button
1
>>> game.hands_played, game.is_over
(2, False)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np

from ._config import DrawConfig
from ._engine import DrawState
from ._errors import ConfigError, DrawError
from ._observation import Observation

__all__ = ["DrawGame", "GameResult", "play_game"]

Agent = Callable[[Observation], Any]


class GameResult(NamedTuple):
    """Outcome of :func:`play_game`.

    Attributes
    ----------
    stacks : tuple of int
        Final chips of every seat.
    hands_played : int
        Hands dealt.
    ended_early : bool
        Whether the game stopped before ``config.hands`` because fewer than
        two seats could play.
    hands : list of DrawState
        The finished hands (only with ``keep_hands=True``).
    """

    stacks: tuple[int, ...]
    hands_played: int
    ended_early: bool
    hands: list[DrawState]


class DrawGame:
    """A series of hands at one table.

    Parameters
    ----------
    config : DrawConfig
        Rules, seats, starting stacks, number of hands and seed.
    """

    def __init__(self, config: DrawConfig) -> None:
        if not isinstance(config, DrawConfig):
            raise ConfigError(f"config must be a DrawConfig, got {type(config).__name__}")
        self._cfg = config
        self._rng = np.random.default_rng(config.seed)
        self._stacks = list(config.stacks)
        self._button: int | None = None
        self._played = 0
        self._hand: DrawState | None = None
        self._synced: DrawState | None = None
        self._bought = [0] * config.players

    @classmethod
    def resume(cls, config: DrawConfig, *, hands_played: int, stacks: Sequence[int], button: int | None,
               bought_in: Sequence[int] | None = None) -> DrawGame:
        """A game between hands, as another game stood after ``hands_played`` finished hands.

        The next :meth:`start_hand` deals hand ``hands_played + 1`` with the
        button moved on from ``button``; its cards come from ``config.seed``
        (a resumed game does not replay the cards the first one would have
        dealt).  Use it to continue a saved session, e.g. after a restart.

        Parameters
        ----------
        config : DrawConfig
            The game's rules, seats, starting stacks, number of hands and seed.
        hands_played : int
            Hands finished so far, from 0 to ``config.hands``.
        stacks : sequence of int
            Chips of every seat after the last finished hand (0 or more each);
            they sum to the starting stacks plus ``bought_in``.
        button : int or None
            The button of the last finished hand (a seat number), or None:
            the next hand's button is then the first seat that can play.
        bought_in : sequence of int, optional
            Chips every seat has added by :meth:`rebuy` so far (0 or more
            each; default none).

        Returns
        -------
        DrawGame
            The game, with no hand in play.

        Raises
        ------
        ConfigError
            A value that no game could have reached: a wrong number of
            seats, negative chips, stacks that do not add up to the chips in
            play, a hand count or button out of range.

        Examples
        --------
        >>> from pokercore.draw import DrawConfig, DrawGame
        >>> game = DrawGame.resume(DrawConfig(players=3, hands=10, seed=1), hands_played=4,
        ...                        stacks=[250, 150, 200], button=2)
        >>> game.hands_played, game.stacks, game.current_hand is None
        (4, (250, 150, 200), True)
        >>> hand = game.start_hand()
        >>> hand.hand_number, hand.button
        (5, 0)
        >>> DrawGame.resume(DrawConfig(players=2, seed=1), hands_played=1, stacks=[300, 0],
        ...                 button=0)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pokercore.draw._errors.ConfigError: resume: the stacks sum to 300 chips, but the seats started with 400 ...
        """
        game = cls(config)
        n = config.players

        def chips(name: str, values: Sequence[int]) -> list[int]:
            if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or len(values) != n:
                raise ConfigError(f"resume: {name} must be a sequence of {n} chip counts (one a seat), got {values!r}")
            for v in values:
                if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 0:
                    raise ConfigError(f"resume: {name} must be whole numbers of chips, 0 or more, got {values!r}")
            return [int(v) for v in values]

        def whole(v: object) -> bool:
            return not isinstance(v, bool) and isinstance(v, (int, np.integer))

        if not whole(hands_played) or not 0 <= hands_played <= config.hands:
            raise ConfigError(f"resume: hands_played must be a number of hands from 0 to {config.hands}, "
                              f"got {hands_played!r}")
        have = chips("stacks", stacks)
        bought = chips("bought_in", [0] * n if bought_in is None else bought_in)
        if sum(have) != sum(config.stacks) + sum(bought):
            raise ConfigError(f"resume: the stacks sum to {sum(have)} chips, but the seats started with "
                              f"{sum(config.stacks)} and bought {sum(bought)} more: give the stacks of a game "
                              f"of these seats")
        if button is not None and (not whole(button) or not 0 <= button < n):
            raise ConfigError(f"resume: button must be a seat number 0..{n - 1} (or None), got {button!r}")
        game._played = int(hands_played)
        game._stacks = have
        game._bought = bought
        game._button = None if button is None else int(button)
        return game

    @property
    def config(self) -> DrawConfig:
        """The game's configuration."""
        return self._cfg

    @property
    def hands_played(self) -> int:
        """Hands dealt so far."""
        return self._played

    @property
    def current_hand(self) -> DrawState | None:
        """The hand being played (or the last one)."""
        return self._hand

    def _sync(self) -> None:
        hand = self._hand
        if hand is not None and hand.is_over and self._synced is not hand:  # once per hand: rebuys come after
            self._stacks = list(hand.stacks)
            self._synced = hand

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips of every seat between hands (after the last finished hand)."""
        self._sync()
        return tuple(self._stacks)

    @property
    def bought_in(self) -> tuple[int, ...]:
        """Chips every seat has added by :meth:`rebuy` (the stacks sum to the starting stacks plus these)."""
        return tuple(self._bought)

    def rebuy(self, seat: int) -> int:
        """Top a seat that cannot play the next hand back up to its starting stack; the chips added.

        Only between hands, while hands remain, and only for a seat whose
        chips cannot pay the ante and a bet (one that sits out).  The chips
        come from outside the table: :attr:`bought_in` counts them.

        >>> from pokercore.draw import DrawConfig, DrawGame
        >>> game = DrawGame(DrawConfig(players=2, hands=5, seed=1))
        >>> game.bought_in
        (0, 0)
        >>> game.rebuy(1)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pokercore.draw._errors.DrawError: seat 1 can still play with 200 chips: a rebuy is for a seat that ...
        """
        n = self._cfg.players
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < n:
            raise DrawError(f"rebuy: seat must be a seat number 0..{n - 1}, got {seat!r}")
        seat = int(seat)
        if self._hand is not None and not self._hand.is_over:
            raise DrawError("a rebuy is between hands: finish the hand in play first")
        if self._played >= self._cfg.hands:
            raise DrawError(f"the game has played all its {self._cfg.hands} hands: there is nothing to rebuy for")
        self._sync()
        have = self._stacks[seat]
        if self._cfg.can_play(have):
            raise DrawError(f"seat {seat} can still play with {have} chips: a rebuy is for a seat that cannot "
                            f"pay the ante and a bet")
        add = self._cfg.stacks[seat] - have
        self._stacks[seat] += add
        self._bought[seat] += add
        return add

    @property
    def playing_seats(self) -> tuple[int, ...]:
        """Seats that can be dealt the next hand (the others sit out)."""
        self._sync()
        can = self._cfg.can_play
        return tuple(i for i, s in enumerate(self._stacks) if can(s))

    @property
    def is_over(self) -> bool:
        """All hands played, or fewer than two seats can play."""
        if self._hand is not None and not self._hand.is_over:
            return False
        return self._played >= self._cfg.hands or len(self.playing_seats) < 2

    def start_hand(self) -> DrawState:
        """Deal the next hand (antes posted, cards dealt) and return it."""
        if self._hand is not None and not self._hand.is_over:
            raise DrawError("the current hand is not over yet")
        if self.is_over:
            raise DrawError(f"the game is over after {self._played} hands")
        playing = self.playing_seats
        n = self._cfg.players
        if self._button is None:
            button = playing[0]
        else:
            button = next(s for s in ((self._button + k) % n for k in range(1, n + 1)) if s in playing)
        self._button = button
        self._played += 1
        self._hand = DrawState(self._cfg, self._stacks, button, seed=self._rng, hand_number=self._played)
        return self._hand

    def play_hand(self, agents: Sequence[Agent]) -> DrawState:
        """Deal and play one hand with ``agents[seat]`` deciding for each seat.

        An agent with a ``hand_over`` method gets ``hand_over(observation)``
        at the end of each hand it was dealt into (showdown reveals, payouts).
        """
        if len(agents) != self._cfg.players:  # before dealing: a refused call changes nothing
            raise DrawError(f"{len(agents)} agents for {self._cfg.players} seats: give one agent per seat")
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
            raise DrawError(f"{len(agents)} agents for {self._cfg.players} seats: give one agent per seat")
        kept: list[DrawState] = []
        while not self.is_over:
            hand = self.play_hand(agents)
            if keep_hands:
                kept.append(hand)
        return GameResult(self.stacks, self._played, self._played < self._cfg.hands, kept)


def play_game(config: DrawConfig, agents: Sequence[Agent], *, keep_hands: bool = False) -> GameResult:
    """Play a whole game of ``config.hands`` hands (or until fewer than two can play).

    Examples
    --------
    >>> from pokercore.draw import DrawConfig, raise_agent, check_call_agent
    >>> r = play_game(DrawConfig(players=2, hands=500, starting_stacks=30, seed=3),
    ...               [raise_agent, check_call_agent])
    >>> r.ended_early, sum(r.stacks)
    (True, 60)
    """
    return DrawGame(config).play(agents, keep_hands=keep_hands)
