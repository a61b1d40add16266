# cython: language_level=3
"""Input checks of the Binh kernels, shared by :mod:`pokercore.binh._arrange` and :mod:`pokercore.binh._special`."""

cdef object hand13(object cards, str name)
cdef object value_table(object t, str name)
