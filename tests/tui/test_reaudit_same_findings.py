"""newuser29 #34: after ``o`` (the editor exits, nothing changed) the app doubled the
findings of the files that are no memory (a credential in memory/notes.txt counted twice,
"20 credentials" for 15): the suppression step extended the derivation's kept list of
findings in place, and the next re-audit with nothing changed gave that list again."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from tests.tui.conftest import wait_for
from tests.tui.test_app import started

KEY = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU=\n"


async def test_a_reaudit_with_nothing_changed_reports_the_same_findings(
        workspace: Path) -> None:
    (workspace / "memory" / "notes.txt").write_text(f"notes\n{KEY}", encoding="utf-8")
    (workspace / "memory" / "a.md").write_text(
        "---\nname: a\ndescription: a\nmetadata:\n  type: project\n---\nA body.\n"
        "db password: Xq7&mWp2Lz9k\n", encoding="utf-8")
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        assert app.result is not None
        first = sorted((f.kind, f.path, f.line) for f in app.result.findings)
        secrets = [p for k, p, _ in first if k == "secret"]
        assert secrets == ["memory/a.md", "memory/notes.txt"], first
        for n in range(2):  # as `o` does when the editor returns: the file audited again
            audits = app.audits
            app.start_audit({"memory/a.md"})
            await wait_for(pilot, lambda: app.audits > audits, 30)  # noqa: B023
            assert sorted((f.kind, f.path, f.line) for f in app.result.findings) == first, n
