"""Every test runs with its own empty user config folder: a developer's
``~/.config/memtui/config.toml`` (the audit's user-level defaults) or theme must not
change what a test sees, in-process or in the subprocesses it starts."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _own_user_config_dir(tmp_path_factory: pytest.TempPathFactory,
                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path_factory.mktemp("user-config")))
