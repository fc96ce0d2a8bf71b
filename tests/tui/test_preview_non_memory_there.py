"""newuser30 #21 (addendum): the preview of a file the audit reported a credential in that
is no memory (OpenClaw's TOOLS.md, a file beside the memories) read "not a memory file
here (missing or deleted)", though the file is there. It says the file is there; a path
that is gone keeps "missing or deleted"."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from memtui.demo import demo_copy
from memtui.tui.app import open_app
from memtui.tui.widgets.preview import MemoryPreview
from tests.tui.test_app import started

TOKEN = "GitHub token: ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A\n"


async def test_a_non_memory_file_that_is_there_is_not_called_missing(tmp_path: Path) -> None:
    ws = demo_copy(tmp_path)
    (ws / "memory" / "notes.txt").write_text("keys\n" + TOKEN)
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        assert any(f.path == "memory/notes.txt" and f.kind == "secret"
                   for f in app.result.findings)
        preview = app.query_one(MemoryPreview)
        for path, said in (("memory/notes.txt", "not a memory file: it is there"),
                           ("memory/gone.txt", "missing or deleted")):
            preview.show_now(path)
            await pilot.pause()
            meta = str(preview.query_one("#preview-meta", Static).render())
            assert said in meta, meta
            assert ("missing" in meta) == (path == "memory/gone.txt")
