/* pokercore C kernels: batch loops that check each row while they rank it.
 *
 *   ptrdiff_t pc_rows7(const uint8_t *p, int32_t *r, ptrdiff_t n)
 *
 * ranks n rows of seven card codes (p: n * 7 bytes, row after row) into r and
 * returns -1 when every row held seven distinct codes 0..51.  Otherwise it
 * returns the first row that did not, having written r[0 .. that row - 1] and
 * nothing after.  pc_rows6, pc_rows5 (standard or Binh ranks), pc_rows3 and
 * pc_rows_omaha (a row: nh hole cards and five board cards, all distinct) do
 * the same for their hands.  The caller then finds what is wrong with the row
 * (pokercore.validation) and reports it.
 *
 * The check rides on the evaluation.  Each code's table entry is a pair: the
 * key the kernel adds anyway, and the card's bit, 1 << (16 * suit + rank), or
 * nothing for codes 52..255.  The loop adds the bits too; their sum has one
 * bit per card exactly when the codes are distinct and in range (two equal
 * bits carry into one, an out-of-range code adds none), so one bit count a
 * row is the whole check.  For distinct cards the sum is also the OR of the
 * bits that the flush lookups need.
 *
 * Memory safety for any bytes (say, a row changed by another thread while it
 * is read): every code indexes a 256-entry table, every key sum of table
 * entries stays inside the offset tables (see _evaluator.h, _evaluator7.h),
 * every flush index is masked to 13 bits; so a changed row gives a wrong rank
 * or fails the check, never a read outside the tables.
 *
 * Speed: four rows at a time (the sums of the four, one test, then the four
 * lookups, which then overlap); on x86-64 a table entry is one 128-bit load
 * and one add (SSE2); the bits are counted by the best way the CPU has, asked
 * once at run time (a vector count of four rows, the popcnt instruction, or a
 * portable count: the loops are compiled once for each, see
 * _evaluator_rows_impl.h).
 */
#ifndef POKERCORE_EVALUATOR_ROWS_H
#define POKERCORE_EVALUATOR_ROWS_H
#include <stddef.h>
#include <stdint.h>
#include "_evaluator.h"
#include "_evaluator7.h"

/* ---- bit counts: the instruction when the CPU has it, else a portable count ---- */

