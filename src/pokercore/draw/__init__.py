"""Fixed-limit five-card draw: configuration, engine, observations, agents, histories.

A game is 2-6 seats, an ante, two fixed-limit betting rounds (small bet,
then big bet) around one draw of 0-3 cards, showdown with the standard
ranking (A-2-3-4-5 is the lowest straight).  See ``docs/draw.md``.

Examples
--------
>>> from pokercore.draw import DrawConfig, play_game, check_call_agent, RandomAgent
>>> cfg = DrawConfig(players=3, hands=20, seed=42)
>>> result = play_game(cfg, [check_call_agent, RandomAgent(1), RandomAgent(2)])
>>> result.hands_played, sum(result.stacks) == sum(cfg.stacks)
(20, True)
"""

from __future__ import annotations

from .actions import CHECK, FOLD, STAND_PAT, Action, DrawChoices, Event, draw_action
from .ai.baselines import RandomAgent, check_call_agent, raise_agent
from .config import DrawConfig
from .engine import DrawState
from .errors import ConfigError, DrawError, HistoryError, IllegalActionError
from .game import DrawGame, GameResult, play_game
from .history import format_history, replay_history
from .observation import Observation
from .pots import Pot, build_pots, split_pot

__all__ = [
    "Action", "CHECK", "FOLD", "STAND_PAT", "DrawChoices", "Event", "draw_action",
    "DrawConfig", "DrawState", "DrawGame", "GameResult", "play_game", "Observation",
    "Pot", "build_pots", "split_pot", "format_history", "replay_history",
    "RandomAgent", "check_call_agent", "raise_agent",
    "ConfigError", "DrawError", "HistoryError", "IllegalActionError",
]
