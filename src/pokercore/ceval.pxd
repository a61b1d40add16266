# cython: language_level=3
"""C-level evaluators for other Cython code.

Usage from your own ``.pyx`` (add ``pokercore.get_include()`` to the
extension's ``include_dirs``)::

    from pokercore.ceval cimport pc_eval5_standard

Card codes (``rank * 4 + suit``, 0..51) must be in range and distinct for
a right answer; check with ``pc_valid_cards`` first.  Any other values are
memory-safe (the kernels mask and clamp every table index) but give a
meaningless rank.  Standard ranks are ``1..PC_NUM_RANKS_STANDARD``; Binh
ranks (``pc_eval5_binh``, ``pc_eval3``) are ``PC_BINH_RANK_OFFSET + 1 ..
PC_BINH_RANK_OFFSET + PC_NUM_RANKS_BINH``, so the two scales never overlap.
``pc_category_*`` return -1 for a value that is not a rank of their scale.
"""
from libc.stdint cimport uint8_t, uint16_t, uint32_t, int32_t

cdef extern from "_evaluator.h" nogil:
    enum:
        PC_NUM_RANKS_STANDARD
        PC_NUM_RANKS_BINH
        PC_BINH_RANK_OFFSET
    const uint32_t PC_DESC_STANDARD[]
    const uint32_t PC_DESC_BINH[]
    int pc_eval5_standard(unsigned a, unsigned b, unsigned c, unsigned d, unsigned e)
    int pc_eval5_binh(unsigned a, unsigned b, unsigned c, unsigned d, unsigned e)
    int pc_eval3(unsigned a, unsigned b, unsigned c)
    int pc_category_standard(int rank)
    int pc_category_binh(int rank)
    int pc_valid_cards(const uint8_t *cards, int n)
