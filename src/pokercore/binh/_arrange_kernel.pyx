# cython: language_level=3
"""Exhaustive Binh arrangement search: the nogil kernels (private; use :mod:`pokercore.binh._search`).

Thirteen cards split into bottom (5), middle (5) and top (3) in
C(13,5) * C(8,5) = 72,072 ways.  Per hand this module

1. sorts the 13 cards by code (so a bit mask over sorted positions orders
   card sets exactly like a mask over card codes, the tie-break below),
2. ranks every 5-card subset (1,287) and every 3-card subset (286) once,
3. counts and lists legal splits by walking the 36,036 unordered pairs
   {X, Y} of disjoint 5-card subsets (the top is the 3 cards left).  Each
   pair stands for the two ordered splits (X bottom, Y middle) and (Y
   bottom, X middle); a split is legal (not a foul) when
   ``top <= middle <= bottom`` on the Binh scale, so at most one
   orientation is legal unless both 5-card ranks are equal;
4. finds the best split by visiting bottoms strongest first (a radix sort
   of the 1,287 ranks), each with its 56 (middle, top) completions, and
   skipping a bottom only when no completion can reach the best so far:
   its value bound ``bottom[b] + max middle[m <= b] + max top[t <= b]``
   (prefix maxima over ranks) is below the best value, or equal to it with
   a weaker bottom rank (which loses the tie-break).  The bound is exact
   arithmetic (float addition is monotone), so the result is exactly the
   exhaustive one; ``prune=False`` visits every split (used by the tests).

Tie-break (all objectives)
--------------------------
Among splits of equal objective value the winner has the greatest
``(bottom rank, middle rank, top rank)``, then the greatest bottom card set,
then the greatest middle card set, where card sets compare as the integers
``sum(1 << code)``.  The lexicographic objective is that order itself.  It is
packed into one 61-bit key::

    rb << 48 | rm << 35 | rt << 22 | bottom_mask << 9 | (511 - top_index)

(raw ranks, published rank - ``RANK_OFFSET``, are < 8192 and take 13 bits each; masks are over sorted positions; for a
fixed bottom a greater middle set is a smaller top set, and the top subsets
are indexed in increasing mask order).

Masks returned to Python are over the caller's input positions: bit ``i``
is ``cards[i]``.

The entry points (:mod:`pokercore.binh._arrange`) validate their input (shape,
dtype, range, duplicates) before calling these ``nogil`` kernels, which
trust it for the answer and stay in bounds whatever bytes they read.
"""
from libc.stdint cimport uint8_t, uint16_t, int32_t, int64_t, uint64_t
from libc.math cimport INFINITY, NAN

from pokercore.ceval cimport pc_eval5_binh, pc_eval3, PC_NUM_RANKS_BINH, PC_BINH_RANK_OFFSET

# ---------------------------------------------------------------- static tables

cdef uint16_t SUB5[N5]          # 5-subset masks, increasing
cdef uint8_t SUB5_POS[N5][5]    # their positions
cdef uint16_t SUB3[N3]          # 3-subset masks, increasing
cdef uint8_t SUB3_POS[N3][3]
cdef short IDX3[FULL + 1]       # 3-subset mask -> index, -1 otherwise
cdef uint16_t PAIR_I[NPAIRS]    # X index (X < Y)
cdef uint16_t PAIR_J[NPAIRS]    # Y index
cdef uint16_t PAIR_T[NPAIRS]    # top index = FULL ^ X ^ Y
cdef uint16_t ORD_M[N5][56]     # for bottom i: the 56 middle indices ...
cdef uint16_t ORD_T[N5][56]     # ... and the matching top indices


cdef int _popcount13(unsigned m) noexcept nogil:
    cdef int n = 0
    while m:
        m &= m - 1
        n += 1
    return n


