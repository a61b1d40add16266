# cython: language_level=3
"""One judge for every batch of hands: :func:`check_hands`, :func:`check_rows` and :func:`check_out`.

Every batch entry point of pokercore (``evaluate3_batch`` .. ``evaluate7_batch``,
``evaluate_batch``, ``evaluate_omaha_batch`` and the Binh batch functions)
reads its hands through :func:`check_hands` and its ``out=`` through
:func:`check_out`, so a batch is judged the same way everywhere.  The Binh
functions check every row before their ``nogil`` loop runs; the evaluators
check each row in the loop that ranks it (one pass over the memory instead of
two) and, when a row fails, report it with :func:`check_rows`, so the errors
are the same either way.

The policy
----------
hands
    * A numpy array of any integer dtype (any width, signedness or byte
      order) and shape ``(n, width)``.  The card codes are checked on the
      array as given (so ``259`` is out of range, never wrapped to ``3``),
      then the kernel reads a C-contiguous ``uint8`` array: an array that is
      already one is read in place (no copy, the fast path); any other dtype
      or layout (Fortran order, strided views) is converted once, after the
      check.  The layout never changes an answer.
    * A subclass (``np.matrix``, ``np.memmap``, ...) is read as the plain
      array of data it holds: its own methods never decide what is read.
      A masked array is refused (:class:`~pokercore.errors.CardTypeError`):
      the kernels would ignore its mask; pass ``hands.filled(...)`` or drop
      the masked rows.
    * Any other object with ``__array__`` (a pandas frame, ...) or a buffer
      is read with ``np.asarray`` and judged as above.
    * A list or tuple of hands: each hand is anything the per-call
      evaluators accept (codes, card strings, one string), read card by card
      (a bool is refused, not read as 1), every hand the same width.
    * Anything else (``None``, a number, one string, a dict, a generator)
      is refused with :class:`~pokercore.errors.CardTypeError`.
    * A bool, float, complex, object or string dtype:
      :class:`~pokercore.errors.CardTypeError` (convert whole numbers with
      ``hands.astype(np.uint8)``).
    * Not 2-D, or a width the function does not take:
      :class:`~pokercore.errors.HandSizeError`.
    * No hands (``n == 0``, or an empty list): not an error; the result is
      empty (shape ``(0,)``).
    * A code outside ``0..51``: :class:`~pokercore.errors.InvalidCardError`;
      a card twice in a hand: :class:`~pokercore.errors.DuplicateCardError`;
      both name the first bad hand (also when threads rank the rows).
      Everything else about the batch (type, dtype, shape, ``out``) is
      judged before any hand is ranked.  The evaluators check the cards of
      a row as they rank it, so when a batch is refused for a bad row, an
      ``out=`` given may already hold the ranks of other rows (a result the
      function allocates is never seen); the Binh functions check every row
      first.
    * The input is never written to.
out
    ``None`` (a new array), or a writeable, C-contiguous, native-order
    array of the result dtype and shape ``(n,)``: a plain ``ndarray`` or a
    ``np.memmap``, nothing else
    (:class:`~pokercore.errors.InvalidArrayError` otherwise).  It must not
    share memory with any input array, including through a second mapping
    (``mmap``, ``np.memmap``, shared memory) of the same part of a file; on
    a system without ``/proc/self/maps`` two mappings are compared only
    when both are ``np.memmap`` objects (the same file is refused).  A
    refused ``out`` is never written to.

workers
    ``workers=`` (threads over the ``nogil`` kernels) is read by
    :func:`pokercore.workers.check_workers`: an int >= 1, or None for every
    core; the batch is judged once and the answers (and errors) are the same
    for any number of threads.

Every refusal is a :class:`~pokercore.errors.PokercoreError` and a
``ValueError`` or ``TypeError`` whose message starts with the function's name
and says what to change.  Threads: each row is checked once, so another
thread must not write to the hands while a call runs (the answers of rows
changed meanwhile would be meaningless, though the call stays memory-safe).

Examples
--------
>>> import numpy as np
>>> check_hands([["As", "Kd", "7h", "7c", "2s"]], 5, name="evaluate5_batch")
array([[51, 45, 22, 20,  3]], dtype=uint8)
>>> h = np.array([[51, 45, 22, 20, 3]], dtype=np.uint8)
>>> check_hands(h, 5, name="evaluate5_batch") is h          # the fast path: no copy
True
>>> check_hands(np.asfortranarray(np.array([[0, 1, 2], [4, 5, 6]], dtype=np.int64)), 3, name="f").flags.c_contiguous
True
>>> check_hands(np.array([[0, 1, 2, 3, 300]]), 5, name="evaluate5_batch")
Traceback (most recent call last):
...
pokercore.errors.InvalidCardError: evaluate5_batch: hand 0 has a card code out of range 0..51: [0, 1, 2, 3, 300]
>>> buf = np.zeros(40, np.uint8)
>>> check_out(buf[:8].view(np.int32), 2, name="evaluate5_batch", inputs=(buf[:10].reshape(2, 5),))
... # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokercore.errors.InvalidArrayError: evaluate5_batch: out shares memory with the input (ranks would ...); pass a ...
"""
from libc.stdint cimport uint8_t

