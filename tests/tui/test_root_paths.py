"""The Findings view's Where and the Broken view's Source name every file from the
workspace's root, as `memtui audit` does — ``MEMORY.md:23``, ``memory/a.md:7`` — under a
header with no ``(memory/)``: no spelling of a root file read right under one (issue 32
item 7: ``MEMORY.md:23`` read as memory/MEMORY.md; newuser24 #24: ``../MEMORY.md:23`` as
one outside the workspace; newuser26 #7: ``../AGENTS.md`` beside ``MEMORY.md``; newuser29
#17: ``/MEMORY.md:186`` as an absolute path). A filter typed as the report names the file
finds the row."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.views.broken import BrokenLinksView
from memtui.tui.views.findings import FindingsView
from tests.tui.test_app import started, switch

FRONT = "---\nname: {0}\ndescription: {0}\nmetadata:\n  type: project\n---\n"


async def test_root_files_read_from_the_root(tmp_path: Path) -> None:
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
        assert sources == ["MEMORY.md:4", "memory/a.md:7"]
        labels = [t.plain for t in view.table.labels]
        assert not any(t.startswith("Source (") for t in labels), labels
        await switch(pilot, app, "6")
        findings = app.query_one(FindingsView)
        wheres = {str(r.cells[2]) for r in findings.shown}
        assert "MEMORY.md:4" in wheres and "memory/a.md:7" in wheres
        assert not any(w.startswith(("../", "/")) for w in wheres)
        labels = [t.plain for t in findings.table.labels]
        assert not any(t.startswith("Where (") for t in labels), labels


async def test_openclaw_root_files_read_alike_and_filter_as_the_report_names_them(
        tmp_path: Path) -> None:
    """newuser26 #7: AGENTS.md and MEMORY.md, both at an OpenClaw workspace's root and both
    over the bootstrap limit, read ``AGENTS.md`` and ``MEMORY.md``."""
    from tests.core.helpers import make_ws
    from tests.edit.test_agent_ops import openclaw

    root = openclaw(tmp_path)
    make_ws(root, {"AGENTS.md": "# AGENTS.md\n" + "Rule.\n" * 4000,
                   "MEMORY.md": "# MEMORY.md\n" + "- A fact.\n" * 2500})
    app = open_app(root, watch=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "6")
        findings = app.query_one(FindingsView)
        wheres = {str(r.cells[2]) for r in findings.shown}
        assert {"AGENTS.md", "MEMORY.md"} <= wheres, wheres
        assert not any(w.startswith(("../", "/")) for w in wheres), wheres
        await pilot.press("slash", *"AGENTS.md", "enter")
        await pilot.pause(0.3)
        assert {str(r.cells[2]) for r in findings.shown} == {"AGENTS.md"}
