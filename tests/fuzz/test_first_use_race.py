"""A race at first use: one thread imports ``numpy.ma`` while another hands a batch to pokercore.

numpy imports ``numpy.ma`` lazily; while one thread runs that import, the
half-built module already sits in ``sys.modules``.  The batch validator must
never read another module's import state (it once looked ``MaskedArray`` up
there and raised ``AttributeError``).  Each case runs in a fresh interpreter,
where ``numpy.ma`` is not imported yet.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PRELUDE = textwrap.dedent("""
    import sys, threading
    import numpy as np
    import pokercore as pc
    from pokercore.binh import _special_hands as special

    assert "numpy.ma" not in sys.modules, "numpy imported numpy.ma eagerly: nothing to race"

    class Sub(np.ndarray):
        pass

    CALLS = {
        "evaluate5_batch": lambda: pc.evaluate5_batch(pc.random_hands(4, 5, seed=1).view(Sub)),
        "evaluate7_batch": lambda: pc.evaluate7_batch(pc.random_hands(4, 7, seed=1).view(Sub)),
        "classify_special_batch": lambda: special.classify_special_batch(pc.random_hands(4, 13, seed=1).view(Sub)),
        "evaluate5": lambda: pc.evaluate5(pc.random_hands(1, 5, seed=1)[0].view(Sub)),
        "count_legal": lambda: pc.binh.count_legal(pc.random_hands(1, 13, seed=1)[0].view(Sub)),
    }
    call = CALLS[sys.argv[1]]
    errors = []

    def caller():
        try:
            call()
        except BaseException as exc:
            errors.append(repr(exc))
""")

# The importer is held at the start of numpy.ma's module code (numpy.ma is in
# sys.modules, still empty; only that module's import lock is held) until the
# caller has finished or 0.5 s has passed: the caller must wait for the import,
# not read the half-built module.
HELD = PRELUDE + textwrap.dedent("""
    import importlib.machinery

    inside, caller_done = threading.Event(), threading.Event()

    class Hold:
        def find_spec(self, name, path=None, target=None):
            if name != "numpy.ma" or threading.current_thread().name != "importer":
                return None
            spec = importlib.machinery.PathFinder.find_spec(name, path)
            run = spec.loader.exec_module

            def held_exec_module(module):
                inside.set()
                caller_done.wait(0.5)
                run(module)

            spec.loader.exec_module = held_exec_module
            return spec

    sys.meta_path.insert(0, Hold())

    def importer():
        import numpy.ma  # noqa: F401

    def held_caller():
        assert inside.wait(10)
        caller()
        caller_done.set()

    threads = [threading.Thread(target=importer, name="importer"), threading.Thread(target=held_caller)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print("errors:", errors)
""")

# No hold: two threads released together, in either order of start.
FREE = PRELUDE + textwrap.dedent("""
    go = threading.Barrier(2)

    def importer():
        go.wait()
        import numpy.ma  # noqa: F401

    def free_caller():
        go.wait()
        caller()

    pair = [threading.Thread(target=importer), threading.Thread(target=free_caller)]
    if sys.argv[2] == "caller-first":
        pair.reverse()
    for t in pair:
        t.start()
    for t in pair:
        t.join()
    print("errors:", errors)
""")

CALLS = ["evaluate5_batch", "evaluate7_batch", "classify_special_batch", "evaluate5", "count_legal"]


def _run(code: str, *args: str) -> str:
    proc = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout.strip()


@pytest.mark.parametrize("call", CALLS)
def test_a_call_during_another_threads_import_of_numpy_ma_waits_for_it(call: str) -> None:
    out = _run(HELD, call)
    # the masked-array check refuses nothing here (a plain subclass), and raises nothing
    assert out == "errors: []", out


@pytest.mark.parametrize("order", ["importer-first", "caller-first"])
def test_fresh_interpreters_racing_at_first_use(order: str) -> None:
    for i in range(6):
        out = _run(FREE, CALLS[i % len(CALLS)], order)
        assert out == "errors: []", (i, out)