import os

from pokercore.cards import _is_masked_array as is_masked_array
from pokercore.cards import format_card, to_codes
from pokercore.errors import (
    CardTypeError, DuplicateCardError, HandSizeError, InvalidArrayError, InvalidCardError, PokercoreError, cut,
)

__all__ = ["check_hands", "check_out", "check_rows", "is_masked_array", "refuse_masked"]

# numpy is imported on first use (``import pokercore`` stays cheap), by a real
# import statement, which waits for another thread's import to finish.
cdef object _np = None


cdef object _numpy():
    global _np
    if _np is None:
        import numpy
        _np = numpy
    return _np


def refuse_masked(value, str name, str what="hands"):
    """Raise :class:`~pokercore.errors.CardTypeError` if ``value`` is a numpy masked array.

    A kernel reads the data and would ignore the mask.

    >>> import numpy as np
    >>> refuse_masked(np.ma.masked_array([1, 2], mask=[0, 1]), "f", "cards")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokercore.errors.CardTypeError: f: masked arrays are not supported (the mask would be ignored); pass cards.filled...
    """
    if is_masked_array(value):
        raise CardTypeError(
            f"{name}: masked arrays are not supported (the mask would be ignored); "
            f"pass {what}.filled(...) or drop the masked {'cards' if what == 'cards' else 'rows'}"
        )


cdef str _shapes(tuple widths):
    """``(n_hands, 5)`` or ``(n_hands, 5), (n_hands, 6) or (n_hands, 7)``."""
    parts = [f"(n_hands, {w})" for w in widths]
    last = len(parts) - 1  # no negative indices: wraparound is off in release builds
    return parts[0] if last == 0 else ", ".join(parts[:last]) + " or " + parts[last]


cdef object _rows_to_array(object hands, tuple widths, str name, str what):
    """A list or tuple of hands, read card by card, as a uint8 ``(n, width)`` array (values not yet scanned)."""
    np = _numpy()
    if len(hands) == 0:
        return np.empty((0, widths[0]), dtype=np.uint8)
    rows = []
    width = -1
    for i, row in enumerate(hands):
        if not isinstance(row, (str, list, tuple, np.ndarray)):
            of = "" if what == "hands" else f" of {what}"
            raise HandSizeError(
                f"{name}: hand {i}{of} is {type(row).__name__} {cut(row)}, not a hand; expected shape "
                f"{_shapes(widths)} (wrap a single hand in a list: [hand])"
            )
        refuse_masked(row, name, "cards")
        try:
            codes = to_codes(row)
        except PokercoreError as exc:
            raise type(exc)(f"{name}: hand {i}: {exc}") from None
        if len(codes) not in widths or (width >= 0 and len(codes) != width):
            raise HandSizeError(
                f"{name}: hand {i} has {len(codes)} cards; expected shape {_shapes(widths)}"
                + (f" (hand 0 has {width})" if width >= 0 and len(codes) in widths else "")
            )
        width = len(codes)
        rows.append(codes)
    return np.array(rows, dtype=np.uint8)


