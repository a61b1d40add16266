"""Fixed-limit five-card draw: configuration, engine, observations, agents, histories.

A game is 2-6 seats, an ante, two fixed-limit betting rounds (small bet,
then big bet) around one draw of 0-3 cards, showdown with the standard
ranking (A-2-3-4-5 is the lowest straight).  See ``docs/draw.md``.

Examples
--------
>>> from pokercore.draw import DrawConfig, play_game, check_call_agent, RandomLegalAgent
>>> cfg = DrawConfig(players=3, hands=20, seed=42)
>>> result = play_game(cfg, [check_call_agent, RandomLegalAgent(1), RandomLegalAgent(2)])
>>> result.hands_played, sum(result.stacks) == sum(cfg.stacks)
(20, True)
"""

from __future__ import annotations

from ..pots import Pot, build_pots, split_pot
from ._actions import CHECK, FOLD, STAND_PAT, Action, DrawChoices, Event, draw_action
from ._config import DrawConfig
from ._engine import DrawState
from ._errors import ConfigError, DrawError, HistoryError, IllegalActionError
from ._game import DrawGame, GameResult, play_game
from ._history import format_history, replay_history
from ._observation import Observation
from ._street import Street
from .ai._baselines import RandomLegalAgent, check_call_agent, raise_agent

__all__ = [
    "CHECK",
    "FOLD",
    "STAND_PAT",
    "Action",
    "ConfigError",
    "DrawChoices",
    "DrawConfig",
    "DrawError",
    "DrawGame",
    "DrawState",
    "Event",
    "GameResult",
    "HistoryError",
    "IllegalActionError",
    "Observation",
    "Pot",
    "RandomLegalAgent",
    "Street",
    "build_pots",
    "check_call_agent",
    "draw_action",
    "format_history",
    "play_game",
    "raise_agent",
    "replay_history",
    "split_pot",
]
