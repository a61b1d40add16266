"""Exact runs planned by classes of deals alike up to suits, on random ranges, boards and dead cards.

Every case checks that enumerating one deal per class (on one thread, two threads, and a thread pool
executor) gives the floats of enumerating every deal bit for bit, that each deal's integer counts are its
class's, and that the classes are exactly the orbits of the deals under the renamings of suits that keep
the board and the dead cards (computed here independently, in numpy).  ``_unique_rows`` is checked against
``np.unique(axis=0)`` on its edges, and the planner's choices against each other.
"""

from __future__ import annotations

import itertools
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from pokercore.equity import _deals
from pokercore.equity import _exact_plan as _plan
from pokercore.equity._exact_plan import (
    SUIT_RENAMINGS,
    _unique_rows,
    arrays,
    exact_deals,
    exact_seconds,
    normalise,
    plural,
)
from pokercore.equity._holdem_equity import _choose, equity, prepare
from pokercore.equity._tasks import exact_run
from pokercore.errors import PokercoreValueError

PERMS = list(itertools.permutations(range(4)))
WEIGHTS = [1.0, 0.5, 0.75, 0.3, 1e-3, 1e-200]


@pytest.fixture(scope="module")
def pool():
    with ThreadPoolExecutor(2) as p:
        yield p


# -- random cases ---------------------------------------------------------------------------------


def _cards(rng: np.random.Generator, n: int, taken: set[int]) -> list[int]:
    """``n`` cards not in ``taken``, mostly sets that renamings of suits keep: whole ranks (every suit of a
    rank), one suit, two suits alike; else few suits, or any cards."""
    mode = int(rng.integers(5))
    out: list[int] = []

    def add(c: int) -> None:
        if len(out) < n and c not in taken and c not in out:
            out.append(c)

    if mode == 0:  # whole ranks, then one suit
        for r in rng.permutation(13):
            if len(out) + 4 <= n:
                for s in range(4):
                    add(int(4 * r + s))
        suit = int(rng.integers(4))
        for r in rng.permutation(13):
            add(int(4 * r + suit))
    elif mode == 1:  # one suit
        suit = int(rng.integers(4))
        for r in rng.permutation(13):
            add(int(4 * r + suit))
    elif mode == 2:  # two suits alike (a rank in both), then a third suit
        s1, s2, s3 = (int(x) for x in rng.choice(4, size=3, replace=False))
        for r in rng.permutation(13):
            if len(out) + 2 <= n:
                add(int(4 * r + s1))
                add(int(4 * r + s2))
        for r in rng.permutation(13):
            add(int(4 * r + s3))
    elif mode == 3:  # few suits
        suits = rng.choice(4, size=rng.integers(1, 5), replace=False)
        for _ in range(200):
            add(int(4 * rng.integers(13) + rng.choice(suits)))
    for c in rng.permutation(52):  # any cards (and whatever the modes could not place)
        add(int(c))
    return out


def _orbit_range(rng: np.random.Generator, taken: set[int], sigma: tuple[int, ...], bases: int) -> list:
    """The images of ``bases`` random combos under the powers of the renaming ``sigma`` (a symmetric range)."""
    combos: dict[tuple[int, int], float] = {}
    free = [c for c in range(52) if c not in taken]
    for _ in range(bases):
        a, b = (int(x) for x in rng.choice(free, size=2, replace=False))
        w = float(rng.choice(WEIGHTS))
        for _ in range(4):
            combos.setdefault((max(a, b), min(a, b)), w)
            a, b = (a & ~3) | sigma[a & 3], (b & ~3) | sigma[b & 3]
    return list(combos.items())


def _shape(rng: np.random.Generator) -> list[tuple[int, int]]:
    """The combos of a pair, a suited or an offsuit hand of random ranks (every suit: symmetric)."""
    kind = rng.integers(3)
    r1, r2 = (int(x) for x in rng.choice(13, size=2, replace=False))
    if kind == 0:
        return [(4 * r1 + s, 4 * r1 + t) for s in range(4) for t in range(s)]
    if kind == 1:
        return [(4 * r1 + s, 4 * r2 + s) for s in range(4)]
    return [(4 * r1 + s, 4 * r2 + t) for s in range(4) for t in range(4) if s != t]


