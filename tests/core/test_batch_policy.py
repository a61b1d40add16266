"""One batch policy: the same batch gets the same answer from every batch entry point.

Every batch entry point (the core's evaluators, the hold'em face, the Binh
search and special-hand functions and their compiled kernels) judges its hands
with :func:`pokercore.validation.check_hands` and its ``out=`` with
:func:`pokercore.validation.check_out`.  This table runs the same batches
through all of them: a refused batch raises the same exception class with the
same message shape (``"<function>: <what is wrong>"``); an accepted one gives
exactly the answer of the plain C-contiguous uint8 array of the same cards.
"""

from __future__ import annotations

import mmap
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

import pokercore as pc
from pokercore import evaluators
from pokercore.binh import _arrange, _special
from pokercore.binh import _search as search
from pokercore.binh import _special_hands as special
from pokercore.errors import CardTypeError, DuplicateCardError, HandSizeError, InvalidArrayError, InvalidCardError

pytestmark = pytest.mark.filterwarnings("ignore:the matrix subclass:PendingDeprecationWarning")

N = 3  # rows of every batch below


def rows(k: int, n: int = N) -> np.ndarray:
    """``n`` valid hands of ``k`` cards, all codes below 26 (the Omaha partners use 47..51)."""
    return np.array([[(i + j) % 26 for j in range(k)] for i in range(n)], dtype=np.uint8)


def _first_top(legal: np.ndarray) -> np.ndarray:
    return legal["top_rank"]


_TABLES = search.BranchTables(*(np.linspace(-1.0, 1.0, search.TABLE_LEN),) * 3)


@dataclass(frozen=True)
class Entry:
    width: int
    call: Callable[..., Any]  # call(hands, out=None)
    name: str  # the name its messages start with
    out: str | None = None  # dtype of out=, None when it has no out=


def _rows_of(a: Any) -> int:
    """How many hands the fuzzed argument holds, for a partner of as many rows."""
    if isinstance(a, np.ndarray):
        return a.shape[0] if a.ndim > 0 else N
    return len(a) if isinstance(a, (list, tuple)) else N


def _omaha_holes(h: Any, out: Any = None) -> Any:
    n = _rows_of(h)
    return pc.evaluate_omaha_batch(h, np.tile([47, 48, 49, 50, 51], (n, 1)), out=out)


def _omaha_boards(b: Any, out: Any = None) -> Any:
    n = _rows_of(b)
    return pc.evaluate_omaha_batch(np.tile([47, 48, 49, 50], (n, 1)), b, out=out)


ENTRIES = {
    "evaluate3_batch": Entry(3, pc.evaluate3_batch, "evaluate3_batch", "int32"),
    "evaluate5_batch": Entry(5, pc.evaluate5_batch, "evaluate5_batch", "int32"),
    "evaluate5_batch(binh)": Entry(5, lambda h, out=None: pc.evaluate5_batch(h, "binh", out=out),
                                   "evaluate5_batch", "int32"),
    "evaluate6_batch": Entry(6, pc.evaluate6_batch, "evaluate6_batch", "int32"),
    "evaluate7_batch": Entry(7, pc.evaluate7_batch, "evaluate7_batch", "int32"),
    "evaluate_batch(5)": Entry(5, evaluators.evaluate_batch, "evaluate_batch", "int32"),
    "evaluate_batch(7)": Entry(7, evaluators.evaluate_batch, "evaluate_batch", "int32"),
    "evaluate_omaha_batch(holes)": Entry(4, _omaha_holes, "evaluate_omaha_batch", "int32"),
    "evaluate_omaha_batch(boards)": Entry(5, _omaha_boards, "evaluate_omaha_batch", "int32"),
    "count_legal_batch": Entry(13, search.count_legal_batch, "count_legal_batch", "int64"),
    "classify_special_batch": Entry(13, special.classify_special_batch, "classify_special_batch", "int8"),
    "special_kinds_batch": Entry(13, special.special_kinds_batch, "special_kinds_batch", "uint16"),
    "best_arrangement_batch": Entry(13, lambda h: search.best_arrangement_batch(h), "best_arrangement_batch"),
    "best_arrangement_batch(tables)": Entry(13, lambda h: search.best_arrangement_batch(h, _TABLES),
                                            "best_arrangement_batch"),
    "best_arrangement_batch(callable)": Entry(13, lambda h: search.best_arrangement_batch(h, _first_top),
                                              "best_arrangement_batch"),
    "_arrange.best_batch": Entry(13, lambda h: _arrange.best_batch(h), "best_batch"),
    "_arrange.count_legal_batch": Entry(13, _arrange.count_legal_batch, "count_legal_batch", "int64"),
    "_special.classify_batch": Entry(13, _special.classify_batch, "classify_batch", "int8"),
    "_special.kinds_batch": Entry(13, _special.kinds_batch, "kinds_batch", "uint16"),
}
WITH_OUT = sorted(name for name, e in ENTRIES.items() if e.out)


