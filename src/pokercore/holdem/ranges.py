"""Deprecated path: ``pokercore.holdem.ranges``'s names moved to :mod:`pokercore.equity` (reading one warns)."""

from ._moved import module_getattr

__getattr__ = module_getattr(__name__)
