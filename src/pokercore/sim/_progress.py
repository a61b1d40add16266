"""Progress of a match: a tqdm bar on a terminal, plain lines in a log, or the caller's own function.

:func:`progress_reporter` turns the ``progress`` argument of
:func:`~pokercore.sim.simulate` into a :class:`Reporter`:

* ``None`` (the default): a bar when stderr is a terminal and tqdm is
  installed, else nothing;
* ``True``: a bar (tqdm is then required, :class:`MissingExtraError` if absent);
* ``False``: nothing;
* a callable: called as ``progress(done, total)`` after every chunk, such as
  a :class:`LineProgress`, which prints a line now and then (what
  ``pokercore simulate`` shows when stderr is not a terminal).

Examples
--------
>>> import io
>>> out = io.StringIO()
>>> show = LineProgress(out, every=0, unit="deal", label="pokercore simulate")
>>> show(250, 1000); show(1000, 1000)
>>> print(out.getvalue())  # doctest: +ELLIPSIS
pokercore simulate: 250 of 1,000 deals (25%) in ... s, about ... left
pokercore simulate: 1,000 of 1,000 deals (100%) in ... s
<BLANKLINE>
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import IO, Any, cast

from ._optional_packages import require

__all__ = ["LineProgress", "Reporter", "progress_reporter"]


class Reporter:
    """What the runner calls: ``update(deals_done_now)`` after every chunk, ``close()`` at the end."""

    def __init__(self, total: int, show: Callable[[int, int], None] | None = None, bar: Any = None) -> None:
        self.total = total
        self.done = 0
        self._show = show
        self._bar = bar

    def update(self, deals: int) -> None:
        self.done += deals
        if self._bar is not None:
            self._bar.update(deals)
        if self._show is not None:
            self._show(self.done, self.total)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()


def _duration(seconds: float) -> str:
    """``"42 s"``, ``"2 min 05 s"``, ``"3 h 07 min"``.

    >>> _duration(42.4), _duration(125), _duration(3 * 3600 + 7 * 60 + 30)
    ('42 s', '2 min 05 s', '3 h 07 min')
    """
    whole = round(seconds)
    if whole < 90:
        return f"{whole} s"
    minutes, secs = divmod(whole, 60)
    if minutes < 120:
        return f"{minutes} min {secs:02d} s"
    return f"{minutes // 60} h {minutes % 60:02d} min"


class LineProgress:
    """A ``(done, total)`` callable that prints one line every ``every`` seconds (and a last one at the end).

    Lines rather than a redrawn bar, so a log file or a pipe stays readable;
    a run shorter than ``every`` seconds prints nothing.
    """

    def __init__(self, stream: IO[str] | None = None, every: float = 15.0, unit: str = "deal",
                 label: str = "pokercore") -> None:
        self.stream = stream
        self.every = every
        self.unit = unit
        self.label = label
        self._start = time.monotonic()
        self._last = self._start
        self._shown = False

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - self._last < self.every:
            return
        if done >= total and not self._shown and now - self._start < self.every:
            return  # a short run: nothing to report
        self._last = now
        self._shown = True
        elapsed = now - self._start
        text = f"{self.label}: {done:,} of {total:,} {self.unit}s ({done / total:.0%}) in {_duration(elapsed)}"
        if 0 < done < total:
            text += f", about {_duration(elapsed * (total - done) / done)} left"
        print(text, file=self.stream if self.stream is not None else sys.stderr, flush=True)


def progress_reporter(progress: object, total: int, unit: str) -> Reporter | None:
    """The :class:`Reporter` for ``simulate``'s ``progress`` argument (None: report nothing).

    ``progress`` is typed ``bool | Callable[[int, int], None] | None`` where
    ``simulate`` takes it; anything else a caller passes is refused here.
    """
    if callable(progress):
        return Reporter(total, show=cast("Callable[[int, int], None]", progress))
    if progress is None:
        if not sys.stderr.isatty():
            return None
        try:
            import tqdm as tqdm_module
        except ImportError:
            return None
    elif progress is True:
        tqdm_module = require("tqdm", "sim", "a progress bar")
    elif progress is False:
        return None
    else:
        from ._errors import SimulationError

        raise SimulationError(f"progress must be True, False, None or a callable (done, total), got {progress!r}")
    return Reporter(total, bar=tqdm_module.tqdm(total=total, unit=unit, file=sys.stderr))
