# cython: language_level=3
"""C-level 6-card, 7-card and Omaha evaluators for other Cython code.

Usage from your own ``.pyx`` (add ``pokercore.get_include()`` to the
extension's ``include_dirs``)::

    from pokercore.ceval7 cimport pc_eval7

Ranks are on the standard scale of ``pc_eval5_standard`` (1..7462, higher
is better).  The kernels read only table memory whatever codes they get,
but answer correctly only for distinct codes in 0..51: check with
``pokercore.ceval.pc_valid_cards`` first.

The incremental form: ``key = PC7_SUIT_BIAS + sum(PC7_CARD[c])`` and
``bits = OR(PC7_BIT16[c])`` over the seven (six) cards, then
``pc7_rank7_keys(key, bits)`` (``pc7_rank6_keys``).  Partial sums of the
board can be kept across hands.
"""
from libc.stdint cimport uint8_t, uint64_t

cdef extern from "_evaluator7.h" nogil:
    const uint64_t PC7_SUIT_BIAS
    const uint64_t PC7_CARD[256]
    const uint64_t PC7_BIT16[256]
    int pc_eval7(unsigned a, unsigned b, unsigned c, unsigned d, unsigned e, unsigned f, unsigned g)
    int pc_eval6(unsigned a, unsigned b, unsigned c, unsigned d, unsigned e, unsigned f)
    int pc_eval_omaha(const uint8_t *hole, int n_hole, const uint8_t *board)
    int pc7_rank7_keys(uint64_t key, uint64_t bits16)
    int pc7_rank6_keys(uint64_t key, uint64_t bits16)
