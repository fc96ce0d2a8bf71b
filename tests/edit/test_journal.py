"""Journal and undo: every operation reverts byte for byte; conflicts refuse; no clobbering."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from memtui.core.workspace import open_workspace
from memtui.edit import fold_ops, index_ops, memory_ops
from memtui.edit.apply import apply
from memtui.edit.changeset import Changeset
from memtui.edit.errors import Refused
from memtui.edit.journal import Journal, Unreadable, undo
from memtui.edit.safe_write import Conflict
from memtui.edit.snapshot import Snapshot
from tests.edit.conftest import (
    INDEX,
    agent_rewrites_index,
    read,
    snapshot,
    tree,
    with_hot,
    write_tree,
)

OPS: dict[str, Callable[[Snapshot], Changeset]] = {
    "add-to-index": lambda s: index_ops.add_to_index(s, ["lonely_note"]),
    "add-all-unreachable": lambda s: index_ops.add_to_index(s, [], all_unreachable=True),
    "repoint": lambda s: index_ops.repoint(s, "memory/gone.md", "memory/creds.md"),
    "remove-link": lambda s: index_ops.remove_link(s, "memory/line-b.md"),
    "fold": lambda s: fold_ops.fold(s, ["user-role", "yield-source"], "Cold"),
    "unfold": lambda s: fold_ops.unfold(s, 9),
    "rename": lambda s: memory_ops.rename(s, "yield-source", "yield-origin"),
    "fix-wikilinks": lambda s: memory_ops.fix_wikilinks(s),
    "new": lambda s: memory_ops.new(s, "fresh", "project", "new one", index=True),
    "delete": lambda s: memory_ops.delete(s, ["yield-source", "line-a"]),
    "redact": lambda s: memory_ops.redact(s, "creds"),
}


def run(root: Path, name: str) -> dict:
    w = open_workspace(root)
    return apply(w, OPS[name](Snapshot.read(w)))


@pytest.mark.parametrize("name", list(OPS))
def test_undo_restores_the_starting_bytes(ws: Path, name: str) -> None:
    start = tree(ws)
    rec = run(ws, name)
    assert tree(ws) != start
    assert rec["op"] == name.replace("add-all-unreachable", "add-to-index")
    if name == "redact":  # the credential is not kept: not undoable (test_redaction_undo)
        return
    done = undo(open_workspace(ws))
    assert done["id"] == rec["id"] == 1
    assert tree(ws) == start
    with pytest.raises(Refused, match=re.escape("nothing to undo (every journaled operation "
                                                "is undone already)")):
        undo(open_workspace(ws))


def test_a_chain_of_operations_undoes_back_to_the_start(ws: Path) -> None:
    states = [tree(ws)]
    chain: list[Callable[[Snapshot], Changeset]] = [
        OPS["add-to-index"], OPS["rename"],
        lambda s: fold_ops.fold(s, ["user-role", "yield-origin"], "Cold"),
        lambda s: memory_ops.delete(s, ["line-b"]), OPS["new"], OPS["repoint"],
        lambda s: fold_ops.unfold(s, 4),
    ]
    for plan in chain:
        w = open_workspace(ws)
        apply(w, plan(Snapshot.read(w)))
        states.append(tree(ws))
    assert len({json.dumps(s, sort_keys=True) for s in states}) == len(states)
    ids = []
    for expected in reversed(states[:-1]):
        ids.append(undo(open_workspace(ws))["id"])
        assert tree(ws) == expected
    assert ids == [7, 6, 5, 4, 3, 2, 1]
    with pytest.raises(Refused):
        undo(open_workspace(ws))


def test_undo_after_a_new_operation_skips_undone_records(ws: Path) -> None:
    start = tree(ws)
    run(ws, "add-to-index")
    after_first = tree(ws)
    run(ws, "fix-wikilinks")
    undo(open_workspace(ws))
    assert tree(ws) == after_first
    run(ws, "remove-link")
    assert undo(open_workspace(ws))["op"] == "remove-link"
    assert undo(open_workspace(ws))["op"] == "add-to-index"
    assert tree(ws) == start


def test_undo_refuses_when_a_touched_file_changed(ws: Path) -> None:
    run(ws, "add-to-index")
    agent_rewrites_index(ws, "hand edit\n")  # (an edit of other lines alone is merged)
    edited = read(ws, "MEMORY.md")
    with pytest.raises(Conflict) as exc:
        undo(open_workspace(ws))
    assert str(exc.value) == ("MEMORY.md changed since operation #1 (add-to-index); "
                              "nothing was undone")
    assert read(ws, "MEMORY.md") == edited
    assert Journal(open_workspace(ws)).last_active()["id"] == 1


def test_apply_refuses_when_a_file_changed_between_read_and_write(ws: Path) -> None:
    w = open_workspace(ws)
    cs = memory_ops.rename(Snapshot.read(w), "yield-source", "yield-origin")
    write_tree(ws, {"memory/user-role.md": read(ws, "memory/user-role.md") + "more\n"})
    start = tree(ws)
    with pytest.raises(Conflict, match=re.escape("memory/user-role.md changed on disk")):
        apply(w, cs)
    assert tree(ws) == start  # not even the files that did not change were written
    assert Journal(w).records() == []


def test_apply_refuses_to_create_a_file_that_appeared(ws: Path) -> None:
    w = open_workspace(ws)
    cs = memory_ops.new(Snapshot.read(w), "fresh", "user", "d")
    write_tree(ws, {"memory/fresh.md": "someone else's\n"})
    with pytest.raises(Conflict, match=re.escape("memory/fresh.md now exists")):
        apply(w, cs)
    assert read(ws, "memory/fresh.md") == "someone else's\n"


def test_apply_refuses_to_delete_a_file_that_changed(ws: Path) -> None:
    w = open_workspace(ws)
    cs = memory_ops.delete(Snapshot.read(w), ["line-a"])
    write_tree(ws, {"memory/line-a.md": "edited\n"})
    with pytest.raises(Conflict):
        apply(w, cs)
    assert read(ws, "memory/line-a.md") == "edited\n"
    assert read(ws, "MEMORY.md") == INDEX


def test_two_plans_from_one_read_cannot_clobber_each_other(ws: Path) -> None:
    w = open_workspace(ws)
    first, second = Snapshot.read(w), Snapshot.read(w)
    a = index_ops.add_to_index(first, ["lonely_note"])
    b = index_ops.add_to_index(second, ["creds"])
    apply(w, a)
    with pytest.raises(Conflict):
        apply(w, b)
    assert read(ws, "MEMORY.md") == with_hot(
        "- [Lonely note](memory/lonely_note.md) — A note nothing links to\n")
    # Re-planning from a fresh read works and keeps the first one's line.
    apply(w, index_ops.add_to_index(snapshot(ws), ["creds"]))
    assert read(ws, "MEMORY.md") == with_hot(
        "- [Lonely note](memory/lonely_note.md) — A note nothing links to\n",
        "- [Creds](memory/creds.md) — Database access\n")


def test_journal_records_what_each_operation_touched(ws: Path) -> None:
    run(ws, "rename")
    (rec,) = Journal(open_workspace(ws)).records()
    assert rec["op"] == "rename"
    assert rec["args"] == {"memory": "memory/yield-source.md", "new_name": "yield-origin"}
    files = {f["path"]: (f["change"], f.get("moved_from"), f.get("moved_to"))
             for f in rec["files"]}
    assert files == {
        "memory/yield-origin.md": ("create", "memory/yield-source.md", None),
        "MEMORY.md": ("modify", None, None),
        "memory/user-role.md": ("modify", None, None),
        "memory/yield-source.md": ("delete", None, "memory/yield-origin.md"),
    }
    created = next(f for f in rec["files"] if f["change"] == "create")
    assert created["before"] == "absent"
    assert (ws / ".memtui" / "journal" / "000001.json").is_file()


def test_crlf_and_bom_survive_an_edit_byte_for_byte(tmp_path: Path) -> None:
    bom = "\ufeff"
    a = (bom + "---\r\nname: a\r\ndescription: café\r\n---\r\nSee [[B]] and [b](b.md).\r\n"
         "No newline at the end")
    b = "---\r\nname: b\r\n---\r\nbody\r\n"
    index = bom + "# M\r\n- [A](memory/a.md) — a\r\n- [B](memory/b.md) — b\r\n"
    root = write_tree(tmp_path, {"MEMORY.md": index.encode(), "memory/a.md": a.encode(),
                                 "memory/b.md": b.encode()})
    start = tree(root)
    w = open_workspace(root)
    apply(w, memory_ops.rename(Snapshot.read(w), "b", "bee"))
    assert (root / "memory/a.md").read_bytes() == a.replace("[[B]]", "[[bee]]").replace(
        "(b.md)", "(bee.md)").encode()
    assert (root / "memory/bee.md").read_bytes() == b.replace("name: b", "name: bee").encode()
    assert (root / "MEMORY.md").read_bytes() == index.replace("b.md", "bee.md").encode()
    undo(w)
    assert tree(root) == start


def test_non_utf8_bytes_outside_the_edit_survive(tmp_path: Path) -> None:
    raw = b"# M\n\xff\xfe odd bytes\n- [A](memory/a.md) \xe9\n"
    root = write_tree(tmp_path, {"MEMORY.md": raw, "memory/a.md": "---\nname: a\n---\n",
                                 "memory/c.md": "---\nname: c\ndescription: C\n---\n"})
    w = open_workspace(root)
    apply(w, index_ops.add_to_index(Snapshot.read(w), ["c"]))
    assert (root / "MEMORY.md").read_bytes() == raw + "- [C](memory/c.md) — C\n".encode()


def test_a_failed_write_puts_back_what_was_written_and_journals_nothing(
        ws: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import memtui.edit.changeset as changeset_module

    w = open_workspace(ws)
    cs = memory_ops.rename(Snapshot.read(w), "yield-source", "yield-origin")
    start = tree(ws)
    real = changeset_module.write_file
    calls = []

    def flaky(root: Path, rel: str, data: bytes | None, expected: str,
              mtime_ns: int | None = None, new_mode: int | None = None) -> None:
        calls.append(rel)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        real(root, rel, data, expected, mtime_ns=mtime_ns, new_mode=new_mode)

    monkeypatch.setattr(changeset_module, "write_file", flaky)
    with pytest.raises(Refused) as exc:
        apply(w, cs)
    assert str(exc.value).startswith("could not write ")
    assert str(exc.value).endswith("(No space left on device); files already written were "
                                   "put back")
    assert tree(ws) == start
    assert Journal(w).records() == []


def test_undo_finishes_an_operation_that_was_cut_short(ws: Path) -> None:
    start = tree(ws)
    run(ws, "rename")
    # As if memtui died after writing the new file only: the index and user-role.md
    # still hold their before bytes.
    write_tree(ws, {"MEMORY.md": INDEX})
    write_tree(ws, {"memory/user-role.md": (ws / "memory/user-role.md").read_text()
                    .replace("[[yield-origin]]", "[[Yield_Source]]")
                    .replace("(yield-origin.md)", "(yield-source.md)")})
    undo(open_workspace(ws))
    assert tree(ws) == start


def test_a_damaged_journal_record_stops_undo_never_a_crash(ws: Path) -> None:
    run(ws, "add-to-index")
    after = tree(ws)
    folder = ws / ".memtui" / "journal"
    (folder / "000002.json").write_text('{"id": 2, "op": "x", "files": [{"path": 1}]}')
    (folder / "000003.json").write_text("{not json")
    w = open_workspace(ws)
    entries = Journal(w).entries()
    assert [e["id"] for e in entries if isinstance(e, dict)] == [1]
    assert [(e.name, e.reason) for e in entries if isinstance(e, Unreadable)] == [
        ("000002.json", "not a memtui journal record: a file's 'path' is not text"),
        ("000003.json", "not valid JSON")]
    assert [r["id"] for r in Journal(w).records()] == [1]
    with pytest.raises(Refused) as exc:
        undo(w)
    assert str(exc.value) == (
        "journal record .memtui/journal/000003.json is unreadable (not valid JSON); nothing "
        "was undone (move that file away to undo the operations before it)")
    assert tree(ws) == after
    (folder / "000003.json").unlink()
    with pytest.raises(Refused, match=re.escape(
            "journal record .memtui/journal/000002.json is unreadable (not a memtui journal "
            "record: a file's 'path' is not text)")):
        undo(w)
    assert tree(ws) == after
    (folder / "000002.json").unlink()
    assert undo(w)["id"] == 1
    assert read(ws, "MEMORY.md") == INDEX


def test_an_unreadable_record_after_an_undone_one_still_stops_undo(ws: Path) -> None:
    run(ws, "add-to-index")
    run(ws, "fix-wikilinks")
    undo(open_workspace(ws))  # #2 undone; #1 is active
    folder = ws / ".memtui" / "journal"
    (folder / "000003.json").write_bytes(b"\xff\xfe\x00garbage")
    (folder / "000004.json").write_text("[" * 100_000)  # nested past the parser's depth
    with pytest.raises(Refused, match=re.escape(
            "journal record .memtui/journal/000004.json is unreadable (not valid JSON)")):
        Journal(open_workspace(ws)).last_active()
    (folder / "000004.json").unlink()
    with pytest.raises(Refused, match=re.escape("000003.json is unreadable (not valid JSON)")):
        undo(open_workspace(ws))
    (folder / "000003.json").unlink()
    assert undo(open_workspace(ws))["id"] == 1


def test_prune_keeps_the_newest_records_and_undo_stops_at_the_oldest_kept(ws: Path) -> None:
    run(ws, "add-to-index")
    after_first = tree(ws)
    run(ws, "remove-link")
    run(ws, "fix-wikilinks")
    w = open_workspace(ws)
    journal = Journal(w)
    assert journal.prune(2) == ["000001.json"]
    assert [r["id"] for r in journal.records()] == [2, 3]
    assert journal.prune(2) == []
    assert [undo(w)["id"], undo(w)["id"]] == [3, 2]
    assert tree(ws) == after_first
    with pytest.raises(Refused, match=re.escape("#1 was pruned (memtui history --prune): undo "
                                                "cannot go back to it")):
        undo(w)
    assert run(ws, "redact")["id"] == 4  # numbering goes on after the newest kept
    assert journal.prune(0) == ["000002.json", "000003.json", "000004.json"]
    assert journal.entries() == []


CONTENDER = """
import sys
from pathlib import Path
from memtui.core.workspace import open_workspace
from memtui.edit import index_ops
from memtui.edit.apply import apply
from memtui.edit.safe_write import Conflict
from memtui.edit.snapshot import Snapshot
w = open_workspace(sys.argv[1])
conflicts = 0
while True:
    try:
        apply(w, index_ops.add_to_index(Snapshot.read(w), [sys.argv[2]]))
        break
    except Conflict:
        conflicts += 1
