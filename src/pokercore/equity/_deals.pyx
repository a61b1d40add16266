# cython: language_level=3, auto_pickle=False, autotestdict=False
"""Hold'em deal kernels: the deals of ranges, and one enumeration for each class of deals alike.

Private: :mod:`pokercore.equity._exact_plan` and :mod:`pokercore.equity._tasks`
call these after :mod:`pokercore.equity` has validated every input.
:func:`count_deals` and :func:`build_deals` list the deals of ranges (one
combo per player, no card shared); :func:`canonical_deals` groups the deals
that a renaming of suits maps onto each other, :func:`class_counts`
enumerates the boards of one deal of each group (with the enumeration of
:mod:`pokercore.equity._equity`) and :func:`weigh_classes` weighs every
deal with its group's counts, giving the floats of
:func:`pokercore.equity._equity.exact_unit` bit for bit.
"""
from libc.stdint cimport uint8_t, uint64_t, int64_t, int32_t, INT64_MAX
from libc.math cimport frexp, ldexp

from pokercore.equity._common cimport PC_MAX_PLAYERS, pc_poll, poll, raise_pending
from pokercore.equity._equity cimport POLL_HANDS, _enum_one, _board_args, _zero, _weigh, _boards


# -- Deals alike up to suits: one enumeration for each class ----------------------------------
#
# Renaming the suits (the same renaming for every player's cards, the board and the dead cards)
# maps the boards of one deal one to one onto those of the renamed deal, every hand keeping its
# rank: the two deals have the same integer counts.  ``canonical_deals`` gives each deal the least
# encoding over the renamings that keep the board and the dead cards least, so deals with equal
# encodings are renamings of each other; ``class_counts`` enumerates one deal of each class and
# ``weigh_classes`` weighs every deal with its class's counts, deal by deal in order, exactly as
# ``_equity.exact_unit`` would.

cdef int[24][4] _PERMS
cdef int _np = 0
for _a in range(4):
    for _b in range(4):
        for _c in range(4):
            for _d in range(4):
                if len({_a, _b, _c, _d}) == 4:
                    _PERMS[_np][0] = _a
                    _PERMS[_np][1] = _b
                    _PERMS[_np][2] = _c
                    _PERMS[_np][3] = _d
                    _np += 1


cdef inline uint64_t _rename_mask(uint64_t mask, const int *perm) noexcept nogil:
    cdef uint64_t out = 0
    cdef int c
    for c in range(52):
        if (mask >> c) & 1:
            out |= (<uint64_t>1) << ((c & ~3) | perm[c & 3])
    return out


cdef int _least_renamings(const uint8_t[::1] board, uint64_t dead_mask, int *keep) noexcept:
    """The renamings (indices into ``_PERMS``) that make the board and the dead cards least, into ``keep``;
    returns how many: the renamings that map both onto themselves, identity included."""
    cdef uint64_t bmask = 0, bm, dm, best_b = 0, best_d = 0
    cdef int q, nkeep = 0
    cdef Py_ssize_t j
    for j in range(board.shape[0]):
        bmask |= (<uint64_t>1) << (board[j] & 63)
    bmask &= (<uint64_t>1 << 52) - 1
    dead_mask &= (<uint64_t>1 << 52) - 1
    for q in range(24):
        bm = _rename_mask(bmask, _PERMS[q])
        dm = _rename_mask(dead_mask, _PERMS[q])
        if nkeep == 0 or bm < best_b or (bm == best_b and dm < best_d):
            best_b = bm
            best_d = dm
            nkeep = 0
        if bm == best_b and dm == best_d:
            keep[nkeep] = q
            nkeep += 1
    return nkeep


def suit_renamings_kept(const uint8_t[::1] board, uint64_t dead_mask):
    """How many renamings of the four suits (1 to 24) map the board and the dead cards onto themselves:
    1 (none but the identity) means no two deals of the run are alike."""
    cdef int keep[24]
    return _least_renamings(board, dead_mask, keep)


