# cython: language_level=3, auto_pickle=False, autotestdict=False
"""Hold'em exact equity kernels: every board of each deal, GIL released.

Private: :mod:`pokercore.equity` validates every input (distinct cards,
ranges after card removal, player counts) and schedules these kernels over
threads.  The deals themselves (one combo per player, no card shared) come
from :mod:`pokercore.equity._deals`, which also enumerates one deal of each
class alike up to suits.  Each :func:`exact_unit` call is one *unit* of
work whose result depends only on its arguments, so the units can run on
any number of threads and be summed in a fixed order: the same inputs give
the same answer.

Exact results, shape ``(4, P)``: row 0 wins (sole best hand), row 1 ties
(best hand shared), row 2 tie shares (``1/k`` for a ``k``-way split), row 3
zero; weighted by the product of the players' combo weights.  Monte Carlo:
:mod:`pokercore.equity._montecarlo`.  The helpers both exact kernels share
are in ``_equity.pxd``.
"""
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int64_t, int32_t

from pokercore.ceval7 cimport PC7_CARD, PC7_BIT16
from pokercore.equity._common cimport PC_MAX_PLAYERS, pc_poll, poll, raise_pending

cdef extern from "_evaluator7.h" nogil:
    # The rank from a sum of exactly seven PC7_CARD entries (bias included): in bounds for any codes
    # without a clamp (see _evaluator7.h); every key scored here is such a sum.
    int pc7_rank7_sum(uint64_t key, uint64_t bits16)
    # Its non-flush part from the low word of such a sum: the rank when no suit has five cards.
    int pc7_nonflush7_sum(uint32_t key)
    # The rank of a flush from its suit's 13-bit rank mask (five or more ranks).
    const uint16_t PC7_FLUSH[8192]

#: Most players of one equity question (the one definition, in _common.h).
MAX_PLAYERS = PC_MAX_PLAYERS


# -- Boards by ranks, flushes apart -------------------------------------------------------------
#
# Where nobody makes a flush, a board's outcome depends on its ranks alone, so the boards are
# scored by *rank multiset*: the ``need`` cards still to come as how many of each rank, counted
# ``prod C(live cards of the rank, how many)`` times (about 6,000 multisets for a preflop deal
# instead of 1.7 million boards).  That is right on every board but those where someone has a
# flush, and those are few and easy to find: a player holds at most two cards of a suit, so a flush
# in suit ``s`` needs at least three of the five board cards in ``s``, and no board has three in two
# suits.  The boards where someone flushes in ``s`` are therefore apart from those of every other
# suit; they are enumerated as the subset of ``s`` cards still to come (ranks matter for the flush)
# times the rank multiset of the others (ranks alone matter there: they cannot make a second flush),
# and each one adds its true outcome and takes back the rank-only outcome it was counted with.  The
# integer counts are those of scoring every board one by one (``symmetry=0``, the plain reference
# the tests hold this to).

ctypedef struct _Deal:
    int P
    int need                           # board cards still to come
    uint32_t hk[PC_MAX_PLAYERS]        # each player's two rank keys (the low word of PC7_CARD)
    unsigned hm[PC_MAX_PLAYERS][4]     # each player's hole ranks of each suit (13-bit masks)
    int hc[PC_MAX_PLAYERS][4]          # and how many
    uint32_t rk[13]                    # the rank key of each rank
    int avail[2][13]                   # live cards of each rank: [0] all, [1] those not of the flush pass's suit
    int room[2][13]                    # and of the ranks up to each: room[i][r] = sum(avail[i][0..r])
    uint64_t fk[PC_MAX_PLAYERS]        # the plain reference's full keys and suit bits of each player's cards
    uint64_t fb[PC_MAX_PLAYERS]
    int part, parts                    # this run scores the leaves i with snake(i) == part
    int64_t counter                    # leaves seen
    int64_t tie2                       # two players: boards tied
    int64_t *win
    int64_t *tie
    int64_t *tcount


cdef int64_t _BINOM[25]  # C(k, r) at 5k + r
_BINOM[:] = [1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1, 2, 1, 0, 0, 1, 3, 3, 1, 0, 1, 4, 6, 4, 1]


cdef inline bint _take(_Deal *d) noexcept nogil:
    """Whether this run scores the next leaf (each leaf goes to exactly one of the parts)."""
    cdef int64_t k
    if d.parts == 1:
        return True
    k = d.counter % (2 * d.parts)  # snake order: 0 1 .. n-1 n-1 .. 1 0, so the parts get even shares
    d.counter += 1
    return (k if k < d.parts else 2 * d.parts - 1 - k) == d.part


