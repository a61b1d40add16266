/* The batch loops of _evaluator_rows.h, written once and compiled for each way
 * of counting bits.
 *
 * No include guard: _evaluator_rows.h includes this file once a way, with
 * PC_ROWS_NAME(base) naming the functions (base_sw, base_hw, ...), PC_ROWS_ATTR
 * their attributes (the instructions they may use), PC_ROWS_POPCOUNT the bit
 * count of one row and PC_ROWS_CHECK4(s, cards), if defined, the test of four
 * rows' sums (true when every one has `cards` bits; by default each row's bits
 * are moved out and counted with PC_ROWS_POPCOUNT).  With PC_ROWS_GROUPS_ONLY defined only
 * the four-row loops (7, 6 and 5 cards) are compiled: the others count one row
 * at a time and gain nothing from a vector count.  Each loop returns -1, or the
 * first row that is not distinct codes 0..51, having written the ranks of the
 * rows before it only.
 *
 * Four rows at a time: the sums of four rows, one test (each row's bit count is
 * at most its number of cards, so the four pass together exactly when each
 * one's count is that number), then four lookups.  A group that fails goes to
 * the row-at-a-time loop, which finds the row.
 */

#ifndef PC_ROWS_CHECK4
static inline PC_ROWS_ATTR int PC_ROWS_NAME(pc_check4)(const pc_kb *s, int cards)
{
    return PC_ROWS_POPCOUNT(pc_kb_bits(s[0])) + PC_ROWS_POPCOUNT(pc_kb_bits(s[1]))
               + PC_ROWS_POPCOUNT(pc_kb_bits(s[2])) + PC_ROWS_POPCOUNT(pc_kb_bits(s[3]))
           == 4 * cards;
}
#define PC_ROWS_CHECK4 PC_ROWS_NAME(pc_check4)
#define PC_ROWS_CHECK4_HERE
#endif

static inline PC_ROWS_ATTR ptrdiff_t PC_ROWS_NAME(pc_rows7)(const uint8_t *p, int32_t *r, ptrdiff_t n)
{
    const pc_kb bias = pc_kb_bias(PC7_SUIT_BIAS);
    ptrdiff_t i = 0;
    int j;
    for (; i + 4 <= n; i += 4, p += 4 * 7) {
        pc_kb s[4];
        pc_read_ahead(p);
        for (j = 0; j < 4; j++)
            s[j] = pc_kb_sum7(p + 7 * j, bias);
        if (!PC_ROWS_CHECK4(s, 7))
            break;
        for (j = 0; j < 4; j++)
            r[i + j] = pc7_rank7_sum(pc_kb_key(s[j]), pc_kb_bits(s[j]));
    }
    for (; i < n; i++, p += 7) {
        pc_kb s = pc_kb_sum7(p, bias);
        uint64_t bits = pc_kb_bits(s);
        if (PC_ROWS_POPCOUNT(bits) != 7)
            return i;
        r[i] = pc7_rank7_sum(pc_kb_key(s), bits);
    }
    return -1;
}

static inline PC_ROWS_ATTR ptrdiff_t PC_ROWS_NAME(pc_rows6)(const uint8_t *p, int32_t *r, ptrdiff_t n)
{
    const pc_kb bias = pc_kb_bias(PC7_SUIT_BIAS);
    ptrdiff_t i = 0;
    int j;
    for (; i + 4 <= n; i += 4, p += 4 * 6) {
        pc_kb s[4];
        pc_read_ahead(p);
        for (j = 0; j < 4; j++)
            s[j] = pc_kb_sum6(p + 6 * j, bias);
        if (!PC_ROWS_CHECK4(s, 6))
            break;
        for (j = 0; j < 4; j++)
            r[i + j] = pc7_rank6_sum(pc_kb_key(s[j]), pc_kb_bits(s[j]));
    }
    for (; i < n; i++, p += 6) {
        pc_kb s = pc_kb_sum6(p, bias);
        uint64_t bits = pc_kb_bits(s);
        if (PC_ROWS_POPCOUNT(bits) != 6)
            return i;
        r[i] = pc7_rank6_sum(pc_kb_key(s), bits);
    }
    return -1;
}

