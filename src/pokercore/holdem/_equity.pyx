# cython: language_level=3, auto_pickle=False, autotestdict=False
"""Hold'em exact equity kernels: every board of each deal, GIL released.

Private: :mod:`pokercore.equity` validates every input (distinct cards,
ranges after card removal, player counts) and schedules these kernels over
threads.  The deals themselves (one combo per player, no card shared) come
from :mod:`pokercore.holdem._deals`, which also enumerates one deal of each
class alike up to suits.  Each :func:`exact_unit` call is one *unit* of
work whose result depends only on its arguments, so the units can run on
any number of threads and be summed in a fixed order: the same inputs give
the same answer.

Exact results, shape ``(4, P)``: row 0 wins (sole best hand), row 1 ties
(best hand shared), row 2 tie shares (``1/k`` for a ``k``-way split), row 3
zero; weighted by the product of the players' combo weights.  Monte Carlo:
:mod:`pokercore.holdem._montecarlo`.  The helpers both exact kernels share
are in ``_equity.pxd``.
"""
from libc.stdint cimport uint8_t, uint32_t, uint64_t, int64_t, int32_t

from pokercore.ceval7 cimport PC7_CARD, PC7_BIT16
from pokercore.holdem._common cimport PC_MAX_PLAYERS, pc_poll, poll, raise_pending

cdef extern from "_evaluator7.h" nogil:
    # The rank from a sum of exactly seven PC7_CARD entries (bias included): in bounds for any codes
    # without a clamp (see _evaluator7.h); every key scored here is such a sum.
    int pc7_rank7_sum(uint64_t key, uint64_t bits16)
    # Its non-flush part from the low word of such a sum: the rank when no suit has five cards.
    int pc7_nonflush7_sum(uint32_t key)

#: Most players of one equity question (the one definition, in _common.h).
MAX_PLAYERS = PC_MAX_PLAYERS


# -- Boards grouped by suit: a suit no player can flush any more only brings ranks -----------
#
# The deck runs from the highest card down, so the cards of one rank are side by side.  ``sc[s]``
# is the most cards of suit ``s`` any player can hold with the board so far (hole cards of the
# player with most of that suit, plus the board's).  With ``left`` board cards still to come, a
# suit with ``sc[s] + left < 5`` can no longer make a flush for anyone, on any completion: its
# cards only bring their rank, so the cards of one rank in such suits are interchangeable.  Taking
# ``r`` of the ``k`` of them gives ``C(k, r)`` boards with the same outcome: they are scored once
# and counted ``C(k, r)`` times.  Every board is counted exactly once (each board's cards of
# "irrelevant" suits, rank by rank, pick one such class).  Each level works on its own copy of the
# cards still to come, so what a level reorders never reaches its parent: the order of the items
# of a level (which :func:`_take` splits between parts) does not depend on which parts run.

ctypedef struct _Grp:
    int P
    int sc[4]
    uint64_t hk[PC_MAX_PLAYERS]
    uint64_t hb[PC_MAX_PLAYERS]
    int split_level     # the level whose items are dealt out to the parts
    int part, parts     # this run scores the items i with snake(i) == part
    int i0_lo, i0_hi    # and, at level 0, only the items found at deck index i0_lo..i0_hi-1
    int64_t counter     # items seen at split_level
    int64_t tie2        # two players: boards tied
    int64_t *win
    int64_t *tie
    int64_t *tcount


cdef int64_t _BINOM[25]  # C(k, r) at 5k + r
_BINOM[:] = [1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1, 2, 1, 0, 0, 1, 3, 3, 1, 0, 1, 4, 6, 4, 1]


cdef inline bint _take(_Grp *g, int level, int index) noexcept nogil:
    """Whether this run scores the item at ``index`` of ``level`` (each item goes to exactly one part)."""
    cdef int64_t k
    if level == 0 and (index < g.i0_lo or index >= g.i0_hi):
        return False
    if level != g.split_level or g.parts == 1:
        return True
    k = g.counter % (2 * g.parts)  # snake order: 0 1 .. n-1 n-1 .. 1 0, so the parts get even shares
    g.counter += 1
    return (k if k < g.parts else 2 * g.parts - 1 - k) == g.part


