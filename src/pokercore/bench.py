"""Speed of pokercore's evaluators next to treys, eval7, phevaluator and pokerkit.

Run it as ``python -m pokercore bench`` (``--quick`` for a run of a few
seconds, ``--json FILE`` to keep the numbers).  It prints one table:

* **per call**: one Python call per five-card hand, looping over the same
  prepared random hands, each library on its own fastest natural input
  (pokercore and phevaluator: card codes; eval7: ``eval7.Card`` objects;
  treys: treys ints; pokerkit: tuples of ``pokerkit.Card``), all built
  before the clock starts.  The loop overhead of Python is included for
  every library alike, as in user code.
* **batch**: ``evaluate5_batch`` / ``evaluate3_batch`` on random hands and on
  all 2,598,960 five-card hands (one thread).  The peers have no batch API,
  so each library's fastest per-call loop is listed again with its per-hand
  cost.
* **import**: ``import pokercore`` in a fresh interpreter, wall time minus
  the interpreter's own start-up, and ``python -X importtime``'s figure.

The ratio column says how many times faster pokercore is than the row
(``pokercore evaluate5`` on a list of codes for per-call rows,
``evaluate5_batch`` on random hands for batch rows).  Every peer's answers
are checked to order the hands exactly as pokercore does before it is timed.
The machine, Python and library versions and the date go in the header and
in the JSON file.  Timings are the best of several repeats with the garbage
collector off; on a shared machine compare ratios, not absolute times.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import importlib
import importlib.metadata
import itertools
import json
import os
import platform
import re
import subprocess
import sys
import time
import types
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = [
    "Case", "PER_CALL_CASES", "Prepared", "Report", "Row", "Settings",
    "all_five_card_hands", "format_rate", "format_table", "main", "run",
]

#: Number of five-card hands in a 52-card deck.
ALL_HANDS = 2_598_960

# Targets of the issue ("Speed").
TARGET_EVAL7_RATIO = 5.0
TARGET_PHEVALUATOR_RATIO = 2.0
TARGET_BATCH_RATE = 100e6
TARGET_ALL_HANDS_S = 0.030
TARGET_IMPORT_S = 0.050


@dataclass
class Settings:
    """How long and on what the benchmark runs.

    Parameters
    ----------
    call_hands : int
        Distinct random hands looped over by every per-call row.
    batch_hands : int
        Random hands of the batch rows.
    min_time : float
        Seconds one timed repeat lasts at least (the loop count is scaled up).
    repeats : int
        Timed repeats of every row; the best one counts.
    import_runs : int
        Fresh interpreters started for each import-time figure.
    seed : int
        Seed of the random hands.
    """

    call_hands: int = 5000
    batch_hands: int = 1_000_000
    min_time: float = 0.05
    repeats: int = 15
    import_runs: int = 15
    seed: int = 2024

    @classmethod
    def quick(cls, seed: int = 2024) -> Settings:
        """Settings for a run of a few seconds (noisier figures)."""
        return cls(call_hands=1000, batch_hands=200_000, min_time=0.01, repeats=5,
                   import_runs=5, seed=seed)


@dataclass
class Row:
    """One line of the table.

    Parameters
    ----------
    section : str
        ``"per call"``, ``"batch"`` or ``"import"``.
    library : str
        Library measured (with its version in the JSON metadata).
    form : str
        The call and the input form it was given.
    impl : str
        ``"C ext"`` if the called function is compiled, ``"Python"`` if it is
        Python code (possibly wrapping a compiled core), ``""`` if not applicable.
    rate : float or None
        Evaluations per second (None for skipped and import rows).
    seconds : float or None
        Best time of one repeat of ``n`` evaluations (or of one import).
    n : int
        Evaluations per repeat.
    ratio : float or None
        How many times faster the section's pokercore reference is.
    note : str
        Why a row was skipped, or what else to know.
    """

    section: str
    library: str
    form: str
    impl: str = ""
    rate: float | None = None
    seconds: float | None = None
    n: int = 0
    ratio: float | None = None
    note: str = ""


@dataclass
class Report:
    """Everything one run measured: metadata, rows and the issue's targets."""

    meta: dict[str, Any]
    rows: list[Row] = field(default_factory=list)
    targets: list[dict[str, Any]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"meta": self.meta, "rows": [asdict(r) for r in self.rows], "targets": self.targets}


