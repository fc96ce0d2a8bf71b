"""bench/realfolders.py on a real git repository: rebuild extracts the folder, score judges."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GIT = ["git", "-c", "user.name=t", "-c", "user.email=t@localhost"]


def _bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bench.realfolders", *args], cwd=ROOT,
                          capture_output=True, text=True, check=False, timeout=300)


def _repo(tmp: Path) -> tuple[Path, str]:
    """A mirror laid out like /work/.mirror: MIRROR/owner+name/repo is a git directory."""
    work = tmp / "work"
    (work / "notes" / "memory").mkdir(parents=True)
    (work / "notes" / "memory" / "MEMORY.md").write_text(
        "- [Server](server.md) — the host\n", encoding="utf-8")
    (work / "notes" / "memory" / "server.md").write_text(
        "---\nname: server\ndescription: the host\ntype: reference\n---\n"
        "- Credentials: user=ops, pwd=Zr8kQm2vLx7w\n"
        "- Mot de passe du NAS : Hb3nVc9qPw4t\n"
        "- See [the runbook](RUNBOOK.md)\n", encoding="utf-8")
    (work / "README.md").write_text("outside the folder\n", encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(work)], check=True)
    subprocess.run([*GIT, "-C", str(work), "add", "."], check=True)
    subprocess.run([*GIT, "-C", str(work), "commit", "-qm", "notes"], check=True)
    commit = subprocess.run(["git", "-C", str(work), "rev-parse", "HEAD"], check=True,
                            capture_output=True, text=True).stdout.strip()
    mirror = tmp / "mirror"
    subprocess.run(["git", "clone", "-q", "--bare", str(work),
                    str(mirror / "someone+notes" / "repo")], check=True)
    return mirror, commit


def test_rebuild_then_score_counts_true_false_missed(tmp_path: Path) -> None:
    mirror, commit = _repo(tmp_path)
    sources = tmp_path / "sources.json"
    sources.write_text(json.dumps([{"repo": "someone/notes", "commit": commit,
                                    "path": "notes/memory"}]), encoding="utf-8")
    dest = tmp_path / "dest"
    out = _bench("rebuild", str(dest), "--mirror", str(mirror), "--sources", str(sources))
    assert out.returncode == 0, out.stderr
    folder = dest / "someone__notes__notes_memory" / "notes" / "memory"
    assert sorted(p.name for p in folder.iterdir()) == ["MEMORY.md", "server.md"]
    assert not (dest / "someone__notes__notes_memory" / "README.md").exists()
    assert commit in (dest / "README.txt").read_text(encoding="utf-8")

    labels = tmp_path / "labels.json"
    labels.write_text(json.dumps({"someone__notes__notes_memory": {
        "errors": [{"kind": "broken_link", "path": "server.md", "line": 8,
                    "target_or_message": "RUNBOOK.md", "verdict": "true", "why": "nowhere"}],
        "credentials": [
            {"path": "server.md", "line": 6, "value": "Zr8kQm2vLx7w", "form": "kv", "lang": "en"},
            {"path": "server.md", "line": 7, "value": "Hb3nVc9qPw4t", "form": "prose",
             "lang": "fr"}]}}), encoding="utf-8")
    out = _bench("score", str(dest), str(labels), "--sources", str(sources))
    assert out.returncode == 0, out.stderr
    rows = {line.split("|")[2].strip(): [c.strip() for c in line.split("|")[3:7]]
            for line in out.stdout.splitlines() if line.startswith("| someone__notes")}
    assert rows["broken_link"] == ["1", "0", "0", "0"]
    found = int(rows["credential"][0])
    assert int(rows["credential"][2]) == 2 - found  # every labelled credential: found or missed
    assert "| someone__notes__notes_memory |" in out.stdout.split("lines (100 col)")[1]


def test_bad_arguments_are_one_line_and_exit_2(tmp_path: Path) -> None:
    out = _bench("score", str(tmp_path), str(tmp_path / "missing.json"))
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
    bad = tmp_path / "labels.json"
    bad.write_text("{not json", encoding="utf-8")
    out = _bench("score", str(tmp_path), str(bad))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    out = _bench("rebuild", str(tmp_path / "d"), "--mirror", str(tmp_path / "none"))
    assert out.returncode == 2 and "no snapshot" in out.stderr and "Traceback" not in out.stderr


def test_repository_source_is_a_clone_whose_project_files_are_the_projects(
        tmp_path: Path) -> None:
    """``"repository": true`` (real33): the folder's top is made a git repository, so that
    memtui finds the project as it does in a clone, and a memory's link to a project file
    taken as context (``README.md``, relative to the project root) is no broken link."""
    work = tmp_path / "work"
    (work / ".claude" / "memory").mkdir(parents=True)
    (work / ".claude" / "memory" / "MEMORY.md").write_text(
        "- [Notes](notes.md) — notes\n", encoding="utf-8")
    (work / ".claude" / "memory" / "notes.md").write_text(
        "---\nname: notes\ndescription: notes\ntype: project\n---\n"
        "See [the readme](README.md).\n", encoding="utf-8")
    (work / "README.md").write_text("the project\n", encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(work)], check=True)
    subprocess.run([*GIT, "-C", str(work), "add", "."], check=True)
    subprocess.run([*GIT, "-C", str(work), "commit", "-qm", "notes"], check=True)
    commit = subprocess.run(["git", "-C", str(work), "rev-parse", "HEAD"], check=True,
                            capture_output=True, text=True).stdout.strip()
    mirror = tmp_path / "mirror"
    subprocess.run(["git", "clone", "-q", "--bare", str(work),
                    str(mirror / "someone+proj" / "repo")], check=True)
    found = {}
    for repository in (False, True):
        source = {"repo": "someone/proj", "commit": commit, "path": ".claude/memory",
                  "context": ["README.md"]}
        if repository:
            source["repository"] = True
        sources = tmp_path / f"sources{repository}.json"
        sources.write_text(json.dumps([source]), encoding="utf-8")
        dest = tmp_path / f"dest{repository}"
        out = _bench("rebuild", str(dest), "--mirror", str(mirror), "--sources", str(sources))
        assert out.returncode == 0, out.stderr
        top = dest / "someone__proj__claude_memory"
        assert (top / ".git").is_dir() is repository
        audit = subprocess.run([sys.executable, "-m", "memtui", "audit",
                                str(top / ".claude" / "memory"), "--json"], cwd=ROOT,
                               capture_output=True, text=True, check=False, timeout=300)
        found[repository] = {f["kind"] for f in json.loads(audit.stdout)["findings"]
                             if f["path"] == "notes.md"}
    assert "broken_link" in found[False]  # extracted alone: README.md is nowhere
    assert "broken_link" not in found[True] and "outside_link" in found[True]


def test_repository_source_has_the_history_of_a_shallow_clone(tmp_path: Path) -> None:
    """real34: the rebuilt repository holds one commit of what was extracted, dated as the
    source commit (``git clone --depth 1``). An empty repository (``git init`` alone) had
    no history, and a memory's backticked name that is another memory's (``other_note``)
    was a ``stale_reference`` ("occurs nowhere in the project's text"): with history a name
    the project never held is not one."""
    work = tmp_path / "work"
    (work / ".claude" / "memory").mkdir(parents=True)
    (work / ".claude" / "memory" / "MEMORY.md").write_text(
        "- [Notes](notes.md) — notes\n- [Other](other_note.md) — other\n", encoding="utf-8")
    (work / ".claude" / "memory" / "notes.md").write_text(
        "---\nname: notes\ndescription: notes\ntype: project\n---\n"
        "This goes beyond `other_note`, which says more.\n", encoding="utf-8")
    (work / ".claude" / "memory" / "other_note.md").write_text(
        "---\nname: other\ndescription: other\ntype: project\n---\nmore\n", encoding="utf-8")
    (work / "README.md").write_text("the project\n", encoding="utf-8")
    date = "2024-05-06T07:08:09+00:00"
    subprocess.run(["git", "init", "-q", str(work)], check=True)
    subprocess.run([*GIT, "-C", str(work), "add", "."], check=True)
    subprocess.run([*GIT, "-C", str(work), "commit", "-qm", "notes", "--date", date],
                   check=True, env={"GIT_COMMITTER_DATE": date, "PATH": "/usr/bin:/bin"})
    commit = subprocess.run(["git", "-C", str(work), "rev-parse", "HEAD"], check=True,
                            capture_output=True, text=True).stdout.strip()
    mirror = tmp_path / "mirror"
    subprocess.run(["git", "clone", "-q", "--bare", str(work),
                    str(mirror / "someone+proj" / "repo")], check=True)
    sources = tmp_path / "sources.json"
    sources.write_text(json.dumps([{"repo": "someone/proj", "commit": commit,
                                    "path": ".claude/memory", "repository": True,
                                    "context": ["README.md"]}]), encoding="utf-8")
    dest = tmp_path / "dest"
    out = _bench("rebuild", str(dest), "--mirror", str(mirror), "--sources", str(sources))
    assert out.returncode == 0, out.stderr
    top = dest / "someone__proj__claude_memory"
    log = subprocess.run(["git", "-C", str(top), "log", "--format=%cI %aI"],
                         capture_output=True, text=True, check=False).stdout.split()
    assert log == [date, date]
    audit = subprocess.run([sys.executable, "-m", "memtui", "audit",
                            str(top / ".claude" / "memory"), "--json"], cwd=ROOT,
                           capture_output=True, text=True, check=False, timeout=300)
    kinds = {f["kind"] for f in json.loads(audit.stdout)["findings"]}
    assert "stale_reference" not in kinds
