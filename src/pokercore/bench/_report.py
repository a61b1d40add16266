"""The report: metadata of the run, pokercore's speed goals, and the plain-text table.

The ratio column says how many times faster pokercore is than the row
(``pokercore evaluate5`` on a list of codes for per-call rows,
``evaluate5_batch`` on random hands for batch rows).  pokercore's own
other forms in those sections read ``own, 64.55x slower`` (the reference
is 64.55 times as fast) or ``own, 1.20x faster``, and the reference row
itself reads ``reference``; the JSON file keeps the plain ratios.  The
machine, Python and library versions and the date go in the header and in
the JSON file.
"""

from __future__ import annotations

import datetime
import importlib.metadata
import os
import platform
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from ._peers import PER_CALL_CASES, REFERENCE
from ._records import Report, Row, Settings
from ._sections import BATCH_ALL, BATCH_REFERENCE, IMPORT_WALL, exact_goals, holdem_game_goal

__all__ = ["GOALS_TITLE", "format_rate", "format_table", "meta", "speed_goals", "speedup_cell"]

# pokercore's speed goals, checked at the end of every run.
GOAL_EVAL7_RATIO = 5.0
GOAL_PHEVALUATOR_RATIO = 2.0
GOAL_BATCH_RATE = 100e6
GOAL_ALL_HANDS_S = 0.030
GOAL_IMPORT_S = 0.050
GOAL_EVAL7_7CARD_RATIO = 5.0
GOAL_7CARD_BATCH_RATE = 150e6
GOAL_PREFLOP_S = 0.020
GOAL_PREFLOP_RATIO = 70.0
GOAL_MC_RATIO = 3.0
GOAL_MC_SCALING = 1.8

#: Heading of the goals part of the table.
GOALS_TITLE = "pokercore's speed goals:"

