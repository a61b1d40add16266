/* Hold'em Monte Carlo sampler (used by _montecarlo.pyx; see its docs for the method).
 *
 * One sample: each ranged player's combo (uniform, or by an alias table when weighted), the draw
 * rejected as a whole if two combos share a card; then the missing board cards: with at most one
 * ranged player by a partial Fisher-Yates shuffle of a deck kept per combo (the live cards but the
 * combo's; shuffled in place from sample to sample, reset at each unit), otherwise drawn from the
 * live deck and redrawn while they hit a card already out (a 64-bit mask); then one table lookup
 * per player on board key + hole key.  Bounded draws are Lemire's multiply-shift with its exact
 * rejection step, two per 64-bit xoshiro256** output.  The plan holds private copies of everything
 * the loop reads; card codes are masked to 0..63.
 */
#ifndef POKERCORE_HOLDEM_MONTECARLO_H
#define POKERCORE_HOLDEM_MONTECARLO_H

#include <stdint.h>
#include <string.h>
#include <math.h>
#include "_evaluator7.h"
#include "_common.h"

typedef struct {
    int P, need, n_ranged, m;
    uint64_t fixed_key, fixed_bits, base_used;
    uint8_t live[64];
    uint64_t hk[PC_MAX_PLAYERS], hb[PC_MAX_PLAYERS];
    int ranged[PC_MAX_PLAYERS], weighted[PC_MAX_PLAYERS];
    int32_t first[PC_MAX_PLAYERS], count[PC_MAX_PLAYERS];
    uint64_t *ck, *cb, *cm, *thr;
    int32_t *alias;
    int32_t n_decks;
    uint8_t *decks;
} pc_mc_plan;

typedef struct { uint64_t s0, s1, s2, s3, buf; int have; } pc_rng;

#if defined(__GNUC__)  /* inlined whatever the size of the module: the generator lives in registers */
#define PC_MC_INLINE __attribute__((always_inline)) inline
#else
#define PC_MC_INLINE inline
#endif

/* Counts of one player: sole wins, then k-way ties for k = 2..PC_MAX_PLAYERS (index k; index 1 unused). */
#define PC_MC_ROW (PC_MAX_PLAYERS + 1)

#if defined(__GNUC__)
#define PC_MC_NOINLINE __attribute__((noinline))
#else
#define PC_MC_NOINLINE
#endif

/* Returned by pc_mc_unit: too many rejected draws in a row; stopped by the poll. */
#define PC_MC_TOO_MANY_REJECTS (-1)
#define PC_MC_STOPPED (-2)
/* Rejected draws between two polls (a unit with few rejections never polls). */
#define PC_MC_POLL_REJECTS 0xFFFF

static PC_MC_INLINE uint64_t pc_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static PC_MC_INLINE uint64_t pc_next64(pc_rng *r)  /* xoshiro256** */
{
    uint64_t out = pc_rotl(r->s1 * 5, 7) * 9, t = r->s1 << 17;
    r->s2 ^= r->s0; r->s3 ^= r->s1; r->s1 ^= r->s2; r->s0 ^= r->s3;
    r->s2 ^= t; r->s3 = pc_rotl(r->s3, 45);
    return out;
}

static PC_MC_INLINE uint32_t pc_next32(pc_rng *r)  /* low half of an output, then its high half */
{
    if (r->have) { r->have = 0; return (uint32_t)(r->buf >> 32); }
    r->buf = pc_next64(r); r->have = 1;
    return (uint32_t)r->buf;
}

static PC_MC_INLINE uint32_t pc_below(pc_rng *r, uint32_t n)  /* uniform in 0..n-1, n >= 1, no bias */
{
    uint64_t m = (uint64_t)pc_next32(r) * n;
    if ((uint32_t)m < n) {
        uint32_t t = (0u - n) % n;
        while ((uint32_t)m < t) m = (uint64_t)pc_next32(r) * n;
    }
    return (uint32_t)(m >> 32);
}

