"""The games a simulation can play: the adapter protocol and the registry of names.

A game is reached by a built-in name (``"binh"``, ``"draw"``, ``"holdem"``, ``"toy"``), a
name given to :func:`register_game`, an import path
``"package.module:Adapter"`` (or ``"path/to/file.py:Adapter"``) or an
adapter object.  An import path is the form that also works in worker
processes, which import it again.

Examples
--------
>>> get_game("toy").name
'toy'
>>> get_game("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokercore.sim._errors.SimulationError: unknown game 'chess': use one of ['binh', 'draw', 'holdem', 'toy'...] or ...
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import numpy as np

from ._errors import SimulationError
from ._loading import load_object
from ._seated_agents import short

__all__ = ["Agent", "GameAdapter", "check_adapter", "get_game", "register_game"]

#: An agent: a callable from an observation to an action.
Agent = Callable[[Any], Any]


class GameAdapter(Protocol):
    """What the runner needs from a game.

    ``play_deal`` plays one deal with ``agents[s]`` in seat ``s`` (seat 0
    holds the button / deals first, as the game defines) and returns one
    payoff per seat; payoffs sum to zero.  All randomness of the deal
    (cards, engine) must come from ``rng``.  The agents it gets are the
    match's agents wrapped so that a failure names the agent and its seat:
    call them and read their attributes (``hand_over``...), do not test
    their type.  Optional: ``agent_names`` (the built-in agents, for help
    texts), ``describe(options, players)`` (the stakes or scoring, for titles)
    and ``check_options(options, players)``, called once before the first
    deal: it raises :class:`SimulationError` for options the game cannot
    play, so they are refused as such and never in an agent's turn.
    """

    name: str
    min_players: int
    max_players: int

    def builtin_agent(self, name: str, rng: np.random.Generator) -> Agent: ...

    def play_deal(self, agents: Sequence[Agent], rng: np.random.Generator,
                  options: Mapping[str, Any]) -> Sequence[float]: ...


_GAMES: dict[str, GameAdapter] = {}  # registered names
_LOADED: dict[str, GameAdapter] = {}  # built-in names and import paths, loaded once
_BUILTIN = {"binh": "pokercore.sim._games:BinhAdapter", "draw": "pokercore.sim._games:DrawAdapter",
            "holdem": "pokercore.sim._games:HoldemAdapter", "toy": "pokercore.sim._games:ToyAdapter"}


def register_game(adapter: GameAdapter) -> None:
    """Make a game available to :func:`~pokercore.sim.simulate` under ``adapter.name``.

    In a process pool the registration must also happen in the workers, so
    prefer an import path: ``simulate("pkg.mod:MyAdapter", ...)``.
    """
    check_adapter(adapter, repr(getattr(adapter, "name", adapter)))
    _GAMES[adapter.name] = adapter


def check_adapter(adapter: Any, where: str) -> None:
    """Raise :class:`SimulationError` unless ``adapter`` has what :class:`GameAdapter` asks for."""
    missing = [a for a in ("play_deal", "builtin_agent") if not callable(getattr(adapter, a, None))]
    missing += [a for a in ("min_players", "max_players")
                if isinstance(getattr(adapter, a, None), bool) or not isinstance(getattr(adapter, a, None), int)]
    if not isinstance(getattr(adapter, "name", None), str):
        missing.append("name")
    if missing:
        raise SimulationError(
            f"{where} is not a game adapter: it lacks {', '.join(missing)} "
            "(an adapter has name, min_players, max_players, builtin_agent() and play_deal())"
        )


def get_game(game: str | GameAdapter) -> GameAdapter:
    """The adapter for a game name, import path or adapter object."""
    if not isinstance(game, str):
        check_adapter(game, repr(game))
        return game
    if game in _GAMES:
        return _GAMES[game]
    if game in _LOADED:
        return _LOADED[game]
    path = _BUILTIN.get(game, game if ":" in game else None)
    if path is None:
        raise SimulationError(f"unknown game {game!r}: use one of {sorted(set(_BUILTIN) | set(_GAMES))} "
                              "or 'package.module:Adapter'")
    obj = load_object(path)
    if isinstance(obj, type):
        try:
            obj = obj()
        except Exception as exc:
            raise SimulationError(f"cannot build the game adapter {path!r}: {short(exc)}") from None
    check_adapter(obj, repr(path))
    adapter: GameAdapter = obj
    _LOADED[game] = adapter
    return adapter
