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


#: Each test of these modules runs on both paths of the sketch's per-text loops: the compiled
#: kernel (``memtui_native``, when it is built here) and the pure-Python steps
#: (`memtui.core.checks.near_duplicate_kernel`): their findings must be the same.
KERNEL_MODULES = ("test_near_duplicate", "test_outputs_identical", "test_blind_rules",
                  "test_blind_sets")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    name = metafunc.module.__name__.rpartition(".")[2]
    if "sketch_kernel" in metafunc.fixturenames and name.startswith(KERNEL_MODULES) \
            and not name.startswith("test_near_duplicate_kernel"):  # which compare the two
        from memtui.core.checks.near_duplicate_kernel import NATIVE
        paths = ["python", "native"] if NATIVE is not None else ["python"]
        metafunc.parametrize("sketch_kernel", paths, indirect=True)


@pytest.fixture(autouse=True)
def sketch_kernel(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The sketch's path for a test of `KERNEL_MODULES` (both, parametrised); others run
    the default (the kernel when built)."""
    path = getattr(request, "param", "default")
    if path == "python":  # in this process, and in those a test starts
        import memtui.core.checks.near_duplicate_kernel as ndk
        import memtui.core.checks.near_duplicate_sketch as nds
        from memtui.core.checks import relative_lines
        from memtui.core.creds import as_seen, mnemonic
        monkeypatch.setattr(nds, "NATIVE", None)
        monkeypatch.setattr(ndk, "NATIVE", None)
        monkeypatch.setattr(as_seen, "COMPILED", None)
        monkeypatch.setattr(mnemonic, "COMPILED", None)
        monkeypatch.setattr(relative_lines, "COMPILED", None)
        monkeypatch.setenv("MEMTUI_PURE_PYTHON", "1")
    return path
