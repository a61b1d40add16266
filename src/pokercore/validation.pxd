# cython: language_level=3
"""Card reading of :mod:`pokercore.validation` for Cython code (the per-call fast path, the batch row scan).

Usage from your own ``.pyx`` (add ``pokercore.get_include()`` to the
extension's ``include_dirs``)::

    from libc.stdint cimport uint8_t
    from pokercore.validation cimport read_cards

    def my_eval(cards):
        cdef uint8_t c[7]
        read_cards(cards, 7, c, "my_eval")   # raises the pokercore error that names the problem
        ...

``read_fast`` and ``first_invalid_row`` are inlined where they are used;
``read_cards`` is the one reader of every accepted card form (string, codes,
card strings, 1-D array) with pokercore's messages.
"""
from libc.stdint cimport uint8_t
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.list cimport PyList_GET_SIZE, PyList_GET_ITEM
from cpython.tuple cimport PyTuple_GET_SIZE, PyTuple_GET_ITEM

from pokercore.ceval cimport pc_valid_cards


cdef inline int read_fast(object cards, Py_ssize_t n, uint8_t *out) except -1:
    """Read a list/tuple of ``n`` distinct plain ints in 0..51 into ``out``; 0 if the slow path must decide."""
    cdef Py_ssize_t i, size
    cdef int is_list = type(cards) is list
    cdef int overflow = 0
    cdef long v
    cdef object item
    if is_list:
        size = PyList_GET_SIZE(cards)
    elif type(cards) is tuple:
        size = PyTuple_GET_SIZE(cards)
    else:
        return 0
    if size != n:
        return 0
    for i in range(n):
        item = <object>(PyList_GET_ITEM(cards, i) if is_list else PyTuple_GET_ITEM(cards, i))
        if type(item) is not int:
            return 0
        v = PyLong_AsLongAndOverflow(item, &overflow)
        if overflow or v < 0 or v > 51:
            return 0
        out[i] = <uint8_t>v
    return pc_valid_cards(out, <int>n)


cdef inline Py_ssize_t first_invalid_row(const uint8_t *p, Py_ssize_t n, int k) noexcept nogil:
    """Index of the first of ``n`` rows of ``k`` codes that is not ``k`` distinct codes 0..51, or -1."""
    # A constant row length lets the C compiler unroll pc_valid_cards.
    cdef Py_ssize_t i
    if k == 5:
        for i in range(n):
            if not pc_valid_cards(p + 5 * i, 5):
                return i
    elif k == 7:
        for i in range(n):
            if not pc_valid_cards(p + 7 * i, 7):
                return i
    elif k == 3:
        for i in range(n):
            if not pc_valid_cards(p + 3 * i, 3):
                return i
    elif k == 6:
        for i in range(n):
            if not pc_valid_cards(p + 6 * i, 6):
                return i
    else:
        for i in range(n):
            if not pc_valid_cards(p + k * i, k):
                return i
    return -1


cdef int read_cards(object cards, Py_ssize_t n, uint8_t *out, str name) except -1
