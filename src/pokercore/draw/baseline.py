"""Older home of the draw baselines: the same objects as :mod:`pokercore.draw.ai.baselines`.

Every draw baseline (check/call, always raise, random, call, and the four
playing styles) lives in :mod:`pokercore.draw.ai.baselines`; this module
keeps the older import path working.

>>> from pokercore.draw.baseline import RandomAgent, check_call_agent
>>> from pokercore.draw.ai import baselines
>>> check_call_agent is baselines.check_call_agent and RandomAgent is baselines.RandomAgent
True
"""

from __future__ import annotations

from .ai.baselines import (
                           CallAgent,
                           ManiacAgent,
                           RandomAgent,
                           RandomLegalAgent,
                           RockAgent,
                           StationAgent,
                           TightAggressiveAgent,
                           check_call_agent,
                           raise_agent,
)

__all__ = [
                           "CallAgent",
                           "ManiacAgent",
                           "RandomAgent",
                           "RandomLegalAgent",
                           "RockAgent",
                           "StationAgent",
                           "TightAggressiveAgent",
                           "check_call_agent",
                           "raise_agent",
]
