"""The app's second launch (issue 21, the app's first audit warm): its first audit on
screen is the one kept in the user cache (no file scanned, nothing derived), the scans
follow behind it, a live change then re-audits as before, and quitting keeps the last
re-audit for the next launch."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.caches import derived as derived_cache
from memtui.core.workspace import open_workspace
from memtui.tui.app import MemtuiApp, open_app
from tests.core.helpers import settled, uncached
from tests.tui.conftest import wait_for
from tests.tui.test_app import header_text

OLD = time.time() - 3 * 86400


@pytest.fixture
def cached(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.delenv("MEMTUI_NO_CACHE", raising=False)
    monkeypatch.setenv("MEMTUI_CACHE_DIR", str(tmp_path / "cache"))
    settled(monkeypatch)  # the files written a moment ago count as settled
    return tmp_path / "cache"


def _aged(root: Path) -> None:
    for path in root.rglob("*.md"):
        os.utime(path, (OLD, OLD))


def _findings(app: MemtuiApp) -> list[tuple[object, ...]]:
    assert app.result is not None
    return sorted((f.kind, f.path, f.line, f.message) for f in app.result.findings)


def _fresh(root: Path) -> list[tuple[object, ...]]:
    with uncached():
        result = Auditor(open_workspace(root), AuditOptions()).run()
    return sorted((f.kind, f.path, f.line, f.message) for f in result.findings)


async def _launch(root: Path, watch: bool, then: Any = None
                  ) -> tuple[list[bool], list[tuple[object, ...]], str]:
    """Run the app until its audit is complete (and ``then(pilot, app)``); what the first
    shown result's scans were (from the cache or not), its findings and header."""
    app = open_app(root, watch=watch)
    shown: list[bool] = []
    audited = app._audited

    def seen(result: Any, *args: Any, **kwargs: Any) -> None:
        shown.append(isinstance(result.scans, derived_cache.StoredScans))
        audited(result, *args, **kwargs)
    app._audited = seen  # type: ignore[method-assign]
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready)
        assert app.auditor.holds_scans  # the scans followed the first audit on screen
        if then is not None:
            await then(pilot, app)
        found, header = _findings(app), header_text(app)
    return shown, found, header


async def test_the_second_launch_shows_the_kept_audit_first(workspace: Path,
                                                             cached: Path) -> None:
    _aged(workspace)
    shown, found, header = await _launch(workspace, watch=False)
    assert shown and not any(shown)  # derived afresh, and kept
    assert list(cached.glob("derived-*.json"))
    again, found_again, header_again = await _launch(workspace, watch=False)
    assert again[0]  # the first result on screen came from the cache
    assert found_again == found == _fresh(workspace) and header_again == header


async def test_a_live_change_after_a_warm_start_is_kept_for_the_next(workspace: Path,
                                                                     cached: Path) -> None:
    _aged(workspace)
    await _launch(workspace, watch=False)
    path = workspace / "memory" / "a.md"

    async def edit(pilot: Any, app: MemtuiApp) -> None:
        await pilot.pause(0.3)  # the watcher is up
        path.write_text("---\nname: a\ndescription: a\nmetadata:\n  type: project\n---\n"
                        "A body, now naming [[nobody-here]].\n", encoding="utf-8")
        os.utime(path, (OLD, OLD))  # as if written a while ago: its key can vouch for it
        await wait_for(pilot, lambda: any("nobody-here" in f.message
                                          for f in app.result.findings))  # type: ignore[union-attr]
        assert app.notice.startswith("memory/a.md changed")
        await wait_for(pilot, lambda: not app._auditing)

    shown, found, _ = await _launch(workspace, watch=True, then=edit)
    assert shown[0]  # the warm start
    nxt, found_next, _ = await _launch(workspace, watch=False)
    assert nxt[0] and found_next == found == _fresh(workspace)  # kept as the app quit
    assert any("nobody-here" in f[3] for f in found_next)  # type: ignore[operator]