cdef object _row_error(object arr, Py_ssize_t bad, str name):
    """The error for row ``bad`` of ``arr``, which the row scan found invalid."""
    row = [int(c) for c in arr[bad]]
    if row and (max(row) > 51 or min(row) < 0):
        return InvalidCardError(f"{name}: hand {bad} has a card code out of range 0..51: {cut(row)}")
    return DuplicateCardError(f"{name}: hand {bad} repeats a card: {cut(row)}")


def check_hands(hands, width, *, str name, str what="hands", bint scan_rows=True):
    """Judge a batch of hands by the policy above; return the C-contiguous uint8 array the kernel reads.

    Parameters
    ----------
    hands : array_like
        The batch: an integer array of shape ``(n, width)``, a list or
        tuple of hands, or an object numpy can read as an array.
    width : int or tuple of int
        The number of cards a hand must have (a tuple: any of these).
    name : str
        The caller's name, at the start of every message.
    what : str, default "hands"
        What the argument is called in messages (``"holes"``, ``"boards"``).
    scan_rows : bool, default True
        Check every row's codes (distinct, ``0..51``).  False leaves that to
        the caller's kernel, which checks each row as it reads it and calls
        :func:`check_rows` when one fails (codes of another dtype are still
        range-checked here, before they are converted).

    Returns
    -------
    ndarray of uint8, shape (n, width)
        Plain, C-contiguous, every row ``width`` distinct codes ``0..51``
        (with ``scan_rows=False``: not yet checked): ``hands`` itself when it
        already is such an array, else a new one.

    Raises
    ------
    CardTypeError, HandSizeError, InvalidCardError, DuplicateCardError
        As the policy says; the message names the first bad hand.

    Examples
    --------
    >>> import numpy as np
    >>> check_hands(np.array([[0, 4, 8], [1, 5, 9]], dtype=np.int16), (3, 5), name="f").dtype
    dtype('uint8')
    >>> check_hands(np.zeros((0, 7), dtype=np.uint8), 7, name="f").shape
    (0, 7)
    >>> check_hands(np.array([[0, 4, 8], [1, 5, 5]]), 3, name="f")
    Traceback (most recent call last):
    ...
    pokercore.errors.DuplicateCardError: f: hand 1 repeats a card: [1, 5, 5]
    """
    np = _numpy()
    cdef tuple widths = (width,) if isinstance(width, int) else tuple(width)
    if type(hands) is np.ndarray:
        arr = hands
    elif isinstance(hands, np.ndarray):
        refuse_masked(hands, name, what)
        arr = np.asarray(hands)  # a subclass: the plain array of data it holds, no copy
    elif isinstance(hands, (list, tuple)):
        arr = _rows_to_array(hands, widths, name, what)
    elif (not isinstance(hands, (str, bytes, bytearray))
          and (hasattr(type(hands), "__array__") or hasattr(hands, "__array_interface__")
               or isinstance(hands, memoryview))):
        try:
            arr = np.asarray(hands)
        except Exception as exc:
            raise CardTypeError(f"{name}: could not read {what} as an array: {cut(exc)}") from None
        if type(arr) is not np.ndarray:
            refuse_masked(arr, name, what)
            arr = np.asarray(arr)
    else:
        of = "" if what == "hands" else f" for {what}"
        raise CardTypeError(
            f"{name}: expected an integer array of shape {_shapes(widths)} or a list of hands{of}, "
            f"got {type(hands).__name__} {cut(hands)}"
        )
    dt = arr.dtype
    if dt.kind not in "iu":
        raise CardTypeError(
            f"{name}: {what} must have an integer dtype (uint8 is fastest), got {dt}; "
            f"convert whole numbers with {what}.astype(np.uint8)"
        )
    if arr.ndim != 2 or arr.shape[1] not in widths:
        of = "" if what == "hands" else f" for {what}"
        hint = " (wrap a single hand in a list: [hand])" if arr.ndim == 1 and arr.shape[0] in widths else ""
        raise HandSizeError(
            f"{name}: expected a 2-D array of shape {_shapes(widths)}{of}, got shape {arr.shape}{hint}"
        )
    cdef Py_ssize_t n = arr.shape[0]
    if dt != np.uint8:
        if n:
            lo, hi = arr.min(), arr.max()
            if lo < 0 or hi > 51:
                bad = int(np.argwhere((arr < 0) | (arr > 51))[0, 0])
                raise InvalidCardError(
                    f"{name}: hand {bad} has a card code out of range 0..51: {cut(arr[bad].tolist())}"
                )
        arr = np.ascontiguousarray(arr, dtype=np.uint8)  # after the check: no value wraps
    elif not arr.flags.c_contiguous:
        arr = np.ascontiguousarray(arr)
    if scan_rows:
        check_rows(arr, name=name)
    return arr