static inline int pc_popcount_sw(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define PC_POPCNT_ATTR __attribute__((target("popcnt")))
static inline PC_POPCNT_ATTR int pc_popcount_hw(uint64_t x) { return __builtin_popcountll(x); }
static inline int pc_cpu_has_popcnt(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("popcnt") ? 1 : 0;
}
#elif defined(_MSC_VER) && defined(_M_X64)
#include <intrin.h>
#define PC_POPCNT_ATTR
static inline int pc_popcount_hw(uint64_t x) { return (int)__popcnt64(x); }
static inline int pc_cpu_has_popcnt(void)
{
    int info[4];
    __cpuid(info, 1);
    return (info[2] >> 23) & 1;  /* CPUID.1:ECX.POPCNT */
}
#elif defined(__GNUC__) || defined(__clang__)
/* other targets: the compiler's own count (one instruction on arm64) */
#define PC_POPCNT_ATTR
static inline int pc_popcount_hw(uint64_t x) { return __builtin_popcountll(x); }
static inline int pc_cpu_has_popcnt(void) { return 1; }
#else
#define PC_POPCNT_ATTR
static inline int pc_popcount_hw(uint64_t x) { return pc_popcount_sw(x); }
static inline int pc_cpu_has_popcnt(void) { return 0; }
#endif

/* ---- a (key, bits) pair of 64-bit sums: one SSE2 register on x86-64 ---- */

#if defined(__x86_64__) || defined(_M_X64)
#include <emmintrin.h>
typedef __m128i pc_kb;
static inline pc_kb pc_kb_load(const uint64_t *table, unsigned code)
{
    return _mm_loadu_si128((const __m128i *)(table + 2u * code));
}
static inline pc_kb pc_kb_add(pc_kb a, pc_kb b) { return _mm_add_epi64(a, b); }
static inline pc_kb pc_kb_bias(uint64_t key) { return _mm_set_epi64x(0, (long long)key); }
static inline uint64_t pc_kb_key(pc_kb a) { return (uint64_t)_mm_cvtsi128_si64(a); }
static inline uint64_t pc_kb_bits(pc_kb a) { return (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(a, a)); }
#else
typedef struct { uint64_t key, bits; } pc_kb;
static inline pc_kb pc_kb_load(const uint64_t *table, unsigned code)
{
    pc_kb v;
    v.key = table[2u * code];
    v.bits = table[2u * code + 1u];
    return v;
}
static inline pc_kb pc_kb_add(pc_kb a, pc_kb b)
{
    a.key += b.key;
    a.bits += b.bits;
    return a;
}
static inline pc_kb pc_kb_bias(uint64_t key)
{
    pc_kb v;
    v.key = key;
    v.bits = 0;
    return v;
}
static inline uint64_t pc_kb_key(pc_kb a) { return a.key; }
static inline uint64_t pc_kb_bits(pc_kb a) { return a.bits; }
#endif

/* ---- the rows read ahead, without keeping them ----
 *
 * A batch of millions of rows streams through the caches, and lines of rows
 * already ranked push the lookup tables (about 260 KB for seven cards) out of
 * the L2 cache.  Asking for the bytes PC_ROWS_AHEAD ahead with the
 * non-temporal hint fetches them early and keeps them out of that cache: 5-10%
 * on ten million seven-card rows (benchmarks/native_peer.py), nothing lost on
 * small batches.  The address may lie past the rows; a prefetch never faults
 * and reads nothing into the program. */
#define PC_ROWS_AHEAD 1024u
static inline void pc_read_ahead(const uint8_t *p)
{
    const char *ahead = (const char *)((uintptr_t)p + PC_ROWS_AHEAD);
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(ahead, 0, 0);
#elif defined(_MSC_VER) && defined(_M_X64)
    _mm_prefetch(ahead, _MM_HINT_NTA);
#else
    (void)ahead;
#endif
}

/* ---- the sums of one row (each byte read once) and the ranks from them ---- */

static inline pc_kb pc_kb_sum7(const uint8_t *q, pc_kb bias)
{
    const uint64_t *t = PC7_KB;
    return pc_kb_add(pc_kb_add(pc_kb_add(pc_kb_load(t, q[0]), pc_kb_load(t, q[1])),
                               pc_kb_add(pc_kb_load(t, q[2]), pc_kb_load(t, q[3]))),
                     pc_kb_add(pc_kb_add(pc_kb_load(t, q[4]), pc_kb_load(t, q[5])),
                               pc_kb_add(pc_kb_load(t, q[6]), bias)));
}

static inline pc_kb pc_kb_sum6(const uint8_t *q, pc_kb bias)
{
    const uint64_t *t = PC7_KB;
    return pc_kb_add(pc_kb_add(pc_kb_add(pc_kb_load(t, q[0]), pc_kb_load(t, q[1])),
                               pc_kb_add(pc_kb_load(t, q[2]), pc_kb_load(t, q[3]))),
                     pc_kb_add(pc_kb_add(pc_kb_load(t, q[4]), pc_kb_load(t, q[5])), bias));
}

static inline pc_kb pc_kb_sum5(const uint8_t *q, pc_kb bias)
{
    const uint64_t *t = PC_KB5;
    return pc_kb_add(pc_kb_add(pc_kb_add(pc_kb_load(t, q[0]), pc_kb_load(t, q[1])),
                               pc_kb_add(pc_kb_load(t, q[2]), pc_kb_load(t, q[3]))),
                     pc_kb_add(pc_kb_load(t, q[4]), bias));
}

/* A five-card rank from PC_KB5 sums (PC_SUIT_BIAS included): bit 3 of a suit's
 * count field is set by five cards of that suit (a flush), whose ranks are that
 * suit's 16 bits of the card bits; any five entries' key sum has its row inside
 * PC_ROW_OFFSET (the mask only restates that). */
static inline int pc_rank5_sum(const uint16_t *noflush, const uint16_t *flush, uint64_t key, uint64_t bits)
{
    if (PC_RARELY(key & PC7_FLUSH_IN_KEY))  /* the same count fields and card bits as seven cards' */
        return flush[pc7_flush_mask(pc7_flush_bits(key), bits)];
    uint32_t k = (uint32_t)key;
    return noflush[(int32_t)k + PC_ROW_OFFSET[(k >> PC_ROW_SHIFT) & (PC_ROW_OFFSET_LEN - 1u)]];
}

/* ---- the test of four rows: every row's card bits counted ----
 *
 * Scalar (the default of _evaluator_rows_impl.h): the bits of each sum moved
 * out of its register and counted.  On x86-64 with GCC or clang, when the CPU has AVX-512's vpopcntq (asked at run
 * time), the four bit sums are paired into two registers and counted there;
 * only the flush lookups then move bits out (a few rows in a hundred): about
 * +4% on five, six and seven cards (`benchmarks/batch_split.py --ways`: each
 * way in turn in one process).  Both give the same answer: true when each of
 * the four sums has `cards` bits. */

/* clang-cl (clang for MSVC) lacks the vpopcntq intrinsics without a
 * command-line flag: it, like MSVC, gets the scalar ways only. */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__) && !defined(_MSC_VER)
