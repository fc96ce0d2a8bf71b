"""What the change under review can rewrite never accepts its own credential (newuser38 #2,
#13): a baseline or a ``--config FILE`` anywhere in the git work tree holding the audited
workspace is the workspace's own, as one inside it is (one checkout, one pull request); and
a credential the workspace suppressed itself is an alert in SARIF, not a dismissed result,
since the verdict counts it. Real git repositories, the real ``memtui audit`` in a child
process."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.core.helpers import make_ws, memory
from tests.core.test_workspace_cannot_hide import CRED, INDEX, _memtui


def _repo(tmp_path: Path) -> Path:
    """A repository whose ``agent/`` folder is the audited workspace, holding a credential."""
    top = tmp_path / "repo"
    make_ws(top / "agent", {"MEMORY.md": INDEX, "memory/deploy.md": memory("deploy", CRED)})
    (top / ".ci").mkdir()
    subprocess.run(["git", "init", "-q", str(top)], check=True)
    return top


def test_a_baseline_in_the_repository_accepts_no_credential(tmp_path: Path) -> None:
    """On integ: exit 0 and one stderr line, the baseline in ``.ci/`` one folder above the
    workspace written by the same change."""
    top = _repo(tmp_path)
    ws, base = top / "agent", top / ".ci" / "memtui-baseline.json"
    assert _memtui("audit", str(ws), "--write-baseline", str(base)).returncode == 0
    for flags in ((), ("--json",), ("--format", "sarif")):
        run = _memtui("audit", str(ws), "--baseline", str(base), *flags)
        assert run.returncode == 1, (flags, run.stderr)
        assert "in the git work tree that holds the audited workspace" in run.stderr
        # (newuser40 #6: reported as a finding, saying why, not as suppressed)
        assert "it cannot accept" in run.stderr and "reported as findings" in run.stderr
    outside = tmp_path / "base.json"  # the base branch's copy, outside the checkout
    outside.write_bytes(base.read_bytes())
    assert _memtui("audit", str(ws), "--baseline", str(outside)).returncode == 0


def test_a_config_in_the_repository_ignores_no_credential(tmp_path: Path) -> None:
    """On integ: ``--config .ci/memtui.toml`` with ``ignore = ["secret"]`` beside the
    credential passed (exit 0)."""
    top = _repo(tmp_path)
    config = top / ".ci" / "memtui.toml"
    config.write_text('ignore = ["secret"]\n', encoding="utf-8")
    run = _memtui("audit", str(top / "agent"), "--config", str(config))
    assert run.returncode == 1, run.stderr
    assert "kept from failing by the workspace's own settings" in run.stderr
    outside = tmp_path / "operator.toml"
    outside.write_bytes(config.read_bytes())
    assert _memtui("audit", str(top / "agent"), "--config", str(outside)).returncode == 0


def test_sarif_shows_a_credential_the_workspace_hid_itself_as_an_alert(tmp_path: Path) -> None:
    """On integ: the result carried ``suppressions`` (code scanning: dismissed) while the
    gate failed on it; an accepted finding of another kind stays suppressed."""
    top = _repo(tmp_path)
    ws = top / "agent"
    (ws / ".memtui.toml").write_text('ignore = ["secret", "orphan"]\n', encoding="utf-8")
    (ws / "memory" / "loose.md").write_text(memory("loose", "Nobody links this.\n"),
                                            encoding="utf-8")
    run = _memtui("audit", str(ws), "--format", "sarif", "--fail-on", "never")
    results = json.loads(run.stdout)["runs"][0]["results"]
    secret, = (r for r in results if r["ruleId"] == "secret")
    assert "suppressions" not in secret
    assert secret["properties"]["suppressedByWorkspaceNotHonoured"] == \
        "ignore in the configuration file"
    assert "not honoured" in secret["message"]["text"]
    orphan, = (r for r in results if r["ruleId"] == "orphan")
    assert orphan["suppressions"][0]["kind"] == "external"
