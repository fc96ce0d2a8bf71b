"""After ``memtui fix archive``, a warm audit reads no archived memory again (newuser35 #13:
the files under ``_archive/``, still read for what the agent could find there, were scanned
anew by every audit: 1,200 archived memories made a warm audit of 750 ~4× dearer than one
of 1,950, and the app took 14–21 s to open). Their scans are kept between runs as the
memories' are; one changed is read again, and what it holds is reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.cli import main
from tests.core.helpers import make_ws, memory, opened_files

KEY = "ghp_" + "Zq7Rt2Lm9Xc4Vb8Nk1Pw6Hy3Jd5Fs0Ga2Eu7"


def _ws(tmp: Path) -> Path:
    files = {"MEMORY.md": "".join(f"- [M{i}](m{i}.md) — note {i}\n" for i in range(8))}
    files.update({f"m{i}.md": memory(f"m{i}", f"Body {i} of the memory.\n") for i in range(8)})
    return make_ws(tmp, files)


def _audit(ws: Path, capsys: pytest.CaptureFixture[str]) -> str:
    main(["audit", str(ws)])
    return capsys.readouterr().out


def test_archived_memories_are_not_read_again_by_a_warm_audit(
        tmp_path: Path, cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = _ws(tmp_path / "ws")
    assert main(["fix", "archive", str(ws), *(f"m{i}.md" for i in range(6))]) == 0
    capsys.readouterr()
    first = _audit(ws, capsys)
    with opened_files() as opened:
        again = _audit(ws, capsys)
    assert again == first
    assert [p for p in opened if "/_archive/" in p] == []
    # one archived memory changed: read again, its credential reported
    (ws / "_archive" / "m2.md").write_text(memory("m2", f"token: {KEY}\n"))
    with opened_files() as opened:
        changed = _audit(ws, capsys)
    assert [p for p in opened if "/_archive/" in p and not p.endswith("m2.md")] == []
    assert "_archive/m2.md:7  GitHub Token" in changed


def test_a_re_audit_in_the_same_process_reads_no_archived_file_again(
        tmp_path: Path, cache: Path) -> None:
    """The app's path: every re-audit's result goes through ``apply_to(hidden=True)`` (it
    scanned 1,200 archived files again after each write: 2.6–2.9 CPU s, newuser35 #6)."""
    from memtui.core.audit import AuditOptions, Auditor
    from memtui.core.config import load_config
    from memtui.core.reporting.suppress import apply_to
    from memtui.core.workspace import open_workspace

    ws = _ws(tmp_path / "ws")
    assert main(["fix", "archive", str(ws), *(f"m{i}.md" for i in range(6))]) == 0
    auditor = Auditor(open_workspace(ws), AuditOptions())
    config = load_config(ws)
    first = auditor.run()
    apply_to(first, config, hidden=True)
    with opened_files() as opened:
        again = auditor.run()
        apply_to(again, config, hidden=True)
    assert [p for p in opened if "/_archive/" in p] == []
    assert sorted(map(str, again.suppressed)) == sorted(map(str, first.suppressed))
    (ws / "_archive" / "m4.md").write_text(memory("m4", f"token: {KEY}\n"))
    third = auditor.run()
    apply_to(third, config, hidden=True)
    assert ("_archive/m4.md", 7) in [(f.path, f.line) for f in third.findings
                                     if f.kind == "secret"]