def _version(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def _cpu_model() -> str:
    """The CPU's marketing name (``lscpu``'s "Model name"), best effort."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as fh:
            for line in fh:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def speed_goals(rows: list[Row]) -> list[dict[str, Any]]:
    def find(section: str, library: str, form: str) -> Row | None:
        return next((r for r in rows if r.section == section and r.library == library
                     and r.form == form and r.seconds is not None), None)

    targets: list[dict[str, Any]] = []

    def target(name: str, value: float | None, goal: str, ok: bool | None, detail: str = "") -> None:
        targets.append({"target": name, "value": value, "goal": goal,
                        "met": ok, "detail": detail})

    pc = find("per call", *REFERENCE)
    e7 = next((r for r in rows if r.section == "per call" and r.library == "eval7" and r.rate), None)
    ratio = pc.rate / e7.rate if pc and pc.rate and e7 and e7.rate else None
    target("per call vs eval7.evaluate", ratio, f">= {GOAL_EVAL7_RATIO:g}x",
           None if ratio is None else ratio >= GOAL_EVAL7_RATIO,
           e7.form if e7 else "eval7 not measured")
    public = {c.form for c in PER_CALL_CASES if c.library == "phevaluator" and c.public}
    ph = [r for r in rows if r.section == "per call" and r.library == "phevaluator"
          and r.rate and r.form in public]
    fastest = max(ph, key=lambda r: r.rate or 0.0) if ph else None
    ratio = pc.rate / fastest.rate if pc and pc.rate and fastest and fastest.rate else None
    target("per call vs phevaluator's fastest public call", ratio,
           f">= {GOAL_PHEVALUATOR_RATIO:g}x",
           None if ratio is None else ratio >= GOAL_PHEVALUATOR_RATIO,
           f"{fastest.form} ({fastest.impl})" if fastest else "phevaluator not measured")
    native = find("per call", "phevaluator", "_pheval.evaluate_5cards(a, b, c, d, e)")
    if pc and pc.rate and native and native.rate:
        ratio = pc.rate / native.rate
        target("  (info) vs phevaluator's private C function", ratio,
               f">= {GOAL_PHEVALUATOR_RATIO:g}x", ratio >= GOAL_PHEVALUATOR_RATIO,
               "not a public API")
    batch = find("batch", "pokercore", BATCH_REFERENCE)
    target("batch, random hands, one core", batch.rate if batch else None,
           f">= {GOAL_BATCH_RATE / 1e6:g} M/s",
           None if batch is None else (batch.rate or 0) >= GOAL_BATCH_RATE)
    every = find("batch", "pokercore", BATCH_ALL)
    target("batch, all 2,598,960 hands", every.seconds if every else None,
           f"< {GOAL_ALL_HANDS_S * 1e3:g} ms",
           None if every is None else (every.seconds or 0) < GOAL_ALL_HANDS_S)
    imp = find("import", "pokercore", IMPORT_WALL)
    target("import pokercore", imp.seconds if imp else None, f"< {GOAL_IMPORT_S * 1e3:g} ms",
           None if imp is None else (imp.seconds or 0) < GOAL_IMPORT_S,
           "wall time minus interpreter start-up")
    _holdem_goals(rows, target)
    from ._holdem_mc import goals as mc_goals

    mc_goals(rows, target)
    from ._variants import goals as variant_goals

    variant_goals(rows, target)
    holdem_game_goal(rows, target)
    exact_goals(rows, target)
    return targets


def _holdem_goals(rows: list[Row], target: Any) -> None:
    """The hold'em goals, from the rows of the hold'em section (absent rows: not measured)."""
    def find(name: str) -> Row | None:
        return next((r for r in rows if r.section == "hold'em" and r.form.startswith(name + ":")), None)

    def ratio_goal(title: str, name: str, goal: float, detail: str = "") -> None:
        row = find(name)
        value = row.ratio if row else None
        target(title, value, f">= {goal:g}x", None if value is None else value >= goal,
               detail or (row.note if row else "not measured"))

    ratio_goal("7-card per call vs eval7.evaluate", "7-card per call", GOAL_EVAL7_7CARD_RATIO)
    batch = find("7-card batch")
    target("7-card batch, random hands, one core", batch.rate if batch else None,
           f">= {GOAL_7CARD_BATCH_RATE / 1e6:g} M/s",
           None if batch is None else (batch.rate or 0) >= GOAL_7CARD_BATCH_RATE)
    exact = find("exact heads-up preflop")
    target("exact heads-up preflop equity", exact.seconds if exact else None,
           f"<= {GOAL_PREFLOP_S * 1e3:g} ms", None if exact is None else (exact.seconds or 0) <= GOAL_PREFLOP_S)
    ratio_goal("  exact preflop vs an eval7 loop", "exact heads-up preflop", GOAL_PREFLOP_RATIO)
    ratio_goal("Monte Carlo hand vs range vs eval7, one thread", "MC hand vs range", GOAL_MC_RATIO)
    ratio_goal("Monte Carlo, 2 threads vs 1", "MC hand vs range, 2 vs 1 thread", GOAL_MC_SCALING)


def format_rate(rate: float | None) -> str:
    """Human form of an evaluation rate.

    Examples
    --------
    >>> format_rate(2.46e7), format_rate(231.8e6), format_rate(6.1e5), format_rate(None)
    ('24.6 M/s', '231.8 M/s', '0.61 M/s', '-')
    """
    if rate is None:
        return "-"
    return f"{rate / 1e6:.1f} M/s" if rate >= 1e6 else f"{rate / 1e6:.2f} M/s"


def _format_time(seconds: float | None, per: int) -> str:
    if seconds is None:
        return "-"
    t = seconds / max(per, 1)
    if t >= 1e-3:
        return f"{t * 1e3:.1f} ms"
    if t >= 1e-6:
        return f"{t * 1e6:.2f} us"
    return f"{t * 1e9:.1f} ns"


#: Sections whose ratios compare each row with a pokercore reference row of the same section.
_REFERENCE_SECTIONS = ("per call", "batch")


def speedup_cell(row: Row) -> str:
    """The "pokercore speed-up" cell of a row; pokercore's own rows say how they compare with the reference.

    >>> speedup_cell(Row("per call", "eval7", "evaluate(...)", ratio=6.41))
    '6.41x'
    >>> speedup_cell(Row("per call", "pokercore", 'evaluate5("As Kd 7h 7c 2s")', ratio=64.55))
    'own, 64.55x slower'
    >>> speedup_cell(Row("per call", "pokercore", "evaluate5(tuple of 5 codes)", ratio=0.5))
    'own, 2.00x faster'
    >>> speedup_cell(Row("batch", "pokercore", "evaluate5_batch(...)", ratio=1.0, note="reference row"))
    'reference'
    """
    if row.ratio is None:
        return ""
    if row.library != "pokercore" or row.section not in _REFERENCE_SECTIONS:
        return f"{row.ratio:.2f}x"
    if row.note.startswith("reference row"):
        return "reference"
    if row.ratio >= 1:
        return f"own, {row.ratio:.2f}x slower"
    return f"own, {1 / row.ratio:.2f}x faster"


def format_table(report: Report) -> str:
    """The report as a plain-text table (what ``main`` prints)."""
    m = report.meta
    lines = [
        f"pokercore {m['versions'].get('pokercore')} evaluator benchmark, {m['date']}",
        f"machine: {m['cpu']} ({m['cpus']} logical CPUs), {m['platform']}",
        f"python {m['python']}; " + ", ".join(
            f"{k} {v or 'missing'}" for k, v in m["versions"].items() if k != "pokercore"),
        f"command: {m['command']}",
        "",
    ]
    header = ("section", "library", "call form (input)", "impl", "evals/s", "per eval",
              "pokercore speed-up")
    table = []
    for r in report.rows:
        if r.section == "import":
            per = _format_time(r.seconds, 1)
            ratio = ""
        else:
            per = _format_time(r.seconds, r.n)
            ratio = speedup_cell(r)
        table.append((r.section, r.library, r.form, r.impl,
                      format_rate(r.rate) if r.section != "import" else "", per, ratio, r.note))
    widths = [max(len(str(x[i])) for x in [header, *table]) for i in range(len(header))]
    align = ["<", "<", "<", "<", ">", ">", ">"]

    def fmt(cells: Sequence[str]) -> str:
        return "  ".join(f"{c:{a}{w}}" for c, a, w in zip(cells, align, widths)).rstrip()

    lines.append(fmt(header))
    lines.append(fmt(["-" * w for w in widths]))
    section = None
    for cells in table:
        if section is not None and cells[0] != section:
            lines.append("")
        section = cells[0]
        text = fmt(cells[:7])
        lines.append(f"{text}  {cells[7]}".rstrip() if cells[7] else text)
    lines += ["", GOALS_TITLE]
    for t in report.targets:
        v = t["value"]
        if v is None:
            shown = "-"
        elif "ms" in t["goal"]:
            shown = f"{v * 1e3:.1f} ms"
        elif "M/s" in t["goal"]:
            shown = format_rate(v)
        elif t["goal"].endswith(" s"):
            shown = f"{v:.2f} s"
        else:
            shown = f"{v:.2f}x"
        status = {True: "met", False: "MISSED", None: "not measured"}[t["met"]]
        detail = f"  [{t['detail']}]" if t["detail"] else ""
        lines.append(f"  {t['target']:<48} {shown:>11}  goal {t['goal']:<10} {status}{detail}")
    lines.append("")
    lines.append("Per-call rows include the Python loop over the hands; ratios are what "
                 "matter on a shared machine.")
    lines.append("pokercore speed-up: how many times faster pokercore's reference row of the section is than "
                 "the row; 'own, Nx slower/faster' compares pokercore's other call forms with that reference.")
    return "\n".join(lines)


def meta(settings: Settings, argv: Sequence[str]) -> dict[str, Any]:
    versions = {name: _version(name) for name in
                ("pokercore", "numpy", "eval7", "phevaluator", "treys", "pokerkit")}
    return {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "cpu": _cpu_model(),
        "cpus": os.cpu_count(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "versions": versions,
        "command": " ".join(["python -m pokercore bench", *argv]),
        "settings": asdict(settings),
    }


