"""Curation that changes no fact keeps each file's age; undo gives every file its age back."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from memtui.edit import fold_ops, index_ops, memory_ops
from memtui.edit.journal_seal import sealed
from tests.edit.conftest import cli, do, read

DAY_NS = 86_400 * 10**9


def age_all(root: Path, days: int = 100) -> dict[str, int]:
    """Make every workspace file ``days`` old, each a few seconds apart; returns the mtimes."""
    stamps = {}
    base = (os.stat(root).st_mtime_ns // 10**9) * 10**9 - days * DAY_NS
    for i, p in enumerate(sorted(root.rglob("*.md"))):
        when = base + i * 1_000_000_007  # distinct, not whole seconds
        os.utime(p, ns=(when, when))
        stamps[p.relative_to(root).as_posix()] = when
    return stamps


def mtimes(root: Path) -> dict[str, int]:
    return {p.relative_to(root).as_posix(): p.stat().st_mtime_ns for p in root.rglob("*.md")}


# op → (plan arguments, files it modifies)
KEEPERS = {
    "repoint": (lambda s: index_ops.repoint(s, "memory/gone.md", "memory/line-a.md"),
                {"MEMORY.md"}),
    "repoint in memories": (lambda s: index_ops.repoint(s, "memory/yield-source.md",
                                                        "memory/line-a.md"),
                            {"MEMORY.md", "memory/user-role.md"}),
    "remove-link": (lambda s: index_ops.remove_link(s, "memory/gone.md"), {"MEMORY.md"}),
    # newuser24 #2: remove-link --in MEMORY (and the app's X) made a 140-day-old memory new
    "remove-link in a memory": (lambda s: memory_ops.unlink(s, "memory/user-role.md",
                                                           "memory/yield-source.md"),
                                {"memory/user-role.md"}),
    "fix-wikilinks": (lambda s: memory_ops.fix_wikilinks(s), {"memory/user-role.md"}),
    "redact": (lambda s: memory_ops.redact(s, "creds"), {"memory/creds.md"}),
}


@pytest.mark.parametrize("case", list(KEEPERS))
def test_curation_that_changes_no_fact_keeps_the_age(ws: Path, case: str) -> None:
    plan, touched = KEEPERS[case]
    before = age_all(ws)
    bytes_before = {rel: read(ws, rel) for rel in touched}
    cs = do(ws, plan)
    assert set(cs.paths) == touched  # type: ignore[attr-defined]
    assert all(read(ws, rel) != bytes_before[rel] for rel in touched)  # really rewritten
    assert mtimes(ws) == before


def test_a_rename_keeps_every_age_the_memory_s_at_its_new_path(ws: Path) -> None:
    """newuser22 #2: ``R`` made a 61-day-old memory 0 days old (and the agent would be told
    so): a new name changes no fact. The memory keeps its age at its new path, and the
    files whose links follow it keep theirs."""
    before = age_all(ws)
    cs = do(ws, lambda s: memory_ops.rename(s, "line-a", "line-alpha"))
    modified = [p for p in cs.paths if p != "memory/line-alpha.md"]  # type: ignore[attr-defined]
    assert "MEMORY.md" in modified and (ws / "memory/line-alpha.md").exists()
    after = mtimes(ws)
    assert after["memory/line-alpha.md"] == before["memory/line-a.md"]
    assert {p: after[p] for p in after if p != "memory/line-alpha.md"} == {
        p: t for p, t in before.items() if p != "memory/line-a.md"}
    audit = cli("audit", ws, "--json", "--fail-on", "never")
    ages = {f["path"]: f["age_days"] for f in json.loads(audit.stdout)["files"]}
    assert ages["memory/line-alpha.md"] >= 99


@pytest.mark.parametrize("case", ["add-to-index", "fold"])
def test_curation_that_changes_a_fact_makes_the_file_new(ws: Path, case: str) -> None:
    plans = {
        "add-to-index": lambda s: index_ops.add_to_index(s, ["lonely_note"]),
        "fold": lambda s: fold_ops.fold(s, ["user-role", "yield-source"]),
    }
    before = age_all(ws)
    do(ws, plans[case])
    assert mtimes(ws)["MEMORY.md"] > before["MEMORY.md"] + 50 * DAY_NS


@pytest.mark.parametrize("case", ["redact", "add-to-index", "delete", "rename"])
def test_undo_gives_every_file_its_age_back(ws: Path, case: str) -> None:
    args = {"redact": ["creds"], "add-to-index": ["lonely_note"], "delete": ["line-b"],
            "rename": ["line-a", "line-alpha"]}[case]
    before = age_all(ws)
    assert cli("fix", case, ws, *args).returncode == 0
    assert cli("undo", ws).returncode == (1 if case == "redact" else 0)  # not undoable
    assert mtimes(ws) == before


def test_a_stale_memory_stays_stale_after_its_link_is_fixed(ws: Path) -> None:
    """The audit's view: repointing a link inside a 100-day-old memory does not make it
    look fresh."""
    age_all(ws)
    assert cli("fix", "repoint", ws, "memory/yield-source.md", "memory/line-a.md").returncode == 0
    audit = cli("audit", ws, "--json", "--fail-on", "never")
    report = json.loads(audit.stdout)
    ages = {f["path"]: (f["age_days"], f["age_source"]) for f in report["files"]}
    assert ages["memory/user-role.md"][1] == "mtime"
    assert ages["memory/user-role.md"][0] >= 99
    stale = next(f for f in report["findings"] if f["kind"] == "stale")
    assert "memory/user-role.md" in stale["files"]


def test_a_tampered_age_in_the_journal_is_ignored(ws: Path) -> None:
    for bad in (2**80, -5, True, "soon"):
        before = age_all(ws)
        assert cli("fix", "add-to-index", ws, "lonely_note").returncode == 0
        record = sorted((ws / ".memtui/journal").iterdir())[-1]
        data = json.loads(record.read_text(encoding="utf-8"))
        assert data["files"][0]["before_mtime_ns"] == before["MEMORY.md"]
        data["files"][0]["before_mtime_ns"] = bad
        record.write_text(json.dumps(sealed(data, ws)), encoding="utf-8")
        proc = cli("undo", ws)
        assert (proc.returncode, proc.stderr) == (0, "")
        assert mtimes(ws)["MEMORY.md"] > before["MEMORY.md"] + 50 * DAY_NS  # now, not bad


def git_dated(root: Path, days: int = 97) -> None:
    """``root`` a git repository whose one commit is ``days`` old while every file's mtime
    is today: the files' age comes from git (a clone, a checkout)."""
    import subprocess

    when = f"@{int(os.stat(root).st_mtime) - days * 86_400} +0000"
    env = {**os.environ, "GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when,
           "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    for args in (["init", "-q", "."], ["add", "-A"],
                 ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init"]):
        subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)