def canonical_deals(const uint8_t[:, ::1] holes, const uint8_t[::1] board, uint64_t dead_mask):
    """Each deal's least encoding over the suit renamings that keep the board and dead cards least.

    Row ``a`` of the ``(m, 2P)`` uint8 result encodes deal ``a`` (each
    player's two cards renamed, higher first); two deals have equal rows
    exactly when a renaming of suits maps one onto the other, the board and
    the dead cards onto themselves, so their counts are equal.
    """
    import numpy as np
    cdef Py_ssize_t m = holes.shape[0], a
    cdef int width = <int>holes.shape[1], P = width // 2, j, q, p, x, y, t, better
    cdef int keep[24]
    cdef int nkeep
    cdef uint8_t cur[2 * PC_MAX_PLAYERS]
    cdef uint8_t low[2 * PC_MAX_PLAYERS]
    if P < 1 or P > PC_MAX_PLAYERS or width != 2 * P or board.shape[0] > 5:
        raise ValueError("canonical_deals: bad shapes")
    nkeep = _least_renamings(board, dead_mask, keep)
    out = np.empty((m, width), dtype=np.uint8)
    cdef uint8_t[:, ::1] ov = out
    with nogil:
        for a in range(m):
            for t in range(nkeep):
                q = keep[t]
                for p in range(P):
                    x = holes[a, 2 * p] & 63
                    y = holes[a, 2 * p + 1] & 63
                    x = (x & ~3) | _PERMS[q][x & 3]
                    y = (y & ~3) | _PERMS[q][y & 3]
                    cur[2 * p] = <uint8_t>(x if x > y else y)
                    cur[2 * p + 1] = <uint8_t>(y if x > y else x)
                better = t == 0
                if not better:
                    for j in range(width):
                        if cur[j] != low[j]:
                            better = cur[j] < low[j]
                            break
                if better:
                    for j in range(width):
                        low[j] = cur[j]
            for j in range(width):
                ov[a, j] = low[j]
    return out


