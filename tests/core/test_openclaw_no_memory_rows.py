"""real42: an OpenClaw workspace with no ``memory/`` yet (a MEMORY.md of plain text beside
SOUL.md, as sunlinhua-dotcom/open-306 keeps it; or the memories/ folder of an app that loads
SOUL.md, USER.md and MEMORY.md whole, as 204-ai/ari-emo does) had its MEMORY.md counted as an
index of links: "128 lines, 0 entries (0 memories), 0 packed (0 memories), 90 without links"
and "Linked from the index 0 of 0 files", where the same workspace with one daily note says
"no link entries" and "Reached by the agent" (issue 32 item 15). OpenClaw's MEMORY.md is no
index of links whether or not memory/ exists. Folders of the real ones' shape; their text
stays out of the repository."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from memtui.commands.report_text import print_report
from tests.core.helpers import make_ws, run_audit


def _summary(ws: Path) -> dict[str, str]:
    buf = io.StringIO()
    print_report(run_audit(ws), Console(file=buf, width=200, no_color=True, highlight=False))
    rows = buf.getvalue().split("\n\n")[0].splitlines()[1:]
    split = (row.partition("  ") for row in rows if row[:1].strip())
    return {name: value.strip() for name, _, value in split}


MEMORY = ("# 长期记忆\n\n### 2026-02-18 初始化\n\n- 用户: linhuasun\n- 语言偏好: 简体中文\n\n"
          "### 2026-02-19 用户偏好\n\n- 回复要用简体中文\n")


def test_an_openclaw_memory_md_without_memory_dir_is_no_index_of_links(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / ".openclaw" / "workspace",
                 {"SOUL.md": "# SOUL.md - Who You Are\n\nBe brief.\n", "MEMORY.md": MEMORY})
    rows = _summary(ws)
    assert rows["Layout / profile"].startswith("flat / openclaw"), rows
    assert rows["Index"] == "MEMORY.md: 10 lines, no link entries", rows
    assert "Linked from the index" not in rows, rows
    assert rows["Reached by the agent"] == "0 of 0 files", rows
    # with one daily note, the rows it had already
    make_ws(ws, {"memory/2026-02-20.md": "# 2026-02-20\n\nMade a video.\n"})
    rows = _summary(ws)
    assert rows["Layout / profile"].startswith("item / openclaw"), rows
    assert rows["Index"] == "MEMORY.md: 10 lines, no link entries", rows
    assert rows["Reached by the agent"] == "1 of 1 files", rows


def test_an_apps_memories_folder_of_soul_user_and_memory_reads_the_same(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "app" / "memories", {
        "SOUL.md": "# Ari's Soul\n\nI am Ari, a hamster living in a terminal.\n",
        "USER.md": "# What I Know About My User\n\n(I'll update this as I learn about you.)\n",
        "MEMORY.md": "# Important Memories\n\n(I'll record important facts here.)\n"})
    rows = _summary(ws)
    assert rows["Layout / profile"].startswith("flat / openclaw"), rows
    assert rows["Index"] == "MEMORY.md: 3 lines, no link entries", rows
    assert "Linked from the index" not in rows, rows