# ---------------------------------------------------------------------------
# Timing


def _time_interleaved(runs: Sequence[Callable[[], object]], settings: Settings) -> list[float]:
    """Best wall time of one call of each ``run``, the repeats taken round-robin.

    Each run is first calibrated to a loop count lasting ``settings.min_time``;
    then ``settings.repeats`` rounds time every run once in turn, so that a
    burst of load from other processes on a shared machine lands on several
    rows rather than spoiling every repeat of one.  The garbage collector is
    off while timing (as in :mod:`timeit`).
    """
    gc_was_on = gc.isenabled()
    gc.disable()
    try:
        loops: list[int] = []
        best: list[float] = []
        for run in runs:
            n = 1
            while True:
                t0 = time.perf_counter()
                for _ in range(n):
                    run()
                elapsed = time.perf_counter() - t0
                if elapsed >= settings.min_time:
                    break
                n *= 2 if elapsed <= 0 else max(2, min(10, int(settings.min_time / elapsed * 1.2) + 1))
            loops.append(n)
            best.append(elapsed / n)
        for _ in range(settings.repeats - 1):
            for i, run in enumerate(runs):
                n = loops[i]
                t0 = time.perf_counter()
                for _ in range(n):
                    run()
                best[i] = min(best[i], (time.perf_counter() - t0) / n)
        return best
    finally:
        if gc_was_on:
            gc.enable()


_Pending = list[tuple[Row, Callable[[], object]]]


def _impl(func: object) -> str:
    """``"Python"`` for Python-level functions, methods and classes, ``"C ext"`` otherwise.

    Examples
    --------
    >>> _impl(_impl), _impl(len), _impl(Settings)
    ('Python', 'C ext', 'Python')
    """
    if isinstance(func, types.MethodType):
        func = func.__func__
    if isinstance(func, type):
        module = sys.modules.get(func.__module__)
        source = getattr(module, "__file__", None) or ""
        return "Python" if source.endswith(".py") else "C ext"
    return "Python" if isinstance(func, types.FunctionType) else "C ext"