cdef void _build_tables() noexcept nogil:
    cdef int m, i, j, k, n5 = 0, n3 = 0, b, p
    for m in range(FULL + 1):
        IDX3[m] = -1
        k = _popcount13(m)
        if k == 5:
            SUB5[n5] = <uint16_t>m
            p = 0
            for b in range(13):
                if m >> b & 1:
                    SUB5_POS[n5][p] = <uint8_t>b
                    p += 1
            n5 += 1
        elif k == 3:
            SUB3[n3] = <uint16_t>m
            IDX3[m] = <short>n3
            p = 0
            for b in range(13):
                if m >> b & 1:
                    SUB3_POS[n3][p] = <uint8_t>b
                    p += 1
            n3 += 1
    k = 0
    for i in range(N5):
        p = 0
        for j in range(N5):
            if SUB5[i] & SUB5[j] == 0:
                ORD_M[i][p] = <uint16_t>j
                ORD_T[i][p] = <uint16_t>IDX3[FULL ^ SUB5[i] ^ SUB5[j]]
                p += 1
                if j > i:
                    PAIR_I[k] = <uint16_t>i
                    PAIR_J[k] = <uint16_t>j
                    PAIR_T[k] = <uint16_t>IDX3[FULL ^ SUB5[i] ^ SUB5[j]]
                    k += 1


_build_tables()

# ---------------------------------------------------------------- per-hand kernels

cdef inline uint16_t _raw(int rank) noexcept nogil:
    """Published Binh rank -> table index 0..7917 (anything else -> 0).

    Every rank below is such an index, so every table lookup stays in
    bounds whatever bytes the kernel read (say, an input changed by another
    thread after validation): such input gives a meaningless split, never
    an out-of-bounds access.
    """
    cdef unsigned r = <unsigned>(rank - PC_BINH_RANK_OFFSET)
    return <uint16_t>(r if r <= PC_NUM_RANKS_BINH else 0)


cdef void _prepare(const uint8_t *cards, Work *w) noexcept nogil:
    """Sort the (valid) 13 cards and rank every 5- and 3-card subset.

    Each input byte is read once, into ``w`` (private to this call).
    """
    cdef int i, j
    cdef uint8_t c, p
    for i in range(13):
        c = cards[i]
        p = <uint8_t>i
        j = i
        while j > 0 and w.s[j - 1] > c:
            w.s[j] = w.s[j - 1]
            w.perm[j] = w.perm[j - 1]
            j -= 1
        w.s[j] = c
        w.perm[j] = p
    cdef const uint8_t *q
    for i in range(N5):
        q = SUB5_POS[i]
        w.r5[i] = _raw(pc_eval5_binh(w.s[q[0]], w.s[q[1]], w.s[q[2]], w.s[q[3]], w.s[q[4]]))
    for i in range(N3):
        q = SUB3_POS[i]
        w.r3[i] = _raw(pc_eval3(w.s[q[0]], w.s[q[1]], w.s[q[2]]))


cdef void _prepare_values(Work *w, const double *tt, const double *tm, const double *tb) noexcept nogil:
    cdef int i
    for i in range(N5):
        w.vb[i] = tb[w.r5[i]]
        w.vm[i] = tm[w.r5[i]]
    for i in range(N3):
        w.vt[i] = tt[w.r3[i]]


cdef void _sort_by_rank(const uint16_t *r, int n, uint16_t *out, uint16_t *tmp) noexcept nogil:
    """Indices 0..n-1 ordered by ``r`` ascending (stable LSD radix sort, 7 + 6 bits; r < 8192)."""
    cdef int cnt[128]
    cdef int i, s, c
    for i in range(128):
        cnt[i] = 0
    for i in range(n):
        cnt[r[i] & 127] += 1
    s = 0
    for i in range(128):
        c = cnt[i]
        cnt[i] = s
        s += c
    for i in range(n):
        tmp[cnt[r[i] & 127]] = <uint16_t>i
        cnt[r[i] & 127] += 1
    for i in range(64):
        cnt[i] = 0
    for i in range(n):
        cnt[(r[tmp[i]] >> 7) & 63] += 1
    s = 0
    for i in range(64):
        c = cnt[i]
        cnt[i] = s
        s += c
    for i in range(n):
        out[cnt[(r[tmp[i]] >> 7) & 63]] = tmp[i]
        cnt[(r[tmp[i]] >> 7) & 63] += 1


cdef void _prepare_order(Work *w) noexcept nogil:
    _sort_by_rank(w.r5, N5, w.order5, w.tmp)


cdef void _prepare_bounds(Work *w) noexcept nogil:
    """Prefix maxima: for each 5-subset, the best middle and top values ranked at most as high."""
    _sort_by_rank(w.r3, N3, w.order3, w.tmp)
    cdef int i = 0, g, k, j3 = 0
    cdef unsigned r
    cdef double run5 = -INFINITY, run3 = -INFINITY
    while i < N5:
        r = w.r5[w.order5[i]]
        g = i
        while g < N5 and w.r5[w.order5[g]] == r:
            if w.vm[w.order5[g]] > run5:
                run5 = w.vm[w.order5[g]]
            g += 1
        while j3 < N3 and w.r3[w.order3[j3]] <= r:
            if w.vt[w.order3[j3]] > run3:
                run3 = w.vt[w.order3[j3]]
            j3 += 1
        for k in range(i, g):
            w.pm[w.order5[k]] = run5
            w.pt[w.order5[k]] = run3
        i = g