def _range(rng: np.random.Generator, taken: set[int], max_combos: int) -> list:
    combos: dict[tuple[int, int], float] = {}
    for _ in range(int(rng.integers(1, 3))):
        w = float(rng.choice(WEIGHTS))
        shape = _shape(rng)
        if rng.random() < 0.3:  # a part of the shape: breaks the symmetry
            shape = [shape[i] for i in rng.choice(len(shape), size=rng.integers(1, len(shape) + 1), replace=False)]
        for c in shape:
            combos.setdefault(c, w if rng.random() < 0.8 else float(rng.choice(WEIGHTS)))
    if rng.random() < 0.2:
        a, b = (int(x) for x in rng.choice(52, size=2, replace=False))
        combos.setdefault((a, b), float(rng.choice(WEIGHTS)))
    out = []
    for (a, b), w in combos.items():
        if a in taken or b in taken:
            continue
        hi, lo = max(a, b), min(a, b)
        out.append(((hi, lo) if rng.random() < 0.9 else (lo, hi), w))  # now and then lower card first
    rng.shuffle(out)
    return out[:max_combos]


def _case(seed: int, players: tuple[int, int], boards: tuple[int, ...], max_deals: int, symmetric: bool = False):
    """Random ``(ranges, board, dead_mask, need, boards)`` with 1..max_deals deals (None if none found);
    ``symmetric``: a board and dead cards some renaming keeps, and ranges it maps onto themselves."""
    rng = np.random.default_rng(seed)
    for _ in range(100):
        P = int(rng.integers(players[0], players[1] + 1))
        n_board = int(rng.choice(boards))
        board = _cards(rng, n_board, set())
        dead = _cards(rng, int(rng.integers(0, 4)) if rng.random() < 0.6 else 0, set(board))
        if 52 - n_board - len(dead) - 2 * P < 5 - n_board:
            continue
        taken = set(board) | set(dead)
        max_combos = 6 if P <= 4 else 3
        stab = _stabiliser(np.array(board, dtype=np.uint8), sum(1 << c for c in dead))
        if symmetric and len(stab) == 1:
            continue
        if len(stab) > 1 and (symmetric or rng.random() < 0.4):
            sigma = stab[int(rng.integers(1, len(stab)))]
            ranges = [_orbit_range(rng, taken, sigma, 1 if P >= 5 else int(rng.integers(1, 3))) for _ in range(P)]
        else:
            ranges = [_range(rng, taken, max_combos) for _ in range(P)]
        if any(not r for r in ranges):
            continue
        ranges = normalise(ranges)
        combos, offsets, _ = arrays(ranges)
        count, status = _deals.count_deals(combos, offsets, max_deals, 10**7)
        if status != 0 or count == 0:
            continue
        need = 5 - n_board
        dead_mask = sum(1 << c for c in dead)
        return ranges, np.array(board, dtype=np.uint8), dead_mask, need, comb(52 - n_board - len(dead) - 2 * P, need)
    return None


# -- an independent reference for the classes ----------------------------------------------------


def _stabiliser(board: np.ndarray, dead_mask: int) -> list[tuple[int, ...]]:
    """The renamings of suits that map the board onto itself and the dead cards onto themselves (as sets)."""
    b = {int(c) for c in board}
    d = {c for c in range(52) if dead_mask >> c & 1}

    def rename(cards: set[int], p: tuple[int, ...]) -> set[int]:
        return {(c & ~3) | p[c & 3] for c in cards}

    return [p for p in PERMS if rename(b, p) == b and rename(d, p) == d]


