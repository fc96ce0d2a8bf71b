"""Under a header saying ``(memory/)`` a row at the workspace root reads ``../CLAUDE.md``
(issue 32 item 7: the Broken view's ``Source (memory/)`` over ``MEMORY.md:23``, the
Findings view's ``Where (memory/)`` over ``MEMORY.md:33``), but the index reads
``MEMORY.md:23``, as the text report and JSON name it (newuser24 #24: ``../MEMORY.md:23``
read as a MEMORY.md outside the workspace)."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.views.broken import BrokenLinksView
from memtui.tui.views.findings import FindingsView
from tests.tui.test_app import started, switch

FRONT = "---\nname: {0}\ndescription: {0}\nmetadata:\n  type: project\n---\n"


async def test_root_files_read_as_one_folder_up_but_the_index(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Memory\n\n- [A](memory/a.md) — a\n"
                                    "- [Gone](memory/gone.md) — gone\n", encoding="utf-8")
    (root / "memory" / "a.md").write_text(FRONT.format("a") + "See [b](b.md).\n",
                                          encoding="utf-8")
    app = open_app(root, watch=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "4")
        view = app.query_one(BrokenLinksView)
        sources = sorted(str(r.cells[0]) for r in view.shown)
        assert sources == ["MEMORY.md:4", "a.md:7"]
        await switch(pilot, app, "6")
        findings = app.query_one(FindingsView)
        wheres = {str(r.cells[2]) for r in findings.shown}
        assert "MEMORY.md:4" in wheres and "a.md:7" in wheres
        assert not any(w.startswith("../MEMORY.md") for w in wheres)


def test_another_root_file_reads_one_folder_up() -> None:
    from memtui.tui.widgets.audit_table import source_path

    assert source_path("CLAUDE.md:3", "memory/") == "../CLAUDE.md:3"
    assert source_path("MEMORY.md:3", "memory/") == "MEMORY.md:3"
    assert source_path("memory/a.md:3", "memory/") == "a.md:3"
    assert source_path("MEMORY.md:3", "") == "MEMORY.md:3"
