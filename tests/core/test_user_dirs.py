"""memtui's cache and config folders are platformdirs' on this platform, under every shape
of XDG variable and home, without importing platformdirs on Linux."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest

from memtui.core.files.user_dirs import user_dir

CASES = [
    {},
    {"XDG_CACHE_HOME": "/srv/c", "XDG_CONFIG_HOME": "/srv/k"},
    {"XDG_CACHE_HOME": "relative/c", "XDG_CONFIG_HOME": "relative/k"},  # ignored
    {"XDG_CACHE_HOME": "", "XDG_CONFIG_HOME": ""},
    {"HOME": "/home/someone"},
    {"HOME": "/home/someone/", "XDG_CONFIG_HOME": "/x/y/"},
]


@pytest.mark.skipif(sys.platform in ("darwin", "win32"), reason="platformdirs answers there")
@pytest.mark.parametrize("env", CASES)
def test_same_folders_as_platformdirs(env: dict[str, str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("XDG_CACHE_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert user_dir("cache") == Path(platformdirs.user_cache_dir("memtui", appauthor=False))
    assert user_dir("config") == Path(platformdirs.user_config_dir("memtui"))


@pytest.mark.skipif(sys.platform in ("darwin", "win32"), reason="platformdirs answers there")
def test_a_relative_home_falls_back_to_the_account(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", "not/absolute")
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    got = user_dir("cache")
    assert got is not None and got.is_absolute()
    assert got == Path(platformdirs.user_cache_dir("memtui", appauthor=False))


def test_an_audit_does_not_import_platformdirs(tmp_path: Path) -> None:
    """The reason this module exists: the audit's cold start pays nothing for it."""
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "MEMORY.md").write_text("# Memory\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "MEMTUI_CONFIG_DIR"}
    env["MEMTUI_CACHE_DIR"] = str(tmp_path / "cache")
    code = ("import sys; from memtui.cli import main\n"
            "main(['audit', sys.argv[1], '--json'])\n"
            "print('platformdirs' in sys.modules, file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", code, str(ws)], env=env, capture_output=True,
                         text=True, check=True)
    expected = "True" if sys.platform in ("darwin", "win32") else "False"
    assert out.stderr.strip().splitlines()[-1] == expected