cdef inline void _leaf(_Grp *g, uint64_t key, uint64_t bits, int64_t w) noexcept nogil:
    """Score the complete board (its key sum and bits) for every player, counted ``w`` times."""
    cdef int p, r0, r1, best = 0, nb = 0
    cdef int ranks[PC_MAX_PLAYERS]
    if g.P == 2:
        r0 = pc7_rank7_sum(key + g.hk[0], bits | g.hb[0])
        r1 = pc7_rank7_sum(key + g.hk[1], bits | g.hb[1])
        if r0 > r1:
            g.win[0] += w
        elif r1 > r0:
            g.win[1] += w
        else:
            g.tie2 += w
        return
    for p in range(g.P):
        ranks[p] = pc7_rank7_sum(key + g.hk[p], bits | g.hb[p])
        if ranks[p] > best:
            best = ranks[p]
            nb = 1
        elif ranks[p] == best:
            nb += 1
    for p in range(g.P):
        if ranks[p] == best:
            if nb == 1:
                g.win[p] += w
            else:
                g.tie[p] += w
                g.tcount[p * (PC_MAX_PLAYERS + 1) + nb] += w


cdef void _river(_Grp *g, const uint8_t *deck, int n, int level, uint64_t key, uint64_t bits,
                 int64_t w) noexcept nogil:
    """The last board card from ``deck[0..n-1]``; cards of one rank in suits that cannot flush, scored once."""
    cdef uint8_t item[52]
    cdef int64_t iw[53]  # iw[52]: where the cards of a group this run does not score are counted
    cdef int i, c, m = 0, rank, last = -1, gs = 52
    cdef unsigned sirr = 0
    cdef bint check = level == 0 or (level == g.split_level and g.parts > 1)
    cdef bint flush = g.sc[0] >= 4 or g.sc[1] >= 4 or g.sc[2] >= 4 or g.sc[3] >= 4
    cdef int p, r0, r1, best, nb
    cdef int rk[PC_MAX_PLAYERS][52]
    cdef uint64_t k0, k1, b0, b1
    cdef int64_t w0 = 0, w1 = 0, tt = 0, ww
    if n > 52:
        n = 52
    # The items: a card of a suit that can still flush, or the first card of its rank in the suits that
    # cannot, standing for all of them (its count grows with each further one).
    for i in range(4):
        sirr |= (<unsigned>(g.sc[i] < 4)) << i
    iw[52] = 0
    for i in range(n):
        c = deck[i]
        rank = c >> 2
        if (sirr >> (c & 3)) & 1:
            if rank == last:
                iw[gs] += w
                continue
            last = rank
            if check and not _take(g, level, i):
                gs = 52
                continue
            gs = m
        elif check and not _take(g, level, i):
            continue
        item[m] = <uint8_t>c
        iw[m] = w
        m += 1
    if g.P == 2:
        k0 = key + g.hk[0]
        k1 = key + g.hk[1]
        b0 = bits | g.hb[0]
        b1 = bits | g.hb[1]
        if flush:
            for i in range(m):
                c = item[i]
                r0 = pc7_rank7_sum(k0 + PC7_CARD[c], b0 | PC7_BIT16[c])
                r1 = pc7_rank7_sum(k1 + PC7_CARD[c], b1 | PC7_BIT16[c])
                ww = iw[i]
                w0 += ww if r0 > r1 else 0
                w1 += ww if r1 > r0 else 0
                tt += ww if r0 == r1 else 0
        else:  # nobody can make a flush: the rank part alone decides
            for i in range(m):
                c = item[i]
                r0 = pc7_nonflush7_sum(<uint32_t>(k0 + PC7_CARD[c]))
                r1 = pc7_nonflush7_sum(<uint32_t>(k1 + PC7_CARD[c]))
                ww = iw[i]
                w0 += ww if r0 > r1 else 0
                w1 += ww if r1 > r0 else 0
                tt += ww if r0 == r1 else 0
        g.win[0] += w0
        g.win[1] += w1
        g.tie2 += tt
        return
    if g.P == 3:
        _river3(g, item, iw, m, key, bits, flush)
        return
    # Several players: each player's ranks over the items, then the showdowns.
    for p in range(g.P):
        k0 = key + g.hk[p]
        b0 = bits | g.hb[p]
        if flush:
            for i in range(m):
                rk[p][i] = pc7_rank7_sum(k0 + PC7_CARD[item[i]], b0 | PC7_BIT16[item[i]])
        else:
            for i in range(m):
                rk[p][i] = pc7_nonflush7_sum(<uint32_t>(k0 + PC7_CARD[item[i]]))
    for i in range(m):
        best = rk[0][i]
        nb = 1
        r1 = 0
        for p in range(1, g.P):
            r0 = rk[p][i]
            if r0 > best:
                best = r0
                nb = 1
                r1 = p
            elif r0 == best:
                nb += 1
        if nb == 1:
            g.win[r1] += iw[i]
            continue
        for p in range(g.P):
            if rk[p][i] == best:
                g.tie[p] += iw[i]
                g.tcount[p * (PC_MAX_PLAYERS + 1) + nb] += iw[i]


