"""The draw package's errors: pokercore errors on the shared bases, with messages that say what to do."""

from __future__ import annotations

import pytest

from pokercore.draw import ConfigError, DrawError, HistoryError, IllegalActionError
from pokercore.errors import PokercoreError, PokercoreValueError
from pokercore.sim import SimulationError


@pytest.mark.parametrize("cls", [DrawError, ConfigError, HistoryError, IllegalActionError, SimulationError])
def test_errors_use_the_shared_value_error_base(cls):
    assert issubclass(cls, PokercoreValueError)
    # the shared base, not a second (PokercoreError, ValueError) pair declared again
    assert PokercoreError not in cls.__bases__ and ValueError not in cls.__bases__
