"""``workers=`` of the batch evaluators and :mod:`pokercore.workers` itself: one argument policy
(an int >= 1 or None; bool, float, str, 0 refused with a message naming ``workers``), the same
answers and the same first-bad-row error whatever the number of threads, rows kept in order, and
batches large enough really split into ranges (checked by watching :func:`run_parts`, not by timing)."""

from __future__ import annotations

import itertools
import threading
from typing import Any

import numpy as np
import pytest

import pokercore as pc
from pokercore import workers as workers_mod
from pokercore.errors import InvalidCardError, PokercoreTypeError, PokercoreValueError
from pokercore.workers import available_cores, check_workers, row_ranges, run_parts, run_rows

N = 70_000  # above twice the 16,384-row minimum of a range: two threads get work


def _omaha(hands: Any, out: Any = None, *, workers: Any = 1) -> np.ndarray:
    h = np.asarray(hands)
    return pc.evaluate_omaha_batch(np.ascontiguousarray(h[:, :4]), np.ascontiguousarray(h[:, 4:]), out,
                                   workers=workers)


BATCH = {
    3: pc.evaluate3_batch,
    5: pc.evaluate5_batch,
    6: pc.evaluate6_batch,
    7: pc.evaluate7_batch,
    9: _omaha,
}
IDS = ["evaluate3_batch", "evaluate5_batch", "evaluate6_batch", "evaluate7_batch", "evaluate_omaha_batch"]


@pytest.fixture(scope="module")
def hands() -> dict[int, np.ndarray]:
    return {k: pc.random_hands(N, k, seed=23 + k) for k in BATCH}


