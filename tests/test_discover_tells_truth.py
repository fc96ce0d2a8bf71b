"""``--discover`` and the baseline tell the truth (newuser40 #3, #4, #5, #6, #11, #22): each
row is the single audit of its workspace — the same configuration (``--config FILE``, the
user-level file), the same gate, the same lines on stderr on what the configuration hid —,
``--format json`` is JSON, a failing workspace's findings are named under the table, a
shallow clone is said, and a credential a baseline inside the repository cannot accept is
reported as a finding, not as suppressed."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from memtui.cli import main
from tests.core.helpers import memory

KEY = "The deploy password is `Zq8!vR2#pL9wX4`.\n"


@pytest.fixture(autouse=True)
def _user_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "userconf"
    folder.mkdir()
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(folder))
    return folder


def _ws(root: Path, body: str = "A fact.\n") -> Path:
    """A flat workspace: MEMORY.md links a.md (holding ``body``) and a missing gone.md;
    b.md is an orphan (a warning)."""
    root.mkdir(parents=True)
    (root / "MEMORY.md").write_text("- [A](a.md) — about a\n- [G](gone.md) — gone\n")
    (root / "a.md").write_text(memory("a", body))
    (root / "b.md").write_text(memory("b", "Nobody links the release train notes.\n"))
    return root


def _fleet(tmp_path: Path) -> Path:
    """Two workspaces: ``cred`` holds a credential, ``plain`` a broken link only."""
    _ws(tmp_path / "fleet" / "cred", KEY)
    _ws(tmp_path / "fleet" / "plain")
    return tmp_path / "fleet"


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    got = capsys.readouterr()
    return status, got.out, got.err


def _rows(out: str) -> dict[str, dict]:
    return {Path(r["path"]).name: r for r in json.loads(out)["workspaces"]}


@pytest.mark.parametrize("order", ["after", "before"])
def test_format_json_is_json(order: str, tmp_path: Path,
                             capsys: pytest.CaptureFixture[str]) -> None:
    """#3: ``--discover --format json`` printed the text table (only ``--json`` worked)."""
    root = str(_fleet(tmp_path))
    args = ["audit", root, "--discover", "--format", "json"] if order == "after" else \
        ["audit", "--format", "json", "--discover", root]
    status, out, _ = _run(capsys, *args, "--jobs", "1")
    assert status == 1 and set(_rows(out)) == {"cred", "plain"}


