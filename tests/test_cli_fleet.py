"""``memtui audit ROOT --discover`` and ``memtui trend PATH`` end to end, in a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.core.helpers import memory
from tests.core.test_trend import commit, git
from tests.test_cli_audit import ROOT, memtui


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
    none = memtui("audit", str(empty), "--discover", "--json")  # newuser22 #40: not a pass
    assert (none.returncode, none.stdout) == (2, "") and none.stderr.count("\n") == 1


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




def memtui_bytes(*args: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1",
           "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "memtui", *args], cwd=ROOT, env=env,
                          capture_output=True, timeout=120)


def hostile_root(root: Path) -> Path:
    """Workspaces named with an ESC sequence and a byte that is not UTF-8, one whose memory/
    leads outside, a FIFO named MEMORY.md, a folder named MEMORY.md and a symlink loop."""
    for name in (b"ctl\x1b[31mred", b"bad\xff"):
        ws = Path(os.fsdecode(os.path.join(os.fsencode(root), name)))
        (ws / "memory").mkdir(parents=True)
        (ws / "MEMORY.md").write_text("- x\n", encoding="utf-8")
    (root / "outside" / "memory").mkdir(parents=True)
    (root / "esc").mkdir()
    (root / "esc" / "MEMORY.md").write_text("- x\n", encoding="utf-8")
    (root / "esc" / "memory").symlink_to(root / "outside" / "memory")
    (root / "fifo").mkdir()
    os.mkfifo(root / "fifo" / "MEMORY.md")
    (root / "dir" / "MEMORY.md").mkdir(parents=True)
    (root / "loop").mkdir()
    (root / "loop" / "self").symlink_to(root / "loop")
    return root


def test_discover_hostile_names_stay_escaped_and_json_stays_utf8(tmp_path: Path) -> None:
    root = hostile_root(tmp_path)
    proc = memtui_bytes("audit", str(root), "--discover", "--json", "--jobs", "2")
    assert proc.returncode == 2, proc.stderr
    doc = json.loads(proc.stdout.decode("utf-8"))  # strict: valid UTF-8
    rows = {Path(w["path"]).name: w for w in doc["workspaces"]}
    assert sorted(rows) == ["bad\\xff", "ctl\x1b[31mred", "esc"]
    assert rows["esc"]["exit"] == 2 and "\n" not in rows["esc"]["error"]
    assert rows["ctl\x1b[31mred"]["exit"] == 0
    text = memtui_bytes("audit", str(root), "--discover")
    assert text.returncode == 2 and b"Traceback" not in text.stderr
    assert b"\x1b" not in text.stdout and b"\xff" not in text.stdout
    assert b"ctl\\x1b[31mred" in text.stdout and b"bad\\xff" in text.stdout
    assert b"symbolic link leading outside" in text.stdout


def test_trend_escapes_a_commit_subject_and_an_empty_repository_is_no_error(
        tmp_path: Path) -> None:
    git(tmp_path, "init", "-q")
    (tmp_path / "MEMORY.md").write_text("- x\n", encoding="utf-8")
    empty = memtui("trend", str(tmp_path))
    assert empty.returncode == 0 and "No commit touched" in empty.stdout, empty.stderr
    commit(tmp_path, {"MEMORY.md": "- y\n"}, "retitled\x1b]0;pwned\x07")
    proc = memtui_bytes("trend", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    assert b"\x1b" not in proc.stdout and b"retitled\\x1b]0;pwned\\x07" in proc.stdout
    doc = json.loads(memtui_bytes("trend", str(tmp_path), "--json").stdout.decode("utf-8"))
    assert doc["points"][0]["subject"] == "retitled\x1b]0;pwned\x07"


def test_discover_takes_sarif_and_refuses_a_root_that_is_a_file(tmp_path: Path) -> None:
    # (newuser41 #10: one log, a run per workspace — it was refused)
    sarif = memtui("audit", str(fleet(tmp_path)), "--discover", "--format", "sarif")
    assert sarif.returncode in (0, 1) and len(json.loads(sarif.stdout)["runs"]) > 1
    (tmp_path / "file").write_text("x")
    afile = memtui("audit", str(tmp_path / "file"), "--discover")
    assert afile.returncode == 2 and afile.stderr.count("\n") == 1
    jobs = memtui("audit", str(tmp_path), "--discover", "--jobs", "0")
    assert jobs.returncode == 2 and "Traceback" not in jobs.stderr


def test_discover_reports_an_index_linked_out_of_its_workspace(tmp_path: Path) -> None:
    root = fleet(tmp_path / "root")
    (tmp_path / "elsewhere.md").write_text("- [A](memory/a.md) — a\n", encoding="utf-8")
    linked = root / "items" / "linked-out"
    (linked / "memory").mkdir(parents=True)
    (linked / "MEMORY.md").symlink_to(tmp_path / "elsewhere.md")
    proc = memtui("audit", str(root), "--discover")
    assert proc.returncode == 2, proc.stderr
    assert "5 workspaces" in proc.stdout
    line = next(ln for ln in proc.stdout.splitlines() if ln.startswith("items/linked-out: "))
    assert "MEMORY.md: symlink leads outside the workspace, not followed" in line
    doc = json.loads(memtui("audit", str(root), "--discover", "--json").stdout)
    row = next(w for w in doc["workspaces"] if w["path"].endswith("linked-out"))
    assert row["exit"] == 2 and row["error"] == ("MEMORY.md: symlink leads outside the "
                                                 "workspace, not followed")


def test_discover_oldest_is_null_when_every_age_is_unknown(tmp_path: Path) -> None:
    ws = tmp_path / "copied"
    (ws / "memory").mkdir(parents=True)
    index = "".join(f"- [M{i}](memory/m{i}.md) — m\n" for i in range(12))
    (ws / "MEMORY.md").write_text(index, encoding="utf-8")
    for i in range(12):  # one copy moment: their mtimes are not their ages
        p = ws / "memory" / f"m{i}.md"
        p.write_text(memory(f"m{i}", "M."), encoding="utf-8")
        os.utime(p, (1_700_000_000, 1_700_000_000))
    single = json.loads(memtui("audit", str(ws), "--json").stdout)
    assert {f["age_source"] for f in single["files"]} == {"unknown"}
    doc = json.loads(memtui("audit", str(tmp_path), "--discover", "--json").stdout)
    assert [w["oldest_days"] for w in doc["workspaces"]] == [None]
    text = memtui("audit", str(tmp_path), "--discover").stdout
    assert " 0 d" not in text


def test_trend_honours_the_config_as_the_audit_does(tmp_path: Path) -> None:
    """.memtui.toml's exclude, ignore and severity reach every point, as they reach the
    audit: excluded files are no orphans, ignored rules and changed severities count in
    each point's findings, and the JSON names the file."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    commit(repo, {"MEMORY.md": "- [A](memory/a.md) — a\n- [Gone](memory/gone.md)\n",
                  "memory/a.md": memory("a", "A"),
                  "memory/briefs/b1.md": "# brief\n", "memory/briefs/b2.md": "# brief\n",
                  "memory/o.md": memory("o", "O")}, "one")
    bare = json.loads(memtui("trend", str(repo), "--json").stdout)
    assert bare["config"] is None and bare["schema"] == 2
    assert bare["points"][0]["orphans"] == 3
    assert bare["points"][0]["findings"]["error"] == 1  # the broken link
    (repo / ".memtui.toml").write_text(
        'exclude = ["memory/briefs/**"]\nignore = ["orphan"]\n'
        '[severity]\nbroken_link = "warning"\n', encoding="utf-8")
    audit = json.loads(memtui("audit", str(repo), "--json").stdout)
    doc = json.loads(memtui("trend", str(repo), "--json").stdout)
    assert doc["config"] == str(repo / ".memtui.toml")
    point = doc["points"][0]
    assert point["orphans"] == len(audit["orphans"]) == 1  # the briefs are excluded
    by_sev = {s: sum(1 for f in audit["findings"] if f["severity"] == s)
              for s in ("error", "warning", "info")}
    assert point["findings"] == by_sev
    assert point["findings"]["error"] == 0  # broken_link is a warning here
    assert not any(f["kind"] == "orphan" for f in audit["findings"])
    text = memtui("trend", str(repo)).stdout
    assert "Config: " in text and "errors" in text
    (repo / ".memtui.toml").write_text("ignore = [\"no_such_rule\"]\n", encoding="utf-8")
    bad = memtui("trend", str(repo))
    assert bad.returncode == 2 and ".memtui.toml" in bad.stderr
    assert bad.stderr.count("\n") == 1


