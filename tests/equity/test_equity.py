"""Equity: exact results vs an independent brute force, Monte Carlo vs exact, bad input."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import pokercore as pc
from pokercore.equity._holdem_equity import TooManyPlayersError, equity
from pokercore.equity._holdem_ranges import EmptyRangeError, RangeSyntaxError, parse_range
from pokercore.errors import DuplicateCardError, HandSizeError, PokercoreError
from pokercore.holdem import evaluate7
from tests.core.helpers import best_of_subsets, require


def brute_force(players: list[str], board: str = "", dead: str = "") -> list[tuple[float, float, float]]:
    """(win, tie, equity) per player: every disjoint deal of the ranges, every board, best of 21 subsets."""
    known = (pc.parse_cards(board) if board else []) + (pc.parse_cards(dead) if dead else [])
    board_codes = pc.parse_cards(board) if board else []
    options = []
    for p in players:
        cards = None
        try:
            cards = pc.parse_cards(p)
        except PokercoreError:
            pass
        if cards is not None and len(cards) == 2 and "," not in p:
            options.append([(tuple(cards), 1.0)])
        else:
            options.append([(c, w) for c, w in parse_range(p).combos_weights])
    n = len(players)
    win, tie, share = [0.0] * n, [0.0] * n, [0.0] * n
    total = 0.0
    for deal in itertools.product(*options):
        cards = [c for combo, _ in deal for c in combo]
        if len(set(cards) | set(known)) != len(cards) + len(known):
            continue
        weight = 1.0
        for _, w in deal:
            weight *= w
        deck = [c for c in range(52) if c not in cards and c not in known]
        for rest in itertools.combinations(deck, 5 - len(board_codes)):
            full = board_codes + list(rest)
            ranks = [best_of_subsets(list(combo) + full) for combo, _ in deal]
            best = max(ranks)
            winners = [i for i, r in enumerate(ranks) if r == best]
            total += weight
            for i in winners:
                if len(winners) == 1:
                    win[i] += weight
                else:
                    tie[i] += weight
                share[i] += weight / len(winners)
    return [(win[i] / total, tie[i] / total, share[i] / total) for i in range(n)]


CASES = [
    (["AsKs", "QdQc"], "Qh 7d 2c 3s", ""),
    (["AsKs", "QdQc"], "Qh 7d 2c", ""),
    (["AsKd", "AcKh"], "2c 3d 4h 8s", ""),            # mostly split pots
    (["AsAd", "KsKd", "QsQd"], "2c 7h 9d 4s", ""),
    (["AsAd", "KsKd", "QsQd", "JsJd"], "2c 7h 9d", ""),  # four players on the flop
    (["7c6c", "AhAd", "KsKc"], "5c 4c Kd", "2c"),       # dead card
    (["AhKh", "QQ+,AKs"], "Qh 7d 2c 3s", ""),           # hand vs range
    (["JJ,AQs", "QQ+,AKs"], "Qh 7d 2c 3s", ""),         # range vs range
    (["AhKh", "QQ:0.5,AKs"], "Qh 7d 2c 3s", ""),         # weights
    (["2c2d", "3c3d", "4c4d"], "Ah Kh Qh Jh 5s", ""),    # three-way split on the river
    (["AsKs", "Ad2d", "AcKh"], "Ah Kd Qs Js", ""),
    (["AhKh", "QdQc"], "2s 3s 4s", ""),                 # suit symmetry: d <-> c
    (["AsAh", "KdKc"], "2c 2d 9h 9s", ""),               # two symmetries: s <-> h and d <-> c
    (["AhKh", "QdQc"], "2s 3s 4s", "5d 5c"),             # symmetric dead cards
    (["AhKh", "QdQc"], "2s 3s 4s", "5d"),                # a dead card that breaks it
    (["7s7h", "6d6c", "5s5h"], "Ks Kh Kd", ""),          # three players
]


@pytest.mark.parametrize("players, board, dead", CASES)
def test_exact_equals_brute_force(players: list[str], board: str, dead: str) -> None:
    result = equity(players, board=board, dead=dead or None)
    assert result.exact
    expected = brute_force(players, board, dead)
    for got, (w, t, e) in zip(result.players, expected):
        assert got.win == pytest.approx(w, abs=1e-12)
        assert got.tie == pytest.approx(t, abs=1e-12)
        assert got.equity == pytest.approx(e, abs=1e-12)
    assert sum(p.equity for p in result.players) == pytest.approx(1.0)


def _random_symmetric_deal(rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, int]:
    """Hands and a board built to be unchanged by one or two suit swaps (or not, at random)."""
    while True:
        ranks = rng.choice(13, 6, replace=False)
        x, y = (int(v) for v in rng.choice(4, 2, replace=False))
        others = [s for s in range(4) if s not in (x, y)]
        hands = [int(ranks[0]) * 4 + x, int(ranks[0]) * 4 + y,       # a pair in suits x, y
                 int(ranks[1]) * 4 + others[0], int(ranks[2]) * 4 + others[0]]
        board_len = int(rng.choice([0, 3, 4]))
        board = [int(ranks[3]) * 4 + x, int(ranks[3]) * 4 + y, int(ranks[4]) * 4 + others[1]][:board_len]
        board += [int(ranks[5]) * 4 + others[0]] if board_len == 4 else []
        board = board[:board_len]
        if rng.random() < 0.3:  # break the symmetry with a lone card of suit x
            spare = [c for c in range(52) if c % 4 == x and c not in hands + board]
            board = (board[:-1] + [spare[0]]) if board else []
        cards = hands + board
        if len(set(cards)) == len(cards):
            dead = 0
            return np.array([hands], dtype=np.uint8), np.array(board, dtype=np.uint8), dead


def test_suit_symmetry_changes_nothing() -> None:
    """Scoring by rank multiset (flushes apart) gives exactly the counts of scoring every board, on deals
    crowded into one or two suits; and split into parts (one part's counts alone may be negative: a flush
    correction can land in another part than the board it corrects), the parts add up."""
    from pokercore.equity import _equity

    rng = np.random.default_rng(31)
    for _ in range(40):
        holes, board, dead = _random_symmetric_deal(rng)
        a = _equity.exact_unit(holes, np.ones(1), board, dead, 0, 1, 1)
        b = _equity.exact_unit(holes, np.ones(1), board, dead, 0, 1, 0)
        assert a[1] == b[1] and a[0].tolist() == b[0].tolist(), (holes, board)
        parts = [_equity.deal_counts(holes, board, dead, i, 3) for i in range(3)]
        win, tie, tcount = (sum(p[j] for p in parts) for j in range(3))
        c = _equity.weigh_counts(win, tie, np.ascontiguousarray(tcount), 1.0)
        assert c[1] == b[1] and c[0].tolist() == b[0].tolist()


def test_three_way_split_shares() -> None:
    r = equity(["2c2d", "3c3d", "4c4d"], board="Ah Kh Qh Jh Th")  # royal flush on the board
    assert [(p.win, p.tie, p.equity) for p in r.players] == [(0.0, 1.0, pytest.approx(1 / 3))] * 3


def test_preflop_heads_up_known_value() -> None:
    r = equity(["AsKs", "QdQc"])
    assert r.exact and r.trials == 1_712_304
    # Counts over every board: 787,966 wins, 917,606 losses, 6,732 splits.
    assert round(r.players[0].win * r.trials) == 787_966
    assert round(r.players[1].win * r.trials) == 917_606
    assert round(r.players[0].tie * r.trials) == 6_732


def test_preflop_against_eval7_loop_sample() -> None:
    """Every 97th board of AsKs vs QdQc scored by eval7 matches our enumeration's counts."""
    eval7 = require("eval7")
    deck = [c for c in range(52) if c not in pc.parse_cards("As Ks Qd Qc")]
    cards = [eval7.Card(pc.format_card(c)) for c in range(52)]
    h1 = [cards[c] for c in pc.parse_cards("As Ks")]
    h2 = [cards[c] for c in pc.parse_cards("Qd Qc")]
    wins = losses = ties = 0
    for i, b in enumerate(itertools.combinations(deck, 5)):
        if i % 97:
            continue
        bc = [cards[c] for c in b]
        a, q = eval7.evaluate(h1 + bc), eval7.evaluate(h2 + bc)
        wins += a > q
        losses += a < q
        ties += a == q
        ours_a = evaluate7(pc.parse_cards("As Ks") + list(b))
        ours_q = evaluate7(pc.parse_cards("Qd Qc") + list(b))
        assert (a > q) == (ours_a > ours_q) and (a == q) == (ours_a == ours_q)
    assert wins + losses + ties == len(range(0, 1_712_304, 97))