class Sub(np.ndarray):
    """A plain subclass: read as the data it holds."""


class Lying(np.ndarray):
    """A subclass whose own methods lie: never consulted."""

    def astype(self, *args: Any, **kwargs: Any) -> Any:
        return np.zeros((1, 1), dtype=np.uint8)

    def __len__(self) -> int:
        return 0


class ArrayLike:
    """Not an array, but has ``__array__`` (as a pandas frame has)."""

    def __init__(self, a: np.ndarray) -> None:
        self.a = a

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        return np.asarray(self.a, dtype=dtype)


class BoolIndex:
    def __index__(self) -> bool:
        return True


def _with(k: int, row: int, col: int, value: int, dtype: Any = np.int64) -> np.ndarray:
    a = rows(k).astype(dtype)
    a[row, col] = value
    return a


def _strided(a: np.ndarray) -> np.ndarray:
    big = np.zeros((a.shape[0], 2 * a.shape[1]), dtype=a.dtype)
    big[:, ::2] = a
    return big[:, ::2]


def _readonly(a: np.ndarray) -> np.ndarray:
    a = a.copy()
    a.flags.writeable = False
    return a


def _names(a: np.ndarray) -> list[list[str]]:
    return [[pc.format_card(int(c)) for c in r] for r in a]


# id -> (builder of the batch from a valid (N, k) array, exception class, message after "<name>: ")
REFUSED: dict[str, tuple[Callable[[int], Any], type, str]] = {
    "float": (lambda k: rows(k).astype(float), CardTypeError,
              r"\w+ must have an integer dtype \(uint8 is fastest\), got float64; convert whole numbers with "),
    "bool": (lambda k: rows(k).astype(bool), CardTypeError, r"\w+ must have an integer dtype .*got bool"),
    "complex": (lambda k: rows(k).astype(complex), CardTypeError, r"\w+ must have an integer dtype .*got complex128"),
    "object array": (lambda k: rows(k).astype(object), CardTypeError, r"\w+ must have an integer dtype .*got object"),
    "strings array": (lambda k: np.array(_names(rows(k))), CardTypeError, r"\w+ must have an integer dtype .*got <U2"),
    "negative": (lambda k: _with(k, 1, 0, -1), InvalidCardError, r"hand 1 has a card code out of range 0\.\.51: "),
    "52 in uint8": (lambda k: _with(k, 1, 2, 52, np.uint8), InvalidCardError, r"hand 1 has a card code out of range"),
    "259 (would wrap to 3)": (lambda k: _with(k, 2, 0, 259), InvalidCardError, r"hand 2 has a card code out of range"),
    "duplicate in a row": (lambda k: _with(k, 1, 1, int(rows(k)[1, 0]), np.uint8), DuplicateCardError,
                           r"hand 1 repeats a card: \["),
    "wrong width": (lambda k: np.zeros((N, k + 9), np.uint8), HandSizeError,
                    r"expected a 2-D array of shape \(n_hands, \d+\).*, got shape \(3, \d+\)$"),
    "1-D": (lambda k: rows(k)[0], HandSizeError,
            r"expected a 2-D array of shape .*, got shape \(\d+,\) \(wrap a single hand in a list: \[hand\]\)$"),
    "3-D": (lambda k: rows(k)[None], HandSizeError, r"expected a 2-D array of shape .*, got shape \(1, 3, \d+\)$"),
    "0-D": (lambda k: np.array(7), HandSizeError, r"expected a 2-D array of shape .*, got shape \(\)$"),
    "masked": (lambda k: np.ma.masked_array(rows(k), mask=np.zeros((N, k), bool)), CardTypeError,
               r"masked arrays are not supported \(the mask would be ignored\); pass \w+\.filled\(\.\.\.\)"),
    "masked row in a list": (lambda k: [np.ma.masked_array(r) for r in rows(k)], CardTypeError,
                             r"masked arrays are not supported"),
    "list with a bad card": (lambda k: [" ".join(r) for r in _names(rows(k))[:1]] + ["As Kd 1h"],
                             InvalidCardError, r"hand 1: malformed card '1h'"),
    "list with a bool": (lambda k: [[True, *rows(k)[0, 1:].tolist()]], CardTypeError,
                         r"hand 0: card code must be an integer, got bool True"),
    "list with an __index__ bool": (lambda k: [[BoolIndex(), *rows(k)[0, 1:].tolist()]], CardTypeError,
                                    r"hand 0: card code must be an integer: BoolIndex\.__index__ returned bool"),
    "list of ragged rows": (lambda k: [rows(k)[0].tolist(), rows(k)[1, :2].tolist()], HandSizeError,
                            r"hand 1 has 2 cards; expected shape \(n_hands, \d+\)"),
    "flat list of codes": (lambda k: rows(k)[0].tolist(), HandSizeError,
                           r"hand 0 (of \w+ )?is int 0, not a hand; .*wrap a single hand in a list"),
    "None": (lambda k: None, CardTypeError,
             r"expected an integer array of shape \(n_hands, \d+\).* or a list of hands.*, got NoneType None$"),
    "one string": (lambda k: "As Kd 7h 2c 3c", CardTypeError, r"expected an integer array .*got str 'As Kd 7h 2c 3c'$"),
    "a number": (lambda k: 5, CardTypeError, r"expected an integer array .*got int 5$"),
    "a dict": (lambda k: {0: [1, 2]}, CardTypeError, r"expected an integer array .*got dict"),
    "a generator": (lambda k: (r for r in rows(k).tolist()), CardTypeError,
                    r"expected an integer array .*got generator"),
    "bytes": (lambda k: bytes(rows(k)), CardTypeError, r"expected an integer array .*got bytes"),
}

