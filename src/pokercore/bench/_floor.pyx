# cython: language_level=3, auto_pickle=False
"""The cost of a call from Python with no work: the floor under every per-call figure.

:func:`floor_call` takes a list, as ``evaluate5`` and ``evaluate7`` do, and
returns an int without reading it; ``pokercore bench`` times it next to
them and reports their calls as multiples of it.
"""


def floor_call(list cards):
    """Return 0 without doing anything (the list is checked to be a list, as the evaluators check theirs).

    >>> floor_call([0, 4, 8, 12, 16])
    0
    """
    return 0
