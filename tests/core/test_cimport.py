"""Other Cython code can cimport the C-level evaluators (pokercore/ceval.pxd) and card reading (validation.pxd)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

pytest.importorskip("Cython")

USER_PYX = """
# cython: language_level=3
from libc.stdint cimport uint8_t
from pokercore.ceval cimport pc_eval5_standard, pc_eval5_binh, pc_eval3, pc_valid_cards

def eval5(a, b, c, d, e, binh=False):
    cdef uint8_t cards[5]
    cards[:] = [a, b, c, d, e]
    if not pc_valid_cards(cards, 5):
        raise ValueError("invalid cards")
    return pc_eval5_binh(a, b, c, d, e) if binh else pc_eval5_standard(a, b, c, d, e)

def eval3(a, b, c):
    return pc_eval3(a, b, c)


from pokercore.validation cimport read_cards

def eval5_any(cards):
    cdef uint8_t c[5]
    read_cards(cards, 5, c, "eval5_any")   # every card form pokercore reads, with its messages
    return pc_eval5_standard(c[0], c[1], c[2], c[3], c[4])
"""

SETUP = """
from setuptools import Extension, setup
from Cython.Build import cythonize
import pokercore
setup(ext_modules=cythonize([Extension("user_ext", ["user_ext.pyx"], include_dirs=[pokercore.get_include()])],
                            quiet=True))
"""


def test_user_extension_cimports_ceval(tmp_path):
    (tmp_path / "user_ext.pyx").write_text(textwrap.dedent(USER_PYX))
    (tmp_path / "setup.py").write_text(textwrap.dedent(SETUP))
    build = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=tmp_path,
                           capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr[-3000:]
    check = textwrap.dedent("""
        import user_ext, pokercore as pc
        hands = pc.random_hands(2000, 5, seed=3).tolist()
        assert all(user_ext.eval5(*h) == pc.evaluate5(h) for h in hands)
        assert all(user_ext.eval5(*h, binh=True) == pc.evaluate5(h, rules="binh") for h in hands)
        assert all(user_ext.eval3(*h[:3]) == pc.evaluate3(h[:3]) for h in hands)
        assert user_ext.eval5_any("As Ks Qs Js Ts") == user_ext.eval5_any([51, 47, 43, 39, 35]) == 7462
        try:
            user_ext.eval5_any("As As Qs Js Ts")
        except pc.DuplicateCardError as exc:
            assert str(exc).startswith("eval5_any: duplicate card As"), exc
        try:
            user_ext.eval5(1, 1, 2, 3, 4)
        except ValueError:
            print("ok")
    """)
    run = subprocess.run([sys.executable, "-c", check], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.strip() == "ok"
