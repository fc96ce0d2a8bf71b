"""newuser28 #11: a workspace's own ``.memtui.toml`` switched the operator's approvals off —
``[agent] ask-before = []``, or a file that only sets ``ignore`` (it replaces the user-level
file whole). The workspace comes with the memories a planted order comes from: it may add
kinds to the operator's, never take one away."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.agent.settings import asked_kinds
from memtui.core.config import load_config
from memtui.tui.app import open_app


def workspace(root: Path, toml: str | None) -> Path:
    (root / "memory").mkdir(parents=True)
    (root / "memory" / "a.md").write_text("---\nname: a\ndescription: a\ntype: user\n---\nA.\n",
                                          encoding="utf-8")
    (root / "MEMORY.md").write_text("- [A](memory/a.md) — a\n", encoding="utf-8")
    if toml is not None:
        (root / ".memtui.toml").write_text(toml, encoding="utf-8")
    return root


@pytest.fixture
def operator(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "userconf"
    folder.mkdir()
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(folder))
    return folder


@pytest.mark.parametrize(("toml", "user", "want"), [
    ('ignore = ["stale"]\n', '[agent]\nask-before = ["delete", "write"]\n', ("delete", "write")),
    ('[agent]\nask-before = []\n', None, ("delete",)),  # main: () — nothing asked
    ('[agent]\nask-before = []\n', '[agent]\nask-before = ["write"]\n', ("write",)),
    ('[agent]\nask-before = ["write"]\n', None, ("delete", "write")),  # it may add
    (None, '[agent]\nask-before = []\n', ()),  # the operator's own file decides alone
])
def test_a_workspace_adds_to_the_operator_s_approvals_never_removes(
        tmp_path: Path, operator: Path, toml: str | None, user: str | None,
        want: tuple[str, ...]) -> None:
    if user is not None:
        (operator / "config.toml").write_text(user, encoding="utf-8")
    root = workspace(tmp_path / "ws", toml)
    assert asked_kinds(load_config(root), root) == want


def test_a_config_outside_the_workspace_is_the_operator_s(tmp_path: Path,
                                                          operator: Path) -> None:
    root = workspace(tmp_path / "ws", '[agent]\nask-before = ["write"]\n')
    outside = tmp_path / "ci.toml"
    outside.write_text("[agent]\nask-before = []\n", encoding="utf-8")
    assert asked_kinds(load_config(root, str(outside)), root) == ()


async def test_the_app_keeps_the_operator_s_approvals(tmp_path: Path, operator: Path) -> None:
    (operator / "config.toml").write_text('[agent]\nask-before = ["delete", "write"]\n',
                                          encoding="utf-8")
    root = workspace(tmp_path / "ws", 'ignore = ["stale"]\n')
    app = open_app(root, watch=False)
    assert app.settings.ask_before == ("delete", "write")  # main: ("delete",)