def class_counts(const uint8_t[:, ::1] holes, const uint8_t[::1] board, uint64_t dead_mask, int64_t[:, ::1] out,
                 Py_ssize_t a_lo, Py_ssize_t a_hi, const int32_t[::1] stop=None, bint signals=False):
    """Integer counts of deals ``a_lo..a_hi-1`` into rows of ``out`` (``(m, P * (P + 1))`` int64).

    Row ``a``: ``win[P]``, ``tie[P]``, then ``tcount[p, k]`` for ``k = 2..P``
    (player-major).  Returns False if the run stopped early (see
    :func:`pokercore.equity._equity.exact_unit`), True otherwise.
    """
    cdef int P = <int>(holes.shape[1] // 2)
    cdef uint64_t fixed_key, fixed_bits
    cdef int k = _board_args(board, &fixed_key, &fixed_bits)
    cdef Py_ssize_t a
    cdef int p, nt, j
    cdef int64_t win[PC_MAX_PLAYERS]
    cdef int64_t tie[PC_MAX_PLAYERS]
    cdef int64_t tcount[PC_MAX_PLAYERS * (PC_MAX_PLAYERS + 1)]
    cdef double work = 0.0
    cdef bint done = True
    cdef pc_poll ctx
    if P < 2 or P > PC_MAX_PLAYERS or holes.shape[1] != 2 * P or out.shape[1] != P * (P + 1):
        raise ValueError("class_counts: bad shapes")
    if a_lo < 0 or a_hi > holes.shape[0] or a_hi > out.shape[0]:
        raise ValueError("class_counts: bad deal range")
    if stop is not None and stop.shape[0] < 1:
        raise ValueError("class_counts: stop must hold one int32")
    ctx.stop = &stop[0] if stop is not None else NULL
    ctx.signals = signals
    ctx.raised = 0
    with nogil:
        for a in range(a_lo, a_hi):
            if work >= POLL_HANDS:
                work = 0.0
                if poll(&ctx):
                    done = False
                    break
            _zero(win, tie, tcount)
            _enum_one(&holes[a, 0], P, fixed_key, fixed_bits, &board[0] if k else NULL, k, dead_mask,
                      1, 0, 1, win, tie, tcount)
            j = 0
            for p in range(P):
                out[a, p] = win[p]
                out[a, P + p] = tie[p]
                for nt in range(2, P + 1):
                    out[a, 2 * P + j] = tcount[p * (PC_MAX_PLAYERS + 1) + nt]
                    j += 1
            work += (_boards(win, tcount, P)) * P + 1.0
    if ctx.raised:
        raise_pending()
    return done


def weigh_classes(const int64_t[:, ::1] counts, const int64_t[::1] cls, const double[::1] weights, Py_ssize_t a_lo,
                  Py_ssize_t a_hi):
    """``_equity.exact_unit``'s ``(counts, weight)`` for deals ``a_lo..a_hi-1``, deal ``a`` having the
    counts of row ``cls[a]`` of ``counts`` (see :func:`class_counts`): the same floats, bit for bit."""
    import numpy as np
    cdef int P = 0, p, nt, j
    cdef Py_ssize_t a, c
    cdef int64_t win[PC_MAX_PLAYERS]
    cdef int64_t tie[PC_MAX_PLAYERS]
    cdef int64_t tcount[PC_MAX_PLAYERS * (PC_MAX_PLAYERS + 1)]
    while P < PC_MAX_PLAYERS and (P + 1) * (P + 2) <= counts.shape[1]:
        P += 1
    if P < 2 or counts.shape[1] != P * (P + 1):
        raise ValueError("weigh_classes: bad shapes")
    if a_lo < 0 or a_hi > cls.shape[0] or a_hi > weights.shape[0]:
        raise ValueError("weigh_classes: bad deal range")
    for a in range(a_lo, a_hi):
        if not 0 <= cls[a] < counts.shape[0]:
            raise ValueError("weigh_classes: class out of range")
    result = np.zeros((4, P), dtype=np.float64)
    cdef double[:, ::1] r = result
    cdef double total = 0.0
    with nogil:
        _zero(win, tie, tcount)
        for a in range(a_lo, a_hi):
            c = cls[a]
            j = 0
            for p in range(P):
                win[p] = counts[c, p]
                tie[p] = counts[c, P + p]
                for nt in range(2, P + 1):
                    tcount[p * (PC_MAX_PLAYERS + 1) + nt] = counts[c, 2 * P + j]
                    j += 1
            total += weights[a] * _weigh(r, weights[a], win, tie, tcount, P)
    return result, total


# -- Deals: every disjoint choice of one combo per player ------------------------------

ctypedef struct _Deals:
    const uint64_t *masks   # card mask of every combo, the players' ranges one after the other
    const int64_t *offsets  # player p's combos: offsets[p] .. offsets[p + 1] - 1
    int P
    int64_t count           # deals found
    int64_t limit           # stop once more than this many are found
    int64_t steps           # combos tried
    int64_t step_limit      # stop once more than this many are tried
    int status              # 0 finished, 1 more than `limit` deals, 2 more than `step_limit` steps
    # building (NULL when counting):
    const uint8_t *combos   # (n, 2) card codes
    const double *mant      # weight of combo j = mant[j] * 2**expo[j], mant in [0.5, 1)
    const int *expo
    uint8_t *holes          # (limit, 2P)
    double *dm              # deal d weighs dm[d] * 2**de[d]
    int64_t *de
    int64_t pick[PC_MAX_PLAYERS]


cdef void _deals(_Deals *d, int p, uint64_t used) noexcept nogil:
    """Depth-first over the players' combos in order (player 0 outermost), skipping shared cards."""
    cdef int64_t j, row
    cdef int q
    cdef double m
    cdef int64_t e
    for j in range(d.offsets[p], d.offsets[p + 1]):
        d.steps += 1
        if d.steps > d.step_limit:
            d.status = 2
            return
        if used & d.masks[j]:
            continue
        d.pick[p] = j
        if p + 1 < d.P:
            _deals(d, p + 1, used | d.masks[j])
            if d.status:
                return
            continue
        if d.count >= d.limit:
            d.status = 1
            return
        if d.holes != NULL:
            row = d.count
            m = 1.0
            e = 0
            for q in range(d.P):
                d.holes[row * 2 * d.P + 2 * q] = d.combos[2 * d.pick[q]]
                d.holes[row * 2 * d.P + 2 * q + 1] = d.combos[2 * d.pick[q] + 1]
                m = m * d.mant[d.pick[q]]
                e += d.expo[d.pick[q]]
            d.dm[row] = m
            d.de[row] = e
        d.count += 1


cdef int _setup_deals(_Deals *d, const uint8_t[:, ::1] combos, const int64_t[::1] offsets,
                      uint64_t *masks) except -1:
    cdef Py_ssize_t j, n = combos.shape[0]
    cdef int p, P = <int>(offsets.shape[0] - 1)
    if P < 2 or P > PC_MAX_PLAYERS or combos.shape[1] != 2 or offsets[0] != 0 or offsets[P] != n:
        raise ValueError("deals: bad shapes")
    for p in range(P):
        if offsets[p + 1] < offsets[p]:
            raise ValueError("deals: bad offsets")
    for j in range(n):
        masks[j] = ((<uint64_t>1) << (combos[j, 0] & 63)) | ((<uint64_t>1) << (combos[j, 1] & 63))
    d.masks = masks
    d.offsets = &offsets[0]
    d.P = P
    d.count = d.steps = 0
    d.status = 0
    d.holes = NULL
    return 0


def count_deals(const uint8_t[:, ::1] combos, const int64_t[::1] offsets, int64_t limit, int64_t step_limit):
    """Count the deals of ranges: one combo per player, no card in two combos.

    Player ``p`` holds one of ``combos[offsets[p]:offsets[p+1]]``.  Returns
    ``(count, status)``: status 0 when ``count`` is the number of deals, 1
    when there are more than ``limit`` (count is ``limit``), 2 when the
    count stopped after ``step_limit`` combos tried (count is a lower bound).
    """
    import numpy as np
    cdef _Deals d
    masks = np.empty(combos.shape[0], dtype=np.uint64)
    cdef uint64_t[::1] mv = masks
    _setup_deals(&d, combos, offsets, &mv[0] if combos.shape[0] else NULL)
    d.limit = limit
    d.step_limit = step_limit
    if combos.shape[0]:
        with nogil:
            _deals(&d, 0, 0)
    return int(d.count), int(d.status)


def build_deals(const uint8_t[:, ::1] combos, const int64_t[::1] offsets, const double[::1] weights,
                int64_t count):
    """The ``count`` deals of :func:`count_deals` (which must say status 0): ``(holes, weights)``.

    ``holes[d]`` holds the 2P hole cards of deal ``d`` (player p: columns 2p,
    2p+1), in depth-first order (player 0's combos outermost, each range in
    its order); ``weights[d]`` the product of its combos' weights.  The
    products are formed exponent apart, so they never underflow to zero
    together: if even the heaviest deal would weigh less than 2**-960, all
    are scaled by one power of two (the shares they give do not change).
    """
    import numpy as np
    cdef _Deals d
    cdef Py_ssize_t j, n = combos.shape[0]
    cdef int64_t i, emax, shift = 0
    cdef int ex
    cdef int P = <int>(offsets.shape[0] - 1)
    if weights.shape[0] != n or count < 0:
        raise ValueError("build_deals: bad shapes")
    for j in range(n):
        if not (weights[j] > 0.0 and weights[j] <= 1.0):
            raise ValueError("build_deals: weights must be in (0, 1]")
    masks = np.empty(n, dtype=np.uint64)
    mant = np.empty(n, dtype=np.float64)
    expo = np.empty(n, dtype=np.intc)
    holes = np.zeros((count, 2 * max(P, 0)), dtype=np.uint8)
    dm = np.empty(count, dtype=np.float64)
    de = np.empty(count, dtype=np.int64)
    cdef uint64_t[::1] mv = masks
    cdef double[::1] mm = mant
    cdef int[::1] me = expo
    cdef uint8_t[:, ::1] hv = holes
    cdef double[::1] dmv = dm
    cdef int64_t[::1] dev = de
    _setup_deals(&d, combos, offsets, &mv[0] if n else NULL)
    for j in range(n):
        mm[j] = frexp(weights[j], &ex)
        me[j] = ex
    d.limit = count
    d.step_limit = INT64_MAX
    d.combos = &combos[0, 0] if n else NULL
    d.mant = &mm[0] if n else NULL
    d.expo = &me[0] if n else NULL
    d.holes = &hv[0, 0] if count else NULL
    d.dm = &dmv[0] if count else NULL
    d.de = &dev[0] if count else NULL
    if count:
        with nogil:
            _deals(&d, 0, 0)
    if d.count != count or d.status == 2:
        raise ValueError("build_deals: count differs from count_deals")
    if count:
        emax = de.max()
        if emax < -960:
            shift = -emax
    out = np.empty(count, dtype=np.float64)
    cdef double[::1] ov = out
    for i in range(count):
        ov[i] = ldexp(dmv[i], <int>(dev[i] + shift))
    return holes, out