cdef void _river3(_Grp *g, const uint8_t *item, const int64_t *iw, int m, uint64_t key, uint64_t bits,
                  bint flush) noexcept nogil:
    """:func:`_river`'s showdowns for three players: ranks in registers, every outcome in its own tally."""
    cdef uint64_t k0 = key + g.hk[0], k1 = key + g.hk[1], k2 = key + g.hk[2]
    cdef uint64_t b0 = bits | g.hb[0], b1 = bits | g.hb[1], b2 = bits | g.hb[2]
    cdef int i, c, r0, r1, r2
    cdef int64_t ww, w0 = 0, w1 = 0, w2 = 0, t01 = 0, t02 = 0, t12 = 0, t012 = 0
    cdef int64_t *tc = g.tcount
    for i in range(m):
        c = item[i]
        if flush:
            r0 = pc7_rank7_sum(k0 + PC7_CARD[c], b0 | PC7_BIT16[c])
            r1 = pc7_rank7_sum(k1 + PC7_CARD[c], b1 | PC7_BIT16[c])
            r2 = pc7_rank7_sum(k2 + PC7_CARD[c], b2 | PC7_BIT16[c])
        else:  # nobody can make a flush: the rank part alone decides
            r0 = pc7_nonflush7_sum(<uint32_t>(k0 + PC7_CARD[c]))
            r1 = pc7_nonflush7_sum(<uint32_t>(k1 + PC7_CARD[c]))
            r2 = pc7_nonflush7_sum(<uint32_t>(k2 + PC7_CARD[c]))
        ww = iw[i]
        w0 += ww if r0 > r1 and r0 > r2 else 0
        w1 += ww if r1 > r0 and r1 > r2 else 0
        w2 += ww if r2 > r0 and r2 > r1 else 0
        t01 += ww if r0 == r1 and r0 > r2 else 0
        t02 += ww if r0 == r2 and r0 > r1 else 0
        t12 += ww if r1 == r2 and r1 > r0 else 0
        t012 += ww if r0 == r1 and r1 == r2 else 0
    g.win[0] += w0
    g.win[1] += w1
    g.win[2] += w2
    g.tie[0] += t01 + t02 + t012
    g.tie[1] += t01 + t12 + t012
    g.tie[2] += t02 + t12 + t012
    tc[2] += t01 + t02
    tc[3] += t012
    tc[(PC_MAX_PLAYERS + 1) + 2] += t01 + t12
    tc[(PC_MAX_PLAYERS + 1) + 3] += t012
    tc[2 * (PC_MAX_PLAYERS + 1) + 2] += t02 + t12
    tc[2 * (PC_MAX_PLAYERS + 1) + 3] += t012


