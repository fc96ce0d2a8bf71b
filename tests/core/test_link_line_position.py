"""real35: a link to a project's file with an editor's position after its name
(``[Repo.cs:236](src/app/Repo.cs:236)``, also ``#L236`` and ``:236:5``) opens that file at that
line: no broken link when the file is there, still one when it is not."""

from __future__ import annotations

import subprocess
from pathlib import Path

from memtui.core.audit import audit
from memtui.core.scanner.links import without_position

NOTE = ("---\nname: session\ndescription: what the last session fixed\ntype: project\n---\n"
        "- The fix is one line ([Repo.cs:236](src/app/Repo.cs:236)).\n"
        "- Same place ([Repo.cs#L236](src/app/Repo.cs#L236)), column too "
        "([Repo.cs:236:5](src/app/Repo.cs:236:5)).\n"
        "- From the folder: [Repo.cs:12](../../src/app/Repo.cs:12).\n"
        "- Gone since: [Old.cs:40](src/app/Old.cs:40) and [Old.cs:4](../../src/app/Old.cs:4).\n")


def _repository(tmp_path: Path) -> Path:
    repo = tmp_path / "shop"
    mem = repo / ".claude" / "memory"
    mem.mkdir(parents=True)
    (repo / "src" / "app").mkdir(parents=True)
    (repo / "src" / "app" / "Repo.cs").write_text("class Repo {}\n", encoding="utf-8")
    (mem / "MEMORY.md").write_text("# Memory\n\n- [Session](session.md) — the last fix\n",
                                   encoding="utf-8")
    (mem / "session.md").write_text(NOTE, encoding="utf-8")
    git = ["git", "-c", "user.email=a@b", "-c", "user.name=a", "-c", "commit.gpgsign=false"]
    subprocess.run([*git, "init", "-q"], cwd=repo, check=True, capture_output=True)
    subprocess.run([*git, "add", "-A"], cwd=repo, check=True, capture_output=True)
    subprocess.run([*git, "commit", "-qm", "init"], cwd=repo, check=True, capture_output=True)
    return mem


def test_a_project_file_with_a_line_position_is_no_broken_link(tmp_path: Path) -> None:
    result = audit(_repository(tmp_path))
    broken = sorted((f.line, f.message) for f in result.findings if f.kind == "broken_link")
    # the file that is not there stays broken, whichever way it is linked
    assert broken == [
        (9, "link to ../../src/app/Old.cs:4 leads outside the memory folder: no such file"),
        (9, "link to src/app/Old.cs:40: no such file")]
    found = sorted(f.line for f in result.findings if f.kind == "outside_link")
    assert found == [6, 7, 7, 8]


def test_without_position_takes_off_a_line_and_a_column_only() -> None:
    assert without_position("src/a/Repo.cs:236") == "src/a/Repo.cs"
    assert without_position("src/a/Repo.cs:236:5") == "src/a/Repo.cs"
    assert without_position("notes/run.md:3#setup") == "notes/run.md#setup"
    assert without_position("src/a/Repo.cs") is None
    assert without_position("src/a/Repo.cs#L236") is None  # a fragment: dropped already
    assert without_position("src/a/:3") is None


def test_an_excluded_memory_s_link_with_a_line_position_is_no_broken_link(
        tmp_path: Path) -> None:
    """The memories an exclude leaves out are read on their own (newuser28 #21): the same
    link there is found as well, and a missing file still broken."""
    ws = tmp_path / "ws"
    (ws / "memory" / "runs").mkdir(parents=True)
    (ws / "memory" / "runs" / "deploy.md").write_text("# Deploy\n", encoding="utf-8")
    (ws / "memory" / "history.md").write_text(
        "---\nname: history\ndescription: history\ntype: project\n---\n"
        "Steps at [deploy](runs/deploy.md:12), [old](runs/old.md:3).\n", encoding="utf-8")
    (ws / "MEMORY.md").write_text("# M\n\n- [History](memory/history.md) — history\n",
                                  encoding="utf-8")
    (ws / ".memtui.toml").write_text('exclude = ["memory/history.md"]\n', encoding="utf-8")
    broken = [f.message for f in audit(ws).findings if f.kind == "broken_link"]
    assert broken == ["link to memory/runs/old.md:3: no such file"]
