"""Starting a child process that Ctrl-C (SIGINT) can interrupt, however the test run was started.

A process started in the background (``nohup pytest &``, cron, some CI runners)
inherits SIGINT as *ignored*, and an ignored signal stays ignored across
``fork`` and ``exec``: Python then installs no ``KeyboardInterrupt`` handler,
and a test that sends SIGINT to its child waits for nothing.  Every test that
interrupts a child starts it with :func:`start_interruptible`, which restores
the default SIGINT action in the child before the command runs (the launcher
sets it, then ``exec``s the command in the same process: the pid the test
signals is the command's).  ``preexec_fn`` would do the same but is not safe
when the test process has threads.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from typing import Any

__all__ = ["LAUNCHER", "start_interruptible"]

#: Run by a fresh interpreter: SIGINT back to its default action, then become the command (argv[1:]).
LAUNCHER = ("import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
            "os.execv(sys.argv[1], sys.argv[1:])")


def start_interruptible(args: Sequence[str], **popen: Any) -> subprocess.Popen[Any]:
    """``subprocess.Popen(args, **popen)``, with SIGINT at its default action in the child.

    ``args[0]`` is the program's path (``sys.executable`` for Python); a
    Python program gets its usual ``KeyboardInterrupt`` on SIGINT.
    """
    return subprocess.Popen([sys.executable, "-c", LAUNCHER, *args], **popen)
