"""Drift over time: health at each commit, from git's objects, never the working tree."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.git.trend import POINT_KEYS, TrendError, trend
from memtui.core.reporting.health import health_row
from memtui.core.reporting.json_report import to_json
from memtui.core.workspace import open_workspace
from tests.core.helpers import memory

pytestmark = pytest.mark.skipif(subprocess.run(["git", "--version"], capture_output=True,
                                               check=False).returncode != 0,
                                reason="git is not installed")


def git(repo: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid"}
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True,
                          check=True, env=env).stdout


def commit(repo: Path, files: dict[str, str | None], message: str) -> None:
    for rel, text in files.items():
        path = repo / rel
        if text is None:
            path.unlink()
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    ws = "items/ws/"
    commit(repo, {ws + "MEMORY.md": "- [A](memory/a.md) — a\n",
                  ws + "memory/a.md": memory("a", "See [[b]].")}, "first")
    commit(repo, {ws + "memory/b.md": memory("b", "B.")}, "b written, not indexed")
    commit(repo, {"README.md": "unrelated\n"}, "outside the workspace")
    commit(repo, {ws + "memory/c.md": memory("c", "C."),
                  ws + "MEMORY.md": "- [A](memory/a.md) — a\n- [X](memory/x.md) — x\n"},
           "c orphan, x broken")
    commit(repo, {ws + "memory/b.md": None}, "b deleted")
    commit(repo, {ws + "MEMORY.md": "- [A](memory/a.md) — a\n- [C](memory/c.md) — c\n"},
           "index mended")
    return repo


def health_at(repo: Path, sha: str, tmp: Path) -> dict[str, object]:
    """The health of the workspace checked out at ``sha`` into a scratch folder."""
    out = tmp / sha
    subprocess.run(f"git -C {repo} archive {sha} items/ws | tar -x -C {tmp} "
                   f"&& mv {tmp}/items/ws {out} && rm -r {tmp}/items", shell=True, check=True)
    opts = AuditOptions(profile="item")
    return health_row(to_json(Auditor(open_workspace(out), opts).run()))


def test_points_match_an_audit_of_each_commit(repo: Path, tmp_path: Path) -> None:
    ws = repo / "items" / "ws"
    before = {p: p.stat().st_mtime_ns for p in ws.rglob("*")}
    points = trend(ws)
    assert [p["subject"] for p in points] == [
        "first", "b written, not indexed", "c orphan, x broken", "b deleted", "index mended"]
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    for p in points:
        expected = health_at(repo, p["commit"], scratch)
        assert {k: p[k] for k in POINT_KEYS} == {k: expected[k] for k in POINT_KEYS}, \
            p["subject"]
    assert [p["orphans"] for p in points] == [0, 1, 2, 1, 0]
    assert [p["broken_links"] for p in points] == [0, 0, 1, 1, 0]
    assert points[0]["date"] <= points[-1]["date"]
    # the working tree was only read: same files, same mtimes, nothing new
    assert {p: p.stat().st_mtime_ns for p in ws.rglob("*")} == before
    assert git(repo, "status", "--porcelain") == ""


def test_last_n_commits(repo: Path) -> None:
    points = trend(repo / "items" / "ws", last=2)
    assert [p["subject"] for p in points] == ["b deleted", "index mended"]
    assert points[0]["memory_files"] == 2


def test_symlinks_in_history_are_never_followed(repo: Path, tmp_path: Path) -> None:
    secret = tmp_path / "outside.md"
    secret.write_text(memory("outside", "password: hunter2-outside"), encoding="utf-8")
    ws = repo / "items" / "ws"
    (ws / "memory" / "evil.md").symlink_to(secret)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "a symlink leading outside")
    points = trend(ws)
    assert points[-1]["subject"] == "a symlink leading outside"
    assert points[-1]["memory_files"] == points[-2]["memory_files"]


def test_not_a_repository_is_one_clear_error(tmp_path: Path) -> None:
    (tmp_path / "MEMORY.md").write_text("- x\n")
    with pytest.raises(TrendError, match="not inside a git repository"):
        trend(tmp_path)


def test_a_folder_that_becomes_a_file_and_back(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    expected = []

    def step(files: dict[str, str | None], message: str) -> None:
        commit(repo, files, message)
        row = health_row(to_json(Auditor(open_workspace(repo), AuditOptions(profile="item"))
                                 .run()))
        expected.append({k: row[k] for k in POINT_KEYS})

    step({"MEMORY.md": "- [A](memory/a.md) — a\n- [X](memory/a.md/x.md) — x\n",
          "memory/a.md/x.md": memory("x", "X.")}, "a.md is a folder")
    (repo / "memory" / "a.md" / "x.md").unlink()
    (repo / "memory" / "a.md").rmdir()
    step({"memory/a.md": memory("a", "A.")}, "a.md is a file")
    (repo / "memory" / "a.md").unlink()
    step({"memory/a.md/x.md": memory("x", "X.")}, "a folder again")
    points = trend(repo)
    assert [{k: p[k] for k in POINT_KEYS} for p in points] == expected
    assert [p["memory_files"] for p in points] == [1, 1, 1]
    # a link to a folder is broken too (newuser25 #7): a.md/ then a.md/x.md then a.md/
    assert [p["broken_links"] for p in points] == [1, 1, 1]


def test_an_empty_repository_has_no_points(tmp_path: Path) -> None:
    git(tmp_path, "init", "-q")
    (tmp_path / "MEMORY.md").write_text("- x\n")
    assert trend(tmp_path) == []


def test_a_folder_named_like_a_pattern_is_only_itself(tmp_path: Path) -> None:
    git(tmp_path, "init", "-q")
    commit(tmp_path, {"w*/MEMORY.md": "- x\n", "wx/MEMORY.md": "- x\n"}, "both")
    commit(tmp_path, {"wx/memory/b.md": memory("b", "B.")}, "only wx")
    assert [p["subject"] for p in trend(tmp_path / "w*")] == ["both"]


def test_a_repository_whose_name_is_not_utf8(tmp_path: Path) -> None:
    repo = Path(os.fsdecode(os.path.join(os.fsencode(tmp_path), b"r\xff\n")))
    repo.mkdir()
    git(repo, "init", "-q")
    commit(repo, {"MEMORY.md": "- x\n"}, "one")
    assert [p["subject"] for p in trend(repo)] == ["one"]


def test_suggestions_are_left_out_only_when_asked(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "MEMORY.md").write_text("- [A](memory/aa.md) — a\n", encoding="utf-8")
    (tmp_path / "memory" / "a.md").write_text(memory("a", "A."), encoding="utf-8")
    full = Auditor(open_workspace(tmp_path), AuditOptions()).run()
    lean = Auditor(open_workspace(tmp_path), AuditOptions(suggestions=False)).run()
    assert [b.suggestions for b in full.broken_links] == [["memory/a.md"]]
    assert [b.suggestions for b in lean.broken_links] == [[]]
    assert health_row(to_json(full)) == health_row(to_json(lean))


def test_a_point_dates_files_by_git_as_an_audit_of_a_checkout_does(tmp_path: Path) -> None:
    """newuser23 #8: the rebuilt copy's files all share their commit's time, so without
    git's dates a point found them "a copy or an extraction" (one more stale finding than
    the audit of a checkout, which dates them by git)."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    names = [f"m{i:02}" for i in range(12)]
    commit(repo, {"MEMORY.md": "".join(f"- [{n}](memory/{n}.md) — {n}\n" for n in names),
                  **{f"memory/{n}.md": memory(n, "Body.") for n in names}}, "first")
    commit(repo, {"memory/m00.md": memory("m00", "Changed.")}, "second")
    points = trend(repo)
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(repo), str(clone)], check=True)
    for p in points:
        git(clone, "checkout", "-q", p["commit"])
        expected = health_row(to_json(Auditor(open_workspace(clone)).run()))
        assert p["findings"] == expected["findings"], p["subject"]
    assert points[-1]["findings"] == health_row(to_json(Auditor(open_workspace(repo)).run()))[
        "findings"]