cdef inline void _count(_Deal *d, const int *ranks, int64_t w) noexcept nogil:
    """Add the showdown of ``ranks`` (one per player), ``w`` times (``w`` may be negative)."""
    cdef int p, best = 0, nb = 0, who = 0
    for p in range(d.P):
        if ranks[p] > best:
            best = ranks[p]
            nb = 1
            who = p
        elif ranks[p] == best:
            nb += 1
    if nb == 1:
        d.win[who] += w
        return
    for p in range(d.P):
        if ranks[p] == best:
            d.tie[p] += w
            d.tcount[p * (PC_MAX_PLAYERS + 1) + nb] += w


cdef inline void _add2(_Deal *d, int outcome, int64_t w) noexcept nogil:
    """Two players: ``w`` boards to ``outcome`` (1 player 0 wins, -1 player 1 wins, 0 a tie)."""
    if outcome > 0:
        d.win[0] += w
    elif outcome < 0:
        d.win[1] += w
    else:
        d.tie2 += w


cdef inline void _rank_leaf(_Deal *d, uint32_t key, int64_t w) noexcept nogil:
    """A rank multiset of the board (its rank keys summed in ``key``) on which nobody flushes, ``w`` boards."""
    cdef int p, r0, r1
    cdef int ranks[PC_MAX_PLAYERS]
    if not _take(d):
        return
    if d.P == 2:
        r0 = pc7_nonflush7_sum(key + d.hk[0])
        r1 = pc7_nonflush7_sum(key + d.hk[1])
        _add2(d, (r0 > r1) - (r0 < r1), w)
        return
    for p in range(d.P):
        ranks[p] = pc7_nonflush7_sum(key + d.hk[p])
    _count(d, ranks, w)


cdef inline void _flush_leaf(_Deal *d, uint32_t key, int s, unsigned smask, int scount, int64_t w) noexcept nogil:
    """``w`` boards with ranks ``key`` and suit-``s`` ranks ``smask`` (``scount`` of them) on which
    someone flushes in ``s``: their true outcome in, the rank-only one they were counted with out."""
    cdef int p, r0, r1, t0, t1
    cdef int flat[PC_MAX_PLAYERS]
    cdef int true_[PC_MAX_PLAYERS]
    cdef bint differ = False
    if not _take(d):
        return
    if d.P == 2:
        r0 = pc7_nonflush7_sum(key + d.hk[0])
        r1 = pc7_nonflush7_sum(key + d.hk[1])
        t0 = PC7_FLUSH[(d.hm[0][s] | smask) & 0x1fff] if d.hc[0][s] + scount >= 5 else r0
        t1 = PC7_FLUSH[(d.hm[1][s] | smask) & 0x1fff] if d.hc[1][s] + scount >= 5 else r1
        r0 = (r0 > r1) - (r0 < r1)  # the rank-only outcome: 1 player 0 wins, -1 player 1, 0 a tie
        t0 = (t0 > t1) - (t0 < t1)
        if r0 != t0:
            _add2(d, r0, -w)
            _add2(d, t0, w)
        return
    for p in range(d.P):
        flat[p] = pc7_nonflush7_sum(key + d.hk[p])
        if d.hc[p][s] + scount >= 5:
            true_[p] = PC7_FLUSH[(d.hm[p][s] | smask) & 0x1fff]
            differ = True
        else:
            true_[p] = flat[p]
    if differ:
        _count(d, flat, -w)
        _count(d, true_, w)


cdef inline void _emit(_Deal *d, uint32_t key, int64_t w, int s, unsigned smask, int scount) noexcept nogil:
    if s < 0:
        _rank_leaf(d, key, w)
    else:
        _flush_leaf(d, key, s, smask, scount, w)


