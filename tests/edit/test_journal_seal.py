"""newuser29 #28: a journal record memtui did not write is never acted on.

A forged record ("add-to-index" whose before-state of MEMORY.md is "no file") made
``memtui undo`` delete MEMORY.md while saying "undid #2 add-to-index: +1 entry". Every
record memtui writes is now sealed (HMAC-SHA256 under a per-user key kept outside the
workspace, bound to the workspace's root: `memtui.edit.journal_seal`); a record with no
seal or a wrong one is refused by undo (one line, exit 2, nothing touched) and listed by
history as not memtui's. A sealed record whose file changes do not fit its operation is
refused too. Every test runs with its own user config folder (tests/conftest.py), so the
real user's key is never read or written.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from memtui.core.workspace import open_workspace
from memtui.edit.journal import Journal, Untrusted
from memtui.edit.journal_seal import KEY_BYTES, key_path, sealed
from tests.edit.conftest import ROOT, cli, tree, write_tree


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _record(root: Path, number: int) -> Path:
    return root / ".memtui" / "journal" / f"{number:06d}.json"


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    """#28's setup: a demo copy with one add-to-index journaled (#1)."""
    root = tmp_path / "jt"
    assert cli("demo", root).returncode == 0
    done = cli("fix", "add-to-index", root, "memory/scrap-log.md")
    assert done.returncode == 0, done.stderr
    return root


def _forge_28(root: Path) -> dict[str, Any]:
    rec = {"schema": 1, "id": 2, "op": "add-to-index",
           "summary": "MEMORY.md: +1 entry (memory/spc-rules.md)", "undone": False,
           "files": [{"path": "MEMORY.md", "change": "create", "before": "absent",
                      "before_sha256": "absent",
                      "after_sha256": _sha((root / "MEMORY.md").read_bytes())}]}
    _record(root, 2).write_text(json.dumps(rec), encoding="utf-8")
    return rec


def _refused(root: Path, why: str) -> None:
    """``memtui undo`` refuses the newest record: exit 2, one line naming it and why,
    no file of the workspace changed."""
    before = tree(root)
    done = cli("undo", root)
    assert done.returncode == 2, done.stdout + done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and done.stdout == "", done.stderr
    assert "was not written by memtui for this workspace" in lines[0]
    assert why in lines[0] and "nothing was undone" in lines[0]
    assert tree(root) == before


def test_the_forged_record_of_28_does_not_delete_the_index(demo: Path) -> None:
    index = (demo / "MEMORY.md").read_bytes()
    _forge_28(demo)
    _refused(demo, "it carries no seal")
    assert (demo / "MEMORY.md").read_bytes() == index
    shown = cli("history", demo)
    assert shown.returncode == 0
    first = shown.stdout.splitlines()[0]
    assert first.startswith("#2 ") and "NOT WRITTEN BY MEMTUI HERE" in first
    assert "undo stops here" in first
    listed = json.loads(cli("history", demo, "--json").stdout)
    assert "not_memtuis" in listed[0] and listed[0]["id"] == 2
    assert "not_memtuis" not in listed[1]
    # moved away, the operation before it is undone as ever
    _record(demo, 2).unlink()
    assert cli("undo", demo).returncode == 0
    assert (demo / "MEMORY.md").read_bytes().count(b"scrap-log") < index.count(b"scrap-log")


def test_a_sealed_record_copied_from_another_workspace_is_refused(tmp_path: Path) -> None:
    roots = []
    for name in ("a", "b"):
        root = tmp_path / name
        assert cli("demo", root).returncode == 0
        assert cli("fix", "add-to-index", root, "memory/scrap-log.md").returncode == 0
        roots.append(root)
    a, b = roots
    assert cli("fix", "delete", a, "memory/scrap-log.md").returncode == 0
    shutil.copyfile(_record(a, 2), _record(b, 2))  # sealed by memtui, for a
    _refused(b, f"its seal does not match: it was sealed for the workspace at {a} (copied "
             "from there")
    assert (b / "memory/scrap-log.md").exists()
    assert cli("undo", a).returncode == 0  # still good where it was written


def test_an_unsealed_record_of_an_older_memtui_is_refused_and_says_so(demo: Path) -> None:
    """Records written before sealing carry none: refused, never trusted, with how to
    proceed (put the files back by hand from the record's saved copy)."""
    assert cli("fix", "delete", demo, "memory/scrap-log.md").returncode == 0
    path = _record(demo, 2)
    rec = json.loads(path.read_text(encoding="utf-8"))
    del rec["seal"]
    path.write_text(json.dumps(rec, indent=1), encoding="utf-8")
    _refused(demo, "by a memtui from before journal records were sealed")
    done = cli("undo", demo)
    assert "put its files back by hand from the record's \"before\" copies" in done.stderr
    assert not (demo / "memory/scrap-log.md").exists()


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _leaves(v, (*path, k))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _leaves(v, (*path, i))]
    return [path]


