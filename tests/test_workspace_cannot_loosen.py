"""The audited workspace cannot fool the verdict (newuser26 #8, #11): what MEMORY.md links is
read whatever the layout or the configuration says (``unaudited_link``, and the linked
file's own findings reported), and ``--fail-on`` given on the command line counts what the
workspace suppressed itself (its own ``.memtui.toml``'s ignore and exclude, inline comments),
while what the command line names (``--config FILE`` outside the workspace, ``--baseline``)
still suppresses; a credential a baseline accepts is named on stderr (newuser27 #16)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main
from tests.core.helpers import memory

KEY = "The deploy password is `Zq8!vR2#pL9wX4`.\n"


def _flat(root: Path, config: str | None = None, body: str = KEY) -> Path:
    root.mkdir(parents=True)
    (root / "MEMORY.md").write_text("- [A](a.md) — about a\n- [B](b.md) — about b\n")
    (root / "a.md").write_text(memory("a", body))
    (root / "b.md").write_text(memory("b", "b links [[a]]\n"))
    if config is not None:
        (root / ".memtui.toml").write_text(config)
    return root


def _audit(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict, str]:
    status = main(["audit", *args, "--json"])
    got = capsys.readouterr()
    return status, json.loads(got.out), got.err


def test_an_empty_memory_folder_does_not_hide_what_the_index_links(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = _flat(tmp_path / "w")
    status, data, _ = _audit(capsys, str(ws))
    assert status == 1 and [f["kind"] for f in data["findings"]] == ["secret"]
    (ws / "memory").mkdir()  # left by an undone write: the folder reads as an item workspace
    status, data, _ = _audit(capsys, str(ws))
    kinds = sorted(f["kind"] for f in data["findings"])
    assert data["layout"] == "item"
    assert kinds == ["secret", "unaudited_link", "unaudited_link"]
    assert status == 1  # the credential the agent reads still fails the build
    secret = next(f for f in data["findings"] if f["kind"] == "secret")
    assert (secret["path"], secret["line"]) == ("a.md", 7)


def test_an_exclude_does_not_hide_a_file_the_index_links(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = _flat(tmp_path / "w", 'exclude = ["a.md"]\n')
    status, data, _ = _audit(capsys, str(ws))
    assert status == 1
    assert {f["kind"] for f in data["findings"]} >= {"secret", "unaudited_link"}
    assert not [s for s in data["suppressed_findings"] if s["kind"] == "secret"]


def test_an_excluded_file_no_index_links_is_read_for_credentials(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An exclude decides what is a memory, never what is read for credentials (session
    28, tests/test_readable_scope.py): its credential is reported, not suppressed."""
    ws = _flat(tmp_path / "w", 'exclude = ["c.md"]\n')
    (ws / "c.md").write_text(memory("c", KEY))
    _, data, _ = _audit(capsys, str(ws))
    assert not [s for s in data["suppressed_findings"] if s["kind"] == "secret"]
    assert [f["path"] for f in data["findings"] if f["kind"] == "secret"] == ["a.md", "c.md"]
    assert data["memory_files"] == 2