cdef void _multisets(_Deal *d, int i, int r, int left, uint32_t key, int64_t w, int s, unsigned smask,
                     int scount) noexcept nogil:
    """Every multiset of ``left`` more ranks from ``r`` down, at most ``avail[q]`` of rank ``q``, each
    counted ``prod C(avail[q], taken)`` times; its leaves go to :func:`_rank_leaf` (``s < 0``) or
    :func:`_flush_leaf`."""
    cdef int c, top
    cdef const int *avail = d.avail[i]
    if left == 0:
        _emit(d, key, w, s, smask, scount)
        return
    if d.room[i][r] < left:
        return
    if left == 1:  # the last card: one leaf per rank (no deeper calls)
        for c in range(r, -1, -1):
            if avail[c]:
                _emit(d, key + d.rk[c], w * avail[c], s, smask, scount)
        return
    if left == 2:  # the last two: a pair or two ranks
        for c in range(r, -1, -1):
            if not avail[c]:
                continue
            if avail[c] >= 2:
                _emit(d, key + 2 * d.rk[c], w * _BINOM[5 * avail[c] + 2], s, smask, scount)
            for top in range(c - 1, -1, -1):
                if avail[top]:
                    _emit(d, key + d.rk[c] + d.rk[top], w * avail[c] * avail[top], s, smask, scount)
        return
    if r == 0:  # the last rank takes all that is left
        _multisets(d, i, -1, 0, key + <uint32_t>left * d.rk[0], w * _BINOM[5 * avail[0] + left], s, smask,
                   scount)
        return
    top = avail[r] if avail[r] < left else left
    for c in range(top + 1):
        _multisets(d, i, r - 1, left - c, key + <uint32_t>c * d.rk[r], w * _BINOM[5 * avail[r] + c], s, smask,
                   scount)


cdef inline void _rooms(_Deal *d, int i) noexcept nogil:
    cdef int r, total = 0
    for r in range(13):
        total += d.avail[i][r]
        d.room[i][r] = total


cdef void _suited(_Deal *d, int s, const int *live_s, int n_s, int start, int taken, int least, uint32_t key,
                  unsigned smask, int scount) noexcept nogil:
    """Every set of suit-``s`` cards still to come (ranks ``live_s[start..]`` onward) with at least
    ``least`` of them, the rest of the board from the other suits' cards by rank."""
    cdef int j
    if taken >= least:
        _multisets(d, 1, 12, d.need - taken, key, 1, s, smask, scount)
    if taken == d.need:
        return
    for j in range(start, n_s):
        _suited(d, s, live_s, n_s, j + 1, taken + 1, least, key + d.rk[live_s[j]],
                smask | (1u << live_s[j]), scount + 1)


cdef void _by_ranks(_Deal *d, const uint8_t *board, int k, uint64_t used) noexcept nogil:
    """Every completion of the board (``need`` cards not in ``used``): by rank multiset, then each suit's
    flush boards apart (see above)."""
    cdef uint32_t key = 0
    cdef int s, r, p, j, n_s, most, least, known
    cdef unsigned bm
    cdef int live_s[13]
    for j in range(k):
        key += <uint32_t>PC7_CARD[board[j]]
    _multisets(d, 0, 12, d.need, key, 1, -1, 0, 0)
    for s in range(4):
        most = 0
        for p in range(d.P):
            most = d.hc[p][s] if d.hc[p][s] > most else most
        bm = 0
        for j in range(k):
            bm |= <unsigned>(PC7_BIT16[board[j]] >> (16 * s)) & 0x1fffu
        known = 0
        for r in range(13):
            known += (bm >> r) & 1
        least = 5 - most - known  # suit-s cards still to come before anyone can flush in s
        if least > d.need:
            continue
        least = least if least > 0 else 0
        n_s = 0
        for r in range(12, -1, -1):
            if not (used >> (4 * r + s)) & 1:
                live_s[n_s] = r
                n_s += 1
            d.avail[1][r] = d.avail[0][r] - (0 if (used >> (4 * r + s)) & 1 else 1)
        _rooms(d, 1)
        _suited(d, s, live_s, n_s, 0, 0, least, key, bm, known)

cdef void _leaf(_Deal *d, uint64_t key, uint64_t bits) noexcept nogil:
    """One complete board (its key sum and suit bits): every player's full hand ranked, one board."""
    cdef int p, r0, r1
    cdef int ranks[PC_MAX_PLAYERS]
    if d.P == 2:
        r0 = pc7_rank7_sum(key + d.fk[0], bits | d.fb[0])
        r1 = pc7_rank7_sum(key + d.fk[1], bits | d.fb[1])
        if r0 > r1:
            d.win[0] += 1
        elif r1 > r0:
            d.win[1] += 1
        else:
            d.tie2 += 1
        return
    for p in range(d.P):
        ranks[p] = pc7_rank7_sum(key + d.fk[p], bits | d.fb[p])
    _count(d, ranks, 1)


cdef void _enum_all(_Deal *d, const uint8_t *live, int n, int level, int lo, uint64_t key,
                    uint64_t bits) noexcept nogil:
    """Every board one by one, card ``level`` from ``live[lo..]``: the plain reference."""
    cdef int t, c
    for t in range(lo, n - (d.need - level - 1)):
        c = live[t]
        if level == d.need - 1:
            if _take(d):
                _leaf(d, key + PC7_CARD[c], bits | PC7_BIT16[c])
        else:
            _enum_all(d, live, n, level + 1, t + 1, key + PC7_CARD[c], bits | PC7_BIT16[c])