@pytest.mark.parametrize("players, board", [
    (["AsKs", "QdQc"], ""),
    (["AhKh", "QQ+,AKs"], "Qh 7d 2c"),
    (["JJ+,AQs:0.5", "77-99,KQs", "AA-TT"], "Qh 7d 2c"),
    (["AsKs", "7c6c", "QQ"], "Kd 9s 2h"),
])
def test_monte_carlo_within_4_standard_errors(players: list[str], board: str) -> None:
    exact = equity(players, board=board, exact=True)
    mc = equity(players, board=board, samples=60_000, seed=12)
    assert not mc.exact and mc.trials == 60_000 and mc.seed == 12
    for e, m in zip(exact.players, mc.players):
        assert m.stderr > 0
        assert abs(m.equity - e.equity) <= 4 * m.stderr, (e, m)


def test_same_seed_same_result_any_workers() -> None:
    args = (["AhKh", "QQ+,AKs", "random"],)
    a = equity(*args, samples=150_000, seed=3, workers=1)
    b = equity(*args, samples=150_000, seed=3, workers=2)
    c = equity(*args, samples=150_000, seed=4, workers=2)
    assert a == b
    assert a != c
    x = equity(["AsKs", "QdQc"], workers=1)
    y = equity(["AsKs", "QdQc"], workers=2)
    assert x == y