def _version(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def _cpu_model() -> str:
    """The CPU's marketing name (``lscpu``'s "Model name"), best effort."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as fh:
            for line in fh:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _same_order(reference: Sequence[int], other: Sequence[Any]) -> bool:
    """True if ``other`` ranks the hands exactly as ``reference`` (both higher-is-better)."""
    pairs = sorted(zip(reference, other), key=lambda p: p[0])
    for (r0, o0), (r1, o1) in zip(pairs, pairs[1:]):
        if (r0 == r1) != (o0 == o1) or (r0 < r1 and not o0 < o1):
            return False
    return True


# ---------------------------------------------------------------------------
# Per-call cases.  A builder gets the hands as lists of codes and returns
# (function, loop kind, inputs, key): ``key(result)`` is higher-is-better,
# for the order check (None: no check).


def _loop_one(f: Callable[..., Any], items: Sequence[Any]) -> Callable[[], None]:
    def run() -> None:
        for x in items:
            f(x)
    return run


def _loop_star(f: Callable[..., Any], items: Sequence[Any]) -> Callable[[], None]:
    def run() -> None:
        for x in items:
            f(*x)
    return run


def _loop_two(f: Callable[..., Any], items: Sequence[Any]) -> Callable[[], None]:
    def run() -> None:
        for x, y in items:
            f(x, y)
    return run


def _loop_binh(f: Callable[..., Any], items: Sequence[Any]) -> Callable[[], None]:
    def run() -> None:
        for x in items:
            f(x, "binh")
    return run


_LOOPS = {"one": _loop_one, "star": _loop_star, "two": _loop_two, "binh": _loop_binh}


@dataclass
class Prepared:
    """A per-call case made ready to time: the inputs are built, the clock not started.

    Attributes
    ----------
    func : callable
        The library's evaluator.
    inputs : list
        One entry per hand, in the library's own input form.
    run : callable
        ``run()`` calls ``func`` once per hand, discarding the results: the timed loop.
    kind : str
        How ``run`` passes a hand: ``"one"`` (``func(x)``), ``"star"``
        (``func(*x)``), ``"two"`` (``func(x, y)``), ``"binh"`` (``func(x, "binh")``).
    key : callable or None
        Maps a result to a higher-is-better value comparable with pokercore's ranks.
    """

    func: Callable[..., Any]
    inputs: Sequence[Any]
    run: Callable[[], None]
    kind: str
    key: Callable[[Any], Any] | None

    def results(self) -> list[Any]:
        """Evaluate every hand once and return the library's answers."""
        f, kind = self.func, self.kind
        if kind == "one":
            return [f(x) for x in self.inputs]
        if kind == "star":
            return [f(*x) for x in self.inputs]
        if kind == "two":
            return [f(x, y) for x, y in self.inputs]
        return [f(x, "binh") for x in self.inputs]

    def orders_like(self, reference: Sequence[int]) -> bool | None:
        """Whether the answers order the hands exactly as ``reference`` (None: no key)."""
        if self.key is None:
            return None
        return _same_order(reference, [self.key(r) for r in self.results()])


@dataclass
class Case:
    """One library's evaluator called once per five-card hand, on its natural input.

    Attributes
    ----------
    library : str
        Distribution name (``"pokercore"``, ``"eval7"``, ...).
    form : str
        The call and its input form, as printed in the table.
    note : str
        Printed next to the row.
    public : bool
        False for private functions measured only for information.
    name : str
        Short identifier (pytest ids).
    headline : bool
        The library's usual public call, compared in the batch section.
    """

    library: str
    form: str
    build: Callable[[list[list[int]]], tuple[Callable[..., Any], str, Sequence[Any], Any]]
    note: str = ""
    public: bool = True
    name: str = ""
    headline: bool = False

    def prepare(self, hands: Sequence[Sequence[int]]) -> Prepared:
        """Build this library's inputs for ``hands`` (lists of card codes).

        Raises
        ------
        ImportError
            If the library is not installed.
        """
        func, kind, inputs, key = self.build([list(h) for h in hands])
        return Prepared(func, inputs, _LOOPS[kind](func, inputs), kind, key)


def _ident(x: Any) -> Any:
    return x


def _neg(x: Any) -> Any:
    return -x


def _pc_list(hands: list[list[int]]):  # type: ignore[no-untyped-def]
    import pokercore
    return pokercore.evaluate5, "one", hands, _ident


def _pc_tuple(hands: list[list[int]]):  # type: ignore[no-untyped-def]
    import pokercore
    return pokercore.evaluate5, "one", [tuple(h) for h in hands], _ident


def _pc_binh(hands: list[list[int]]):  # type: ignore[no-untyped-def]
    import pokercore
    return pokercore.evaluate5, "binh", hands, None


def _pc_str(hands: list[list[int]]):  # type: ignore[no-untyped-def]
    import pokercore
    return pokercore.evaluate5, "one", [pokercore.format_cards(h) for h in hands], _ident


def _eval7(hands: list[list[int]]):  # type: ignore[no-untyped-def]
    import pokercore
    eval7 = importlib.import_module("eval7")
    cards = [[eval7.Card(s) for s in pokercore.format_cards(h).split()] for h in hands]
    return eval7.evaluate, "one", cards, _ident


def _ph_5cards(hands: list[list[int]]):  # type: ignore[no-untyped-def]
    mod = importlib.import_module("phevaluator.evaluator")
    return mod.evaluate_5cards, "star", hands, _neg


def _ph_cards(hands: list[list[int]]):  # type: ignore[no-untyped-def]
    mod = importlib.import_module("phevaluator.evaluator")
    return mod.evaluate_cards, "star", hands, _neg


def _ph_native(hands: list[list[int]]):  # type: ignore[no-untyped-def]
    mod = importlib.import_module("phevaluator._pheval")
    return mod.evaluate_5cards, "star", hands, _neg


def _treys(hands: list[list[int]]):  # type: ignore[no-untyped-def]
    import pokercore
    treys = importlib.import_module("treys")
    ev = treys.Evaluator()
    pairs = []
    for h in hands:
        c = [treys.Card.new(s) for s in pokercore.format_cards(h).split()]
        pairs.append((c[:2], c[2:]))
    return ev.evaluate, "two", pairs, _neg


def _treys_five(hands: list[list[int]]):  # type: ignore[no-untyped-def]
    import pokercore
    treys = importlib.import_module("treys")
    ev = treys.Evaluator()
    cards = [[treys.Card.new(s) for s in pokercore.format_cards(h).split()] for h in hands]
    return ev._five, "one", cards, _neg


def _pk_lookup(hands: list[list[int]]):  # type: ignore[no-untyped-def]
    import pokercore
    pokerkit = importlib.import_module("pokerkit")
    lookup = pokerkit.StandardLookup()
    cards = [tuple(pokerkit.Card.parse(pokercore.format_cards(h, sep=""))) for h in hands]
    return lookup.get_entry, "one", cards, lambda e: e.index


def _pk_hand(hands: list[list[int]]):  # type: ignore[no-untyped-def]
    import pokercore
    pokerkit = importlib.import_module("pokerkit")
    cards = [tuple(pokerkit.Card.parse(pokercore.format_cards(h, sep=""))) for h in hands]
    return pokerkit.StandardHighHand, "one", cards, lambda hand: hand.entry.index


_PC_REF = ("pokercore", "evaluate5(list of 5 codes)")
_BATCH_REF = "evaluate5_batch(random (n, 5) uint8)"
_BATCH_ALL = "evaluate5_batch(all 2,598,960 hands)"
_BATCH3 = "evaluate3_batch(random (n, 3) uint8)"

#: Every per-call form measured, pokercore's reference first.
PER_CALL_CASES = [
    Case(*_PC_REF, _pc_list, "reference row", name="pokercore", headline=True),
    Case("pokercore", "evaluate5(tuple of 5 codes)", _pc_tuple, name="pokercore-tuple"),
    Case("pokercore", 'evaluate5(list of 5 codes, "binh")', _pc_binh, "Binh straight order",
         name="pokercore-binh"),
    Case("pokercore", 'evaluate5("As Kd 7h 7c 2s")', _pc_str, "parses the string each call",
         name="pokercore-str"),
    Case("eval7", "evaluate(list of 5 eval7.Card)", _eval7, "Cards built beforehand",
         name="eval7", headline=True),
    Case("phevaluator", "evaluate_5cards(a, b, c, d, e) codes", _ph_5cards,
         "public; Python wrapper of the C core", name="phevaluator", headline=True),
    Case("phevaluator", "evaluate_cards(*codes)", _ph_cards, "public; Python wrapper",
         name="phevaluator-cards"),
    Case("phevaluator", "_pheval.evaluate_5cards(a, b, c, d, e)", _ph_native,
         "private C function, no wrapper", public=False, name="phevaluator-private-C"),
    Case("treys", "Evaluator().evaluate(hand2, board3) treys ints", _treys,
         name="treys", headline=True),
    Case("treys", "Evaluator()._five(5 treys ints)", _treys_five, "private method",
         public=False, name="treys-private-five"),
    Case("pokerkit", "StandardLookup().get_entry(tuple of 5 Card)", _pk_lookup,
         "Cards parsed beforehand", name="pokerkit", headline=True),
    Case("pokerkit", "StandardHighHand(tuple of 5 Card)", _pk_hand, "Cards parsed beforehand",
         name="pokerkit-hand"),
]


def _per_call_rows(settings: Settings, pending: _Pending) -> list[Row]:
    """Rows of the per-call section; their timed loops are appended to ``pending``."""
    import pokercore

    hands = pokercore.random_hands(settings.call_hands, 5, seed=settings.seed).tolist()
    reference = [pokercore.evaluate5(h) for h in hands]
    rows: list[Row] = []
    for case in PER_CALL_CASES:
        row = Row("per call", case.library, case.form, n=len(hands), note=case.note)
        rows.append(row)
        try:
            prepared = case.prepare(hands)
        except ImportError as exc:
            row.note = f"skipped: {case.library} not installed ({exc.name or exc})"
            continue
        except Exception as exc:  # a peer changed its API: report, don't crash the table
            row.note = f"skipped: setup failed ({type(exc).__name__}: {exc})"
            continue
        row.impl = _impl(prepared.func)
        try:
            agrees = prepared.orders_like(reference)
        except Exception as exc:
            row.note = f"skipped: call failed ({type(exc).__name__}: {exc})"
            continue
        if agrees is False:
            row.note = "skipped: its ranks do not order the hands as pokercore does"
            continue
        pending.append((row, prepared.run))
    return rows


# ---------------------------------------------------------------------------
# Batch


def all_five_card_hands() -> Any:
    """All 2,598,960 five-card hands as a ``(2598960, 5)`` uint8 array, rows sorted.

    Examples
    --------
    >>> a = all_five_card_hands()  # doctest: +SKIP
    >>> a.shape, a[0].tolist(), a[-1].tolist()  # doctest: +SKIP
    ((2598960, 5), [0, 1, 2, 3, 4], [47, 48, 49, 50, 51])
    """
    import numpy as np

    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
        dtype=np.uint8, count=5 * ALL_HANDS,
    )
    return flat.reshape(ALL_HANDS, 5)


