"""What an environment needs from a game: the :class:`Driver` interface, and reading an action index.

A driver runs one hand (an episode) of one game through the game's own
engine and knows how to turn a seat's view into arrays.  The PettingZoo and
Gymnasium environments (:mod:`pokercore.envs._aec`, :mod:`pokercore.envs._single`)
are written once over this interface, so a new game is one module: a driver
and two short subclasses.

>>> read_index(np.int32(3), 37, "player_0")
3
>>> read_index(2.0, 37, "player_0")
Traceback (most recent call last):
...
pokercore.envs._errors.IllegalMoveError: player_0: an action is an int index 0..36, got float 2.0
"""

from __future__ import annotations

import operator
import warnings
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

import numpy as np

from ..cards import format_card
from ..errors import cut
from ._errors import EnvError, IllegalMoveError

__all__ = ["Agent", "Driver", "EngineDriver", "EngineState", "card_names", "read_index", "read_seed", "refusal"]

_CARD_NAMES = tuple(format_card(c) for c in range(52))


def card_names(codes: Sequence[int]) -> str:
    """``format_cards(codes)`` for an engine's own card codes (0..51, already checked): a table look-up.

    >>> card_names((51, 45, 22))
    'As Kd 7h'
    """
    return " ".join([_CARD_NAMES[c] for c in codes])

#: A game's own agent: a callable from the engine's observation to an action.
Agent = Callable[[Any], Any]


def read_index(action: object, size: int, who: str) -> int:
    """``action`` as a plain ``int`` in ``0..size-1``, or :class:`IllegalMoveError`.

    Accepts Python and numpy integers and 0-d integer arrays (what
    ``action_space.sample()`` and ``argmax`` give); refuses ``bool``,
    floats and anything else, naming what came.
    """
    if type(action) is int and 0 <= action < size:  # the common case, first
        return action
    value: int | None = None
    if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
        value = int(action)
    elif isinstance(action, (int, np.integer)) and not isinstance(action, (bool, np.bool_)):
        value = operator.index(action)
    if value is None:
        raise IllegalMoveError(f"{who}: an action is an int index 0..{size - 1}, got {type(action).__name__} "
                               f"{cut(action)}")
    if not 0 <= value < size:
        raise IllegalMoveError(f"{who}: action {value} is out of range: the action space is 0..{size - 1}")
    return value


def read_seed(seed: object) -> int | None:
    """``seed`` as ``None`` or a plain ``int >= 0``, or :class:`EnvError` naming what came.

    Python and numpy integers are read as the same number; ``bool``, floats,
    strings and negative numbers are refused, as everywhere else in the
    environments (numpy would take ``True`` as 1 and answer the rest in its
    own words).

    >>> read_seed(np.uint8(7)), read_seed(None)
    (7, None)
    >>> read_seed(True)
    Traceback (most recent call last):
    ...
    pokercore.envs._errors.EnvError: seed must be None or an int >= 0, got True
    """
    if seed is None:
        return None
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, (bool, np.bool_)) and seed >= 0:
        return int(seed)
    raise EnvError(f"seed must be None or an int >= 0, got {cut(seed)}")