cdef void _enum_one(const uint8_t *holes, int P, uint64_t fixed_key, uint64_t fixed_bits, const uint8_t *board,
                    int k, uint64_t dead_mask, int by_ranks, int part, int parts,
                    int64_t *win, int64_t *tie, int64_t *tcount) noexcept nogil:
    """Every board completion (``5 - k`` cards from the live deck) of one deal, counted into win/tie/tcount.

    ``by_ranks``: by rank multiset, flushes apart (see above); else every
    board one by one (the plain reference).  Only the leaves (boards, or
    classes of them) of ``part`` out of ``parts`` are scored, so the runs of
    all the parts add up to the whole.
    """
    cdef uint64_t used = dead_mask
    cdef uint8_t live[52]
    cdef int n = 0, c, t, p, j, s, r
    cdef _Deal d
    d.P = P
    d.need = 5 - k
    d.win = win
    d.tie = tie
    d.tcount = tcount
    d.tie2 = 0
    d.counter = 0
    d.part = part
    d.parts = parts
    for j in range(k):
        used |= (<uint64_t>1) << (board[j] & 63)
    for p in range(P):
        c = holes[2 * p]
        t = holes[2 * p + 1]
        used |= ((<uint64_t>1) << (c & 63)) | ((<uint64_t>1) << (t & 63))
        d.fk[p] = PC7_CARD[c] + PC7_CARD[t]
        d.fb[p] = PC7_BIT16[c] | PC7_BIT16[t]
        d.hk[p] = <uint32_t>d.fk[p]
        for s in range(4):
            d.hm[p][s] = <unsigned>(d.fb[p] >> (16 * s)) & 0x1fffu
            d.hc[p][s] = (d.hm[p][s] != 0) + ((d.hm[p][s] & (d.hm[p][s] - 1)) != 0)  # two cards: 0, 1 or 2
    for r in range(13):
        d.rk[r] = <uint32_t>PC7_CARD[4 * r]
        d.avail[0][r] = 0
        for s in range(4):
            if not (used >> (4 * r + s)) & 1:
                d.avail[0][r] += 1
                live[n] = <uint8_t>(4 * r + s)
                n += 1
    _rooms(&d, 0)
    if d.need == 0:  # the river is known: one board
        if _take(&d):
            _leaf(&d, fixed_key, fixed_bits)
    elif d.need <= n:
        if by_ranks:
            _by_ranks(&d, board, k, used)
        else:
            _enum_all(&d, live, n, 0, 0, fixed_key, fixed_bits)
    if P == 2:
        tie[0] += d.tie2
        tie[1] += d.tie2
        tcount[2] += d.tie2
        tcount[PC_MAX_PLAYERS + 1 + 2] += d.tie2


