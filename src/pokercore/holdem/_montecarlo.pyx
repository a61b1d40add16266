# cython: language_level=3
"""Hold'em Monte Carlo equity kernel: seeded sampling in C, GIL released.

Private: :mod:`pokercore.equity` validates every input and schedules the
seeded units of :class:`MonteCarloPlan` over threads (the exact
enumeration lives in :mod:`pokercore.holdem._equity`).  Results are integer
counts (see :meth:`MonteCarloPlan.run`), so they add up to the same total
however the units are grouped.
"""
from libc.stdint cimport uint8_t, uint64_t, int64_t, int32_t
from libc.stdlib cimport malloc, calloc, free
from libc.math cimport ldexp

from pokercore.ceval7 cimport PC7_CARD, PC7_BIT16, PC7_SUIT_BIAS, pc7_rank7_keys

DEF MAX_PLAYERS = 10

# -- Monte Carlo ----------------------------------------------------------------------
#
# One sample: each ranged player's combo (uniform, or by an alias table when
# weighted), the draw rejected as a whole if two combos share a card; then
# the missing board cards: with at most one ranged player by a partial
# Fisher-Yates shuffle of a deck kept per combo (the live cards but the
# combo's; shuffled in place from sample to sample, reset at each unit),
# otherwise drawn from the live deck and redrawn while they hit a card
# already out (a 64-bit mask); then one table lookup per player on board key
# + hole key.  Bounded draws are Lemire's multiply-shift with its exact
# rejection step, two per 64-bit xoshiro256** output.  The plan holds private
# copies of everything the nogil loop reads; card codes are masked to 0..63.

