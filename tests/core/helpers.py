"""Helpers for core tests: handmade workspaces in tmp_path, audited with a fixed clock."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import pytest

import memtui.core.caches.scans as scan_cache
from memtui.core.audit import AuditOptions, Auditor, AuditResult, audit
from memtui.core.workspace import open_workspace

#: The fixed "now" of every test audit: 2026-07-26 00:00 UTC.
NOW = 1_785_024_000.0
DAY = 86400.0


def make_ws(root: Path, files: Mapping[str, str | bytes], days_ago: float = 1.0) -> Path:
    """Write ``files`` (relative path → text or bytes) under ``root``; mtimes ``days_ago``."""
    root.mkdir(parents=True, exist_ok=True)
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8", newline="")
        when = NOW - days_ago * DAY
        os.utime(path, (when, when))
    return root


def messages(root: Path, kind: str, files: Mapping[str, str]) -> dict[str, str]:
    """Write ``files`` (relative path → text) under ``root`` as they are (mtime now), audit
    it as ``memtui audit`` does (the real clock) and give each ``kind`` finding's path →
    message."""
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return {f.path: f.message for f in audit(root).findings if f.kind == kind}


def settled(monkeypatch: pytest.MonkeyPatch) -> None:
    """Files written before an audit began count as settled: the caches' window for a
    clock's tick (`memtui.core.caches.scans.GRANULARITY_NS`, 2 s for FAT) made 0.

    A test writes its files a moment before its first audit, and their ctime (which no
    one can set back, unlike the mtime `make_ws` sets) is that moment: with the real
    window every second audit would read them again to confirm them. The tests of the
    window itself and of what the ctime catches run with the real one (`real_tick`,
    tests/core/conftest.py)."""
    monkeypatch.setattr(scan_cache, "GRANULARITY_NS", 0)


def run_audit(root: Path, **options: object) -> AuditResult:
    """Audit ``root`` with the fixed clock; ``options`` are AuditOptions fields."""
    opts = AuditOptions(now=NOW, **options)  # type: ignore[arg-type]
    return Auditor(open_workspace(root), opts).run()


def memory(name: str, body: str = "", type_: str = "project",
           description: str | None = None, extra: str = "") -> str:
    """A well-formed memory file."""
    desc = description if description is not None else f"about {name}"
    return (f"---\nname: {name}\ndescription: \"{desc}\"\nmetadata:\n  type: {type_}\n"
            f"{extra}---\n{body}")


def found(result: AuditResult, kind: str) -> list[tuple[str, int | None]]:
    """(path, line) of every finding of ``kind``, in report order."""
    return [(f.path, f.line) for f in result.findings if f.kind == kind]


_OPENED: list[list[str]] = []  # the lists of the `opened_files` blocks now running


def _hook(event: str, args: tuple[object, ...]) -> None:
    if event == "open" and _OPENED and args and isinstance(args[0], str | Path):
        for opened in _OPENED:
            opened.append(os.fspath(args[0]))  # type: ignore[arg-type]


sys.addaudithook(_hook)  # once per process: audit hooks cannot be removed


@contextmanager
def opened_files() -> Iterator[list[str]]:
    """Every path this process opens inside the block (an audit hook)."""
    opened: list[str] = []
    _OPENED.append(opened)
    try:
        yield opened
    finally:
        _OPENED.remove(opened)


@contextmanager
def uncached() -> Iterator[None]:
    """No user cache at all inside the block (``MEMTUI_CACHE_DIR`` set back after)."""
    saved = os.environ.pop("MEMTUI_CACHE_DIR", None)
    os.environ["MEMTUI_NO_CACHE"] = "1"
    try:
        yield
    finally:
        if saved is not None:
            os.environ["MEMTUI_CACHE_DIR"] = saved
        del os.environ["MEMTUI_NO_CACHE"]
