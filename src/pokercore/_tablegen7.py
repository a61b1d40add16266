"""Build-time generator of the 6-card, 7-card and Omaha lookup tables.

``setup.py`` runs this file by path (before the package exists) to write
``_tables7.h``, read by the kernels in ``_evaluator7.h``.  Nothing here runs
when ``pokercore`` is imported.

Design (every table is on the standard scale of ``evaluate5``: 1..7462,
higher is better, A-2-3-4-5 the lowest straight):

* **Flush by rank mask.**  With six or seven cards, a flush (five or more
  cards of one suit) beats anything the other cards can make: they are too
  few for four of a kind or a full house.  ``FLUSH[mask]`` is the best
  five-card flush (or straight flush) among the ranks of a 13-bit mask with
  5, 6 or 7 bits set; 8,192 ``uint16`` entries.
* **Everything else by rank multiset.**  Each rank has a key
  (:data:`RANK_KEY`) such that the key sums of all rank multisets of 5, 6
  and 7 cards (at most four of a rank) are distinct within each size; the
  largest seven-card sum is 7,825,759 (23 bits).  The sparse sums are packed
  by row displacement (first fit, densest row first):
  ``NOFLUSH7[sum + OFFSET7[sum >> SHIFT]]``.  One table per size: 49,205
  seven-card and 18,395 six-card multisets.
* **One 64-bit key per card.**  ``CARD7[code] = RANK_KEY[rank] |
  1 << (32 + 4 * suit)``: summing the cards' keys (plus a bias of 3 in each
  4-bit suit field) gives the rank sum in the low word and, in bit 3 of a
  suit's field, whether that suit holds five or more cards.  The kernels
  are sums, one test and two loads; the tables are indexed by ``uint8``
  codes and padded to 256 entries (zero keys past 51), so seven (six) keys
  of any bytes sum to at most ``7 * RANK_KEY[12]``; the offset tables have
  a row for every such sum, each row's columns inside the value table, so
  ``pc_eval7``/``pc_eval6`` read only table memory whatever bytes they are
  given without clamping an index.  (``pc7_rank7_keys``, which takes a key
  from its caller, still clamps.)
* **Omaha.**  With exactly two hole cards and three board cards, the best
  non-flush hand for a hole-card rank pair depends only on the board's rank
  multiset: ``OMAHA[board_index * 91 + pair_index]`` for the 6,175 five-card
  rank multisets (``BOARD5[...]`` maps a board's five-card key sum to its
  index) and the 91 rank pairs.  Flushes take a short separate path.
"""

from __future__ import annotations

import itertools
import runpy
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np

#: Rank keys whose sums identify every 5-, 6- and 7-card rank multiset.
RANK_KEY = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
#: Row width (log2) of the row-displacement packing of the 6- and 7-card tables
#: (rows of 512: about 240 KB of tables for 7 cards, 100 KB for 6).
SHIFT7 = 9
#: Row width (log2) of the packing of the board-index table (five-card sums).
SHIFT5 = 9
SUIT_SHIFT = 32

_HERE = Path(__file__).resolve().parent


def _rank_multisets(n: int) -> Iterator[tuple[int, ...]]:
    """Every sorted tuple of ``n`` ranks (0..12) with at most four of a rank."""
    for c in itertools.combinations_with_replacement(range(13), n):
        if all(c.count(r) <= 4 for r in set(c)):
            yield c


def _five_card_ranks() -> tuple[dict[tuple[int, ...], int], list[int]]:
    """Standard ranks of five-card hands: by sorted rank tuple (non-flush) and by mask (flush)."""
    gen = runpy.run_path(str(_HERE / "_tablegen.py"))
    five = list(gen["_five_card_classes"]())
    keys = sorted({gen["_sort_key"](c, t, 2.5) for _, _, c, t in five})
    rank_of = {k: i + 1 for i, k in enumerate(keys)}
    assert len(rank_of) == 7462
    nonflush: dict[tuple[int, ...], int] = {}
    flush = [0] * 8192
    for ranks, is_flush, cat, tb in five:
        r = rank_of[gen["_sort_key"](cat, tb, 2.5)]
        if is_flush:
            flush[sum(1 << x for x in ranks)] = r
        else:
            nonflush[tuple(sorted(ranks))] = r
    return nonflush, flush


def _best_nonflush(ranks: tuple[int, ...], nonflush5: dict[tuple[int, ...], int]) -> int:
    return max(nonflush5[sub] for sub in set(itertools.combinations(ranks, 5)))


def _flush_table(flush5: list[int]) -> list[int]:
    """Best five-card flush of every 13-bit rank mask with 5..7 bits (0 elsewhere)."""
    table = [0] * 8192
    for mask in range(8192):
        bits = [r for r in range(13) if mask >> r & 1]
        if 5 <= len(bits) <= 7:
            table[mask] = max(flush5[sum(1 << r for r in sub)] for sub in itertools.combinations(bits, 5))
    return table


