"""pokercore: fast poker hand evaluation, Binh poker solving and poker AI simulation.

Cards are ints ``rank * 4 + suit`` (``2c = 0`` ... ``As = 51``); see
:mod:`pokercore.cards`.  Ranks returned by the evaluators are ints, higher
is better, standard ``1..7462`` and Binh ``10001..17917`` (every 3-card
rank and ``rules="binh"``), so a rank names its scale;
:mod:`pokercore.ranking` names them.

>>> import pokercore as pc
>>> pc.evaluate5("As Ks Qs Js Ts") > pc.evaluate5("9c 9d 9h 9s 2c")
True
>>> pc.describe_rank(pc.evaluate5("Kh Kd 7c 7s 2d"))
'Two pair, kings and sevens'
"""

from types import ModuleType

from ._eval import evaluate3, evaluate3_batch, evaluate5, evaluate5_batch
from ._eval7 import (
    evaluate6,
    evaluate6_batch,
    evaluate7,
    evaluate7_batch,
    evaluate_omaha,
    evaluate_omaha_batch,
)
from .cards import (
    RANKS,
    SUITS,
    Deck,
    array_to_cards,
    card,
    card_rank,
    card_suit,
    cards_to_array,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
    random_hands,
)
from .errors import (
    CardTypeError,
    DuplicateCardError,
    HandSizeError,
    InvalidArrayError,
    InvalidCardError,
    PokercoreError,
)
from .evaluators import evaluate, evaluate_batch, percentile
from .ranking import (
    BINH_RANK_OFFSET,
    HandCategory,
    categories_of,
    category_of,
    describe_rank,
    num_ranks,
    rank_detail,
    rank_range,
    scale_of,
)

__version__ = "0.1.0"

__all__ = [
    "BINH_RANK_OFFSET",
    "RANKS",
    "SUITS",
    "CardTypeError",
    "Deck",
    "DuplicateCardError",
    "HandCategory",
    "HandSizeError",
    "InvalidArrayError",
    "InvalidCardError",
    "PokercoreError",
    "array_to_cards",
    "card",
    "card_rank",
    "card_suit",
    "cards_to_array",
    "categories_of",
    "category_of",
    "describe_rank",
    "evaluate",
    "evaluate3",
    "evaluate3_batch",
    "evaluate5",
    "evaluate5_batch",
    "evaluate6",
    "evaluate6_batch",
    "evaluate7",
    "evaluate7_batch",
    "evaluate_batch",
    "evaluate_omaha",
    "evaluate_omaha_batch",
    "format_card",
    "format_cards",
    "get_include",
    "num_ranks",
    "parse_card",
    "parse_cards",
    "percentile",
    "random_hands",
    "rank_detail",
    "rank_range",
    "scale_of",
]


_SUBPACKAGES = ("binh", "draw", "holdem", "sim", "equity", "ranges", "solver")


def __getattr__(name: str) -> ModuleType:
    """``pokercore.binh``, ``.draw``, ``.holdem``, ``.sim``, ``.equity``, ``.ranges``, ``.solver`` load on first use."""
    if name in _SUBPACKAGES:
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    """The public names, the lazy subpackages and the module's dunders (no helper imports)."""
    return sorted(set(__all__) | set(_SUBPACKAGES) | {n for n in globals() if n.startswith("__")})


def get_include() -> str:
    """Directory holding ``ceval.pxd``'s C headers, for ``include_dirs`` of your extension.

    >>> import os
    >>> os.path.exists(os.path.join(get_include(), "_evaluator.h"))
    True
    """
    import os

    return os.path.dirname(os.path.abspath(__file__))
