"""The games equity is computed for, their names and aliases: one home for every entry point of the package."""

from __future__ import annotations

from ..errors import PokercoreValueError, cut

__all__ = ["GAMES", "VARIANTS", "game_name"]

#: Every name :func:`pokercore.equity.equity` and :func:`pokercore.equity.parse_range` take, and the game
#: it names: hold'em, short-deck hold'em, pot-limit Omaha with 4, 5 or 6 hole cards (``"plo"`` takes any of
#: the three, every player the same), and Omaha hi-lo eight-or-better.
GAMES = {
    "holdem": "holdem", "hold'em": "holdem", "nlhe": "holdem",
    "shortdeck": "shortdeck", "short-deck": "shortdeck", "6+": "shortdeck",
    "plo": "plo", "omaha": "plo",
    "plo5": "plo5", "plo6": "plo6",
    "plo8": "plo8", "omaha8": "plo8", "omaha-hilo": "plo8",
}

#: The engine's name of each game that is not hold'em, and the hole cards its name fixes (None: 4, 5 or 6).
VARIANTS: dict[str, tuple[str, int | None]] = {
    "shortdeck": ("shortdeck", None), "plo": ("plo", None), "plo5": ("plo", 5), "plo6": ("plo", 6),
    "plo8": ("plo8", None),
}


def game_name(game: object) -> str:
    """The game ``game`` names (case-insensitive), or a :class:`PokercoreValueError` listing the choices.

    >>> game_name("Omaha"), game_name("6+")
    ('plo', 'shortdeck')
    """
    if isinstance(game, str) and game.lower() in GAMES:
        return GAMES[game.lower()]
    raise PokercoreValueError(f"unknown game {cut(game)}: choose one of holdem, shortdeck, plo, plo5, plo6, plo8")
