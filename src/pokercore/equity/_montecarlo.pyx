# cython: language_level=3, auto_pickle=False, autotestdict=False
"""Hold'em Monte Carlo equity kernel: seeded sampling in C, GIL released.

Private: :mod:`pokercore.equity` validates every input and schedules the
seeded units of :class:`MonteCarloPlan` over threads (the exact
enumeration lives in :mod:`pokercore.equity._equity`).  Results are integer
counts (see :meth:`MonteCarloPlan.run`), so they add up to the same total
however the units are grouped.  The sampler itself is C, in
``_montecarlo.h``; the player limit and the stop flag are shared with the
exact kernel through ``_common.pxd`` / ``_common.h``.
"""
from libc.stdint cimport uint8_t, uint64_t, int64_t, int32_t
from libc.stdlib cimport malloc, calloc, free
from libc.math cimport ldexp

from pokercore.ceval7 cimport PC7_CARD, PC7_BIT16, PC7_SUIT_BIAS
from pokercore.equity._common cimport PC_MAX_PLAYERS, pc_poll_fn, pc_poll, poll, raise_pending

cdef extern from "_montecarlo.h" nogil:
    ctypedef struct pc_mc_plan:
        int P, need, n_ranged, m
        uint64_t fixed_key, fixed_bits, base_used
        uint8_t live[64]
        uint64_t hk[PC_MAX_PLAYERS]
        uint64_t hb[PC_MAX_PLAYERS]
        int ranged[PC_MAX_PLAYERS]
        int weighted[PC_MAX_PLAYERS]
        int32_t first[PC_MAX_PLAYERS]
        int32_t count[PC_MAX_PLAYERS]
        uint64_t *ck
        uint64_t *cb
        uint64_t *cm
        uint64_t *thr
        int32_t *alias
        int32_t n_decks
        uint8_t *decks
    enum:
        PC_MC_TOO_MANY_REJECTS
        PC_MC_STOPPED
    int64_t pc_mc_unit(const pc_mc_plan *pl, uint8_t *decks, uint64_t seed, int64_t samples,
                       int64_t max_rejects, int64_t *cnt, int32_t *trace, pc_poll_fn poll_fn, void *poll_ctx)
    ctypedef struct pc_sis_plan:
        int nr, P, need, m
        uint64_t fixed_key, fixed_bits, base_used
        uint8_t live[64]
        uint64_t hk[PC_MAX_PLAYERS]
        uint64_t hb[PC_MAX_PLAYERS]
        int player[PC_MAX_PLAYERS]
        int col[PC_MAX_PLAYERS]
        int32_t first[PC_MAX_PLAYERS]
        int32_t count[PC_MAX_PLAYERS]
        int uniform[PC_MAX_PLAYERS]
        int scan[PC_MAX_PLAYERS]
        double W[PC_MAX_PLAYERS]
        double invW[PC_MAX_PLAYERS]
        double *deg
        double *pw
        uint64_t *ck
        uint64_t *cb
        uint64_t *cm
        uint64_t *thr
        double *w
        int32_t *alias
        int32_t *idx
        uint8_t *c0
        uint8_t *c1
    enum:
        PC_SIS_PAIRS
        PC_SIS_K
        PC_SIS_LIMBS
        PC_SIS_FRAC
    int pc_pair(unsigned a, unsigned b)
    int64_t pc_sis_unit(const pc_sis_plan *pl, uint64_t seed, int64_t samples, uint64_t *ex, int32_t *trace,
                        double *wtrace)

cdef enum:
    POLL_UNITS = 8  # units of samples between two polls of the stop flag and the signal handlers