def _changed(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return value + 1
    if isinstance(value, str) and value:
        return value[:-1] + ("a" if value[-1] != "a" else "b")
    return "x"


def test_any_field_or_byte_changed_in_a_sealed_record_is_refused(tmp_path: Path) -> None:
    root = write_tree(tmp_path / "w", {"MEMORY.md": "# M\n- [A](memory/a.md) — a\n",
                                       "memory/a.md": "---\nname: a\n---\nA.\n",
                                       "memory/b.md": "---\nname: b\n---\nB.\n"})
    assert cli("fix", "delete", root, "memory/a.md").returncode == 0
    path = _record(root, 1)
    data = path.read_bytes()
    rec = json.loads(data)
    ws = open_workspace(root)

    def loaded() -> Any:
        return Journal(ws).entries()[-1]

    assert isinstance(loaded(), dict)
    fields = _leaves(rec)
    assert len(fields) > 10
    for where in fields:
        altered = json.loads(data)
        at = altered
        for step in where[:-1]:
            at = at[step]
        at[where[-1]] = _changed(at[where[-1]])
        path.write_text(json.dumps(altered), encoding="utf-8")
        assert not isinstance(loaded(), dict), where
    trusted = 0
    for i in range(len(data)):
        flipped = data[:i] + bytes([data[i] ^ 0x01]) + data[i + 1:]
        path.write_bytes(flipped)
        entry = loaded()
        if isinstance(entry, dict):  # only when the JSON means the same
            assert json.loads(flipped) == rec, i
            trusted += 1
    path.write_bytes(data)
    assert isinstance(loaded(), dict)
    assert trusted < len(data) // 4  # whitespace only
    path.write_bytes(data.replace(b'"op": "delete"', b'"op": "fold"'))
    _refused(root, "its seal does not match")


def test_a_sealed_record_whose_changes_do_not_fit_its_operation_is_refused(
        demo: Path) -> None:
    """Defence in depth: even sealed (with the public helper, as memtui seals), a fold
    that says it created MEMORY.md is never undone into a deletion."""
    rec = _forge_28(demo)
    rec["op"] = "fold"
    _record(demo, 2).write_text(json.dumps(sealed(rec, demo)), encoding="utf-8")
    _refused(demo, "a fold never creates a file, yet it says it created MEMORY.md")
    rec["op"] = "add-to-index"  # an add-to-index may create the index (there was none)
    rec["files"][0]["change"] = "modify"  # … but its label must say what its hashes do
    _record(demo, 2).write_text(json.dumps(sealed(rec, demo)), encoding="utf-8")
    _refused(demo, "its entry for MEMORY.md says 'modify' but its hashes say 'create'")
    rec["op"] = "format-disk"
    _record(demo, 2).write_text(json.dumps(sealed(rec, demo)), encoding="utf-8")
    _refused(demo, "'format-disk' is no operation memtui journals")


def test_a_record_memtui_wrote_and_the_helper_seal_alike(demo: Path) -> None:
    path = _record(demo, 1)
    rec = json.loads(path.read_text(encoding="utf-8"))
    assert sealed(rec, demo)["seal"] == rec["seal"]
    assert rec["seal"].startswith("hmac-sha256:")


@pytest.mark.parametrize("tamper", ["symlink", "mode", "size", "folder-mode"])
def test_a_tampered_key_file_counts_as_no_key(demo: Path, tmp_path: Path,
                                              tamper: str) -> None:
    key = key_path()
    assert key is not None and key.is_file() and not key.is_symlink()
    assert key.stat().st_mode & 0o777 == 0o600
    assert key.parent.stat().st_mode & 0o777 == 0o700
    real = key.read_bytes()
    assert len(real) == KEY_BYTES
    elsewhere = tmp_path / "elsewhere.key"
    if tamper == "symlink":  # even to the very same key: never followed
        elsewhere.write_bytes(real)
        elsewhere.chmod(0o600)
        key.unlink()
        key.symlink_to(elsewhere)
    elif tamper == "mode":
        key.chmod(0o644)
    elif tamper == "size":
        key.write_bytes(real + b"\n")
    else:
        key.parent.chmod(0o755)
    _refused(demo, "this user has no usable journal key")
    shown = cli("history", demo)
    assert "NOT WRITTEN BY MEMTUI HERE" in shown.stdout.splitlines()[0]
    # nothing is sealed with it either: a write is refused, nothing written
    before = tree(demo, include_state=True)
    done = cli("fix", "delete", demo, "memory/scrap-log.md")
    assert done.returncode == 1 and "cannot seal the journal record" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert tree(demo, include_state=True) == before
    if tamper == "symlink":
        assert key.is_symlink() and elsewhere.read_bytes() == real


def test_reading_a_journal_makes_no_key(demo: Path, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Another user (or machine): no key. History and undo say so; nothing is created."""
    other = tmp_path / "other-user"
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(other))
    _refused(demo, "this user has no usable journal key")
    assert "NOT WRITTEN BY MEMTUI HERE" in cli("history", demo).stdout
    assert not other.exists()


_MAKE = """
import os, sys, time
from pathlib import Path
go = Path(sys.argv[1])
while not go.exists():
    time.sleep(0.001)
from memtui.edit.journal_seal import user_key
sys.stdout.write(user_key(create=True).hex())
"""


def test_processes_making_the_key_at_once_end_with_one_key(tmp_path: Path) -> None:
    """Real processes, started together on a fresh user folder, every round: one key,
    which every one of them got; no temporary file left."""
    outcomes: dict[str, int] = {"one key": 0, "more": 0}
    for round_ in range(4):
        home = tmp_path / f"user{round_}"
        go = tmp_path / f"go{round_}"
        env = {**os.environ, "MEMTUI_CONFIG_DIR": str(home), "PYTHONPATH": str(ROOT)}
        procs = [subprocess.Popen([sys.executable, "-c", _MAKE, str(go)], env=env,
                                  stdout=subprocess.PIPE, text=True, cwd=ROOT)
                 for _ in range(6)]
        time.sleep(1.0)  # every one waits at the line
        go.touch()
        keys = {p.communicate(timeout=60)[0] for p in procs}
        assert all(p.returncode == 0 for p in procs)
        on_disk = (home / "keys" / "journal.key").read_bytes().hex()
        outcomes["one key" if keys == {on_disk} else "more"] += 1
        assert os.listdir(home / "keys") == ["journal.key"]
    assert outcomes == {"one key": 4, "more": 0}


def test_the_record_file_keeps_the_bytes_it_restores(demo: Path) -> None:
    """A sealed record still holds the before copy the refusal tells the operator to put
    back by hand (base64 of the file's bytes)."""
    index = (demo / "MEMORY.md").read_bytes()
    assert cli("fix", "delete", demo, "memory/scrap-log.md").returncode == 0
    rec = json.loads(_record(demo, 2).read_text(encoding="utf-8"))
    kept = {f["path"]: f["before"] for f in rec["files"]}
    assert base64.b64decode(kept["MEMORY.md"]) == index


def test_history_of_a_journal_with_an_untrusted_record_still_lists_the_rest(
        demo: Path) -> None:
    _forge_28(demo)
    entries = Journal(open_workspace(demo)).entries()
    assert isinstance(entries[1], Untrusted) and isinstance(entries[0], dict)


def test_undoing_an_add_to_index_that_wrote_the_index_says_it_deletes_it(
        tmp_path: Path) -> None:
    """#28's other half: a real add-to-index into a folder with no index creates MEMORY.md;
    its undo deletes it, and says so in its own words, not only "+1 entry"."""
    root = write_tree(tmp_path / "w", {"memory/a.md": "---\nname: a\n---\nA.\n"})
    assert cli("fix", "add-to-index", root, "memory/a.md").returncode == 0
    done = cli("undo", root)
    assert done.returncode == 0
    assert done.stdout.strip().endswith("; deleted MEMORY.md (the operation created it)")
    assert not (root / "MEMORY.md").exists()


def test_a_moved_workspace_says_it_moved_and_undoes_once_back(demo: Path) -> None:
    """newuser39 #25: after ``mv`` of a workspace, ``history`` called each record "NOT
    WRITTEN BY MEMTUI HERE (… altered, copied from another workspace, or sealed by another
    user or machine)", never the move. A record names the path it was sealed for: the move
    is said, and moved back, undo works."""
    moved = demo.with_name("moved")
    demo.rename(moved)
    shown = cli("history", moved)
    assert f"its seal does not match this path: it was sealed for this workspace at {demo}, " \
        "and the folder has moved since" in shown.stdout, shown.stdout
    assert "altered" not in shown.stdout
    refused = cli("undo", moved)
    assert refused.returncode == 2 and "the folder has moved since" in refused.stderr
    moved.rename(demo)
    assert cli("undo", demo).returncode == 0


def test_another_config_folder_is_named_as_the_likely_cause(demo: Path,
                                                            tmp_path: Path) -> None:
    """newuser41 #15: `memtui history` from a shell with another MEMTUI_CONFIG_DIR than the
    app's called every record "altered"; it now names the key it checked and another key
    (another user, HOME or MEMTUI_CONFIG_DIR) first."""
    other = tmp_path / "other-config"
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT),
           "MEMTUI_CONFIG_DIR": str(other)}

    def history() -> str:
        done = subprocess.run([sys.executable, "-m", "memtui", "history", str(demo)],
                              cwd=ROOT, capture_output=True, text=True, env=env, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout

    said = history()  # no key there yet
    assert "no usable journal key" in said and str(other) in said, said
    assert "MEMTUI_CONFIG_DIR" in said
    scratch = tmp_path / "scratch"  # a write under that config folder makes its key
    for args in (["demo", str(scratch)], ["fix", "add-to-index", str(scratch),
                                          "memory/scrap-log.md"]):
        made = subprocess.run([sys.executable, "-m", "memtui", *args], cwd=ROOT,
                              capture_output=True, text=True, env=env, timeout=120)
        assert made.returncode == 0, made.stderr
    said = history()
    assert "sealed with another key" in said and str(other) in said, said
    assert "MEMTUI_CONFIG_DIR" in said
