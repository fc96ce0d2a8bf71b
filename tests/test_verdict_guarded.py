"""No audited workspace accepts a guarded finding by itself, in every run that decides a
verdict (`memtui.core.verdict`): a text the credential check did not read is guarded like a
credential (newuser32 #19: a padded memory's own commit switched ``unchecked_text`` off),
and a fleet (`--discover`) does not let a workspace's own ``.memtui.toml`` hide its
credentials (newuser32 #23: "0 secrets, exit 0")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main
from memtui.core.verdict import GUARDED
from tests.core.helpers import memory

KEY = "The deploy password is `Zq8!vR2#pL9wX4`.\n"
#: More credentials than the check reads in one text: 100 ``secret`` errors and an
#: ``unchecked_text`` error for the rest (cheaper than a padded text's 5,001 lines).
PADDED = "".join(f"token{i}: ghp_{i:04d}Zq8vR2pL9wX4Yb6Nd3Ks7Tm1Hc5Jf\n" for i in range(101))


def _ws(root: Path, body: str, config: str | None = None) -> Path:
    root.mkdir(parents=True)
    (root / "MEMORY.md").write_text("- [A](a.md) — about a\n")
    (root / "a.md").write_text(memory("a", body))
    if config is not None:
        (root / ".memtui.toml").write_text(config)
    return root


def test_the_rules_name_what_is_guarded() -> None:
    assert {"secret", "unchecked_text"} == GUARDED


@pytest.fixture(scope="module")
def padded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("padded")


@pytest.mark.parametrize("config", ['ignore = ["unchecked_text", "secret"]\n',
                                    '[severity]\nunchecked_text = "info"\nsecret = "info"\n'])
def test_unchecked_text_is_not_the_workspace_s_to_hide(
        padded: Path, config: str, capsys: pytest.CaptureFixture[str]) -> None:
    ws = _ws(padded / str(abs(hash(config))), PADDED, config)
    assert main(["audit", str(ws), "--json"]) == 1
    err = capsys.readouterr().err
    assert "exit 1: 100 credentials and 1 unchecked text (a.md:" in err
    assert "never the audited workspace's to accept" in err
    # the command line decides: a flag is not loosened, and `never` there is the operator's
    assert main(["audit", str(ws), "--json", "--fail-on", "never"]) == 0


def test_a_fleet_counts_what_a_workspace_hides_itself(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "fleet"
    _ws(root / "a", KEY, 'ignore = ["secret"]\nfail-on = "never"\n')
    _ws(root / "b", "Deploys go through CI.\n")
    # one credential each, however the workspace's file keeps it (newuser33 #8: a lowered
    # one was counted twice, once as the finding it still is and once as kept)
    _ws(root / "c", KEY)
    _ws(root / "d", KEY, '[severity]\nsecret = "info"\n')
    _ws(root / "e", KEY, 'ignore = ["orphan"]\n[severity]\nsecret = "warning"\n')
    assert main(["audit", str(root), "--discover", "--json", "--jobs", "1"]) == 1
    got = capsys.readouterr()
    rows = {Path(r["path"]).name: r for r in json.loads(got.out)["workspaces"]}
    assert (rows["a"]["secrets"], rows["a"]["exit"]) == (1, 1)
    assert (rows["b"]["secrets"], rows["b"]["exit"]) == (0, 0)
    assert {k: (rows[k]["secrets"], rows[k]["exit"]) for k in "cde"} == {
        "c": (1, 1), "d": (1, 1), "e": (1, 1)}
    assert "memtui audit: a: exit 1: 1 credential (a.md:7) kept from failing" in got.err
    assert main(["audit", str(root), "--discover", "--json", "--jobs", "1",
                 "--fail-on", "never"]) == 0


def test_a_link_out_the_agent_follows_is_text_nobody_checked(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """newuser32 #20: MEMORY.md, or a memory, as a symbolic link out of the workspace is
    never followed by the audit — and always by the agent: an ``unchecked_text`` error
    (guarded), not a passing read_problem warning."""
    outside = tmp_path / "notes.md"
    outside.write_text("- [A](a.md) — about a\n" + KEY)
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "a.md").write_text(memory("a", "Deploys go through CI.\n"))
    (ws / "MEMORY.md").symlink_to(outside)
    assert main(["audit", str(ws), "--json"]) == 1
    found = json.loads(capsys.readouterr().out)["findings"]
    assert [(f["path"], f["severity"]) for f in found if f["kind"] == "unchecked_text"] == \
        [("MEMORY.md", "error")]
    (ws / "MEMORY.md").unlink()
    (ws / "MEMORY.md").write_text("- [A](a.md) — about a\n- [K](keys.md) — keys\n")
    (ws / "keys.md").symlink_to(outside)
    (ws / ".memtui.toml").write_text('ignore = ["unchecked_text"]\n')
    assert main(["audit", str(ws), "--json"]) == 1
    got = capsys.readouterr()
    assert "exit 1: 1 unchecked text (keys.md) kept from failing" in got.err


def test_the_operator_s_own_fail_on_is_not_loosened_by_the_workspace(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
        ) -> None:
    """newuser32 #37: the workspace's .memtui.toml replaces the user-level file, but the
    operator's ``fail-on`` there holds as a flag's does; the workspace may tighten it."""
    home = tmp_path / "config"
    home.mkdir()
    (home / "config.toml").write_text('fail-on = "warning"\n')
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(home))
    ws = _ws(tmp_path / "ws", "Deploys go through CI.\n")
    (ws / "orphan.md").write_text(memory("orphan", "Nobody links me.\n"))
    assert main(["audit", str(ws), "--json"]) == 1  # the orphan warning fails, as asked
    (ws / ".memtui.toml").write_text('ignore = ["unused_ignore"]\n')
    assert main(["audit", str(ws), "--json"]) == 1
    (ws / ".memtui.toml").write_text('fail-on = "never"\n')
    assert main(["audit", str(ws), "--json"]) == 1
    assert main(["audit", str(ws), "--json", "--fail-on", "error"]) == 0  # the flag decides
    (home / "config.toml").write_text('fail-on = "never"\n')
    (ws / ".memtui.toml").write_text('fail-on = "warning"\n')  # tightening is the workspace's
    assert main(["audit", str(ws), "--json"]) == 1
    capsys.readouterr()
