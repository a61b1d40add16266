"""Exact enumeration by rank multisets (flushes apart) and split deals vs references that score every board.

The kernel scores the boards of a deal by rank multiset, then corrects the
boards on which someone flushes, and can split one deal's leaves into parts
that add up to the whole; the references here score every board one by one: with numpy and
``evaluate7_batch`` (no multisets, no incremental keys, no split), and the
kernel's own plain path (``symmetry=0``) where the numpy one would be slow.
A wrong multiset weight, a flush board missed or corrected twice, or a part
that overlaps another shows up as a different integer count.
"""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokercore import evaluate7_batch
from pokercore.cards import format_cards
from pokercore.equity import _equity
from pokercore.equity._holdem_equity import equity

SLOW_SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@cache
def _subsets(n: int, k: int) -> Any:
    """Every k-subset of range(n) as rows of indexes (cached: the preflop one has 1.7 M rows)."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.uint8)
    return np.array(list(itertools.combinations(range(n), k)), dtype=np.uint8)


def reference_counts(holes: list[int], board: list[int], dead: list[int]) -> tuple[Any, Any, Any]:
    """(win, tie, tcount) of one deal over every board, like ``deal_counts`` but by brute force."""
    P = len(holes) // 2
    used = set(holes) | set(board) | set(dead)
    live = np.array([c for c in range(52) if c not in used], dtype=np.uint8)
    need = 5 - len(board)
    boards = live[_subsets(len(live), need)]
    n = len(boards)
    ranks = np.empty((P, n), dtype=np.int64)
    for p in range(P):
        fixed = np.array(holes[2 * p:2 * p + 2] + board, dtype=np.uint8)
        hands = np.concatenate([np.broadcast_to(fixed, (n, len(fixed))), boards], axis=1)
        ranks[p] = evaluate7_batch(np.ascontiguousarray(hands))
    best = ranks.max(axis=0)
    top = ranks == best
    k = top.sum(axis=0)
    win = (top & (k == 1)).sum(axis=1)
    tie = (top & (k > 1)).sum(axis=1)
    tcount = np.zeros((P, _equity.MAX_PLAYERS + 1), dtype=np.int64)
    for j in range(2, P + 1):
        tcount[:, j] = (top & (k == j)).sum(axis=1)
    return win, tie, tcount


@st.composite
def deals(draw: Any, max_players: int = 3) -> tuple[list[int], list[int], list[int]]:
    """Hole cards of 2..max_players players, a board of 0, 3, 4 or 5 cards and 0..3 dead cards, all distinct.

    Half the examples put the hole and board cards in few suits (flush draws, suits that stay
    relevant to the river), the rest anywhere.
    """
    k = draw(st.sampled_from([0, 3, 3, 4, 4, 5]))
    P = draw(st.integers(2, max_players if k else 2))
    dead_n = draw(st.integers(0, 3))
    suited = draw(st.booleans())
    if suited:
        suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True))
        pool = [r * 4 + s for r in range(13) for s in suits] + [c for c in range(52) if c % 4 not in suits]
        pool = list(dict.fromkeys(pool))
    else:
        pool = list(range(52))
    n = 2 * P + k
    first = draw(st.permutations(pool[:26] if suited else pool).map(lambda xs: list(xs[:n])))
    rest = [c for c in range(52) if c not in first]
    dead = draw(st.permutations(rest).map(lambda xs: list(xs[:dead_n])))
    return first[:2 * P], first[2 * P:], dead


def _mask(cards: list[int]) -> int:
    return sum(1 << c for c in cards)


@SLOW_SETTINGS
@given(deal=deals(), parts=st.integers(1, 5))
def test_split_counts_equal_every_board(deal: tuple[list[int], list[int], list[int]], parts: int) -> None:
    """The parts of a deal add up to the brute-force counts exactly, whatever the number of parts."""
    holes, board, dead = deal
    h = np.array([holes], dtype=np.uint8)
    b = np.array(board, dtype=np.uint8)
    pieces = [_equity.deal_counts(h, b, _mask(dead), i, parts) for i in range(parts)]
    win, tie, tcount = (sum(p[j] for p in pieces) for j in range(3))
    rwin, rtie, rtcount = reference_counts(holes, board, dead)
    assert win.tolist() == rwin.tolist(), (holes, board, dead)
    assert tie.tolist() == rtie.tolist()
    assert tcount.tolist() == rtcount.tolist()


@SLOW_SETTINGS
@given(deal=deals(max_players=4))
def test_by_ranks_equals_every_board_bit_for_bit(deal: tuple[list[int], list[int], list[int]]) -> None:
    """By rank multiset (symmetry=1) and every board one by one (symmetry=0): the same floats, bit for bit."""
    holes, board, dead = deal
    h = np.array([holes], dtype=np.uint8)
    b = np.array(board, dtype=np.uint8)
    a = _equity.exact_unit(h, np.ones(1), b, _mask(dead), 0, 1, 1)
    c = _equity.exact_unit(h, np.ones(1), b, _mask(dead), 0, 1, 0)
    assert a[1] == c[1] and a[0].tolist() == c[0].tolist(), (holes, board, dead)
    # The integer path weighs the counts exactly as exact_unit does.
    win, tie, tcount = _equity.deal_counts(h, b, _mask(dead))
    d = _equity.weigh_counts(win, tie, np.ascontiguousarray(tcount), 1.0)
    assert d[1] == a[1] and d[0].tolist() == a[0].tolist()


@st.composite
def preflop_deals(draw: Any) -> tuple[list[int], list[int]]:
    """2..6 players preflop, often crowded into one or two suits (flushes for several players in one suit,
    suits some players cannot flush in), and dead cards: any 0..12, whole ranks, or most of a suit."""
    P = draw(st.integers(2, 6))
    if draw(st.booleans()):
        suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True))
        pool = [r * 4 + s for r in range(13) for s in suits]
        pool += [c for c in range(52) if c not in pool]
        cards = draw(st.permutations(pool[:2 * P + 8]))
    else:
        cards = draw(st.permutations(range(52)))
    holes = list(cards[:2 * P])
    rest = [c for c in range(52) if c not in holes]
    how = draw(st.sampled_from(["any", "ranks", "suit"]))
    if how == "ranks":  # whole ranks gone (what is left of them)
        ranks = draw(st.lists(st.integers(0, 12), min_size=1, max_size=3, unique=True))
        dead = [c for c in rest if c // 4 in ranks]
    elif how == "suit":  # most of a suit gone
        suit = draw(st.integers(0, 3))
        dead = [c for c in rest if c % 4 == suit][:draw(st.integers(5, 13))]
    else:
        dead = draw(st.lists(st.sampled_from(rest), max_size=12, unique=True))
    return holes, dead


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=preflop_deals(), parts=st.integers(1, 3))
def test_preflop_multiway_by_ranks_equals_every_board(deal: tuple[list[int], list[int]], parts: int) -> None:
    """Preflop, where the flush boards are corrected across the most suits: 2..6 players, dead cards, any parts;
    the kernel's plain path (every board, fully ranked) is the reference."""
    holes, dead = deal
    h = np.array([holes], dtype=np.uint8)
    b = np.zeros(0, dtype=np.uint8)
    pieces = [_equity.deal_counts(h, b, _mask(dead), i, parts) for i in range(parts)]
    win, tie, tcount = (sum(p[j] for p in pieces) for j in range(3))
    a = _equity.weigh_counts(win, tie, np.ascontiguousarray(tcount), 1.0)
    c = _equity.exact_unit(h, np.ones(1), b, _mask(dead), 0, 1, 0)
    assert a[1] == c[1] and a[0].tolist() == c[0].tolist(), (holes, dead)