def test_config_file_applies_to_every_workspace(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """#4: ``--discover --config FILE`` ignored FILE, silently; each row now reads it as
    the single audit of its workspace does, and a FILE that cannot be read is one line,
    exit 2."""
    root = _fleet(tmp_path)
    shared = tmp_path / "shared.toml"
    shared.write_text('ignore = ["orphan", "broken_link"]\n')
    _, single, _ = _run(capsys, "audit", str(root / "plain"), "--config", str(shared),
                        "--json")
    status, out, _ = _run(capsys, "audit", str(root), "--discover", "--json", "--jobs", "1",
                          "--config", str(shared))
    rows = _rows(out)
    assert rows["plain"]["config"] == str(shared)
    assert rows["plain"]["suppressed"] == json.loads(single)["suppressed"]
    assert rows["plain"]["suppressed"]["config"] == 2
    assert (rows["plain"]["exit"], rows["cred"]["exit"], status) == (0, 1, 1)
    status, out, err = _run(capsys, "audit", str(root), "--discover",
                            "--config", str(tmp_path / "missing.toml"))
    assert status == 2 and not out and len(err.strip().splitlines()) == 1


def test_a_user_level_config_is_said_per_workspace(
        tmp_path: Path, _user_config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """#5: a user-level file ignoring ``secret`` zeroed the rows' credentials with nothing
    on stderr; each row now says it in the single audit's words, and its JSON row says
    what was suppressed, by what."""
    root = _fleet(tmp_path)
    user = _user_config / "config.toml"
    user.write_text('ignore = ["secret", "broken_link"]\nfail-on = "never"\n')
    single_status, _, single_err = _run(capsys, "audit", str(root / "cred"))
    status, out, err = _run(capsys, "audit", str(root), "--discover", "--json", "--jobs", "1")
    line = single_err.strip().split("memtui audit: ", 1)[1]
    assert "ignores 1 credential (a.md:7)" in line
    assert f"memtui audit: cred: {line}" in err
    row = _rows(out)["cred"]
    assert (row["config"], row["suppressed"]["config"]) == (str(user), 2)
    assert line in row["said"]
    assert status == single_status == 0


def test_a_user_level_fail_on_gates_each_row_as_the_single_audit(
        tmp_path: Path, _user_config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """#5: the operator's own ``fail-on = "warning"`` failed the single audit of a workspace
    with an orphan but not its ``--discover`` row (whose gate was ``error``): the row's gate
    is now the single audit's."""
    root = tmp_path / "fleet"
    ws = _ws(root / "w")
    (ws / "MEMORY.md").write_text("- [A](a.md) — about a\n")  # no broken link: an orphan
    (_user_config / "config.toml").write_text('fail-on = "warning"\n')
    single, _, _ = _run(capsys, "audit", str(ws))
    status, out, _ = _run(capsys, "audit", str(root), "--discover", "--json", "--jobs", "1")
    assert single == status == _rows(out)["w"]["exit"] == 1


def test_the_failing_findings_are_named_under_the_table(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """#11: the pre-commit ``--discover`` output named no finding, only counts."""
    root = _fleet(tmp_path)
    status, out, _ = _run(capsys, "audit", str(root), "--discover", "--jobs", "1")
    assert status == 1
    tail = out.split("workspaces fail (exit 1)", 1)[1]
    assert "cred: exit 1 at --fail-on error" in tail
    assert "a.md:7  secret error" in tail
    assert "MEMORY.md:2  broken_link error  link to gone.md" in tail
    assert "b.md" not in tail  # a warning is below the gate


def test_an_in_repo_baseline_does_not_call_a_credential_accepted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """#6: with a baseline inside the repository that cannot accept a credential, the text
    said "No findings." and the JSON ``findings: []`` (the credential ``suppressed_by:
    baseline``) while the exit was 1; now the credential is a finding, saying why."""
    ws = _ws(tmp_path / "w", KEY)
    (ws / "MEMORY.md").write_text("- [A](a.md) — about a\n- [B](b.md) — about b\n")
    base = ws / "base.json"
    assert main(["audit", str(ws), "--write-baseline", str(base)]) == 0
    capsys.readouterr()
    status, out, err = _run(capsys, "audit", str(ws), "--baseline", str(base))
    assert status == 1 and "No findings." not in out
    assert "a.md:7" in out and "cannot accept it" in out
    assert "lists 1 credential (a.md:7) it cannot accept" in err
    status, out, _ = _run(capsys, "audit", str(ws), "--baseline", str(base), "--json")
    data = json.loads(out)
    assert status == 1 and [f["kind"] for f in data["findings"]] == ["secret"]
    assert not [s for s in data["suppressed_findings"] if s["kind"] == "secret"]


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_a_shallow_clone_is_said(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """#22: ``--discover`` said nothing of a shallow clone (the single audit warns)."""
    root = _fleet(tmp_path)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
    subprocess.run([*git, "init", "-q", str(root)], check=True)
    subprocess.run([*git, "-C", str(root), "add", "."], check=True)
    subprocess.run([*git, "-C", str(root), "commit", "-qm", "one"], check=True)
    subprocess.run([*git, "-C", str(root), "commit", "-qm", "two", "--allow-empty"], check=True)
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", "--depth", "1", f"file://{root}", str(clone)],
                   check=True)
    _, _, single = _run(capsys, "audit", str(clone / "cred"))
    assert "shallow clone" in single
    _, out, err = _run(capsys, "audit", str(clone), "--discover", "--json", "--jobs", "1")
    assert f"memtui audit: 2 workspaces in {clone.resolve()}: the git repository is a " \
        "shallow clone" in err
    assert {r["shallow"] for r in json.loads(out)["workspaces"]} == {str(clone.resolve())}