@pytest.fixture
def parts_seen(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of ranges of every :func:`run_parts` call made while the test runs."""
    seen: list[int] = []
    real = workers_mod.run_parts

    def spy(func: Any, parts: Any, workers: int, on_done: Any = None) -> Any:
        seen.append(len(parts))
        return real(func, parts, workers, on_done)

    monkeypatch.setattr(workers_mod, "run_parts", spy)
    return seen


# ---------------------------------------------------------------- the argument


@pytest.mark.parametrize("good", [1, 2, 7, np.int64(3), np.uint8(2)])
def test_workers_accepts_an_int_of_at_least_one(good: Any) -> None:
    assert check_workers(good, "f") == int(good)
    assert type(check_workers(good, "f")) is int


def test_workers_none_means_every_core() -> None:
    assert check_workers(None, "f") == available_cores() >= 1


@pytest.mark.parametrize("bad", [True, False, np.bool_(True), 1.0, 2.5, "2", b"2", [2], np.float64(2.0), object()])
def test_workers_of_another_type_is_refused_with_what_to_pass(bad: Any) -> None:
    with pytest.raises(PokercoreTypeError, match=r"^f: workers must be an int >= 1 or None \(every core\), got "):
        check_workers(bad, "f")


@pytest.mark.parametrize("bad", [0, -1, np.int64(0), -(10**30)])
def test_workers_below_one_is_refused_with_what_to_pass(bad: Any) -> None:
    msg = r"^f: workers must be an int >= 1 or None \(every core\), got -?\d+$"
    with pytest.raises(PokercoreValueError, match=msg):
        check_workers(bad, "f")


def test_an_index_that_gives_a_bool_is_refused() -> None:
    class Sly:
        def __index__(self) -> bool:
            return True

    with pytest.raises(PokercoreTypeError, match="workers must be an int"):
        check_workers(Sly(), "f")


@pytest.mark.parametrize(("k", "func"), list(BATCH.items()), ids=IDS)
@pytest.mark.parametrize("bad", [0, -2, True, 2.0, "2"])
def test_every_evaluator_batch_refuses_a_bad_workers_by_its_name(k: int, func: Any, bad: Any, hands: Any) -> None:
    name = IDS[list(BATCH).index(k)]
    exc = PokercoreValueError if isinstance(bad, int) and not isinstance(bad, bool) else PokercoreTypeError
    with pytest.raises(exc, match=rf"^{name}: workers must be an int >= 1 or None"):
        func(hands[k][:10], workers=bad)


def test_a_bad_workers_is_named_before_the_hands_are_judged() -> None:
    with pytest.raises(PokercoreValueError, match="workers"):
        pc.evaluate7_batch([[99] * 7], workers=0)


# ---------------------------------------------------------------- ranges and the pool


@pytest.mark.parametrize("n", [0, 1, 2, 5, 16, 97, 1000])
@pytest.mark.parametrize("parts", [1, 2, 3, 8, 2000])
def test_row_ranges_cover_the_rows_in_order_evenly(n: int, parts: int) -> None:
    r = row_ranges(n, parts)
    assert r[0][0] == 0 and r[-1][1] == n
    assert all(a[1] == b[0] for a, b in itertools.pairwise(r))
    sizes = [stop - start for start, stop in r]
    assert max(sizes) - min(sizes) <= 1
    assert len(r) == (max(1, min(parts, n)) if n else 1)


def test_run_rows_returns_the_ranges_in_row_order() -> None:
    got = run_rows(lambda a, b: (a, b), 100, 3, min_rows=1, chunks_per_worker=4)
    assert got == row_ranges(100, 12)
    assert run_rows(lambda a, b: (a, b), 100, 1, min_rows=1) == [(0, 100)]
    assert run_rows(lambda a, b: (a, b), 100, 4) == [(0, 100)]  # too few rows for a second thread
    assert run_rows(lambda a, b: (a, b), 0, 4, min_rows=1) == [(0, 0)]


def test_run_parts_raises_the_first_failing_part_and_starts_no_more() -> None:
    started: list[int] = []
    lock = threading.Lock()

    def job(i: int) -> int:
        with lock:
            started.append(i)
        if i in (3, 5):
            raise ValueError(f"part {i}")
        return i

    with pytest.raises(ValueError, match="part 3"):
        run_parts(job, [(i,) for i in range(40)], workers=1)
    assert started == [0, 1, 2, 3]
    for w in (2, 3):
        with pytest.raises(ValueError, match=r"part [35]"):
            run_parts(job, [(i,) for i in range(40)], workers=w)
    assert run_parts(lambda i: i * i, [(i,) for i in range(50)], workers=3) == [i * i for i in range(50)]
    assert run_parts(pow, [], workers=2) == []


# ---------------------------------------------------------------- the evaluators


@pytest.mark.parametrize(("k", "func"), list(BATCH.items()), ids=IDS)
def test_every_evaluator_batch_gives_the_same_ranks_whatever_the_workers(
    k: int, func: Any, hands: Any, parts_seen: list[int]
) -> None:
    h = hands[k]
    one = func(h)
    assert not parts_seen  # one thread: no ranges
    for w in (2, 3, None):
        got = func(h, workers=w)
        np.testing.assert_array_equal(got, one)
    assert parts_seen and all(p >= 2 for p in parts_seen[:2]), parts_seen  # 2 and 3 threads did split
    out = np.full(len(h), -1, dtype=np.int32)
    assert func(h, out=out, workers=2) is out
    np.testing.assert_array_equal(out, one)
    # a small batch and an empty one: on the calling thread, the same answers
    np.testing.assert_array_equal(func(h[:5], workers=2), one[:5])
    assert func(h[:0], workers=2).shape == (0,)


@pytest.mark.parametrize("workers", [2, 3])
def test_a_bad_row_in_a_later_range_is_named_as_with_one_thread(workers: int, hands: Any) -> None:
    h = hands[7].copy()
    h[N - 10, 3] = 52
    h[N // 2 + 1, 0] = 60  # the first bad row sits in a later range than the start
    msgs = []
    for w in (1, workers):
        with pytest.raises(InvalidCardError) as info:
            pc.evaluate7_batch(h, workers=w)
        msgs.append(str(info.value))
    assert msgs[0] == msgs[1] and f"hand {N // 2 + 1} " in msgs[0]


def test_threads_calling_at_once_share_the_pool_and_get_their_own_answers(hands: Any) -> None:
    want = {k: BATCH[k](hands[k]) for k in (5, 7)}
    errors: list[BaseException] = []

    def call(k: int) -> None:
        try:
            for _ in range(3):
                np.testing.assert_array_equal(BATCH[k](hands[k], workers=2), want[k])
        except BaseException as exc:  # reported by the main thread
            errors.append(exc)

    threads = [threading.Thread(target=call, args=(k,)) for k in (5, 7, 5, 7)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
