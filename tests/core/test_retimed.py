"""An audit after files were only retimed (a `touch`) patches the stored derivation's ages
instead of deriving afresh (`memtui.core.caches.retimed`, issue 35), and says what a cold
audit of the same tree says; it derives afresh whenever a time changes more than ages."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from memtui.core import audit as audit_module
from memtui.core.audit import AuditOptions, Auditor
from memtui.core.caches import derived as derived_cache
from memtui.core.caches import retimed
from memtui.core.reporting.json_report import to_json
from memtui.core.workspace import open_workspace
from tests.core.helpers import DAY, NOW, make_ws, uncached

#: Memories written on days of their own (no copy's moment), one of them past `stale`'s 90
#: days and one dated by its frontmatter.
DAYS = {f"memory/note-{i}.md": 3 + 2 * i for i in range(30)} | {"memory/old.md": 120,
                                                                "memory/dated.md": 5}


def _files() -> dict[str, str]:
    files = {"MEMORY.md": "".join(f"- [{Path(rel).stem}]({rel}) — a note\n"
                                  for rel in list(DAYS)[:20])}
    for at, rel in enumerate(DAYS):
        extra = "date: 2026-07-20\n" if rel.endswith("dated.md") else ""
        files[rel] = (f"---\nname: {Path(rel).stem}\ndescription: note {at}\ntype: project\n"
                      f"{extra}---\nNote {at} says the {at * 7}th thing of {at * 13} "
                      f"({'abcdefghij'[at % 10]}).\n\n**Why:** asked.\n"
                      "**How to apply:** read it.\n")
    return files


def _set_time(path: Path, days: float) -> None:
    os.utime(path, (NOW - days * DAY, NOW - days * DAY))


@pytest.fixture
def derived(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times an audit derived (the derivation called)."""
    calls = [0]
    derive = audit_module.derive

    def counted(*args: object, **kwargs: object) -> object:
        calls[0] += 1
        return derive(*args, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(audit_module, "derive", counted)
    return calls


def _audit(root: Path, derived: list[int]) -> tuple[int, dict[str, object]]:
    """(derivations made, the report as JSON data) of a report's audit of ``root``."""
    derived[0] = 0
    report = to_json(Auditor(open_workspace(root),
                             AuditOptions(now=NOW, keep_texts=False)).run())
    return derived[0], report


def _fresh(root: Path) -> dict[str, object]:
    with uncached():
        return to_json(Auditor(open_workspace(root),
                               AuditOptions(now=NOW, keep_texts=False)).run())


@pytest.fixture
def ws(tmp_path: Path, cache: Path) -> Path:
    root = make_ws(tmp_path / "ws", _files())
    for rel, days in DAYS.items():
        _set_time(root / rel, days)
    return root


def test_a_touch_is_patched_not_derived_and_says_what_a_cold_audit_says(
        ws: Path, derived: list[int]) -> None:
    assert _audit(ws, derived)[0] == 1
    assert _audit(ws, derived)[0] == 0  # warm
    cases = {
        "touch one": ["memory/note-4.md"],
        "touch two": ["memory/note-7.md", "memory/note-25.md"],
        "the only stale one made fresh": ["memory/old.md"],
        "one dated by its frontmatter": ["memory/dated.md"],
    }
    stale_before = any(f["kind"] == "stale" for f in _fresh(ws)["findings"])
    assert stale_before
    for name, rels in cases.items():
        for rel in rels:
            _set_time(ws / rel, 0.5)
        made, report = _audit(ws, derived)
        assert made == 0, name  # main: derived afresh (1)
        assert report == _fresh(ws), name
        assert _audit(ws, derived) == (0, report), name  # and the next one warm
    assert not any(f["kind"] == "stale" for f in _fresh(ws)["findings"])


@pytest.mark.parametrize("case", ["made stale", "a copy's moment", "appended", "too many"])
def test_a_change_of_more_than_ages_is_derived_afresh(
        ws: Path, derived: list[int], case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    _audit(ws, derived)
    if case == "made stale":  # a `stale` finding to place where there was none
        _set_time(ws / "memory/old.md", 0.5)
        _audit(ws, derived)
        _set_time(ws / "memory/note-3.md", 200)
    elif case == "a copy's moment":  # most of the files now share one mtime
        for i in range(17):
            _set_time(ws / f"memory/note-{i}.md", 1)
    elif case == "appended":
        path = ws / "memory/note-5.md"
        path.write_text(path.read_text(encoding="utf-8") + "One more line.\n",
                        encoding="utf-8")
        _set_time(path, DAYS["memory/note-5.md"])
    else:
        monkeypatch.setattr(retimed, "MOST", 1)
        _set_time(ws / "memory/note-1.md", 0.5)
        _set_time(ws / "memory/note-2.md", 0.5)
    made, report = _audit(ws, derived)
    assert made == 1, case
    assert report == _fresh(ws), case


def test_the_patched_entry_keeps_the_rows_and_parts_a_derivation_would(
        ws: Path, derived: list[int]) -> None:
    _audit(ws, derived)
    _set_time(ws / "memory/note-9.md", 0.25)
    assert _audit(ws, derived)[0] == 0
    patched = derived_cache.load(derived_cache.cache_path(ws))
    assert patched is not None
    row = next(r for r in patched.files if r[0] == "memory/note-9.md")
    assert row[1] == (ws / "memory/note-9.md").stat().st_mtime_ns
    mtimes = retimed.undated_in(patched.result["undated"])
    assert mtimes is not None and "memory/dated.md" not in mtimes
    assert mtimes["memory/note-9.md"] == (ws / "memory/note-9.md").stat().st_mtime


def _git(root: Path, *args: str) -> None:
    when = f"@{int(NOW - 10 * DAY)} +0000"
    subprocess.run(["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t",
                    "-c", "commit.gpgsign=false", *args], check=True, capture_output=True,
                   env={**os.environ, "GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when})


@pytest.fixture
def git_ws(tmp_path: Path, cache: Path) -> Path:
    """The workspace in a folder of a git repository, committed 10 days before ``NOW``
    (most files written before that commit, four after it), then one memory edited and
    one added without a commit."""
    repo = tmp_path / "repo"
    root = make_ws(repo / "agent", _files())
    (repo / "README.md").write_text("a project\n", encoding="utf-8")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "import")
    edited = root / "memory/note-1.md"
    edited.write_text(edited.read_text(encoding="utf-8") + "Edited, not committed.\n",
                      encoding="utf-8")
    (root / "memory/new.md").write_text("---\nname: new\ndescription: new\ntype: project\n"
                                        "---\nA new note nobody committed.\n", encoding="utf-8")
    for rel, days in {**DAYS, "memory/new.md": 2}.items():
        _set_time(root / rel, days)
    return root


def test_a_touch_inside_git_is_patched_not_derived_and_says_what_a_cold_audit_says(
        git_ws: Path, derived: list[int]) -> None:
    made, report = _audit(git_ws, derived)
    assert made == 1  # (cold: the report is a cold audit's)
    first = {f["path"]: (f["age_days"], f["age_source"]) for f in report["files"]}
    assert first["memory/note-20.md"] == (43, "mtime")  # written before its commit
    assert first["memory/note-2.md"] == (10, "git")  # written after it, the same bytes
    assert first["memory/note-1.md"] == (5, "mtime")  # edited, not committed
    cases = {  # (file, days ago it is set to)
        "committed, now written after its commit": [("memory/note-20.md", 0.5)],
        "committed, now written before it": [("memory/note-2.md", 30)],
        "edited and never committed, two at once": [("memory/note-1.md", 0.5),
                                                    ("memory/new.md", 0.25)],
        "the only stale one, now dated by git": [("memory/old.md", 0.5)],
    }
    for at, (name, moves) in enumerate(cases.items()):
        for rel, days in moves:
            _set_time(git_ws / rel, days)
        made, report = _audit(git_ws, derived)
        assert made == 0, name  # main: derived afresh (1)
        assert report == _fresh(git_ws), name
        if not at:
            assert _audit(git_ws, derived) == (0, report), name  # and the next one warm
    last = {f["path"]: (f["age_days"], f["age_source"]) for f in report["files"]}
    assert last["memory/note-20.md"] == (10, "git")
    assert last["memory/note-2.md"] == (30, "mtime")
    assert last["memory/old.md"] == (10, "git")
    assert last["memory/note-1.md"] == (0, "mtime")
    assert not any(f["kind"] == "stale" for f in report["findings"])


def test_inside_git_a_moved_head_or_an_edit_is_derived_afresh(
        git_ws: Path, derived: list[int]) -> None:
    _audit(git_ws, derived)
    _set_time(git_ws / "memory/note-4.md", 0.5)
    _git(git_ws.parent, "commit", "-qam", "the edit")  # HEAD moved: another key
    made, report = _audit(git_ws, derived)
    assert made == 1 and report == _fresh(git_ws)
    path = git_ws / "memory/note-6.md"
    path.write_text(path.read_text(encoding="utf-8") + "One more line.\n", encoding="utf-8")
    made, report = _audit(git_ws, derived)
    assert made == 1 and report == _fresh(git_ws)