cdef extern from *:
    """
    #include <string.h>
    #include "_evaluator7.h"
    typedef struct {
        int P, need, n_ranged, m;
        uint64_t fixed_key, fixed_bits, base_used;
        uint8_t live[64];
        uint64_t hk[10], hb[10];
        int ranged[10], weighted[10];
        int32_t first[10], count[10];
        uint64_t *ck, *cb, *cm, *thr;
        int32_t *alias;
        int32_t n_decks;
        uint8_t *decks;
    } pc_mc_plan;

    typedef struct { uint64_t s0, s1, s2, s3, buf; int have; } pc_rng;

    #if defined(__GNUC__)  /* inlined whatever the size of the module: the generator lives in registers */
    #define PC_MC_INLINE __attribute__((always_inline)) inline
    #else
    #define PC_MC_INLINE inline
    #endif

    static PC_MC_INLINE uint64_t pc_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

    static PC_MC_INLINE uint64_t pc_next64(pc_rng *r)  /* xoshiro256** */
    {
        uint64_t out = pc_rotl(r->s1 * 5, 7) * 9, t = r->s1 << 17;
        r->s2 ^= r->s0; r->s3 ^= r->s1; r->s1 ^= r->s2; r->s0 ^= r->s3;
        r->s2 ^= t; r->s3 = pc_rotl(r->s3, 45);
        return out;
    }

    static PC_MC_INLINE uint32_t pc_next32(pc_rng *r)  /* low half of an output, then its high half */
    {
        if (r->have) { r->have = 0; return (uint32_t)(r->buf >> 32); }
        r->buf = pc_next64(r); r->have = 1;
        return (uint32_t)r->buf;
    }

    static PC_MC_INLINE uint32_t pc_below(pc_rng *r, uint32_t n)  /* uniform in 0..n-1, n >= 1, no bias */
    {
        uint64_t m = (uint64_t)pc_next32(r) * n;
        if ((uint32_t)m < n) {
            uint32_t t = (0u - n) % n;
            while ((uint32_t)m < t) m = (uint64_t)pc_next32(r) * n;
        }
        return (uint32_t)(m >> 32);
    }

    static void pc_rng_seed(pc_rng *r, uint64_t seed)  /* splitmix64 */
    {
        uint64_t s[4];
        for (int j = 0; j < 4; j++) {
            uint64_t z = (seed += 0x9E3779B97F4A7C15ULL);
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
            s[j] = z ^ (z >> 31);
        }
        r->s0 = s[0]; r->s1 = s[1]; r->s2 = s[2]; r->s3 = s[3]; r->have = 0; r->buf = 0;
    }

    /* One unit of `samples` samples from `seed`; adds to cnt[p * 11 + k] (k = 0: sole wins,
       k >= 2: k-way ties).  Returns the rejected combo draws, or -1 after max_rejects in a row.
       `decks`: n_decks * 52 bytes of scratch for the per-combo decks.  P, nr, fy (decks in
       use) and need are arguments so that the common cases compile to loops of their own. */
    static PC_MC_INLINE int64_t pc_mc_body(const pc_mc_plan *pl, uint8_t *decks, uint64_t seed,
                                           int64_t samples, int64_t max_rejects, int64_t *cnt,
                                           const int P, const int nr, const int fy, const int need,
                                           int32_t *trace)
    {
        pc_rng r;
        uint64_t hk[10], hb[10];
        int ranks[10];
        int32_t picked[10];
        int64_t rejects = 0, streak = 0, i = 0, w0 = 0, w1 = 0, tt = 0;
        const uint32_t m = (uint32_t)pl->m;
        const uint32_t md = m - 2u * (uint32_t)nr;
        uint8_t *deck = decks;
        int p, q, d;
        pc_rng_seed(&r, seed);
        if (pl->n_decks) memcpy(decks, pl->decks, (size_t)pl->n_decks * 52u);
        for (p = 0; p < P; p++) { hk[p] = pl->hk[p]; hb[p] = pl->hb[p]; }
        while (i < samples) {
            uint64_t used = pl->base_used;
            for (q = 0; q < nr; q++) {
                int32_t j = (int32_t)pc_below(&r, (uint32_t)pl->count[q]);
                int64_t c;
                if (pl->weighted[q]) {
                    c = pl->first[q] + j;
                    if ((uint64_t)pc_next32(&r) >= pl->thr[c]) j = pl->alias[c];
                }
                c = pl->first[q] + j;
                if (used & pl->cm[c]) break;
                used |= pl->cm[c];
                p = pl->ranged[q];
                hk[p] = pl->ck[c];
                hb[p] = pl->cb[c];
                if (fy) deck = decks + (c - pl->first[q]) * 52;
                picked[q] = (int32_t)(c - pl->first[q]);
            }
            if (q < nr) {
                rejects++;
                if (++streak >= max_rejects) return -1;
                continue;
            }
            streak = 0;
            uint64_t key = pl->fixed_key, bits = pl->fixed_bits;
            if (fy) {  /* partial Fisher-Yates over the deck left by the hands: no rejection */
                for (d = 0; d < need; d++) {
                    uint32_t t = (uint32_t)d + pc_below(&r, md - (uint32_t)d);
                    unsigned c = deck[t];
                    deck[t] = deck[d];
                    deck[d] = (uint8_t)c;
                    key += PC7_CARD[c & 63u];
                    bits |= PC7_BIT16[c & 63u];
                    if (trace) trace[i * (need + nr) + d] = (int32_t)c;
                }
            } else {
                for (d = 0; d < need; d++) {
                    unsigned c;
                    do { c = pl->live[pc_below(&r, m)] & 63u; } while ((used >> c) & 1u);
                    used |= (uint64_t)1 << c;
                    key += PC7_CARD[c];
                    bits |= PC7_BIT16[c];
                    if (trace) trace[i * (need + nr) + d] = (int32_t)c;
                }
            }
            if (trace)
                for (q = 0; q < nr; q++) trace[i * (need + nr) + need + q] = picked[q];
            i++;
            if (P == 2) {  /* branch-free tallies, ties settled after the loop */
                int r0 = pc7_rank7_keys(key + hk[0], bits | hb[0]);
                int r1 = pc7_rank7_keys(key + hk[1], bits | hb[1]);
                w0 += r0 > r1; w1 += r1 > r0; tt += r0 == r1;
                continue;
            }
            int best = 0, nb = 0;
            for (p = 0; p < P; p++) {
                ranks[p] = pc7_rank7_keys(key + hk[p], bits | hb[p]);
                if (ranks[p] > best) { best = ranks[p]; nb = 1; }
                else if (ranks[p] == best) nb++;
            }
            for (p = 0; p < P; p++)
                if (ranks[p] == best) cnt[p * 11 + (nb == 1 ? 0 : nb)]++;
        }
        if (P == 2) { cnt[0] += w0; cnt[11] += w1; cnt[2] += tt; cnt[13] += tt; }
        return rejects;
    }

    static int64_t pc_mc_unit(const pc_mc_plan *pl, uint8_t *decks, uint64_t seed, int64_t samples,
                              int64_t max_rejects, int64_t *cnt, int32_t *trace)
    {
        if (trace)  /* (samples, need + n_ranged): the board cards dealt, then each ranged player's combo */
            return pc_mc_body(pl, decks, seed, samples, max_rejects, cnt, pl->P, pl->n_ranged,
                              pl->n_decks != 0, pl->need, trace);
        if (pl->P == 2 && pl->n_ranged == 1 && pl->n_decks && pl->need == 5)  /* hand vs range preflop */
            return pc_mc_body(pl, decks, seed, samples, max_rejects, cnt, 2, 1, 1, 5, NULL);
        if (pl->P == 2 && pl->n_decks)
            return pc_mc_body(pl, decks, seed, samples, max_rejects, cnt, 2, pl->n_ranged, 1, pl->need, NULL);
        if (pl->n_decks)
            return pc_mc_body(pl, decks, seed, samples, max_rejects, cnt, pl->P, pl->n_ranged, 1, pl->need, NULL);
        return pc_mc_body(pl, decks, seed, samples, max_rejects, cnt, pl->P, pl->n_ranged, 0, pl->need, NULL);
    }
    """
    ctypedef struct pc_mc_plan:
        int P, need, n_ranged, m
        uint64_t fixed_key, fixed_bits, base_used
        uint8_t live[64]
        uint64_t hk[10]
        uint64_t hb[10]
        int ranged[10]
        int weighted[10]
        int32_t first[10]
        int32_t count[10]
        uint64_t *ck
        uint64_t *cb
        uint64_t *cm
        uint64_t *thr
        int32_t *alias
        int32_t n_decks
        uint8_t *decks
    int64_t pc_mc_unit(const pc_mc_plan *pl, uint8_t *decks, uint64_t seed, int64_t samples,
                       int64_t max_rejects, int64_t *cnt, int32_t *trace) noexcept nogil


