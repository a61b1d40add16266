# cython: language_level=3
"""What the compiled hands (:mod:`pokercore.envs._limit_hand`, :mod:`pokercore.envs._draw_hand`) share.

The showdown order, the pots, and rebuilding a hand from its deal and
decisions (how they are pickled and copied).


The pots: the same arithmetic as :func:`pokercore.holdem._showdown.showdown_order`,
:func:`~pokercore.holdem._showdown.hand_pots` (over
:func:`pokercore.pots.build_pots`) and :func:`~pokercore.holdem._showdown.award`
(over :func:`pokercore.pots.split_pot`), on C arrays of at most ``MAXN``
seats: levels of the live seats' chips close pots, consecutive pots with the
same seats eligible are one pot, a big-blind ante is dead money in the main
pot, and each pot goes to its best hands, odd chips one at a time from the
left of the button.
"""

import operator


cdef int showdown_seats(const int *order, int m, const int *place, const int *live, int aggressor,
                        int *seats) noexcept nogil:
    """The live seats in the order they show: from the last aggressor (or the next live seat after it)."""
    cdef int k, j, c = 0, start = 0
    if aggressor >= 0:
        start = place[aggressor]
    for k in range(m):
        j = order[(start + k) % m]
        if live[j]:
            seats[c] = j
            c += 1
    return c


cdef void award(const long long *committed, const int *live, int n, const int *ranks, int button, long long dead,
                int bbseat, long long *payouts, int *winners) noexcept nogil:
    """Add each seat's winnings to ``payouts``: every pot to its best hands (flagged in ``winners`` if not NULL)."""
    cdef long long c[MAXN]
    cdef long long levels[MAXN + 1]
    cdef long long prev = 0, level, amount, top = 0, t, pending = 0
    cdef int eligible[MAXN]
    cdef int prev_eligible[MAXN]
    cdef int nl = 0, i, j, k, ne, npe = -1, first_pot = 1
    for i in range(MAXN):
        c[i] = 0
    for i in range(n):
        c[i] = committed[i]
    if dead:
        c[bbseat] -= dead
    for i in range(n):
        if c[i] > top:
            top = c[i]
    # the distinct levels of live seats, ascending (an insertion sort: ten seats at most)
    for i in range(n):
        if live[i] and c[i] > 0:
            for k in range(nl):
                if levels[k] == c[i]:
                    break
            else:
                k = nl
                while k > 0 and levels[k - 1] > c[i]:
                    levels[k] = levels[k - 1]
                    k -= 1
                levels[k] = c[i]
                nl += 1
    if nl == 0 or levels[nl - 1] < top:
        levels[nl] = top
        nl += 1
    for k in range(nl):
        level = levels[k]
        if level <= prev:
            continue
        amount = 0
        for i in range(n):
            if c[i] > prev:
                t = c[i] if c[i] < level else level
                amount += t - prev
        ne = 0
        for i in range(n):
            if c[i] >= level and live[i]:
                eligible[ne] = i
                ne += 1
        if npe >= 0 and (ne == 0 or _same(eligible, ne, prev_eligible, npe)):
            pending += amount  # the same seats: one pot
        else:
            if npe >= 0:
                if first_pot:
                    pending += dead
                    first_pot = 0
                _split(pending, prev_eligible, npe, ranks, button, n, payouts, winners)
            pending = amount
            npe = ne
            for j in range(ne):
                prev_eligible[j] = eligible[j]
        prev = level
    if npe >= 0:
        if first_pot:
            pending += dead
        _split(pending, prev_eligible, npe, ranks, button, n, payouts, winners)
    elif dead:  # no chips but the dead ante: the live seats share it
        ne = 0
        for i in range(n):
            if live[i]:
                eligible[ne] = i
                ne += 1
        _split(dead, eligible, ne, ranks, button, n, payouts, winners)


cdef void _split(long long amount, const int *eligible, int ne, const int *ranks, int button, int n,
                 long long *payouts, int *flags) noexcept nogil:
    """``amount`` to the best of ``eligible``, shared, odd chips from the first winner left of the button."""
    cdef int winners[MAXN]
    cdef int k, w = 0, best = -1, d, s
    cdef long long share, odd
    for k in range(ne):
        if ranks[eligible[k]] > best:
            best = ranks[eligible[k]]
    for d in range(n):
        s = (button + 1 + d) % n
        for k in range(ne):
            if eligible[k] == s and ranks[s] == best:
                winners[w] = s
                w += 1
    if w == 0:
        return
    share = amount // w
    odd = amount - share * w
    for k in range(w):
        payouts[winners[k]] += share + (1 if k < odd else 0)
        if flags != NULL:
            flags[winners[k]] = 1


cdef bint _same(const int *a, int na, const int *b, int nb) noexcept nogil:
    cdef int k
    if na != nb:
        return False
    for k in range(na):
        if a[k] != b[k]:
            return False
    return True


cdef int read_deck(object deck, unsigned char *out, str who) except -1:
    """Copy ``deck``, 52 distinct codes 0..51, into ``out``; an error (``out`` half written) otherwise.

    ``deck``: 52 bytes (the drivers' fast form), or a sequence of 52 integers
    (Python or numpy; a float or anything else is refused, never truncated).
    """
    cdef int i, k
    cdef unsigned long long seen = 0
    cdef const unsigned char[:] raw
    if len(deck) != 52:
        raise ValueError(f"{who}: a deck of 52 codes")
    if type(deck) is bytes:
        raw = deck
        for i in range(52):
            out[i] = raw[i]
    else:
        for i in range(52):
            code = operator.index(deck[i])
            out[i] = <unsigned char>code if 0 <= code < 52 else 52
    for i in range(52):
        k = out[i]
        if k >= 52 or (seen >> k) & 1:
            raise ValueError(f"{who}: 52 distinct card codes 0..51")
        seen |= 1ull << k
    return 0


def rebuild(cls, args, button, deck, moves):
    """A copy made by a hand's ``__reduce__``: the same table, the same deal, the same decisions."""
    hand = cls(*args)
    if button >= 0:
        hand.deal(button, deck)
        for index in moves:  # an action index, or the cards of a draw in the order they were replaced
            if not (hand.draw_cards(index) if type(index) is tuple else hand.apply(index)):
                raise ValueError(f"cannot rebuild the hand: decision {index} is not legal in it")
    return hand
