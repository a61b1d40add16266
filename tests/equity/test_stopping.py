"""A long equity run stops at once: Ctrl-C, a progress callback that raises, the kernels' stop flag.

The runs below would take from 20 seconds to several minutes; each must stop within a
generous 2.5 seconds of being asked (a behaviour bound, not a benchmark: the measured stop
takes a few milliseconds), on one worker and on two, Monte Carlo and exact.  Before the stop
flag, Ctrl-C took effect only after the whole run (one worker) or after every queued unit
(two workers).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import numpy as np
import pytest

from pokercore.equity import _equity, _montecarlo
from pokercore.equity._exact_plan import arrays, exact_deals
from pokercore.equity._holdem_equity import equity
from tests.interruptible import start_interruptible

#: Each run takes far longer than STOP_BOUND on one core (measured: 6 s to 5 minutes).
LONG_RUNS = {
    "monte-carlo": '["AsKs", "random", "random", "random"], samples=300_000_000, seed=1',
    # 6e10 hands, few of their deals alike up to suits (the dead cards break the symmetry): about 6 s
    "exact": '["AA", "KQs", "random"], dead="2c 3d", exact=True',
}
#: The same with shorter tasks (a tenth of a second each for the exact run): the first progress report comes sooner.
PROGRESS_RUNS = {
    "monte-carlo": LONG_RUNS["monte-carlo"],
    "exact": '["AKs", "QQ", "random"], dead="2c 3d", exact=True',
}
STOP_BOUND = 2.5
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def _start(code: str) -> subprocess.Popen[str]:
    """A fresh interpreter running ``code``; returns once it printed 'start' (just before the run)."""
    proc = start_interruptible([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "start", proc.communicate()
    return proc


def interrupt_after(proc: subprocess.Popen[str], delay: float) -> tuple[float, int, str]:
    """Send SIGINT ``delay`` seconds into the run; (seconds until exit, exit code, stderr)."""
    time.sleep(delay)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
    return time.monotonic() - sent, proc.returncode, err


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("kind", sorted(LONG_RUNS))
def test_ctrl_c_stops_a_long_run(kind: str, workers: int) -> None:
    code = textwrap.dedent(f"""
        import threading
        from pokercore.equity._holdem_equity import equity
        print("start", flush=True)
        try:
            equity({LONG_RUNS[kind]}, workers={workers})
        finally:
            # Nothing keeps working in the background: every worker thread has been joined.
            assert [t.name for t in threading.enumerate() if t.name.startswith("pokercore-equity")] == []
        print("finished", flush=True)
    """)
    took, code_, err = interrupt_after(_start(code), 0.5)
    assert err.rstrip().endswith("KeyboardInterrupt"), err
    assert "AssertionError" not in err
    assert code_ != 0
    assert took < STOP_BOUND, f"{kind}, workers={workers}: stopped {took:.2f} s after Ctrl-C"


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("kind", sorted(LONG_RUNS))
def test_a_progress_callback_that_raises_stops_the_run(kind: str, workers: int) -> None:
    code = textwrap.dedent(f"""
        import json, threading, time
        from pokercore.equity._holdem_equity import equity

        class Enough(Exception):
            pass

        raised = []

        def progress(done, total):
            raised.append(time.monotonic())
            raise Enough(f"{{done}}/{{total}}")

        print("start", flush=True)
        try:
            equity({PROGRESS_RUNS[kind]}, workers={workers}, progress=progress)
        except Enough:
            took = time.monotonic() - raised[0]
        alive = [t.name for t in threading.enumerate() if t.name.startswith("pokercore-equity")]
        cpu = time.process_time()
        time.sleep(0.3)
        print(json.dumps({{"took": took, "alive": alive, "cpu": time.process_time() - cpu}}), flush=True)
    """)
    proc = _start(code)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    report = json.loads(out)
    assert report["alive"] == []   # every worker thread joined
    assert report["cpu"] < 0.15    # and nothing computes in the background while we sleep
    assert report["took"] < STOP_BOUND, report  # from the raise to the caller


def test_monte_carlo_kernel_stops_when_its_flag_is_set() -> None:
    ranges = [[((51, 47), 1.0)], [(c, 1.0) for c in [(a, b) for a in range(44) for b in range(a)]],
              [(c, 1.0) for c in [(a, b) for a in range(44) for b in range(a)]]]
    plan = _montecarlo.MonteCarloPlan(*arrays(ranges), np.zeros(0, np.uint8), 0)
    units = 200_000  # 800 M samples: minutes
    seeds = np.arange(units, dtype=np.uint64)
    stop = np.zeros(1, dtype=np.int32)
    threading.Timer(0.2, lambda: stop.__setitem__(0, 1)).start()
    counts, status = plan.run(seeds, 0, units, units * 4096, 4096, 1_000_000, stop)
    assert status == -2
    assert counts.sum() < units * 4096  # partial
    counts, status = plan.run(seeds, 0, units, units * 4096, 4096, 1_000_000, stop)  # already set
    assert status == -2 and counts.sum() == 0
    with pytest.raises(ValueError, match="stop"):
        plan.run(seeds, 0, 1, 4096, 4096, 10, np.zeros(0, np.int32))


def test_exact_kernel_stops_when_its_flag_is_set() -> None:
    ranges = [[((51, 47), 1.0)], [((a, b), 1.0) for a in range(40) for b in range(a)]]
    plan = exact_deals(ranges, 1_712_304, 5, np.zeros(0, np.uint8), 0)
    holes, weights = plan.holes, plan.weights
    stop = np.zeros(1, dtype=np.int32)
    threading.Timer(0.2, lambda: stop.__setitem__(0, 1)).start()
    board = np.zeros(0, np.uint8)
    _, total = _equity.exact_unit(holes, weights, board, 0, 0, len(holes), 0, stop)
    assert total == -1.0  # stopped: 780 deals of 1.7 M boards one by one would take seconds
    # A flag that stays clear changes nothing.
    clear = _equity.exact_unit(holes, weights, board, 0, 0, 2, 1, np.zeros(1, np.int32))
    plain = _equity.exact_unit(holes, weights, board, 0, 0, 2, 1)
    assert clear[1] == plain[1] > 0 and clear[0].tolist() == plain[0].tolist()


class _Signalled(Exception):
    pass


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(), reason="signals: main thread")
@pytest.mark.parametrize("kind", ["monte-carlo", "exact"])
def test_a_signal_handler_that_raises_interrupts_the_kernel(kind: str) -> None:
    """On the main thread the kernels run Python's signal handlers: what a handler raises comes out."""
    def handler(signum: int, frame: object) -> None:
        raise _Signalled

    old = signal.signal(signal.SIGUSR1, handler)
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGUSR1))
    try:
        timer.start()
        with pytest.raises(_Signalled):
            if kind == "exact":
                equity(["AA", "KQs", "random"], dead="2c", exact=True)
            else:
                equity(["AsKs", "random", "random", "random"], samples=300_000_000, seed=1)
    finally:
        timer.cancel()
        signal.signal(signal.SIGUSR1, old)