static void pc_rng_seed(pc_rng *r, uint64_t seed)  /* splitmix64 */
{
    uint64_t s[4];
    for (int j = 0; j < 4; j++) {
        uint64_t z = (seed += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        s[j] = z ^ (z >> 31);
    }
    r->s0 = s[0]; r->s1 = s[1]; r->s2 = s[2]; r->s3 = s[3]; r->have = 0; r->buf = 0;
}

/* One unit of `samples` samples from `seed`; adds to cnt[p * PC_MC_ROW + k] (k = 0: sole wins,
   k >= 2: k-way ties).  Returns the rejected combo draws, PC_MC_TOO_MANY_REJECTS after
   max_rejects in a row, or PC_MC_STOPPED when `poll` (called every PC_MC_POLL_REJECTS + 1
   rejected draws, if not NULL) says stop.  `decks`: n_decks * 52 bytes of scratch for the
   per-combo decks.  P, nr, fy (decks in use) and need are arguments so that the common cases
   compile to loops of their own. */
static PC_MC_INLINE int64_t pc_mc_body(const pc_mc_plan *pl, uint8_t *decks, uint64_t seed,
                                       int64_t samples, int64_t max_rejects, int64_t *cnt,
                                       const int P, const int nr, const int fy, const int need,
                                       int32_t *trace, pc_poll_fn poll, void *poll_ctx)
{
    pc_rng r;
    uint64_t hk[PC_MAX_PLAYERS], hb[PC_MAX_PLAYERS];
    int ranks[PC_MAX_PLAYERS];
    int32_t picked[PC_MAX_PLAYERS];
    int64_t rejects = 0, streak = 0, i = 0, w0 = 0, w1 = 0, tt = 0;
    const uint32_t m = (uint32_t)pl->m;
    const uint32_t md = m - 2u * (uint32_t)nr;
    uint8_t *deck = decks;
    int p, q, d;
    pc_rng_seed(&r, seed);
    if (pl->n_decks) memcpy(decks, pl->decks, (size_t)pl->n_decks * 52u);
    for (p = 0; p < P; p++) { hk[p] = pl->hk[p]; hb[p] = pl->hb[p]; }
    while (i < samples) {
        uint64_t used = pl->base_used;
        for (q = 0; q < nr; q++) {
            int32_t j = (int32_t)pc_below(&r, (uint32_t)pl->count[q]);
            int64_t c;
            if (pl->weighted[q]) {
                c = pl->first[q] + j;
                if ((uint64_t)pc_next32(&r) >= pl->thr[c]) j = pl->alias[c];
            }
            c = pl->first[q] + j;
            if (used & pl->cm[c]) break;
            used |= pl->cm[c];
            p = pl->ranged[q];
            hk[p] = pl->ck[c];
            hb[p] = pl->cb[c];
            if (fy) deck = decks + (c - pl->first[q]) * 52;
            picked[q] = (int32_t)(c - pl->first[q]);
        }
        if (q < nr) {
            rejects++;
            if (++streak >= max_rejects) return PC_MC_TOO_MANY_REJECTS;
            if (poll != NULL && (rejects & PC_MC_POLL_REJECTS) == 0 && poll(poll_ctx)) return PC_MC_STOPPED;
            continue;
        }
        streak = 0;
        uint64_t key = pl->fixed_key, bits = pl->fixed_bits;
        if (fy) {  /* partial Fisher-Yates over the deck left by the hands: no rejection */
            for (d = 0; d < need; d++) {
                uint32_t t = (uint32_t)d + pc_below(&r, md - (uint32_t)d);
                unsigned c = deck[t];
                deck[t] = deck[d];
                deck[d] = (uint8_t)c;
                key += PC7_CARD[c & 63u];
                bits |= PC7_BIT16[c & 63u];
                if (trace) trace[i * (need + nr) + d] = (int32_t)c;
            }
        } else {
            for (d = 0; d < need; d++) {
                unsigned c;
                do { c = pl->live[pc_below(&r, m)] & 63u; } while ((used >> c) & 1u);
                used |= (uint64_t)1 << c;
                key += PC7_CARD[c];
                bits |= PC7_BIT16[c];
                if (trace) trace[i * (need + nr) + d] = (int32_t)c;
            }
        }
        if (trace)
            for (q = 0; q < nr; q++) trace[i * (need + nr) + need + q] = picked[q];
        i++;
        if (P == 2) {  /* branch-free tallies, ties settled after the loop */
            int r0 = pc7_rank7_keys(key + hk[0], bits | hb[0]);
            int r1 = pc7_rank7_keys(key + hk[1], bits | hb[1]);
            w0 += r0 > r1; w1 += r1 > r0; tt += r0 == r1;
            continue;
        }
        int best = 0, nb = 0;
        for (p = 0; p < P; p++) {
            ranks[p] = pc7_rank7_keys(key + hk[p], bits | hb[p]);
            if (ranks[p] > best) { best = ranks[p]; nb = 1; }
            else if (ranks[p] == best) nb++;
        }
        for (p = 0; p < P; p++)
            if (ranks[p] == best) cnt[p * PC_MC_ROW + (nb == 1 ? 0 : nb)]++;
    }
    if (P == 2) { cnt[0] += w0; cnt[PC_MC_ROW] += w1; cnt[2] += tt; cnt[PC_MC_ROW + 2] += tt; }
    return rejects;
}

/* Not inlined into its caller: the sampling loops are optimised on their own, whatever the caller's size. */
static PC_MC_NOINLINE int64_t pc_mc_unit(const pc_mc_plan *pl, uint8_t *decks, uint64_t seed, int64_t samples,
                          int64_t max_rejects, int64_t *cnt, int32_t *trace, pc_poll_fn poll, void *poll_ctx)
{
    /* With decks (at most one ranged player) no draw shares a card with a fixed hand (the caller
       removed those combos), so only the rejection path of two or more ranged players polls: the
       hot loops do not even carry the poll in a register. */
    if (trace)  /* (samples, need + n_ranged): the board cards dealt, then each ranged player's combo */
        return pc_mc_body(pl, decks, seed, samples, max_rejects, cnt, pl->P, pl->n_ranged,
                          pl->n_decks != 0, pl->need, trace, NULL, NULL);
    if (pl->P == 2 && pl->n_ranged == 1 && pl->n_decks && pl->need == 5)  /* hand vs range preflop */
        return pc_mc_body(pl, decks, seed, samples, max_rejects, cnt, 2, 1, 1, 5, NULL, NULL, NULL);
    if (pl->P == 2 && pl->n_decks)
        return pc_mc_body(pl, decks, seed, samples, max_rejects, cnt, 2, pl->n_ranged, 1, pl->need, NULL,
                          NULL, NULL);
    if (pl->n_decks)
        return pc_mc_body(pl, decks, seed, samples, max_rejects, cnt, pl->P, pl->n_ranged, 1, pl->need, NULL,
                          NULL, NULL);
    return pc_mc_body(pl, decks, seed, samples, max_rejects, cnt, pl->P, pl->n_ranged, 0, pl->need, NULL,
                      poll, poll_ctx);
}


/* ------------------------------------------------------------------------------------------------
 * The conditional sampler of two or more ranged players (importance weighted, no rejection).
 *
 * The ranged players draw their combos one after another in a fixed order (narrowest range
 * first): each from its own range restricted to the combos that share no card with those already
 * drawn, in proportion to the combo weights.  That proposal q(deal) = prod_i w_i / Z_i, where Z_i
 * is the weight of player i's combos still possible when it draws, differs from the target
 * pi(deal) ~ prod_i w_i (disjoint deals) by the factor prod_i Z_i, so every sample carries the
 * weight prod_i (Z_i / W_i) (W_i the range's whole weight): sum(weight * outcome) / sum(weight)
 * estimates the equity with no bias from card removal (self-normalised importance sampling).  A
 * player with no combo left ends the sample with weight 0.  Z_i comes from inclusion-exclusion
 * over the cards already out (W - sum of the weights of combos holding one of them + the weights
 * of combos holding two) or from a scan of the range when that is shorter; the combo is drawn by
 * rejection from the whole range while at least 1/8 of its weight is left (exact: a draw
 * conditioned on landing in the set), else by walking the combos left.
 * ------------------------------------------------------------------------------------------------ */

/* Pair index of two card codes 0..63: the place of {a, b} among the 2,080 pairs (a == b included). */
#define PC_SIS_PAIRS 2080
static PC_MC_INLINE int pc_pair(unsigned a, unsigned b)
{
    unsigned hi = a > b ? a : b, lo = a > b ? b : a;
    return (int)(hi * (hi + 1u) / 2u + lo);
}

typedef struct {
    int nr, P, need, m;
    uint64_t fixed_key, fixed_bits, base_used;
    uint8_t live[64];
    uint64_t hk[PC_MAX_PLAYERS], hb[PC_MAX_PLAYERS];
    int player[PC_MAX_PLAYERS];     /* by draw position: the player */
    int col[PC_MAX_PLAYERS];        /* by draw position: its column in a trace (its place among the ranged) */
    int32_t first[PC_MAX_PLAYERS], count[PC_MAX_PLAYERS];
    int uniform[PC_MAX_PLAYERS];    /* all combos weigh the same (weights are then 1.0: integer sums) */
    int scan[PC_MAX_PLAYERS];       /* Z by a scan of the range (else by inclusion-exclusion) */
    double W[PC_MAX_PLAYERS], invW[PC_MAX_PLAYERS];
    double *deg;                    /* nr * 64: weight of the range's combos holding card c */
    double *pw;                     /* nr * PC_SIS_PAIRS: weight of the combo of two cards (0 if absent) */
    /* the combos of every range that share no card with the fixed cards, by draw position: */
    uint64_t *ck, *cb, *cm, *thr;
    double *w;
    int32_t *alias, *idx;           /* alias table; index of the combo in the range as given */
    uint8_t *c0, *c1;
} pc_sis_plan;

/* Accumulators of one unit: per player and outcome (k = 0 sole win, k >= 2 a k-way tie) the sum of the
   weights and of the squared weights of the samples with that outcome, then the sums over all samples. */
#define PC_SIS_K (2 * PC_MAX_PLAYERS * PC_MC_ROW + 2)
#define PC_SIS_LIMBS 4
/* Fractional bits of the exact fixed-point sums (256 bits: 64 integer bits, 192 fractional). */
#define PC_SIS_FRAC 192

/* acc (4 limbs, little end first) += d exactly, d >= 0 and < 2**64; bits below 2**-192 are dropped. */
static void pc_exact_add(uint64_t *acc, double d)
{
    int e, s, limb, off;
    uint64_t mi, lo, hi, c;
    if (!(d > 0.0)) return;
    mi = (uint64_t)ldexp(frexp(d, &e), 53);   /* d = mi * 2**(e - 53), exact */
    s = e - 53 + PC_SIS_FRAC;                  /* bit position of mi's lowest bit */
    if (s < 0) {
        if (s <= -64) return;
        mi >>= -s;
        s = 0;
    }
    limb = s / 64; off = s % 64;
    lo = mi << off;
    hi = off ? mi >> (64 - off) : 0;
    if (limb >= PC_SIS_LIMBS) return;
    acc[limb] += lo; c = acc[limb] < lo;
    for (int j = limb + 1; j < PC_SIS_LIMBS; j++) {
        uint64_t add = (j == limb + 1 ? hi : 0) + c;   /* hi < 2**63: no overflow */
        acc[j] += add;
        c = acc[j] < add;
        if (!c && j > limb + 1) break;
    }
}

static PC_MC_INLINE double pc_sis_uniform01(pc_rng *r)  /* uniform in [0, 1), 53 bits */
{
    return (double)(pc_next64(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* Z of draw position q given the cards out (mask `used`, the list u[0..nu-1]). */
static PC_MC_INLINE double pc_sis_left(const pc_sis_plan *pl, int q, uint64_t used, const uint8_t *u, int nu)
{
    const int32_t f = pl->first[q], n = pl->count[q];
    double z;
    if (nu == 0) return pl->W[q];
    if (pl->scan[q]) {
        z = 0.0;
        for (int32_t j = f; j < f + n; j++) if (!(pl->cm[j] & used)) z += pl->w[j];
        return z;
    }
    const double *deg = pl->deg + (size_t)q * 64, *pw = pl->pw + (size_t)q * PC_SIS_PAIRS;
    double minus = 0.0, plus = 0.0;
    for (int a = 0; a < nu; a++) {
        minus += deg[u[a]];
        for (int b = 0; b < a; b++) plus += pw[pc_pair(u[a], u[b])];
    }
    z = (pl->W[q] - minus) + plus;
    if (pl->uniform[q]) return z > 0.5 ? z : 0.0;  /* integer sums: exact */
    if (!(z > pl->W[q] * 0x1p-20)) {  /* few left (or rounding): the exact sum by a scan */
        z = 0.0;
        for (int32_t j = f; j < f + n; j++) if (!(pl->cm[j] & used)) z += pl->w[j];
    }
    return z;
}

/* A combo of draw position q sharing no card with `used`, in proportion to the weights; z > 0 is their sum. */
static PC_MC_INLINE int32_t pc_sis_pick(const pc_sis_plan *pl, int q, uint64_t used, double z, pc_rng *r)
{
    const int32_t f = pl->first[q], n = pl->count[q];
    int32_t j, last = -1;
    if (z * 8.0 >= pl->W[q]) {
        for (int t = 0; t < 256; t++) {
            j = f + (int32_t)pc_below(r, (uint32_t)n);
            if (!pl->uniform[q] && (uint64_t)pc_next32(r) >= pl->thr[j]) j = f + pl->alias[j];
            if (!(pl->cm[j] & used)) return j;
        }
    }
    if (pl->uniform[q]) {  /* z is a count here */
        uint32_t k = pc_below(r, (uint32_t)z);
        for (j = f; j < f + n; j++)
            if (!(pl->cm[j] & used)) { last = j; if (k-- == 0) return j; }
        return last;
    }
    double x = pc_sis_uniform01(r) * z, acc = 0.0;
    for (j = f; j < f + n; j++)
        if (!(pl->cm[j] & used)) { last = j; acc += pl->w[j]; if (x < acc) return j; }
    return last;
}

/* One unit of `samples` weighted samples from `seed`; adds the unit's sums exactly to ex[k * 4 ..]
   (layout: [0, P*ROW) weight sums per player and outcome, [MAXP*ROW, ...) squared weights, then the
   total weight and total squared weight at 2 * MAXP * ROW).  Returns the samples that ended with a
   player left no combo (weight 0).  trace (if not NULL): per sample the board cards dealt, then each
   ranged player's combo index (-1 after a dead end); wtrace: each sample's weight. */
static PC_MC_NOINLINE int64_t pc_sis_unit(const pc_sis_plan *pl, uint64_t seed, int64_t samples, uint64_t *ex,
                                          int32_t *trace, double *wtrace)
{
    pc_rng r;
    uint64_t hk[PC_MAX_PLAYERS], hb[PC_MAX_PLAYERS];
    double A[PC_MAX_PLAYERS * PC_MC_ROW], B[PC_MAX_PLAYERS * PC_MC_ROW], S = 0.0, S2 = 0.0;
    int ranks[PC_MAX_PLAYERS];
    uint8_t u[2 * PC_MAX_PLAYERS];
    const int P = pl->P, nr = pl->nr, need = pl->need, width = pl->need + pl->nr;
    const uint32_t m = (uint32_t)pl->m;
    int64_t dead = 0;
    int p, q, d;
    pc_rng_seed(&r, seed);
    memset(A, 0, sizeof A); memset(B, 0, sizeof B);
    for (p = 0; p < P; p++) { hk[p] = pl->hk[p]; hb[p] = pl->hb[p]; }
    for (int64_t i = 0; i < samples; i++) {
        uint64_t used = 0;
        double wt = 1.0;
        int nu = 0;
        for (q = 0; q < nr; q++) {
            double z = pc_sis_left(pl, q, used, u, nu);
            if (!(z > 0.0)) break;
            int32_t j = pc_sis_pick(pl, q, used, z, &r);
            used |= pl->cm[j];
            u[nu++] = pl->c0[j]; u[nu++] = pl->c1[j];
            hk[pl->player[q]] = pl->ck[j];
            hb[pl->player[q]] = pl->cb[j];
            wt *= z * pl->invW[q];
            if (trace) trace[i * width + need + pl->col[q]] = pl->idx[j];
        }
        if (q < nr) {  /* a dead end: weight 0 */
            dead++;
            if (trace) {
                for (d = 0; d < need; d++) trace[i * width + d] = -1;
                for (q = 0; q < nr; q++) trace[i * width + need + q] = -1;
            }
            if (wtrace) wtrace[i] = 0.0;
            continue;
        }
        used |= pl->base_used;
        uint64_t key = pl->fixed_key, bits = pl->fixed_bits;
        for (d = 0; d < need; d++) {
            unsigned c;
            do { c = pl->live[pc_below(&r, m)] & 63u; } while ((used >> c) & 1u);
            used |= (uint64_t)1 << c;
            key += PC7_CARD[c];
            bits |= PC7_BIT16[c];
            if (trace) trace[i * width + d] = (int32_t)c;
        }
        if (wtrace) wtrace[i] = wt;
        int best = 0, nb = 0;
        for (p = 0; p < P; p++) {
            ranks[p] = pc7_rank7_keys(key + hk[p], bits | hb[p]);
            if (ranks[p] > best) { best = ranks[p]; nb = 1; }
            else if (ranks[p] == best) nb++;
        }
        const double w2 = wt * wt;
        const int k = nb == 1 ? 0 : nb;
        for (p = 0; p < P; p++)
            if (ranks[p] == best) { A[p * PC_MC_ROW + k] += wt; B[p * PC_MC_ROW + k] += w2; }
        S += wt; S2 += w2;
    }
    for (p = 0; p < P * PC_MC_ROW; p++) {
        pc_exact_add(ex + PC_SIS_LIMBS * p, A[p]);
        pc_exact_add(ex + PC_SIS_LIMBS * (PC_MAX_PLAYERS * PC_MC_ROW + p), B[p]);
    }
    pc_exact_add(ex + PC_SIS_LIMBS * (2 * PC_MAX_PLAYERS * PC_MC_ROW), S);
    pc_exact_add(ex + PC_SIS_LIMBS * (2 * PC_MAX_PLAYERS * PC_MC_ROW + 1), S2);
    return dead;
}

#endif
