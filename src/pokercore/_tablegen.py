"""Build-time generator of the evaluator lookup tables.

``setup.py`` runs this file (by path, before the package exists) to write
``_tables.h``: static C arrays that the Cython evaluators index. Nothing
here runs when ``pokercore`` is imported, so the tables cost no import time.

Design (see ``_evaluator.h`` for the kernels that read these tables):

* A card code is ``rank * 4 + suit`` (2c = 0 ... As = 51).
* Flushes: the five suits are equal; the hand is then identified by the
  13-bit OR of ``1 << rank``; ``FLUSH_*[bits]`` gives its rank.
* Everything else depends only on the multiset of ranks.  Each rank has a
  key (``RANK_KEY``) chosen greedily so that the sums over all 6,175 valid
  five-rank multisets are distinct (largest sum 360,918).  The sparse sum
  space is packed by row displacement into a table of a few thousand
  entries: ``NOFLUSH_*[key + ROW_OFFSET[key >> ROW_SHIFT]]``.  The offset
  table covers every row any five codes can reach and the value tables
  have spare slots, so that index stays in bounds for any bytes.  Both the
  offset table and the value table fit in L1 cache.
* Three-card hands: ``EVAL3[r0 << 8 | r1 << 4 | r2]`` for every ordering
  (4096 entries, so any 4-bit ranks stay inside the table).

Rank scales (higher is better, 0 is never a valid rank):

* ``standard``: the 7,462 five-card classes, dense 1..7462, A-2-3-4-5 the
  lowest straight.
* ``binh``: the 7,462 five-card classes and the 455 three-card classes on
  one scale, dense 1..7917 inside the tables (``DESC_BINH`` is indexed by
  it) and published as ``BINH_RANK_OFFSET + 1 .. BINH_RANK_OFFSET + 7917``
  (10001..17917: the value tables hold the published ranks), disjoint from
  the standard scale so that a rank says which scale it is on.  10-J-Q-K-A is the highest straight and
  A-2-3-4-5 the second highest.  A three-card hand compares with a
  five-card hand as if its missing kickers were lower than any card.

Each rank also has a packed descriptor ``category << 20 | t0 << 16 | ... |
t4``: the category (0 = high card ... 8 = straight flush) and up to five
tie-break ranks (1 = deuce ... 13 = ace, 0 = missing).  For straights ``t0``
is the high card of the straight (4 = the wheel, five high).
"""

from __future__ import annotations

import itertools
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

#: Published Binh ranks are ``BINH_RANK_OFFSET + 1 .. BINH_RANK_OFFSET + 7917``,
#: disjoint from the standard ``1..7462``, so a rank names its own scale.
BINH_RANK_OFFSET = 10000

RANK_KEY = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
ROW_SHIFT = 7
ROW_OFFSET_LEN = 4096   # a power of two above the largest sum of five card keys >> ROW_SHIFT

# The ten straights as descending rank tuples (0 = deuce ... 12 = ace).
STRAIGHTS = [tuple(range(high, high - 5, -1)) for high in range(12, 3, -1)] + [(12, 3, 2, 1, 0)]


def _straight_high(ranks_desc: tuple[int, ...]) -> int | None:
    """Rank index of the straight's high card (3 = five high), or None."""
    if ranks_desc in STRAIGHTS:
        return 3 if ranks_desc == (12, 3, 2, 1, 0) else ranks_desc[0]
    return None


def _class_of(ranks: tuple[int, ...], flush: bool) -> tuple[int, tuple[int, ...]]:
    """(category, tie-break ranks) of a hand given its ranks (0..12)."""
    counts = Counter(ranks)
    # Sort groups by size then rank, both descending: the tie-break order.
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in groups)
    order = tuple(r for r, _ in groups)
    if len(ranks) == 5:
        desc = tuple(sorted(ranks, reverse=True))
        high = _straight_high(desc) if shape == (1, 1, 1, 1, 1) else None
        if high is not None:
            return (STRAIGHT_FLUSH if flush else STRAIGHT), (high,)
        if flush:
            return FLUSH, desc
        table = {
            (4, 1): QUADS, (3, 2): FULL_HOUSE, (3, 1, 1): TRIPS,
            (2, 2, 1): TWO_PAIR, (2, 1, 1, 1): PAIR, (1, 1, 1, 1, 1): HIGH_CARD,
        }
        return table[shape], order
    table3 = {(3,): TRIPS, (2, 1): PAIR, (1, 1, 1): HIGH_CARD}
    return table3[shape], order


def _sort_key(category: int, tiebreak: tuple[int, ...], wheel_value: float) -> tuple[float, ...]:
    """Key that orders classes; missing kickers (3-card hands) sort lowest."""
    if category in (STRAIGHT, STRAIGHT_FLUSH):
        high = tiebreak[0]
        return (category, wheel_value if high == 3 else high)
    padded = tuple(r + 1 for r in tiebreak) + (0,) * (5 - len(tiebreak))
    return (category, *padded)


