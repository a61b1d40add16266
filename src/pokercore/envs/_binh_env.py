"""Binh poker as environments: PettingZoo (:class:`BinhEnv`) and Gymnasium (:class:`BinhGymEnv`), 2-4 players.

One episode is one deal.  The seats arrange in seat order (each once, none
sees another's cards or choice before the end); then the deal is scored by
:func:`pokercore.binh.run_deal` and every seat gets its net points.

Actions (``Discrete(NUM_SPLITS + 1)`` = 72,073)
-----------------------------------------------
Index ``s < NUM_SPLITS`` is the split of the seat's 13 cards (the
observation's ``cards``, highest code first) with split id ``s``:
``s = b * 56 + m``, where ``b`` numbers the bottom's 5 positions among the
1,287 five-position sets of ``0..12`` in lexicographic order
(``itertools.combinations(range(13), 5)``) and ``m`` numbers the middle's 5
positions among the 56 five-sets of the 8 remaining positions, in the same
order; the top is the other 3.  :func:`split_arrangement` and
:func:`split_of` convert.  Only non-foul splits are legal unless
``allow_fouls=True`` (the engine scores a foul as a foul; it costs
``foul_points`` against every normal hand, more than any arranged hand can
lose).  Index ``SPECIAL = NUM_SPLITS`` declares a special hand: with
``rules.declare_specials`` (the default) a seat dealt a special hand must
declare it, as the engine does, and it is then its only legal action; no
other seat may.

Examples
--------
>>> from pokercore.binh import count_legal
>>> env = BinhEnv(players=2)
>>> env.reset(seed=5)
>>> obs = env.observe("player_0")
>>> int(obs["action_mask"].sum()) == count_legal(obs["observation"][:13].astype(int))
True
>>> env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from ..binh import (
    AGENT_LEVELS,
    DEFAULT_RULES,
    NUM_SPLITS,
    Arrangement,
    BinhRules,
    Observation,
    SpecialHand,
    deal_hands,
    declared_special,
    legal_arrangements,
    make_agent,
    run_deal,
)
from ..cards import format_cards
from ..errors import cut
from ._aec import CardGameAEC
from ._driver import Agent, Driver
from ._errors import EnvError
from ._single import CardGameGym

__all__ = [
    "NUM_ACTIONS",
    "SPECIAL",
    "BinhEnv",
    "BinhGymEnv",
    "binh_layout",
    "legal_splits",
    "split_arrangement",
    "split_masks",
    "split_of",
]

#: Index of the "declare my special hand" action.
SPECIAL = NUM_SPLITS
#: Size of the action space: every split plus the special declaration.
NUM_ACTIONS = NUM_SPLITS + 1
_FULL = (1 << 13) - 1


@lru_cache(maxsize=1)
def _split_table() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(NUM_SPLITS, 3) top/middle/bottom masks by split id; sorted (bottom, middle) keys and their ids."""
    bottoms = np.array(list(combinations(range(13), 5)))
    rest = np.array([[p for p in range(13) if p not in b] for b in bottoms])
    middles = rest[:, np.array(list(combinations(range(8), 5)))]
    bottom = np.repeat((1 << bottoms).sum(axis=1), middles.shape[1])
    middle = (1 << middles).sum(axis=2).ravel()
    table = np.stack([_FULL ^ bottom ^ middle, middle, bottom], axis=1).astype(np.int64)
    keys = (bottom << 13) | middle
    order = np.argsort(keys, kind="stable")
    table.flags.writeable = False
    return table, keys[order], order


def split_masks(split: int) -> tuple[int, int, int]:
    """The (top, middle, bottom) bit masks over the 13 card positions of split id ``split``.

    >>> split_masks(0)              # bottom = positions 0-4, middle = 5-9, top = 10-12
    (7168, 992, 31)
    """
    if isinstance(split, bool) or not isinstance(split, (int, np.integer)) or not 0 <= split < NUM_SPLITS:
        raise EnvError(f"a split id is an int 0..{NUM_SPLITS - 1}, got {cut(split)}")
    t, m, b = _split_table()[0][int(split)]
    return int(t), int(m), int(b)


