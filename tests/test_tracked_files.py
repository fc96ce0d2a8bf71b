"""Nothing stray is committed: no built package, no big file, outside the places that may hold
one (issue 32 #24: an 80 KB ``yappi-…whl`` sat at the repository root)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MAX_BYTES = 1_000_000
PACKAGE_SUFFIXES = (".whl", ".tar.gz", ".tgz", ".zip", ".egg", ".tar", ".gguf", ".so")
# Folders that may hold such a file on purpose (none today); a path under one is exempt.
ALLOWED_DIRS: tuple[str, ...] = ()


def tracked() -> list[str]:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    out = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True, check=True
    ).stdout
    return [p for p in out.decode("utf-8", "surrogateescape").split("\0") if p]


def exempt(path: str) -> bool:
    return any(path.startswith(d.rstrip("/") + "/") for d in ALLOWED_DIRS)


def test_no_built_package_is_tracked() -> None:
    stray = [p for p in tracked() if p.lower().endswith(PACKAGE_SUFFIXES) and not exempt(p)]
    assert stray == [], f"built packages committed: {stray}"


def test_no_tracked_file_is_over_a_megabyte() -> None:
    big = []
    for p in tracked():
        f = ROOT / p
        if f.is_file() and not f.is_symlink() and f.stat().st_size > MAX_BYTES and not exempt(p):
            big.append((p, f.stat().st_size))
    assert big == [], f"files over {MAX_BYTES} bytes committed: {big}"