class Driver(ABC):
    """One game as the environments see it: deal, whose turn, a seat's arrays, apply an index.

    Seats are ``0..num_players-1``; the environments name them
    ``player_<seat>``.  Every method but :meth:`new_hand` works on the hand
    dealt last.
    """

    #: Game name, used in environment names (``pokercore_<name>_v0``).
    name: str
    num_players: int
    num_actions: int
    #: Bounds of the observation vector (float32, one entry per position).
    obs_low: np.ndarray
    obs_high: np.ndarray

    @abstractmethod
    def new_hand(self, rng: np.random.Generator, options: Mapping[str, Any]) -> None:
        """Deal a new hand from ``rng`` (``options``: game-specific, e.g. a stacked deck)."""

    @property
    @abstractmethod
    def actor(self) -> int | None:
        """The seat to act, ``None`` once the hand is over."""

    @abstractmethod
    def encode(self, seat: int) -> np.ndarray:
        """The observation vector of ``seat`` (a new float32 array)."""

    @abstractmethod
    def mask(self, seat: int) -> np.ndarray:
        """The action mask of ``seat`` (a new int8 array; all zeros unless it is to act)."""

    @abstractmethod
    def apply(self, seat: int, action: int) -> None:
        """Play action index ``action`` for ``seat``; :class:`IllegalMoveError` leaves the hand unchanged."""

    @abstractmethod
    def returns(self) -> tuple[float, ...]:
        """Each seat's result of the finished hand (chips or points; they sum to 0)."""

    @abstractmethod
    def info(self, seat: int) -> dict[str, Any]:
        """Extra public facts for ``seat`` (results once the hand is over); a new dict."""

    @abstractmethod
    def play_native(self, seat: int, agent: Agent) -> None:
        """Ask the game's own ``agent`` for ``seat``'s decision and play it (the other seats of a Gym env)."""

    def hand_over(self, seat: int, agent: Agent) -> None:  # noqa: B027  (an optional hook)
        """Show a finished hand to a game agent that asks for it (draw agents' ``hand_over`` hook)."""

    @abstractmethod
    def make_agent(self, name: str, rng: np.random.Generator) -> Agent:
        """A built-in agent of the game by name."""

    @property
    @abstractmethod
    def agent_names(self) -> tuple[str, ...]:
        """Names :meth:`make_agent` knows."""

    @abstractmethod
    def max_loss(self, seat: int) -> float:
        """The most ``seat`` can lose in one hand (the default penalty of its illegal action)."""

    def chip_positions(self) -> np.ndarray:
        """The positions of the observation vector that hold chips (scaled by ``units="big_blinds"``)."""
        return np.zeros(0, dtype=np.intp)

    def never_decides(self, seat: int | None = None) -> str | None:
        """Why no seat (``seat=None``) or ``seat`` can have a decision in any hand of this table, or ``None``."""
        return None

    @abstractmethod
    def describe(self, action: int) -> str:
        """A short name of an action index, e.g. ``"3 (bet)"``."""

    @abstractmethod
    def render(self) -> str:
        """The table as text (the dealer's view: every card face up)."""

    def observation(self, seat: int) -> dict[str, np.ndarray]:
        """``{"observation": encode(seat), "action_mask": mask(seat)}`` (a game may build both at once)."""
        return {"observation": self.encode(seat), "action_mask": self.mask(seat)}

    def refuse(self, seat: int, action: int, why: str) -> IllegalMoveError:
        """The error for an action that is not legal: names ``why`` and the legal choices."""
        return refusal(f"player_{seat}", action, why, self.mask(seat), self.describe)


def refusal(who: str, action: int, why: str, mask: np.ndarray, describe: Callable[[int], str]) -> IllegalMoveError:
    """An :class:`IllegalMoveError` saying why ``action`` is refused and listing the legal indices of ``mask``.

    >>> mask = np.array([0, 1, 0, 1], dtype=np.int8)
    >>> print(refusal("player_1", 0, "there is no bet to call", mask, str))
    player_1: action 0 is not legal now: there is no bet to call; legal: 1, 3
    """
    legal = np.flatnonzero(mask)
    if len(legal) == 0:
        return IllegalMoveError(f"{who}: action {describe(action)} is not legal now: {why}; no action is legal")
    shown = ", ".join(describe(int(a)) for a in legal[:8])
    more = f", ... ({len(legal)} in all: see observation['action_mask'])" if len(legal) > 8 else ""
    return IllegalMoveError(f"{who}: action {describe(action)} is not legal now: {why}; legal: {shown}{more}",
                            legal.tolist())


class EngineState(Protocol):
    """What an :class:`EngineDriver` needs of a betting engine's hand (draw's and hold'em's ``*State``)."""

    @property
    def actor(self) -> int | None: ...

    @property
    def dealt_in(self) -> tuple[bool, ...]: ...

    @property
    def starting_stacks(self) -> tuple[int, ...]: ...

    @property
    def stacks(self) -> tuple[int, ...]: ...

    def observe(self, seat: int) -> Any: ...

    def act(self, action: Any, seat: int | None = None) -> None: ...


class HandEncoderLike(Protocol):
    """A game's observation encoder: told of every new hand (it keeps per-hand work)."""

    def new_hand(self) -> None: ...


S = TypeVar("S", bound=EngineState)


