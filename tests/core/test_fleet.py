"""A fleet: discovering every workspace under a root, and one health row per workspace."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.fleet import audit_fleet, find_workspaces, fleet_exit, to_fleet_json
from memtui.core.health import health_row
from memtui.core.report import to_json
from memtui.core.workspace import open_workspace
from tests.core.helpers import NOW, make_ws, memory


def healthy(root: Path) -> Path:
    return make_ws(root, {"MEMORY.md": "- [A](memory/a.md) — a\n",
                          "memory/a.md": memory("a", "A.")})


def drifted(root: Path) -> Path:
    """One unreachable orphan, one broken index link, one dangling wikilink, one secret."""
    return make_ws(root, {
        "MEMORY.md": "- [A](memory/a.md) — a\n- [Gone](memory/gone.md) — gone\n",
        "memory/a.md": memory("a", "See [[never-written]]."),
        "memory/lost.md": memory("lost", "token ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"),
    })


def test_find_workspaces_walks_items_and_claude_projects(tmp_path: Path) -> None:
    healthy(tmp_path / "items" / "one")
    healthy(tmp_path / "items" / "two")
    healthy(tmp_path / ".claude" / "projects" / "-home-me-proj" / "memory")
    healthy(tmp_path / ".cache" / "hidden")  # hidden folders other than .claude: skipped
    healthy(tmp_path / "node_modules" / "pkg")  # never walked
    # a MEMORY.md inside a workspace's own memory folder is that workspace's memory
    (tmp_path / "items" / "one" / "memory" / "MEMORY.md").write_text("- x\n")
    # a symlink to a workspace is not followed (no loops, no escapes)
    (tmp_path / "link").symlink_to(tmp_path / "items")
    os.mkfifo(tmp_path / "items" / "fifo-ws-MEMORY")
    (tmp_path / "fifo").mkdir()
    os.mkfifo(tmp_path / "fifo" / "MEMORY.md")  # a FIFO is not an index
    found = [p.relative_to(tmp_path).as_posix() for p in find_workspaces(tmp_path)]
    assert found == [".claude/projects/-home-me-proj/memory", "items/one", "items/two"]


def test_row_counts_what_the_audit_reports(tmp_path: Path) -> None:
    ws = drifted(tmp_path / "ws")
    report = to_json(Auditor(open_workspace(ws), AuditOptions(now=NOW)).run())
    row = health_row(report)
    assert row["memory_files"] == 2
    assert (row["orphans"], row["unreachable"]) == (1, 1)
    assert row["broken_links"] == 1
    assert row["dangling"] == 1
    assert row["secrets"] == 1
    assert row["block_tokens"] == report["injected_block"]["tokens"]["qwen"] > 0
    assert row["exit"] == 1
    assert health_row(report, fail_on="never")["exit"] == 0


@pytest.mark.parametrize("jobs", [1, 2])
def test_audit_fleet_in_processes_gives_every_row_and_the_worst_exit(
        tmp_path: Path, jobs: int) -> None:
    paths = [healthy(tmp_path / "a"), drifted(tmp_path / "b"), healthy(tmp_path / "c")]
    rows = list(audit_fleet([*paths, tmp_path / "vanished"], jobs=jobs, processes=jobs > 1))
    by_path = {Path(r["path"]).name: r for r in rows}
    assert sorted(by_path) == ["a", "b", "c", "vanished"]
    assert by_path["a"]["exit"] == by_path["c"]["exit"] == 0
    assert by_path["b"]["exit"] == 1 and by_path["b"]["unreachable"] == 1
    assert by_path["vanished"]["exit"] == 2 and "no such" in by_path["vanished"]["error"]
    assert fleet_exit(rows) == 2
    doc = to_fleet_json(tmp_path, rows)
    assert doc["exit"] == 2 and [Path(w["path"]).name for w in doc["workspaces"]] == \
        ["a", "b", "c", "vanished"]
    for w in doc["workspaces"]:
        for key in ("path", "memory_files", "orphans", "unreachable", "broken_links",
                    "dangling", "block_tokens", "secrets", "exit"):
            assert key in w


def test_empty_fleet_exits_zero(tmp_path: Path) -> None:
    assert find_workspaces(tmp_path) == []
    assert list(audit_fleet([])) == []
    assert fleet_exit([]) == 0
