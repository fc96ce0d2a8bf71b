"""newuser39 #28: in the Index, Broken and Findings views the cursor kept its row number,
not its entry, when the agent inserted a line above it: the next key (d, x, X, R) acted
on another memory. The cursor follows its row's entry, as picks and the Files view do."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch

N = 12


def folder(root: Path) -> Path:
    (root / "memory").mkdir(parents=True)
    lines = ["# Memory", ""]
    for i in range(N):
        (root / "memory" / f"m{i:02}.md").write_text(
            f"---\nname: m{i:02}\ndescription: d{i}\ntype: user\n---\nb{i}\n", encoding="utf-8")
        lines.append(f"- [m{i:02}](memory/m{i:02}.md) — d{i}")
        lines.append(f"- [gone {i:02}](memory/gone-{i:02}.md) — was deleted")
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


@pytest.mark.parametrize("key, view", [("1", "#index-view"), ("4", "#broken-view"),
                                       ("6", "#findings-view")])
async def test_a_line_inserted_above_leaves_the_cursor_on_its_entry(
        tmp_path: Path, key: str, view: str) -> None:
    ws = folder(tmp_path / "ws")
    app = open_app(ws, watch=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await wait_for(pilot, lambda: "watching for changes" in app.notice)
        await switch(pilot, app, key)
        table_view = app.query_one(view, AuditTable)
        # the cursor on a row about gone-07 (the Index: its line; Broken and Findings: the
        # broken link to it)
        at = next(i for i, r in enumerate(table_view.shown)
                  if "gone-07" in "".join(r.touches) + r.pick)
        table_view.table.move_cursor(at)
        await pilot.pause(0.2)
        before = table_view.current_row()
        assert before is not None and "gone-07" in before.pick
        audits = app.audits
        index = ws / "MEMORY.md"
        lines = index.read_text(encoding="utf-8").splitlines(keepends=True)
        lines.insert(2, "- [new](memory/gone-new.md) — the agent's new line\n")
        index.write_text("".join(lines), encoding="utf-8")
        await wait_for(pilot, lambda: app.audits > audits
                       and any("gone-new" in r.pick for r in table_view.shown), 20)
        await pilot.pause(0.3)
        now = table_view.current_row()
        assert now is not None and now.pick == before.pick, (before.key, now and now.key)
        assert now.line == (before.line or 0) + 1 or now.line == before.line is None
