"""Compute the shipped short-deck order of starting hands: ``python -m pokercore.equity._shortdeck_build``.

Each of the 81 short-deck classes (``AA``, ``AKs``, ``AKo``, ...) is ranked by
its exact all-in equity against a random short-deck hand: every opponent hand
and every five-card board.  The suits of a class do not change that figure, so
one combo stands for each class.

The work goes board by board, which shares it between the classes: for each
of the 376,992 boards of the 36-card deck, pokercore's short-deck evaluator
ranks every two-card hand that the board leaves (465 hands); a class's wins
and ties on that board are the hands ranked below (or level with) its combo,
less those that share a card with it.  That is 175 million evaluations, a
couple of minutes on one core, instead of 81 separate enumerations (hours).

Kept apart from :mod:`pokercore.equity._shortdeck_ranges` (which reads the
result) so the range parser never imports the evaluator's batch machinery
for nothing.
"""

from __future__ import annotations

import json
from itertools import combinations

import numpy as np

from .._variant_eval import shortdeck_rows
from ._shortdeck_ranges import ORDER_FILE, SD_RANKS

__all__ = ["class_equities", "compute_order", "representatives"]

_DECK = np.arange(16, 52, dtype=np.int64)  # the short deck's codes; local index = code - 16
_HANDS = np.array(list(combinations(range(36), 2)), dtype=np.int64)  # the 630 two-card hands, local indices
_HAND_MASK = (np.int64(1) << _HANDS[:, 0]) | (np.int64(1) << _HANDS[:, 1])
BOARD_BATCH = 2048


def representatives() -> list[tuple[str, tuple[int, int]]]:
    """Each class's label and one combo of it (card codes): ``AA`` is As Ah, ``AKs`` As Ks, ``AKo`` As Kh."""
    out = []
    for i, a in enumerate(SD_RANKS):
        for j, b in enumerate(SD_RANKS):
            ra, rb = 12 - i, 12 - j  # rank index: A is 12
            if i == j:
                out.append((a + b, (ra * 4 + 3, rb * 4 + 2)))
            elif i < j:
                out.append((a + b + "s", (ra * 4 + 3, rb * 4 + 3)))
                out.append((a + b + "o", (ra * 4 + 3, rb * 4 + 2)))
    return out


def class_equities(labels: list[str] | None = None) -> dict[str, float]:
    """Exact all-in equity against a random short-deck hand of the named classes (all 81 by default).

    The cost is the same for one class or all of them: every board of the
    short deck is scored (see the module docstring).
    """
    reps = representatives()
    if labels is not None:
        reps = [r for r in reps if r[0] in set(labels)]
    hero = np.array([_HANDS.tolist().index(sorted([a - 16, b - 16])) for _, (a, b) in reps], dtype=np.int64)
    hero_mask = _HAND_MASK[hero]
    # Hands sharing exactly one card with each hero hand (68 of them): their wins and ties are taken back.
    share = [np.flatnonzero(((_HAND_MASK & m) != 0) & (_HAND_MASK != m)) for m in hero_mask]
    share_idx = np.array(share, dtype=np.int64)  # (H, 68)
    wins = np.zeros(len(reps), dtype=np.int64)
    ties = np.zeros(len(reps), dtype=np.int64)
    boards = np.array(list(combinations(range(36), 5)), dtype=np.int64)
    board_masks = np.bitwise_or.reduce(np.int64(1) << boards, axis=1)
    for lo in range(0, len(boards), BOARD_BATCH):
        b = boards[lo:lo + BOARD_BATCH]
        bm = board_masks[lo:lo + BOARD_BATCH]
        avail = (bm[:, None] & _HAND_MASK[None, :]) == 0  # (B, 630)
        rows, cols = np.nonzero(avail)
        seven = np.empty((len(rows), 7), dtype=np.uint8)
        seven[:, :2] = _DECK[_HANDS[cols]]
        seven[:, 2:] = _DECK[b[rows]]
        ranks = np.full(avail.shape, -1, dtype=np.int64)  # -1: a hand the board holds a card of
        ranks[rows, cols] = shortdeck_rows(seven)
        live = (bm[:, None] & hero_mask[None, :]) == 0  # (B, H): the hero hand is not on the board
        r_hero = ranks[:, hero]  # (B, H)
        srt = np.sort(ranks, axis=1)
        below = np.array([np.searchsorted(srt[i], r_hero[i], side="left") for i in range(len(b))])
        upto = np.array([np.searchsorted(srt[i], r_hero[i], side="right") for i in range(len(b))])
        gone = (~avail).sum(axis=1)[:, None]  # the -1 entries sort first
        r_share = ranks[:, share_idx]  # (B, H, 68)
        ok_share = r_share >= 0
        lower_share = ((r_share < r_hero[:, :, None]) & ok_share).sum(axis=2)
        equal_share = (r_share == r_hero[:, :, None]).sum(axis=2)
        w = below - gone - lower_share
        t = upto - below - 1 - equal_share  # less the hero hand itself
        wins += np.where(live, w, 0).sum(axis=0)
        ties += np.where(live, t, 0).sum(axis=0)
    per_class = 406 * 278_256  # opponent hands x boards for each hero hand
    return {label: (float(wins[i]) + float(ties[i]) / 2) / per_class for i, (label, _) in enumerate(reps)}


def compute_order() -> list[tuple[str, float]]:
    """Every class's exact all-in equity against a random short-deck hand, strongest first (ties by name)."""
    return sorted(class_equities().items(), key=lambda item: (-item[1], item[0]))


def _write() -> None:
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "data" / ORDER_FILE
    order = compute_order()
    path.write_text(json.dumps({"what": "exact all-in equity of each short-deck starting-hand class against a "
                                        "random short-deck hand", "order": order}, indent=0) + "\n",
                    encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    _write()
