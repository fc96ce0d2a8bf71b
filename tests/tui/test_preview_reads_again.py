"""The app keeps no memory's text (issue 35): the preview reads the file again and shows it
only while it is the text the audit read (its credentials masked as audited); a file changed
on disk since is not shown until its own audit, and a file swapped for a link to one the
audit never read is never shown."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.widgets.preview import CHANGED, MemoryPreview
from tests.tui.conftest import wait_for
from tests.tui.test_app import started


async def test_the_preview_shows_only_audited_text(workspace: Path, tmp_path: Path) -> None:
    secret = tmp_path / "elsewhere.md"
    secret.write_text("---\nname: x\n---\nnever-audited-words here\n", encoding="utf-8")
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        assert app.result is not None
        assert all(not scan.memory.text for scan in app.result.scans.values())
        preview = app.query_one(MemoryPreview)
        await preview.show("memory/a.md")
        assert "A body." in preview.body.source
        assert app.result.scans["memory/a.md"].tokens  # counted from the text read again

        a = workspace / "memory" / "a.md"
        a.write_text(a.read_text(encoding="utf-8").replace("A body.", "A newer body."),
                     encoding="utf-8")
        await preview.show("memory/a.md")
        assert preview.body.source == CHANGED
        b = workspace / "memory" / "b.md"
        b.unlink()
        b.symlink_to(secret)
        await preview.show("memory/b.md")
        assert preview.body.source == CHANGED

        audits = app.audits
        app.start_audit({"memory/a.md", "memory/b.md"})  # their own audit
        await wait_for(pilot, lambda: app.audits > audits)
        await preview.show("memory/a.md")
        assert "A newer body." in preview.body.source
        await preview.show("memory/b.md")
        assert "never-audited" not in preview.body.source
