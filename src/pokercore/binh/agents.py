"""Built-in Binh agents: callables from an :class:`~pokercore.binh.game.Observation` to an arrangement.

========== ====================================================================
level      how it arranges
========== ====================================================================
strongest  the lexicographically strongest legal split (bottom, middle, top)
easy       the brief's suggestions (attack: full house / any / max; defend:
           flush or less / max / avg; weak: any / max / avg or any / avg /
           max), with some randomness
normal     exhaustive search maximising the self-play table objective
           (expected points per opponent, :mod:`pokercore.binh.tables`)
hard       normal's best candidates re-ranked by Monte Carlo: opponents dealt
           from the 39 unseen cards and arranged by the normal policy
========== ====================================================================

None of them ever fouls.  Agents see only their observation.

>>> import numpy as np
>>> from pokercore.binh.game import Observation
>>> from pokercore import parse_cards
>>> obs = Observation(tuple(parse_cards("As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c")), 0, 4)
>>> a = make_agent("normal", np.random.default_rng(0))(obs)
>>> a.is_foul, sorted(a.cards) == sorted(obs.cards)
(False, True)
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from .. import _arrange, evaluate5
from .arrangement import Arrangement
from .rules import DEFAULT_RULES, BinhRules
from .tables import SelfPlayTables, default_tables

__all__ = ["make_agent", "StrongestAgent", "EasyAgent", "NormalAgent", "HardAgent",
           "AGENT_LEVELS", "suggest_arrangement"]

AGENT_LEVELS = ("easy", "normal", "hard", "strongest")

# Lowest Binh ranks of the 5-card categories the easy agent reasons with.
_FULL_HOUSE_MIN = evaluate5([0, 1, 2, 4, 5], "binh")      # 2-2-2-3-3
_STRAIGHT_MIN = evaluate5([0, 4, 8, 12, 17], "binh")      # 2-3-4-5-6 offsuit


def _cards(obs: Any) -> np.ndarray:
    return np.asarray(obs.cards, dtype=np.uint8)


def _from_masks(cards: np.ndarray, masks: Any) -> Arrangement:
    return Arrangement.from_masks(cards.tolist(), int(masks[0]), int(masks[1]), int(masks[2]))


def suggest_arrangement(cards: Any, tables: SelfPlayTables | None = None) -> tuple[Arrangement, float]:
    """Best legal arrangement under the table objective and its expected points per opponent.

    ``tables=None`` uses the shipped tables.

    >>> a, v = suggest_arrangement([51, 47, 43, 39, 35, 30, 26, 22, 18, 13, 9, 5, 1])
    >>> a.is_foul, -3 <= v <= 3
    (False, True)
    """
    t = default_tables() if tables is None else tables
    arr = np.asarray(list(cards), dtype=np.uint8)
    masks, _, value = _arrange.best_table(arr, *t.objective())
    return _from_masks(arr, masks), float(value)


class StrongestAgent:
    """The lexicographically strongest legal arrangement (a baseline)."""

    def __init__(self, rng: np.random.Generator | None = None, rules: BinhRules | None = None) -> None:
        pass

    def __call__(self, obs: Any) -> Arrangement:
        cards = _cards(obs)
        masks, _ = _arrange.best_lexicographic(cards)
        return _from_masks(cards, masks)


class NormalAgent:
    """Exhaustive search maximising the expected points per opponent under the tables."""

    def __init__(self, rng: np.random.Generator | None = None, rules: BinhRules | None = None,
                 tables: SelfPlayTables | None = None) -> None:
        self.tables = default_tables() if tables is None else tables

    def __call__(self, obs: Any) -> Arrangement:
        return suggest_arrangement(obs.cards, self.tables)[0]


class EasyAgent:
    """The brief's rules of thumb with some randomness (``noise``: chance of a near-best alternative).

    * a full house or better available for the bottom: attack, full house /
      any / max (bottom at least a full house, then the strongest top);
    * a straight or flush available: defend, flush or less / max / avg
      (strongest middle, then an average top);
    * weaker: avoid a complete defeat, any / max / avg or any / avg / max
      at random.
    """

    def __init__(self, rng: np.random.Generator | None = None, rules: BinhRules | None = None,
                 noise: float = 0.25) -> None:
        self.rng = np.random.default_rng() if rng is None else rng
        self.noise = noise

    def __call__(self, obs: Any) -> Arrangement:
        cards = _cards(obs)
        legal = _arrange.legal_arrangements(cards)
        rt, rm, rb = legal[:, 3], legal[:, 4], legal[:, 5]
        best_b = int(rb.max())
        if best_b >= _FULL_HOUSE_MIN:
            keep = rb >= _FULL_HOUSE_MIN
            order = np.lexsort((rm[keep], rt[keep]))[::-1]   # top max, then middle
            rows = legal[keep][order]
        else:
            if best_b >= _STRAIGHT_MIN or self.rng.random() < 0.5:
                first, second = rm, rt        # middle max, top average
            else:
                first, second = rt, rm        # top max, middle average
            best = first == first.max()
            sub = legal[best]
            sec = second[best]
            # an "average" second branch: the median of what remains possible
            target = np.sort(sec)[len(sec) // 2]
            order = np.lexsort((-rb[best], np.abs(sec - target)))
            rows = sub[order]
        k = 0
        if self.rng.random() < self.noise and len(rows) > 1:
            k = int(self.rng.integers(1, min(len(rows), 6)))
        return _from_masks(cards, rows[k, :3])


class HardAgent:
    """Normal's top ``candidates`` arrangements re-ranked by Monte Carlo.

    Each sample deals the opponents (``num_players - 1`` hands) from the 39
    unseen cards and arranges them with the normal policy; all candidates are
    scored on the same samples (common random numbers).  Up to ``samples``
    opponent hands are used per decision, stopping early when
    ``time_budget`` seconds are spent (the budget makes results depend on
    the machine only when it is hit; the defaults stay well inside it).
    Opponent special hands cost every candidate the same and are ignored.
    """

    def __init__(self, rng: np.random.Generator | None = None, rules: BinhRules | None = None,
                 tables: SelfPlayTables | None = None, candidates: int = 8, samples: int = 300,
                 time_budget: float = 0.05) -> None:
        self.rng = np.random.default_rng() if rng is None else rng
        self.rules = DEFAULT_RULES if rules is None else rules
        self.tables = default_tables() if tables is None else tables
        self.candidates = candidates
        self.samples = samples
        self.time_budget = time_budget

    def evaluate(self, obs: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(candidate rows, table values, Monte Carlo points per opponent)`` for one observation."""
        start = time.perf_counter()
        cards = _cards(obs)
        legal = _arrange.legal_arrangements(cards)
        values = self.tables.expected(legal[:, 3:6])
        k = min(self.candidates, len(legal))
        top = np.argpartition(-values, k - 1)[:k]
        top = top[np.argsort(-values[top], kind="stable")]
        cand, cand_v = legal[top], values[top]
        unseen = np.setdiff1d(np.arange(52, dtype=np.uint8), cards)
        opp = max(1, obs.num_players - 1)
        per = 13 * opp
        total = np.zeros(k)
        n = 0
        objective = self.tables.objective()
        batch = max(1, 60 // opp)
        while n < self.samples:
            m = min(batch, (self.samples - n + opp - 1) // opp)
            hands = np.stack([self.rng.permutation(unseen)[:per] for _ in range(m)]).reshape(m * opp, 13)
            _, oranks, _ = _arrange.best_batch(np.ascontiguousarray(hands), objective)
            diff = np.sign(cand[:, None, 3:6] - oranks[None, :, :]).sum(axis=2)
            if self.rules.scoop_bonus:
                diff = diff + self.rules.scoop_bonus * np.sign(diff) * (np.abs(diff) == 3)
            total += diff.sum(axis=1)
            n += m * opp
            if time.perf_counter() - start > self.time_budget:
                break
        return cand, cand_v, total / n

    def __call__(self, obs: Any) -> Arrangement:
        cand, _, mc = self.evaluate(obs)
        best = int(np.argmax(mc))   # first maximum: ties go to the better table value
        return _from_masks(_cards(obs), cand[best, :3])


_LEVELS = {"easy": EasyAgent, "normal": NormalAgent, "hard": HardAgent, "strongest": StrongestAgent}


def make_agent(name: str, rng: np.random.Generator, rules: BinhRules | None = None) -> Any:
    """A built-in agent by level: ``"easy"``, ``"normal"``, ``"hard"`` or ``"strongest"``.

    >>> make_agent("expert", np.random.default_rng(0))
    Traceback (most recent call last):
    ...
    ValueError: unknown Binh agent 'expert': use one of easy, normal, hard, strongest
    """
    try:
        cls = _LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown Binh agent {name!r}: use one of {', '.join(AGENT_LEVELS)}") from None
    return cls(rng, rules)
