"""Other Cython code can cimport the 6-card, 7-card and Omaha kernels (pokercore/ceval7.pxd)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from .helpers import require

require("Cython")

USER_PYX = """
# cython: language_level=3
from libc.stdint cimport uint8_t, uint64_t
from pokercore.ceval cimport pc_valid_cards
from pokercore.ceval7 cimport (pc_eval7, pc_eval6, pc_eval_omaha, pc7_rank7_keys, PC7_CARD, PC7_BIT16,
                               PC7_SUIT_BIAS)

def eval7(cards):
    cdef uint8_t c[7]
    for i in range(7):
        c[i] = cards[i]
    if not pc_valid_cards(c, 7):
        raise ValueError("invalid cards")
    return pc_eval7(c[0], c[1], c[2], c[3], c[4], c[5], c[6])

def eval6(cards):
    return pc_eval6(cards[0], cards[1], cards[2], cards[3], cards[4], cards[5])

def omaha(hole, board):
    cdef uint8_t h[6]
    cdef uint8_t b[5]
    for i in range(len(hole)):
        h[i] = hole[i]
    for i in range(5):
        b[i] = board[i]
    return pc_eval_omaha(h, len(hole), b)

def incremental(cards):
    cdef uint64_t key = PC7_SUIT_BIAS, bits = 0
    for c in cards:
        key += PC7_CARD[c]
        bits |= PC7_BIT16[c]
    return pc7_rank7_keys(key, bits)

def garbage(rows):
    # Any byte values: the kernels read table memory only and return some rank.
    out = []
    cdef uint8_t h[6]
    cdef uint8_t b[5]
    for r in rows:
        for i in range(6):
            h[i] = r[i]
        for i in range(5):
            b[i] = r[6 + i]
        out.append((pc_eval7(r[0], r[1], r[2], r[3], r[4], r[5], r[6]), pc_eval6(r[0], r[1], r[2], r[3], r[4], r[5]),
                    pc_eval_omaha(h, 4 + r[0] % 3, b)))
    return out
"""

SETUP = """
from setuptools import Extension, setup
from Cython.Build import cythonize
import pokercore
setup(ext_modules=cythonize([Extension("user_ext7", ["user_ext7.pyx"], include_dirs=[pokercore.get_include()])],
                            quiet=True))
"""

CHECK = """
import random
import user_ext7, pokercore as pc
from pokercore.holdem import evaluate6, evaluate7, evaluate_omaha
hands = pc.random_hands(3000, 11, seed=4).tolist()
assert all(user_ext7.eval7(h[:7]) == evaluate7(h[:7]) for h in hands)
assert all(user_ext7.eval6(h[:6]) == evaluate6(h[:6]) for h in hands)
assert all(user_ext7.incremental(h[:7]) == evaluate7(h[:7]) for h in hands)
assert all(user_ext7.omaha(h[:4], h[6:]) == evaluate_omaha(h[:4], h[6:]) for h in hands)
rng = random.Random(1)
rows = [[rng.randrange(256) for _ in range(11)] for _ in range(200000)]
rows += [[b] * 11 for b in range(256)]
assert all(0 <= v <= 7462 for triple in user_ext7.garbage(rows) for v in triple)
print("ok")
"""


def test_user_extension_cimports_ceval7(tmp_path):
    (tmp_path / "user_ext7.pyx").write_text(textwrap.dedent(USER_PYX))
    (tmp_path / "setup.py").write_text(textwrap.dedent(SETUP))
    build = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=tmp_path,
                           capture_output=True, text=True, timeout=600, check=False)
    assert build.returncode == 0, build.stderr[-3000:]
    run = subprocess.run([sys.executable, "-c", CHECK], cwd=tmp_path, capture_output=True, text=True,
                         timeout=300, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.strip() == "ok"
