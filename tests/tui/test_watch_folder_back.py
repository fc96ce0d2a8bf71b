"""newuser24 #47: the workspace folder removed while the app is open (a git checkout of a
branch without it) and back: the app says it is not watching, then that it watches again,
audits the folder that came back, and later edits show by themselves, as before."""

from __future__ import annotations

import shutil
from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.watcher import BACK, GONE
from tests.tui.conftest import wait_for


def index_lines(app: object) -> int:
    result = app.result  # type: ignore[attr-defined]
    return len(result.index.lines) if result is not None and result.index else 0


async def test_the_app_watches_the_folder_again_once_it_is_back(workspace: Path,
                                                                tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(workspace, copy)
    app = open_app(workspace, watch=True)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1)
        before = index_lines(app)
        shutil.rmtree(workspace)
        await wait_for(pilot, lambda: app.watch_problem == GONE, timeout=30)
        # it stays: once the deletion's change notice is gone, the status line says it
        await wait_for(pilot, lambda: app.notice == GONE, timeout=30)
        shutil.copytree(copy, workspace)
        await wait_for(pilot, lambda: app.notice == BACK, timeout=30)
        assert app.watch_problem is None  # nothing lasting is wrong any more
        audits = app.audits
        for n in (1, 2):  # each edit shows by itself, without r
            with open(workspace / "MEMORY.md", "a", encoding="utf-8") as f:
                f.write(f"- added {n}\n")
            await wait_for(pilot, lambda n=n: index_lines(app) == before + n, timeout=30)
        assert app.audits > audits
