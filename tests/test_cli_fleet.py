"""``memtui audit ROOT --discover`` and ``memtui trend PATH`` end to end, in a subprocess."""

from __future__ import annotations

import json
from pathlib import Path

from tests.core.helpers import memory
from tests.core.test_trend import commit, git
from tests.test_cli_audit import memtui


def fleet(root: Path) -> Path:
    for name, extra in (("clean", ""), ("orphaned", "lost"), ("broken", "gone")):
        ws = root / "items" / name
        (ws / "memory").mkdir(parents=True)
        index = "- [A](memory/a.md) — a\n" + ("- [G](memory/gone.md) — g\n"
                                             if extra == "gone" else "")
        (ws / "MEMORY.md").write_text(index, encoding="utf-8")
        (ws / "memory/a.md").write_text(memory("a", "A."), encoding="utf-8")
        if extra == "lost":
            (ws / "memory/lost.md").write_text(memory("lost", "L."), encoding="utf-8")
    claude = root / ".claude" / "projects" / "-home-me-app" / "memory"
    claude.mkdir(parents=True)
    (claude / "MEMORY.md").write_text("- [U](user_role.md) — u\n", encoding="utf-8")
    (claude / "user_role.md").write_text(memory("user_role", "U.", "user"), encoding="utf-8")
    return root


def test_discover_json_has_one_row_per_workspace_and_the_worst_exit(tmp_path: Path) -> None:
    proc = memtui("audit", str(fleet(tmp_path)), "--discover", "--json", "--jobs", "2")
    assert proc.returncode == 1, proc.stderr
    doc = json.loads(proc.stdout)
    rows = {Path(w["path"]).relative_to(tmp_path).as_posix(): w for w in doc["workspaces"]}
    assert sorted(rows) == [".claude/projects/-home-me-app/memory", "items/broken",
                            "items/clean", "items/orphaned"]
    assert rows["items/clean"]["exit"] == 0
    assert rows["items/broken"]["broken_links"] == 1 and rows["items/broken"]["exit"] == 1
    assert rows["items/orphaned"]["unreachable"] == 1
    assert rows[".claude/projects/-home-me-app/memory"]["memory_files"] == 1
    assert doc["schema"] == 1 and doc["exit"] == 1
    assert memtui("audit", str(tmp_path), "--discover", "--fail-on", "never").returncode == 0


def test_discover_text_table_and_errors(tmp_path: Path) -> None:
    proc = memtui("audit", str(fleet(tmp_path)), "--discover")
    assert "4 workspaces" in proc.stdout and "items/orphaned" in proc.stdout
    assert "1 of 4 workspaces fail (exit 1)" in proc.stdout  # orphans warn, broken fails
    assert "Traceback" not in proc.stderr
    missing = memtui("audit", str(tmp_path / "nope"), "--discover")
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1
    empty = tmp_path / "empty"
    empty.mkdir()
    none = memtui("audit", str(empty), "--discover", "--json")
    assert none.returncode == 0 and json.loads(none.stdout)["workspaces"] == []


def test_trend_json_oldest_first(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    commit(repo, {"MEMORY.md": "- [A](memory/a.md) — a\n", "memory/a.md": memory("a", "A")},
           "one")
    commit(repo, {"memory/b.md": memory("b", "B")}, "two")
    proc = memtui("trend", str(repo), "--json")
    assert proc.returncode == 0, proc.stderr
    points = json.loads(proc.stdout)["points"]
    assert [p["subject"] for p in points] == ["one", "two"]
    assert [p["orphans"] for p in points] == [0, 1]
    for key in ("commit", "date", "memory_files", "orphans", "unreachable", "broken_links",
                "dangling", "block_tokens"):
        assert key in points[0]
    text = memtui("trend", str(repo))
    assert text.returncode == 0 and "orphans" in text.stdout
    plain = tmp_path / "plain"
    plain.mkdir()
    outside = memtui("trend", str(plain))
    assert outside.returncode == 2 and "git" in outside.stderr
    assert outside.stderr.count("\n") == 1