cdef void _alias(const double *w, int32_t first, int32_t n, uint64_t *thr, int32_t *alias,
                 double *p, int32_t *small, int32_t *large):
    """Vose's alias table for weights ``w[first:first+n]``: keep ``j`` if a 32-bit coin < thr[j], else alias[j]."""
    cdef double total = 0.0, x
    cdef int32_t j, s, big, ns = 0, nl = 0
    for j in range(n):
        total += w[first + j]
    for j in range(n):
        p[j] = w[first + j] * n / total
        alias[j] = j
        if p[j] < 1.0:
            small[ns] = j
            ns += 1
        else:
            large[nl] = j
            nl += 1
    while ns and nl:
        ns -= 1
        s = small[ns]
        big = large[nl - 1]
        alias[s] = big
        x = ldexp(p[s], 32)
        thr[s] = <uint64_t>(x + 0.5)
        p[big] = (p[big] + p[s]) - 1.0
        if p[big] < 1.0:
            nl -= 1
            small[ns] = big
            ns += 1
    for j in range(ns):
        thr[small[j]] = (<uint64_t>1) << 32
    for j in range(nl):
        thr[large[j]] = (<uint64_t>1) << 32


cdef int _alias_of(const double *w, int32_t first, int32_t n, uint64_t *thr, int32_t *alias) except -1:
    """:func:`_alias` of ``w[first:first+n]`` (a C array)."""
    cdef double *p = <double *>malloc(n * sizeof(double))
    cdef int32_t *stk = <int32_t *>malloc(2 * n * sizeof(int32_t))
    if not (p and stk):
        free(p)
        free(stk)
        raise MemoryError()
    _alias(w, first, n, thr, alias, p, stk, stk + n)
    free(p)
    free(stk)
    return 0


