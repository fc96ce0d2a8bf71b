"""Core tests never write a token cache into the user's home."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _no_token_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """Never write a token cache into the user's home during tests."""
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    monkeypatch.delenv("MEMTUI_CACHE_DIR", raising=False)