def exact_unit(const uint8_t[:, ::1] holes, const double[::1] weights, const uint8_t[::1] board,
               uint64_t dead_mask, Py_ssize_t a_lo, Py_ssize_t a_hi, int symmetry=1,
               const int32_t[::1] stop=None, bint signals=False):
    """Weighted (4, P) counts over assignments ``a_lo..a_hi``.

    ``holes[a]`` holds the 2P hole cards of assignment ``a`` (player p: columns
    2p, 2p+1); ``board`` the known board cards; ``dead_mask`` bit ``c`` for
    every other card out of the deck.  ``symmetry=1`` scores the boards by
    rank multiset, flushes apart; ``symmetry=0`` scores every board one by
    one (the reference): the counts are the same.  Returns ``(counts,
    weight)``: the weighted counts and the weighted number of boards;
    weight -1.0 if the run stopped early (the counts are then partial).

    The run stops early when ``stop[0]`` becomes nonzero (set it from
    another thread) and, with ``signals=True`` on the main thread, when a
    signal handler raises: that exception (``KeyboardInterrupt`` for
    Ctrl-C) is raised here within milliseconds.
    """
    import numpy as np
    cdef int P = <int>(holes.shape[1] // 2)
    cdef uint64_t fixed_key, fixed_bits
    cdef int k = _board_args(board, &fixed_key, &fixed_bits)
    cdef Py_ssize_t a
    cdef int p
    cdef int64_t win[PC_MAX_PLAYERS]
    cdef int64_t tie[PC_MAX_PLAYERS]
    cdef int64_t tcount[PC_MAX_PLAYERS * (PC_MAX_PLAYERS + 1)]
    cdef double boards, work = 0.0
    cdef pc_poll ctx
    if P < 2 or P > PC_MAX_PLAYERS or holes.shape[1] != 2 * P:
        raise ValueError("exact_unit: bad shapes")
    if a_lo < 0 or a_hi > holes.shape[0] or a_hi > weights.shape[0]:
        raise ValueError("exact_unit: bad assignment range")
    if stop is not None and stop.shape[0] < 1:
        raise ValueError("exact_unit: stop must hold one int32")
    ctx.stop = &stop[0] if stop is not None else NULL
    ctx.signals = signals
    ctx.raised = 0
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
            _zero(win, tie, tcount)
            _enum_one(&holes[a, 0], P, fixed_key, fixed_bits, &board[0] if k else NULL, k, dead_mask,
                      symmetry != 0, 0, 1, win, tie, tcount)
            boards = _weigh(r, weights[a], win, tie, tcount, P)
            total += weights[a] * boards
            work += boards * P + 1.0
    if ctx.raised:
        raise_pending()
    for p in range(P):
        r[3, p] = 0.0
    return result, total


def deal_counts(const uint8_t[:, ::1] holes, const uint8_t[::1] board, uint64_t dead_mask, int part=0,
                int parts=1):
    """Integer counts of one deal (``holes[0]``) over its boards, or the leaves of ``part`` out of ``parts``.

    Returns ``(win, tie, tcount)`` (int64, shapes ``(P,)``, ``(P,)``,
    ``(P, MAX_PLAYERS + 1)``: ``tcount[p, k]`` boards on which player ``p``
    ties ``k``-way).  The parts of ``0..parts-1`` add up to the whole
    exactly, whatever ``parts``; only that sum means anything (a part's
    counts alone may be negative: a flush correction can land in another
    part than the multiset it corrects).  :func:`weigh_counts` turns the
    whole into the result of :func:`exact_unit` for that deal, bit for bit.
    Runs in under a millisecond (one deal), so it does not poll.
    """
    import numpy as np
    cdef int P = <int>(holes.shape[1] // 2)
    cdef uint64_t fixed_key, fixed_bits
    cdef int k = _board_args(board, &fixed_key, &fixed_bits)
    if P < 2 or P > PC_MAX_PLAYERS or holes.shape[1] != 2 * P or holes.shape[0] < 1:
        raise ValueError("deal_counts: bad shapes")
    if parts < 1 or not 0 <= part < parts:
        raise ValueError("deal_counts: need 0 <= part < parts")
    win = np.zeros(PC_MAX_PLAYERS, dtype=np.int64)
    tie = np.zeros(PC_MAX_PLAYERS, dtype=np.int64)
    tcount = np.zeros((PC_MAX_PLAYERS, PC_MAX_PLAYERS + 1), dtype=np.int64)
    cdef int64_t[::1] wv = win
    cdef int64_t[::1] tv = tie
    cdef int64_t[:, ::1] cv = tcount
    with nogil:
        _enum_one(&holes[0, 0], P, fixed_key, fixed_bits, &board[0] if k else NULL, k, dead_mask, 1,
                  part, parts, &wv[0], &tv[0], &cv[0, 0])
    return win[:P], tie[:P], tcount[:P]


def weigh_counts(const int64_t[::1] win, const int64_t[::1] tie, const int64_t[:, ::1] tcount, double weight):
    """The ``(counts, total)`` of :func:`exact_unit` from one deal's integer counts (see :func:`deal_counts`)."""
    import numpy as np
    cdef int P = <int>win.shape[0], p, nt
    cdef int64_t w[PC_MAX_PLAYERS]
    cdef int64_t t[PC_MAX_PLAYERS]
    cdef int64_t c[PC_MAX_PLAYERS * (PC_MAX_PLAYERS + 1)]
    if not 2 <= P <= PC_MAX_PLAYERS or tie.shape[0] != P or tcount.shape[0] != P \
            or tcount.shape[1] != PC_MAX_PLAYERS + 1:
        raise ValueError("weigh_counts: bad shapes")
    _zero(w, t, c)
    for p in range(P):
        w[p] = win[p]
        t[p] = tie[p]
        for nt in range(PC_MAX_PLAYERS + 1):
            c[p * (PC_MAX_PLAYERS + 1) + nt] = tcount[p, nt]
    result = np.zeros((4, P), dtype=np.float64)
    total = weight * _weigh(result, weight, w, t, c, P)
    return result, total
