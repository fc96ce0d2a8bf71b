"""newuser36 #31: the workspace folder moved away while the app was open: an audit of it
showed a clean, empty memory ("0 memories · no index · 0 orphans"), and ``r`` said
"auditing again …" with nothing after. The figures from before stay, the notice says the
folder is gone, and ``r`` says so at once."""

from __future__ import annotations

from pathlib import Path

from memtui.demo import demo_copy
from memtui.tui.app import open_app
from tests.tui.test_app import started


async def test_a_folder_moved_away_is_said_gone(tmp_path: Path) -> None:
    ws = demo_copy(tmp_path)
    app = open_app(ws, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        files = len(app.result.files)
        assert files > 0
        root = Path(app.workspace.root)
        root.rename(root.with_name(root.name + "-moved"))
        app.start_audit({"MEMORY.md"})  # what the watcher does on the change it saw
        await pilot.pause(1.0)
        assert len(app.result.files) == files  # not an empty, healthy-looking memory
        assert app.notice.startswith("the workspace folder is gone"), app.notice
        app.set_notice("")
        await pilot.press("r")
        await pilot.pause(0.1)
        assert app.notice.startswith("the workspace folder is gone"), app.notice