def test_discover_that_finds_no_workspace_fails_in_one_line(tmp_path: Path) -> None:
    """newuser22 #40: ``--discover`` under a folder with no workspace said "0 of 0
    workspaces fail (exit 0)": a CI job pointed at the wrong folder passed for ever. One
    line, exit 2, in every format; a root with one workspace is audited as before."""
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a" / "notes.md").write_text("# not a workspace\n", encoding="utf-8")
    for args in ((), ("--json",)):
        proc = memtui("audit", str(tmp_path), "--discover", *args)
        assert (proc.returncode, proc.stdout) == (2, ""), args
        assert proc.stderr == (f"memtui audit: error: no workspace under {tmp_path}: no "
                               "folder holding MEMORY.md, nor an agent's memory folder, "
                               "within 12 levels\n")
    (tmp_path / "a" / "b" / "MEMORY.md").write_text("# Memory\n", encoding="utf-8")
    proc = memtui("audit", str(tmp_path), "--discover", "--json")
    assert proc.returncode == 0 and len(json.loads(proc.stdout)["workspaces"]) == 1


def test_an_error_is_said_under_the_table_not_in_a_column(tmp_path: Path) -> None:
    """newuser31 #32: one workspace's long error (a bad .memtui.toml) sat in a cell of the
    table and widened every row to its length; it is said under the table, the rows keep
    their width."""
    root = fleet(tmp_path)
    (root / "items" / "clean" / ".memtui.toml").write_text('ignroe = ["secret"]\n' + "#" * 200
                                                           + "\n", encoding="utf-8")
    proc = memtui("audit", str(root), "--discover")
    lines = proc.stdout.splitlines()
    table = lines[1:6]  # after the title: the header and the 4 rows
    # (160: the limit and warn. columns and the [claude-code] tag, newuser36 #11 #28; the
    # error alone was ~330)
    assert table[0].startswith("workspace") and max(map(len, table)) < 160, lines
    said = [ln for ln in lines if ln.startswith("items/clean: ")]
    assert len(said) == 1 and "ignroe" in said[0], lines