class EngineDriver(Driver, Generic[S]):
    """A driver over a betting engine (draw, hold'em): one hand ``self.state`` of type ``S`` per episode.

    Holds what those drivers share: dealing a hand (the ``button`` and
    ``deck`` options, a button drawn from the generator otherwise), whose
    turn it is, the results (chips won or lost), a built-in agent playing its
    seat through the engine's own verification, and the end of every hand
    told to the agents dealt into it.  Subclasses set ``_state = None``,
    ``_version = 0`` (moved on by every action) and ``_encoder``, and say how
    a hand is dealt (:meth:`_deal`, :meth:`_random_button`).
    """

    #: The game as the reset-options warning names it ("draw", "hold'em").
    game_label: str
    _state: S | None
    _version: int
    _encoder: HandEncoderLike
    _surveyed: tuple[list[int], tuple[tuple[bool, tuple[bool, ...]], ...]]

    @abstractmethod
    def _random_button(self, rng: np.random.Generator) -> int:
        """The button of a hand dealt without a ``button`` option, drawn from ``rng``."""

    @abstractmethod
    def _deal(self, button: int, deck: Any, rng: np.random.Generator) -> S:
        """A new hand (``deck``: the ``deck`` option or None); a ``ValueError`` names what cannot be dealt."""

    @abstractmethod
    def _buttons(self) -> Sequence[int]:
        """The seats :meth:`_random_button` may draw."""

    def _survey(self) -> None:
        """Deal the table from every button it may have (the forced bets depend on the button, not the cards).

        Keeps what :meth:`never_decides` needs: the starting stacks and, per
        button, whether the hand has a decision and which seats are dealt in
        and may be asked for one.

        Raises
        ------
        EnvError
            When no button gives a hand that can be dealt: such a table can
            never be played, so it is refused when the environment is built.
        """
        rng = np.random.default_rng(0)
        facts: list[tuple[bool, tuple[bool, ...]]] = []
        why = "no seat can hold the button"
        stacks: list[int] = []
        for button in self._buttons():
            try:
                st = self._deal(button, None, rng)
            except ValueError as exc:
                why = str(exc)
                continue
            stacks = list(st.starting_stacks)
            facts.append((st.actor is not None,
                          tuple(dealt and self._may_act(st, i) for i, dealt in enumerate(st.dealt_in))))
        if not facts:
            raise EnvError(f"this table can never be dealt: {why}")
        self._surveyed = (stacks, tuple(facts))

    def never_decides(self, seat: int | None = None) -> str | None:
        stacks, facts = self._surveyed
        if seat is not None and stacks[seat] == 0:
            return f"seat {seat} is never dealt in: it starts with no chips (starting_stacks {stacks})"
        if not any(decides for decides, _ in facts):
            return (f"starting_stacks {stacks}: no hand of this table has a decision: whatever the button, the "
                    "forced bets leave at most one seat with chips behind and it owes nothing, so every hand "
                    "plays itself out; give two or more seats more chips than their forced bets")
        if seat is not None and not any(decides and may[seat] for decides, may in facts):
            return (f"seat {seat} never has a decision: the forced bets put it all-in in every hand "
                    f"(starting_stacks {stacks})")
        return None

    def _may_act(self, state: S, seat: int) -> bool:
        """Whether ``seat``, dealt into a hand that has a decision, may be asked for one (it has chips behind)."""
        return state.stacks[seat] > 0

    @property
    def state(self) -> S:
        """The hand being played (the dealer's view: every card)."""
        if self._state is None:
            raise EnvError("no hand dealt yet: call reset()")
        return self._state

    def new_hand(self, rng: np.random.Generator, options: Mapping[str, Any]) -> None:
        unknown = sorted(str(k) for k in options if k not in ("button", "deck")) if options else None
        if unknown:
            warnings.warn(f"{self.game_label} reset options {', '.join(unknown)} are not used (known: button, deck)",
                          stacklevel=3)
        button = options.get("button")
        if button is None:
            button = self._random_button(rng)
        try:
            self._state = self._deal(button, options.get("deck"), rng)
        except ValueError as exc:
            raise EnvError(f"cannot deal: {exc}") from None
        self._encoder.new_hand()
        self._version += 1

    @property
    def actor(self) -> int | None:
        return self.state.actor

    def returns(self) -> tuple[float, ...]:
        st = self.state
        return tuple(float(a - b) for a, b in zip(st.stacks, st.starting_stacks))

    def play_native(self, seat: int, agent: Agent) -> None:
        st = self.state
        answer = agent(st.observe(seat))
        try:
            st.act(answer, seat=seat)
        except ValueError as exc:
            raise EnvError(f"the agent of seat {seat} returned an illegal action: {exc}") from None
        self._version += 1

    def hand_over(self, seat: int, agent: Agent) -> None:
        hook = getattr(agent, "hand_over", None)
        if callable(hook) and self.state.dealt_in[seat]:
            hook(self.state.observe(seat))