def _batch_rows(settings: Settings, pending: _Pending) -> list[Row]:
    """pokercore's batch rows; their timed calls are appended to ``pending``."""
    import numpy as np

    import pokercore

    rows: list[Row] = []

    def add(form: str, run: Callable[[], object], n: int, note: str = "") -> None:
        row = Row("batch", "pokercore", form, "C ext", n=n, note=note)
        rows.append(row)
        pending.append((row, run))

    h5 = pokercore.random_hands(settings.batch_hands, 5, seed=settings.seed)
    h3 = pokercore.random_hands(settings.batch_hands, 3, seed=settings.seed)
    every = all_five_card_hands()
    out = np.empty(ALL_HANDS, dtype=np.int32)
    e5, e3 = pokercore.evaluate5_batch, pokercore.evaluate3_batch
    n = settings.batch_hands
    add(_BATCH_REF, lambda: e5(h5), n, "reference row")
    add('evaluate5_batch(random, "binh")', lambda: e5(h5, "binh"), n)
    add(_BATCH_ALL, lambda: e5(every), ALL_HANDS, "includes allocating the result")
    add('evaluate5_batch(all hands, "binh")', lambda: e5(every, "binh"), ALL_HANDS)
    add("evaluate5_batch(all hands, out=int32 array)", lambda: e5(every, out=out), ALL_HANDS)
    add(_BATCH3, lambda: e3(h3), n, "3 cards, Binh scale")
    return rows


