"""The ``pokercore`` command (also ``python -m pokercore``): a table of subcommands.

This package is the top floor: the argument checks (:mod:`._args`), the
terminal display (:mod:`._terminal`), the terminal games and one module per
subcommand.  Nothing else in pokercore imports it.

Every subcommand is a delegate ``module:function`` taking the words after
its name and returning an exit code; its module is imported only when the
subcommand runs, so ``pokercore --help`` stays fast.  Adding a subcommand is
one entry in :data:`COMMANDS`.

This entry point also makes every subcommand end the same way: refused
input - a :class:`~pokercore.errors.PokercoreError`, which includes a
missing optional package (the message names the extra to install) - prints
one line ``pokercore <command>: error: ...`` and exits 2, as argparse does
for a bad option; Ctrl-C exits 130 without a traceback; a closed pipe
(``pokercore binh solve ... | head -1``) exits 141 quietly; a standard
output that cannot be written (a full disk, ``> /dev/full``) prints
``pokercore <command>: error: cannot write the output: <why>`` and exits 2.
Where the terminal's encoding has no suit symbols (``PYTHONIOENCODING=ascii``,
latin-1), every command writes cards with suit letters (``As``): see
:class:`~pokercore.cli._terminal.Output`.  Any other exception is a bug in
pokercore: it shows its traceback and exits 1.

Examples
--------
>>> main(["eval", "Kh Kd 7c 7s 2d"])  # doctest: +ELLIPSIS
K♥ K♦ 7♠ 7♣ 2♦: rank ... (standard) - Two pair, kings and sevens, 2 kicker
0
"""

from __future__ import annotations

import importlib
import io
import os
import sys
from collections.abc import Callable, Sequence
from typing import IO, NamedTuple

__all__ = ["COMMANDS", "Command", "error_line", "format_help", "main", "refuse"]

#: Exit codes of the shell conventions: 128 + SIGINT, 128 + SIGPIPE.
_EXIT_INTERRUPTED = 130
_EXIT_BROKEN_PIPE = 141
_EXIT_USAGE = 2


class Command(NamedTuple):
    """One subcommand: the words that name it, its delegate and a one-line description."""

    words: tuple[str, ...]
    target: str
    summary: str


#: Every subcommand, in the order ``pokercore --help`` lists them.
COMMANDS: tuple[Command, ...] = (
    Command(("bench",), "pokercore.cli._bench:main",
            "compare evaluator speed with treys, eval7, phevaluator and pokerkit"),
    Command(("eval",), "pokercore.cli._evaluate:main", "rank and name a 5-, 6- or 7-card hand (or a 3-card Binh top)"),
    Command(("equity",), "pokercore.cli._equity:main",
            "equity of hands and ranges (hold'em, Omaha, short deck), exact or Monte Carlo"),
    Command(("range",), "pokercore.cli._range_grid:main",
            "show a hold'em range on the 13x13 grid with its weights and combo counts"),
    Command(("solve",), "pokercore.cli._solve:main",
            "heads-up push/fold Nash ranges, ICM equities and three-handed ICM push/fold"),
    Command(("simulate",), "pokercore.cli._simulate:main",
            "play a seeded AI match of Binh, draw, hold'em or Omaha and print each agent's results"),
    Command(("binh", "play"), "pokercore.cli._binh:main_play", "play Binh poker against 3 AIs in the terminal"),
    Command(("binh", "solve"), "pokercore.cli._binh:main_solve",
            "the best ways to arrange 13 Binh cards, and what each is worth"),
    Command(("binh", "train"), "pokercore.cli._binh:main_train",
            "train the self-play tables the Binh AIs read (a few minutes)"),
    Command(("draw", "play"), "pokercore.cli._draw:main_play",
            "play fixed-limit five-card draw against 1-5 AIs in the terminal"),
    Command(("holdem", "play"), "pokercore.cli._holdem:main_play",
            "play hold'em or pot-limit Omaha against 1-9 AIs in the terminal"),
    Command(("serve",), "pokercore.cli._serve:main",
            "play Binh, draw, hold'em and Omaha in a browser against AIs and bots (web extra)"),
)


def _version() -> str:
    from .. import __version__

    return __version__