def _orbit_keys(holes: np.ndarray, stab: list[tuple[int, ...]]) -> np.ndarray:
    """For each deal, the least (lexicographic) of its renamings by ``stab``, each player's cards high first."""
    m, width = holes.shape
    best = None
    for p in stab:
        perm = np.array(p, dtype=np.uint8)
        r = (holes & ~np.uint8(3)) | perm[holes & 3]
        pairs = r.reshape(m, width // 2, 2)
        r = np.concatenate([pairs.max(axis=2, keepdims=True), pairs.min(axis=2, keepdims=True)], axis=2)
        r = r.reshape(m, width)
        if best is None:
            best = r
            continue
        diff = r != best
        first = np.where(diff.any(axis=1), diff.argmax(axis=1), 0)
        less = diff.any(axis=1) & (r[np.arange(m), first] < best[np.arange(m), first])
        best = np.where(less[:, None], r, best)
    return best


def _check_case(ranges, board, dead_mask, need, boards, pool) -> int:
    """Everything the class path promises, on one case; returns the number of classes (0 if every deal alone)."""
    plan = exact_deals(ranges, boards, need, board, dead_mask, limit=float("inf"))
    holes, weights = plan.holes, plan.weights
    m = len(holes)
    P = holes.shape[1] // 2
    # The partition: the orbits under the renamings that keep the board and the dead cards.
    keys = _orbit_keys(holes, _stabiliser(board, dead_mask))
    _, want_first, want_cls = np.unique(keys, axis=0, return_index=True, return_inverse=True)
    want_cls = want_cls.reshape(-1)
    if plan.classes is None:
        # None: a single deal, or no two deals alike (the counts' memory is far below CLASS_BYTES here).
        assert m == 1 or len(want_first) == m
        if m == 1:
            return 0
        # Still drive the class path with one class per deal: the floats must not change.
        first, cls = _unique_rows(_deals.canonical_deals(holes, board, dead_mask))
        classes = (np.ascontiguousarray(holes[first]), cls)
    else:
        classes = plan.classes
        reps, cls = classes
        assert len(reps) == len(want_first) < m
        assert cls.dtype == np.int64 and cls.flags.c_contiguous and reps.flags.c_contiguous
        # the same partition, and each class's representative is its first deal
        pairs = np.unique(np.stack([cls, want_cls]), axis=1)
        assert pairs.shape[1] == len(want_first)
        assert sorted(cls[want_first].tolist()) == list(range(len(reps)))
        assert (reps == holes[want_first][np.argsort(cls[want_first])]).all()
    reps, cls = classes
    # Each deal's integer counts are its class's.
    every_int = np.zeros((m, P * (P + 1)), dtype=np.int64)
    assert _deals.class_counts(holes, board, dead_mask, every_int, 0, m)
    rep_int = np.zeros((len(reps), P * (P + 1)), dtype=np.int64)
    assert _deals.class_counts(reps, board, dead_mask, rep_int, 0, len(reps))
    assert (every_int == rep_int[cls]).all()
    # The floats: one deal per class (one thread, two, an executor) against every deal.
    counts, total = exact_run(holes, weights, board, dead_mask, 1, None)
    assert np.isfinite(counts).all() and total > 0
    runs = [exact_run(holes, weights, board, dead_mask, 1, None, None, classes),
            exact_run(holes, weights, board, dead_mask, 2, None, None, classes),
            exact_run(holes, weights, board, dead_mask, 1, None, pool, classes)]
    for c, t in runs:
        assert c.tobytes() == counts.tobytes() and t == total, (c, counts, t, total)
    return 0 if plan.classes is None else len(reps)


@pytest.mark.parametrize("seed", range(60))
def test_classes_give_the_floats_of_every_deal_2_to_6_players(seed: int, pool) -> None:
    """Boards of 3-5 cards, up to 1,500 deals; preflop only with up to 30 deals (an enumeration takes ~0.1 ms)."""
    case = _case(seed, (2, 6), (3, 4, 5), 1500) if seed % 4 else _case(seed, (2, 4), (0,), 30)
    assert case is not None
    _check_case(*case, pool)


@pytest.mark.parametrize("seed", range(20))
def test_classes_give_the_floats_of_every_deal_7_to_10_players(seed: int, pool) -> None:
    """Rows of 14-20 codes: two words in ``_unique_rows``."""
    case = _case(1000 + seed, (7, 10), (3, 4, 5), 1500, symmetric=seed % 2 == 0)
    assert case is not None
    _check_case(*case, pool)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([(2, 3), (4, 6), (7, 10)]), st.booleans())
