"""Every test runs with its own empty user config folder: a developer's
``~/.config/memtui/config.toml`` (the audit's user-level defaults) or theme must not
change what a test sees, in-process or in the subprocesses it starts. The user cache is
this run's own too (one folder per pytest process, so per xdist worker: `_own_user_cache_dir`),
never ``~/.cache/memtui``, which two workers, or two runs at once, would share."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.tmux import end_all_on_signal, tmux_server

# Speed is measured in bench/, not asserted in tests: on a shared, loaded machine hypothesis'
# per-example deadline and its "input generation is slow" check fail a correct test
# (tests/edit/test_rawtext.py under load ~10, session 26); what each test checks is kept.
settings.register_profile("memtui", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("memtui")
# A run stopped by a signal ends the tmux servers and own-session apps its tests started
# (newuser30 #26: they outlived a killed run by an hour).
end_all_on_signal()


@pytest.fixture(autouse=True)
def _own_user_config_dir(tmp_path_factory: pytest.TempPathFactory,
                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path_factory.mktemp("user-config")))


@pytest.fixture(autouse=True)
def _no_terminal_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """No ``COLUMNS`` or ``LINES`` unless a test sets them: pytest-xdist's workers inherit
    ``COLUMNS=80 LINES=24`` from their parent, where importing ``readline`` exported them
    (GNU readline does), and the text report wraps at ``COLUMNS`` where a serial run,
    without it, wrote whole lines (test_agent_profile_view.py failed under ``-n 2``)."""
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)


@pytest.fixture(scope="session")
def _user_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A user cache folder for this pytest process (not created: memtui makes it, 0700)."""
    return str(tmp_path_factory.getbasetemp() / "user-cache")


@pytest.fixture(autouse=True)
def _own_user_cache_dir(_user_cache_dir: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where a test sets no cache of its own (``MEMTUI_NO_CACHE``, ``MEMTUI_CACHE_DIR``,
    which the directories' fixtures and the tests set after this), memtui's caches go to
    this process' folder, kept from test to test as ``~/.cache/memtui`` was in a serial
    run, and never shared between xdist's workers."""
    monkeypatch.setenv("MEMTUI_CACHE_DIR", _user_cache_dir)


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[list[str]]:
    """A private tmux server (its own socket), killed at the end (tests/tmux.py)."""
    yield from tmux_server(str(tmp_path / "tmux.sock"))
