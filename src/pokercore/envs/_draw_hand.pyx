# cython: language_level=3
"""Five-card draw hands compiled for the environments' hot path.

:class:`DrawHand` plays one hand of fixed-limit five-card draw after another
with the rules of :class:`pokercore.draw.DrawState` (antes, seats that sit
out, the cap, all-in mode and its short all-ins that do not reopen the
betting, the draw in seat order, side pots, odd chips and the showing order)
and writes each seat's observation vector and action mask exactly as
:mod:`pokercore.envs._draw_spaces` defines them, with no Python objects per
decision.  The engine stays the definition of the rules:
``tests/envs/test_draw_hand.py`` plays random hands of random tables through
both and compares every vector, mask, result and shown card.

Not for direct use: :class:`pokercore.envs.DrawEnv` takes it (see
``pokercore.envs._draw_hand_driver``).
"""

cimport cython
cimport numpy as cnp
from libc.stdlib cimport free, malloc
from libc.string cimport memset

import operator

from pokercore.envs._hand_shared import rebuild

from pokercore.ceval cimport pc_eval5_standard
from pokercore.envs._hand_shared cimport MAXN, award, read_deck

cnp.import_array()

cdef enum:  # action indices of the environment (draw_spaces): 5 + m discards the cards of mask m
    FOLD, CHECK, CALL, BET, RAISE, DISCARD
cdef enum:  # streets, numbered as the vector's one-hot numbers them
    BET1, DRAW, BET2, OVER
cdef enum:
    NUM_ACTIONS = 37

cdef long long CHIPS_MAX = 9007199254740992  # 2**53

#: Kind names of indices 0..4, as the engine spells them.
KINDS = ("fold", "check", "call", "bet", "raise")


