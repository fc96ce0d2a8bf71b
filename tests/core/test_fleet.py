"""A fleet: discovering every workspace under a root, and one health row per workspace."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.fleet import audit_fleet, find_workspaces, fleet_exit, to_fleet_json
from memtui.core.reporting.health import health_row
from memtui.core.reporting.json_report import to_json
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


def test_a_projects_memory_kept_in_its_repository_through_a_link_is_found(
        tmp_path: Path) -> None:
    """newuser29 #39: `~/.claude/projects/<p>/memory -> <repo>/.claude/memory` (memory kept
    in the repository) was skipped by --discover without a trace. A link to a folder holding
    a MEMORY.md is a workspace (looked at, never walked); one reached twice is listed once;
    a link to a folder of workspaces, or a loop, is still not followed."""
    repo_memory = healthy(tmp_path / "repo" / ".claude" / "memory")
    home = tmp_path / "home"
    (home / ".claude" / "projects" / "-repo").mkdir(parents=True)
    (home / ".claude" / "projects" / "-repo" / "memory").symlink_to(repo_memory)
    healthy(home / ".claude" / "projects" / "-other" / "memory")
    (home / "again").symlink_to(home / ".claude" / "projects" / "-other" / "memory")
    (home / "loop").symlink_to(home)
    found = [p.relative_to(home).as_posix() for p in find_workspaces(home)]
    assert found == [".claude/projects/-other/memory", ".claude/projects/-repo/memory"]


def test_an_openclaw_workspace_of_daily_notes_is_found_as_the_audit_finds_it(
        tmp_path: Path) -> None:
    """newuser24 #9: a folder the audit takes as OpenClaw (daily notes in memory/, no
    SOUL.md, no MEMORY.md) was left out of the fleet, one with 12 secret errors; a memory/
    folder of other notes beside nothing of an agent's is still not a workspace."""
    make_ws(tmp_path / "claw", {"memory/2026-03-05.md": "# 2026-03-05\n\nNotes.\n",
                                "AGENTS.md": "# Agents\n"})
    make_ws(tmp_path / "proj", {"memory/notes.md": "# notes\n", "README.md": "x\n"})
    found = [p.relative_to(tmp_path).as_posix() for p in find_workspaces(tmp_path)]
    assert found == ["claw"]
    assert run_audit_profile(tmp_path / "claw") == "openclaw"


def run_audit_profile(path: Path) -> str:
    return str(Auditor(open_workspace(path), AuditOptions()).run().profile)


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


def test_an_unexpected_failure_in_one_workspace_is_its_row_not_the_fleets_end(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "MEMORY.md").write_text("- x\n", encoding="utf-8")
    real_run = Auditor.run

    def run(self: Auditor, *args: object, **kwargs: object) -> object:
        if self.ws.root.name == "a":
            raise RecursionError("maximum recursion depth exceeded\nsecond line")
        return real_run(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Auditor, "run", run)
    rows = {Path(r["path"]).name: r for r in audit_fleet(find_workspaces(tmp_path), jobs=1)}
    assert rows["a"]["exit"] == 2 and "RecursionError" in rows["a"]["error"]
    assert rows["b"]["exit"] == 0 and rows["b"]["error"] is None


def linked_index_fleet(tmp_path: Path) -> Path:
    """A root whose workspaces' MEMORY.md are symbolic links: to a file inside the workspace,
    out of it (to a sibling workspace's index, and out of the root), broken, a loop."""
    root = tmp_path / "root"
    inside = make_ws(root / "inside", {"notes/index.md": "- [A](memory/a.md) — a\n",
                                       "memory/a.md": memory("a", "A."),
                                       "memory/lost.md": memory("lost", "L.")})
    (inside / "MEMORY.md").symlink_to("notes/index.md")
    healthy(root / "plain")
    (tmp_path / "elsewhere.md").write_text("- [A](memory/a.md) — a\n", encoding="utf-8")
    for name, target in (("outside", tmp_path / "elsewhere.md"),
                         ("sibling", Path("../plain/MEMORY.md")),
                         ("broken", Path("notes/gone.md")),
                         ("loop", Path("MEMORY.md"))):
        ws = make_ws(root / name, {"memory/a.md": memory("a", "A.")})
        (ws / "MEMORY.md").symlink_to(target)
    return root


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_symlinked_index_is_audited_inside_and_reported_outside(
        tmp_path: Path, jobs: int) -> None:
    root = linked_index_fleet(tmp_path)
    found = [p.name for p in find_workspaces(root)]
    assert found == ["broken", "inside", "loop", "outside", "plain", "sibling"]
    rows = {Path(r["path"]).name: r for r in audit_fleet(find_workspaces(root), jobs=jobs,
                                                         processes=jobs > 1)}
    # inside the workspace: followed, as the audit of that one workspace follows it
    single = health_row(to_json(Auditor(open_workspace(root / "inside")).run()))
    assert rows["inside"]["error"] is None and rows["inside"]["memory_files"] == 2
    assert (rows["inside"]["orphans"], rows["inside"]["unreachable"]) == (1, 1)
    assert {k: rows["inside"][k] for k in ("orphans", "block_tokens", "exit")} == \
        {k: single[k] for k in ("orphans", "block_tokens", "exit")}
    assert rows["plain"]["error"] is None
    # out of the workspace, broken or a loop: not followed, and the row says why
    for name, why in (("outside", "symlink leads outside the workspace"),
                      ("sibling", "symlink leads outside the workspace"),
                      ("broken", "broken symlink"), ("loop", "symlink loop")):
        assert rows[name]["exit"] == 2, name
        assert rows[name]["error"] == f"MEMORY.md: {why}, not followed"
        assert rows[name]["memory_files"] is None
    assert fleet_exit(list(rows.values())) == 2


def test_a_memory_folder_in_a_hidden_folder_is_found_but_not_walked(tmp_path: Path) -> None:
    """newuser25 #6: ``proj/.claude-memory/`` (a Claude Code memory folder kept in a dot
    folder) was silently left out of the fleet. A hidden folder that is a memory folder
    itself is found; hidden folders are still not walked into, and ``.git``, caches,
    ``node_modules`` and memtui's own state are never looked at."""
    healthy(tmp_path / "proj" / ".claude-memory")
    healthy(tmp_path / "proj" / ".tool" / "deep")  # inside a hidden folder: not walked
    healthy(tmp_path / "proj" / ".git")
    healthy(tmp_path / "proj" / ".memtui")
    healthy(tmp_path / "proj" / ".pytest_cache")
    found = [p.relative_to(tmp_path).as_posix() for p in find_workspaces(tmp_path)]
    assert found == ["proj/.claude-memory"]
