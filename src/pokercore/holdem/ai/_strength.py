"""Hand categories a beginner thinks in: "top pair, good kicker", "a flush draw", "nothing".

:func:`made_hand` ranks the AI's best hand with the core's evaluators
(:func:`pokercore.evaluate` on hole cards plus board; Omaha: the best two
hole cards with three board cards) and sorts it into one of the
:data:`LEVELS`, looking at what the hole cards add to the board: a pair on
the board that the hand does not improve is no pair of its own.
:func:`draws` names the flush and open-ended straight draws.

Examples
--------
>>> from pokercore import parse_cards as cards
>>> made_hand(cards("Ah Kd"), cards("Kc 7s 2d"))
'strong'
>>> made_hand(cards("Qh Qd"), cards("Kc 7s 2d")), made_hand(cards("7h 6h"), cards("Kc 7s 2d"))
('medium', 'medium')
>>> made_hand(cards("Ah Jh"), cards("Kh 7h 2d")), draws(cards("Ah Jh"), cards("Kh 7h 2d"))
('nothing', ('flush',))
>>> made_hand(cards("9h 8h"), cards("Kc 7s 9d 9c"))
'monster'
>>> made_hand(cards("As Ah Kd Qd"), cards("Ac 7h 2d"))     # Omaha: a set of aces
'monster'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ...evaluators import evaluate
from ...ranking import HandCategory, category_of

__all__ = ["LEVELS", "best_rank", "draws", "made_hand"]

#: The categories, strongest first.
LEVELS = ("monster", "strong", "medium", "weak", "nothing")


def best_rank(hole: Sequence[int], board: Sequence[int]) -> int:
    """The rank of the best hand: hold'em any five of hole plus board, Omaha exactly two plus three.

    The board has 3 to 5 cards.
    """
    if len(hole) == 2:
        return evaluate(list(hole) + list(board))
    return max(evaluate(list(h) + list(b)) for h in combinations(hole, 2) for b in combinations(board, 3))


def _ranks(cards: Sequence[int]) -> list[int]:
    return sorted((c >> 2 for c in cards), reverse=True)


def made_hand(hole: Sequence[int], board: Sequence[int]) -> str:
    """One of :data:`LEVELS` for the best hand the hole cards make with the board (3 to 5 cards).

    * ``monster``: two pair or better that the hole cards make (not the board alone);
    * ``strong``: an overpair (hold'em), or top pair with a ten or better beside it;
    * ``medium``: top pair with a weak kicker, second pair, a pocket pair below the top card;
    * ``weak``: a lower pair;
    * ``nothing``: no pair of its own.
    """
    mine = best_rank(hole, board)
    cat = category_of(mine)
    board_cat = category_of(evaluate(list(board))) if len(board) >= 5 else _board_category(board)
    if cat >= HandCategory.TWO_PAIR and cat > board_cat:
        if cat == HandCategory.TWO_PAIR and board_cat == HandCategory.PAIR:
            return _pair_level(hole, board, paired_board=True)  # one pair of its own beside the board's
        return "monster"
    if cat == HandCategory.PAIR and board_cat == HandCategory.HIGH_CARD:
        return _pair_level(hole, board, paired_board=False)
    return "nothing"


def _board_category(board: Sequence[int]) -> int:
    counts = sorted((_ranks(board).count(r) for r in set(_ranks(board))), reverse=True)
    if counts[0] >= 3:
        return HandCategory.THREE_OF_A_KIND
    if counts[0] == 2:
        return HandCategory.TWO_PAIR if len(counts) > 1 and counts[1] == 2 else HandCategory.PAIR
    return HandCategory.HIGH_CARD


def _pair_level(hole: Sequence[int], board: Sequence[int], paired_board: bool) -> str:
    board_ranks = sorted(set(_ranks(board)), reverse=True)
    hole_ranks = _ranks(hole)
    if len(hole) == 2 and hole_ranks[0] == hole_ranks[1]:  # a pocket pair
        if hole_ranks[0] > board_ranks[0]:
            return "strong"
        return "medium" if hole_ranks[0] > board_ranks[-1] else "weak"
    paired = [r for r in board_ranks if r in hole_ranks]
    if not paired:
        return "nothing"
    top = max(paired)
    if top == board_ranks[0]:
        kicker = max((r for r in hole_ranks if r != top), default=-1)
        return "strong" if kicker >= 8 and not paired_board else "medium"
    if len(board_ranks) > 1 and top == board_ranks[1]:
        return "medium"
    return "weak"


def draws(hole: Sequence[int], board: Sequence[int]) -> tuple[str, ...]:
    """The draws the hole cards hold: ``"flush"`` (four of a suit, two of them in hand for Omaha)
    and ``"straight"`` (four in a row, open at both ends), with 3 or 4 board cards."""
    if len(board) >= 5:
        return ()
    found = []
    need = 1 if len(hole) == 2 else 2
    for suit in range(4):
        in_hand = sum(1 for c in hole if c & 3 == suit)
        on_board = sum(1 for c in board if c & 3 == suit)
        if in_hand >= need and min(in_hand, 2) + on_board >= 4 and on_board <= 3:
            found.append("flush")
            break
    hole_ranks = {c >> 2 for c in hole}
    ranks = hole_ranks | {c >> 2 for c in board}
    for low in range(0, 9):  # four in a row low..low+3, open at both ends (not ending in an ace)
        window = set(range(low, low + 4))
        if window <= ranks and low + 3 < 12 and window & hole_ranks:
            found.append("straight")
            break
    return tuple(found)