@cython.final
@cython.auto_pickle(False)
cdef class DrawHand:
    """One five-card draw table, a hand at a time (see the module's docstring).

    ``DrawHand(players, ante, small_bet, big_bet, max_bets, all_in, stacks, offsets, slots)``:
    ``offsets`` are the field starts of the observation vector in :attr:`FIELDS` order and
    its size last; ``slots`` the history slots of a betting round.
    """

    cdef int n, max_bets, all_in, slots, width, size
    cdef long long ante, small_bet, big_bet
    cdef long long start[MAXN]
    cdef int hand_at, cards_at, street_at, seat_at, button_at, actor_at, dealt_at, history_at
    # the hand
    cdef int btn, m, pos, street, act, count, aggressor, done, nshown, overflow
    cdef long long current, unit
    cdef int order[MAXN]
    cdef int place[MAXN]
    cdef int dealt[MAXN]
    cdef int live[MAXN]
    cdef int acted[MAXN]
    cdef int reopen[MAXN]
    cdef int drawn[MAXN]
    cdef long long chips_[MAXN]
    cdef long long bets[MAXN]
    cdef long long committed[MAXN]
    cdef long long won[MAXN]
    cdef int ranks[MAXN]
    cdef int winner[MAXN]
    cdef int shown[MAXN]
    cdef unsigned char cards[52]
    cdef unsigned char hands[MAXN][5]
    cdef int used[2]
    cdef long long *hist  # (seat, kind, chips) per slot, round 1 then round 2; NULL until __init__
    #: (index, discarded codes) of every decision of the hand, in order
    cdef readonly list decisions
    cdef tuple args  # the constructor's arguments (pickling)
    cdef int ever_dealt

    FIELDS = ("hand", "cards", "street", "seat", "button", "actor", "dealt_in", "history")

    def __reduce__(self):
        """Pickling and copying: the table, then the hand replayed from its deal and its decisions."""
        moves = [codes if index >= DISCARD else index for index, codes in self.decisions]
        return rebuild, (DrawHand, self.args, self.btn if self.ever_dealt else -1, bytes(self.cards[:52]), moves)

    def __dealloc__(self):
        free(self.hist)

    def __init__(self, int players, long long ante, long long small_bet, long long big_bet, int max_bets,
                 bint all_in, tuple stacks, tuple offsets, int slots):
        cdef int i, k = 0, w = players + 6
        cdef long long total = 0
        if self.hist != NULL:
            raise TypeError("DrawHand: a hand is initialised once")
        if not 2 <= players <= 6 or len(stacks) != players or len(offsets) != 9 or not 1 <= slots <= 1 << 16:
            raise ValueError("DrawHand: a table of 2..6 players, one stack each, 9 offsets, 1..2**16 slots")
        if min(ante, small_bet, big_bet, max_bets) < 0 or max(ante, small_bet, big_bet) >= CHIPS_MAX:
            raise ValueError("DrawHand: an ante, bets and a cap of 0..2**53")
        for i in range(players):
            self.start[i] = stacks[i]
            total += self.start[i] if 0 <= self.start[i] < CHIPS_MAX else CHIPS_MAX
            if total >= CHIPS_MAX:
                raise ValueError("DrawHand: stacks of 0..2**53 chips in all")
            k += self.start[i] > 0 and (all_in or self.start[i] >= ante)
        if k < 2:
            raise ValueError("DrawHand: two seats must be able to play")
        ends = (5, 52, 4, players, players, players, 6 * players + 5, 2 * slots * w)
        for k in range(8):
            if not 0 <= offsets[k] or offsets[k] + ends[k] > offsets[8]:
                raise ValueError("DrawHand: the offsets must place every field inside the vector")
        self.n, self.ante, self.small_bet, self.big_bet = players, ante, small_bet, big_bet
        self.max_bets, self.all_in = max_bets, all_in
        (self.hand_at, self.cards_at, self.street_at, self.seat_at, self.button_at, self.actor_at, self.dealt_at,
         self.history_at, self.size) = offsets
        self.slots, self.width = slots, w
        self.hist = <long long *>malloc(<size_t>slots * 6 * sizeof(long long))
        if self.hist == NULL:
            raise MemoryError()
        self.done = 1
        self.act = -1
        self.decisions = []
        self.args = (players, ante, small_bet, big_bet, max_bets, all_in, stacks, offsets, slots)

    # ------------------------------------------------------------------ dealing
    def deal(self, int button, deck):
        """Start a hand: ``button`` (any seat) and ``deck``, 52 distinct codes in dealing order."""
        cdef int i, j, k, n = self.n
        cdef unsigned char cards[52]
        read_deck(deck, cards, "DrawHand.deal")
        if not 0 <= button < n:
            raise ValueError("DrawHand.deal: the button must be a seat")
        # checked: now the hand changes
        self.cards = cards
        self.btn = button
        self.m = 0
        for k in range(n):
            j = (button + 1 + k) % n
            self.dealt[j] = self.start[j] > 0 and (self.all_in or self.start[j] >= self.ante)
            if self.dealt[j]:
                self.place[j] = self.m
                self.order[self.m] = j
                self.m += 1
        for i in range(n):
            self.chips_[i] = self.start[i]
            self.live[i] = self.dealt[i]
            self.committed[i] = 0
            self.won[i] = 0
            self.winner[i] = 0
            self.drawn[i] = -1
        self.used[0] = self.used[1] = 0
        self.done = self.nshown = self.overflow = 0
        self.decisions = []
        self.ever_dealt = 1
        self.pos = 0
        for k in range(self.m):
            i = self.order[k]
            self.committed[i] = self.ante if self.ante < self.chips_[i] else self.chips_[i]
            self.chips_[i] -= self.committed[i]
            for j in range(5):
                self.hands[i][j] = self.cards[self.pos + j]
            self.pos += 5
        self._begin_betting(BET1)

    # ------------------------------------------------------------------ the flow
    cdef void _begin_betting(self, int street) noexcept:
        cdef int i, k, first = -1, able = 0
        self.street = street
        self.unit = self.small_bet if street == BET1 else self.big_bet
        self.current = 0
        self.count = 0
        self.aggressor = -1
        for i in range(self.n):
            self.bets[i] = 0
            self.acted[i] = 0
            self.reopen[i] = 1
        for k in range(self.m):
            i = self.order[k]
            if self.live[i] and self.chips_[i] > 0:
                able += 1
                if first < 0:
                    first = i
        if able < 2:
            self._end_betting()
        else:
            self.act = first

    cdef void _end_betting(self) noexcept:
        cdef int k
        if self.street == BET1:
            self.street = DRAW
            for k in range(self.m):
                if self.live[self.order[k]]:
                    self.act = self.order[k]
                    return
        else:
            self._showdown()

    cdef void _next_betting_actor(self, int seat) noexcept:
        cdef int step, j, k = self.place[seat]
        for step in range(1, self.m):
            j = self.order[(k + step) % self.m]
            if self.live[j] and self.chips_[j] > 0 and (not self.acted[j] or self.bets[j] < self.current):
                self.act = j
                return
        self._end_betting()

    cdef int _options(self, long long *call, long long *agg) noexcept:
        """Bits of the legal betting indices of the seat to act, with the call and the bet or raise amounts."""
        cdef int i = self.act, k, j, legal
        cdef long long s = self.chips_[i], to_call = self.current - self.bets[i], need = to_call + self.unit
        call[0] = agg[0] = 0
        legal = 1 << CHECK if to_call == 0 else 1 << FOLD
        if to_call > 0 and (self.all_in or s >= to_call):
            legal |= 1 << CALL
            call[0] = to_call if to_call < s else s
        if self.count < self.max_bets and self.reopen[i] and s > to_call and (self.all_in or s >= need):
            for k in range(self.m):
                j = self.order[k]
                if j != i and self.live[j] and self.chips_[j] > 0:
                    legal |= 1 << (BET if self.current == 0 else RAISE)
                    agg[0] = need if need < s else s
                    break
        return legal

    cdef long long _legal(self, long long *call, long long *agg) noexcept:
        """Bits of every legal index of the seat to act (a 37-bit set)."""
        cdef long long mask = 0
        cdef int d
        if self.act < 0:
            return 0
        if self.street == DRAW:
            for d in range(32):
                if _bits(d) <= 3:
                    mask |= 1ll << (DISCARD + d)
            return mask
        return self._options(call, agg)

    # ------------------------------------------------------------------ acting
    def apply(self, int index):
        """Play action index ``index`` for the seat to act; False, changing nothing, when it is not legal now."""
        cdef long long call = 0, agg = 0
        cdef long long legal = self._legal(&call, &agg)
        cdef int i = self.act, k, d
        cdef bint full
        cdef unsigned char order_desc[5]
        if not 0 <= index < NUM_ACTIONS or not (legal >> index) & 1:
            return False
        if index >= DISCARD:  # the discards of mask d, highest first
            d = index - DISCARD
            _sorted_desc(self.hands[i], order_desc)
            self._draw(index, tuple([order_desc[k] for k in range(5) if (d >> k) & 1]))
            return True
        self.decisions.append((index, ()))
        if index == FOLD:
            self.live[i] = 0
            self.acted[i] = 1
            self.reopen[i] = 0
            self._record(i, FOLD, 0)
            if self._live_count() == 1:
                for k in range(self.n):
                    if self.live[k]:
                        self.won[k] = self._pot()
                self._finish()
            else:
                self._next_betting_actor(i)
        elif index == CHECK:
            self.acted[i] = 1
            self.reopen[i] = 0
            self._record(i, CHECK, 0)
            self._next_betting_actor(i)
        elif index == CALL:
            self._put(i, CALL, call)
            self._next_betting_actor(i)
        else:
            full = self.bets[i] + agg - self.current >= self.unit
            self._put(i, index, agg)
            self.current = self.bets[i]
            self.aggressor = i
            if full:  # a full bet or raise reopens the betting; a short all-in does not
                self.count += 1
                for k in range(self.n):
                    if k != i:
                        self.reopen[k] = 1
            self._next_betting_actor(i)
        return True

    def draw_cards(self, codes):
        """Discard ``codes`` (a tuple of 0-3 distinct cards of the seat to draw) and replace them in that order.

        The engine replaces discards in the order given (an agent's order);
        :meth:`apply` gives them highest first.  False, changing nothing, when
        it is not the draw or the cards are not 0-3 distinct cards of the hand.
        """
        cdef int i = self.act, k, d = 0
        cdef unsigned char order_desc[5]
        if i < 0 or self.street != DRAW or type(codes) is not tuple or len(codes) > 3:
            return False
        _sorted_desc(self.hands[i], order_desc)
        for c in codes:
            c = operator.index(c)
            for k in range(5):
                if order_desc[k] == c and not (d >> k) & 1:
                    d |= 1 << k
                    break
            else:
                return False  # not in the hand, or twice
        self._draw(DISCARD + d, tuple([operator.index(c) for c in codes]))
        return True

    cdef int _draw(self, int index, tuple codes) except -1:
        """Replace ``codes`` (cards of the seat to draw, already checked) in order by the next cards of the deck."""
        cdef int i = self.act, k, at
        self.decisions.append((index, codes))
        for c in codes:
            for at in range(5):
                if self.hands[i][at] == c:
                    self.hands[i][at] = self.cards[self.pos]
                    self.pos += 1
                    break
        self.drawn[i] = len(codes)
        for k in range(self.place[i] + 1, self.m):
            if self.live[self.order[k]]:
                self.act = self.order[k]
                return 0
        self._begin_betting(BET2)
        return 0

    cdef void _put(self, int i, int kind, long long chips) noexcept:
        self.chips_[i] -= chips
        self.bets[i] += chips
        self.committed[i] += chips
        self.acted[i] = 1
        self.reopen[i] = 0
        self._record(i, kind, chips)

    cdef void _record(self, int i, int kind, long long chips) noexcept:
        cdef int r = 0 if self.street == BET1 else 1
        cdef long long *slot
        if self.used[r] >= self.slots:  # cannot happen (the slots bound a round); never written past
            self.overflow = 1
            return
        slot = self.hist + 3 * (r * self.slots + self.used[r])
        slot[0], slot[1], slot[2] = i, kind, chips
        self.used[r] += 1

    cdef int _live_count(self) noexcept:
        cdef int k, c = 0
        for k in range(self.m):
            c += self.live[self.order[k]] != 0
        return c

    cdef long long _pot(self) noexcept:
        cdef int j
        cdef long long s = 0
        for j in range(self.n):
            s += self.committed[j]
        return s

    cdef void _finish(self) noexcept:
        cdef int j
        for j in range(self.n):
            self.chips_[j] += self.won[j]
        self.street = OVER
        self.act = -1
        self.done = 1

    cdef void _showdown(self) noexcept:
        """Pots to the best hands; then showing from the last bettor: first, as good as shown, or a winner."""
        cdef int k, i, start = 0, best = -1
        cdef unsigned char *h
        for k in range(self.m):
            i = self.order[k]
            if self.live[i]:
                h = self.hands[i]
                self.ranks[i] = pc_eval5_standard(h[0], h[1], h[2], h[3], h[4])
        award(self.committed, self.live, self.n, self.ranks, self.btn, 0, 0, self.won, self.winner)
        if self.aggressor >= 0 and self.live[self.aggressor]:
            start = self.place[self.aggressor]
        else:
            while not self.live[self.order[start]]:
                start += 1
        for k in range(self.m):
            i = self.order[(start + k) % self.m]
            if not self.live[i]:
                continue
            if best < 0 or self.ranks[i] >= best or self.winner[i]:
                self.shown[self.nshown] = i
                self.nshown += 1
                if self.ranks[i] > best:
                    best = self.ranks[i]
        self._finish()

    # ------------------------------------------------------------------ seeing
    @property
    def actor(self):
        """The seat to act, or None once the hand is over."""
        return None if self.act < 0 else self.act

    cdef void _encode(self, int seat, float *v) noexcept:
        cdef int n = self.n, k, i, r, o
        cdef unsigned char hand[5]
        cdef long long *slot
        cdef float *p
        memset(v, 0, self.size * sizeof(float))
        if self.dealt[seat]:
            _sorted_desc(self.hands[seat], hand)
            for k in range(5):
                v[self.hand_at + k] = hand[k]
                v[self.cards_at + hand[k]] = 1.0
        else:
            for k in range(5):
                v[self.hand_at + k] = -1.0
        v[self.street_at + self.street] = 1.0
        v[self.seat_at + seat] = 1.0
        v[self.button_at + self.btn] = 1.0
        if self.act >= 0:
            v[self.actor_at + self.act] = 1.0
        p = v + self.dealt_at
        for i in range(n):
            p[i] = self.dealt[i] != 0
            p[n + i] = self.live[i] != 0
            p[2 * n + i] = self.chips_[i]
            p[3 * n + i] = self.bets[i]
            p[4 * n + i] = self.committed[i]
            p[5 * n + i] = self.drawn[i]
        p += 6 * n
        p[0] = 0 if self.done else self._pot()
        p[1] = self.current - self.bets[seat]
        p[2] = self.current
        p[3] = self.unit
        p[4] = self.max_bets - self.count if self.street == BET1 or self.street == BET2 else 0
        for r in range(2):
            for k in range(self.used[r]):
                slot = self.hist + 3 * (r * self.slots + k)
                o = self.history_at + (r * self.slots + k) * self.width
                v[o + slot[0]] = 1.0
                v[o + n + slot[1]] = 1.0
                v[o + n + 5] = slot[2]

    def observation(self, int seat):
        """``{"observation": float32 vector, "action_mask": int8 vector}`` of ``seat`` (new arrays)."""
        cdef long long call = 0, agg = 0, legal = 0
        cdef cnp.npy_intp dims[1]
        cdef cnp.ndarray vec, mask
        cdef char *mk
        cdef int k
        if not 0 <= seat < self.n:
            raise ValueError(f"DrawHand.observation: no seat {seat}")
        if self.overflow:
            raise RuntimeError(f"more than {self.slots} actions in one betting round: the layout is too small")
        if seat == self.act:
            legal = self._legal(&call, &agg)
        dims[0] = self.size
        vec = cnp.PyArray_SimpleNew(1, dims, cnp.NPY_FLOAT32)
        self._encode(seat, <float *>cnp.PyArray_DATA(vec))
        dims[0] = NUM_ACTIONS
        mask = cnp.PyArray_SimpleNew(1, dims, cnp.NPY_INT8)
        mk = <char *>cnp.PyArray_DATA(mask)
        for k in range(NUM_ACTIONS):
            mk[k] = (legal >> k) & 1
        return {"observation": vec, "action_mask": mask}

    def betting(self):
        """``((index, kind, chips), ...)``: the legal betting actions of the seat to act (empty in the draw)."""
        cdef long long call = 0, agg = 0
        cdef int legal
        if self.act < 0 or self.street == DRAW:
            return ()
        legal = self._options(&call, &agg)
        amounts = (0, 0, call, agg, agg)
        return tuple([(k, KINDS[k], amounts[k]) for k in range(5) if (legal >> k) & 1])

    # ------------------------------------------------------------------ the result
    @property
    def over(self):
        return bool(self.done)

    @property
    def drawing(self):
        """Whether the seat to act is to draw."""
        return self.act >= 0 and self.street == DRAW

    @property
    def button(self):
        return self.btn

    @property
    def deck(self):
        return bytes(self.cards[:52])

    @property
    def payouts(self):
        """Chips each seat won (None until the hand is over)."""
        return tuple([self.won[i] for i in range(self.n)]) if self.done else None

    @property
    def returns(self):
        """Each seat's result: chips after the hand minus chips before it."""
        return tuple([float(self.chips_[i] - self.start[i]) for i in range(self.n)])

    @property
    def revealed(self):
        """Seats whose hands were shown, in the order shown."""
        return tuple([self.shown[k] for k in range(self.nshown)])

    def hand(self, int seat):
        """The five cards of ``seat`` in the engine's order (empty if it was not dealt in)."""
        if not 0 <= seat < self.n:
            raise ValueError(f"DrawHand.hand: no seat {seat}")
        return tuple([self.hands[seat][k] for k in range(5)]) if self.dealt[seat] else ()


cdef inline int _bits(int d) noexcept nogil:
    return (d & 1) + ((d >> 1) & 1) + ((d >> 2) & 1) + ((d >> 3) & 1) + ((d >> 4) & 1)


cdef void _sorted_desc(const unsigned char *h, unsigned char *out) noexcept nogil:
    """The five codes of ``h``, highest first."""
    cdef int k, j
    cdef unsigned char c
    for k in range(5):
        c = h[k]
        j = k
        while j > 0 and out[j - 1] < c:
            out[j] = out[j - 1]
            j -= 1
        out[j] = c