def _finish(per_call: list[Row], batch: list[Row]) -> None:
    """Rates and ratios once timed; each library's fastest per-call loop joins the batch rows."""
    for row in per_call + batch:
        if row.seconds:
            row.rate = row.n / row.seconds
    ref = per_call[0].rate
    for row in per_call:
        if row.rate and ref:
            row.ratio = ref / row.rate
    fastest: dict[str, Row] = {}
    for r in per_call:  # each library's fastest per-call form, private ones included
        best = fastest.get(r.library)
        if r.rate and (best is None or r.rate > (best.rate or 0.0)):
            fastest[r.library] = r
    for r in fastest.values():
        batch.append(Row("batch", r.library, f"per-call loop: {r.form}", r.impl, r.rate,
                         r.seconds, r.n, note="fastest per-call form" + (
                             "" if r.library == "pokercore" else "; no batch API")))
    ref = batch[0].rate
    for row in batch:
        if row.rate and ref and row.form != _BATCH3:
            row.ratio = ref / row.rate


# ---------------------------------------------------------------------------
# Import time


def _run_python(args: list[str]) -> tuple[float, str]:
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, *args], capture_output=True, text=True, check=True)
    return time.perf_counter() - t0, proc.stderr


_IMPORTTIME = re.compile(r"^import time:\s*(\d+)\s*\|\s*(\d+)\s*\|(\s*)(\S+)\s*$")


