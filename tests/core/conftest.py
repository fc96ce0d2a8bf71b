"""Core tests never write a token cache into the user's home; ``cache``: a test's own."""

from __future__ import annotations

from pathlib import Path

import pytest

import memtui.core.caches.scans as scan_cache
from tests.core.helpers import settled

REAL_TICK = scan_cache.GRANULARITY_NS


@pytest.fixture(autouse=True)
def _no_token_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """Never write a token cache into the user's home during tests."""
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    monkeypatch.delenv("MEMTUI_CACHE_DIR", raising=False)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user cache folder of this test's own (the caches on), files written before an
    audit settled (`settled`)."""
    folder = tmp_path / "cache"
    monkeypatch.delenv("MEMTUI_NO_CACHE", raising=False)
    monkeypatch.setenv("MEMTUI_CACHE_DIR", str(folder))
    settled(monkeypatch)
    return folder


@pytest.fixture
def real_tick(monkeypatch: pytest.MonkeyPatch) -> None:
    """The caches' real window for a clock's tick (after `cache` made it 0)."""
    monkeypatch.setattr(scan_cache, "GRANULARITY_NS", REAL_TICK)
