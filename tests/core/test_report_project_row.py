"""The text report names the project memtui inferred from a Claude Code folder name,
against which stale references are checked (issue 32 item 31): only --json had it."""

from __future__ import annotations

import io
import shutil
import tempfile
from pathlib import Path

from rich.console import Console

from memtui.commands.report_text import print_report
from memtui.core.checks.project import encode_path
from tests.core.helpers import make_ws, run_audit


def _lines(ws: Path) -> list[str]:
    buf = io.StringIO()
    print_report(run_audit(ws), Console(file=buf, width=300, no_color=True, highlight=False))
    return buf.getvalue().splitlines()


def test_an_inferred_project_is_named(tmp_path: Path) -> None:
    # The project in a folder of its own: the name is decoded by listing each folder on
    # its path, at most `MAX_ENTRIES` entries each, and a CI worker's pytest folder holds
    # thousands of other tests' folders (CI 42 saw the project past the listing's bound).
    top = Path(tempfile.mkdtemp(prefix="memtui-project-row-"))
    try:
        app = top / "src" / "my-app"
        app.mkdir(parents=True)
        memory = tmp_path / ".claude" / "projects" / encode_path(str(app)) / "memory"
        make_ws(memory, {"MEMORY.md": "- [A](a.md) — a\n",
                         "a.md": "---\nname: a\ndescription: a\ntype: user\n---\nA.\n"})
        rows = [ln for ln in _lines(memory) if ln.startswith("Project ")]
        assert [" ".join(r.split()) for r in rows] == [
            f"Project {app} (from the Claude Code folder name; --project DIR to change)"]
    finally:
        shutil.rmtree(top, ignore_errors=True)


def test_an_item_workspace_has_no_project_row(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "w", {"MEMORY.md": "- [A](memory/a.md) — a\n",
                                  "memory/a.md": "---\nname: a\ndescription: a\n---\nA.\n"})
    assert not [ln for ln in _lines(ws) if ln.startswith("Project ")]
