# cython: language_level=3
"""Fixed-limit hold'em hands compiled for the environments' hot path.

:class:`LimitHand` plays one hand of fixed-limit hold'em after another with
the rules of :class:`pokercore.holdem.HoldemState` (forced bets, the
cap, short all-ins and the half-bet rule, uncalled bets, run-outs, the
showdown order, mucking, side pots and odd chips) and writes each seat's observation vector and action
mask exactly as :mod:`pokercore.envs._holdem_spaces` defines them, with no
Python objects per decision.  The engine stays the definition of the rules:
``tests/envs/test_limit_hand.py`` plays random hands of random tables through
both and compares every vector, mask, result and revealed card.

Not for direct use: :class:`pokercore.envs.HoldemEnv` takes it for
fixed-limit tables (see ``pokercore.envs._limit_hand_driver``).
"""

cimport cython
cimport numpy as cnp
from libc.stdlib cimport free, malloc
from libc.string cimport memset

from pokercore.envs._hand_shared import rebuild

from pokercore.ceval7 cimport pc_eval7
from pokercore.envs._hand_shared cimport MAXN, award, read_deck, showdown_seats

cnp.import_array()

cdef enum:  # kinds of action, numbered as the vector's history numbers them
    K_FOLD, K_CHECK, K_CALL, K_BET, K_RAISE

cdef long long CHIPS_MAX = 9007199254740992  # 2**53: every chip count of a float32 vector's table, exact in int64

#: Kind names by index, as the engine spells them.
KINDS = ("fold", "check", "call", "bet", "raise")


