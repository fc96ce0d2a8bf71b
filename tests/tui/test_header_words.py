"""What the header and the change notice say (issue 32 §6, §7, §15): one count of index
entries everywhere, dangling and fuzzy wikilinks as two counts, and a Claude Code
folder's load limit (both its figures) on the third line at 80 and at 120 columns."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from memtui.core.audit import AuditOptions
from memtui.core.reporting.json_report import to_json
from memtui.tui.app import open_app
from memtui.tui.widgets.health_header import HealthHeader
from tests.tui.conftest import wait_for
from tests.tui.test_app import header_text, started


async def test_the_change_notice_counts_entries_as_the_header_does(workspace: Path) -> None:
    app = open_app(workspace)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await pilot.pause(0.3)  # the watcher is up
        assert "index 3 entries (1 packed)" in header_text(app)
        index = workspace / "MEMORY.md"
        index.write_text(index.read_text(encoding="utf-8")
                         + "- [Lonely](memory/lonely.md) — unreachable no more\n",
                         encoding="utf-8")
        await wait_for(pilot, lambda: app.notice.startswith("MEMORY.md changed"))
        said = re.search(r"index (\d+) entries", header_text(app))
        assert said is not None and said.group(1) == "4"
        assert app.result is not None and to_json(app.result)["index"]["entries"] == 4
        assert app.notice == "MEMORY.md changed — 4 entries (was 3), 1 packed"


async def test_dangling_and_fuzzy_are_two_counts(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        text = header_text(app)
        assert "1 dangling · 1 fuzzy" in text  # [[nobody]] and [[Yield_Source]]
        assert "(1 fuzzy)" not in text


def claude_folder(root: Path, lines: int = 242) -> Path:
    """A Claude Code memory folder whose index is past the 200-line load limit."""
    folder = root / ".claude" / "projects" / "-home-me-plant" / "memory"
    folder.mkdir(parents=True)
    entries = []
    for i in range(lines - 2):
        name = f"note_{i:03d}"
        (folder / f"{name}.md").write_text(
            f"---\nname: {name}\ndescription: note {i}\ntype: project\n---\nBody {i}.\n",
            encoding="utf-8")
        entries.append(f"- [Note {i}]({name}.md) — lot {i}")
    (folder / "MEMORY.md").write_text("# Memory\n\n" + "\n".join(entries) + "\n",
                                      encoding="utf-8")
    return folder


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_load_limit_fits_at_80_and_at_120_columns(tmp_path: Path,
                                                             size: tuple[int, int]) -> None:
    folder = claude_folder(tmp_path)
    app = open_app(folder, watch=False, options=AuditOptions(profile="claude-code"))
    async with app.run_test(size=size) as pilot:
        await started(pilot, app)
        header = app.query_one(HealthHeader)
        await wait_for(pilot, lambda: header.room is not None)
        assert app.result is not None and header.room == size[0] - 2
        third = header.render_text(app.result, app.palette, header.room).plain.split("\n")[2]
        assert len(third) <= header.room, third
        assert "load limit" in third and "242/200 lines" in third, third
        assert f"{app.result.index.size:,}/25,000 B" in third, third
        assert not third.endswith("…"), third


async def test_the_index_preview_says_where_the_load_limit_cuts_it(tmp_path: Path) -> None:
    """newuser24 #6: the preview called MEMORY.md "the index, injected whole every turn"
    beside the Block view's "cut at line 200 by the claude-code load limit"."""
    from textual.widgets import Static

    from memtui.tui.widgets.preview import MemoryPreview

    folder = claude_folder(tmp_path)
    app = open_app(folder, watch=False, options=AuditOptions(profile="claude-code"))
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        preview = app.query_one(MemoryPreview)
        preview.request("MEMORY.md", now=True)
        await wait_for(pilot, lambda: preview.path == "MEMORY.md")
        await pilot.pause(0.2)
        title = str(preview.query_one("#preview-title", Static).content)
        assert "injected whole" not in title
        assert "injected every turn up to line 200 (the claude-code load limit)" in title
