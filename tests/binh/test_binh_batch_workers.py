"""``workers=`` of the Binh batch search and special-hand functions: the same answers, in row
order, whatever the number of threads (and the same as one hand at a time); batches really split
into ranges (watched through :func:`pokercore.workers.run_parts`, not timed); the one ``workers``
policy of :mod:`pokercore.workers`; bad hands named as with one thread."""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import pytest

import pokercore as pc
from pokercore import workers as workers_mod
from pokercore.binh import (
    best_arrangement,
    best_arrangement_batch,
    classify_special_batch,
    count_legal,
    count_legal_batch,
    special_kinds_batch,
)
from pokercore.binh._tables import default_tables
from pokercore.errors import DuplicateCardError, InvalidCardError, PokercoreTypeError, PokercoreValueError

SEARCH = pc.random_hands(120, 13, seed=31)
MANY = pc.random_hands(40_000, 13, seed=32)  # above twice the 16,384-row range minimum of the cheap kernels


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


def _assert_same(a: Any, b: Any) -> None:
    for x, y in zip(a, b):
        np.testing.assert_array_equal(x, y)


@pytest.mark.parametrize("objective", ["lexicographic", "tables"])
def test_best_arrangement_batch_is_the_same_whatever_the_workers(objective: str, parts_seen: list[int]) -> None:
    obj: Any = default_tables().branch_tables() if objective == "tables" else objective
    one = best_arrangement_batch(SEARCH, obj)
    assert not parts_seen
    for w in (2, 3, None):
        _assert_same(best_arrangement_batch(SEARCH, obj, workers=w), one)
    assert parts_seen[:2] and min(parts_seen[:2]) >= 2, parts_seen
    # and the same as one hand at a time, row by row
    for i in (0, 57, 119):
        a = best_arrangement(SEARCH[i], obj)
        assert tuple(one.ranks[i]) == a.ranks
    # a batch of one row and an empty batch
    _assert_same(best_arrangement_batch(SEARCH[:1], obj, workers=2), [x[:1] for x in one])
    assert best_arrangement_batch(SEARCH[:0], obj, workers=2).cards.shape == (0, 13)


def test_count_legal_batch_is_the_same_whatever_the_workers(parts_seen: list[int]) -> None:
    one = count_legal_batch(SEARCH)
    assert one.tolist() == [count_legal(h) for h in SEARCH]
    for w in (2, 3, None):
        np.testing.assert_array_equal(count_legal_batch(SEARCH, workers=w), one)
    assert parts_seen and min(parts_seen[:2]) >= 2, parts_seen
    out = np.zeros(len(SEARCH), dtype=np.int64)
    assert count_legal_batch(SEARCH, out, workers=2) is out
    np.testing.assert_array_equal(out, one)


@pytest.mark.parametrize("func", [classify_special_batch, special_kinds_batch])
def test_special_batches_are_the_same_whatever_the_workers(func: Any, parts_seen: list[int]) -> None:
    one = func(MANY)
    for w in (2, 3, None):
        np.testing.assert_array_equal(func(MANY, workers=w), one)
    assert parts_seen and min(parts_seen[:2]) >= 2, parts_seen
    out = np.zeros_like(one)
    assert func(MANY, out, workers=2) is out
    np.testing.assert_array_equal(out, one)
    np.testing.assert_array_equal(func(MANY[:7], workers=2), one[:7])


BATCH = {
    "count_legal_batch": lambda h, w: count_legal_batch(h, workers=w),
    "best_arrangement_batch": lambda h, w: best_arrangement_batch(h, workers=w),
    "best_arrangement_batch(callable)": lambda h, w: best_arrangement_batch(
        h, lambda legal: legal["top_rank"], workers=w),
    "classify_special_batch": lambda h, w: classify_special_batch(h, workers=w),
    "special_kinds_batch": lambda h, w: special_kinds_batch(h, workers=w),
}


@pytest.mark.parametrize("name", sorted(BATCH))
@pytest.mark.parametrize("bad", [0, -3, True, 1.5, "2", np.float64(2)])
def test_a_bad_workers_is_refused_by_the_function_name_saying_what_to_pass(name: str, bad: Any) -> None:
    exc = PokercoreValueError if isinstance(bad, int) and not isinstance(bad, bool) else PokercoreTypeError
    fname = name.split("(")[0]
    with pytest.raises(exc, match=rf"^{fname}: workers must be an int >= 1 or None \(every core\), got "):
        BATCH[name](SEARCH[:3], bad)
    # before the hands are judged: a bad batch with a bad workers names workers
    with pytest.raises(exc, match="workers"):
        BATCH[name]([[99] * 13], bad)


@pytest.mark.parametrize("name", sorted(BATCH))
def test_a_bad_row_is_named_as_with_one_thread(name: str) -> None:
    h = SEARCH.astype(np.int64)
    h[90, 4] = 52
    h[100, 0] = h[100, 1]
    for w in (1, 2):
        with pytest.raises(InvalidCardError, match=rf"^{name.split('(')[0]}: hand 90 "):
            BATCH[name](h, w)
    h[90, 4] = SEARCH[90, 4]
    with pytest.raises(DuplicateCardError, match="hand 100 "):
        BATCH[name](h, 2)


def test_numpy_ints_and_none_are_accepted() -> None:
    want = classify_special_batch(SEARCH)
    for w in (np.int32(2), np.uint64(1), None):
        np.testing.assert_array_equal(classify_special_batch(SEARCH, workers=w), want)


def test_threads_calling_at_once_get_their_own_answers() -> None:
    want = best_arrangement_batch(SEARCH).ranks
    masks = special_kinds_batch(MANY)
    errors: list[BaseException] = []

    def call(i: int) -> None:
        try:
            if i % 2:
                np.testing.assert_array_equal(best_arrangement_batch(SEARCH, workers=2).ranks, want)
            else:
                np.testing.assert_array_equal(special_kinds_batch(MANY, workers=2), masks)
        except BaseException as exc:  # reported by the main thread
            errors.append(exc)

    threads = [threading.Thread(target=call, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
