"""``pokercore simulate``: a seeded AI-vs-AI match from the command line.

Everything that can be checked is checked before the first deal: the game,
the agents, the counts, the output paths (``--json``, ``--per-deal``,
``--plot`` and the plot's format) and the optional packages the options
need.  Results files are written through a temporary file in the same
folder, so a failed write never leaves a truncated file; a symbolic link
writes the file it points to, a FIFO or a character device is written
through (never replaced) and anything else that is not a regular file is
refused; ``-`` writes JSON or CSV to standard output (the table then goes
to stderr).  Progress shows
as a bar on a terminal and as a line every 15 s of a long run otherwise.
Exit codes: 0 done, 2 a request that cannot run or an agent that failed
(one line on stderr saying what and, for an agent, which agent, seat and
deal, and how to replay it), 130 interrupted; a bug in pokercore shows
its traceback (exit 1).

>>> main(["toy", "--agents", "high,always", "--deals", "20", "--seed", "3", "--no-progress"])  # doctest: +ELLIPSIS
agent ...
high ...
always ...
20 deals in ... s (... deals/s), seed 3
0
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from typing import Any

from ..errors import PokercoreError, PokercoreValueError
from . import refuse
from ._args import integer, seconds

__all__ = ["build_parser", "main"]

PROG = "pokercore simulate"
#: Seconds between two progress lines when stderr is not a terminal.
PROGRESS_EVERY_S = 15.0


def _agents_help() -> str:
    """The built-in agents of each game, read from the games themselves."""
    from ..sim._runner import get_game

    lines = []
    for game in ("binh", "draw", "holdem", "toy"):
        try:
            names = ", ".join(get_game(game).agent_names)  # type: ignore[attr-defined]
        except Exception:  # pragma: no cover - a game that cannot load still leaves the others
            continue
        lines.append(f"  {game:<6} {names}")
    return "built-in agents (the baselines included):\n" + "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    """The parser of ``pokercore simulate``."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Play a seeded AI-vs-AI match and print each agent's mean result per deal\n"
                    "with its 95% confidence interval.",
        epilog=_agents_help() + "\n\nAny callable is an agent too: give it as package.module:name (a module\n"
               "in the current folder is found too) or as path/to/file.py:name.\n"
               "The same --seed and --chunk-size give the same result with any --workers.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", help="binh, draw, holdem, toy (a tiny test game), package.module:Adapter or "
                                     "path/to/file.py:Adapter")
    parser.add_argument("--agents", nargs="+", required=True, metavar="AGENT",
                        help="one agent per seat, comma or space separated: a built-in name (listed "
                             "below), package.module:name or path/to/file.py:name")
    parser.add_argument("--deals", type=integer(1), default=1000,
                        help="deals to play (hands in draw and hold'em), e.g. 1000 or 1e6, at most 1e12 "
                             "(default 1000)")
    parser.add_argument("--seed", type=integer(0), default=0, help="match seed: the same seed gives the same result "
                                                            "(default 0)")
    parser.add_argument("--workers", type=integer(1), default=1,
                        help="worker processes; the pool uses min(W, number of chunks, CPU count) "
                             "(default 1: run in this process)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="run the chunks on the Dask cluster whose scheduler listens at ADDRESS "
                             "(tcp://HOST:8786); agent files are shipped to its workers; the same seed gives the "
                             'same result (needs pip install "pokercore[dask]")')
    parser.add_argument("--chunk-size", type=integer(1), default=50,
                        help="deals per seeded chunk, the unit of work and of seeding, at most 100,000 "
                             "(default 50)")
    parser.add_argument("--duplicate", action="store_true",
                        help="replay each deal once per seat rotation (removes most card luck)")
    parser.add_argument("--json", metavar="FILE",
                        help="write the summary as JSON (checked before the run; - for standard output)")
    parser.add_argument("--per-deal", metavar="FILE",
                        help="write every deal's payoffs as CSV, one row per deal (kept in memory until the end: "
                             "8 bytes per agent per deal; - for standard output)")
    parser.add_argument("--plot", metavar="FILE",
                        help="save a plot of each running mean with its 95%% CI band; the format comes from "
                             '.png, .pdf, .svg... (needs matplotlib: pip install "pokercore[plot]")')
    parser.add_argument("--variant", choices=("nl", "fl", "plo"),
                        help="holdem: no-limit hold'em (nl, the default), fixed-limit hold'em (fl) or "
                             "pot-limit Omaha (plo)")
    parser.add_argument("--history", metavar="FILE",
                        help="holdem: write every hand as Poker Hand History (PHH) sections [1], [2]... "
                             "in the order played (with --workers 1)")
    parser.add_argument("--decision-timeout", type=seconds(), metavar="SECONDS",
                        help="end the run with an error if one agent decision takes longer (off by default; "
                             "it never changes a result, it only stops a hung agent)")
    bar = parser.add_mutually_exclusive_group()
    bar.add_argument("--progress", action="store_true",
                     help='always show a progress bar (needs tqdm: pip install "pokercore[sim]")')
    bar.add_argument("--no-progress", action="store_true",
                     help="never show progress (default: a bar when stderr is a terminal, else a line "
                          f"every {PROGRESS_EVERY_S:g} s of a long run)")
    return parser


def _require(module: str, option: str, extra: str) -> None:
    from ..sim._optional_packages import require

    require(module, extra, option)