static inline PC_ROWS_ATTR ptrdiff_t PC_ROWS_NAME(pc_rows5)(const uint8_t *p, int32_t *r, ptrdiff_t n,
                                                     const uint16_t *noflush, const uint16_t *flush)
{
    const pc_kb bias = pc_kb_bias(PC_SUIT_BIAS);
    ptrdiff_t i = 0;
    int j;
    for (; i + 4 <= n; i += 4, p += 4 * 5) {
        pc_kb s[4];
        pc_read_ahead(p);
        for (j = 0; j < 4; j++)
            s[j] = pc_kb_sum5(p + 5 * j, bias);
        if (!PC_ROWS_CHECK4(s, 5))
            break;
        for (j = 0; j < 4; j++)
            r[i + j] = pc_rank5_sum(noflush, flush, pc_kb_key(s[j]), pc_kb_bits(s[j]));
    }
    for (; i < n; i++, p += 5) {
        pc_kb s = pc_kb_sum5(p, bias);
        uint64_t bits = pc_kb_bits(s);
        if (PC_ROWS_POPCOUNT(bits) != 5)
            return i;
        r[i] = pc_rank5_sum(noflush, flush, pc_kb_key(s), bits);
    }
    return -1;
}

#ifdef PC_ROWS_CHECK4_HERE
#undef PC_ROWS_CHECK4
#undef PC_ROWS_CHECK4_HERE
#endif

#ifndef PC_ROWS_GROUPS_ONLY
/* Three cards: only the card bits of PC_KB5 (odd entries); pc_eval3 masks each rank. */
static inline PC_ROWS_ATTR ptrdiff_t PC_ROWS_NAME(pc_rows3)(const uint8_t *p, int32_t *r, ptrdiff_t n)
{
    ptrdiff_t i;
    for (i = 0; i < n; i++, p += 3) {
        unsigned a = p[0], b = p[1], c = p[2];
        if (PC_ROWS_POPCOUNT(PC_KB5[2u * a + 1u] + PC_KB5[2u * b + 1u] + PC_KB5[2u * c + 1u]) != 3)
            return i;
        r[i] = pc_eval3(a, b, c);
    }
    return -1;
}

/* Omaha with a literal number of hole cards, so that pc7_omaha_rank's pair loop unrolls. */
static inline PC_ROWS_ATTR ptrdiff_t PC_ROWS_NAME(pc_rows_omaha4)(const uint8_t *h, const uint8_t *b, int32_t *r,
                                                           ptrdiff_t n)
{
    ptrdiff_t i;
    uint64_t cards;
    for (i = 0; i < n; i++) {
        int rank = pc7_omaha_rank(h + 4 * i, 4, b + 5 * i, &cards);
        if (PC_ROWS_POPCOUNT(cards) != 4 + 5)
            return i;
        r[i] = rank;
    }
    return -1;
}

static inline PC_ROWS_ATTR ptrdiff_t PC_ROWS_NAME(pc_rows_omaha5)(const uint8_t *h, const uint8_t *b, int32_t *r,
                                                           ptrdiff_t n)
{
    ptrdiff_t i;
    uint64_t cards;
    for (i = 0; i < n; i++) {
        int rank = pc7_omaha_rank(h + 5 * i, 5, b + 5 * i, &cards);
        if (PC_ROWS_POPCOUNT(cards) != 5 + 5)
            return i;
        r[i] = rank;
    }
    return -1;
}

static inline PC_ROWS_ATTR ptrdiff_t PC_ROWS_NAME(pc_rows_omaha6)(const uint8_t *h, const uint8_t *b, int32_t *r,
                                                           ptrdiff_t n)
{
    ptrdiff_t i;
    uint64_t cards;
    for (i = 0; i < n; i++) {
        int rank = pc7_omaha_rank(h + 6 * i, 6, b + 5 * i, &cards);
        if (PC_ROWS_POPCOUNT(cards) != 6 + 5)
            return i;
        r[i] = rank;
    }
    return -1;
}
#endif