@pytest.mark.parametrize(("hands", "board"), [
    ("2c 3d 2d 3c 4h 5s 4s 5h 6c 7d 6d 7c", "Ah Kh Qh Jh"),          # 6 players: the board's straights
    ("2c 3d 2d 3c 4h 5s 4s 5h 6c 7d 6d 7c 8h 9s 8s 9h", "As Ks Qs"),  # 8 players: broadways and flushes
    ("2c 3c 2d 3d 4c 5c 4d 5d 6h 7h 6s 7s 8h 9h 8s 9s 2h 3h 4h 5h", "As Ks Qd Jh Tc"),  # 10, the river
    ("2c 3d 2d 3c 4h 5s 4s 5h", "Tc Td Th"),                          # 4 players: trips for all, kickers
])
def test_many_way_ties_against_the_brute_force(hands: str, board: str) -> None:
    """Boards on which many players split (4- to 10-way ties, each k-way count of each player) against the
    numpy brute force, which shares no code with the kernel's tie counting."""
    from pokercore import parse_cards

    holes, b = parse_cards(hands), parse_cards(board)
    h = np.array([holes], dtype=np.uint8)
    win, tie, tcount = _equity.deal_counts(h, np.array(b, dtype=np.uint8), 0)
    rwin, rtie, rtcount = reference_counts(holes, b, [])
    assert win.tolist() == rwin.tolist()
    assert tie.tolist() == rtie.tolist()
    assert tcount.tolist() == rtcount.tolist()
    assert rtcount[:, 4:].sum() > 0  # the case does make ties of four or more