def _prechecks(args: argparse.Namespace) -> None:
    """Everything that would fail after the run, checked before it (a PokercoreError if not)."""
    from ..sim._files import check_writable
    from ..sim._runner import MAX_CHUNK_SIZE, MAX_DEALS

    if args.deals > MAX_DEALS:
        raise PokercoreValueError(f"--deals {args.deals} is more than 10**12 (1,000,000,000,000), the most a "
                                  "match can have")
    if args.chunk_size > MAX_CHUNK_SIZE:
        raise PokercoreValueError(f"--chunk-size {args.chunk_size} is more than {MAX_CHUNK_SIZE:,} deals, the "
                                  "most a chunk can have (a chunk is held in memory whole)")
    holdem = args.game == "holdem"
    for option, value in (("--variant", args.variant), ("--history", args.history)):
        if value is not None and not holdem:
            raise PokercoreValueError(f"{option} is an option of the holdem game, not of {args.game}")
    if args.history is not None and args.scheduler is not None:
        raise PokercoreValueError("--history is written by this process: run it without --scheduler")
    if args.history is not None and args.workers > 1:
        raise PokercoreValueError("--history writes the hands in the order played: run it with --workers 1")
    if args.history == "-":
        raise PokercoreValueError("--history needs a file name (hands are not written to standard output)")
    files = {"--json": args.json, "--plot": args.plot, "--per-deal": args.per_deal, "--history": args.history}
    given = {option: path for option, path in files.items() if path is not None}
    for option, path in given.items():
        if not path.strip():
            raise PokercoreValueError(f"{option} needs a file name (or - for standard output)")
    if args.plot == "-":
        raise PokercoreValueError("--plot needs a file name (a plot is not written to standard output)")
    if args.plot:
        _require("matplotlib", "--plot", "plot")
    if args.progress:
        _require("tqdm", "--progress", "sim")
    if args.scheduler is not None:
        _require("distributed", "--scheduler", "dask")
        if args.workers != 1:
            raise PokercoreValueError("--workers and --scheduler do not go together: the cluster's workers run "
                                      "the chunks (start more with 'dask worker')")
    stdout = [option for option, path in given.items() if path == "-"]
    if len(stdout) > 1:
        raise PokercoreValueError(f"only one of {' and '.join(stdout)} can be - (standard output)")
    seen: dict[str, str] = {}
    for option, path in given.items():
        if path != "-" and path in seen:
            raise PokercoreValueError(f"{seen[path]} and {option} name the same file {path}")
        seen[path] = option
    for path in given.values():
        if path != "-":
            check_writable(path)
    if args.plot:
        from ..sim._plot import plot_format

        plot_format(args.plot)


def _progress(args: argparse.Namespace, unit: str) -> Any:
    """What ``simulate`` gets as ``progress``: a bar on a terminal (with tqdm), else a line now and then."""
    if args.no_progress:
        return False
    if args.progress:
        return True
    if sys.stderr.isatty() and importlib.util.find_spec("tqdm") is not None:
        return None
    from ..sim._progress import LineProgress

    return LineProgress(sys.stderr, every=PROGRESS_EVERY_S, unit=unit, label=PROG)


def main(argv: list[str] | None = None) -> int:
    """Run ``pokercore simulate`` with ``argv`` (the arguments after ``simulate``); return the exit code."""
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:  # --help (0) or a usage error (2), already printed by argparse
        return exc.code if isinstance(exc.code, int) else 2
    try:
        return _run(args)
    except KeyboardInterrupt as exc:
        return refuse(PROG, f"interrupted ({exc})" if str(exc) else "interrupted", 130)
    except PokercoreError as exc:
        return refuse(PROG, exc)


def _run(args: argparse.Namespace) -> int:
    _prechecks(args)
    from ..sim._runner import simulate
    from ..sim._stats import unit_of

    agents = [a for part in args.agents for a in part.split(",") if a]
    game_name = args.game if ":" not in args.game else ""
    options: dict[str, Any] = {}
    if args.variant is not None:
        options["variant"] = args.variant
    if args.history is not None:
        from ..sim._files import start_file

        start_file(args.history)  # checked writable above; every hand is appended to it
        options["history"] = args.history
    client = None
    if args.scheduler is not None:
        from ..sim._cluster import connect

        client = connect(args.scheduler)
    try:
        result = simulate(args.game, agents, args.deals, args.seed, workers=args.workers, options=options,
                          duplicate=args.duplicate, chunk_size=args.chunk_size, executor=client,
                          progress=_progress(args, unit_of(game_name)), decision_timeout=args.decision_timeout,
                          keep_payoffs=bool(args.per_deal))
    finally:
        if client is not None:
            client.close()
    # With --json - or --per-deal -, standard output holds that data alone; the rest goes to stderr.
    info = sys.stderr if "-" in (args.json, args.per_deal) else sys.stdout
    print(result.table(), file=info)
    meta = result.meta
    unit = unit_of(result.game) + "s"
    workers = f", {meta['workers']} workers" if (meta.get("workers") or 1) > 1 else ""
    rotations = meta.get("rotations", 1)
    # In duplicate mode every deal is played once per seat rotation: say so, and count what was played.
    done = (f"{result.deals} {unit} x {rotations} seat rotations = {meta['played']} {unit} played"
            if rotations > 1 else f"{result.deals} {unit}")
    print(f"{done} in {meta['elapsed_s']} s ({meta['played_per_s']} {unit}/s{workers}), "
          f"seed {result.seed}" + (", duplicate" if result.duplicate else ""), file=info)
    if args.json:
        result.to_json(args.json)
        if args.json != "-":
            print(f"wrote {args.json}", file=info)
    if args.per_deal:
        result.write_payoffs(args.per_deal)
        if args.per_deal != "-":
            print(f"wrote {args.per_deal}", file=info)
    if args.plot:
        result.plot(args.plot)
        print(f"wrote {args.plot}", file=info)
    if args.history:
        print(f"wrote {args.history}", file=info)
    return 0


if __name__ == "__main__":
    sys.exit(main())