def _pack(keys: list[int], values: list[int], shift: int) -> tuple[list[int], list[int]]:
    """Row-displacement packing of sparse ``keys``: first fit, densest rows first.

    Returns ``(offsets, table)`` with ``table[key + offsets[key >> shift]] ==
    value``.  The table is padded so that every column of every row lands
    inside it (an unknown key reads some entry, never outside).
    """
    width = 1 << shift
    karr = np.asarray(keys, dtype=np.int64)
    rows = karr >> shift
    n_rows = int(rows.max()) + 1
    by_row = {int(r): np.sort(karr[rows == r] & (width - 1)) for r in np.unique(rows)}
    used = np.zeros(2 * len(keys) + 4 * width, dtype=bool)
    offsets = [0] * n_rows
    top = first_free = 0
    window = 4096
    for row in sorted(by_row, key=lambda r: (-len(by_row[r]), r)):
        cols = by_row[row]
        while used[first_free]:
            first_free += 1
        lo = max(0, first_free - int(cols[0]))
        while True:
            if lo + window + width > len(used):
                used = np.concatenate([used, np.zeros(len(used), dtype=bool)])
            cand = np.arange(lo, lo + window)
            for c in cols:
                cand = cand[~used[cand + c]]
                if not len(cand):
                    break
            if len(cand):
                break
            lo += window
        base = int(cand[0])
        used[base + cols] = True
        offsets[row] = base - (row << shift)
        top = max(top, base + width)
    table = [0] * top
    for k, v in zip(keys, values):
        slot = k + offsets[k >> shift]
        assert table[slot] == 0
        table[slot] = v
    # Rows with no key: map them to the start of the table (valid memory).
    for row in range(n_rows):
        if row not in by_row:
            offsets[row] = -(row << shift)
    return offsets, table


def _cover_any_sum(offsets: list[int], table: list[int], n: int, shift: int) -> list[int]:
    """Offsets for every row a sum of ``n`` card keys can reach, whatever the codes.

    A code's key (``CARD7``, 0 for codes 52..255) is at most ``RANK_KEY[12]``,
    so ``n`` keys sum to at most ``n * RANK_KEY[12]``; rows past the last
    packed one read the start of the table.  Then every column of every row
    lands inside ``table``, and a kernel summing ``n`` keys needs no clamp
    (``pc_eval7``, ``pc_eval6``, the Omaha board lookup).  Checked here for
    every row.
    """
    width = 1 << shift
    rows = (n * RANK_KEY[12] >> shift) + 1
    offsets = offsets + [-(row << shift) for row in range(len(offsets), rows)]
    for row, off in enumerate(offsets):
        first = (row << shift) + off
        assert 0 <= first and first + width <= len(table), (n, row)
    return offsets


def _nonflush_table(n: int, nonflush5: dict[tuple[int, ...], int]) -> tuple[list[int], list[int], int]:
    keys, values = [], []
    for ranks in _rank_multisets(n):
        keys.append(sum(RANK_KEY[r] for r in ranks))
        values.append(_best_nonflush(ranks, nonflush5))
    assert len(set(keys)) == len(keys), f"rank keys collide for {n} cards"
    offsets, table = _pack(keys, values, SHIFT7)
    return _cover_any_sum(offsets, table, n, SHIFT7), table, len(keys)


def _pair_index() -> tuple[list[int], list[tuple[int, int]]]:
    """Index 0..90 of an unordered rank pair, by ``r1 * 13 + r2`` (either order)."""
    pairs = [(a, b) for a in range(13) for b in range(a, 13)]
    index = [0] * 169
    for i, (a, b) in enumerate(pairs):
        index[a * 13 + b] = index[b * 13 + a] = i
    return index, pairs


def _omaha_tables(nonflush5: dict[tuple[int, ...], int]) -> tuple[list[int], list[int], list[int]]:
    """Board index table and the (board multiset, hole rank pair) -> best non-flush table."""
    boards = list(_rank_multisets(5))
    board_keys = [sum(RANK_KEY[r] for r in b) for b in boards]
    offsets, slots = _pack(board_keys, list(range(1, len(boards) + 1)), SHIFT5)
    offsets = _cover_any_sum(offsets, slots, 5, SHIFT5)  # five keys of any bytes: no clamp
    board_index = [max(v - 1, 0) for v in slots]  # unknown slots read board 0
    _, pairs = _pair_index()
    triples = sorted({t for b in boards for t in itertools.combinations(b, 3)})
    triple_pos = {t: i for i, t in enumerate(triples)}
    # value[triple, pair]: rank of triple + pair (0 if five of a rank).
    tp = np.zeros((len(triples), len(pairs)), dtype=np.int32)
    for i, t in enumerate(triples):
        for j, p in enumerate(pairs):
            hand = tuple(sorted(t + p))
            tp[i, j] = nonflush5.get(hand, 0)
    sub = np.array(
        [[triple_pos[t] for t in itertools.combinations(b, 3)] for b in boards], dtype=np.int64
    )  # (6175, 10)
    table = tp[sub].max(axis=1)  # (6175, 91)
    return offsets, board_index, table.ravel().tolist()


