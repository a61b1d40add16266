# cython: language_level=3, auto_pickle=False, autotestdict=False
"""Hold'em exact equity kernels: the deals of ranges and every board of each, GIL released.

Private: :mod:`pokercore.equity` validates every input (distinct cards,
ranges after card removal, player counts) and schedules these kernels over
threads.  :func:`count_deals` and :func:`build_deals` list the deals (one
combo per player, no card shared); each :func:`exact_unit` call is one
*unit* of work whose result depends only on its arguments, so the units can
run on any number of threads and be summed in a fixed order: the same
inputs give the same answer.

Exact results, shape ``(4, P)``: row 0 wins (sole best hand), row 1 ties
(best hand shared), row 2 tie shares (``1/k`` for a ``k``-way split), row 3
zero; weighted by the product of the players' combo weights.  Monte Carlo:
:mod:`pokercore.holdem._montecarlo`.
"""
from libc.stdint cimport uint8_t, uint64_t, int64_t, int32_t, INT64_MAX
from libc.math cimport frexp, ldexp

from pokercore.ceval7 cimport PC7_CARD, PC7_BIT16, PC7_SUIT_BIAS, pc7_rank7_keys
from pokercore.holdem._common cimport PC_MAX_PLAYERS, PC_SUIT_BITS, pc_poll, poll, raise_pending

#: Most players of one equity question (the one definition, in _common.h).
MAX_PLAYERS = PC_MAX_PLAYERS


cdef enum:
    POLL_HANDS = 1 << 20  # hands scored between two polls of the stop flag and the signal handlers


cdef inline void _score(const int *ranks, int P, int64_t *win, int64_t *tie, int64_t *tcount) noexcept nogil:
    cdef int p, best = 0, n = 0
    for p in range(P):
        if ranks[p] > best:
            best = ranks[p]
            n = 1
        elif ranks[p] == best:
            n += 1
    if n == 1:
        for p in range(P):
            if ranks[p] == best:
                win[p] += 1
    else:
        for p in range(P):
            if ranks[p] == best:
                tie[p] += 1
                tcount[p * (PC_MAX_PLAYERS + 1) + n] += 1


cdef inline uint64_t _swap_suits(uint64_t mask, int x, int y) noexcept nogil:
    """The card mask with suits x and y exchanged."""
    cdef uint64_t mx = mask & (PC_SUIT_BITS << x)
    cdef uint64_t my = mask & (PC_SUIT_BITS << y)
    return (mask ^ mx ^ my) | ((mx >> x) << y) | ((my >> y) << x)


ctypedef struct _Sym:
    # Up to two disjoint suit transpositions that map every hand, the board
    # and the dead cards to themselves: boards come in orbits of 1, 2 or 4
    # with equal results, and only one board per orbit is scored.
    int n
    int x[2]
    int y[2]


cdef void _find_symmetry(const uint64_t *hands, int P, uint64_t board_mask, uint64_t dead_mask,
                         _Sym *sym) noexcept nogil:
    cdef int x, y, p, ok
    sym.n = 0
    for x in range(4):
        for y in range(x + 1, 4):
            if sym.n == 1 and (x == sym.x[0] or y == sym.x[0] or x == sym.y[0] or y == sym.y[0]):
                continue
            if sym.n == 2:
                return
            ok = _swap_suits(board_mask, x, y) == board_mask and _swap_suits(dead_mask, x, y) == dead_mask
            for p in range(P):
                if _swap_suits(hands[p], x, y) != hands[p]:
                    ok = 0
            if ok:
                sym.x[sym.n] = x
                sym.y[sym.n] = y
                sym.n += 1


ctypedef struct _Enum:
    const uint8_t *live
    int n
    int need
    int P
    uint64_t hk[PC_MAX_PLAYERS]
    uint64_t hb[PC_MAX_PLAYERS]
    _Sym sym
    int64_t *win
    int64_t *tie
    int64_t *tcount


cdef inline int _orbit_weight(const _Sym *sym, uint64_t bits) noexcept nogil:
    """Size of the board's orbit if it is its orbit's representative (suit x's ranks >= suit y's), else 0."""
    cdef int i, w = 1
    cdef unsigned X, Y
    for i in range(sym.n):
        X = <unsigned>(bits >> (16 * sym.x[i])) & 0x1fffu
        Y = <unsigned>(bits >> (16 * sym.y[i])) & 0x1fffu
        if X < Y:
            return 0
        if X > Y:
            w *= 2
    return w


cdef inline int _pruned(const _Sym *sym, uint64_t bits, int rank) noexcept nogil:
    """True if no completion of this prefix can be a representative.

    Cards come in descending order, so the ranks above ``rank`` are final.
    """
    cdef int i
    cdef unsigned X, Y
    for i in range(sym.n):
        X = (<unsigned>(bits >> (16 * sym.x[i])) & 0x1fffu) >> (rank + 1)
        Y = (<unsigned>(bits >> (16 * sym.y[i])) & 0x1fffu) >> (rank + 1)
        if X < Y:
            return 1
    return 0