# id -> builder of a batch that must give the answer of rows(k) (None: no hands, an empty answer)
ACCEPTED: dict[str, Callable[[int], Any]] = {
    "uint8": lambda k: rows(k),
    "int64": lambda k: rows(k).astype(np.int64),
    "int8": lambda k: rows(k).astype(np.int8),
    "uint64": lambda k: rows(k).astype(np.uint64),
    "big-endian int32": lambda k: rows(k).astype(">i4"),
    "non-contiguous": lambda k: _strided(rows(k)),
    "Fortran order": lambda k: np.asfortranarray(rows(k)),
    "Fortran int16": lambda k: np.asfortranarray(rows(k).astype(np.int16)),
    "rows reversed twice": lambda k: rows(k)[::-1][::-1],
    "read-only": lambda k: _readonly(rows(k)),
    "np.matrix": lambda k: np.matrix(rows(k)),
    "subclass": lambda k: rows(k).view(Sub),
    "lying subclass": lambda k: rows(k).astype(np.int32).view(Lying),
    "__array__ object": lambda k: ArrayLike(rows(k)),
    "list of lists": lambda k: rows(k).tolist(),
    "tuple of tuples": lambda k: tuple(tuple(r) for r in rows(k).tolist()),
    "list of card names": lambda k: _names(rows(k)),
    "list of strings": lambda k: [" ".join(r) for r in _names(rows(k))],
    "list of numpy rows": lambda k: list(rows(k).astype(np.int64)),
}
EMPTY: dict[str, Callable[[int], Any]] = {
    "no rows uint8": lambda k: np.zeros((0, k), np.uint8),
    "no rows int64 Fortran": lambda k: np.asfortranarray(np.zeros((0, k), np.int64)),
    "empty list": lambda k: [],
}