#define PC_ROWS_VECTOR 1
#include <immintrin.h>
#define PC_AVX512_ATTR __attribute__((target("popcnt,avx512f,avx512vl,avx512vpopcntdq")))

/* Bits of rows 0 and 1 in one register's lanes, of rows 2 and 3 in the other's;
 * a lane of the sum of the two counts is rows 0 and 2, or 1 and 3: at most
 * 2 * cards, so both lanes equal to it is the test. */
static inline PC_AVX512_ATTR int pc_check4_avx512(const pc_kb *s, int cards)
{
    __m128i a = _mm_unpackhi_epi64(s[0], s[1]), b = _mm_unpackhi_epi64(s[2], s[3]);
    __m128i sums = _mm_add_epi64(_mm_popcnt_epi64(a), _mm_popcnt_epi64(b));
    return _mm_cmpeq_epi64_mask(sums, _mm_set1_epi64x(2 * cards)) == 3;
}
#else
#define PC_ROWS_VECTOR 0
#endif

/* ---- the loops, compiled once for each way of counting ---- */

#define PC_ROWS_NAME(base) base##_sw
#define PC_ROWS_ATTR
#define PC_ROWS_POPCOUNT pc_popcount_sw
#include "_evaluator_rows_impl.h"
#undef PC_ROWS_NAME
#undef PC_ROWS_ATTR
#undef PC_ROWS_POPCOUNT

#define PC_ROWS_NAME(base) base##_hw
#define PC_ROWS_ATTR PC_POPCNT_ATTR
#define PC_ROWS_POPCOUNT pc_popcount_hw
#include "_evaluator_rows_impl.h"
#undef PC_ROWS_NAME
#undef PC_ROWS_ATTR
#undef PC_ROWS_POPCOUNT

#if PC_ROWS_VECTOR
#define PC_ROWS_GROUPS_ONLY
#define PC_ROWS_NAME(base) base##_avx512
#define PC_ROWS_ATTR PC_AVX512_ATTR
#define PC_ROWS_POPCOUNT pc_popcount_hw
#define PC_ROWS_CHECK4 pc_check4_avx512
#include "_evaluator_rows_impl.h"
#undef PC_ROWS_NAME
#undef PC_ROWS_ATTR
#undef PC_ROWS_POPCOUNT
#undef PC_ROWS_CHECK4
#undef PC_ROWS_GROUPS_ONLY
#endif

/* ---- which loops run ----
 *
 * PC_ROWS_PORTABLE: no instruction asked for; PC_ROWS_POPCNT: the popcnt
 * instruction; PC_ROWS_AVX512: that and the vector count of four rows (the
 * loops of three cards and Omaha, one row at a time, use popcnt there). */
