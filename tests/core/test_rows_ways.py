"""Every way the batch loops count card bits gives the same answers.

The checking batch loops (``_evaluator_rows.h``) are compiled once for each way
of counting a row's card bits: a portable count, the popcnt instruction, and
on x86-64 AVX-512's vector count of four rows at a time.  The best way the CPU
has is chosen once at import; these tests force each way this CPU has in turn
and hold it to the per-call evaluators (a separate code path) on valid rows,
and to the same refusal, naming the same first bad row, on rows with a bad
card at every place in a group of four and in the tail.
"""

from __future__ import annotations

import platform
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import pokercore as pc
from pokercore import _eval7
from pokercore.errors import DuplicateCardError, InvalidCardError

WAYS = _eval7._ROWS_WAYS
HAVE = WAYS[: WAYS.index(_eval7._rows_best_way()) + 1]  # each way needs what the ways before it need


@pytest.fixture(params=HAVE)
def way(request: pytest.FixtureRequest) -> Iterator[str]:
    assert _eval7._rows_way(request.param) == request.param
    try:
        yield request.param
    finally:
        _eval7._rows_way("best")


def _hands(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


def _omaha(nh: int) -> Callable[..., Any]:
    def batch(rows: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        return pc.evaluate_omaha_batch(np.ascontiguousarray(rows[:, :nh]), np.ascontiguousarray(rows[:, nh:]), out=out)

    def one(row: np.ndarray) -> int:
        return pc.evaluate_omaha(row[:nh].tolist(), row[nh:].tolist())

    batch.one = one  # type: ignore[attr-defined]
    return batch


def _plain(batch: Callable[..., Any], one: Callable[[list[int]], int]) -> Callable[..., Any]:
    def call(rows: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        return batch(rows, out=out)

    call.one = lambda row: one(row.tolist())  # type: ignore[attr-defined]
    return call


#: name: (cards a row, the batch call with its per-call twin as ``.one``)
KINDS: dict[str, tuple[int, Callable[..., Any]]] = {
    "3": (3, _plain(pc.evaluate3_batch, pc.evaluate3)),
    "5": (5, _plain(pc.evaluate5_batch, pc.evaluate5)),
    "5 binh": (5, _plain(lambda h, out=None: pc.evaluate5_batch(h, "binh", out=out),
                         lambda c: pc.evaluate5(c, "binh"))),
    "6": (6, _plain(pc.evaluate6_batch, pc.evaluate6)),
    "7": (7, _plain(pc.evaluate7_batch, pc.evaluate7)),
    "omaha 4": (9, _omaha(4)),
    "omaha 5": (10, _omaha(5)),
    "omaha 6": (11, _omaha(6)),
}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_way_ranks_like_the_per_call_evaluator(way: str, kind: str) -> None:
    k, call = KINDS[kind]
    rng = np.random.default_rng([7, k, len(kind)])
    hands = _hands(rng, 4003, k)  # groups of four and a tail of three
    if 5 <= k <= 7:  # flushes are where the loops read the card bits back: 400 rows of one suit
        hands[:400] = np.array([rng.permutation(13)[:k] for _ in range(400)]) * 4 + rng.integers(0, 4, (400, 1))
        assert all(np.bincount(row % 4, minlength=4).max() == k for row in hands[:400])
    got = call(hands)
    want = np.array([call.one(row) for row in hands], dtype=np.int32)  # type: ignore[attr-defined]
    assert np.array_equal(got, want)


BAD = {
    "repeated card": (lambda row: row.__setitem__(-1, row[0]), DuplicateCardError, "(repeats a card|is both)"),
    "code 52": (lambda row: row.__setitem__(1, 52), InvalidCardError, "out of range"),
    "code 64": (lambda row: row.__setitem__(0, 64), InvalidCardError, "out of range"),
    "code 255": (lambda row: row.__setitem__(-1, 255), InvalidCardError, "out of range"),
}


@pytest.mark.parametrize("bad", sorted(BAD))
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_way_refuses_the_first_bad_row_and_writes_only_rows_before_it(way: str, kind: str, bad: str) -> None:
    k, call = KINDS[kind]
    spoil, error, words = BAD[bad]
    rng = np.random.default_rng([11, k])
    n = 13  # three groups of four and a tail of one
    for at in range(n):
        hands = _hands(rng, n, k)
        spoil(hands[at])
        if at + 2 < n:  # a second bad row after it is never the one named
            spoil(hands[at + 2])
        out = np.full(n, -5, dtype=np.int32)
        with pytest.raises(error, match=rf"hand {at}\b.*{words}"):
            call(hands, out=out)
        assert np.all((out == -5) | (np.arange(n) < at)), "a rank written for a bad row or after it"


def _cpu_flags() -> set[str] | None:
    """The CPU's flags as Linux lists them, or None elsewhere."""
    path = Path("/proc/cpuinfo")
    if not sys.platform.startswith("linux") or not path.exists():
        return None
    for line in path.read_text().splitlines():
        if line.startswith("flags"):
            return set(line.split(":", 1)[1].split())
    return None


def test_the_best_way_is_the_best_the_cpu_has() -> None:
    flags = _cpu_flags()
    best = _eval7._rows_best_way()
    if platform.machine().lower() not in ("x86_64", "amd64"):
        assert best in ("portable", "popcnt")  # the vector way is x86-64's
        return
    if flags is None:  # not Linux: no list of flags to hold it to
        assert best in WAYS
        return
    if {"avx512f", "avx512vl", "avx512_vpopcntdq"} <= flags:
        assert best == "avx512"
    elif "popcnt" in flags:
        assert best == "popcnt"
    else:
        assert best == "portable"
    assert _eval7._rows_way() == best  # and it is the one in force


def test_a_way_the_cpu_lacks_gives_the_best_it_has() -> None:
    try:
        for want in WAYS:
            got = _eval7._rows_way(want)
            assert got == (want if want in HAVE else HAVE[-1])
    finally:
        _eval7._rows_way("best")


def test_the_ways_benchmark_runs_every_way_and_checks_they_agree() -> None:
    script = Path(__file__).resolve().parents[2] / "benchmarks" / "batch_split.py"
    proc = subprocess.run([sys.executable, str(script), "--ways", "--hands", "4001", "--repeats", "1"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    for k in (5, 6, 7):
        line = next(x for x in proc.stdout.splitlines() if x.startswith(f"{k}-card"))
        assert [w for w in WAYS if f"{w} " in line] == list(HAVE), line
