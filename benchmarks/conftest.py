"""Shared fixtures of the evaluator benchmarks.

``measure(func, n_evals)`` runs ``func`` under pytest-benchmark and records
the best round, so that the end of the run can print every group's cost per
evaluation and pokercore's speed-up next to the peers.  Without
pytest-benchmark installed (or with ``--benchmark-disable``) every benchmark
runs its function once, as a plain test.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest


@dataclass
class Result:
    group: str
    name: str
    n_evals: int
    best: float
    reference: bool
    baseline: bool


RESULTS: list[Result] = []


class _Once:
    """Stand-in for pytest-benchmark's fixture: run the function once."""

    group = None
    stats = None

    def __init__(self) -> None:
        self.extra_info: dict[str, Any] = {}

    def __call__(self, func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return func(*args, **kwargs)

    def pedantic(self, target: Callable[..., Any], args: tuple[Any, ...] = (),
                 kwargs: dict[str, Any] | None = None, **_: Any) -> Any:
        return target(*args, **(kwargs or {}))


class _Fallback:
    """Registered only when pytest-benchmark is absent (or ``-p no:benchmark``)."""

    @pytest.fixture
    def benchmark(self) -> _Once:
        return _Once()


def pytest_configure(config: pytest.Config) -> None:
    if not config.pluginmanager.hasplugin("benchmark"):
        config.pluginmanager.register(_Fallback(), "pokercore-benchmark-fallback")
        config.addinivalue_line("markers", "benchmark(**kwargs): pytest-benchmark options")


@pytest.fixture
def measure(benchmark: Any, request: pytest.FixtureRequest) -> Callable[..., Any]:
    """``measure(func, n_evals, reference=False, rounds=None)`` -> ``func()``'s result.

    ``n_evals`` is the number of hand evaluations one call of ``func`` does;
    ``reference`` marks the pokercore row the group's ratios are taken to;
    ``baseline`` marks a row whose time the others also show net of (the
    interpreter start-up of the import group); ``rounds`` switches to a fixed
    number of pedantic rounds (slow functions).
    """

    def run(func: Callable[[], Any], n_evals: int, *, reference: bool = False,
            baseline: bool = False, rounds: int | None = None) -> Any:
        benchmark.extra_info["evals_per_round"] = n_evals
        if rounds is None:
            result = benchmark(func)
        else:
            result = benchmark.pedantic(func, rounds=rounds, iterations=1, warmup_rounds=1)
        stats = getattr(benchmark, "stats", None)
        if stats:  # None or empty when benchmarks are disabled
            RESULTS.append(Result(benchmark.group or "", request.node.name, n_evals,
                                  stats.stats.min, reference, baseline))
        return result

    return run


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Per-evaluation cost of every benchmark, next to its group's pokercore reference."""
    if not RESULTS:
        return
    tr = terminalreporter
    tr.section("cost per evaluation (best round)")
    groups: dict[str, list[Result]] = {}
    for r in RESULTS:
        groups.setdefault(r.group, []).append(r)
    width = max(len(r.name) for r in RESULTS)
    for group, results in groups.items():
        ref = next((r for r in results if r.reference), None)
        base = next((r for r in results if r.baseline), None)
        tr.write_line(f"{group}:")
        for r in sorted(results, key=lambda r: r.best / r.n_evals):
            per = r.best / r.n_evals
            if per >= 1e-3:
                cost = f"{per * 1e3:10.1f} ms     "
                if base is not None and r is not base:
                    cost += f" {(r.best - base.best) * 1e3:8.1f} ms net of {base.name}"
            else:
                cost = f"{per * 1e9:10.1f} ns/eval {1.0 / per / 1e6:8.2f} M/s"
            if r is ref:
                note = "(reference)"
            elif ref is not None and not r.baseline:
                ratio = per / (ref.best / ref.n_evals)
                note = (f"{ratio:.2f}x slower than the reference" if ratio >= 1
                        else f"{1 / ratio:.2f}x faster than the reference")
            else:
                note = ""
            tr.write_line(f"  {r.name:<{width}} {cost}  {note}".rstrip())