cdef void _grouped(_Grp *g, const uint8_t *src, int n, int left, int level, uint64_t key, uint64_t bits,
                   int64_t w) noexcept nogil:
    """``left`` >= 2 more board cards from ``src[0..n-1]`` (descending), each class of boards scored once."""
    cdef uint8_t deck[52]
    cdef int i, j, k, rep, top, c, s, rank
    cdef uint8_t tmp
    cdef uint64_t kk, bb
    if n > 52:
        n = 52
    for i in range(n):
        deck[i] = src[i]
    i = 0
    while i < n:
        c = deck[i]
        s = c & 3
        if g.sc[s] + left < 5:
            # Move this rank's cards of suits that cannot flush to deck[i..i+k-1].
            rank = c >> 2
            k = 1
            j = i + 1
            while j < n and (deck[j] >> 2) == rank:
                if g.sc[deck[j] & 3] + left < 5:
                    tmp = deck[j]
                    deck[j] = deck[i + k]
                    deck[i + k] = tmp
                    k += 1
                j += 1
            top = k if k < left else left
            kk = key
            bb = bits
            for rep in range(1, top + 1):
                c = deck[i + rep - 1]
                kk += PC7_CARD[c]
                bb |= PC7_BIT16[c]
                if not _take(g, level, i):
                    continue
                if rep == left:
                    _leaf(g, kk, bb, w * _BINOM[5 * k + rep])
                elif left - rep == 1:
                    _river(g, &deck[i + k], n - i - k, level + 1, kk, bb, w * _BINOM[5 * k + rep])
                else:
                    _grouped(g, &deck[i + k], n - i - k, left - rep, level + 1, kk, bb, w * _BINOM[5 * k + rep])
            i += k
        else:
            if _take(g, level, i):
                g.sc[s] += 1
                if left == 2:
                    _river(g, &deck[i + 1], n - i - 1, level + 1, key + PC7_CARD[c], bits | PC7_BIT16[c], w)
                else:
                    _grouped(g, &deck[i + 1], n - i - 1, left - 1, level + 1, key + PC7_CARD[c],
                             bits | PC7_BIT16[c], w)
                g.sc[s] -= 1
            i += 1


cdef void _enum_all(const uint8_t *live, int n, int need, int level, int lo, int hi, uint64_t key, uint64_t bits,
                    _Grp *g) noexcept nogil:
    """Every board one by one (no grouping), card ``level`` at indexes lo..hi-1: the plain reference."""
    cdef int t, c
    for t in range(lo, hi):
        c = live[t]
        if level == 0 and (t < g.i0_lo or t >= g.i0_hi):
            continue
        if level == need - 1:
            _leaf(g, key + PC7_CARD[c], bits | PC7_BIT16[c], 1)
        else:
            _enum_all(live, n, need, level + 1, t + 1, n - (need - level - 2), key + PC7_CARD[c],
                      bits | PC7_BIT16[c], g)


