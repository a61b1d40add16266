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
    assert {"__init__.py", "peers.py", "timing.py", "report.py"} <= set(sizes)
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