def _importtime(stderr: str, module: str) -> float | None:
    """Cumulative seconds ``-X importtime`` reports for the outermost import of ``module``."""
    best: tuple[int, float] | None = None
    for line in stderr.splitlines():
        m = _IMPORTTIME.match(line)
        if m and m.group(4) == module:
            depth = len(m.group(3))
            if best is None or depth < best[0]:
                best = (depth, int(m.group(2)) * 1e-6)
    return None if best is None else best[1]


def _import_rows(settings: Settings) -> list[Row]:
    k = settings.import_runs
    code = "import pokercore"
    try:
        startup = min(_run_python(["-c", "pass"])[0] for _ in range(k))
        wall = min(_run_python(["-c", code])[0] for _ in range(k))
        traces = [_run_python(["-X", "importtime", "-c", code])[1] for _ in range(k)]
    except (OSError, subprocess.CalledProcessError) as exc:
        return [Row("import", "pokercore", code, note=f"skipped: {exc}")]
    cumulative = [_importtime(t, "pokercore") for t in traces]
    numpy_share = [_importtime(t, "numpy") for t in traces]
    rows = [
        Row("import", "pokercore", "import pokercore: wall time - interpreter start-up",
            seconds=wall - startup, n=1,
            note=f"best of {k} fresh interpreters; start-up alone {startup * 1e3:.1f} ms"),
    ]
    if all(c is not None for c in cumulative):
        rows.append(Row("import", "pokercore", "import pokercore: python -X importtime",
                        seconds=min(cumulative), n=1,  # type: ignore[type-var]
                        note="cumulative, best of runs"))
    if all(c is not None for c in numpy_share):
        rows.append(Row("import", "numpy", "  of which numpy (imported by pokercore)",
                        seconds=min(numpy_share), n=1, note="-X importtime, best of runs"))  # type: ignore[type-var]
    elif not any(numpy_share):
        rows.append(Row("import", "numpy", "  numpy", n=1,
                        note="not imported by 'import pokercore' (loaded on first array use)"))
    return rows


# ---------------------------------------------------------------------------
# Targets and output