def test_tokenizer_names_the_block_count(repo: Path) -> None:
    """newuser24 #34: `trend --tokenizer cl100k` was taken and ignored (the qwen count
    shown); each point counts in the tokenizer asked for and says which."""
    from tests.edit.conftest import cli

    ws = repo / "items" / "ws"
    default = trend(ws)
    cl100k = trend(ws, AuditOptions(tokenizers=("cl100k",)))
    assert {p["tokenizer"] for p in default} == {"qwen"}
    assert {p["tokenizer"] for p in cl100k} == {"cl100k"}
    expected = to_json(Auditor(open_workspace(ws), AuditOptions()).run())
    assert cl100k[-1]["block_tokens"] == expected["injected_block"]["tokens"]["cl100k"]
    assert default[-1]["block_tokens"] == expected["injected_block"]["tokens"]["qwen"]
    shown = cli("trend", ws, "--tokenizer", "cl100k")
    assert shown.returncode == 0 and "block cl100k tokens" in shown.stdout


def test_a_point_lists_the_project_at_its_own_commit(tmp_path: Path) -> None:
    """newuser26 #36: an item workspace is its own project, and a point's stale references
    were checked against the project as the first commit held it: a memory added later
    naming `rebuild_fts()` was "a name that occurs nowhere in the project's text" (7 more
    infos at HEAD than the audit of a clone)."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    commit(repo, {"MEMORY.md": "- [A](memory/a.md) — a\n",
                  "memory/a.md": memory("a", "Body.")}, "first")
    commit(repo, {"MEMORY.md": "- [A](memory/a.md) — a\n- [B](memory/b.md) — b\n",
                  "memory/b.md": memory("b", "The job calls `rebuild_fts()` on `line_items`."
                                             "\npassword = \"hunter2Zq9xP!v\"\n")},
           "b names symbols")
    commit(repo, {"MEMORY.md": "- [A](memory/a.md) — a\n- [B](memory/b.md) — b\n"
                               "- [X](memory/x.md) — gone\n"}, "broken link")
    points = trend(repo)
    assert [p["subject"] for p in points] == ["first", "b names symbols", "broken link"]
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(repo), str(clone)], check=True)
    for p in points:
        git(clone, "checkout", "-q", p["commit"])
        report = to_json(Auditor(open_workspace(clone)).run())
        assert not [f for f in report["findings"] if f["kind"] == "stale_reference"]
        assert p["findings"] == health_row(report)["findings"], p["subject"]


def test_a_point_reads_the_history_up_to_its_commit(tmp_path: Path) -> None:
    """newuser26 #36: a memory naming a file the project's history held and a later commit
    deleted is a stale reference in the audit of a checkout; a point (rebuilt outside the
    repository) read no history, so it never counted one."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    commit(repo, {"MEMORY.md": "- [A](memory/a.md) — a\n",
                  "memory/a.md": memory("a", "The nightly job is src/old_job.py.\n"),
                  "src/old_job.py": "print('job')\n", "src/main.py": "print('main')\n"},
           "first")
    commit(repo, {"src/old_job.py": None}, "job removed")
    points = trend(repo)
    assert [p["subject"] for p in points] == ["first", "job removed"]
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(repo), str(clone)], check=True)
    stale = []
    for p in points:
        git(clone, "checkout", "-q", p["commit"])
        report = to_json(Auditor(open_workspace(clone)).run())
        stale.append(len([f for f in report["findings"] if f["kind"] == "stale_reference"]))
        assert p["findings"] == health_row(report)["findings"], p["subject"]
    assert stale == [0, 1]