cdef class MonteCarloPlan:
    """Monte Carlo sampler for one equity question; :meth:`run` draws units of samples.

    Player ``p`` holds one of ``combos[offsets[p]:offsets[p+1]]`` in
    proportion to ``weights`` (players with one combo hold it in every
    sample).  ``board`` holds the known board cards, ``dead_mask`` bit ``c``
    for every other card out of the deck; the caller has removed the known
    cards from the ranges.  Everything is copied: later changes to the
    arrays do not reach the sampler.
    """
    cdef pc_mc_plan plan
    cdef pc_sis_plan sis
    cdef readonly int players
    cdef readonly bint weighted

    def __cinit__(self):
        self.plan.ck = self.plan.cb = self.plan.cm = self.plan.thr = NULL
        self.plan.alias = NULL
        self.plan.decks = NULL
        self.plan.n_decks = 0
        self.sis.deg = self.sis.pw = self.sis.w = NULL
        self.sis.ck = self.sis.cb = self.sis.cm = self.sis.thr = NULL
        self.sis.alias = self.sis.idx = NULL
        self.sis.c0 = self.sis.c1 = NULL

    def __dealloc__(self):
        free(self.plan.ck)
        free(self.plan.cb)
        free(self.plan.cm)
        free(self.plan.thr)
        free(self.plan.alias)
        free(self.plan.decks)
        free(self.sis.deg)
        free(self.sis.pw)
        free(self.sis.w)
        free(self.sis.ck)
        free(self.sis.cb)
        free(self.sis.cm)
        free(self.sis.thr)
        free(self.sis.alias)
        free(self.sis.idx)
        free(self.sis.c0)
        free(self.sis.c1)

    def __init__(self, const uint8_t[:, ::1] combos, const int64_t[::1] offsets, const double[::1] weights,
                 const uint8_t[::1] board, uint64_t dead_mask):
        cdef pc_mc_plan *pl = &self.plan
        cdef int P = <int>(offsets.shape[0] - 1)
        cdef Py_ssize_t n = combos.shape[0], j
        cdef int p, q, c, k = <int>board.shape[0]
        cdef Py_ssize_t first
        cdef uint64_t bit
        cdef uint8_t c0, c1
        cdef double *tmp
        cdef int32_t *stk
        if self.players:  # the nogil loops of other threads may be reading the plan
            raise ValueError("MonteCarloPlan: already built")
        if (P < 2 or P > PC_MAX_PLAYERS or k > 5 or combos.shape[1] != 2 or weights.shape[0] != n
                or n > PC_MAX_PLAYERS * 1326):
            raise ValueError("MonteCarloPlan: bad shapes")
        if offsets[0] != 0 or offsets[P] != n:
            raise ValueError("MonteCarloPlan: bad offsets")
        for p in range(P):
            if offsets[p + 1] <= offsets[p]:
                raise ValueError("MonteCarloPlan: bad offsets")
        for j in range(n):
            if not (weights[j] > 0.0 and weights[j] < 1e300):
                raise ValueError("MonteCarloPlan: weights must be positive and finite")
        self.players = P
        pl.P = P
        pl.need = 5 - k
        pl.fixed_key = PC7_SUIT_BIAS
        pl.fixed_bits = 0
        pl.base_used = dead_mask & ((<uint64_t>1 << 52) - 1)
        for j in range(k):
            pl.fixed_key += PC7_CARD[board[j] & 63]
            pl.fixed_bits |= PC7_BIT16[board[j] & 63]
            pl.base_used |= (<uint64_t>1) << (board[j] & 63)
        pl.ck = <uint64_t *>malloc(n * sizeof(uint64_t))
        pl.cb = <uint64_t *>malloc(n * sizeof(uint64_t))
        pl.cm = <uint64_t *>malloc(n * sizeof(uint64_t))
        pl.thr = <uint64_t *>malloc(n * sizeof(uint64_t))
        pl.alias = <int32_t *>malloc(n * sizeof(int32_t))
        tmp = <double *>malloc(n * sizeof(double))
        stk = <int32_t *>malloc(2 * n * sizeof(int32_t))
        if not (pl.ck and pl.cb and pl.cm and pl.thr and pl.alias and tmp and stk):
            free(tmp)
            free(stk)
            raise MemoryError()
        for j in range(n):
            c0 = combos[j, 0] & 63
            c1 = combos[j, 1] & 63
            pl.ck[j] = PC7_CARD[c0] + PC7_CARD[c1]
            pl.cb[j] = PC7_BIT16[c0] | PC7_BIT16[c1]
            pl.cm[j] = ((<uint64_t>1) << c0) | ((<uint64_t>1) << c1)
        q = 0
        for p in range(P):
            first = offsets[p]
            if offsets[p + 1] - first == 1:
                pl.hk[p] = pl.ck[first]
                pl.hb[p] = pl.cb[first]
                pl.base_used |= pl.cm[first]
                continue
            pl.ranged[q] = p
            pl.first[q] = <int32_t>first
            pl.count[q] = <int32_t>(offsets[p + 1] - first)
            pl.weighted[q] = 0
            for j in range(first, offsets[p + 1]):
                if weights[j] != weights[first]:
                    pl.weighted[q] = 1
            if pl.weighted[q]:
                _alias(&weights[0], pl.first[q], pl.count[q], pl.thr + first, pl.alias + first, tmp, stk, stk + n)
            q += 1
        free(tmp)
        free(stk)
        pl.n_ranged = q
        pl.m = 0
        for c in range(52):
            if not (pl.base_used >> c) & 1:
                pl.live[pl.m] = <uint8_t>c
                pl.m += 1
        if pl.m < pl.need + 2 * pl.n_ranged:
            raise ValueError("MonteCarloPlan: not enough cards")
        # With at most one ranged player, one deck per combo (the live cards but the combo's):
        # the board is dealt from it by a partial Fisher-Yates shuffle, without rejection.
        if pl.n_ranged <= 1:
            pl.n_decks = pl.count[0] if pl.n_ranged else 1
            pl.decks = <uint8_t *>calloc(pl.n_decks * 52, 1)
            if not pl.decks:
                raise MemoryError()
            for j in range(pl.n_decks):
                bit = pl.cm[pl.first[0] + j] if pl.n_ranged else 0
                q = 0
                for c in range(pl.m):
                    if not (bit >> pl.live[c]) & 1:
                        pl.decks[52 * j + q] = pl.live[c]
                        q += 1
        else:
            self._build_weighted(combos, weights)

    cdef int _build_weighted(self, const uint8_t[:, ::1] combos, const double[::1] weights) except -1:
        """The conditional sampler's plan (two or more ranged players): see ``_montecarlo.h``."""
        cdef pc_mc_plan *pl = &self.plan
        cdef pc_sis_plan *sp = &self.sis
        cdef int nr = pl.n_ranged, q, r, pos, t, c
        cdef Py_ssize_t j, k, total = 0
        cdef int32_t cnt[PC_MAX_PLAYERS]
        cdef int order[PC_MAX_PLAYERS]
        cdef double w0
        for q in range(nr):  # the combos left once the fixed cards are out
            cnt[q] = 0
            for j in range(pl.first[q], pl.first[q] + pl.count[q]):
                if not (pl.cm[j] & pl.base_used):
                    cnt[q] += 1
            if cnt[q] == 0:
                raise ValueError("MonteCarloPlan: a range has no combo left")
            total += cnt[q]
        for q in range(nr):  # draw order: the narrowest range first (stable)
            order[q] = q
        for q in range(1, nr):
            t = order[q]
            r = q
            while r > 0 and cnt[order[r - 1]] > cnt[t]:
                order[r] = order[r - 1]
                r -= 1
            order[r] = t
        sp.nr = nr
        sp.P = pl.P
        sp.need = pl.need
        sp.m = pl.m
        sp.fixed_key = pl.fixed_key
        sp.fixed_bits = pl.fixed_bits
        sp.base_used = pl.base_used
        for c in range(64):
            sp.live[c] = pl.live[c]
        for q in range(pl.P):
            sp.hk[q] = pl.hk[q]
            sp.hb[q] = pl.hb[q]
        sp.deg = <double *>calloc(nr * 64, sizeof(double))
        sp.pw = <double *>calloc(nr * PC_SIS_PAIRS, sizeof(double))
        sp.w = <double *>malloc(total * sizeof(double))
        sp.ck = <uint64_t *>malloc(total * sizeof(uint64_t))
        sp.cb = <uint64_t *>malloc(total * sizeof(uint64_t))
        sp.cm = <uint64_t *>malloc(total * sizeof(uint64_t))
        sp.thr = <uint64_t *>malloc(total * sizeof(uint64_t))
        sp.alias = <int32_t *>malloc(total * sizeof(int32_t))
        sp.idx = <int32_t *>malloc(total * sizeof(int32_t))
        sp.c0 = <uint8_t *>malloc(total)
        sp.c1 = <uint8_t *>malloc(total)
        if not (sp.deg and sp.pw and sp.w and sp.ck and sp.cb and sp.cm and sp.thr and sp.alias and sp.idx
                and sp.c0 and sp.c1):
            raise MemoryError()
        k = 0
        for pos in range(nr):
            q = order[pos]
            sp.player[pos] = pl.ranged[q]
            sp.col[pos] = q
            sp.first[pos] = <int32_t>k
            sp.count[pos] = cnt[q]
            w0 = -1.0
            sp.uniform[pos] = 1
            for j in range(pl.first[q], pl.first[q] + pl.count[q]):
                if pl.cm[j] & pl.base_used:
                    continue
                if w0 < 0.0:
                    w0 = weights[j]
                elif weights[j] != w0:
                    sp.uniform[pos] = 0
            sp.W[pos] = 0.0
            for j in range(pl.first[q], pl.first[q] + pl.count[q]):
                if pl.cm[j] & pl.base_used:
                    continue
                sp.w[k] = 1.0 if sp.uniform[pos] else weights[j]
                sp.ck[k] = pl.ck[j]
                sp.cb[k] = pl.cb[j]
                sp.cm[k] = pl.cm[j]
                sp.c0[k] = combos[j, 0] & 63
                sp.c1[k] = combos[j, 1] & 63
                sp.idx[k] = <int32_t>(j - pl.first[q])
                sp.thr[k] = (<uint64_t>1) << 32
                sp.alias[k] = <int32_t>(k - sp.first[pos])
                sp.W[pos] += sp.w[k]
                sp.deg[pos * 64 + sp.c0[k]] += sp.w[k]
                if sp.c1[k] != sp.c0[k]:
                    sp.deg[pos * 64 + sp.c1[k]] += sp.w[k]
                sp.pw[pos * PC_SIS_PAIRS + pc_pair(sp.c0[k], sp.c1[k])] += sp.w[k]
                k += 1
            sp.invW[pos] = 1.0 / sp.W[pos]
            # Z by a scan when the range is shorter than the inclusion-exclusion over the 2 * pos cards out.
            sp.scan[pos] = cnt[q] <= 2 * pos + pos * (2 * pos - 1)
        for pos in range(nr):
            if not sp.uniform[pos]:
                _alias_of(sp.w, sp.first[pos], sp.count[pos], sp.thr + sp.first[pos], sp.alias + sp.first[pos])
        self.weighted = True
        return 0

    def run(self, const uint64_t[::1] seeds, Py_ssize_t lo, Py_ssize_t hi, int64_t samples, int64_t unit,
            int64_t max_rejects, const int32_t[::1] stop=None, bint signals=False, Py_ssize_t seeds_from=0):
        """Units ``lo..hi-1`` of ``samples`` split in units of ``unit``, unit ``u`` seeded by ``seeds[u - seeds_from]``.

        Returns ``(counts, rejects)``: int64 ``counts[p, 0]`` the samples
        player ``p`` won alone and ``counts[p, k]`` (k >= 2) those it tied in
        a ``k``-way split; ``rejects`` the rejected combo draws, -1 if a unit
        had ``max_rejects`` in a row, -2 if the run stopped early (the
        counts are then partial).  Integer counts: the sum over units does
        not depend on how they are grouped.

        The run stops early when ``stop[0]`` becomes nonzero (set it from
        another thread) and, with ``signals=True`` on the main thread, when
        a signal handler raises: that exception (``KeyboardInterrupt`` for
        Ctrl-C) is raised here within milliseconds.
        """
        import numpy as np
        cdef Py_ssize_t u
        cdef int64_t rej, total = 0, size
        cdef uint8_t *decks = NULL
        cdef pc_poll ctx
        if (lo < seeds_from or seeds_from < 0 or hi - seeds_from > seeds.shape[0] or lo > hi or unit < 1
                or samples < 0 or max_rejects < 1):
            raise ValueError("MonteCarloPlan.run: bad unit range")
        if stop is not None and stop.shape[0] < 1:
            raise ValueError("MonteCarloPlan.run: stop must hold one int32")
        ctx.stop = &stop[0] if stop is not None else NULL
        ctx.signals = signals
        ctx.raised = 0
        local = np.array(seeds[lo - seeds_from:hi - seeds_from], dtype=np.uint64)
        counts = np.zeros((self.players, PC_MAX_PLAYERS + 1), dtype=np.int64)
        cdef const uint64_t[::1] s = local
        cdef int64_t[:, ::1] cnt = counts
        if self.plan.n_decks:
            decks = <uint8_t *>malloc(self.plan.n_decks * 52)
            if not decks:
                raise MemoryError()
        with nogil:
            for u in range(lo, hi):
                if (u - lo) % POLL_UNITS == 0 and poll(&ctx):
                    total = PC_MC_STOPPED
                    break
                size = samples - u * unit
                if size > unit:
                    size = unit
                if size <= 0:
                    break
                rej = pc_mc_unit(&self.plan, decks, s[u - lo], size, max_rejects, &cnt[0, 0], NULL, poll, &ctx)
                if rej < 0:
                    total = rej
                    break
                total += rej
        free(decks)
        if ctx.raised:
            raise_pending()
        return counts, total

    def trace(self, uint64_t seed, int64_t samples):
        """The samples of one unit seeded by ``seed``, for tests: int32 ``(samples, need + ranged)``.

        Row ``i``: the board cards dealt in sample ``i`` (in dealing order),
        then the index of each ranged player's combo in its range (players
        with one combo are not listed).  Same draws as :meth:`run`.
        """
        import numpy as np
        cdef int w = self.plan.need + self.plan.n_ranged
        if samples < 0 or samples > 10_000_000:
            raise ValueError("MonteCarloPlan.trace: 0 to 10,000,000 samples")
        out = np.zeros((samples, w), dtype=np.int32)
        counts = np.zeros((self.players, PC_MAX_PLAYERS + 1), dtype=np.int64)
        cdef int32_t[:, ::1] o = out
        cdef int64_t[:, ::1] cnt = counts
        cdef int32_t *op = &o[0, 0] if samples and w else NULL
        cdef uint8_t *decks = <uint8_t *>malloc(self.plan.n_decks * 52 + 1)
        if not decks:
            raise MemoryError()
        cdef int32_t dummy[1]
        with nogil:
            pc_mc_unit(&self.plan, decks, seed, samples, 1_000_000, &cnt[0, 0], op if op != NULL else dummy,
                       NULL, NULL)
        free(decks)
        return out

    def run_weighted(self, const uint64_t[::1] seeds, Py_ssize_t lo, Py_ssize_t hi, int64_t samples, int64_t unit,
                     const int32_t[::1] stop=None, bint signals=False, Py_ssize_t seeds_from=0):
        """The conditional sampler (plans with :attr:`weighted`): units as in :meth:`run`.

        Returns ``(sums, dead)``: ``sums`` a uint64 ``(K, 4)`` array, row
        ``k`` the exact sum over the units (each unit's sum in double
        precision, in sample order) of one accumulator as a 256-bit
        fixed-point number, little-endian limbs, 192 fractional bits; rows
        ``p * 11 + k`` the weights of the samples player ``p`` won alone
        (``k = 0``) or tied ``k``-way, rows ``110 + p * 11 + k`` their
        squared weights, row 220 the total weight, 221 the total squared
        weight.  Integer sums: the total over units does not depend on how
        they are grouped.  ``dead`` counts the samples that weigh 0 (a
        player with no combo left), -2 if the run stopped early.
        """
        import numpy as np
        cdef Py_ssize_t u
        cdef int64_t total = 0, size
        cdef pc_poll ctx
        if not self.weighted:
            raise ValueError("MonteCarloPlan.run_weighted: the plan has fewer than two ranged players")
        if (lo < seeds_from or seeds_from < 0 or hi - seeds_from > seeds.shape[0] or lo > hi or unit < 1
                or samples < 0):
            raise ValueError("MonteCarloPlan.run_weighted: bad unit range")
        if stop is not None and stop.shape[0] < 1:
            raise ValueError("MonteCarloPlan.run_weighted: stop must hold one int32")
        ctx.stop = &stop[0] if stop is not None else NULL
        ctx.signals = signals
        ctx.raised = 0
        local = np.array(seeds[lo - seeds_from:hi - seeds_from], dtype=np.uint64)
        sums = np.zeros((PC_SIS_K, PC_SIS_LIMBS), dtype=np.uint64)
        cdef const uint64_t[::1] s = local
        cdef uint64_t[:, ::1] ex = sums
        with nogil:
            for u in range(lo, hi):
                if (u - lo) % POLL_UNITS == 0 and poll(&ctx):
                    total = PC_MC_STOPPED
                    break
                size = samples - u * unit
                if size > unit:
                    size = unit
                if size <= 0:
                    break
                total += pc_sis_unit(&self.sis, s[u - lo], size, &ex[0, 0], NULL, NULL)
        if ctx.raised:
            raise_pending()
        return sums, total

    def trace_weighted(self, uint64_t seed, int64_t samples):
        """The samples of one weighted unit seeded by ``seed``, for tests: ``(cards, weights)``.

        ``cards`` int32 ``(samples, need + ranged)`` as in :meth:`trace` (-1
        in a sample that weighs 0); ``weights`` float64, each sample's
        importance weight.  Same draws as :meth:`run_weighted`.
        """
        import numpy as np
        if not self.weighted:
            raise ValueError("MonteCarloPlan.trace_weighted: the plan has fewer than two ranged players")
        if samples < 1 or samples > 10_000_000:
            raise ValueError("MonteCarloPlan.trace_weighted: 1 to 10,000,000 samples")
        out = np.zeros((samples, self.sis.need + self.sis.nr), dtype=np.int32)
        wts = np.zeros(samples, dtype=np.float64)
        sums = np.zeros((PC_SIS_K, PC_SIS_LIMBS), dtype=np.uint64)
        cdef int32_t[:, ::1] o = out
        cdef double[::1] wv = wts
        cdef uint64_t[:, ::1] ex = sums
        with nogil:
            pc_sis_unit(&self.sis, seed, samples, &ex[0, 0], &o[0, 0], &wv[0])
        return out, wts