def _targets(rows: list[Row]) -> list[dict[str, Any]]:
    def find(section: str, library: str, form: str) -> Row | None:
        return next((r for r in rows if r.section == section and r.library == library
                     and r.form == form and r.seconds is not None), None)

    targets: list[dict[str, Any]] = []

    def target(name: str, value: float | None, goal: str, ok: bool | None, detail: str = "") -> None:
        targets.append({"target": name, "value": value, "goal": goal,
                        "met": ok, "detail": detail})

    pc = find("per call", *_PC_REF)
    e7 = next((r for r in rows if r.section == "per call" and r.library == "eval7" and r.rate), None)
    ratio = pc.rate / e7.rate if pc and pc.rate and e7 and e7.rate else None
    target("per call vs eval7.evaluate", ratio, f">= {TARGET_EVAL7_RATIO:g}x",
           None if ratio is None else ratio >= TARGET_EVAL7_RATIO,
           e7.form if e7 else "eval7 not measured")
    public = {c.form for c in PER_CALL_CASES if c.library == "phevaluator" and c.public}
    ph = [r for r in rows if r.section == "per call" and r.library == "phevaluator"
          and r.rate and r.form in public]
    fastest = max(ph, key=lambda r: r.rate or 0.0) if ph else None
    ratio = pc.rate / fastest.rate if pc and pc.rate and fastest and fastest.rate else None
    target("per call vs phevaluator's fastest public call", ratio,
           f">= {TARGET_PHEVALUATOR_RATIO:g}x",
           None if ratio is None else ratio >= TARGET_PHEVALUATOR_RATIO,
           f"{fastest.form} ({fastest.impl})" if fastest else "phevaluator not measured")
    native = find("per call", "phevaluator", "_pheval.evaluate_5cards(a, b, c, d, e)")
    if pc and pc.rate and native and native.rate:
        ratio = pc.rate / native.rate
        target("  (info) vs phevaluator's private C function", ratio,
               f">= {TARGET_PHEVALUATOR_RATIO:g}x", ratio >= TARGET_PHEVALUATOR_RATIO,
               "not a public API")
    batch = find("batch", "pokercore", _BATCH_REF)
    target("batch, random hands, one core", batch.rate if batch else None,
           f">= {TARGET_BATCH_RATE / 1e6:g} M/s",
           None if batch is None else (batch.rate or 0) >= TARGET_BATCH_RATE)
    every = find("batch", "pokercore", _BATCH_ALL)
    target("batch, all 2,598,960 hands", every.seconds if every else None,
           f"< {TARGET_ALL_HANDS_S * 1e3:g} ms",
           None if every is None else (every.seconds or 0) < TARGET_ALL_HANDS_S)
    imp = find("import", "pokercore", "import pokercore: wall time - interpreter start-up")
    target("import pokercore", imp.seconds if imp else None, f"< {TARGET_IMPORT_S * 1e3:g} ms",
           None if imp is None else (imp.seconds or 0) < TARGET_IMPORT_S,
           "wall time minus interpreter start-up")
    return targets


def format_rate(rate: float | None) -> str:
    """Human form of an evaluation rate.

    Examples
    --------
    >>> format_rate(2.46e7), format_rate(231.8e6), format_rate(6.1e5), format_rate(None)
    ('24.6 M/s', '231.8 M/s', '0.61 M/s', '-')
    """
    if rate is None:
        return "-"
    return f"{rate / 1e6:.1f} M/s" if rate >= 1e6 else f"{rate / 1e6:.2f} M/s"


def _format_time(seconds: float | None, per: int) -> str:
    if seconds is None:
        return "-"
    t = seconds / max(per, 1)
    if t >= 1e-3:
        return f"{t * 1e3:.1f} ms"
    if t >= 1e-6:
        return f"{t * 1e6:.2f} us"
    return f"{t * 1e9:.1f} ns"


