"""newuser40 #23: the Orphans view cut long names in the middle, so Codex's rollout
summaries read ``rollout_sum…-metricas.md``: the date, what tells them apart, was gone.
A cut keeps the whole last path component when it fits (real files, the real app)."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text

from memtui.core.audit import AuditOptions
from memtui.core.workspace import open_workspace
from memtui.tui.widgets.cell_cut import middle_cut
from tests.tui.test_app import started, switch

NAMES = ("2026-11-18-metricas", "2026-11-19-astreinte", "2026-11-20-db-primary")


def test_a_cut_path_keeps_its_file_name() -> None:
    path = "rollout_summaries/2026-11-18-metricas.md"
    assert middle_cut(Text(path), 24).plain == "r…2026-11-18-metricas.md"
    assert middle_cut(Text(path), 23).plain == "…2026-11-18-metricas.md"
    assert middle_cut(Text("memory/deep/folder/x.md:12"), 16).plain == "memory/…/x.md:12"
    # a file name too long for the cell: that name alone, cut in its middle
    assert middle_cut(Text("rollout_summaries/2026-11-20-db-primary.md"), 23).plain == \
        "2026-11-20-…-primary.md"
    assert middle_cut(Text("b" * 40), 11).plain == "bbbbb…bbbbb"  # (no path: as before)


async def test_the_orphans_view_shows_the_dates(tmp_path: Path) -> None:
    from memtui.tui.app import MemtuiApp

    mem = tmp_path / ".codex" / "memories"
    (mem / "rollout_summaries").mkdir(parents=True)
    (mem / "memory_summary.md").write_text("# Summary\n\n- Ship.\n", encoding="utf-8")
    for name in NAMES:
        (mem / "rollout_summaries" / f"{name}.md").write_text(f"# {name}\n\nDone.\n",
                                                              encoding="utf-8")
    app = MemtuiApp(open_workspace(str(mem)), AuditOptions(), watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "3")
        await pilot.pause()
        screen = app.export_screenshot().replace("&#160;", " ")
        assert ">…2026-11-18-metricas.md<" in screen or "2026-11-18-metricas.md" in screen
        for name in NAMES:  # the dates, what tells the names apart, stay
            assert screen.count(name[:11]) >= 1, name
        assert "rollout_sum…" not in screen