def _ids(middle: np.ndarray, bottom: np.ndarray) -> np.ndarray:
    _, keys, order = _split_table()
    want = (bottom.astype(np.int64) << 13) | middle.astype(np.int64)
    pos = np.searchsorted(keys, want)
    return order[pos]


def _hand(cards: Any) -> tuple[int, ...]:
    hand = tuple(sorted((int(c) for c in cards), reverse=True))
    if len(hand) != 13 or len(set(hand)) != 13 or not all(0 <= c < 52 for c in hand):
        raise EnvError(f"a Binh hand is 13 distinct card codes 0..51, got {cut(cards)}")
    return hand


def split_arrangement(cards: Any, split: int) -> Arrangement:
    """The :class:`~pokercore.binh.Arrangement` of split id ``split`` of 13 cards (sorted highest code first).

    >>> from pokercore import parse_cards
    >>> hand = parse_cards("As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c")
    >>> split_arrangement(hand, 0).format()
    '5s 3h 2c / Qs Jh 9c 8c 7d / As Ah Ad Kd Kc'
    """
    return Arrangement.from_masks(list(_hand(cards)), *split_masks(split))


def split_of(cards: Any, arrangement: Arrangement) -> int:
    """The split id of an arrangement of 13 cards (inverse of :func:`split_arrangement`).

    >>> from pokercore import parse_cards
    >>> hand = parse_cards("As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c")
    >>> split_of(hand, split_arrangement(hand, 4242))
    4242
    """
    hand = _hand(cards)
    where = {c: i for i, c in enumerate(hand)}
    try:
        middle = sum(1 << where[c] for c in arrangement.middle)
        bottom = sum(1 << where[c] for c in arrangement.bottom)
        if sorted(arrangement.cards) != sorted(hand):
            raise KeyError
    except KeyError:
        raise EnvError(f"the arrangement {arrangement.format()} does not hold exactly the 13 cards "
                       f"{format_cards(hand)}") from None
    return int(_ids(np.array([middle]), np.array([bottom]))[0])


def legal_splits(cards: Any, allow_fouls: bool = False) -> np.ndarray:
    """The split ids that are not fouls (all of them with ``allow_fouls``), ascending.

    >>> from pokercore import parse_cards
    >>> hand = parse_cards("As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c")
    >>> len(legal_splits(hand)), len(legal_splits(hand, allow_fouls=True))
    (20195, 72072)
    """
    if allow_fouls:
        return np.arange(NUM_SPLITS)
    legal = legal_arrangements(list(_hand(cards)))
    return np.sort(_ids(legal["middle"], legal["bottom"]))


class BinhLayout:
    """Where each part of a Binh observation vector lives (``n`` seats).

    ==============  ======  ==========================================================
    field           size    content
    ==============  ======  ==========================================================
    cards           13      own card codes, highest first (the positions of a split)
    onehot          52      own cards as a 0/1 vector indexed by card code
    seat            n       one-hot: the observing seat
    acted           n       1 for each seat that has played (the public history)
    special         10      one-hot: the special kind this seat must declare
                            (index 0: none, it arranges; else SpecialKind.code)
    rules           5       foul_points, type_a_points, type_b_points,
                            declare_specials (0/1), scoop_bonus
    over            1       1 once the deal is scored
    ==============  ======  ==========================================================
    """

    def __init__(self, players: int, rules: BinhRules) -> None:
        self.players = n = players
        numbers = [float(rules.foul_points), float(rules.type_a_points), float(rules.type_b_points),
                   float(rules.declare_specials), float(rules.scoop_bonus)]
        self.rules = np.array(numbers, dtype=np.float32)
        parts = [("cards", 13, 0.0, 51.0), ("onehot", 52, 0.0, 1.0), ("seat", n, 0.0, 1.0), ("acted", n, 0.0, 1.0),
                 ("special", 10, 0.0, 1.0), ("rules", 5, 0.0, 1.0), ("over", 1, 0.0, 1.0)]
        self.fields: dict[str, slice] = {}
        start = 0
        for name, size, _lo, _hi in parts:
            self.fields[name] = slice(start, start + size)
            start += size
        self.size = start
        self.low = np.concatenate([np.full(size, lo, dtype=np.float32) for _, size, lo, _ in parts])
        self.high = np.concatenate([np.full(size, hi, dtype=np.float32) for _, size, _, hi in parts])
        self.high[self.fields["rules"]] = np.maximum(self.rules, 1.0)
        self.low.flags.writeable = self.high.flags.writeable = False

    def __getitem__(self, name: str) -> slice:
        return self.fields[name]


