"""real32: Claude Code's team memory, ``team/`` in the memory folder with its own index.

Claude Code loads ``team/MEMORY.md`` at session start beside the private MEMORY.md (cut the
same way, 200 lines / 25 KB) and reaches the team's memories through its links. A real
folder audited as claude-code reported the team index and the memory it linked as
orphans "never seen", and the index itself as a memory without frontmatter.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.audit import AuditResult
from tests.core.helpers import make_ws, memory, run_audit

FILLER = "".join(f"- note {n}: nothing linked here\n" for n in range(3, 230))


@pytest.fixture(scope="module")
def audited(tmp_path_factory: pytest.TempPathFactory) -> AuditResult:
    root = make_ws(tmp_path_factory.mktemp("team") / "memory", {
        "MEMORY.md": "- [Own](own.md) — a private memory\n",
        "own.md": memory("own", "a private fact"),
        # the team index: links relative to itself, one past its 200-line cut
        "team/MEMORY.md": ("- [Shared](shared.md) — a team memory\n"
                           "- [Also](sub/also.md) — in a folder of the team's\n"
                           + FILLER + "- [Late](late.md) — past the cut\n"),
        "team/shared.md": memory("shared", "a team fact"),
        "team/sub/also.md": memory("also", "another team fact"),
        "team/late.md": memory("late", "linked only past the cut"),
        "team/loose.md": memory("loose", "linked from nowhere"),
    })
    return run_audit(root)


def orphans(result: AuditResult) -> set[str]:
    return {f.path for f in result.findings if f.kind == "orphan"}


def test_team_index_links_are_loaded_links(audited: AuditResult) -> None:
    assert audited.profile == "claude-code"
    assert orphans(audited) == {"team/late.md", "team/loose.md"}


def test_team_index_is_no_memory_without_frontmatter(audited: AuditResult) -> None:
    assert not [f for f in audited.findings
                if f.path == "team/MEMORY.md" and f.kind in ("frontmatter", "orphan")]


def test_team_index_joins_the_block_cut_at_200_lines(audited: AuditResult) -> None:
    block = audited.block
    assert block.files == ["MEMORY.md", "team/MEMORY.md"]
    assert "[Own](own.md)" in block.text and "[Shared](shared.md)" in block.text
    assert "note 200:" in block.text and "note 201:" not in block.text  # line 200 is the last
    assert "[Late]" not in block.text


def test_without_team_folder_nothing_changes(tmp_path: Path) -> None:
    root = make_ws(tmp_path / "memory", {
        "MEMORY.md": "- [Own](own.md) — a private memory\n",
        "own.md": memory("own", "a private fact"),
        "notes/MEMORY.md": "- [Other](other.md) — not the team's index\n",
        "notes/other.md": memory("other", "a fact"),
    })
    got = run_audit(root)
    assert got.block.files == ["MEMORY.md"]
    assert orphans(got) == {"notes/MEMORY.md", "notes/other.md"}