cdef void _enum_sym(_Enum *e, int level, int lo, int hi, uint64_t key, uint64_t bits) noexcept nogil:
    """Boards from ``e.live`` (descending codes), card ``level`` at indexes lo..hi-1, weighted by orbit."""
    cdef int t, c, p, w, r0, r1, best, nb
    cdef uint64_t k, b, hk0, hk1, hb0, hb1
    cdef int64_t w0, w1, tt
    cdef int ranks[PC_MAX_PLAYERS]
    if level == e.need - 1:
        if e.P == 2 and e.sym.n == 0:  # the common case, without orbit weights
            hk0 = key + e.hk[0]
            hk1 = key + e.hk[1]
            hb0 = bits | e.hb[0]
            hb1 = bits | e.hb[1]
            w0 = w1 = tt = 0
            for t in range(lo, hi):
                c = e.live[t]
                r0 = pc7_rank7_keys(hk0 + PC7_CARD[c], hb0 | PC7_BIT16[c])
                r1 = pc7_rank7_keys(hk1 + PC7_CARD[c], hb1 | PC7_BIT16[c])
                w0 += r0 > r1
                w1 += r1 > r0
                tt += r0 == r1
            e.win[0] += w0
            e.win[1] += w1
            e.tie[0] += tt
            e.tie[1] = e.tie[0]
            e.tcount[2] = e.tie[0]
            e.tcount[PC_MAX_PLAYERS + 1 + 2] = e.tie[0]
            return
        for t in range(lo, hi):
            c = e.live[t]
            k = key + PC7_CARD[c]
            b = bits | PC7_BIT16[c]
            w = _orbit_weight(&e.sym, b)
            if w == 0:
                continue
            if e.P == 2:
                r0 = pc7_rank7_keys(k + e.hk[0], b | e.hb[0])
                r1 = pc7_rank7_keys(k + e.hk[1], b | e.hb[1])
                if r0 > r1:
                    e.win[0] += w
                elif r1 > r0:
                    e.win[1] += w
                else:
                    e.tie[0] += w
                    e.tie[1] += w
                    e.tcount[2] += w
                    e.tcount[PC_MAX_PLAYERS + 1 + 2] += w
                continue
            best = 0
            nb = 0
            for p in range(e.P):
                ranks[p] = pc7_rank7_keys(k + e.hk[p], b | e.hb[p])
                if ranks[p] > best:
                    best = ranks[p]
                    nb = 1
                elif ranks[p] == best:
                    nb += 1
            for p in range(e.P):
                if ranks[p] == best:
                    if nb == 1:
                        e.win[p] += w
                    else:
                        e.tie[p] += w
                        e.tcount[p * (PC_MAX_PLAYERS + 1) + nb] += w
        return
    for t in range(lo, hi):
        c = e.live[t]
        b = bits | PC7_BIT16[c]
        if _pruned(&e.sym, b, c >> 2):
            continue
        _enum_sym(e, level + 1, t + 1, e.n - (e.need - level - 2), key + PC7_CARD[c], b)


cdef void _enum_one(const uint8_t *holes, int P, uint64_t fixed_key, uint64_t fixed_bits,
                    uint64_t board_mask, uint64_t dead_mask, int need, int i0_lo, int i0_hi, int symmetry,
                    int64_t *win, int64_t *tie, int64_t *tcount) noexcept nogil:
    """Every board completion (``need`` cards from the live deck) with first index in [i0_lo, i0_hi).

    The live deck is taken from the highest card down.  With ``symmetry``,
    suit transpositions that leave the hands, the board and the dead cards
    unchanged are used: one board per orbit is scored, counted as many times
    as the orbit has boards.
    """
    cdef uint64_t used = board_mask | dead_mask
    cdef uint64_t hands[PC_MAX_PLAYERS]
    cdef uint8_t live[52]
    cdef int n = 0, c, t, p
    cdef int ranks[PC_MAX_PLAYERS]
    cdef _Enum e
    e.sym.n = 0
    for p in range(P):
        c = holes[2 * p] & 63
        t = holes[2 * p + 1] & 63
        hands[p] = ((<uint64_t>1) << c) | ((<uint64_t>1) << t)
        used |= hands[p]
        e.hk[p] = PC7_CARD[c] + PC7_CARD[t]
        e.hb[p] = PC7_BIT16[c] | PC7_BIT16[t]
    if need == 0:  # the river is known: one board
        if i0_lo == 0:
            for p in range(P):
                ranks[p] = pc7_rank7_keys(fixed_key + e.hk[p], fixed_bits | e.hb[p])
            _score(ranks, P, win, tie, tcount)
        return
    if symmetry:
        _find_symmetry(hands, P, board_mask, dead_mask, &e.sym)
    for c in range(51, -1, -1):
        if not (used >> c) & 1:
            live[n] = <uint8_t>c
            n += 1
    if need > n:
        return
    if i0_hi > n - need + 1:
        i0_hi = n - need + 1
    if i0_lo >= i0_hi:
        return
    e.live = live
    e.n = n
    e.need = need
    e.P = P
    e.win = win
    e.tie = tie
    e.tcount = tcount
    _enum_sym(&e, 0, i0_lo, i0_hi, fixed_key, fixed_bits)