def binh_layout(players: int, rules: BinhRules = DEFAULT_RULES) -> BinhLayout:
    """The :class:`BinhLayout` of ``players`` seats under ``rules``.

    >>> lay = binh_layout(4)
    >>> lay.size, lay["special"]
    (89, slice(73, 83, None))
    """
    return BinhLayout(players, rules)


def _describe(action: int) -> str:
    return f"{action} (declare special)" if action == SPECIAL else f"{action} (split {action})"


class BinhDriver(Driver):
    """Binh for the environments: the deal, each seat's choice, then :func:`~pokercore.binh.run_deal` scores."""

    name = "binh"
    num_actions = NUM_ACTIONS

    def __init__(self, players: int, rules: BinhRules, allow_fouls: bool) -> None:
        self.num_players = players
        self.rules = rules
        self.allow_fouls = allow_fouls
        self.layout = binh_layout(players, rules)
        self.obs_low, self.obs_high = self.layout.low, self.layout.high
        self._hands: list[tuple[int, ...]] = []
        self._special: list[SpecialHand | None] = []
        self._played: list[Arrangement | SpecialHand | None] = []
        self._legal: list[np.ndarray | None] = []
        self._nets: tuple[int, ...] | None = None
        self._pairs: dict[tuple[int, int], int] = {}

    def new_hand(self, rng: np.random.Generator, options: Mapping[str, Any]) -> None:
        unknown = sorted(str(k) for k in options if k != "hands")
        if unknown:
            warnings.warn(f"binh reset options {', '.join(unknown)} are not used (known: hands)", stacklevel=3)
        n = self.num_players
        if options.get("hands") is not None:
            hands = [_hand(h) for h in options["hands"]]
            if len(hands) != n or len({c for h in hands for c in h}) != 13 * n:
                raise EnvError(f"options['hands'] must be {n} disjoint hands of 13 cards")
        else:
            hands = [tuple(h) for h in deal_hands(n, rng)]
        self._hands = hands
        self._special = [declared_special(h, self.rules) for h in hands]
        self._played = [None] * n
        self._legal = [None] * n
        self._nets = None
        self._pairs = {}

    def _need(self) -> None:
        if not self._hands:
            raise EnvError("no deal yet: call reset()")

    @property
    def actor(self) -> int | None:
        self._need()
        return next((i for i, p in enumerate(self._played) if p is None), None)

    def _legal_mask(self, seat: int) -> npt.NDArray[np.int8]:
        mask = self._legal[seat]
        if mask is None:
            mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
            if self._special[seat] is not None:
                mask[SPECIAL] = 1
            else:
                mask[legal_splits(self._hands[seat], self.allow_fouls)] = 1
            mask.flags.writeable = False
            self._legal[seat] = mask
        return mask

    def encode(self, seat: int) -> np.ndarray:
        self._need()
        lay = self.layout
        v = np.zeros(lay.size, dtype=np.float32)
        hand = self._hands[seat]
        v[lay["cards"]] = hand
        v[lay["onehot"].start + np.asarray(hand)] = 1.0
        v[lay["seat"].start + seat] = 1.0
        v[lay["acted"]] = [p is not None for p in self._played]
        sp = self._special[seat]
        v[lay["special"].start + (0 if sp is None else sp.best.code)] = 1.0  # type: ignore[union-attr]
        v[lay["rules"]] = lay.rules
        v[lay["over"]] = self._nets is not None
        return v

    def mask(self, seat: int) -> np.ndarray:
        if self.actor != seat:
            return np.zeros(NUM_ACTIONS, dtype=np.int8)
        legal: npt.NDArray[np.int8] = self._legal_mask(seat).copy()
        return legal

    def apply(self, seat: int, action: int) -> None:
        actor = self.actor
        if actor != seat:
            raise self.refuse(seat, action, "the deal is over" if actor is None else f"it is player_{actor}'s turn")
        special = self._special[seat]
        if action == SPECIAL:
            if special is None:
                why = "this hand is not special" if self.rules.declare_specials else "the rules declare no specials"
                raise self.refuse(seat, action, why)
            self._play(seat, special)
            return
        if special is not None:
            raise self.refuse(seat, action, f"the hand is a special ({special.best.label}) and is declared: "  # type: ignore[union-attr]
                                            f"play {SPECIAL}")
        if not self._legal_mask(seat)[action]:
            a = split_arrangement(self._hands[seat], action)
            where = "the top is stronger than the middle" if a.top_rank > a.middle_rank else \
                "the middle is stronger than the bottom"
            raise self.refuse(seat, action, f"split {action} is a foul ({where}); allow_fouls=True permits fouls")
        self._play(seat, split_arrangement(self._hands[seat], action))

    def _play(self, seat: int, played: Arrangement | SpecialHand) -> None:
        self._played[seat] = played
        if all(p is not None for p in self._played):
            fixed = [_Fixed(p) for p in self._played if p is not None]
            record = run_deal(fixed, rules=self.rules, hands=self._hands)
            self._nets = tuple(int(x) for x in record.nets)
            self._pairs = {pair: int(o.score) for pair, o in record.outcomes.items()}

    def returns(self) -> tuple[float, ...]:
        if self._nets is None:
            raise EnvError("the deal is not over yet")
        return tuple(float(x) for x in self._nets)

    def info(self, seat: int) -> dict[str, Any]:
        self._need()
        if self._nets is None:
            return {}
        return {
            "results": [float(x) for x in self._nets],
            "pairs": {f"player_{i} vs player_{j}": v for (i, j), v in sorted(self._pairs.items())},
            "shown": {f"player_{i}": _shown(p) for i, p in enumerate(self._played) if p is not None},
        }

    def play_native(self, seat: int, agent: Agent) -> None:
        if self.actor != seat:
            raise EnvError(f"it is not seat {seat}'s turn")
        special = self._special[seat]
        if special is not None:  # declared for it, as the engine does: the agent is not asked
            self._play(seat, special)
            return
        hand = self._hands[seat]
        answer = agent(Observation(hand, seat, self.num_players, self.rules))
        if isinstance(answer, str):
            try:
                answer = Arrangement.from_string(answer)
            except ValueError as exc:
                raise EnvError(f"the agent of seat {seat} returned an unreadable arrangement: {exc}") from None
        if not isinstance(answer, Arrangement) or sorted(answer.cards) != sorted(hand):
            raise EnvError(f"the agent of seat {seat} must return an Arrangement of its own 13 cards, "
                           f"got {cut(answer)}")
        self._play(seat, answer)

    def make_agent(self, name: str, rng: np.random.Generator) -> Agent:
        return make_agent(name, rng, self.rules)

    @property
    def agent_names(self) -> tuple[str, ...]:
        return tuple(AGENT_LEVELS)

    def max_loss(self, seat: int) -> float:
        r = self.rules
        return float((self.num_players - 1) * max(r.foul_points, r.type_a_points, 3 + r.scoop_bonus))

    def describe(self, action: int) -> str:
        return _describe(action)

    def render(self) -> str:
        self._need()
        lines = [f"binh  {self.num_players} players" + ("  (scored)" if self._nets is not None else "")]
        for i, hand in enumerate(self._hands):
            mark = "*" if self.actor == i else " "
            played = self._played[i]
            what = "-" if played is None else _shown(played)
            net = "" if self._nets is None else f"  {self._nets[i]:+d}"
            lines.append(f"{mark} player_{i}  {format_cards(hand)}  ->  {what}{net}")
        return "\n".join(lines)


