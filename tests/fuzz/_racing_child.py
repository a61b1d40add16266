"""Child process of the racing-writer tests: run one nogil kernel while a thread scribbles on its input.

Usage: ``python -m tests.fuzz._racing_child KERNEL SECONDS SEED``.  Exits 0
when the kernel survived (its answers may be wrong: the input changed under
it); a crash shows as a signal in the parent.
"""

from __future__ import annotations

import sys
import threading
import time

import numpy as np

import pokercore as pc
from pokercore import _eval
from pokercore import _variant_eval as _variants
from pokercore import evaluators as holdem
from pokercore.binh import _arrange, _special
from pokercore.binh import _search as search
from pokercore.binh import _special_hands as special
from pokercore.binh._tables import TABLE_LEN
from pokercore.equity._holdem_equity import equity


def _hands(k: int, n: int, seed: int) -> np.ndarray:
    return np.ascontiguousarray(pc.random_hands(n, k, seed=seed), dtype=np.uint8)


def _shortdeck(hands: np.ndarray) -> np.ndarray:
    """The private short-deck kernel; its plain ValueError for a code above 51 counts as a clean refusal."""
    try:
        return _variants.shortdeck_rows(hands)
    except ValueError as e:
        raise pc.PokercoreError(str(e)) from e


def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    ramp = np.linspace(-1.0, 1.0, TABLE_LEN)
    return ramp, ramp.copy(), ramp.copy()


#: kernel name -> (cards per hand, hands per call, function of the shared array)
KERNELS = {
    "evaluate5_batch": (5, 20000, lambda h: pc.evaluate5_batch(h)),
    "evaluate5_batch_binh": (5, 20000, lambda h: pc.evaluate5_batch(h, rules="binh")),
    "evaluate3_batch": (3, 20000, lambda h: pc.evaluate3_batch(h)),
    "count_legal_batch": (13, 40, lambda h: search.count_legal_batch(h)),
    "best_arrangement_batch": (13, 10, lambda h: search.best_arrangement_batch(h)),
    "best_batch_unpruned": (13, 3, lambda h: _arrange.best_batch(h, prune=False)),
    "best_batch_table": (13, 10, lambda h: _arrange.best_batch(h, _tables())),
    "best_batch_table_unpruned": (13, 3, lambda h: _arrange.best_batch(h, _tables(), prune=False)),
    "classify_special_batch": (13, 20000, lambda h: special.classify_special_batch(h)),
    "special_kinds_batch": (13, 20000, lambda h: special.special_kinds_batch(h)),
    "kinds_batch": (13, 20000, lambda h: _special.kinds_batch(h)),
    "count_legal": (13, 1, lambda h: _arrange.count_legal(h[0])),
    "legal_arrangements": (13, 1, lambda h: _arrange.legal_arrangements(h[0])),
    "best_lexicographic": (13, 1, lambda h: _arrange.best_lexicographic(h[0])),
    "best_table": (13, 1, lambda h: _arrange.best_table(h[0], *_tables())),
    "best_table_unpruned": (13, 1, lambda h: _arrange.best_table(h[0], *_tables(), prune=False)),
    "best_one": (13, 1, lambda h: _arrange.best_one(h[0])),
    "best_one_table": (13, 1, lambda h: _arrange.best_one(h[0], _arrange.ValueTables(*_tables()))),
    "kinds_one": (13, 1, lambda h: _special.kinds_one(h[0])),
    "evaluate6_batch": (6, 20000, lambda h: pc.evaluate6_batch(h)),
    "evaluate7_batch": (7, 20000, lambda h: pc.evaluate7_batch(h)),
    "holdem.evaluate_batch": (7, 20000, lambda h: holdem.evaluate_batch(h)),
    # the short-deck kernel checks only codes below 52 (the public API also checks the short deck)
    "shortdeck_rows7": (7, 20000, lambda h: _shortdeck(h)),
    "shortdeck_rows6": (6, 20000, lambda h: _shortdeck(h)),
    # Omaha: the racing writer changes the holes or the boards (see PARTNER for the other).
    **{f"evaluate_omaha_batch_holes{k}": (k, 20000, lambda h, b: pc.evaluate_omaha_batch(h, b))
       for k in (4, 5, 6)},
    "evaluate_omaha_batch_boards": (5, 20000, lambda b, h: pc.evaluate_omaha_batch(h, b)),
    # equity(): the user's numpy arrays of hole cards and board change while it runs.
    "equity_exact": (7, 1, lambda h: _equity(h, exact=True)),
    "equity_monte_carlo": (7, 1, lambda h: _equity(h, samples=3000, seed=1)),
    "equity_exact_threads": (7, 1, lambda h: _equity(h, exact=True, workers=2)),
}

