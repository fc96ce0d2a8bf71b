"""The repoint picker offers only the files the audit counts as memories (newuser26 #26: in
a Gemini folder, ``e`` listed the skill draft ``skills/x.md`` among "3 memories" while the
header counted 2, and picking it failed with "no topic file at skills/x.md (did you mean
'x'?)", naming the same file). Given on the command line, such a file is refused saying
what it is."""

from __future__ import annotations

from pathlib import Path

from memtui.core.workspace import open_workspace
from memtui.edit import gemini_ops
from memtui.edit.errors import Refused
from memtui.edit.snapshot import Snapshot
from memtui.tui.app import open_app
from memtui.tui.dialogs.memory_picker import MemoryPickerScreen
from memtui.tui.widgets.audit_table import AuditTable
from tests.core.helpers import make_ws
from tests.tui.conftest import wait_for
from tests.tui.test_acting_on_selection import dialog
from tests.tui.test_app import started, switch


def gemini(tmp_path: Path) -> Path:
    folder = tmp_path / ".gemini" / "tmp" / "proj1" / "memory"
    make_ws(folder, {"build.md": "# Build\nmake all.\n", "testing.md": "# Testing\npytest.\n",
                     "skills/x.md": "---\nname: x\n---\nA skill draft.\n"})
    root = folder.resolve()
    make_ws(folder, {"MEMORY.md": f"- See {root}/build.md for build notes.\n"
                                  f"- See {root}/deploy.md for deploy notes.\n"})
    return folder


async def test_gemini_e_offers_topic_files_only(tmp_path: Path) -> None:
    folder = gemini(tmp_path)
    app = open_app(folder, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        assert app.result is not None and len(app.result.scans) == 2
        await switch(pilot, app, "4")
        broken = app.query_one("#broken-view", AuditTable)
        await wait_for(pilot, lambda: broken.table.row_count == 1)
        await pilot.press("e")
        screen = await dialog(pilot, app, MemoryPickerScreen)
        offered = [c.path for c in screen.candidates]
        assert "skills/x.md" not in offered, offered
        assert "testing.md" in offered


def test_a_skill_draft_named_as_the_new_target_is_refused_as_what_it_is(
        tmp_path: Path) -> None:
    snap = Snapshot.read(open_workspace(gemini(tmp_path)))
    try:
        gemini_ops.repoint_pointer(snap, "deploy.md", "skills/x.md")
    except Refused as exc:
        assert str(exc) == ("skills/x.md is not a Gemini topic file (skills/ and .inbox/ "
                            "hold no memories); nothing was written")
    else:
        raise AssertionError("repointed onto a skill draft")
