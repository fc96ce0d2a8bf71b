"""newuser34 #9: no baseline could accept the credential in Codex's ``raw_memories.md``:
``--write-baseline`` said "1 credential not (the value could not be read again)" and
exited 1. Codex's profile words that credential its own way (read when Codex consolidates,
never loaded), and the values were filed under the scan's wording. Real files, the real
command, the baseline outside the workspace."""

from __future__ import annotations

from pathlib import Path

from tests.test_cli_audit import memtui

TOKEN = "ghp_" + "Zq7Lm2Xc9Vb4Nn8Kp1Rt6Yw3Hs5Jd0Fg2Ea"


def test_a_baseline_accepts_the_credential_in_raw_memories(tmp_path: Path) -> None:
    ws = tmp_path / ".codex" / "memories"
    ws.mkdir(parents=True)
    (ws / "memory_summary.md").write_text("# Summary\nThe user deploys with make.\n",
                                          encoding="utf-8")
    (ws / "raw_memories.md").write_text(f"raw: export GITHUB_TOKEN={TOKEN}\n",
                                        encoding="utf-8")
    base = tmp_path / "base.json"
    before = memtui("audit", str(ws), "--fail-on", "error")
    assert before.returncode == 1 and "raw_memories.md" in before.stdout
    wrote = memtui("audit", str(ws), "--write-baseline", str(base))
    assert "could not be read again" not in wrote.stderr, wrote.stderr
    assert wrote.returncode == 0, wrote.stderr
    after = memtui("audit", str(ws), "--baseline", str(base))
    assert after.returncode == 0, after.stdout + after.stderr
    # another value in its place is not accepted by it
    (ws / "raw_memories.md").write_text(f"raw: export GITHUB_TOKEN={TOKEN[:-4]}Qw8x\n",
                                        encoding="utf-8")
    assert memtui("audit", str(ws), "--baseline", str(base)).returncode == 1