def check_rows(arr, *, str name):
    """Raise the policy's error for the first row of ``arr`` that is not distinct codes ``0..51``; None if none is.

    Parameters
    ----------
    arr : ndarray of uint8, shape (n, width), C-contiguous
        What :func:`check_hands` returned (with ``scan_rows=False``).
    name : str
        The caller's name, at the start of the message.

    Raises
    ------
    InvalidCardError, DuplicateCardError
        The first row with a code outside ``0..51``, or a card twice.

    Examples
    --------
    >>> import numpy as np
    >>> check_rows(np.array([[0, 4, 8], [1, 5, 9]], dtype=np.uint8), name="f") is None
    True
    >>> check_rows(np.array([[0, 4, 8], [1, 5, 60]], dtype=np.uint8), name="f")
    Traceback (most recent call last):
    ...
    pokercore.errors.InvalidCardError: f: hand 1 has a card code out of range 0..51: [1, 5, 60]
    """
    cdef const uint8_t[:, ::1] h = arr
    cdef Py_ssize_t bad_row = -1, n = h.shape[0]
    cdef int k = <int>h.shape[1]
    if n and k:
        with nogil:
            bad_row = first_invalid_row(&h[0, 0], n, k)
    if bad_row >= 0:
        raise _row_error(arr, bad_row, name)


# ---------------------------------------------------------------- out=


cdef object _owner(object a):
    """The object at the root of an array's chain of bases (the owner of its memory)."""
    np = _numpy()
    while True:
        if isinstance(a, np.ndarray):
            b = a.base
        elif isinstance(a, memoryview):
            b = a.obj
        else:
            return a
        if b is None:
            return a
        a = b


cdef bint _is_mapped(object a):
    import mmap
    np = _numpy()
    return isinstance(_owner(a), mmap.mmap) or isinstance(a, np.memmap)


cdef tuple _address_span(object a):
    """``[lo, hi)``: the bytes an array can touch."""
    lo = hi = a.__array_interface__["data"][0]
    for size, stride in zip(a.shape, a.strides):
        if size == 0:
            return lo, lo
        step = (size - 1) * stride
        if step < 0:
            lo += step
        else:
            hi += step
    return lo, hi + a.itemsize


def _file_spans(a, maps):
    """``(device, inode, start, end)``: the parts of files the memory of ``a`` maps (``maps``: /proc/self/maps)."""
    lo, hi = _address_span(a)
    spans = []
    for line in maps:
        fields = line.split()
        if len(fields) < 5 or fields[4] == "0":
            continue
        start, _, end = fields[0].partition("-")
        start, end = int(start, 16), int(end, 16)
        if start < hi and end > lo:
            offset = int(fields[2], 16)
            spans.append((fields[3], fields[4], offset + max(lo, start) - start, offset + min(hi, end) - start))
    return spans