@pytest.mark.parametrize("how", ["ignore", "exclude", "inline"])
def test_an_explicit_fail_on_counts_what_the_workspace_suppressed(
        how: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = {"ignore": 'ignore = ["secret"]\n', "exclude": 'exclude = ["c.md"]\n',
              "inline": None}[how]
    body = "b\n"
    ws = _flat(tmp_path / "w", config, body=body)  # a.md holds no credential here
    hidden = KEY if how != "inline" else "<!-- memtui: ignore secret -->\n" + KEY
    target = "c.md" if how == "exclude" else "a.md"
    (ws / target).write_text(memory(target[0], hidden))
    status, data, _ = _audit(capsys, str(ws))
    if how == "exclude":  # never suppressed: read as every text the agent can open is
        assert status == 1 and [f["path"] for f in data["findings"]
                                if f["kind"] == "secret"] == ["c.md"]
        return
    assert status == 1 and not [f for f in data["findings"] if f["kind"] == "secret"]
    status, _, err = _audit(capsys, str(ws), "--fail-on", "error")
    assert status == 1
    assert "counts 1 finding the workspace suppressed itself" in err
    status, _, _ = _audit(capsys, str(ws), "--fail-on", "never")
    assert status == 0


def test_what_the_command_line_names_still_suppresses(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = _flat(tmp_path / "w", body="b\n")
    (ws / "c.md").write_text(memory("c", KEY))
    outside = tmp_path / "ci.toml"
    outside.write_text('ignore = ["secret", "orphan"]\n')
    status, _, _ = _audit(capsys, str(ws), "--config", str(outside), "--fail-on", "error")
    assert status == 0
    baseline = tmp_path / "base.json"
    main(["audit", str(ws), "--write-baseline", str(baseline)])
    capsys.readouterr()
    status, _, _ = _audit(capsys, str(ws), "--baseline", str(baseline), "--fail-on", "error")
    assert status == 0


def test_a_lowered_severity_that_fails_the_build_says_why_on_stderr(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """newuser27 #5: the report says "0 error" (the workspace lowered the credential to an
    info); the exit status 1 comes with the one line that says why."""
    ws = _flat(tmp_path / "w", '[severity]\nsecret = "info"\n')
    status, data, err = _audit(capsys, str(ws), "--fail-on", "error")
    assert status == 1
    assert [f["severity"] for f in data["findings"] if f["kind"] == "secret"] == ["info"]
    assert "counts 1 finding at the severity the configuration lowered (secret error\u2192info)" \
        in err
    status, _, err = _audit(capsys, str(ws))  # no flag: the workspace's own severity holds,
    assert status == 1  # but a credential is never its to accept (newuser31 #3), named
    assert "lowers below error 1 credential (a.md:7)" in err
    assert "exit 1: 1 credential (a.md:7) kept from failing by the workspace's own" in err


def test_naming_the_workspace_s_own_config_does_not_make_it_trusted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """newuser27 #16: ``--config ws/.memtui.toml`` (a CI habit) made the repository's own
    ignore a suppression the command line chose: --fail-on error passed a credential. What
    decides is where the file lies, not how it was named."""
    ws = _flat(tmp_path / "w", 'ignore = ["secret"]\n')
    status, _, err = _audit(capsys, str(ws), "--config", str(ws / ".memtui.toml"),
                            "--fail-on", "error")
    assert status == 1
    assert "the workspace suppressed itself (config 1)" in err  # by cause (newuser35 #11)
    outside = tmp_path / "ci.toml"  # the CI's own file, outside the workspace: it decides
    outside.write_text('ignore = ["secret"]\n')
    status, _, err = _audit(capsys, str(ws), "--config", str(outside), "--fail-on", "error")
    assert status == 0  # named all the same (newuser31 #3), not called the workspace's own
    assert err == f"memtui audit: {outside} ignores 1 credential (a.md:7)\n"


def test_a_credential_a_baseline_accepts_is_named_on_stderr(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """newuser27 #16: a baseline inside the workspace (the README's example) is one a pull
    request can rewrite to accept its own credential: each credential it accepts is named,
    with where the baseline lies; and (redteam33) the run fails on it all the same, as on a
    credential the workspace's own .memtui.toml ignores. One outside accepts it."""
    ws = _flat(tmp_path / "w")
    base = ws / ".memtui-baseline.json"
    main(["audit", str(ws), "--write-baseline", str(base)])
    capsys.readouterr()
    status, data, err = _audit(capsys, str(ws), "--baseline", str(base), "--fail-on", "error")
    # (newuser40 #6: reported as the finding it is, not as suppressed)
    assert status == 1 and [f["path"] for f in data["findings"] if f["kind"] == "secret"] \
        == ["a.md"]
    assert "lists 1 credential (a.md:7) it cannot accept" in err
    assert "inside the audited workspace" in err
    outside = tmp_path / "baseline.json"
    base.rename(outside)
    status, _, err = _audit(capsys, str(ws), "--baseline", str(outside))
    assert status == 0 and "accepts 1 credential (a.md:7)" in err
    assert "inside" not in err


def _item(root: Path, config: str | None) -> Path:
    """An item workspace: MEMORY.md links a.md; b.md linked by nothing (an orphan)."""
    (root / "memory").mkdir(parents=True)
    (root / "memory" / "a.md").write_text(memory("a", "A fact.\n"))
    (root / "memory" / "b.md").write_text(memory("b", "Nobody links me.\n"))
    (root / "MEMORY.md").write_text("- [A](memory/a.md) — about a\n")
    if config is not None:
        (root / ".memtui.toml").write_text(config)
    return root


def test_a_profile_the_workspace_sets_does_not_loosen_the_flag(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """newuser28 #15: ``profile = "openclaw"`` in the checked repository's .memtui.toml took
    the item workspace's orphan away and ``--fail-on warning`` passed, stderr empty."""
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "userconf"))
    ws = _item(tmp_path / "w", 'profile = "openclaw"\n')
    status, data, err = _audit(capsys, str(ws), "--fail-on", "warning")
    assert not [f for f in data["findings"] if f["kind"] == "orphan"]  # the report: its view
    assert status == 1  # main: 0
    assert "1 finding the audit makes without the workspace's own settings (orphan ×1" in err
    assert "sets profile = 'openclaw'" in err
    status, _, err = _audit(capsys, str(ws))  # no flag: the workspace's settings honoured
    assert status == 0 and err == ""
    # the same setting given by the operator, as a flag: honoured
    status, _, err = _audit(capsys, str(ws), "--fail-on", "warning", "--profile", "openclaw")
    assert status == 0 and err == ""


def test_a_setting_that_hides_nothing_costs_no_verdict(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "userconf"))
    ws = _item(tmp_path / "w", "stale-days = 30\n")  # tighter than the default: nothing hidden
    (ws / "MEMORY.md").write_text("- [A](memory/a.md) — about a\n- [B](memory/b.md) — b\n")
    status, _, err = _audit(capsys, str(ws), "--fail-on", "warning")
    assert status == 0 and err == ""


def test_limits_a_config_outside_the_workspace_sets_are_the_operator_s(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "userconf"))
    ws = _item(tmp_path / "w", None)
    outside = tmp_path / "ci.toml"
    outside.write_text('profile = "openclaw"\n')
    status, _, err = _audit(capsys, str(ws), "--fail-on", "warning", "--config", str(outside))
    assert status == 0 and err == ""
    inside = ws / "ci.toml"  # the same file inside the workspace: the workspace's own
    inside.write_text('profile = "openclaw"\n')
    status, _, err = _audit(capsys, str(ws), "--fail-on", "warning", "--config", str(inside))
    assert status == 1 and "orphan ×1" in err
