"""newuser37 #16: folding entries of a Chinese index proposed, and wrote, the English
label "Cold, January 2026" into an index whose every heading and hook is Chinese (the agent
reads that line every turn). In an index that is not mostly Latin letters the label is the
months in numbers ("2026-01"), no English word; an English index keeps "Cold, <month>"."""

from __future__ import annotations

import re
import time
from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.dialogs.choice import ChoiceScreen
from memtui.tui.widgets.audit_table import AuditTable
from tests.edit.conftest import cli
from tests.tui.conftest import wait_for
from tests.tui.test_acting_on_selection import pick
from tests.tui.test_app import keys, started, switch

FRONT = "---\nname: {0}\ndescription: {0}的笔记\ntype: project\n---\n{0}。\n"


def chinese(root: Path) -> Path:
    root.mkdir()
    for i in range(3):
        (root / f"夜班-{i}.md").write_text(FRONT.format(f"夜班笔记{i}"), encoding="utf-8")
    (root / "MEMORY.md").write_text("# 索引\n## 夜班\n" + "".join(
        f"- [夜班 笔记 {i}](夜班-{i}.md) — 交接时必须确认报警已清除\n" for i in range(3)),
        encoding="utf-8")
    return root


def test_fix_fold_labels_a_chinese_index_without_english(tmp_path: Path) -> None:
    ws = chinese(tmp_path / "zh")
    assert cli("fix", "fold", ws, "夜班-0.md", "夜班-1.md").returncode == 0
    text = (ws / "MEMORY.md").read_text(encoding="utf-8")
    assert re.search(r"^- \d{4}-\d{2}: \[夜班 笔记 0\]", text, re.M), text
    assert "Cold" not in text


async def test_the_app_proposes_a_neutral_label(tmp_path: Path) -> None:
    ws = chinese(tmp_path / "zh")
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "1")
        index = app.query_one("#index-view", AuditTable)
        await wait_for(pilot, lambda: {"L3", "L4"} <= set(keys(index)))
        await pick(pilot, index, "L3", "L4")
        await pilot.press("f")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        screen = app.screen
        assert isinstance(screen, ChoiceScreen)
        assert screen.value == time.strftime("%Y-%m"), screen.value


def test_an_english_index_keeps_its_label(tmp_path: Path) -> None:
    from tests.tui.test_fold_size_said import folder

    ws = folder(tmp_path / "en", 3)
    assert cli("fix", "fold", ws, "build_0.md", "build_1.md").returncode == 0
    assert "- Cold, " in (ws / "MEMORY.md").read_text(encoding="utf-8")