cdef object _memmap_file(object a):
    """The file of the first ``np.memmap`` in the chain of bases of ``a``, or None."""
    np = _numpy()
    while isinstance(a, np.ndarray):
        if isinstance(a, np.memmap) and getattr(a, "filename", None):
            return a.filename
        a = a.base
    return None


def _maps_same_file_region(a, b):
    """True when ``a`` and ``b`` map an overlapping part of the same file through different addresses."""
    try:
        with open("/proc/self/maps", encoding="ascii", errors="replace") as f:
            maps = f.read().splitlines()
    except OSError:
        fa, fb = _memmap_file(a), _memmap_file(b)
        return fa is not None and fb is not None and os.path.exists(fa) and os.path.exists(fb) \
            and os.path.samefile(fa, fb)
    spans_b = _file_spans(b, maps)
    for dev, inode, s0, e0 in _file_spans(a, maps):
        for dev_b, inode_b, s1, e1 in spans_b:
            if dev == dev_b and inode == inode_b and s0 < e1 and s1 < e0:
                return True
    return False


def check_out(out, Py_ssize_t n, *, str name, dtype="int32", inputs=()):
    """``out`` judged by the policy above, or a new array when it is None.

    Parameters
    ----------
    out : ndarray or None
        Where the caller writes its ``n`` results.
    n : int
        The number of hands.
    name : str
        The caller's name, at the start of every message.
    dtype : str, default "int32"
        The result dtype.
    inputs : tuple of objects
        The arrays the caller reads (the arrays given and the arrays
        :func:`check_hands` returned): ``out`` may share memory with none.

    Returns
    -------
    ndarray
        ``out``, or a new ``np.empty(n, dtype)``.

    Examples
    --------
    >>> import numpy as np
    >>> out = np.empty(3, dtype=np.int32)
    >>> check_out(out, 3, name="f") is out
    True
    >>> check_out(np.empty(3, dtype=np.int64), 3, name="f")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokercore.errors.InvalidArrayError: f: out must be a writeable C-contiguous int32 array of shape (3,) (a ...)
    """
    np = _numpy()
    if out is None:
        return np.empty(n, dtype=dtype)
    t = type(out)
    if ((t is not np.ndarray and t is not np.memmap) or out.dtype != np.dtype(dtype) or not out.dtype.isnative
            or out.shape != (n,) or not out.flags.c_contiguous or not out.flags.writeable):
        raise InvalidArrayError(
            f"{name}: out must be a writeable C-contiguous {np.dtype(dtype).name} array of shape ({n},) "
            "(a numpy array or numpy.memmap, not another subclass)"
        )
    arrays = [a for a in inputs if isinstance(a, np.ndarray)]
    for a in arrays:
        if np.may_share_memory(out, a) or (_is_mapped(out) and _is_mapped(a) and _maps_same_file_region(out, a)):
            raise InvalidArrayError(
                f"{name}: out shares memory with the input (ranks would overwrite cards not yet read); "
                "pass a separate array as out, or a copy of the input"
            )
    return out


# ---------------------------------------------------------------- one hand


cdef int read_cards(object cards, Py_ssize_t n, uint8_t *out, str name) except -1:
    """Read exactly ``n`` distinct cards in any accepted form into ``out``, or raise the error naming the problem."""
    if read_fast(cards, n, out):
        return 0
    codes = to_codes(cards)
    if len(codes) != n:
        raise HandSizeError(f"{name} needs exactly {n} cards, got {len(codes)}")
    seen = set()
    for i, c in enumerate(codes):
        if c in seen:
            raise DuplicateCardError(
                f"{name}: duplicate card {format_card(c)} (code {c}); the {n} cards must be distinct"
            )
        seen.add(c)
        out[i] = <uint8_t>c
    return 0
