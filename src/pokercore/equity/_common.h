/* Shared by the hold'em kernels (_equity.pyx, _deals.pyx, _montecarlo.pyx): the player limit and the stop flag.
 *
 * A long run can be stopped from another thread: Python sets a flag (an int32 in a numpy array the
 * caller owns) and the kernels read it every few thousand samples or boards.  The read is atomic
 * and relaxed: a stale value only delays the stop by one check.
 */
#ifndef POKERCORE_HOLDEM_COMMON_H
#define POKERCORE_HOLDEM_COMMON_H

#include <stdint.h>

/* Most players of one equity question (the tables of the kernels are sized by it). */
#define PC_MAX_PLAYERS 10

/* Bit 4r of a 52-bit card mask (card code 4 * rank + suit), r = 0..12: the cards of suit 0. */
#define PC_SUIT_BITS 0x1111111111111ULL

static inline int pc_stop_requested(const int32_t *flag)
{
    if (flag == NULL) return 0;
#if defined(__GNUC__) || defined(__clang__)
    return __atomic_load_n(flag, __ATOMIC_RELAXED) != 0;
#else
    return *(const volatile int32_t *)flag != 0;
#endif
}

/* A poll: nonzero if the run must stop now.  The kernels call it between units of work. */
typedef int (*pc_poll_fn)(void *ctx);

#endif