cdef void _alias(const double[::1] w, int32_t first, int32_t n, uint64_t *thr, int32_t *alias,
                 double *p, int32_t *small, int32_t *large):
    """Vose's alias table for weights ``w[first:first+n]``: keep ``j`` if a 32-bit coin < thr[j], else alias[j]."""
    cdef double total = 0.0, x
    cdef int32_t j, s, l, ns = 0, nl = 0
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
        l = large[nl - 1]
        alias[s] = l
        x = ldexp(p[s], 32)
        thr[s] = <uint64_t>(x + 0.5)
        p[l] = (p[l] + p[s]) - 1.0
        if p[l] < 1.0:
            nl -= 1
            small[ns] = l
            ns += 1
    for j in range(ns):
        thr[small[j]] = (<uint64_t>1) << 32
    for j in range(nl):
        thr[large[j]] = (<uint64_t>1) << 32


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
    cdef readonly int players

    def __cinit__(self):
        self.plan.ck = self.plan.cb = self.plan.cm = self.plan.thr = NULL
        self.plan.alias = NULL
        self.plan.decks = NULL
        self.plan.n_decks = 0

    def __dealloc__(self):
        free(self.plan.ck)
        free(self.plan.cb)
        free(self.plan.cm)
        free(self.plan.thr)
        free(self.plan.alias)
        free(self.plan.decks)

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
        if P < 2 or P > MAX_PLAYERS or k > 5 or combos.shape[1] != 2 or weights.shape[0] != n or n > 10 * 1326:
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
                _alias(weights, pl.first[q], pl.count[q], pl.thr + first, pl.alias + first, tmp, stk, stk + n)
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

    def run(self, const uint64_t[::1] seeds, Py_ssize_t lo, Py_ssize_t hi, int64_t samples, int64_t unit,
            int64_t max_rejects):
        """Units ``lo..hi-1`` of ``samples`` split in units of ``unit``, unit ``u`` seeded by ``seeds[u]``.

        Returns ``(counts, rejects)``: int64 ``counts[p, 0]`` the samples
        player ``p`` won alone and ``counts[p, k]`` (k >= 2) those it tied in
        a ``k``-way split; ``rejects`` the rejected combo draws, -1 if a unit
        had ``max_rejects`` in a row.  Integer counts: the sum over units
        does not depend on how they are grouped.
        """
        import numpy as np
        cdef Py_ssize_t u
        cdef int64_t rej, total = 0, size
        cdef uint8_t *decks = NULL
        if lo < 0 or hi > seeds.shape[0] or lo > hi or unit < 1 or samples < 0 or max_rejects < 1:
            raise ValueError("MonteCarloPlan.run: bad unit range")
        local = np.array(seeds[lo:hi], dtype=np.uint64)
        counts = np.zeros((self.players, 11), dtype=np.int64)
        cdef const uint64_t[::1] s = local
        cdef int64_t[:, ::1] cnt = counts
        if self.plan.n_decks:
            decks = <uint8_t *>malloc(self.plan.n_decks * 52)
            if not decks:
                raise MemoryError()
        with nogil:
            for u in range(lo, hi):
                size = samples - u * unit
                if size > unit:
                    size = unit
                if size <= 0:
                    break
                rej = pc_mc_unit(&self.plan, decks, s[u - lo], size, max_rejects, &cnt[0, 0], NULL)
                if rej < 0:
                    total = -1
                    break
                total += rej
        free(decks)
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
        counts = np.zeros((self.players, 11), dtype=np.int64)
        cdef int32_t[:, ::1] o = out
        cdef int64_t[:, ::1] cnt = counts
        cdef int32_t *op = &o[0, 0] if samples and w else NULL
        cdef uint8_t *decks = <uint8_t *>malloc(self.plan.n_decks * 52 + 1)
        if not decks:
            raise MemoryError()
        cdef int32_t dummy[1]
        with nogil:
            pc_mc_unit(&self.plan, decks, seed, samples, 1_000_000, &cnt[0, 0], op if op != NULL else dummy)
        free(decks)
        return out
