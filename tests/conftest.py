"""Every test runs with its own empty user config folder: a developer's
``~/.config/memtui/config.toml`` (the audit's user-level defaults) or theme must not
change what a test sees, in-process or in the subprocesses it starts."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.tmux import tmux_server

# Speed is measured in bench/, not asserted in tests: on a shared, loaded machine hypothesis'
# per-example deadline and its "input generation is slow" check fail a correct test
# (tests/edit/test_rawtext.py under load ~10, session 26); what each test checks is kept.
settings.register_profile("memtui", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("memtui")


@pytest.fixture(autouse=True)
def _own_user_config_dir(tmp_path_factory: pytest.TempPathFactory,
                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path_factory.mktemp("user-config")))


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[list[str]]:
    """A private tmux server (its own socket), killed at the end (tests/tmux.py)."""
    yield from tmux_server(str(tmp_path / "tmux.sock"))
