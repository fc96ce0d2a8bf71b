"""The preview's body is drawn after its title and frontmatter are painted (issue 35, the
counting freeze: the file's show, its markdown parsed, measured and painted with the rest
were one 40–55 ms freeze of the first audit), and the other views' rows are built once the
preview has drawn it (built meanwhile, they took the interpreter from both paints)."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from memtui.core.audit import AuditOptions
from memtui.core.workspace import open_workspace
from memtui.tui import audit_worker
from memtui.tui.app import MemtuiApp
from memtui.tui.widgets.blank import PreviewPart
from memtui.tui.widgets.markdown_body import MarkdownBody
from memtui.tui.widgets.preview import MemoryPreview
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch
from tests.tui.test_resize_cursor import indexed


def _watched(monkeypatch: Any) -> list[tuple[str, str]]:
    """What happens, in order: the preview's title and frontmatter painted (their words),
    a body given a source, the other views' rows handed over."""
    log: list[tuple[str, str]] = []
    render_lines, show = PreviewPart.render_lines, MarkdownBody.show
    more_rows = audit_worker.AuditWorker._more_rows

    def painted(self: PreviewPart, crop: Any) -> Any:
        lines = render_lines(self, crop)
        if self.id in ("preview-title", "preview-meta"):
            log.append((self.id, "".join(s.text for s in lines)))
        return lines

    def shown(self: MarkdownBody, source: str, palette: Any = None) -> None:
        log.append(("body", source))
        show(self, source, palette)

    def more(self: Any, result: Any, rows: Any, *rest: Any) -> None:
        log.append(("rows", ",".join(sorted(rows))))
        more_rows(self, result, rows, *rest)

    monkeypatch.setattr(PreviewPart, "render_lines", painted)
    monkeypatch.setattr(MarkdownBody, "show", shown)
    monkeypatch.setattr(audit_worker.AuditWorker, "_more_rows", more)
    return log


async def test_the_body_is_drawn_after_its_frontmatter_is_painted(tmp_path: Path,
                                                            monkeypatch: Any) -> None:
    log = _watched(monkeypatch)
    app = MemtuiApp(open_workspace(indexed(tmp_path, 30)), AuditOptions(), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        preview = app.query_one(MemoryPreview)
        await wait_for(pilot, lambda: preview.path is not None and not preview.busy)
        path = preview.path
        assert path is not None
        body = next(i for i, (what, text) in enumerate(log)
                    if what == "body" and "Fact" in text)
        # the title named the file and its frontmatter was on screen before its body was
        # parsed and drawn
        assert any(what == "preview-title" and path in text for what, text in log[:body])
        assert any(what == "preview-meta" and "f" in text for what, text in log[:body]), log
        # and the body is shown, with the parts under it
        await pilot.pause()
        assert preview.body.display and "Fact" in preview.body.source
        assert preview.body.region.height > 0
        assert preview.query_one("#preview-age").display
        # the other views' rows came after that body (not built during its paint)
        rows = next(i for i, (what, _) in enumerate(log) if what == "rows")
        assert rows > body, log


async def test_a_newer_request_drops_the_body_still_to_come(tmp_path: Path) -> None:
    app = MemtuiApp(open_workspace(indexed(tmp_path, 30)), AuditOptions(), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        preview = app.query_one(MemoryPreview)
        await wait_for(pilot, lambda: preview.path is not None and not preview.busy)
        await preview.show("memory/f03.md", later=True)
        assert preview.busy and not preview.body.display  # title and meta first
        preview.request("memory/f04.md", now=True)  # before the body of f03 is drawn
        await wait_for(pilot, lambda: preview.path == "memory/f04.md" and not preview.busy)
        await pilot.pause()
        assert "Fact 4." in preview.body.source and preview.body.display
        assert "Fact 3." not in preview.body.source


async def test_a_switch_still_draws_the_body_in_its_frame(tmp_path: Path) -> None:
    app = MemtuiApp(open_workspace(indexed(tmp_path, 30)), AuditOptions(), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        preview = app.query_one(MemoryPreview)
        await wait_for(pilot, lambda: preview.path is not None and not preview.busy)
        await switch(pilot, app, "2")  # the Files view: its first row's file
        assert not preview.busy
        assert preview.body.display and "Fact" in preview.body.source


async def test_the_worker_waits_for_the_preview_to_draw(tmp_path: Path) -> None:
    app = MemtuiApp(open_workspace(indexed(tmp_path, 30)), AuditOptions(), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        preview = app.query_one(MemoryPreview)
        await wait_for(pilot, lambda: preview.path is not None and not preview.busy)
        drawn = threading.Event()
        preview.request("memory/f04.md")  # (the first move after a rest: drawn at once)
        preview.request("memory/f05.md")  # the keys repeat: drawn once the cursor has
        # rested (0.25 s)
        app._when_drawn(drawn, time.monotonic() + 5)
        await pilot.pause(0.1)
        assert preview.busy and not drawn.is_set()
        await wait_for(pilot, drawn.is_set)
        assert preview.path == "memory/f05.md" and not preview.busy
        assert "Fact 5." in preview.body.source
        # and never longer than its deadline
        late = threading.Event()
        preview.request("memory/f07.md")
        preview.request("memory/f06.md")  # (a second request within SETTLE waits)
        app._when_drawn(late, time.monotonic())
        await wait_for(pilot, late.is_set)
        assert preview.path != "memory/f06.md"