def test_no_board_left_counts_nothing() -> None:
    """Fewer live cards than the board still needs: no boards, whichever path."""
    h = np.array([[51, 47, 41, 40]], dtype=np.uint8)
    b = np.zeros(0, dtype=np.uint8)
    dead = ((1 << 52) - 1) & ~((1 << 51) | (1 << 47) | (1 << 41) | (1 << 40) | 0b1111)  # four cards left
    for symmetry in (0, 1):
        counts, total = _equity.exact_unit(h, np.ones(1), b, dead, 0, 1, symmetry)
        assert total == 0.0 and not counts.any()


def _combo_text(c: tuple[int, int]) -> str:
    return format_cards(list(c)).replace(" ", "")


@st.composite
def range_questions(draw: Any) -> tuple[list[str], str, str]:
    """2..3 players, each a hand or a small weighted range of combos; a flop or turn; maybe dead cards."""
    cards = draw(st.permutations(range(52)))
    k = draw(st.sampled_from([3, 4]))
    board = list(cards[:k])
    pool = list(cards[k:])
    dead = pool[:draw(st.integers(0, 2))]
    pool = pool[len(dead):]
    P = draw(st.integers(2, 3))
    players = []
    for _ in range(P):
        size = draw(st.integers(1, 3))
        idx = draw(st.lists(st.integers(0, len(pool) - 2), min_size=size, max_size=size, unique=True))
        combos = [(pool[i], pool[i + 1]) for i in idx]
        weights = draw(st.lists(st.sampled_from([1.0, 0.5, 0.25, 0.3, 0.75]), min_size=size, max_size=size))
        players.append(",".join(f"{_combo_text(c)}:{w}" for c, w in zip(combos, weights)))
    return players, format_cards(board), format_cards(dead) if dead else ""


@SLOW_SETTINGS
@given(q=range_questions())
def test_ranges_weighted_multiway_vs_reference(q: tuple[list[str], str, str]) -> None:
    """Weighted ranges (card removal, every disjoint deal): one worker and two give the same bits, and both
    agree with the reference summed deal by deal."""
    from pokercore.cards import parse_cards
    from pokercore.equity._holdem_ranges import parse_range

    players, board, dead = q
    try:
        one = equity(players, board=board, dead=dead, exact=True)
    except Exception as exc:  # the ranges may leave no deal: then both must refuse alike
        with pytest.raises(type(exc)):
            equity(players, board=board, dead=dead, exact=True, workers=2)
        return
    two = equity(players, board=board, dead=dead, exact=True, workers=2)
    assert [(p.win, p.tie, p.equity) for p in one.players] == [(p.win, p.tie, p.equity) for p in two.players]
    b = parse_cards(board)
    d = parse_cards(dead) if dead else []
    options = [parse_range(p).combos_weights for p in players]
    P = len(players)
    win, tie, share, total = np.zeros(P), np.zeros(P), np.zeros(P), 0.0
    for deal in itertools.product(*options):
        cards = [c for combo, _ in deal for c in combo]
        if len(set(cards) | set(b) | set(d)) != len(cards) + len(b) + len(d):
            continue
        w = float(np.prod([x for _, x in deal]))
        rw, rt, rc = reference_counts(cards, b, d)
        win += w * rw
        tie += w * rt
        share += w * (rw + (rc / np.maximum(np.arange(_equity.MAX_PLAYERS + 1), 1)).sum(axis=1))
        total += w * (rw.sum() + (rc[:, 2:] / np.arange(2, _equity.MAX_PLAYERS + 1)).sum())
    for p in range(P):
        assert one.players[p].win == pytest.approx(win[p] / total, abs=1e-12)
        assert one.players[p].tie == pytest.approx(tie[p] / total, abs=1e-12)
        assert one.players[p].equity == pytest.approx(share[p] / total, abs=1e-12)