#: kernels with a second, unchanged array argument: name -> its cards per row,
#: dealt together with the shared array so that the two are disjoint row by row
PARTNER = {
    **{f"evaluate_omaha_batch_holes{k}": 5 for k in (4, 5, 6)},
    "evaluate_omaha_batch_boards": 4,
}


def _equity(h: np.ndarray, **kwargs: object) -> object:
    """equity() of two hands and a flop, each a view into the racing array.

    The equity kernels (``_equity.exact_unit``; ``_montecarlo.MonteCarloPlan``,
    which copies its arrays when built) never read an array the caller gave:
    ``equity`` turns every argument into card codes (lists) and checks them,
    then builds the kernels' arrays itself, shared with no one.  So what a
    racing writer can reach is this: the user's own arrays changing while
    ``equity`` reads and checks them.
    """
    row = h[0]
    result = equity([row[0:2], row[2:4]], board=row[4:7], **kwargs)
    wins = [p.win for p in result.players]  # type: ignore[attr-defined]
    if not all(0.0 <= w <= 1.0 for w in wins):
        raise AssertionError(f"equity gave wins {wins} outside 0..1")
    return result


#: kernels whose every answer must be 0 or a rank of the scale, even for changed bytes
RANGES = {
    "evaluate5_batch": lambda: (1, _eval.NUM_RANKS_STANDARD),
    "evaluate5_batch_binh": lambda: (pc.evaluate3("2c 3d 4h"), pc.evaluate5("As Ks Qs Js Ts", rules="binh")),
    "evaluate3_batch": lambda: (pc.evaluate3("2c 3d 4h"), pc.evaluate5("As Ks Qs Js Ts", rules="binh")),
    **{name: lambda: (1, _eval.NUM_RANKS_STANDARD) for name in (
        "evaluate6_batch", "evaluate7_batch", "holdem.evaluate_batch", "evaluate_omaha_batch_boards",
        *(f"evaluate_omaha_batch_holes{k}" for k in (4, 5, 6)))},
}


def main(kernel: str, seconds: float, seed: int) -> int:
    k, n, call = KERNELS[kernel]
    m = PARTNER.get(kernel, 0)
    dealt = _hands(k + m, n, seed)
    clean = np.ascontiguousarray(dealt[:, :k])
    if m:
        partner = np.ascontiguousarray(dealt[:, k:])
        two_arrays = call

        def call(h):
            return two_arrays(h, partner)
    shared = clean.copy()
    flat = shared.reshape(-1)
    rng = np.random.default_rng(seed)
    stop = threading.Event()
    pause = 0.0002 if n > 1 else 0.0

    def writer() -> None:
        # Toggle a few bytes to 255 / a random byte and back, as fast as the GIL allows.
        while not stop.is_set():
            idx = rng.integers(0, flat.size, 8)
            flat[idx] = 255
            flat[idx[:4]] = rng.integers(0, 256, 4, dtype=np.uint8)
            flat[idx] = clean.reshape(-1)[idx]
            if pause:
                time.sleep(pause)  # let some calls pass validation, then change bytes under them

    t = threading.Thread(target=writer, daemon=True)
    t.start()
    deadline = time.monotonic() + seconds
    calls = refused = 0
    try:
        while time.monotonic() < deadline:
            try:
                result = call(shared)
                if kernel in RANGES:
                    lo, hi = RANGES[kernel]()
                    bad = (result != 0) & ((result < lo) | (result > hi))
                    if bad.any():  # a value from outside the tables: an out-of-bounds read
                        print(f"{kernel}: rank {int(result[bad][0])} outside {lo}..{hi}")
                        return 3
            except pc.PokercoreError:
                refused += 1  # a changed byte seen by the validation: a clean refusal is fine
            calls += 1
    finally:
        stop.set()
        t.join()
    print(f"{kernel}: {calls} calls survived ({refused} refused by the validation)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], float(sys.argv[2]), int(sys.argv[3])))