def _descriptor(category: int, tiebreak: tuple[int, ...]) -> int:
    nibbles = [r + 1 for r in tiebreak] + [0] * (5 - len(tiebreak))
    value = category << 20
    for i, n in enumerate(nibbles):
        value |= n << (16 - 4 * i)
    return value


def _five_card_classes() -> Iterator[tuple[tuple[int, ...], bool, int, tuple[int, ...]]]:
    """Yield (ranks, flush, category, tiebreak) for every 5-card class."""
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        yield ranks, False, *_class_of(ranks, False)
        if len(set(ranks)) == 5:
            yield ranks, True, *_class_of(ranks, True)


def build() -> dict[str, list[int]]:
    five = list(_five_card_classes())
    three = []
    ranks: tuple[int, ...]
    for ranks in itertools.combinations_with_replacement(range(13), 3):
        three.append((ranks, *_class_of(ranks, False)))

    # Scale 'standard': wheel is the lowest straight (value below six high = 4).
    std_keys = sorted({_sort_key(c, t, 2.5) for _, _, c, t in five})
    std_rank = {k: i + 1 for i, k in enumerate(std_keys)}
    # Scale 'binh': wheel just below broadway (ace = 12); 3-card classes included.
    binh_keys = sorted(
        {_sort_key(c, t, 11.5) for _, _, c, t in five} | {_sort_key(c, t, 11.5) for _, c, t in three}
    )
    binh_rank = {k: i + 1 for i, k in enumerate(binh_keys)}
    assert len(std_keys) == 7462 and len(binh_keys) == 7917, (len(std_keys), len(binh_keys))

    std_desc = [0] * (len(std_keys) + 1)
    binh_desc = [0] * (len(binh_keys) + 1)
    flush_std = [0] * 8192
    flush_binh = [0] * 8192
    noflush_std: dict[int, int] = {}
    noflush_binh: dict[int, int] = {}
    for ranks, flush, cat, tb in five:
        rs = std_rank[_sort_key(cat, tb, 2.5)]
        rb = binh_rank[_sort_key(cat, tb, 11.5)]
        std_desc[rs] = _descriptor(cat, tb)
        binh_desc[rb] = _descriptor(cat, tb)
        if flush:
            bits = sum(1 << r for r in ranks)
            flush_std[bits], flush_binh[bits] = rs, rb
        else:
            key = sum(RANK_KEY[r] for r in ranks)
            assert key not in noflush_std, "rank keys are not unique"
            noflush_std[key], noflush_binh[key] = rs, rb
    # 4 bits per rank (16 x 16 x 16): a kernel masks each rank to 0..15, so
    # no bytes can index past the end and no bounds check is needed.
    eval3 = [0] * 4096
    for ranks, cat, tb in three:
        rb = binh_rank[_sort_key(cat, tb, 11.5)]
        binh_desc[rb] = _descriptor(cat, tb)
        for perm in set(itertools.permutations(ranks)):
            eval3[perm[0] << 8 | perm[1] << 4 | perm[2]] = rb

    offsets, size = _pack_rows(sorted(noflush_std), ROW_SHIFT)
    # Any 5 codes masked to 0..63 (keys 0 for 52..63) sum to at most 5 * max key.
    # The kernel reads ROW_OFFSET[(k >> ROW_SHIFT) & (ROW_OFFSET_LEN - 1)], so every
    # row up to that sum gets an offset; a row without keys points its 128
    # columns at slots 0..127, and the packed tables get 128 spare slots, so
    # every sum, valid or not, lands inside the tables.
    assert 5 * max(RANK_KEY) < ROW_OFFSET_LEN << ROW_SHIFT
    used_rows = {key >> ROW_SHIFT for key in noflush_std}
    offsets = [offsets[r] if r in used_rows else -(r << ROW_SHIFT)
               for r in range(len(offsets))] + [-(r << ROW_SHIFT) for r in range(len(offsets), ROW_OFFSET_LEN)]
    size += 1 << ROW_SHIFT
    assert all(0 <= (r << ROW_SHIFT) + offsets[r] and (r << ROW_SHIFT) + offsets[r] + (1 << ROW_SHIFT) <= size
               for r in range(ROW_OFFSET_LEN))
    packed_std = [0] * size
    packed_binh = [0] * size
    for key in noflush_std:
        slot = key + offsets[key >> ROW_SHIFT]
        assert packed_std[slot] == 0
        packed_std[slot] = noflush_std[key]
        packed_binh[slot] = noflush_binh[key]
    return {
        "offsets": offsets,
        "noflush_std": packed_std,
        "noflush_binh": packed_binh,
        "flush_std": flush_std,
        "flush_binh": flush_binh,
        "eval3": eval3,
        "desc_std": std_desc,
        "desc_binh": binh_desc,
    }