def test_classes_give_the_floats_of_every_deal_hypothesis(seed: int, players: tuple[int, int], sym: bool) -> None:
    case = _case(seed, players, (3, 4, 5), 800, symmetric=sym)
    if case is None:
        return
    with ThreadPoolExecutor(2) as p:
        _check_case(*case, p)


def test_the_random_cases_do_find_classes(pool) -> None:
    """Guard against a generator that never exercises the classes: most cases must have some."""
    found = sum(1 for seed in range(30) if (case := _case(seed + 500, (2, 6), (3, 4, 5), 1500))
                and _check_case(*case, pool))
    assert found >= 10


@pytest.mark.parametrize("players, board, dead", [
    (["AA,KK", "QQ,AKs", "JJ"], None, None),  # preflop, full symmetry
    (["AA,KK", "QQ,AKs", "JJ"], None, "2c"),  # three suits alike
    (["AA,KK", "QQ,AKs", "JJ"], None, "2c 2d"),  # c<->d and h<->s
    (["AKs,AQs", "KQs,QJs", "T9s"], "2h 3h 4h", None),  # monotone flop
    (["AA", "KK", "QQ", "JJ", "TT", "99", "88"], "2h 3h 4h 5h", "Ac Kc Qc Jc Tc"),  # 7 players: d<->s
    ([f"{r}h{r}c,{r}s{r}c" for r in "AKQJT987"] + ["2h2d,2s2d"], "2c 3c 4c 5c 6d", "7d"),  # 9 players: h<->s
])
def test_equity_is_the_same_by_class_on_threads_and_executors(players, board, dead, pool) -> None:
    """The public API: exact=True, exact=None, on two threads, on a thread pool: the floats of every deal."""
    _, ranges, board_codes, dead_codes = prepare(players, board, dead)
    ranges = normalise(ranges)
    board_arr = np.array(board_codes, dtype=np.uint8)
    dead_mask = sum(1 << c for c in dead_codes)
    plan = exact_deals(ranges, 1, 5 - len(board_codes), board_arr, dead_mask,
                       limit=float("inf"))
    assert plan.classes is not None
    counts, total = exact_run(plan.holes, plan.weights, board_arr, dead_mask, 1, None)
    want = [float((counts[0, p] + counts[2, p]) / total) for p in range(len(players))]
    for kw in ({"exact": True}, {"exact": True, "workers": 2}, {"exact": True, "executor": pool}, {}):
        r = equity(players, board=board, dead=dead, **kw)
        assert r.exact and [p.equity for p in r.players] == want, kw


def test_a_process_pool_gives_the_same_floats() -> None:
    """``_class_task`` pickles by name and sends back integer counts."""
    players, board = ["AA,KK", "QQ,JJ", "random"], "2c 7c Tc"
    with ProcessPoolExecutor(2) as p:
        on_pool = equity(players, board=board, exact=True, executor=p)
    here = equity(players, board=board, exact=True)
    assert [q.equity for q in on_pool.players] == [q.equity for q in here.players]
    assert on_pool.method == here.method


# -- _unique_rows against np.unique(axis=0) ------------------------------------------------------


def _numpy_unique(rows: np.ndarray) -> tuple[list[int], list[int]]:
    _, first, cls = np.unique(rows, axis=0, return_index=True, return_inverse=True)
    return first.tolist(), cls.reshape(-1).tolist()