def exact_unit(const uint8_t[:, ::1] holes, const double[::1] weights, const uint8_t[::1] board,
               uint64_t dead_mask, Py_ssize_t a_lo, Py_ssize_t a_hi, int i0_lo, int i0_hi, int symmetry=1,
               const int32_t[::1] stop=None, bint signals=False):
    """Weighted (4, P) counts over assignments ``a_lo..a_hi`` and first board indexes ``i0_lo..i0_hi``.

    ``holes[a]`` holds the 2P hole cards of assignment ``a`` (player p: columns
    2p, 2p+1); ``board`` the known board cards; ``dead_mask`` bit ``c`` for
    every other card out of the deck.  ``symmetry=0`` scores every board
    one by one (no suit symmetry).  Returns ``(counts, weight)``: the
    weighted counts and the weighted number of boards; weight -1.0 if the
    run stopped early (the counts are then partial).

    The run stops early when ``stop[0]`` becomes nonzero (set it from
    another thread) and, with ``signals=True`` on the main thread, when a
    signal handler raises: that exception (``KeyboardInterrupt`` for
    Ctrl-C) is raised here within milliseconds.
    """
    import numpy as np
    cdef int P = <int>(holes.shape[1] // 2)
    cdef int k = <int>board.shape[0]
    cdef int need = 5 - k
    cdef Py_ssize_t a
    cdef int p, j, nt
    cdef uint64_t fixed_key = PC7_SUIT_BIAS, fixed_bits = 0, board_mask = 0
    cdef int64_t win[PC_MAX_PLAYERS]
    cdef int64_t tie[PC_MAX_PLAYERS]
    cdef int64_t tcount[PC_MAX_PLAYERS * (PC_MAX_PLAYERS + 1)]
    cdef double w, boards, work = 0.0
    cdef pc_poll ctx
    if P < 2 or P > PC_MAX_PLAYERS or holes.shape[1] != 2 * P or k > 5:
        raise ValueError("exact_unit: bad shapes")
    if a_lo < 0 or a_hi > holes.shape[0] or a_hi > weights.shape[0]:
        raise ValueError("exact_unit: bad assignment range")
    if stop is not None and stop.shape[0] < 1:
        raise ValueError("exact_unit: stop must hold one int32")
    ctx.stop = &stop[0] if stop is not None else NULL
    ctx.signals = signals
    ctx.raised = 0
    for j in range(k):
        fixed_key += PC7_CARD[board[j]]
        fixed_bits |= PC7_BIT16[board[j]]
        board_mask |= (<uint64_t>1) << (board[j] & 63)
    result = np.zeros((4, P), dtype=np.float64)
    cdef double[:, ::1] r = result
    cdef double total = 0.0
    with nogil:
        for a in range(a_lo, a_hi):
            if work >= POLL_HANDS:
                work = 0.0
                if poll(&ctx):
                    total = -1.0
                    break
            for p in range(P):
                win[p] = 0
                tie[p] = 0
            for j in range(PC_MAX_PLAYERS * (PC_MAX_PLAYERS + 1)):
                tcount[j] = 0
            _enum_one(&holes[a, 0], P, fixed_key, fixed_bits, board_mask, dead_mask, need, i0_lo, i0_hi,
                      symmetry, win, tie, tcount)
            w = weights[a]
            for p in range(P):
                r[0, p] += w * win[p]
                r[1, p] += w * tie[p]
                for nt in range(2, PC_MAX_PLAYERS + 1):
                    r[2, p] += w * tcount[p * (PC_MAX_PLAYERS + 1) + nt] / nt
            # Boards: sole wins plus, for each k-way tie, its k tied players / k.
            boards = _boards(win, tcount, P)
            total += w * boards
            work += boards * P + 1.0
    if ctx.raised:
        raise_pending()
    for p in range(P):
        r[3, p] = 0.0
    return result, total


cdef inline double _boards(const int64_t *win, const int64_t *tcount, int P) noexcept nogil:
    cdef int p, nt
    cdef int64_t wins = 0
    cdef double ties = 0.0
    for p in range(P):
        wins += win[p]
        for nt in range(2, PC_MAX_PLAYERS + 1):
            ties += <double>tcount[p * (PC_MAX_PLAYERS + 1) + nt] / nt
    return <double>wins + ties


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
