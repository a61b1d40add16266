# cython: language_level=3
"""What the compiled hands share (see _hand_shared.pyx)."""

cdef enum:
    MAXN = 10

cdef int showdown_seats(const int *order, int m, const int *place, const int *live, int aggressor,
                        int *seats) noexcept nogil
cdef void award(const long long *committed, const int *live, int n, const int *ranks, int button, long long dead,
                int bbseat, long long *payouts, int *winners) noexcept nogil
cdef int read_deck(object deck, unsigned char *out, str who) except -1