def test_progress_is_reported() -> None:
    seen: list[tuple[int, int]] = []
    equity(["AsKs", "QdQc"], progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1][0] == seen[-1][1] and len(seen) == seen[-1][1]


@pytest.mark.parametrize("kwargs, error, match", [
    ({"players": ["AsKs", "AsQd"]}, DuplicateCardError, "As"),
    ({"players": ["AsKs", "QdQc"], "board": "As 7d 2c"}, DuplicateCardError, "board"),
    ({"players": ["AsKs", "QdQc"], "board": "Jh 7d 2c", "dead": "7d"}, DuplicateCardError, "dead"),
    ({"players": ["AsKs", "QdQc"], "board": "Jh 7d"}, HandSizeError, "0, 3, 4 or 5"),
    ({"players": ["AsKs", "QQ++"]}, RangeSyntaxError, "player 2"),
    ({"players": ["AsKs", "AsKs,AhKh"], "board": "Ah 7d 2c"}, EmptyRangeError, "player 2"),
    ({"players": ["AsKs"]}, TooManyPlayersError, "at least 2"),
    ({"players": ["random"] * 11}, TooManyPlayersError, "at most 10"),
    ({"players": ["AsKs", "QdQc"], "dead": [c for c in range(52) if c not in (51, 47, 41, 40)][:45]},
     TooManyPlayersError, "cards are left"),
    ({"players": ["AsKs", "QdQc"], "samples": 0}, PokercoreError, "samples"),
    ({"players": ["AsKs", "QdQc"], "workers": 0}, PokercoreError, "workers"),
    ({"players": ["AsKs", "QdQc"], "exact": True, "samples": 10}, PokercoreError, "not both"),
    ({"players": "AsKs QdQc"}, PokercoreError, "list"),
    ({"players": ["AsAs", "QdQc"]}, DuplicateCardError, "repeats"),
])
def test_bad_input(kwargs: dict, error: type, match: str) -> None:
    with pytest.raises(error, match=match) as info:
        equity(**kwargs)
    assert isinstance(info.value, PokercoreError)


def test_card_removal_empties_a_range() -> None:
    with pytest.raises(EmptyRangeError, match="player 2"):
        equity(["AhKh", "AhKh,KhQh"])  # both combos of player 2 use a card of player 1


@pytest.mark.parametrize("exact", [True, False])
def test_ranges_with_no_disjoint_deal(exact: bool) -> None:
    with pytest.raises(EmptyRangeError, match="share"):
        equity(["AhKh,AhQh", "AhKd,AhQd"], exact=exact, **({} if exact else {"samples": 100}))


def test_table_and_json() -> None:
    r = equity(["AsKs", "QQ+,AKs"], board="Qh 7d 2c")
    text = r.table()
    assert "AsKs" in text and "QQ+,AKs" in text and "exact" in text
    d = r.as_dict()
    assert d["players"][1]["combos"] == 13 - 1 and d["exact"] is True