@cython.final
@cython.auto_pickle(False)
cdef class LimitHand:
    """One fixed-limit hold'em table, a hand at a time (see the module's docstring).

    ``LimitHand(players, small_blind, big_blind, ante, ante_each, small_bet, big_bet, max_bets,
    heads_up_uncapped, stacks, offsets, slots)``: ``offsets`` are the field starts of the
    observation vector in :attr:`FIELDS` order and its size last.
    """

    # the table
    cdef int n
    cdef long long sb_amt, bb_amt, ante, small_bet, big_bet
    cdef int ante_each, max_bets, hu_uncapped
    cdef long long start[MAXN]
    # the vector's layout
    cdef int size, slots, width
    cdef int hole_at, hole_cards_at, board_at, board_cards_at, street_at, seat_at, button_at, actor_at
    cdef int sb_at, bb_at, dealt_at, amounts_at, counts_at, history_at
    # the hand
    cdef int btn, m, pos, nboard, street, act, sbseat, bbseat, first, count, aggressor
    cdef int done, all_shown, capped, nshown, nmucked
    cdef long long dead, current, unit
    cdef int order[MAXN]
    cdef int place[MAXN]
    cdef int dealt[MAXN]
    cdef int live[MAXN]
    cdef int acted[MAXN]
    cdef long long chips_[MAXN]
    cdef long long bets[MAXN]
    cdef long long committed[MAXN]
    cdef long long level_at[MAXN]
    cdef long long won[MAXN]
    cdef int ranks[MAXN]
    cdef int shown[MAXN]
    cdef int muck[MAXN]
    cdef unsigned char cards[52]
    cdef unsigned char holes[MAXN][2]
    cdef unsigned char brd[5]
    # betting actions of each street, the last ``slots`` of them in a ring: seat, kind, to, chips
    cdef int nacts[4]
    cdef long long *ring  # NULL until __init__ (a new object is zeroed)
    #: (kind index, "to") of every decision of the hand, in order
    cdef readonly list decisions
    cdef tuple args  # the constructor's arguments (pickling)
    cdef int ever_dealt

    FIELDS = ("hole", "hole_cards", "board", "board_cards", "street", "seat", "button", "actor", "small_blind",
              "big_blind", "dealt_in", "amounts", "street_actions", "history")

    def __init__(self, int players, long long small_blind, long long big_blind, long long ante, bint ante_each,
                 long long small_bet, long long big_bet, int max_bets, bint heads_up_uncapped, tuple stacks,
                 tuple offsets, int slots):
        cdef int i, k = 0, w = players + 7
        cdef long long total = 0
        if self.ring != NULL:
            raise TypeError("LimitHand: a hand is initialised once")
        if not 2 <= players <= MAXN or len(stacks) != players or len(offsets) != 15 or not 1 <= slots <= 1 << 20:
            raise ValueError("LimitHand: a table of 2..10 players, one stack each, 15 offsets, 1..2**20 slots")
        for i in range(players):
            self.start[i] = stacks[i]
            total += self.start[i] if 0 <= self.start[i] < CHIPS_MAX else CHIPS_MAX
            if total >= CHIPS_MAX:
                raise ValueError("LimitHand: stacks of 0..2**53 chips in all")
            k += self.start[i] > 0
        if k < 2 or min(small_blind, big_blind, ante, small_bet, big_bet, max_bets) < 0 or \
                max(small_blind, big_blind, ante, small_bet, big_bet) >= CHIPS_MAX:
            raise ValueError("LimitHand: two seats with chips, forced bets and limits of 0..2**53")
        # every field inside the vector: each write of _encode stays in it whatever the hand
        ends = (2, 52, 5, 52, 5, players, players, players, players, players, 6 * players + 6, 3, 4, 4 * slots * w)
        for k in range(14):
            if not 0 <= offsets[k] or offsets[k] + ends[k] > offsets[14]:
                raise ValueError("LimitHand: the offsets must place every field inside the vector")
        self.n = players
        self.sb_amt, self.bb_amt, self.ante, self.ante_each = small_blind, big_blind, ante, ante_each
        self.small_bet, self.big_bet, self.max_bets, self.hu_uncapped = small_bet, big_bet, max_bets, heads_up_uncapped
        (self.hole_at, self.hole_cards_at, self.board_at, self.board_cards_at, self.street_at, self.seat_at,
         self.button_at, self.actor_at, self.sb_at, self.bb_at, self.dealt_at, self.amounts_at, self.counts_at,
         self.history_at, self.size) = offsets
        self.slots, self.width = slots, w
        self.ring = <long long *>malloc(<size_t>slots * 16 * sizeof(long long))
        if self.ring == NULL:
            raise MemoryError()
        self.done, self.act, self.decisions = 1, -1, []
        self.args = (players, small_blind, big_blind, ante, ante_each, small_bet, big_bet, max_bets,
                     heads_up_uncapped, stacks, offsets, slots)

    def __reduce__(self):
        """Pickling and copying: the table, then the hand replayed from its deal and its decisions."""
        moves = [0 if k == K_FOLD else 1 if k <= K_CALL else 2 for k, _ in self.decisions]
        return rebuild, (LimitHand, self.args, self.btn if self.ever_dealt else -1, bytes(self.cards[:52]), moves)

    def __dealloc__(self):
        free(self.ring)

    # ------------------------------------------------------------------ dealing
    def deal(self, int button, deck):
        """Start a hand: ``button`` (a seat with chips) and ``deck``, 52 distinct codes in dealing order."""
        cdef int i, j, k, n = self.n
        cdef unsigned char cards[52]
        read_deck(deck, cards, "LimitHand.deal")
        if not 0 <= button < n or self.start[button] <= 0:
            raise ValueError("LimitHand.deal: the button must be a seat with chips")
        # checked: now the hand changes
        self.cards = cards
        self.btn = button
        self.m = 0
        for k in range(n):
            j = (button + 1 + k) % n
            self.dealt[j] = self.start[j] > 0
            if self.dealt[j]:
                self.place[j] = self.m
                self.order[self.m] = j
                self.m += 1
        for i in range(n):
            self.chips_[i] = self.start[i]
            self.live[i] = self.dealt[i]
            self.bets[i] = 0
            self.committed[i] = 0
            self.won[i] = 0
            self.holes[i][0] = self.holes[i][1] = 0
        for k in range(4):
            self.nacts[k] = 0
        self.nboard = 0
        self.done = 0
        self.all_shown = 0
        self.nshown = self.nmucked = 0
        self.aggressor = -1
        self.dead = 0
        self.decisions = []
        self.ever_dealt = 1
        self._post_forced_bets()
        self.pos = 0
        for k in range(self.m):
            i = self.order[k]
            self.holes[i][0] = self.cards[self.pos]
            self.holes[i][1] = self.cards[self.pos + 1]
            self.pos += 2
        self._begin_round(0)

    cdef inline void _post(self, int i, long long chips, bint bet) noexcept:
        self.chips_[i] -= chips
        self.committed[i] += chips
        if bet:
            self.bets[i] += chips

    cdef void _post_forced_bets(self) noexcept:
        cdef int k, i, m = self.m
        if self.ante and self.ante_each:
            for k in range(m):
                i = self.order[k]
                self._post(i, min(self.ante, self.chips_[i]), False)
        self.sbseat, self.bbseat = (self.order[1], self.order[0]) if m == 2 else (self.order[0], self.order[1])
        self._post(self.sbseat, min(self.sb_amt, self.chips_[self.sbseat]), True)
        self._post(self.bbseat, min(self.bb_amt, self.chips_[self.bbseat]), True)
        if self.ante and not self.ante_each:
            self.dead = min(self.ante, self.chips_[self.bbseat])
            self._post(self.bbseat, self.dead, False)
        self.first = 2 % m if m > 2 else 1
        self.current = self.bb_amt

    # ------------------------------------------------------------------ betting rules
    cdef bint _needs_action(self, int j) noexcept:
        cdef int k, o
        cdef long long mine
        if not self.live[j] or self.chips_[j] == 0:
            return False
        mine = self.bets[j]
        if self.acted[j] and mine >= self.current:
            return False
        for k in range(self.m):
            o = self.order[k]
            if o != j and self.live[o] and (self.chips_[o] > 0 or self.bets[o] > mine):
                return True
        return False

    cdef int _contenders(self) noexcept:
        cdef int k, o, c = 0
        for k in range(self.m):
            o = self.order[k]
            if self.live[o] and self.chips_[o] > 0:
                c += 1
        return c

    cdef bint _may_raise(self, int i) noexcept:
        cdef long long cur = self.current
        cdef int k, o
        if self.chips_[i] <= cur - self.bets[i]:
            return False
        if self.acted[i] and 2 * (cur - self.level_at[i]) < self.unit:  # the half-bet rule (TDA 47-B)
            return False
        if self.count >= self.max_bets and not (self.hu_uncapped and not self.capped and self._contenders() <= 2):
            return False
        for k in range(self.m):
            o = self.order[k]
            if o != i and self.live[o] and self.chips_[o] + self.bets[o] > cur:
                return True
        return False

    cdef int _options(self, long long *call_to, long long *raise_to) noexcept:
        """Bits of the legal indices of the seat to act (1 fold, 2 check/call, 4 bet/raise) and their amounts."""
        cdef int i = self.act, legal
        cdef long long b, s, to_call, all_to
        if i < 0:
            return 0
        b, s = self.bets[i], self.chips_[i]
        to_call = self.current - b
        call_to[0] = raise_to[0] = 0
        legal = 3 if to_call > 0 else 2  # fold and call, or check
        if to_call > 0:
            call_to[0] = b + s if s < to_call else self.current
        if self._may_raise(i):
            legal |= 4
            all_to = b + s
            raise_to[0] = self.current + self.unit
            if raise_to[0] > all_to:
                raise_to[0] = all_to
        return legal

    # ------------------------------------------------------------------ acting
    def apply(self, int index):
        """Play action index ``index`` (0 fold, 1 check/call, 2 bet/raise) for the seat to act.

        Returns False, changing nothing, when the index is not legal now.
        """
        cdef long long call_to, raise_to, chips
        cdef int legal = self._options(&call_to, &raise_to)
        cdef int i = self.act, kind
        if not 0 <= index <= 2 or not (legal >> index) & 1:
            return False
        if index == 0:
            self.decisions.append((K_FOLD, self.bets[i]))
            self.live[i] = 0
            self.acted[i] = 1
            self._record(i, K_FOLD, 0)
            if self._live_count() == 1:
                self._end_round()
            else:
                self._advance(i)
        elif index == 1:
            if legal & 1:
                self.decisions.append((K_CALL, call_to))
                self.level_at[i] = self.current
                self._record(i, K_CALL, self._put(i, call_to))
            else:
                self.decisions.append((K_CHECK, 0))
                self.acted[i] = 1
                self.level_at[i] = self.current
                self._record(i, K_CHECK, 0)
            self._advance(i)
        else:
            kind = K_BET if self.current == 0 else K_RAISE
            self.decisions.append((kind, raise_to))
            self.count += 1
            if self.count >= self.max_bets and self._contenders() >= 3:
                self.capped = 1
            chips = self._put(i, raise_to)
            self.current = raise_to
            self.level_at[i] = raise_to
            self.aggressor = i
            self._record(i, kind, chips)
            self._advance(i)
        return True

    cdef inline long long _put(self, int i, long long to) noexcept:
        cdef long long chips = to - self.bets[i]
        self.chips_[i] -= chips
        self.bets[i] = to
        self.committed[i] += chips
        self.acted[i] = 1
        return chips

    cdef void _record(self, int i, int kind, long long chips) noexcept:
        cdef int r = self.street
        cdef int c = self.nacts[r]
        cdef long long *slot = self.ring + 4 * (r * self.slots + c % self.slots)
        slot[0] = i
        slot[1] = kind
        slot[2] = self.bets[i]
        slot[3] = chips
        self.nacts[r] = c + 1

    cdef int _live_count(self) noexcept:
        cdef int k, c = 0
        for k in range(self.m):
            c += self.live[self.order[k]] != 0
        return c

    # ------------------------------------------------------------------ the flow
    cdef void _begin_round(self, int street) noexcept:
        cdef int i, k, j
        self.street = street
        for i in range(self.n):
            if street:
                self.bets[i] = 0
            self.acted[i] = 0
            self.level_at[i] = 0
        if street:
            self.current = 0
        self.aggressor = -1
        self.unit = self.small_bet if street < 2 else self.big_bet
        self.count = 1 if street == 0 else 0
        self.capped = 0
        self.act = -1
        k = self.first if street == 0 else 0
        for i in range(self.m):
            j = self.order[(k + i) % self.m]
            if self._needs_action(j):
                self.act = j
                return
        self._end_round()

    cdef void _advance(self, int i) noexcept:
        cdef int step, j, k = self.place[i]
        for step in range(1, self.m):
            j = self.order[(k + step) % self.m]
            if self._needs_action(j):
                self.act = j
                return
        self._end_round()

    cdef void _deal_board(self) noexcept:
        cdef int k = 3 if self.street == 1 else 1
        while k > 0:
            self.brd[self.nboard] = self.cards[self.pos]
            self.nboard += 1
            self.pos += 1
            k -= 1

    cdef void _end_round(self) noexcept:
        cdef int j, top = 0, n = self.n
        cdef long long second = -1, excess
        self.act = -1
        for j in range(1, n):
            if self.bets[j] > self.bets[top]:
                top = j
        for j in range(n):
            if j != top and self.bets[j] > second:
                second = self.bets[j]
        if self.bets[top] > second:
            excess = self.bets[top] - second
            self.chips_[top] += excess
            self.bets[top] -= excess
            self.committed[top] -= excess
        if self._live_count() == 1:
            for j in range(n):
                if self.live[j]:
                    self.won[j] = self._pot()
            self._finish()
        elif self.street == 3:
            self._showdown()
        elif self._contenders() <= 1:
            self._reveal(True)
            while self.street < 3:
                self.street += 1
                self._deal_board()
            self._showdown()
        else:
            self.street += 1
            self._deal_board()
            self._begin_round(self.street)

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
        self.street = 4
        self.act = -1
        self.done = 1

    # ------------------------------------------------------------------ the showdown
    cdef void _rank(self, int *seats, int c) noexcept:
        cdef int k, i
        cdef unsigned char *b = self.brd
        for k in range(c):
            i = seats[k]
            self.ranks[i] = pc_eval7(self.holes[i][0], self.holes[i][1], b[0], b[1], b[2], b[3], b[4])

    cdef void _reveal(self, bint show_all) noexcept:
        cdef int seats[MAXN]
        cdef int c, k, i, best = -1
        if self.all_shown:
            return
        c = showdown_seats(self.order, self.m, self.place, self.live, self.aggressor, seats)
        if not show_all:
            self._rank(seats, c)
        for k in range(c):
            i = seats[k]
            if show_all or self.ranks[i] >= best:
                self.shown[self.nshown] = i
                self.nshown += 1
                if not show_all and self.ranks[i] > best:
                    best = self.ranks[i]
            else:
                self.muck[self.nmucked] = i
                self.nmucked += 1
        self.all_shown = show_all

    cdef void _showdown(self) noexcept:
        cdef int seats[MAXN]
        cdef int c, k
        cdef bint all_in = False
        c = showdown_seats(self.order, self.m, self.place, self.live, self.aggressor, seats)
        if not self.all_shown:
            for k in range(c):
                if self.chips_[seats[k]] == 0:
                    all_in = True
            self._reveal(all_in)
        self._rank(seats, c)
        award(self.committed, self.live, self.n, self.ranks, self.btn, self.dead, self.bbseat, self.won, NULL)
        self._finish()

    # ------------------------------------------------------------------ seeing
    @property
    def actor(self):
        """The seat to act, or None once the hand is over."""
        return None if self.act < 0 else self.act

    cdef void _encode(self, int seat, float *v, int legal, long long call_to, long long raise_to) noexcept:
        cdef int n = self.n, k, i, r, c, start, h0, h1, o, width = self.width, slots = self.slots
        cdef long long *slot
        cdef float *p
        memset(v, 0, self.size * sizeof(float))
        if self.dealt[seat]:
            h0, h1 = self.holes[seat][0], self.holes[seat][1]
            if h1 > h0:
                h0, h1 = h1, h0
            v[self.hole_at], v[self.hole_at + 1] = h0, h1
            v[self.hole_cards_at + h0] = v[self.hole_cards_at + h1] = 1.0
        else:
            v[self.hole_at] = v[self.hole_at + 1] = -1.0
        for k in range(5):
            if k < self.nboard:
                v[self.board_at + k] = self.brd[k]
                v[self.board_cards_at + self.brd[k]] = 1.0
            else:
                v[self.board_at + k] = -1.0
        v[self.street_at + self.street] = 1.0
        v[self.seat_at + seat] = 1.0
        v[self.button_at + self.btn] = 1.0
        if self.act >= 0:
            v[self.actor_at + self.act] = 1.0
        v[self.sb_at + self.sbseat] = 1.0
        v[self.bb_at + self.bbseat] = 1.0
        p = v + self.dealt_at
        for i in range(n):
            p[i] = self.dealt[i] != 0
            p[n + i] = self.live[i] != 0
            p[2 * n + i] = self.live[i] != 0 and self.chips_[i] == 0
            p[3 * n + i] = self.chips_[i]
            p[4 * n + i] = self.bets[i]
            p[5 * n + i] = self.committed[i]
        p += 6 * n
        p[0] = 0 if self.done else self._pot()
        p[1] = self.current - self.bets[seat] if self.current > self.bets[seat] else 0
        p[2] = self.current
        if legal & 4:
            p[3] = p[4] = raise_to
        p[5] = self.unit
        if legal & 1:
            v[self.amounts_at + 1] = call_to
        if legal & 4:
            v[self.amounts_at + 2] = raise_to
        for r in range(4):
            c = self.nacts[r]
            if c == 0:
                continue
            v[self.counts_at + r] = c
            o = self.history_at + r * slots * width
            if c <= slots:
                start, k = 0, c
            else:
                start, k = c % slots, slots
            for i in range(k):
                slot = self.ring + 4 * (r * slots + (start + i) % slots)
                v[o + slot[0]] = 1.0
                v[o + n + slot[1]] = 1.0
                v[o + n + 5] = slot[2]
                v[o + n + 6] = slot[3]
                o += width

    def observation(self, int seat):
        """``{"observation": float32 vector, "action_mask": int8 vector}`` of ``seat`` (new arrays)."""
        cdef long long call_to = 0, raise_to = 0
        cdef int legal = 0
        cdef cnp.npy_intp dims[1]
        cdef cnp.ndarray vec, mask
        cdef char *mk
        if not 0 <= seat < self.n:
            raise ValueError(f"LimitHand.observation: no seat {seat}")
        if seat == self.act:
            legal = self._options(&call_to, &raise_to)
        dims[0] = self.size
        vec = cnp.PyArray_SimpleNew(1, dims, cnp.NPY_FLOAT32)
        self._encode(seat, <float *>cnp.PyArray_DATA(vec), legal, call_to, raise_to)
        dims[0] = 3
        mask = cnp.PyArray_SimpleNew(1, dims, cnp.NPY_INT8)
        mk = <char *>cnp.PyArray_DATA(mask)
        mk[0], mk[1], mk[2] = legal & 1, (legal >> 1) & 1, (legal >> 2) & 1
        return {"observation": vec, "action_mask": mask}

    def legal(self):
        """``((index, kind, "to" amount), ...)`` of the seat to act (empty once the hand is over)."""
        cdef long long call_to = 0, raise_to = 0
        cdef int legal = self._options(&call_to, &raise_to)
        out = []
        if legal & 1:
            out += [(0, "fold", 0), (1, "call", call_to)]
        elif legal & 2:
            out.append((1, "check", 0))
        if legal & 4:
            out.append((2, "bet" if self.current == 0 else "raise", raise_to))
        return tuple(out)

    # ------------------------------------------------------------------ the result
    @property
    def over(self):
        return bool(self.done)

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
    def board(self):
        return tuple([self.brd[k] for k in range(self.nboard)])

    @property
    def revealed(self):
        """Seats whose hands were shown, in the order shown."""
        return tuple([self.shown[k] for k in range(self.nshown)])

    @property
    def mucked(self):
        return tuple([self.muck[k] for k in range(self.nmucked)])

    def hole(self, int seat):
        """The two hole cards of ``seat`` as dealt (empty if it was not dealt in)."""
        if not 0 <= seat < self.n:
            raise ValueError(f"LimitHand.hole: no seat {seat}")
        return (self.holes[seat][0], self.holes[seat][1]) if self.dealt[seat] else ()
