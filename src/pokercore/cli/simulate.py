"""``pokercore simulate``: a seeded AI-vs-AI match from the command line.

Everything that can be checked is checked before the first deal: the game,
the agents, the counts, the output paths (``--json``, ``--plot``) and the
optional packages the options need.  Results files are written through a
temporary file in the same folder, so a failed write never leaves a
truncated file.  Exit codes: 0 done, 2 a request that cannot run or a
failure (one line on stderr saying what and, for an agent, which agent,
seat and deal, and how to replay it), 130 interrupted.

>>> main(["toy", "--agents", "high,always", "--deals", "20", "--seed", "3", "--no-progress"])  # doctest: +ELLIPSIS
agent ...
high ...
always ...
20 deals in ... s (... deals/s), seed 3
0
"""

from __future__ import annotations

import argparse
import importlib
import sys

from ..errors import PokercoreError
from ..sim.files import check_writable
from .args import integer, seconds

__all__ = ["build_parser", "main"]

PROG = "pokercore simulate"


def _agents_help() -> str:
    """The built-in agents of each game, read from the games themselves."""
    from ..sim.runner import get_game

    lines = []
    for game in ("binh", "draw", "toy"):
        try:
            names = ", ".join(get_game(game).agent_names)  # type: ignore[attr-defined]
        except Exception:  # pragma: no cover - a game that cannot load still leaves the others
            continue
        lines.append(f"  {game:<5} {names}")
    return "built-in agents (the baselines included):\n" + "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    """The parser of ``pokercore simulate``."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Play a seeded AI-vs-AI match and print each agent's mean result per deal\n"
                    "with its 95% confidence interval.",
        epilog=_agents_help() + "\n\nAny callable is an agent too: give it as package.module:name.\n"
               "The same --seed and --chunk-size give the same result with any --workers.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", help="binh, draw, toy (a tiny test game) or package.module:Adapter")
    parser.add_argument("--agents", nargs="+", required=True, metavar="AGENT",
                        help="one agent per seat, comma or space separated: a built-in name (listed "
                             "below) or package.module:name")
    parser.add_argument("--deals", type=integer(1), default=1000,
                        help="deals to play (hands in draw), e.g. 1000 or 1e6 (default 1000)")
    parser.add_argument("--seed", type=integer(0), default=0, help="match seed: the same seed gives the same result "
                                                            "(default 0)")
    parser.add_argument("--workers", type=integer(1), default=1,
                        help="worker processes; the pool uses min(W, number of chunks, CPU count) "
                             "(default 1: run in this process)")
    parser.add_argument("--chunk-size", type=integer(1), default=50,
                        help="deals per seeded chunk, the unit of work and of seeding (default 50)")
    parser.add_argument("--duplicate", action="store_true",
                        help="replay each deal once per seat rotation (removes most card luck)")
    parser.add_argument("--json", metavar="FILE", help="write the summary as JSON (checked before the run)")
    parser.add_argument("--plot", metavar="FILE",
                        help='save a plot of each running mean with its 95%% CI band (needs matplotlib: '
                             'pip install "pokercore[plot]")')
    parser.add_argument("--decision-timeout", type=seconds(), metavar="SECONDS",
                        help="end the run with an error if one agent decision takes longer (off by default; "
                             "it never changes a result, it only stops a hung agent)")
    bar = parser.add_mutually_exclusive_group()
    bar.add_argument("--progress", action="store_true",
                     help='always show a progress bar (needs tqdm: pip install "pokercore[sim]")')
    bar.add_argument("--no-progress", action="store_true",
                     help="never show a progress bar (default: shown when stderr is a terminal)")
    return parser


def _fail(message: str, code: int = 2) -> int:
    print(f"{PROG}: error: {message}", file=sys.stderr)
    return code


def _require(module: str, option: str, extra: str) -> str | None:
    try:
        importlib.import_module(module)
    except ImportError:
        return f'{option} needs {module}: pip install "pokercore[{extra}]"'
    return None


def _prechecks(args: argparse.Namespace) -> str | None:
    """Everything that would fail after the run, checked before it: a message, or None."""
    if args.plot:
        problem = _require("matplotlib", "--plot", "plot")
        if problem:
            return problem
    if args.progress:
        problem = _require("tqdm", "--progress", "sim")
        if problem:
            return problem
    if args.json and args.plot and args.json == args.plot:
        return f"--json and --plot name the same file {args.json}"
    for path in (args.json, args.plot):
        if path:
            check_writable(path)
    return None


def main(argv: list[str] | None = None) -> int:
    """Run ``pokercore simulate`` with ``argv`` (the arguments after ``simulate``); return the exit code."""
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:  # --help (0) or a usage error (2), already printed by argparse
        return exc.code if isinstance(exc.code, int) else 2
    try:
        problem = _prechecks(args)
        if problem:
            return _fail(problem)
        from ..sim.runner import simulate
        from ..sim.stats import require_matplotlib

        if args.plot:
            require_matplotlib()
        agents = [a for part in args.agents for a in part.split(",") if a]
        result = simulate(args.game, agents, args.deals, args.seed, workers=args.workers,
                          duplicate=args.duplicate, chunk_size=args.chunk_size,
                          progress=True if args.progress else (False if args.no_progress else None),
                          decision_timeout=args.decision_timeout)
        print(result.table())
        meta = result.meta
        unit = "hands" if result.game == "draw" else "deals"
        workers = f", {meta['workers']} workers" if (meta.get("workers") or 1) > 1 else ""
        print(f"{result.deals} {unit} in {meta['elapsed_s']} s ({meta['deals_per_s']} {unit}/s{workers}), "
              f"seed {result.seed}" + (", duplicate" if result.duplicate else ""))
        if args.json:
            result.to_json(args.json)
            print(f"wrote {args.json}")
        if args.plot:
            result.plot(args.plot)
            print(f"wrote {args.plot}")
        return 0
    except KeyboardInterrupt as exc:
        return _fail(f"interrupted ({exc})" if str(exc) else "interrupted", 130)
    except (PokercoreError, ValueError, TypeError, ImportError, OSError) as exc:
        return _fail(str(exc).splitlines()[0] if str(exc) else type(exc).__name__)


if __name__ == "__main__":
    sys.exit(main())
