"""newuser35 #22, what session 35 left: under claude-code the Block view names the CLAUDE.md
files Claude Code loads whole every turn, but the header's share, the text report and
``audit --json`` still read as if the block were the whole per-turn text. Each now says the
CLAUDE.md files are not counted (JSON ``injected_block.not_counted``, the text's ``Not
counted`` row, the header's share); a folder with none keeps its report as it was."""

from __future__ import annotations

import json
from pathlib import Path

from memtui.core.audit import AuditOptions
from memtui.tui.app import open_app
from memtui.tui.widgets.health_header import HealthHeader
from tests.test_cli_audit import memtui
from tests.tui.test_app import started
from tests.tui.test_block_claude_md import claude_home


def test_json_and_text_name_the_claude_md_files_not_counted(tmp_path: Path) -> None:
    memory, project = claude_home(tmp_path)
    user_md = memory.parent.parent.parent / "CLAUDE.md"
    size = (project / "CLAUDE.md").stat().st_size
    out = memtui("audit", str(memory), "--project", str(project), "--json", cwd=tmp_path)
    block = json.loads(out.stdout)["injected_block"]
    assert block["files"] == ["MEMORY.md"]
    assert block["not_counted"] == [{"path": str(user_md), "bytes": 22},
                                    {"path": str(project / "CLAUDE.md"), "bytes": size}]
    text = memtui("audit", str(memory), "--project", str(project), cwd=tmp_path).stdout
    assert (f"Not counted            the agent also loads, whole, every turn: {user_md} "
            f"(22 bytes), {project / 'CLAUDE.md'} ({size:,} bytes); the injected block and "
            "its share are MEMORY.md's only") in text.splitlines()


def test_a_folder_without_claude_md_keeps_its_report(tmp_path: Path) -> None:
    (tmp_path / "m").mkdir()
    (tmp_path / "m" / "MEMORY.md").write_text("# Memory\n", encoding="utf-8")
    out = memtui("audit", "m", "--json", cwd=tmp_path)
    assert "not_counted" not in json.loads(out.stdout)["injected_block"]
    assert "Not counted" not in memtui("audit", "m", cwd=tmp_path).stdout


async def test_the_header_share_says_claude_md_is_not_counted(tmp_path: Path) -> None:
    memory, project = claude_home(tmp_path)
    app = open_app(memory, watch=False,
                   options=AuditOptions(profile="claude-code", project=str(project)))
    async with app.run_test(size=(200, 50)) as pilot:
        await started(pilot, app)
        header = str(app.query_one(HealthHeader).render())
        assert "of 200,000 (Claude), CLAUDE.md not counted" in header, header