def format_table(report: Report) -> str:
    """The report as a plain-text table (what ``main`` prints)."""
    m = report.meta
    lines = [
        f"pokercore {m['versions'].get('pokercore')} evaluator benchmark, {m['date']}",
        f"machine: {m['cpu']} ({m['cpus']} logical CPUs), {m['platform']}",
        f"python {m['python']}; " + ", ".join(
            f"{k} {v or 'missing'}" for k, v in m["versions"].items() if k != "pokercore"),
        f"command: {m['command']}",
        "",
    ]
    header = ("section", "library", "call form (input)", "impl", "evals/s", "per eval",
              "pokercore speed-up")
    table = []
    for r in report.rows:
        if r.section == "import":
            per = _format_time(r.seconds, 1)
            ratio = ""
        else:
            per = _format_time(r.seconds, r.n)
            ratio = f"{r.ratio:.2f}x" if r.ratio is not None else ""
        table.append((r.section, r.library, r.form, r.impl,
                      format_rate(r.rate) if r.section != "import" else "", per, ratio, r.note))
    widths = [max(len(str(x[i])) for x in [header, *table]) for i in range(len(header))]
    align = ["<", "<", "<", "<", ">", ">", ">"]

    def fmt(cells: Sequence[str]) -> str:
        return "  ".join(f"{c:{a}{w}}" for c, a, w in zip(cells, align, widths)).rstrip()

    lines.append(fmt(header))
    lines.append(fmt(["-" * w for w in widths]))
    section = None
    for cells in table:
        if section is not None and cells[0] != section:
            lines.append("")
        section = cells[0]
        text = fmt(cells[:7])
        lines.append(f"{text}  {cells[7]}".rstrip() if cells[7] else text)
    lines += ["", "Targets (issue 2, 'Speed'):"]
    for t in report.targets:
        v = t["value"]
        if v is None:
            shown = "-"
        elif "ms" in t["goal"]:
            shown = f"{v * 1e3:.1f} ms"
        elif "M/s" in t["goal"]:
            shown = format_rate(v)
        else:
            shown = f"{v:.2f}x"
        status = {True: "met", False: "MISSED", None: "not measured"}[t["met"]]
        detail = f"  [{t['detail']}]" if t["detail"] else ""
        lines.append(f"  {t['target']:<48} {shown:>11}  goal {t['goal']:<10} {status}{detail}")
    lines.append("")
    lines.append("Per-call rows include the Python loop over the hands; ratios are what "
                 "matter on a shared machine.")
    return "\n".join(lines)


def _meta(settings: Settings, argv: Sequence[str]) -> dict[str, Any]:
    versions = {name: _version(name) for name in
                ("pokercore", "numpy", "eval7", "phevaluator", "treys", "pokerkit")}
    return {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "cpu": _cpu_model(),
        "cpus": os.cpu_count(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "versions": versions,
        "command": " ".join(["python -m pokercore bench", *argv]),
        "settings": asdict(settings),
    }


def run(settings: Settings, *, argv: Sequence[str] = (), do_import: bool = True) -> Report:
    """Measure everything and return the :class:`Report` (nothing printed).

    Parameters
    ----------
    settings : Settings
        Sizes and durations.
    argv : sequence of str
        The command-line options, recorded in the metadata.
    do_import : bool
        Time ``import pokercore`` in fresh interpreters.
    """
    report = Report(_meta(settings, argv))
    pending: _Pending = []
    per_call = _per_call_rows(settings, pending)
    batch = _batch_rows(settings, pending)
    times = _time_interleaved([run for _, run in pending], settings)
    for (row, _), seconds in zip(pending, times):
        row.seconds = seconds
    _finish(per_call, batch)
    report.rows += per_call + batch
    if do_import:
        report.rows += _import_rows(settings)
    report.targets = _targets(report.rows)
    return report


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m pokercore bench",
        description="Compare pokercore's evaluators with treys, eval7, phevaluator and pokerkit.",
    )
    p.add_argument("--quick", action="store_true", help="a run of a few seconds (noisier)")
    p.add_argument("--json", metavar="FILE", help="also write the results as JSON to FILE")
    p.add_argument("--seed", type=int, default=2024, help="seed of the random hands (default 2024)")
    p.add_argument("--no-import", action="store_true",
                   help="skip timing 'import pokercore' in fresh interpreters")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark, print the table and return the exit code (0).

    Parameters
    ----------
    argv : sequence of str, optional
        Options (``--quick``, ``--json FILE``, ``--seed N``, ``--no-import``);
        ``sys.argv[1:]`` if None.

    Returns
    -------
    int
        0; a missed speed target is reported in the table, not as a failure.

    Examples
    --------
    >>> main(["--quick", "--json", "bench.json"])  # doctest: +SKIP
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    args = _parser().parse_args(argv)
    settings = Settings.quick(args.seed) if args.quick else Settings(seed=args.seed)
    report = run(settings, argv=argv, do_import=not args.no_import)
    print(format_table(report))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(report.as_dict(), fh, indent=2)
            fh.write("\n")
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
