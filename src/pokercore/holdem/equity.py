"""Deprecated path: ``pokercore.holdem.equity``'s names moved to :mod:`pokercore.equity` (reading one warns)."""

from ._moved import callable_module, module_getattr

__getattr__ = module_getattr(__name__)
callable_module(__name__, "equity")
