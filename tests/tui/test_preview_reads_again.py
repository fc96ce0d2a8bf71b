"""The app keeps no memory's text (issue 35): the preview reads the file again and shows it
only while it is the text the audit read (its credentials masked as audited); a file changed
on disk since is not shown until its own audit, and a file swapped for a link to one the
audit never read is never shown."""

from __future__ import annotations

import time
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
        # (after its audit the app draws again what it shows — the file last shown, then
        # the view's row, announced again, which a first move after a rest draws at once:
        # both done before a.md is asked for here, or one may land after and be shown)
        def settled() -> bool:
            row = app.active_view.selection()  # type: ignore[attr-defined]
            return not preview.busy and preview.path == (row[0] if row else None)

        await wait_for(pilot, settled)
        await preview.show("memory/a.md")
        assert "A newer body." in preview.body.source
        await preview.show("memory/b.md")
        assert "never-audited" not in preview.body.source


async def test_a_cached_scan_s_credentials_are_masked_in_the_preview(
        workspace: Path, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A scan from the cache holds no credential's value (newuser22 #30): the preview takes
    the values from the file it reads again, and masks them in the body and the
    frontmatter as a fresh scan's."""
    from textual.widgets import Static

    from memtui.cli import main
    from tests.tui.test_app import _plain

    key = "ghp_" + "7Tq2Lm9XvB4nR8sK1wZ6yH3cJ5dF0gP2aE7u"
    (workspace / "memory" / "k.md").write_text(
        f"---\nname: k\ndescription: the uploader\ntoken: {key}\nmetadata:\n  type: project\n"
        f"---\nGitHub PAT {key} for the uploader\n", encoding="utf-8")
    monkeypatch.delenv("MEMTUI_NO_CACHE")
    monkeypatch.setenv("MEMTUI_CACHE_DIR", str(tmp_path / "cache"))
    # a file is remembered only when no folder on its path changed within the clock's tick
    # of the walk's start (redteam35's `Settled`): k.md was just written into memory/
    time.sleep(2.2)
    main(["audit", str(workspace), "--json"])  # the cache made, then the app's audit is warm
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 40)) as pilot:
        await started(pilot, app)
        assert app.result is not None
        hits = app.result.scans["memory/k.md"].secrets
        assert hits and all(h.value == "" for h in hits)  # from the cache
        preview = app.query_one(MemoryPreview)
        await preview.show("memory/k.md")
        await pilot.pause()
        meta = _plain(preview.query_one("#preview-meta", Static).content)
        assert key not in preview.body.source and "gh…7u" in preview.body.source
        assert key not in meta and "gh…7u" in meta