def build() -> dict[str, list[int]]:
    nonflush5, flush5 = _five_card_ranks()
    off7, nf7, n7 = _nonflush_table(7, nonflush5)
    off6, nf6, n6 = _nonflush_table(6, nonflush5)
    assert (n7, n6) == (49205, 18395), (n7, n6)
    off5, board_index, omaha = _omaha_tables(nonflush5)
    pair_index, _ = _pair_index()
    return {
        "flush": _flush_table(flush5), "off7": off7, "nf7": nf7, "off6": off6, "nf6": nf6,
        "off5": off5, "board_index": board_index, "omaha": omaha, "pair_index": pair_index,
    }


def _c_array(ctype: str, name: str, values: list[int], align: bool = False) -> str:
    out, line = [], ""
    for v in values:
        item = f"{v},"
        if len(line) + len(item) > 110:
            out.append(line)
            line = ""
        line += item
    out.append(line)
    prefix = "PC_ALIGN16 " if align else ""
    return f"{prefix}static const {ctype} {name}[{len(values)}] = {{\n" + "\n".join(out) + "\n};\n"


def render() -> str:
    t = build()
    gen = runpy.run_path(str(_HERE / "_tablegen.py"))
    card7 = [0] * 256  # codes 52..255 (never valid) add nothing
    rank_of = [0] * 256
    bit16 = [0] * 256
    for c in range(52):
        card7[c] = RANK_KEY[c >> 2] | 1 << (SUIT_SHIFT + 4 * (c & 3))
        rank_of[c] = c >> 2
        bit16[c] = 1 << (16 * (c & 3) + (c >> 2))
    defines = {
        "PC7_SHIFT7": SHIFT7, "PC7_SHIFT5": SHIFT5,
        "PC7_NF7_SIZE": len(t["nf7"]), "PC7_OFF7_ROWS": len(t["off7"]),
        "PC7_NF6_SIZE": len(t["nf6"]), "PC7_OFF6_ROWS": len(t["off6"]),
        "PC7_B5_SIZE": len(t["board_index"]), "PC7_OFF5_ROWS": len(t["off5"]),
        "PC7_OMAHA_BOARDS": 6175, "PC7_OMAHA_PAIRS": 91, "PC7_MAX_RANK_KEY": RANK_KEY[12],
    }
    parts = [
        "/* Generated by src/pokercore/_tablegen7.py at build time. Do not edit. */\n",
        "#ifndef POKERCORE_TABLES7_H\n#define POKERCORE_TABLES7_H\n#include <stdint.h>\n",
        *(f"#define {k} {v}\n" for k, v in defines.items()),
        "#define PC7_SUIT_BIAS 0x333300000000ull\n",
        _c_array("uint64_t", "PC7_CARD", card7),
        _c_array("uint64_t", "PC7_BIT16", bit16),
        # (PC7_CARD, PC7_BIT16) pairs, read as one 128-bit entry by the batch loops of
        # _evaluator_rows.h, which add the card bits too and so check each row as they rank it.
        gen["_ALIGN16"],
        _c_array("uint64_t", "PC7_KB", [v for c in range(256) for v in (card7[c], bit16[c])], align=True),
        _c_array("uint8_t", "PC7_RANK", rank_of),
        _c_array("uint16_t", "PC7_FLUSH", t["flush"]),
        _c_array("int32_t", "PC7_OFF7", t["off7"]),
        _c_array("uint16_t", "PC7_NF7", t["nf7"]),
        _c_array("int32_t", "PC7_OFF6", t["off6"]),
        _c_array("uint16_t", "PC7_NF6", t["nf6"]),
        _c_array("int32_t", "PC7_OFF5", t["off5"]),
        _c_array("uint16_t", "PC7_BOARD5", t["board_index"]),
        _c_array("uint8_t", "PC7_PAIR", t["pair_index"]),
        _c_array("uint16_t", "PC7_OMAHA", t["omaha"]),
        "#endif\n",
    ]
    return "".join(parts)


def _source_hash() -> str:
    """Digest of the generators' sources: the header is rebuilt only when they change."""
    import hashlib

    h = hashlib.sha256()
    for name in ("_tablegen.py", "_tablegen7.py"):
        h.update((_HERE / name).read_bytes())
    return h.hexdigest()[:16]


def write(path: str | Path) -> bool:
    """Write the header unless it was generated from the same sources; True if written."""
    path = Path(path)
    stamp = f"/* source {_source_hash()} */\n"
    if path.exists():
        with path.open() as fh:
            fh.readline()
            if fh.readline() == stamp:
                return False
    text = render()
    first, rest = text.split("\n", 1)
    path.write_text(first + "\n" + stamp + rest)
    return True


if __name__ == "__main__":
    target = sys.argv[1] if len(sys.argv) > 1 else _HERE / "_tables7.h"
    write(target)