@pytest.mark.parametrize("width", range(1, 21))
@pytest.mark.parametrize("m", [0, 1, 2, 3, 11, 300])
def test_unique_rows_edges(width: int, m: int) -> None:
    rng = np.random.default_rng(width * 1000 + m)
    cases = [
        rng.integers(0, 64, size=(m, width)),  # any code
        np.tile(rng.integers(0, 64, size=(1, width)), (m, 1)),  # all rows equal
        np.full((m, width), 63), np.zeros((m, width)),  # the extremes, all equal
        rng.choice(np.array([0, 63]), size=(m, width)),  # the extremes, mixed
        rng.integers(62, 64, size=(m, width)),  # differing in the lowest bit only
    ]
    for rows in cases:
        rows = rows.astype(np.uint8)
        first, cls = _unique_rows(rows)
        assert (first.tolist(), cls.tolist()) == _numpy_unique(rows)
        assert cls.dtype == np.int64 and len(cls) == m


def test_unique_rows_on_a_strided_view() -> None:
    rows = np.random.default_rng(1).integers(0, 4, size=(500, 24)).astype(np.uint8)
    view = rows[::2, 1:23:2]  # not contiguous
    assert [a.tolist() for a in _unique_rows(view)] == list(_numpy_unique(view))


@settings(max_examples=200, deadline=None)
@given(hnp.arrays(np.uint8, hnp.array_shapes(min_dims=2, max_dims=2, min_side=0, max_side=25),
                  elements=st.integers(0, 63)))
def test_unique_rows_hypothesis(rows: np.ndarray) -> None:
    if rows.shape[1] == 0:
        return  # no codes: not a deal
    first, cls = _unique_rows(rows)
    assert (first.tolist(), cls.tolist()) == _numpy_unique(rows)


# -- the plan: estimate, refusal and choice ------------------------------------------------------


#: (players, board, dead, exact chosen by its classes (True), Monte Carlo (False)).
CHOICES = [
    (["AKs", "random"], None, None, True),  # 4,900 deals, 367 classes
    (["22", "random"], None, None, True),  # 7,350 deals, 469 classes
    (["AKs", "random"], None, "2c 3d 4h", False),  # no renaming keeps the dead cards: no classes
    (["AKs", "random"], None, "2c", True),  # three suits alike: 4,704 deals, 1,065 classes
    (["AA", "KK", "random"], None, None, False),  # about 30 s by the deals: no classes sought
    (["AA", "KK", "QQ", "JJ", "TT", "99", "88"], "2h 3h 4h", "8c", True),  # 139,968 deals, 70,016 classes
    (["AA", "KK", "QQ", "JJ", "TT", "99", "88"], "2h 3h 4h", None, True),  # 279,936 deals, 46,720 classes
]


@pytest.mark.parametrize("case", [("named", i) for i in range(len(CHOICES))] + [("seed", s) for s in range(15)])
def test_the_choice_and_the_plan_agree(case) -> None:
    """When the automatic choice builds a plan, it is the plan ``exact=True`` builds; when it names classes,
    their number is the plan's; an exact choice is never refused by ``exact=True``."""
    kind, i = case
    if kind == "named":
        players, board_s, dead_s, by_classes = CHOICES[i]
        _, ranges, board_codes, dead_codes = prepare(players, board_s, dead_s)
        ranges = normalise(ranges)
        board = np.array(board_codes, dtype=np.uint8)
        dead_mask = sum(1 << c for c in dead_codes)
        need = 5 - len(board_codes)
        boards = comb(52 - len(board_codes) - len(dead_codes) - 2 * len(ranges), need)
    else:
        got = _case(2000 + i, (2, 3), (0,), 48_000)
        assert got is not None
        ranges, board, dead_mask, need, boards = got
    exact, method, plan = _choose(ranges, boards, need, board, dead_mask)
    if kind == "named":
        assert exact == by_classes and (plan is not None) == by_classes, method
    try:
        forced = exact_deals(ranges, boards, need, board, dead_mask)
    except PokercoreValueError:
        assert not exact
        return
    if plan is not None:
        assert plan.holes.tobytes() == forced.holes.tobytes()
        assert plan.weights.tobytes() == forced.weights.tobytes()
        assert (plan.classes is None) == (forced.classes is None)
        if plan.classes is not None:
            assert all((a == b).all() for a, b in zip(plan.classes, forced.classes))
            assert f" in {plural(len(plan.classes[0]), 'class')} alike" in method
    if exact:  # chosen by the classes it names, or by the deals
        named = plan is not None and plan.classes is not None
        n = len(plan.classes[0]) if named else len(forced.holes)
        assert exact_seconds(n, len(ranges), need) <= 1.0
        assert (" classes alike" in method or " class alike" in method) == named


