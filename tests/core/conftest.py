"""Core tests never write a token cache into the user's home; ``cache``: a test's own."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _no_token_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """Never write a token cache into the user's home during tests."""
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    monkeypatch.delenv("MEMTUI_CACHE_DIR", raising=False)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user cache folder of this test's own (the caches on)."""
    folder = tmp_path / "cache"
    monkeypatch.delenv("MEMTUI_NO_CACHE", raising=False)
    monkeypatch.setenv("MEMTUI_CACHE_DIR", str(folder))
    return folder
