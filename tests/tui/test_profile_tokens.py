"""The app opened as ``memtui PATH`` opens it counts tokens in the profile's tokenizer
(issue 32 §2): a Claude Code folder's Tok columns say the numbers ``audit --json`` says
(cl100k), never ``…`` for good, and the preview names cl100k, not qwen."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

from rich.console import Console
from textual.widgets import Static

from memtui.cli import main
from memtui.commands import app as app_command
from memtui.commands.parser import ArgumentParser
from memtui.tui.app import MemtuiApp
from memtui.tui.widgets.audit_table import AuditTable
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch

BODY = ("Yield numbers come from the MES export, nightly; Cpk/Ppk are computed per lot "
        "with the 2026 sampling plan — ask before changing them. ") * 3


def claude_folder(tmp: Path) -> Path:
    root = tmp / ".claude" / "projects" / "-home-me-plant" / "memory"
    root.mkdir(parents=True)
    lines = ["# Memory", ""]
    for i in range(6):
        (root / f"note_{i}.md").write_text(
            f"---\nname: note_{i}\ndescription: note {i}\ntype: project\n---\n{BODY}{i}\n",
            encoding="utf-8")
        lines.append(f"- [Note {i}](note_{i}.md) — Cpk/Ppk per lot, plan {i} (2026)")
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def audit_json(root: Path) -> dict[str, object]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["audit", str(root), "--json", "--file-tokens"]) in (0, 1)
    return json.loads(out.getvalue())  # type: ignore[no-any-return]


def command_app(root: Path) -> MemtuiApp:
    """The app as ``memtui PATH --no-watch`` builds it (its options from the command line)."""
    parser = ArgumentParser(prog="memtui")
    app_command.add_arguments(parser)
    made = app_command.app_for(str(root), parser.parse_args([str(root), "--no-watch"]))
    assert isinstance(made, MemtuiApp)
    return made


def tok_cells(view: AuditTable) -> dict[str, str]:
    col = [c.key for c in view.COLUMNS].index("tokens")
    return {r.key: r.cells[col].plain for r in view.shown}  # type: ignore[attr-defined]


async def test_a_claude_code_folder_counts_as_audit_json_does(tmp_path: Path) -> None:
    root = claude_folder(tmp_path)
    doc = audit_json(root)
    assert doc["profile"] == "claude-code"
    per_line = {f"L{c['line']}": f"{c['tokens']['cl100k']:,}"  # type: ignore[index]
                for c in doc["index"]["line_costs"]}  # type: ignore[index]
    per_file = {f["path"]: f"{f['tokens']['cl100k']:,}" for f in doc["files"]}  # type: ignore
    app = command_app(root)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        index = app.query_one("#index-view", AuditTable)
        await wait_for(pilot, lambda: "…" not in tok_cells(index).values())
        assert tok_cells(index) == per_line
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        await wait_for(pilot, lambda: "…" not in tok_cells(files).values())
        assert tok_cells(files) == per_file
        await pilot.press("r")  # audit again: the counts stay
        await wait_for(pilot, lambda: app.audits >= 2)
        await pilot.pause(0.3)
        assert tok_cells(files) == per_file
        files.table.move_cursor(row=0)
        await pilot.pause(0.3)
        meta = app.query_one("#preview-meta", Static)
        console = Console(width=100, record=True, file=io.StringIO())
        console.print(meta.content)
        text = console.export_text()
        shown = files.shown[0].key
        assert f"cl100k {per_file[shown]}" in text
        assert "qwen" not in text