cdef void _enum_one(const uint8_t *holes, int P, uint64_t fixed_key, uint64_t fixed_bits, const uint8_t *board,
                    int k, uint64_t dead_mask, int i0_lo, int i0_hi, int grouped, int part, int parts,
                    int64_t *win, int64_t *tie, int64_t *tcount) noexcept nogil:
    """Every board completion (``5 - k`` cards from the live deck) of one deal, counted into win/tie/tcount.

    With ``grouped``, boards that differ only in cards of suits nobody can
    flush are scored once (see above).  Only the top-level items at live
    deck indexes ``i0_lo..i0_hi-1`` and, at the split level, the items of
    ``part`` out of ``parts`` are scored, so runs over a partition of either
    add up to the whole.
    """
    cdef uint64_t used = dead_mask
    cdef uint8_t live[52]
    cdef int n = 0, c, t, p, j, s, need = 5 - k
    cdef int hs[4]
    cdef _Grp g
    g.P = P
    g.win = win
    g.tie = tie
    g.tcount = tcount
    g.tie2 = 0
    g.counter = 0
    g.part = part
    g.parts = parts
    g.i0_lo = i0_lo
    g.i0_hi = i0_hi
    g.split_level = need - 2 if need >= 2 else 0  # the items of the second-to-last card: hundreds of them
    if g.split_level > 1:
        g.split_level = 1
    for s in range(4):
        g.sc[s] = 0
    for j in range(k):
        used |= (<uint64_t>1) << (board[j] & 63)
    for p in range(P):
        c = holes[2 * p] & 63
        t = holes[2 * p + 1] & 63
        used |= ((<uint64_t>1) << c) | ((<uint64_t>1) << t)
        g.hk[p] = PC7_CARD[c] + PC7_CARD[t]
        g.hb[p] = PC7_BIT16[c] | PC7_BIT16[t]
        for s in range(4):
            hs[s] = 0
        hs[c & 3] += 1
        hs[t & 3] += 1
        for s in range(4):
            if hs[s] > g.sc[s]:
                g.sc[s] = hs[s]
    for j in range(k):
        g.sc[board[j] & 3] += 1
    if need == 0:  # the river is known: one board
        if i0_lo <= 0 < i0_hi and part == 0:
            _leaf(&g, fixed_key, fixed_bits, 1)
    else:
        for c in range(51, -1, -1):
            if not (used >> c) & 1:
                live[n] = <uint8_t>c
                n += 1
        if need <= n:
            if not grouped:
                g.split_level = -1
                _enum_all(live, n, need, 0, 0, n - need + 1, fixed_key, fixed_bits, &g)
            elif need == 1:
                _river(&g, live, n, 0, fixed_key, fixed_bits, 1)
            else:
                _grouped(&g, live, n, need, 0, fixed_key, fixed_bits, 1)
    if P == 2:
        tie[0] += g.tie2
        tie[1] += g.tie2
        tcount[2] += g.tie2
        tcount[PC_MAX_PLAYERS + 1 + 2] += g.tie2


def exact_unit(const uint8_t[:, ::1] holes, const double[::1] weights, const uint8_t[::1] board,
               uint64_t dead_mask, Py_ssize_t a_lo, Py_ssize_t a_hi, int i0_lo, int i0_hi, int symmetry=1,
               const int32_t[::1] stop=None, bint signals=False):
    """Weighted (4, P) counts over assignments ``a_lo..a_hi`` and first board indexes ``i0_lo..i0_hi``.

    ``holes[a]`` holds the 2P hole cards of assignment ``a`` (player p: columns
    2p, 2p+1); ``board`` the known board cards; ``dead_mask`` bit ``c`` for
    every other card out of the deck.  ``symmetry=1`` scores boards that
    differ only in cards of suits nobody can flush once (counted for all of
    them); ``symmetry=0`` scores every board one by one (the reference).
    The first-index split runs over the top-level items of the enumeration
    (a group of such cards belongs to the index of its first card), so runs
    over a partition of ``0..52`` add up to the whole.  Returns ``(counts,
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
                      i0_lo, i0_hi, symmetry != 0, 0, 1, win, tie, tcount)
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
    """Integer counts of one deal (``holes[0]``) over the boards of ``part`` out of ``parts``.

    Returns ``(win, tie, tcount)`` (int64, shapes ``(P,)``, ``(P,)``,
    ``(P, MAX_PLAYERS + 1)``: ``tcount[p, k]`` boards on which player ``p``
    ties ``k``-way).  The parts of ``0..parts-1`` add up to the whole
    exactly, whatever ``parts``: :func:`weigh_counts` turns the sum into
    the result of :func:`exact_unit` for that deal, bit for bit.  Runs
    well under ten milliseconds (one deal), so it does not poll.
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
        _enum_one(&holes[0, 0], P, fixed_key, fixed_bits, &board[0] if k else NULL, k, dead_mask, 0, 52, 1,
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
