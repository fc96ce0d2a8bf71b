"""newuser24 #20: the memory and type counts had no thousands separators where every other
figure has them: "Memory files 3000 (project 3000)" in the text report, "3,000 memory files
— project 3000" in the Files view."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable
from tests.edit.conftest import cli
from tests.tui.test_app import started, switch


def workspace(root: Path, n: int) -> Path:
    (root / "memory").mkdir(parents=True)
    for i in range(n):
        (root / f"memory/m{i}.md").write_text(
            f"---\nname: m{i}\ndescription: fact {i}\nmetadata:\n  type: project\n---\n"
            f"Fact {i}.\n", encoding="utf-8")
    (root / "MEMORY.md").write_text("# Memory\n", encoding="utf-8")
    return root


async def test_counts_have_separators(tmp_path: Path) -> None:
    ws = workspace(tmp_path / "ws", 1_001)
    text = cli("audit", ws).stdout
    assert "Memory files           1,001 (project 1,001)" in text
    app = open_app(ws, watch=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        assert files.summary(app.result, app.palette) == "1,001 memory files — project 1,001"


async def test_the_orphans_summary_separates_its_counts(tmp_path: Path) -> None:
    """newuser25 #2: "1,502 orphans: 2 unreachable (never enters context), 1500 reachable
    only by following links"."""
    ws = workspace(tmp_path / "ws", 1_002)
    for i in range(1_001):  # m0 indexed, each memory links the next: 1,001 reachable
        (ws / f"memory/m{i}.md").write_text(
            f"---\nname: m{i}\ndescription: fact {i}\nmetadata:\n  type: project\n---\n"
            f"Fact {i}. Next: [[m{i + 1}]].\n", encoding="utf-8")
    (ws / "MEMORY.md").write_text("# Memory\n\n- [M0](memory/m0.md) — the first\n",
                                  encoding="utf-8")
    (ws / "memory/lone-a.md").write_text(
        "---\nname: lone-a\ndescription: alone\nmetadata:\n  type: project\n---\nA.\n")
    app = open_app(ws, watch=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "3")
        orphans = app.query_one("#orphans-view", AuditTable)
        assert str(orphans.summary(app.result, app.palette)) == (
            "1,002 orphans: 1 unreachable (never enters context), 1,001 reachable only by "
            "following links")