@pytest.mark.parametrize("players", [["AsKs", "QdQc"], ["AsKs", "QdQc", "JhTh"], ["7c2d", "7h2s"]])
def test_preflop_workers_give_the_same_bits(players: list[str]) -> None:
    """A preflop deal with 1, 2 and 3 workers (it runs on one thread whatever the workers) and through an
    executor (a thread pool): identical results, the brute-force counts."""
    from concurrent.futures import ThreadPoolExecutor

    from pokercore.cards import parse_cards

    results = [equity(players, exact=True, workers=w) for w in (1, 2, 3)]
    with ThreadPoolExecutor(2) as pool:
        results.append(equity(players, exact=True, executor=pool))
    firsts = [[(p.win, p.tie, p.equity, p.tie_equity) for p in r.players] for r in results]
    assert firsts[0] == firsts[1] == firsts[2] == firsts[3]
    holes = [c for p in players for c in parse_cards(p)]
    rwin, rtie, _ = reference_counts(holes, [], [])
    for p, r in enumerate(results[0].players):
        assert round(r.win * results[0].trials) == rwin[p]
        assert round(r.tie * results[0].trials) == rtie[p]


def test_heads_up_preflop_known_counts() -> None:
    """AsKs vs QdQc over all 1,712,304 boards: 787,966 wins, 917,606 losses, 6,732 splits, on any part count."""
    h = np.array([[51, 47, 41, 40]], dtype=np.uint8)
    b = np.zeros(0, dtype=np.uint8)
    for parts in (1, 2, 7):
        pieces = [_equity.deal_counts(h, b, 0, i, parts) for i in range(parts)]
        win = sum(p[0] for p in pieces)
        tie = sum(p[1] for p in pieces)
        assert win.tolist() == [787_966, 917_606] and tie.tolist() == [6_732, 6_732]


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_any_bytes_are_memory_safe(data: Any) -> None:
    """Kernels without bounds checks read only their tables whatever bytes they get (answers then mean
    nothing, so only that they return is checked; the public functions validate first)."""
    P = data.draw(st.integers(2, _equity.MAX_PLAYERS))
    k = data.draw(st.sampled_from([0, 1, 2, 3, 4, 5]))
    holes = np.array([data.draw(st.lists(st.integers(0, 255), min_size=2 * P, max_size=2 * P))], dtype=np.uint8)
    board = np.array(data.draw(st.lists(st.integers(0, 255), min_size=k, max_size=k)), dtype=np.uint8)
    dead = data.draw(st.integers(0, 2**64 - 1))
    # Mostly valid-looking low codes with repeats, so the enumeration runs deep.
    if data.draw(st.booleans()):
        holes %= 52
        board %= 52
        dead &= (1 << 52) - 1
        dead &= ~((1 << 40) - 1)
    win, tie, tcount = _equity.deal_counts(holes, board, dead, 0, data.draw(st.integers(1, 3)))
    assert win.shape == tie.shape == (P,) and tcount.shape == (P, _equity.MAX_PLAYERS + 1)
    counts, total = _equity.exact_unit(holes, np.ones(1), board, dead, 0, 1, 1)
    assert counts.shape == (4, P) and isinstance(total, float)


def test_bad_part_arguments_are_refused() -> None:
    h = np.array([[51, 47, 41, 40]], dtype=np.uint8)
    b = np.zeros(3, dtype=np.uint8)
    with pytest.raises(ValueError, match="part"):
        _equity.deal_counts(h, b, 0, 2, 2)
    with pytest.raises(ValueError, match="part"):
        _equity.deal_counts(h, b, 0, 0, 0)
    with pytest.raises(ValueError, match="board"):
        _equity.deal_counts(h, np.zeros(6, dtype=np.uint8), 0)


@pytest.mark.parametrize("hands", [
    "As Ks Qd Qc Jh Th",   # the benchmark deal
    "As Kd Ah Kc Ad Ks",   # the same two ranks three times: most boards a three-way split
    "Ac Kc Ad Kd 7h 2s",   # two of them split, the third mostly behind
    "2c 2d 3h 3s 4c 4d",   # small pairs: counterfeits and board plays
])
def test_three_way_preflop_equals_every_board(hands: str) -> None:
    """Three players preflop (their own showdown loop in the kernel) against the brute force, every count."""
    from pokercore import parse_cards

    holes = parse_cards(hands)
    h = np.array([holes], dtype=np.uint8)
    b = np.zeros(0, dtype=np.uint8)
    for parts in (1, 3):
        pieces = [_equity.deal_counts(h, b, 0, i, parts) for i in range(parts)]
        win, tie, tcount = (sum(p[j] for p in pieces) for j in range(3))
        rwin, rtie, rtcount = reference_counts(holes, [], [])
        assert win.tolist() == rwin.tolist()
        assert tie.tolist() == rtie.tolist()
        assert tcount.tolist() == rtcount.tolist()
