"""The app draws many findings of a kind as one row saying the count (issue 30 §3); each
is still its own finding in the result, and five or fewer are drawn one per row."""

from __future__ import annotations

from pathlib import Path

from memtui.core.reporting.grouping import Group
from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable
from tests.core.helpers import memory
from tests.tui.conftest import wait_for
from tests.tui.test_acting_on_selection import messages
from tests.tui.test_app import started, switch
from tests.tui.test_widths import screen_text


def _ws(root: Path, orphans: int) -> Path:
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("- [a](memory/a.md) — about a\n", encoding="utf-8")
    (root / "memory/a.md").write_text(memory("a"), encoding="utf-8")
    for i in range(orphans):
        (root / f"memory/o{i}.md").write_text(memory(f"o{i}"), encoding="utf-8")
    return root


async def _orphan_rows(root: Path) -> tuple[list[tuple[str, ...]], int, list[str]]:
    app = open_app(root, watch=False)
    async with app.run_test(size=(160, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "6")
        view = app.query_one("#findings-view", AuditTable)
        await wait_for(pilot, lambda: len(view.shown) > 0)
        rows = [tuple(str(c.plain) for c in r.cells)  # type: ignore[union-attr]
                for r in view.shown if r.cells[0].plain == "Orphans"]  # type: ignore[union-attr]
        assert app.result is not None
        found = sum(1 for f in app.result.findings if f.kind == "orphan")
        said: list[str] = []
        group = next((i for i, r in enumerate(view.shown) if isinstance(r.data, Group)), None)
        if group is not None:
            view.table.move_cursor(row=group)
            await pilot.press("o")
            await pilot.pause()
            said = messages(app)[-1:]
        return rows, found, said


async def test_five_orphans_are_five_rows(tmp_path: Path) -> None:
    rows, found, _ = await _orphan_rows(_ws(tmp_path / "w", 5))
    assert found == 5
    assert [r[2] for r in rows] == [f"memory/o{i}.md" for i in range(5)]  # as audit names them


async def test_eight_orphans_are_one_row_saying_the_count(tmp_path: Path) -> None:
    rows, found, said = await _orphan_rows(_ws(tmp_path / "w", 8))
    assert found == 8  # the result keeps one finding per orphan
    assert len(rows) == 1
    assert rows[0][2] == "(8 files)"
    assert rows[0][3].startswith("8 orphans in memory/: o0.md, o1.md, ")
    assert rows[0][3].endswith(" — each: not linked from the index; unreachable: never seen")
    assert said == ["nothing to open: the row under the cursor stands for 8 files (the "
                    "Orphans and Files views list each one)"]


async def test_unlinked_mentions_are_one_row_as_orphans_are(tmp_path: Path) -> None:
    """Issue 32 §22: a Claude Code folder's 180 backticked names the index does not link,
    most on lines past the load limit, were 180 mentions beside 40 orphans. Each named
    memory is an orphan whose finding says the lines naming it (fix40a: one finding, not
    two), and the 40 are one row of the Findings view."""
    root = tmp_path / ".claude" / "projects" / "-home-me-plant" / "memory"
    root.mkdir(parents=True)
    lines = ["# Memory", ""]
    for i in range(60):
        (root / f"note_{i:02d}.md").write_text(memory(f"note_{i:02d}"), encoding="utf-8")
    for i in range(20):  # two mentions on each of these lines
        lines.append(f"- [Note {i}](note_{i:02d}.md) — see `note_{20 + i:02d}.md`, "
                     f"`note_{40 + i:02d}.md`")
    lines += [f"- an old plan, lot {k}" for k in range(50)]
    lines += [f"- also `note_{20 + j % 40:02d}.md`" for j in range(140)]  # to line 212
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    app = open_app(root, watch=False)
    async with app.run_test(size=(160, 40)) as pilot:
        await started(pilot, app)
        assert app.result is not None and app.result.profile == "claude-code"
        assert [f for f in app.result.findings if f.kind == "unlinked_mention"] == []
        told = {f.path: f.message for f in app.result.findings if f.kind == "orphan"}
        assert len(told) == 40
        assert told["note_20.md"].startswith(
            "named in backticks at MEMORY.md:3 (and 4 more lines), not linked from the index")
        await switch(pilot, app, "6")
        view = app.query_one("#findings-view", AuditTable)
        await wait_for(pilot, lambda: len(view.shown) > 0)
        cells = [tuple(str(c.plain) for c in r.cells)  # type: ignore[union-attr]
                 for r in view.shown]
        assert not [c for c in cells if c[0] == "Unlinked mentions"]
        assert len([c for c in cells if c[0] == "Orphans"]) == 1


async def test_many_lines_of_one_file_name_the_file_and_the_lines(tmp_path: Path) -> None:
    """newuser24 #32: 45 index lines with no link were one row whose Where read "(1 file)",
    hiding that the file is MEMORY.md and that there are 45 lines; `o` on it says so."""
    root = tmp_path / ".claude" / "projects" / "-home-me-plant" / "memory"
    root.mkdir(parents=True)
    (root / "a.md").write_text(memory("a"), encoding="utf-8")
    lines = ["# Memory", "", "- [A](a.md) — about a"]
    lines += [f"- lot {k} ran hot on the third shift; the fix was a nitrogen purge of the "
              "chamber before the first wafer, then a slower ramp to the set point"
              for k in range(45)]
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    app = open_app(root, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        assert app.result is not None
        assert sum(f.kind == "content_in_index" for f in app.result.findings) == 45
        await switch(pilot, app, "6")
        view = app.query_one("#findings-view", AuditTable)
        await wait_for(pilot, lambda: len(view.shown) > 0)
        group = next(i for i, r in enumerate(view.shown)
                     if isinstance(r.data, Group) and r.data.kind == "content_in_index")
        assert view.shown[group].cells[2].plain == "MEMORY.md (45 lines)"  # type: ignore[union-attr]
        await pilot.pause(0.2)
        assert "MEMORY.md (45 lines)" in screen_text(app)  # drawn whole at 120 columns
        view.table.move_cursor(row=group)
        await pilot.press("o")
        await pilot.pause()
        assert messages(app)[-1:] == ["nothing to open: the row under the cursor stands for "
                                      "45 lines of MEMORY.md (the message names them)"]
