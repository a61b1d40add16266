# cython: language_level=3
"""The Binh search kernels (:mod:`pokercore.binh._arrange_kernel`) as :mod:`pokercore.binh._arrange` calls them."""
from libc.stdint cimport uint8_t, uint16_t, int32_t, int64_t, uint64_t

cdef enum:
    N5 = 1287       # C(13, 5)
    N3 = 286        # C(13, 3)
    NPAIRS = 36036  # unordered pairs of disjoint 5-subsets = 72,072 / 2
    FULL = 8191     # 13 bits

cdef struct Work:
    uint8_t s[13]       # cards sorted by code, ascending
    uint8_t perm[13]    # perm[p] = input position of s[p]
    uint16_t r5[N5]
    uint16_t r3[N3]
    double vb[N5]
    double vm[N5]
    double vt[N3]
    uint16_t order5[N5]  # 5-subset indices by rank, ascending
    uint16_t order3[N3]  # 3-subset indices by rank, ascending
    uint16_t tmp[N5]
    double pm[N5]        # max vm over 5-subsets ranked <= this one
    double pt[N5]        # max vt over 3-subsets ranked <= this one

cdef inline unsigned _to_input(const Work *w, unsigned smask) noexcept nogil:
    """Mask over sorted positions -> mask over input positions."""
    cdef unsigned out = 0, p
    for p in range(13):
        if smask >> p & 1:
            out |= 1u << w.perm[p]
    return out

cdef int64_t _count(const Work *w) noexcept nogil
cdef void _prepare(const uint8_t *cards, Work *w) noexcept nogil
cdef uint64_t _solve(Work *w, const uint8_t *cards, const double *tt, const double *tm,
                     const double *tb, int prune, double *value) noexcept nogil
cdef void _decode(const Work *w, uint64_t key, unsigned *smasks, int32_t *ranks) noexcept nogil
cdef void _write_cards(const Work *w, const unsigned *smasks, uint8_t *out) noexcept nogil
cdef Py_ssize_t _fill_legal(const Work *w, int32_t *out) noexcept nogil
