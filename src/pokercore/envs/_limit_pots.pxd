# cython: language_level=3
"""The pots of a compiled fixed-limit hand (see _limit_pots.pyx)."""

cdef enum:
    MAXN = 10

cdef int showdown_seats(const int *order, int m, const int *place, const int *live, int aggressor,
                        int *seats) noexcept nogil
cdef void award(const long long *committed, const int *live, int n, const int *ranks, int button, long long dead,
                int bbseat, long long *payouts, int *winners) noexcept nogil