cdef inline uint64_t _key(unsigned rb, unsigned rm, unsigned rt, unsigned bmask, unsigned t) noexcept nogil:
    return ((<uint64_t>rb << 48) | (<uint64_t>rm << 35) | (<uint64_t>rt << 22)
            | (<uint64_t>bmask << 9) | <uint64_t>(511 - t))


cdef int64_t _count(const Work *w) noexcept nogil:
    cdef int64_t n = 0
    cdef Py_ssize_t k
    cdef unsigned ri, rj, rt, lo
    for k in range(NPAIRS):
        ri = w.r5[PAIR_I[k]]
        rj = w.r5[PAIR_J[k]]
        rt = w.r3[PAIR_T[k]]
        lo = ri if ri < rj else rj
        n += (rt <= lo) * (1 + (ri == rj))
    return n


cdef uint64_t _best_lex_pruned(const Work *w) noexcept nogil:
    """As :func:`_best_lex`, visiting bottoms strongest first and stopping below the best bottom rank."""
    cdef uint64_t best = 0, key
    cdef int idx, k
    cdef unsigned b, m, t, rb, rm, rt
    cdef const uint16_t *mrow
    cdef const uint16_t *trow
    for idx in range(N5 - 1, -1, -1):
        b = w.order5[idx]
        rb = w.r5[b]
        if rb < (best >> 48):
            break
        mrow = ORD_M[b]
        trow = ORD_T[b]
        for k in range(56):
            m = mrow[k]
            rm = w.r5[m]
            if rm > rb:
                continue
            t = trow[k]
            rt = w.r3[t]
            if rt > rm:
                continue
            key = _key(rb, rm, rt, SUB5[b], t)
            if key > best:
                best = key
    return best


cdef uint64_t _best_table_pruned(const Work *w, double *value) noexcept nogil:
    """As :func:`_best_table`, skipping bottoms whose bound cannot reach the best so far."""
    cdef double bv = -INFINITY, v, ub, vbb
    cdef uint64_t bkey = 0, key
    cdef int idx, k, found = 0
    cdef unsigned b, m, t, rb, rm, rt
    cdef const uint16_t *mrow
    cdef const uint16_t *trow
    for idx in range(N5 - 1, -1, -1):
        b = w.order5[idx]
        rb = w.r5[b]
        vbb = w.vb[b]
        if found:
            ub = vbb + w.pm[b] + w.pt[b]
            if ub < bv or (ub == bv and rb < (bkey >> 48)):
                continue
        mrow = ORD_M[b]
        trow = ORD_T[b]
        for k in range(56):
            m = mrow[k]
            rm = w.r5[m]
            if rm > rb:
                continue
            t = trow[k]
            rt = w.r3[t]
            if rt > rm:
                continue
            v = vbb + w.vm[m] + w.vt[t]
            if v >= bv:
                key = _key(rb, rm, rt, SUB5[b], t)
                if not found or v > bv or key > bkey:
                    bv = v
                    bkey = key
                    found = 1
    value[0] = bv
    return bkey


cdef uint64_t _best_lex(const Work *w) noexcept nogil:
    """Greatest key over legal splits (never 0: a legal split always exists)."""
    cdef uint64_t best = 0, ka, kb
    cdef Py_ssize_t k
    cdef unsigned i, j, t, ri, rj, rt
    for k in range(NPAIRS):
        i = PAIR_I[k]
        j = PAIR_J[k]
        t = PAIR_T[k]
        ri = w.r5[i]
        rj = w.r5[j]
        rt = w.r3[t]
        ka = _key(ri, rj, rt, SUB5[i], t) if (rj <= ri and rt <= rj) else 0
        kb = _key(rj, ri, rt, SUB5[j], t) if (ri <= rj and rt <= ri) else 0
        if ka > best:
            best = ka
        if kb > best:
            best = kb
    return best


