"""tests/interruptible.py: a child started while SIGINT is ignored can still be interrupted."""

from __future__ import annotations

import signal
import subprocess
import sys
from collections.abc import Callable

import pytest

from tests.interruptible import start_interruptible

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

# The line is printed inside the try: a SIGINT sent as soon as it is read must find the handler waiting
# (one sent between the print and the try would end the child by the signal, returncode -2).
CHILD = ("import signal, sys, time\n"
         "try:\n    print(signal.getsignal(signal.SIGINT) is signal.default_int_handler, flush=True)\n"
         "    time.sleep(60)\nexcept KeyboardInterrupt:\n    print('interrupted', flush=True)\n"
         "    sys.exit(130)\n")


def _started_with_sigint_ignored(start: Callable[..., subprocess.Popen[str]]) -> subprocess.Popen[str]:
    """Start the child as a test run started in the background would (SIGINT ignored in this process)."""
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        return start([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, text=True)
    finally:
        signal.signal(signal.SIGINT, old)


def test_a_child_started_while_sigint_is_ignored_gets_keyboard_interrupt() -> None:
    proc = _started_with_sigint_ignored(start_interruptible)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "True"  # Python installed its Ctrl-C handler
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 130 and out.strip() == "interrupted"


def test_without_the_helper_the_child_would_ignore_sigint() -> None:
    # what the helper is for: a plain Popen child inherits the ignored SIGINT
    proc = _started_with_sigint_ignored(subprocess.Popen)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "False"
    proc.kill()
    proc.communicate()
