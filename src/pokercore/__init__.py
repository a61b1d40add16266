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

import sys as _sys
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence as _Sequence
    from importlib.machinery import ModuleSpec as _ModuleSpec

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


_SUBPACKAGES = ("bench", "binh", "cli", "draw", "envs", "equity", "holdem", "ranges", "sim", "solver", "web")


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


class _PrivateModuleAlias:
    """Old public paths of modules made private: ``pokercore.holdem._engine`` imports ``pokercore.holdem._engine``.

    Modules that are not documented API now start with ``_`` (each package's
    ``__init__`` is its face).  For one release the old path still imports
    the same module object, with a ``DeprecationWarning`` naming the
    package to import from instead.  Only a pokercore path whose module is
    missing and whose ``_`` twin exists is answered; every other import
    goes on as usual (this finder is the last one asked).
    """

    @staticmethod
    def _private(fullname: str) -> str | None:
        parent, _, leaf = fullname.rpartition(".")
        if not parent.startswith("pokercore") or leaf.startswith("_") or parent not in _sys.modules:
            return None
        import importlib.util

        try:
            found = importlib.util.find_spec(f"{parent}._{leaf}")
        except (ImportError, ValueError):
            return None
        return None if found is None else f"{parent}._{leaf}"

    def find_spec(self, fullname: str, path: "_Sequence[str] | None",
                  target: "ModuleType | None" = None, /) -> "_ModuleSpec | None":
        private = self._private(fullname)
        if private is None:
            return None
        import importlib.util

        spec = importlib.util.spec_from_loader(fullname, self)  # type: ignore[arg-type]  # create/exec_module
        if spec is not None:
            spec.loader_state = private  # found once, read by create_module
        return spec

    def create_module(self, spec: "_ModuleSpec") -> ModuleType:
        import importlib
        import warnings

        name, private = spec.name, spec.loader_state
        parent = name.rpartition(".")[0]
        warnings.warn(f"{name} is private now ({private}): import its names from {parent}",
                      DeprecationWarning, stacklevel=2)
        return importlib.import_module(str(private))

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module is the private one, already run."""


_sys.meta_path.append(_PrivateModuleAlias())