def test_plural_of_class_and_of_one() -> None:
    assert plural(1, "class") == "1 class" and plural(2, "class") == "2 classes"
    assert plural(1, "deal") == "1 deal" and plural(1_712_304, "board") == "1,712,304 boards"


def test_a_single_deal_has_no_classes_and_runs_on_every_path(pool) -> None:
    ranges = normalise(prepare(["AsKs", "QdQc"], None, None)[1])
    plan = exact_deals(ranges, 1_712_304, 5, np.zeros(0, np.uint8), 0)
    assert len(plan.holes) == 1 and plan.classes is None
    r1 = equity(["AsKs", "QdQc"], exact=True)
    r2 = equity(["AsKs", "QdQc"], exact=True, executor=pool)
    assert [p.equity for p in r1.players] == [p.equity for p in r2.players]


def test_duplicated_combos_across_ranges_and_tiny_weights(pool) -> None:
    """The same combos in every range (each deal gives them to different players) and weights of 1e-200."""
    players = ["AA:1e-200,KK", "AA,KK:1e-200", "AA,KK"]
    _, ranges, board_codes, _ = prepare(players, "2c 7d 9h", None)
    ranges = normalise(ranges)
    board = np.array(board_codes, dtype=np.uint8)
    plan = exact_deals(ranges, comb(43, 2), 2, board, 0)
    every = exact_run(plan.holes, plan.weights, board, 0, 1, None)
    for workers, ex in ((1, None), (2, None), (1, pool)):
        got = exact_run(plan.holes, plan.weights, board, 0, workers, None, ex,
                        plan.classes or (plan.holes, np.arange(len(plan.holes), dtype=np.int64)))
        assert got[0].tobytes() == every[0].tobytes() and got[1] == every[1]


def test_a_refusal_by_classes_names_the_classes_the_plan_finds() -> None:
    ranges = normalise(prepare(["AA", "KK", "random"], None, None)[1])
    n = len(exact_deals(ranges, 1, 5, np.zeros(0, np.uint8), 0, limit=float("inf")).classes[0])
    limit = exact_seconds(n, 3, 5) * 0.99
    with pytest.raises(PokercoreValueError, match=rf"40,608 deals in {n:,} classes alike up to suits"):
        exact_deals(ranges, 1_370_754, 5, np.zeros(0, np.uint8), 0, limit=limit)
    # just under: a class per 24 deals could bring it under, so classes are sought
    assert exact_seconds(40_608, 3, 5) / SUIT_RENAMINGS <= limit


def test_class_bytes_none_falls_back_to_every_deal(monkeypatch: pytest.MonkeyPatch, pool) -> None:
    """When the classes' counts would take more than CLASS_BYTES the plan enumerates every deal (and estimates
    by the deals): the same floats."""
    players, board = ["AA,KK", "QQ,JJ", "random"], "2c 7c Tc"
    want = equity(players, board=board, exact=True)
    monkeypatch.setattr(_plan, "CLASS_BYTES", 8)
    _, ranges, board_codes, _ = prepare(players, board, None)
    plan = exact_deals(normalise(ranges), 1081, 2, np.array(board_codes, np.uint8), 0)
    assert plan.classes is None
    for kw in ({}, {"workers": 2}, {"executor": pool}):
        got = equity(players, board=board, exact=True, **kw)
        assert [p.equity for p in got.players] == [p.equity for p in want.players]