def _parts(result: Any) -> list[np.ndarray]:
    return [np.asarray(p) for p in (result if isinstance(result, tuple) else (result,))]


def _same(a: Any, b: Any) -> bool:
    return all(np.array_equal(x, y, equal_nan=True) for x, y in zip(_parts(a), _parts(b), strict=True))


@pytest.mark.parametrize("case", sorted(REFUSED))
@pytest.mark.parametrize("entry", sorted(ENTRIES))
def test_the_same_bad_batch_is_refused_the_same_way(entry: str, case: str) -> None:
    e = ENTRIES[entry]
    build, exc, message = REFUSED[case]
    with pytest.raises(exc) as info:
        e.call(build(e.width))
    assert type(info.value) is exc, f"{type(info.value).__name__}: {info.value}"
    assert re.match(rf"{re.escape(e.name)}: {message}", str(info.value)), str(info.value)
    assert isinstance(info.value, (ValueError, TypeError)) and isinstance(info.value, pc.PokercoreError)


@pytest.mark.parametrize("case", sorted(ACCEPTED))
@pytest.mark.parametrize("entry", sorted(ENTRIES))
def test_any_integer_dtype_layout_or_form_gives_the_same_answer(entry: str, case: str) -> None:
    e = ENTRIES[entry]
    given = ACCEPTED[case](e.width)
    before = np.array(given, dtype=object) if not isinstance(given, ArrayLike) else None
    assert _same(e.call(given), e.call(rows(e.width)))
    if before is not None:  # the input is never written to
        assert np.array_equal(np.array(given, dtype=object), before)


@pytest.mark.parametrize("case", sorted(EMPTY))
@pytest.mark.parametrize("entry", sorted(ENTRIES))
def test_no_hands_give_an_empty_answer(entry: str, case: str) -> None:
    e = ENTRIES[entry]
    result = e.call(EMPTY[case](e.width))
    full = e.call(rows(e.width))
    for got, like in zip(_parts(result), _parts(full), strict=True):
        assert got.shape == (0, *like.shape[1:]) and got.dtype == like.dtype


def _outs(dtype: str) -> dict[str, Any]:
    base = np.zeros(2 * N + 2, dtype=dtype)
    other = "int64" if dtype != "int64" else "int32"
    ro = np.zeros(N, dtype)
    ro.flags.writeable = False
    return {
        "wrong dtype": np.zeros(N, other),
        "float": np.zeros(N),
        "byte-swapped": np.zeros(N, np.dtype(dtype).newbyteorder()),
        "too short": base[: N - 1],
        "too long": base[: N + 1],
        "2-D": base[:N].reshape(N, 1),
        "strided": base[: 2 * N : 2],
        "read-only": ro,
        "a list": [0] * N,
        "a subclass": base[:N].view(Sub),
        "masked": np.ma.masked_array(np.zeros(N, dtype)),
    }


# Every bad form for every entry with out=, except byte order for a one-byte dtype (which has none).
BAD_OUTS = [(entry, form) for entry in WITH_OUT for form in sorted(_outs("int32"))
            if not (form == "byte-swapped" and np.dtype(ENTRIES[entry].out).itemsize == 1)]  # type: ignore[arg-type]


@pytest.mark.parametrize(("entry", "form"), BAD_OUTS)
def test_a_bad_out_is_refused_the_same_way_and_left_alone(entry: str, form: str) -> None:
    e = ENTRIES[entry]
    out = _outs(e.out)[form]  # type: ignore[arg-type]
    before = np.array(out, copy=True)
    with pytest.raises(InvalidArrayError) as info:
        e.call(rows(e.width), out=out)
    want = (rf"{re.escape(e.name)}: out must be a writeable C-contiguous {e.out} array of shape \({N},\) "
            r"\(a numpy array or numpy\.memmap, not another subclass\)$")
    assert re.match(want, str(info.value)), str(info.value)
    assert np.array_equal(np.asarray(out), before)