def format_help(prefix: tuple[str, ...] = ()) -> str:
    """Help of ``pokercore`` (or of a group such as ``pokercore binh``): usage and the subcommands.

    >>> print(format_help(("binh",)))  # doctest: +ELLIPSIS
    usage: pokercore binh <command> [options]
    <BLANKLINE>
    commands:
      binh play   play Binh poker against 3 AIs in the terminal
    ...
    """
    shown = [c for c in COMMANDS if c.words[:len(prefix)] == prefix]
    name = " ".join(("pokercore", *prefix))
    width = max(len(" ".join(c.words)) for c in shown) + 3
    lines = [f"usage: {name} <command> [options]"]
    if not prefix:
        lines = ["usage: pokercore [--version] [-h] <command> [options]", "",
                 "Fast poker hand evaluation and equity, and games to play, simulate and serve:",
                 "Binh poker (Mau Binh), five-card draw, hold'em (no-limit and fixed-limit) and",
                 "pot-limit Omaha."]
    lines += ["", "commands:"]
    lines += [f"  {' '.join(c.words):<{width}}{c.summary}" for c in shown]
    lines += ["", "Run 'pokercore <command> --help' for a command's options."]
    if not prefix:
        lines += ["", "options:", "  -h, --help  show this help and exit",
                  "  --version   show pokercore's version and exit"]
    return "\n".join(lines)


def error_line(prog: str, problem: BaseException | str) -> str:
    """The one line that reports refused input: ``<prog>: error: <first line of the message>``.

    >>> error_line("pokercore eval", ValueError("give 3, 5, 6 or 7 cards\\nmore"))
    'pokercore eval: error: give 3, 5, 6 or 7 cards'
    """
    text = str(problem).strip()
    first = text.splitlines()[0] if text else (type(problem).__name__ if isinstance(problem, BaseException)
                                                else "refused")
    return f"{prog}: error: {first}"


def refuse(prog: str, problem: BaseException | str, code: int = _EXIT_USAGE) -> int:
    """Print :func:`error_line` on stderr and return ``code`` (2: refused input)."""
    print(error_line(prog, problem), file=sys.stderr)
    return code


def _resolve(target: str) -> Callable[[list[str]], int | None]:
    module, _, name = target.partition(":")
    func: Callable[[list[str]], int | None] = getattr(importlib.import_module(module), name)
    return func


def _dispatch(argv: list[str], out: IO[str], err: IO[str]) -> int:
    from ..errors import PokercoreError

    if not argv or argv[0] in ("-h", "--help", "help") or argv[0] == "--version":
        try:
            print(format_help() if argv[:1] != ["--version"] else f"pokercore {_version()}", file=out)
            out.flush()
        except PokercoreError as exc:  # the output failed
            return refuse("pokercore", exc)
        return 0
    for command in COMMANDS:
        n = len(command.words)
        if tuple(argv[:n]) == command.words:
            try:
                code = int(_resolve(command.target)(argv[n:]) or 0)
                out.flush()  # a full disk shows up here when the output fit in the buffer
                return code
            except PokercoreError as exc:
                # Refused input (cards, options, agent names), a missing optional package and
                # an output that failed: the message says what to do, a traceback would not help.
                return refuse(" ".join(("pokercore", *command.words)), exc)
    group = tuple(argv[:1])
    if any(c.words[:1] == group and len(c.words) > 1 for c in COMMANDS):
        if len(argv) == 1 or argv[1] in ("-h", "--help"):
            print(format_help(group), file=out)
            return 0
        print(format_help(group), file=err)
        print(f"pokercore {group[0]}: error: unknown command {argv[1]!r}", file=err)
        return _EXIT_USAGE
    print(format_help(), file=err)
    print(f"pokercore: error: unknown command {argv[0]!r}", file=err)
    return _EXIT_USAGE


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return the exit code.

    Parameters
    ----------
    argv : sequence of str, optional
        The words after ``pokercore``; ``sys.argv[1:]`` if None.

    Returns
    -------
    int
        0 on success, 2 for a usage error, refused input or an output
        that could not be written, 130 after Ctrl-C, 141 when the reader
        of the output went away; a bug raises (a traceback and exit status
        1 from the interpreter).
    """
    from ._terminal import Output

    argv = sys.argv[1:] if argv is None else list(argv)
    stdout, stderr = sys.stdout, sys.stderr
    out = Output(stdout) if stdout is not None else None
    err = Output(stderr, "the error output", quiet=True) if stderr is not None else None
    if out is not None:
        sys.stdout = out
    if err is not None:
        sys.stderr = err
    try:
        code = _dispatch(argv, sys.stdout, sys.stderr)
        sys.stdout.flush()  # inside the try: a closed pipe shows up here
        return code
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return _EXIT_INTERRUPTED
    except BrokenPipeError:
        # The Python docs' recipe: point stdout at devnull so the interpreter's
        # final flush does not raise again, then exit quietly.
        _drop(stdout)
        return _EXIT_BROKEN_PIPE
    finally:
        sys.stdout, sys.stderr = stdout, stderr
        if out is not None and out.failed:  # what is still buffered must not fail again at exit
            _drop(stdout)


def _drop(stream: IO[str] | None) -> None:
    """Point ``stream``'s file descriptor at devnull (a failed or closed output: nothing more to say)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())  # type: ignore[union-attr]
        os.close(devnull)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):  # no file descriptor
        pass
