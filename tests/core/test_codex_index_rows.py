"""A Codex memory folder: its MEMORY.md is notes the agent greps, never an index of links,
so one link line in it is no "1 entry (1 memory)" beside "Linked from the index 3 of 3
files", and no cost per memory; a Lua block comment quoted in it (``--[[----说明----]]``) is
no wikilink (newuser29 #29)."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from memtui.commands.report_text import print_report
from tests.core.helpers import make_ws, run_audit

NOTES = ("# Task Group: lua\n\n- keywords: Lua method comment, --[[------功能说明------]], "
         "coding defaults\n- see [the rollout](rollout_summaries/a.md)\n")


def _folder(tmp: Path) -> Path:
    return make_ws(tmp / "repo" / ".codex" / "memories", {
        "MEMORY.md": NOTES,
        "memory_summary.md": "# Summary\n\nUse the task groups in MEMORY.md.\n",
        "rollout_summaries/a.md": "# Rollout\n\nKeywords: --[[------获取组件方法------]].\n",
        "raw_memories.md": "# Raw\n\n- one\n"})


def test_a_codex_index_is_no_index_of_links(tmp_path: Path) -> None:
    result = run_audit(_folder(tmp_path))
    assert result.profile == "codex"
    buf = io.StringIO()
    print_report(result, Console(file=buf, width=200, no_color=True, highlight=False))
    rows = {row[:22].strip(): row[22:].strip()
            for row in buf.getvalue().split("\n\n")[0].splitlines()[1:]}
    assert rows["Index"] == "MEMORY.md: 4 lines, 1 line with links, not an index of links"
    assert "Linked from the index" not in rows and "Cost per memory" not in rows
    assert rows["Reached by the agent"].endswith("files")


def test_a_lua_block_comment_is_no_wikilink(tmp_path: Path) -> None:
    result = run_audit(_folder(tmp_path))
    assert result.wikirefs == []
    assert not [f for f in result.findings if "names no memory" in f.message]