@pytest.mark.parametrize("entry", WITH_OUT)
def test_out_sharing_memory_with_the_hands_is_refused(entry: str) -> None:
    e = ENTRIES[entry]
    size = np.dtype(e.out).itemsize * N  # type: ignore[arg-type]
    buf = np.zeros(N * e.width + size + 16, dtype=np.uint8)
    hands = buf[: N * e.width].reshape(N, e.width)
    hands[:] = rows(e.width)
    out = buf[8 : 8 + size].view(e.out)
    with pytest.raises(InvalidArrayError, match=rf"^{re.escape(e.name)}: out shares memory with the input"):
        e.call(hands, out=out)
    assert (hands == rows(e.width)).all()


@pytest.mark.parametrize("entry", WITH_OUT)
def test_a_good_out_is_written_and_returned(entry: str) -> None:
    e = ENTRIES[entry]
    out = np.full(N, 7, dtype=e.out)
    assert e.call(rows(e.width), out=out) is out
    assert _same(out, e.call(rows(e.width)))


#: Entries that check each row as they rank it: a refused batch may have ranked other rows into out.
CHECK_AS_THEY_RANK = {name for name in WITH_OUT if "evaluate" in name}


@pytest.mark.parametrize("entry", WITH_OUT)
def test_a_refused_batch_writes_no_wrong_value_to_out(entry: str) -> None:
    """The Binh functions check every row first (out untouched); the evaluators check each row as they
    rank it (an entry of out is then untouched or the true rank of its row, the bad row untouched)."""
    e = ENTRIES[entry]
    out = np.full(N, 7, dtype=e.out)
    with pytest.raises(DuplicateCardError, match=f"hand {N - 1}"):
        e.call(_with(e.width, N - 1, 1, int(rows(e.width)[N - 1, 0]), np.uint8), out=out)
    assert out[N - 1] == 7
    if entry in CHECK_AS_THEY_RANK:
        want = e.call(rows(e.width))
        assert ((out == 7) | (out == want)).all()
    else:
        assert (out == 7).all()


# -- out= through a second mapping of the same file ------------------------------


def _two_maps(tmp_path: Any, size: int) -> tuple[mmap.mmap, mmap.mmap]:
    path = tmp_path / "shared.bin"
    path.write_bytes(bytes(size))
    with open(path, "r+b") as f1, open(path, "r+b") as f2:
        return mmap.mmap(f1.fileno(), size), mmap.mmap(f2.fileno(), size)


@pytest.mark.parametrize("entry", WITH_OUT)
def test_out_mapping_the_same_file_as_the_hands_is_refused(entry: str, tmp_path: Any) -> None:
    """Two ``mmap`` objects of one file: different addresses, the same bytes."""
    e = ENTRIES[entry]
    m1, m2 = _two_maps(tmp_path, 2 * mmap.PAGESIZE)
    try:
        hands = np.frombuffer(m1, dtype=np.uint8, count=N * e.width).reshape(N, e.width)
        hands[:] = rows(e.width)
        out = np.frombuffer(m2, dtype=e.out, count=N)  # the first bytes of the file: the hands
        assert not np.may_share_memory(out, hands)
        with pytest.raises(InvalidArrayError, match="shares memory"):
            e.call(hands, out=out)
        assert (hands == rows(e.width)).all()
        apart = np.frombuffer(m2, dtype=e.out, count=N, offset=mmap.PAGESIZE)  # another part of the file
        assert _same(e.call(hands, out=apart), e.call(rows(e.width)))
        del hands, out, apart
    finally:
        m1.close()
        m2.close()


def test_np_memmap_out_is_accepted_and_checked(tmp_path: Any) -> None:
    path = tmp_path / "both.bin"
    hands = np.memmap(path, dtype=np.uint8, mode="w+", shape=(N, 7))
    hands[:] = rows(7)
    out = np.memmap(path, dtype=np.int32, mode="r+", shape=(N,))  # the same bytes, a second mapping
    with pytest.raises(InvalidArrayError, match="shares memory"):
        pc.evaluate7_batch(hands, out=out)
    assert (np.asarray(hands) == rows(7)).all()
    out2 = np.memmap(tmp_path / "out.bin", dtype=np.int32, mode="w+", shape=(N,))
    assert pc.evaluate7_batch(hands, out=out2) is out2
    assert (out2 == pc.evaluate7_batch(rows(7))).all()