def test_the_newest_point_counts_a_credential_in_a_non_memory_file(tmp_path: Path) -> None:
    """newuser29 #7: the audit reads every text file under the memory folder for credentials
    (a .txt, an .env), but the trend wrote only .md files with their bytes: the newest
    point was one error short of `memtui audit` of HEAD."""
    from tests.test_cli_audit import memtui

    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    commit(repo, {"MEMORY.md": "- [A](memory/a.md) — a\n",
                  "memory/a.md": memory("a", "A."),
                  "memory/notes.txt": "notes\nDB_PASSWORD=Zr5@pLq81!mw\n",
                  "src/app.py": "print('code beside the memory folder')\n"}, "first")
    audited = json.loads(memtui("audit", str(repo), "--json").stdout)["findings"]
    errors = [f for f in audited if f["severity"] == "error"]
    assert [f["path"] for f in errors] == ["memory/notes.txt"]
    proc = memtui("trend", str(repo), "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["points"][-1]["findings"]["error"] == len(errors)


def test_a_point_says_what_the_configuration_kept_out(tmp_path: Path) -> None:
    """newuser31 #17: today's ``ignore = ["secret"]`` applied at every commit drew a past
    without the credential; each point says what the configuration kept out, and the table
    shows it."""
    from tests.test_cli_audit import memtui

    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    commit(repo, {"MEMORY.md": "- [A](a.md) — a\n",
                  "a.md": memory("a", "The deploy password is `Zq8!vR2#pL9wX4`.")}, "first")
    commit(repo, {"a.md": memory("a", "Rotated; nothing here now.")}, "rotated")
    commit(repo, {".memtui.toml": 'ignore = ["secret"]\n'}, "config")
    proc = memtui("trend", str(repo), "--json")
    assert proc.returncode == 0, proc.stderr
    points = json.loads(proc.stdout)["points"]
    assert [p["findings"]["error"] for p in points] == [0, 0, 0]
    assert [p["suppressed"]["secret"] for p in points] == [1, 0, 0]
    text = memtui("trend", str(repo)).stdout
    assert "kept out" in text and "1 (1 credential)" in text
    assert "today's configuration is applied at every commit" in text