class _Fixed:
    """An agent that plays an arrangement chosen beforehand (feeds :func:`run_deal`)."""

    def __init__(self, played: Arrangement | SpecialHand) -> None:
        self.played = played

    def __call__(self, obs: Any) -> Arrangement | SpecialHand:
        return self.played


def _shown(played: Arrangement | SpecialHand) -> str:
    if isinstance(played, SpecialHand):
        return f"special: {played.best.label} (type {played.type})"  # type: ignore[union-attr]
    return played.format() + ("  FOUL" if played.is_foul else "")


def _check(players: object, rules: object, allow_fouls: object) -> tuple[int, BinhRules, bool]:
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise EnvError(f"Binh seats 2 to 4 players, got {cut(players)}")
    rules = DEFAULT_RULES if rules is None else rules
    if not isinstance(rules, BinhRules):
        raise EnvError(f"rules must be a pokercore.binh.BinhRules, got {type(rules).__name__}")
    if not isinstance(allow_fouls, bool):
        raise EnvError(f"allow_fouls must be True or False, got {cut(allow_fouls)}")
    return players, rules, allow_fouls


class BinhEnv(CardGameAEC):
    """PettingZoo AEC environment of Binh poker, 2-4 players (one deal per episode).

    Parameters
    ----------
    players : int, default 4
    rules : BinhRules, optional
        Point values and whether specials are declared (default: the standard rules).
    allow_fouls : bool, default False
        Also allow fouled splits (the engine scores them as fouls).
    render_mode : {None, "ansi", "human"}
    illegal_action : {"raise", "penalty"}
        As for :class:`~pokercore.envs.DrawEnv`.
    illegal_penalty : float, optional
        Default: the most a seat can lose in one deal.
    seed : int, optional
        Seed of the first ``reset()`` that has none.

    Examples
    --------
    >>> env = BinhEnv(players=3)
    >>> env.reset(seed=2)
    >>> for agent in env.agent_iter():
    ...     obs, reward, terminated, truncated, info = env.last()
    ...     env.step(None if terminated else int(np.flatnonzero(obs["action_mask"])[0]))
    >>> sum(info["results"])
    0.0
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"], "render_fps": 1, "name": "pokercore_binh_v0", "is_parallelizable": False,
    }

    def __init__(self, players: int = 4, *, rules: BinhRules | None = None, allow_fouls: bool = False,
                 render_mode: str | None = None, illegal_action: str = "raise", illegal_penalty: float | None = None,
                 seed: int | None = None) -> None:
        super().__init__(BinhDriver(*_check(players, rules, allow_fouls)), render_mode=render_mode,
                         illegal_action=illegal_action, illegal_penalty=illegal_penalty, seed=seed)


class BinhGymEnv(CardGameGym):
    """Gymnasium environment of Binh: ``seat`` learns, the other seats are pokercore Binh agents.

    Parameters
    ----------
    players : int, default 4
    rules : BinhRules, optional
    allow_fouls : bool, default False
    seat : int, default 0
    opponents : str, callable or sequence, default "normal"
        A level (``"easy"``, ``"normal"``, ``"hard"``, ``"strongest"``) or
        a callable ``Observation -> Arrangement``, for every other seat or
        one per other seat in seat order.
    render_mode : {None, "ansi", "human"}
    illegal_action : {"penalty", "raise"}
        As for :class:`~pokercore.envs.DrawGymEnv`.
    illegal_penalty : float, optional
    seed : int, optional

    Examples
    --------
    >>> env = BinhGymEnv(players=2, opponents="strongest")
    >>> obs, info = env.reset(seed=1)
    >>> obs, reward, done, truncated, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    >>> done, reward == info["results"][0]
    (True, True)
    """

    def __init__(self, players: int = 4, *, rules: BinhRules | None = None, allow_fouls: bool = False,
                 seat: int = 0, opponents: str | Agent | Sequence[str | Agent] = "normal",
                 render_mode: str | None = None, illegal_action: str = "penalty",
                 illegal_penalty: float | None = None, seed: int | None = None) -> None:
        super().__init__(BinhDriver(*_check(players, rules, allow_fouls)), seat=seat, opponents=opponents,
                         render_mode=render_mode, illegal_action=illegal_action, illegal_penalty=illegal_penalty,
                         seed=seed)

