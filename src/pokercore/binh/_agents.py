"""Built-in Binh agents: callables from an :class:`~pokercore.binh._game.Observation` to an arrangement.

========== ====================================================================
level      how it arranges
========== ====================================================================
strongest  the lexicographically strongest legal split (bottom, middle, top)
easy       rules of thumb (attack: full house / any / max; defend: flush or
           less / max / avg; weak: any / max / avg or any / avg / max at
           random), each one exhaustive search objective
normal     exhaustive search over the self-play value tables as a player
           with habits judges them: coarse steps, bottom overrated
hard       the table-optimal candidates plus the best ones against a
           sampled field, scored exactly by Monte Carlo: opponents dealt
           from the 39 unseen cards and arranged by the table policy
========== ====================================================================

Each level is a clear step: about a quarter point per deal per opponent
between easy and normal and between normal and hard
(``docs/binh_strength.md``).  :class:`TableAgent` (not a level) is the
table-optimal policy; :class:`BestResponseAgent` (not a level) is the
exploitability probe: the exhaustive best response to the table policy,
estimated from many opponent samples per decision.

Every decision depends on the agent's seed alone, never on the clock or
the machine's load.

None of them ever fouls.  Agents see only their observation.  Everything
goes through the public search face :mod:`pokercore.binh._search`.

>>> import numpy as np
>>> from pokercore.binh import Observation
>>> from pokercore import parse_cards
>>> obs = Observation(tuple(parse_cards("As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c")), 0, 4)
>>> a = make_agent("normal", np.random.default_rng(0))(obs)
>>> a.is_foul, sorted(a.cards) == sorted(obs.cards)
(False, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .. import evaluate5
from ..cards import CardsLike
from ..errors import PokercoreValueError, UnknownAgentError, cut
from ._arrangement import Arrangement
from ._input import codes
from ._rules import DEFAULT_RULES, BinhRules
from ._search import TABLE_LEN, BranchTables, best_arrangement, best_arrangement_batch, legal_arrangements
from ._special_hands import SpecialKind, classify_special_batch
from ._tables import SelfPlayTables, default_tables

if TYPE_CHECKING:
    from ._game import Observation

__all__ = [
    "AGENT_LEVELS",
    "BestResponseAgent",
    "EasyAgent",
    "HardAgent",
    "HardEvaluation",
    "NormalAgent",
    "OpponentSample",
    "StrongestAgent",
    "TableAgent",
    "make_agent",
    "sample_opponents",
    "suggest_arrangement",
]

AGENT_LEVELS = ("easy", "normal", "hard", "strongest")

# Lowest Binh ranks of the 5-card categories the easy agent reasons with.
_FULL_HOUSE_MIN = evaluate5([0, 1, 2, 4, 5], "binh")      # 2-2-2-3-3

_RANK_FIELDS = ["top_rank", "middle_rank", "bottom_rank"]

# Batch special-kind code (0: normal) -> is the kind type A?
_CODE_IS_TYPE_A = np.array([False] + [k.type == "A" for k in SpecialKind])


def _cards(obs: Observation) -> NDArray[np.uint8]:
    return np.asarray(obs.cards, dtype=np.uint8)


def _ranks(legal: NDArray[Any]) -> NDArray[np.int32]:
    """(n, 3) int array of (top, middle, bottom) ranks of :func:`legal_arrangements` rows."""
    return np.stack([legal[f] for f in _RANK_FIELDS], axis=1)


def _from_row(cards: Sequence[int] | NDArray[np.uint8], row: np.void) -> Arrangement:
    return Arrangement.from_masks(list(cards), int(row["top"]), int(row["middle"]), int(row["bottom"]))


def suggest_arrangement(cards: CardsLike, tables: SelfPlayTables | None = None) -> tuple[Arrangement, float]:
    """Best legal arrangement under the table objective and its expected points per opponent.

    ``tables=None`` uses the shipped tables.

    >>> a, v = suggest_arrangement([51, 47, 43, 39, 35, 30, 26, 22, 18, 13, 9, 5, 1])
    >>> a.is_foul, -3 <= v <= 3
    (False, True)
    """
    bt = (default_tables() if tables is None else tables).branch_tables()
    a = best_arrangement(codes(cards, 13, "suggest_arrangement"), bt)
    return a, bt.value(a)


class StrongestAgent:
    """The lexicographically strongest legal arrangement (a baseline)."""

    def __init__(self, rng: np.random.Generator | None = None, rules: BinhRules | None = None) -> None:
        pass

    def __call__(self, obs: Observation) -> Arrangement:
        return best_arrangement(obs.cards)


class TableAgent:
    """Exhaustive search maximising the expected points per opponent under the self-play tables.

    The table-optimal policy: what :func:`suggest_arrangement` plays, the
    field that :class:`HardAgent` samples and refines, and the policy the
    exploitability probe (:class:`BestResponseAgent`) attacks.
    """

    def __init__(self, rng: np.random.Generator | None = None, rules: BinhRules | None = None,
                 tables: SelfPlayTables | None = None) -> None:
        self.tables = default_tables() if tables is None else tables

    def __call__(self, obs: Observation) -> Arrangement:
        return best_arrangement(obs.cards, self.tables.branch_tables())


class NormalAgent:
    """The table search under a coarse, biased judgment of the values: a good player with habits.

    It plays the exhaustive best arrangement under the self-play value
    tables as such a player would judge them: each branch's value scaled
    by ``weights`` (top, middle, bottom: 0.7, 1.0, 1.3 by default, so it
    overrates its bottom and underrates its top) and rounded down to steps
    of ``step`` points (0.5).  Among arrangements it judges equal, the
    search's tie-break prefers the strongest bottom, then middle.  It never
    fouls.  Its judgment costs it about a fifth of a point per deal per
    opponent against the table-optimal field, against about twice that for
    the easy rules (``docs/binh_strength.md``); ``weights=(1, 1, 1)`` and
    ``step=0`` play like :class:`TableAgent`.  One search per decision, no
    randomness.
    """

    def __init__(self, rng: np.random.Generator | None = None, rules: BinhRules | None = None,
                 tables: SelfPlayTables | None = None, weights: tuple[float, float, float] = (0.7, 1.0, 1.3),
                 step: float = 0.5) -> None:
        self.tables = default_tables() if tables is None else tables
        w = tuple(float(x) for x in weights)
        if len(w) != 3 or not all(np.isfinite(x) and x > 0 for x in w) or not (np.isfinite(step) and step >= 0):
            raise PokercoreValueError(
                f"NormalAgent: weights must be 3 positive numbers and step a number >= 0, got {weights!r}, {step!r}")
        self.weights, self.step = w, float(step)
        self.objective = _judged(self.tables, w, self.step)

    def __getstate__(self) -> dict[str, Any]:
        # The objective is derived (and cached per process): sent to another process, it is rebuilt there.
        return {k: v for k, v in vars(self).items() if k != "objective"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        vars(self).update(state)
        self.objective = _judged(self.tables, self.weights, self.step)

    def __call__(self, obs: Observation) -> Arrangement:
        return best_arrangement(obs.cards, self.objective)


@lru_cache(maxsize=8)
def _judged(tables: SelfPlayTables, weights: tuple[float, float, float], step: float) -> BranchTables:
    """The value tables scaled per branch by ``weights`` and rounded down to multiples of ``step``."""
    v = tables.value * np.asarray(weights)[:, None]
    if step > 0:
        v = np.floor(v / step) * step
    return BranchTables(*v)


def _made_hands(cards: Sequence[int]) -> tuple[bool, bool]:
    """Whether 5 of ``cards`` make (a full house or better, a straight, flush or better).

    Straights on the Binh order: A-2-3-4-5 counts.

    >>> from pokercore import parse_cards
    >>> _made_hands(parse_cards("As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c"))
    (True, True)
    >>> _made_hands(parse_cards("Ac 2d 3h 4s 5c 9d 9h Js Qc Kd 7h 7s 8c"))
    (False, True)
    """
    counts = [0] * 13
    suits = [0, 0, 0, 0]            # per suit, a bit mask of its ranks
    for c in cards:
        counts[c >> 2] += 1
        suits[c & 3] |= 1 << (c >> 2)
    top = sorted(counts, reverse=True)
    full = top[0] >= 4 or (top[0] >= 3 and top[1] >= 2)
    flushes = [m for m in suits if bin(m).count("1") >= 5]
    full = full or any(_has_straight(m) for m in flushes)
    return full, full or bool(flushes) or _has_straight(suits[0] | suits[1] | suits[2] | suits[3])


def _has_straight(m: int) -> bool:
    """Whether the rank bit mask ``m`` holds five ranks in a row (A-2-3-4-5 included)."""
    return bool(m & (m >> 1) & (m >> 2) & (m >> 3) & (m >> 4)) or m & _WHEEL == _WHEEL


_WHEEL = 0b1_0000_0000_1111     # A, 5, 4, 3, 2


@lru_cache(maxsize=4)
def _easy_objectives(tables: SelfPlayTables) -> tuple[BranchTables, BranchTables, BranchTables]:
    """The easy rules as search objectives: (attack, middle max / top average, top max / middle average).

    An "average" branch is the one closest to the field's median rank for
    that branch (from the tables).  Weights are powers of ``TABLE_LEN``, so
    each objective is lexicographic and exact in floating point.
    """
    r = np.arange(TABLE_LEN, dtype=np.float64)
    big = float(TABLE_LEN)
    median = [int(np.searchsorted(np.cumsum(tables.pmf[b]), 0.5)) for b in range(3)]
    zero = np.zeros(TABLE_LEN)
    attack = BranchTables(r * big, r, np.where(r >= _FULL_HOUSE_MIN, 4 * big * big, 0.0))
    middle_max = BranchTables(-np.abs(r - median[0]), r * big, zero)
    top_max = BranchTables(r * big, -np.abs(r - median[1]), zero)
    return attack, middle_max, top_max


class EasyAgent:
    """Rules of thumb, with a coin for the weak hands.

    * a full house or better available for the bottom: attack, full house /
      any / max (bottom at least a full house, then the strongest top,
      then the strongest middle);
    * a straight or flush available: defend, flush or less / max / avg
      (the strongest middle, then a top as close as possible to the
      field's median top);
    * weaker: avoid a complete defeat, any / max / avg or any / avg / max
      (the strongest middle or the strongest top, the other branch
      average) at random.

    Each rule is a search objective (:func:`_easy_objectives`), so a
    decision is one exhaustive search, as fast as the table levels.
    """

    def __init__(self, rng: np.random.Generator | None = None, rules: BinhRules | None = None,
                 tables: SelfPlayTables | None = None) -> None:
        self.rng = np.random.default_rng() if rng is None else rng
        self.tables = default_tables() if tables is None else tables

    def __call__(self, obs: Observation) -> Arrangement:
        attack, middle_max, top_max = _easy_objectives(self.tables)
        full, straight = _made_hands(obs.cards)
        if full:
            objective = attack
        elif straight or self.rng.random() < 0.5:
            objective = middle_max
        else:
            objective = top_max
        return best_arrangement(obs.cards, objective)


# ---------------------------------------------------------------- Monte Carlo against the table-policy field


class OpponentSample(NamedTuple):
    """Opponent hands dealt from the unseen cards and arranged by the table policy.

    ``ranks`` (m, 3): (top, middle, bottom) ranks of the ``m`` normal (not special)
    (arranged) opponents; ``special_points`` (n - m,): what each declared
    special opponent wins from us; ``n``: all sampled opponents.
    """

    ranks: NDArray[np.int32]
    special_points: NDArray[np.float64]
    n: int

    def branch_values(self) -> NDArray[np.float64]:
        """(3, TABLE_LEN) array (index = Binh rank): ``v[b, r]`` = mean over all ``n`` opponents of the branch point
        (+1 win, -1 loss, 0 tie or special opponent) of a rank-``r`` branch ``b``.

        Without a scoop bonus, ``v[0, rt] + v[1, rm] + v[2, rb] - special_points.sum() / n``
        is exactly the Monte Carlo mean pair score of an arrangement over the sample.
        """
        out = np.empty((3, TABLE_LEN))
        m = len(self.ranks)
        for b in range(3):
            cnt = np.bincount(self.ranks[:, b], minlength=TABLE_LEN)[:TABLE_LEN]
            cum = np.cumsum(cnt)
            out[b] = ((cum - cnt) - (m - cum)) / self.n
        return out

    def pair_scores(self, ranks: ArrayLike, rules: BinhRules = DEFAULT_RULES) -> NDArray[np.float64]:
        """Exact mean pair score over the sample of each (k, 3) row of our (non-fouled) ranks.

        Branch points, scoop bonus and the specials' points, as the engine
        scores them (our hand is normal: the engine never asks a special hand).
        """
        r = np.asarray(ranks)
        diff = np.sign(r[:, None, :] - self.ranks[None, :, :]).sum(axis=2)
        if rules.scoop_bonus:
            diff = diff + rules.scoop_bonus * np.sign(diff) * (np.abs(diff) == 3)
        out: NDArray[np.float64] = (diff.sum(axis=1) - self.special_points.sum()) / self.n
        return out


def sample_opponents(cards: CardsLike, n: int, rng: np.random.Generator, tables: SelfPlayTables | None = None,
                     rules: BinhRules = DEFAULT_RULES, deadline: float | None = None) -> OpponentSample:
    """Deal ``n`` opponent hands from the 39 cards not in ``cards`` and arrange them by the table policy.

    Hands come three to a shuffle of the 39 unseen cards (each one a
    uniform 13-card hand of them: card removal is exact).  Special hands
    are declared when ``rules.declare_specials``.  The random numbers drawn
    depend on ``n`` only; ``deadline`` (a ``time.perf_counter()`` value)
    stops arranging early, between chunks of 256 hands, and the sample is
    then smaller.

    >>> s = sample_opponents(list(range(13)), 30, np.random.default_rng(0))
    >>> s.n == len(s.ranks) + len(s.special_points), s.n <= 30
    (True, True)
    """
    bt = (default_tables() if tables is None else tables).branch_tables()
    unseen = np.setdiff1d(np.arange(52, dtype=np.uint8), np.asarray(list(cards), dtype=np.uint8))
    shuffles = -(-n // 3)
    order = np.argsort(rng.random((shuffles, 39)), axis=1)
    hands = unseen[order].reshape(3 * shuffles, 13)[:n]
    ranks, specials, done = [], [], 0
    for lo in range(0, n, 256):
        chunk = hands[lo:lo + 256]
        if rules.declare_specials:
            code = classify_special_batch(chunk)
            special = code > 0
            if special.any():
                specials += np.where(_CODE_IS_TYPE_A[code[special]], rules.special_points("A"),
                                     rules.special_points("B")).tolist()
                chunk = chunk[~special]
        if len(chunk):
            ranks.append(best_arrangement_batch(np.ascontiguousarray(chunk), bt).ranks)
        done = min(n, lo + 256)
        if deadline is not None and time.perf_counter() > deadline:
            break
    r = np.concatenate(ranks) if ranks else np.empty((0, 3), dtype=np.int32)
    return OpponentSample(r, np.asarray(specials, dtype=np.float64), done)


class HardEvaluation(NamedTuple):
    """What :meth:`HardAgent.evaluate` found.

    ``legal``: the candidate rows (:data:`~pokercore.binh._search.LEGAL_DTYPE`);
    ``table``: their table values (the table objective); ``mc``: their exact
    Monte Carlo mean pair scores over the sample; ``score``: what the agent
    maximises (``mc`` shrunk towards ``table``); ``samples``: opponents used.
    """

    legal: NDArray[Any]
    table: NDArray[np.float64]
    mc: NDArray[np.float64]
    score: NDArray[np.float64]
    samples: int

    def best(self) -> int:
        """Index of the chosen candidate (first maximum; candidates come in table order)."""
        return int(np.argmax(self.score))


class HardAgent:
    """The table policy's top candidates and the best ones against the sampled field, re-ranked by Monte Carlo.

    Per decision: ``samples`` opponent hands are dealt from the 39 unseen
    cards and arranged by the table policy (:func:`sample_opponents`, one
    batch search).  The candidates are the ``candidates`` best
    arrangements by table value plus the ``candidates`` best by their mean
    score over the sample (found among all legal arrangements).  Each
    candidate is scored exactly against every sampled opponent (branches,
    scoop bonus, specials; common random numbers: one sample for all) and
    the agent plays the best of ``(n * mc + shrink * table) / (n + shrink)``:
    ``shrink`` pseudo-samples of the table value temper the winner's curse
    of picking the maximum of many noisy estimates.

    Every decision depends on the seed alone: its work is a fixed budget
    of ``samples`` opponents (300 by default, sized to decide within 50 ms
    on a busy shared core; see ``docs/binh_strength.md``), whatever the
    machine load.  ``time_budget`` (seconds, default ``None``: off) is an
    explicit opt-in wall-clock cap for interactive play only: once 80% of
    it is spent arranging the sample the agent stops (between chunks of
    256 hands) and decides on the opponents arranged so far, so with a cap
    the result may depend on machine speed (``capped`` counts those
    decisions).  Never set it where results are reported.
    """

    def __init__(self, rng: np.random.Generator | None = None, rules: BinhRules | None = None,
                 tables: SelfPlayTables | None = None, candidates: int = 16, samples: int = 300,
                 shrink: float = 100.0, time_budget: float | None = None) -> None:
        self.rng = np.random.default_rng() if rng is None else rng
        self.rules = DEFAULT_RULES if rules is None else rules
        self.tables = default_tables() if tables is None else tables
        self.candidates = candidates
        self.samples = samples
        self.shrink = shrink
        self.time_budget = time_budget
        #: decisions so far, and how many of them the time cap cut short
        self.decisions = self.capped = 0

    def evaluate(self, obs: Observation) -> HardEvaluation:
        """Candidates, their table and Monte Carlo values for one observation."""
        start = time.perf_counter()
        rules = getattr(obs, "rules", self.rules)
        cards = _cards(obs)
        legal = legal_arrangements(cards)
        ranks = _ranks(legal)
        table = self.tables.expected(ranks)
        deadline = None if self.time_budget is None else start + 0.8 * self.time_budget
        sample = sample_opponents(cards, self.samples, self.rng, self.tables, rules, deadline=deadline)
        v = sample.branch_values()
        emp = v[0][ranks[:, 0]] + v[1][ranks[:, 1]] + v[2][ranks[:, 2]]
        k = min(self.candidates, len(legal))
        by_table = np.argpartition(-table, k - 1)[:k]
        by_table = by_table[np.argsort(-table[by_table], kind="stable")]
        by_mc = np.argpartition(-emp, k - 1)[:k]
        extra = by_mc[~np.isin(by_mc, by_table)]
        extra = extra[np.argsort(-table[extra], kind="stable")]
        idx = np.concatenate([by_table, extra])
        mc = sample.pair_scores(ranks[idx], rules)
        n = sample.n
        self.decisions += 1
        self.capped += n < self.samples
        score = (n * mc + self.shrink * table[idx]) / (n + self.shrink)
        return HardEvaluation(legal[idx], table[idx], mc, score, n)

    def __call__(self, obs: Observation) -> Arrangement:
        ev = self.evaluate(obs)
        return _from_row(obs.cards, ev.legal[ev.best()])


class BestResponseAgent:
    """Exhaustive best response to the table policy, estimated per decision (the exploitability probe).

    Deals ``samples`` opponents from the unseen cards, arranges them by the
    table policy and plays the legal arrangement with the highest mean
    pair score over that sample, searched over all its legal arrangements
    (the sample's per-branch points as a :class:`BranchTables` objective:
    exact for ``scoop_bonus == 0``; with a scoop bonus the 64 best rows of
    that objective are re-scored exactly).  No time limit.
    """

    def __init__(self, rng: np.random.Generator | None = None, rules: BinhRules | None = None,
                 tables: SelfPlayTables | None = None, samples: int = 2000) -> None:
        self.rng = np.random.default_rng() if rng is None else rng
        self.rules = DEFAULT_RULES if rules is None else rules
        self.tables = default_tables() if tables is None else tables
        self.samples = samples

    def __call__(self, obs: Observation) -> Arrangement:
        rules = getattr(obs, "rules", self.rules)
        cards = _cards(obs)
        sample = sample_opponents(cards, self.samples, self.rng, self.tables, rules)
        objective = BranchTables(*sample.branch_values())
        if not rules.scoop_bonus:
            return best_arrangement(cards, objective)
        legal = legal_arrangements(cards)
        ranks = _ranks(legal)
        v = objective.top[ranks[:, 0]] + objective.middle[ranks[:, 1]] + objective.bottom[ranks[:, 2]]
        top = np.argsort(-v, kind="stable")[:64]
        return _from_row(cards, legal[top[int(np.argmax(sample.pair_scores(ranks[top], rules)))]])


#: A Binh agent: a callable from a seat's observation to the arrangement it plays.
BinhAgent = Callable[["Observation"], Arrangement]

_LEVELS: dict[str, Callable[[np.random.Generator, BinhRules | None], BinhAgent]] = {
    "easy": EasyAgent, "normal": NormalAgent, "hard": HardAgent, "strongest": StrongestAgent,
}


def make_agent(name: str, rng: np.random.Generator | None = None, rules: BinhRules | None = None) -> BinhAgent:
    """A built-in agent by level: ``"easy"``, ``"normal"``, ``"hard"`` or ``"strongest"``.

    The same signature as :func:`pokercore.draw.ai.make_agent`, plus the
    Binh ``rules`` (default: the standard ones).  ``rng`` is the agent's
    source of randomness (``None``: fresh entropy).  An unknown name raises
    :class:`pokercore.errors.UnknownAgentError` (a ``ValueError``).

    >>> make_agent("expert", np.random.default_rng(0))
    Traceback (most recent call last):
    ...
    pokercore.errors.UnknownAgentError: unknown Binh agent 'expert': use one of easy, normal, hard, strongest
    """
    cls = _LEVELS.get(name) if isinstance(name, str) else None
    if cls is None:
        raise UnknownAgentError(f"unknown Binh agent {cut(name)}: use one of {', '.join(AGENT_LEVELS)}")
    return cls(np.random.default_rng() if rng is None else rng, rules)