@pytest.mark.parametrize("case", ["rename", "redact", "fix-wikilinks", "repoint"])
def test_a_git_dated_memory_keeps_its_git_age_after_memtui_s_write(tmp_path: Path,
                                                                   case: str) -> None:
    """newuser39 #4: redacting (renaming, fixing a link in) a 97-day-old memory that git
    dated made it "written or last changed today" to the agent and dropped it from
    ``stale``: the write made it differ from HEAD, so its mtime (today, a checkout's)
    dated it. The curation is no new observation: the memory keeps its 97 days."""
    (tmp_path / "MEMORY.md").write_text("# Memory\n- [Old](old.md) — an old fact\n"
                                        "- [Other](other.md) — another\n", encoding="utf-8")
    (tmp_path / "old.md").write_text(
        "---\nname: old\ndescription: an old fact\ntype: project\n---\n"
        "Deploy with AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYzQ8example9 set.\n"
        "See [[Other]] and [the other](gone.md).\n", encoding="utf-8")
    (tmp_path / "other.md").write_text(
        "---\nname: other\ndescription: another\ntype: project\n---\nBody.\n",
        encoding="utf-8")
    git_dated(tmp_path)

    def age(rel: str = "old.md") -> tuple[int, str, bool]:
        report = json.loads(cli("audit", tmp_path, "--json", "--fail-on", "never").stdout)
        f = next(f for f in report["files"] if f["path"] == rel)
        stale = [s for x in report["findings"] if x["kind"] == "stale"
                 for s in x.get("files") or [x["path"]]]
        return f["age_days"], f["age_source"], rel in stale

    assert age()[::2] == (97, True)
    args = {"rename": ["old", "new-name"], "redact": ["old"], "fix-wikilinks": [],
            "repoint": ["gone.md", "other.md"]}[case]
    proc = cli("fix", case, tmp_path, *args)
    assert proc.returncode == 0, proc.stderr
    days, _source, stale = age("new_name.md" if case == "rename" else "old.md")
    assert (days, stale) == (97, True)