def _pack_rows(keys: list[int], shift: int) -> tuple[list[int], int]:
    """Row-displacement packing: first fit, densest rows first.

    Returns per-row offsets (slot = key + offset[key >> shift]) and the
    size of the packed table.
    """
    width = 1 << shift
    rows: dict[int, list[int]] = {}
    for key in keys:
        rows.setdefault(key >> shift, []).append(key & (width - 1))
    n_rows = (max(keys) >> shift) + 1
    offsets = [0] * n_rows
    used: set[int] = set()
    for row in sorted(rows, key=lambda r: -len(rows[r])):
        cols = rows[row]
        base = 0
        while any(base + c in used for c in cols):
            base += 1
        used.update(base + c for c in cols)
        offsets[row] = base - (row << shift)
    return offsets, max(used) + 1


#: ``PC_ALIGN16 static const ...``: a 16-byte aligned table (pairs of 64-bit entries read as one).
_ALIGN16 = (
    "#ifndef PC_ALIGN16\n#if defined(_MSC_VER)\n#define PC_ALIGN16 __declspec(align(16))\n"
    "#elif defined(__GNUC__) || defined(__clang__)\n#define PC_ALIGN16 __attribute__((aligned(16)))\n"
    "#else\n#define PC_ALIGN16\n#endif\n#endif\n"
)


def _c_array(ctype: str, name: str, values: list[int], align: bool = False) -> str:
    # Split only at commas so numbers stay whole.
    out, line = [], ""
    for v in values:
        item = f"{v},"
        if len(line) + len(item) > 100:
            out.append(line)
            line = ""
        line += item
    out.append(line)
    prefix = "PC_ALIGN16 " if align else ""
    return f"{prefix}static const {ctype} {name}[{len(values)}] = {{\n" + "\n".join(out) + "\n};\n"


def _offset(values: list[int]) -> list[int]:
    """Binh ranks as published: ``BINH_RANK_OFFSET + r`` (0, an empty slot, stays 0)."""
    return [v + BINH_RANK_OFFSET if v else 0 for v in values]


def render() -> str:
    t = build()
    # 64 entries: a kernel masks each code with 63, so no byte can index past the end.
    card_key = [RANK_KEY[c >> 2] if c < 52 else 0 for c in range(64)]
    card_bit = [1 << (c >> 2) if c < 52 else 0 for c in range(64)]
    # (key, card bit) pairs for the batch loops of _evaluator_rows.h, which check each row
    # while they rank it: the key adds a 4-bit count per suit at bit 32 + 4 * suit (with
    # PC_SUIT_BIAS, bit 3 of a field is set by five cards of that suit, as in _tablegen7);
    # the card bit is 1 << (16 * suit + rank).  Codes 52..255 add nothing, so five codes
    # are distinct and in 0..51 exactly when their bits sum to a number with five bits set.
    key_bit = [0] * 512
    for c in range(52):
        key_bit[2 * c] = RANK_KEY[c >> 2] | 1 << (32 + 4 * (c & 3))
        key_bit[2 * c + 1] = 1 << (16 * (c & 3) + (c >> 2))
    parts = [
        "/* Generated by src/pokercore/_tablegen.py at build time. Do not edit. */\n",
        "#ifndef POKERCORE_TABLES_H\n#define POKERCORE_TABLES_H\n#include <stdint.h>\n",
        f"#define PC_ROW_SHIFT {ROW_SHIFT}\n",
        "#define PC_NUM_RANKS_STANDARD 7462\n#define PC_NUM_RANKS_BINH 7917\n",
        f"#define PC_BINH_RANK_OFFSET {BINH_RANK_OFFSET}\n",
        f"#define PC_ROW_OFFSET_LEN {len(t['offsets'])}\n",
        f"#define PC_NOFLUSH_LEN {len(t['noflush_std'])}\n",
        f"#define PC_EVAL3_LEN {len(t['eval3'])}\n",
        "#define PC_SUIT_BIAS 0x333300000000ull\n",
        _ALIGN16,
        _c_array("uint32_t", "PC_CARD_KEY", card_key),
        _c_array("uint64_t", "PC_KB5", key_bit, align=True),
        _c_array("uint16_t", "PC_CARD_BIT", card_bit),
        _c_array("int32_t", "PC_ROW_OFFSET", t["offsets"]),
        _c_array("uint16_t", "PC_NOFLUSH_STANDARD", t["noflush_std"]),
        _c_array("uint16_t", "PC_NOFLUSH_BINH", _offset(t["noflush_binh"])),
        _c_array("uint16_t", "PC_FLUSH_STANDARD", t["flush_std"]),
        _c_array("uint16_t", "PC_FLUSH_BINH", _offset(t["flush_binh"])),
        _c_array("uint16_t", "PC_EVAL3", _offset(t["eval3"])),
        _c_array("uint32_t", "PC_DESC_STANDARD", t["desc_std"]),
        _c_array("uint32_t", "PC_DESC_BINH", t["desc_binh"]),
        "#endif\n",
    ]
    return "".join(parts)


def write(path: str | Path) -> bool:
    """Write the header if its content changed; return True if written."""
    path = Path(path)
    text = render()
    if path.exists() and path.read_text() == text:
        return False
    path.write_text(text)
    return True


if __name__ == "__main__":
    target = sys.argv[1] if len(sys.argv) > 1 else Path(__file__).with_name("_tables.h")
    write(target)