print(conflicts)
"""


def test_concurrent_writers_never_lose_an_update(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    from tests.edit.conftest import ROOT

    names = [f"m{i}" for i in range(6)]
    root = write_tree(tmp_path, {"MEMORY.md": "# M\n", **{
        f"memory/{n}.md": f"---\nname: {n}\ndescription: {n}\n---\n" for n in names}})
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MEMTUI_NO_CACHE": "1"}
    procs = [subprocess.Popen([sys.executable, "-c", CONTENDER, str(root), n], cwd=ROOT,
                              env=env, stdout=subprocess.PIPE, text=True) for n in names]
    for p in procs:
        p.communicate(timeout=120)
        assert p.returncode == 0
    lines = read(root, "MEMORY.md").splitlines()
    assert lines[0] == "# M"
    assert sorted(lines[1:]) == [f"- [{n.upper()}](memory/{n}.md) — {n}" for n in names]
    assert len(Journal(open_workspace(root)).records()) == len(names)


@pytest.mark.parametrize("op", [
    lambda s: memory_ops.rename(s, "memory/alias.md", "renamed"),
    lambda s: memory_ops.delete(s, ["memory/alias.md"]),
    lambda s: memory_ops.fix_wikilinks(s, "memory/alias.md"),
])
def test_a_symlinked_memory_is_never_replaced_by_a_copy(ws: Path,
                                                        op: Callable[[Snapshot], Changeset]
                                                        ) -> None:
    (ws / "memory/alias.md").symlink_to("user-role.md")
    before = tree(ws)
    w = open_workspace(ws)
    with pytest.raises(Refused, match=re.escape(
            "memory/alias.md is a symbolic link; memtui does not follow links (edit the "
            "file it points to); nothing was written")):
        apply(w, op(Snapshot.read(w)))
    assert (ws / "memory/alias.md").is_symlink()
    assert tree(ws) == before
    assert Journal(w).records() == []