cdef uint64_t _best_table(const Work *w, double *value) noexcept nogil:
    """Greatest (value, key) over legal splits; value = vb + vm + vt in that order."""
    cdef double bv = -INFINITY, v
    cdef uint64_t bkey = 0, key
    cdef Py_ssize_t k
    cdef unsigned i, j, t, ri, rj, rt
    cdef int found = 0
    for k in range(NPAIRS):
        i = PAIR_I[k]
        j = PAIR_J[k]
        t = PAIR_T[k]
        ri = w.r5[i]
        rj = w.r5[j]
        rt = w.r3[t]
        if rj <= ri and rt <= rj:       # X bottom, Y middle
            v = w.vb[i] + w.vm[j] + w.vt[t]
            if v >= bv:
                key = _key(ri, rj, rt, SUB5[i], t)
                if not found or v > bv or key > bkey:
                    bv = v
                    bkey = key
                    found = 1
        if ri <= rj and rt <= ri:       # Y bottom, X middle
            v = w.vb[j] + w.vm[i] + w.vt[t]
            if v >= bv:
                key = _key(rj, ri, rt, SUB5[j], t)
                if not found or v > bv or key > bkey:
                    bv = v
                    bkey = key
                    found = 1
    value[0] = bv
    return bkey


cdef uint64_t _solve(Work *w, const uint8_t *cards, const double *tt, const double *tm,
                     const double *tb, int prune, double *value) noexcept nogil:
    """Best key of one hand: lexicographic when ``tt`` is NULL, else the table objective."""
    _prepare(cards, w)
    value[0] = NAN
    if tt == NULL:
        if not prune:
            return _best_lex(w)
        _prepare_order(w)
        return _best_lex_pruned(w)
    _prepare_values(w, tt, tm, tb)
    if not prune:
        return _best_table(w, value)
    _prepare_order(w)
    _prepare_bounds(w)
    return _best_table_pruned(w, value)


cdef void _decode(const Work *w, uint64_t key, unsigned *smasks, int32_t *ranks) noexcept nogil:
    """Key -> sorted-position masks (top, middle, bottom) and ranks (top, middle, bottom)."""
    cdef unsigned bmask = <unsigned>(key >> 9) & FULL
    cdef unsigned t = 511 - <unsigned>(key & 511)
    if t >= N3:   # key 0: no legal split (only for input changed during the call)
        t = 0
    smasks[0] = SUB3[t]
    smasks[2] = bmask
    smasks[1] = FULL ^ bmask ^ SUB3[t]
    ranks[2] = <int32_t>((key >> 48) & FULL) + PC_BINH_RANK_OFFSET
    ranks[1] = <int32_t>((key >> 35) & FULL) + PC_BINH_RANK_OFFSET
    ranks[0] = <int32_t>((key >> 22) & FULL) + PC_BINH_RANK_OFFSET


cdef void _write_cards(const Work *w, const unsigned *smasks, uint8_t *out) noexcept nogil:
    """13 codes: top 3, middle 5, bottom 5, each branch in descending code order."""
    cdef int b, p, n = 0
    for b in range(3):
        for p in range(12, -1, -1):
            if smasks[b] >> p & 1:
                out[n] = w.s[p]
                n += 1


cdef Py_ssize_t _fill_legal(const Work *w, int32_t *out) noexcept nogil:
    """Rows (top_mask, middle_mask, bottom_mask, top_rank, middle_rank, bottom_rank)."""
    cdef Py_ssize_t k, n = 0
    cdef unsigned i, j, t, ri, rj, rt, mi, mj, mt
    for k in range(NPAIRS):
        i = PAIR_I[k]
        j = PAIR_J[k]
        t = PAIR_T[k]
        ri = w.r5[i]
        rj = w.r5[j]
        rt = w.r3[t]
        if rt > (ri if ri < rj else rj):
            continue
        mi = _to_input(w, SUB5[i])
        mj = _to_input(w, SUB5[j])
        mt = _to_input(w, SUB3[t])
        if rj <= ri:
            out[0] = mt
            out[1] = mj
            out[2] = mi
            out[3] = rt + PC_BINH_RANK_OFFSET
            out[4] = rj + PC_BINH_RANK_OFFSET
            out[5] = ri + PC_BINH_RANK_OFFSET
            out += 6
            n += 1
        if ri <= rj:
            out[0] = mt
            out[1] = mi
            out[2] = mj
            out[3] = rt + PC_BINH_RANK_OFFSET
            out[4] = ri + PC_BINH_RANK_OFFSET
            out[5] = rj + PC_BINH_RANK_OFFSET
            out += 6
            n += 1
    return n