enum { PC_ROWS_PORTABLE = 0, PC_ROWS_POPCNT = 1, PC_ROWS_AVX512 = 2 };

/* The best way this CPU has (and its system allows: the CPU checks ask that
 * too for AVX-512's registers). */
static inline int pc_rows_best(void)
{
    if (!pc_cpu_has_popcnt())
        return PC_ROWS_PORTABLE;
#if PC_ROWS_VECTOR
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl")
        && __builtin_cpu_supports("avx512vpopcntdq"))
        return PC_ROWS_AVX512;
#endif
    return PC_ROWS_POPCNT;
}

/* -1 until asked; then one of the above.  A module calls pc_rows_init() when it
 * is imported, before any thread can run a loop. */
static int pc_rows_way = -1;

static inline void pc_rows_init(void)
{
    if (pc_rows_way < 0)
        pc_rows_way = pc_rows_best();
}

/* Tests: the way to use (PC_ROWS_PORTABLE, PC_ROWS_POPCNT or PC_ROWS_AVX512),
 * granted when the CPU has it, else the best it has; -1 for the best.  Returns
 * the way now in force.  Every way gives the same answers. */
static inline int pc_rows_set_way(int want)
{
    int best = pc_rows_best();  /* each way needs what the ways below it need */
    pc_rows_way = (want < 0 || want > best) ? best : want;
    return pc_rows_way;
}

#if PC_ROWS_VECTOR
#define PC_ROWS_GROUPS(base, ...)                                            \
    (pc_rows_way == PC_ROWS_AVX512   ? base##_avx512(__VA_ARGS__)            \
     : pc_rows_way == PC_ROWS_POPCNT ? base##_hw(__VA_ARGS__)                \
                                     : base##_sw(__VA_ARGS__))
#else
#define PC_ROWS_GROUPS(base, ...) (pc_rows_way ? base##_hw(__VA_ARGS__) : base##_sw(__VA_ARGS__))
#endif
#define PC_ROWS_SINGLE(base, ...) (pc_rows_way ? base##_hw(__VA_ARGS__) : base##_sw(__VA_ARGS__))

static inline ptrdiff_t pc_rows7(const uint8_t *p, int32_t *r, ptrdiff_t n)
{
    pc_rows_init();
    return PC_ROWS_GROUPS(pc_rows7, p, r, n);
}

static inline ptrdiff_t pc_rows6(const uint8_t *p, int32_t *r, ptrdiff_t n)
{
    pc_rows_init();
    return PC_ROWS_GROUPS(pc_rows6, p, r, n);
}

static inline ptrdiff_t pc_rows5(const uint8_t *p, int32_t *r, ptrdiff_t n, int binh)
{
    const uint16_t *nf = binh ? PC_NOFLUSH_BINH : PC_NOFLUSH_STANDARD;
    const uint16_t *fl = binh ? PC_FLUSH_BINH : PC_FLUSH_STANDARD;
    pc_rows_init();
    return PC_ROWS_GROUPS(pc_rows5, p, r, n, nf, fl);
}

static inline ptrdiff_t pc_rows3(const uint8_t *p, int32_t *r, ptrdiff_t n)
{
    pc_rows_init();
    return PC_ROWS_SINGLE(pc_rows3, p, r, n);
}

/* nh hole cards a row (4, 5 or 6) in holes, five board cards a row in boards. */
static inline ptrdiff_t pc_rows_omaha(const uint8_t *holes, int nh, const uint8_t *boards, int32_t *r, ptrdiff_t n)
{
    pc_rows_init();
    if (nh <= 4)
        return PC_ROWS_SINGLE(pc_rows_omaha4, holes, boards, r, n);
    if (nh == 5)
        return PC_ROWS_SINGLE(pc_rows_omaha5, holes, boards, r, n);
    return PC_ROWS_SINGLE(pc_rows_omaha6, holes, boards, r, n);
}
#endif
