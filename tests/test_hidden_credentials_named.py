"""newuser31 #3 and #4: whatever keeps a credential out of the report — the workspace's own
``.memtui.toml`` (ignore, a lowered severity), an inline ``memtui: ignore`` comment, the
baseline — is named on stderr with the file and line, one mechanism for every cause; and a
``.memtui.toml`` in the folder the command was given, not read because the workspace is the
memory folder below it, is said to be not read."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from memtui.cli import main

VALUE = "postgres://admin:Xk9pQ2vL7mZr4tYw@db.staging.internal:5432/app"


def project(tmp: Path, tail: str = "") -> Path:
    memory = tmp / "proj" / ".claude" / "memory"
    memory.mkdir(parents=True)
    (memory / "MEMORY.md").write_text("# Memory\n- [Creds](project_creds.md) — staging db\n")
    (memory / "project_creds.md").write_text(
        "---\nname: creds\ndescription: staging db\ntype: reference\n---\n\n"
        f"The staging database is {VALUE}{tail}\n")
    return tmp / "proj"


Audit = Callable[..., "Done"]


class Done:
    def __init__(self, returncode: int, stderr: str) -> None:
        self.returncode, self.stderr = returncode, stderr


@pytest.fixture
def audit(capsys: pytest.CaptureFixture[str]) -> Audit:
    def run(*args: str) -> Done:
        status = main(["audit", *args])
        return Done(status, capsys.readouterr().err)
    return run


@pytest.mark.parametrize(("config", "says"), [
    ('ignore = ["secret"]\n', "ignores 1 credential (project_creds.md:7)"),
    ('[severity]\nsecret = "info"\n', "lowers below error 1 credential (project_creds.md:7)"),
])
def test_the_workspaces_own_config_names_the_credential_it_hides(
        tmp_path: Path, audit: Audit, config: str, says: str) -> None:
    root = project(tmp_path)
    (root / ".claude" / "memory" / ".memtui.toml").write_text(config)
    done = audit(str(root))
    assert done.returncode == 1, done.stderr  # never the workspace's to accept (named too)
    assert says in done.stderr
    assert "inside the audited workspace" in done.stderr
    assert VALUE not in done.stderr and "Xk9pQ2vL7mZr4tYw" not in done.stderr
    flagged = audit(str(root), "--fail-on", "error")
    assert flagged.returncode == 1


def test_an_inline_comment_names_the_credential_it_hides(tmp_path: Path, audit: Audit) -> None:
    root = project(tmp_path, " <!-- memtui: ignore -->")
    done = audit(str(root))
    assert done.returncode == 1
    assert "inline `memtui: ignore` comment in the file hides 1 credential " \
           "(project_creds.md:7)" in done.stderr


def test_nothing_hidden_nothing_said(tmp_path: Path, audit: Audit) -> None:
    root = project(tmp_path)
    done = audit(str(root))
    assert done.returncode == 1
    assert "credential (" not in done.stderr


def test_a_config_beside_the_project_is_said_to_be_unread(tmp_path: Path, audit: Audit) -> None:
    root = project(tmp_path)
    (root / ".memtui.toml").write_text('ignore = ["secret"]\n')
    done = audit(str(root))
    assert done.returncode == 1  # not read: the credential stays reported
    unread = [line for line in done.stderr.splitlines() if "is not read" in line]
    assert len(unread) == 1, done.stderr
    assert f"give --config {root / '.memtui.toml'}" in unread[0]
    named = audit(str(root), "--config", str(root / ".memtui.toml"))
    assert "is not read" not in named.stderr
    assert "ignores 1 credential (project_creds.md:7)" in named.stderr
