"""``pokercore bench``: split into parts that read on their own, same options, pokercore's own words."""

from __future__ import annotations

from pathlib import Path

from pokercore import bench
from pokercore.bench import SECTIONS, Row, Section, Settings, format_table, run

from .helpers import run_cli

TINY = Settings(call_hands=20, batch_hands=2000, min_time=0.0005, repeats=1, import_runs=1)


def test_every_part_is_a_small_module():
    folder = Path(bench.__file__).parent
    sizes = {p.name: len(p.read_text().splitlines()) for p in folder.glob("*.py")}
    assert {"__init__.py", "_peers.py", "_timing.py", "_report.py"} <= set(sizes)
    assert max(sizes.values()) < 400, sizes


def test_help_names_the_command_and_every_option():
    proc = run_cli("bench", "--help")
    assert proc.returncode == 0 and proc.stdout.startswith("usage: pokercore bench")
    for option in ("--quick", "--json", "--seed", "--no-import"):
        assert option in proc.stdout


def test_a_section_is_one_registry_entry_and_shows_in_the_table():
    def rows(settings: Settings, pending):
        row = Row("made-up", "pokercore", "a made-up section", "C ext", n=10)
        pending.append((row, lambda: sum(range(10))))
        return [row]

    finished = []
    extra = Section("made-up", rows, lambda rows, done: finished.append((len(rows), sorted(done))))
    report = run(TINY, do_import=False, sections=[*SECTIONS, extra])
    mine = [r for r in report.rows if r.section == "made-up"]
    assert len(mine) == 1 and mine[0].seconds and mine[0].rate
    assert finished == [(1, sorted([*(s.name for s in SECTIONS if s.name != "import"), "made-up"]))]
    assert "a made-up section" in format_table(report)


def test_the_table_speaks_of_pokercore_alone():
    report = run(TINY, do_import=False)
    text = format_table(report)
    assert "pokercore's speed goals:" in text
    for word in ("issue", "brief", "Targets (", "spec/"):
        assert word not in text
    assert [r.section for r in report.rows][:1] == ["per call"]
    assert any(r.form.startswith("per-call loop:") for r in report.rows if r.section == "batch")


def test_holdem_goals_are_checked_from_the_holdem_rows():
    from pokercore.bench._report import speed_goals
    from pokercore.bench.holdem import HoldemRow, bench_rows

    made = [
        HoldemRow("7-card per call", "evaluate7(list)", "M hands/s", 20.0, "eval7.evaluate", 2.0, 10.0),
        HoldemRow("7-card batch", "evaluate7_batch", "M hands/s", 120.0),
        HoldemRow("exact heads-up preflop", "equity(...)", "ms", 4.0, "eval7 loop", 2000.0, 500.0),
        HoldemRow("MC hand vs range", "equity(..., samples=n)", "M samples/s", 40.0, "eval7 MC", 20.0, 2.0),
        HoldemRow("MC hand vs range, 2 vs 1 thread", "workers=2", "M samples/s", 70.0, "workers=1", 40.0, 1.75,
                  note="scaling; load average 3.0 before the run"),
    ]
    goals = {g["target"].strip(): g for g in speed_goals(bench_rows(rows=made))}
    assert goals["7-card per call vs eval7.evaluate"]["met"] is True
    assert goals["7-card batch, random hands, one core"]["met"] is False      # 120 < 150 M/s
    assert goals["exact heads-up preflop equity"]["met"] is True              # 4 ms <= 20 ms
    assert goals["exact preflop vs an eval7 loop"]["met"] is True
    assert goals["Monte Carlo hand vs range vs eval7, one thread"]["met"] is False   # 2x < 3x
    scaling = goals["Monte Carlo, 2 threads vs 1"]
    assert scaling["met"] is False and "load average 3.0" in scaling["detail"]
    # without the hold'em rows, the goals say so instead of guessing
    absent = {g["target"].strip(): g for g in speed_goals([])}
    assert absent["7-card batch, random hands, one core"]["met"] is None


def test_paired_scaling_takes_the_median_of_back_to_back_rounds(monkeypatch):
    from pokercore.bench import _timing as timing

    clock = [0.0]
    monkeypatch.setattr(timing.time, "perf_counter", lambda: clock[0])
    one_costs = iter([9.0, 9.0, 3.0, 6.0, 300.0])  # warm-up, then four rounds (one of them hit by a stall)
    two_costs = iter([1.0, 1.0, 2.0, 2.0, 2.0])

    def one():
        clock[0] += next(one_costs)

    def two():
        clock[0] += next(two_costs)

    a, b, ratio = timing.paired_scaling(one, two, rounds=4)
    # rounds: (9, 1), (3, 2), (6, 2), (300, 2): medians of each side and of the ratios 9, 1.5, 3, 150
    assert (a, b, ratio) == (7.5, 2.0, 6.0)


def test_the_plo_flop_goal_reads_its_row():
    from pokercore.bench._variants import CASES, SECTION, goals

    def verdicts(seconds):
        got = []
        row = Row(SECTION, "pokercore", f"{CASES[0][0]}: plo ...", "C ext", rate=820 / seconds, seconds=seconds, n=1)
        goals([row], lambda title, value, goal, ok, detail="": got.append((title, value, ok)))
        return got

    assert verdicts(0.0004) == [("PLO hand vs hand on the flop, exact", 0.0004, True)]
    assert verdicts(0.2)[0][2] is False
    missing = []
    goals([], lambda title, value, goal, ok, detail="": missing.append((value, ok, detail)))
    assert missing == [(None, None, "not measured")]
