# cython: language_level=3
"""Shared by the hold'em kernels: the player limit and how a long run stops early.

A run stops when its stop flag is set (from another thread, through the
int32 array the caller passed) or, when it runs on the main thread, when a
signal handler raises (Ctrl-C): :func:`poll` checks both; the kernels call
it every few thousand samples or boards, so a stop takes effect within
milliseconds whatever the size of the run.  After the loop, a kernel whose
poll saw a handler raise calls :func:`raise_pending` to raise that
exception.
"""
from libc.stdint cimport int32_t, uint64_t

cdef extern from "_common.h" nogil:
    enum: PC_MAX_PLAYERS
    const uint64_t PC_SUIT_BITS
    int pc_stop_requested(const int32_t *flag)
    ctypedef int (*pc_poll_fn)(void *ctx)

cdef extern from "Python.h":
    # No exception clause: the exception a handler raises stays pending until raise_pending().
    int _check_signals "PyErr_CheckSignals" ()


ctypedef struct pc_poll:
    const int32_t *stop  # the stop flag, or NULL
    int signals          # also run the signal handlers (only the main thread runs them)
    int raised           # a handler raised: its exception is pending


cdef inline int poll(void *ctx) noexcept nogil:
    """Nonzero if the run must stop: its flag is set, or a signal handler raised."""
    cdef pc_poll *p = <pc_poll *>ctx
    if pc_stop_requested(p.stop):
        return 1
    if p.signals:
        with gil:
            if _check_signals() != 0:
                p.raised = 1
                return 1
    return 0


cdef inline int raise_pending() except -1:
    """Raise the exception a signal handler left pending (see :func:`poll`)."""
    return -1
