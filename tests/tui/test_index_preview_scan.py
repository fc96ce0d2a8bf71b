"""The preview of MEMORY.md masks what the audit found there without scanning the index
again on the screen's thread when the audit found no credential in it (newuser27 #6: a
730 KB index cost a second of the screen's thread at `3`, where the Index view's preview
was still to be drawn); a credential found, reported or ignored by the config, is still
masked, as the audit's own scan of the same text says."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from memtui.core.creds import detector
from memtui.tui import widgets
from memtui.tui.app import open_app
from memtui.tui.widgets.preview import MemoryPreview
from tests.core.helpers import memory
from tests.tui.conftest import wait_for
from tests.tui.test_app import started

TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"


def workspace(root: Path, index_extra: str = "", config: str = "") -> Path:
    (root / "memory").mkdir(parents=True)
    (root / "memory" / "a.md").write_text(memory("a", "Body.\n"), encoding="utf-8")
    (root / "MEMORY.md").write_text(f"# Memory\n\n- [A](memory/a.md) — what a says\n"
                                    f"{index_extra}", encoding="utf-8")
    if config:
        (root / ".memtui.toml").write_text(config, encoding="utf-8")
    return root


def counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts the preview scans for credentials itself."""
    scanned: list[str] = []

    def scan_text(text: str, *args: Any, **kwargs: Any) -> list[detector.SecretHit]:
        scanned.append(text)
        return detector.scan_text(text, *args, **kwargs)

    monkeypatch.setattr(widgets.preview, "scan_text", scan_text)
    return scanned


async def shown_index(ws: Path) -> tuple[str, str]:
    app = open_app(ws, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        preview = app.query_one(MemoryPreview)
        preview.request("MEMORY.md", now=True)
        await wait_for(pilot, lambda: preview.path == "MEMORY.md")
        await pilot.pause(0.3)
        assert app.result is not None
        return preview.body.source, app.result.index.text


async def test_an_index_without_credentials_is_not_scanned_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scanned = counting(monkeypatch)
    body, text = await shown_index(workspace(tmp_path / "ws"))
    assert "what a says" in body
    assert text not in scanned


@pytest.mark.parametrize("config", ["", 'ignore = ["secret"]\n'])
async def test_an_index_credential_is_masked_reported_or_ignored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, config: str) -> None:
    scanned = counting(monkeypatch)
    body, text = await shown_index(workspace(tmp_path / "ws", f"key {TOKEN}\n", config))
    assert TOKEN not in body and "gh…R8" in body
    assert text in scanned
