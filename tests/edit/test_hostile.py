"""Curation under attack: tampered journal records, symlinked folders, FIFOs, foreign paths,
names that need escaping, secrets left in the journal, disk errors, huge files.

Every refusal is one line on stderr with exit status 1 or 2, never a traceback, and
nothing is written where it should not be.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from memtui.cli import main
from memtui.core.scanner.index import parse_index
from memtui.core.workspace import open_workspace
from memtui.edit.journal import Journal, Unreadable
from memtui.edit.journal_seal import sealed
from tests.edit.conftest import BASE, ROOT, read, tree, write_tree
from tests.peak_memory import run_measured

SECRET = "Tr0ub4dor&3xyz"


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> None:
    assert err.count("\n") == 1 and "Traceback" not in err, err


def record_path(ws: Path, n: int = 1) -> Path:
    return ws / ".memtui" / "journal" / f"{n:06d}.json"


def tamper(ws: Path, n: int = 1, **changes: object) -> None:
    """Rewrite journal record ``n``: top-level keys, or ``file0_<key>`` for its first file."""
    p = record_path(ws, n)
    rec = json.loads(p.read_text())
    for key, value in changes.items():
        if key.startswith("file0_"):
            rec["files"][0][key.removeprefix("file0_")] = value
        else:
            rec[key] = value
    p.write_text(json.dumps(sealed(rec, ws)))  # as memtui seals: the checks behind it


# 1. Journal records are untrusted ------------------------------------------------------

@pytest.mark.parametrize("path", ["../outside.md", "/tmp/memtui-undo-escape.md",
                                  "memory/../../outside.md", "memory//a.md", "./MEMORY.md",
                                  "", "memory/\u0000.md"])
def test_undo_refuses_a_record_whose_path_is_not_inside_the_workspace(
        ws: Path, capsys: pytest.CaptureFixture[str], path: str) -> None:
    assert run(capsys, "fix", "add-to-index", ws, "lonely_note")[0] == 0
    tamper(ws, file0_path=path)
    before = tree(ws.parent)
    code, out, err = run(capsys, "undo", ws)
    assert code == 1 and out == ""
    one_line(err)
    assert "is not a path inside the workspace" in err and "nothing was undone" in err
    assert tree(ws.parent) == before
    assert not Path("/tmp/memtui-undo-escape.md").exists()
    code, out, err = run(capsys, "history", ws)
    assert (code, err) == (0, "")
    assert "unreadable (not a memtui journal record:" in out


def test_undo_refuses_before_bytes_that_do_not_match_their_sha256(
        ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "fix", "add-to-index", ws, "lonely_note")[0] == 0
    after = tree(ws)
    tamper(ws, file0_before=base64.b64encode(b"planted by someone else\n").decode())
    code, out, err = run(capsys, "undo", ws)
    assert (code, out) == (1, "")
    assert err == ("memtui undo: error: journal record #1 (add-to-index): the bytes kept for "
                   "MEMORY.md do not match their sha256 (the record was altered); nothing "
                   "was undone\n")
    assert tree(ws) == after


@pytest.mark.parametrize(("changes", "reason"), [
    ({"file0_before": "not base64 !!"}, "not valid base64"),
    ({"undone": "false"}, "'undone' is not true or false"),
    ({"id": "1"}, "'id' is not a whole number"),
    ({"id": True}, "'id' is not a whole number"),
    ({"files": {"path": "MEMORY.md"}}, "'files' is not a list"),
    ({"files": [1]}, "a file entry is not an object"),
    ({"summary": ["x"]}, "'summary' is not text"),
    ({"file0_change": 3}, "a file's 'change' is not text"),
    ({"file0_moved_from": "../x"}, "'../x' is not a path inside the workspace"),
])
def test_a_malformed_record_is_one_line_never_a_traceback(
        ws: Path, capsys: pytest.CaptureFixture[str], changes: dict[str, object],
        reason: str) -> None:
    assert run(capsys, "fix", "add-to-index", ws, "lonely_note")[0] == 0
    after = tree(ws)
    tamper(ws, **changes)
    code, out, err = run(capsys, "undo", ws)
    assert (code, out) == (1, "")
    one_line(err)
    assert reason in err
    assert tree(ws) == after
    for args in (["history", ws], ["history", ws, "--json"]):
        code, out, err = run(capsys, *args)
        assert (code, err) == (0, "")
    listed = json.loads(out)[0]
    assert listed.get("file", "000001.json") == "000001.json"  # bytes are checked by undo


# 2. Symlinked folders ------------------------------------------------------------------

ENTRY_POINTS = [
    ["audit", "{ws}"],
    ["fix", "add-to-index", "{ws}", "lonely_note"],
    ["fix", "new", "{ws}", "fresh", "--type", "user", "--description", "d"],
    ["fix", "new", "{ws}", "fresh", "--type", "user", "--description", "d", "--dry-run"],
    ["history", "{ws}"],
    ["history", "{ws}", "--prune", "0"],
    ["undo", "{ws}"],
    ["{ws}", "--no-watch"],  # the app
    ["eval", "{ws}", "--message", "hi", "--model", "m", "--host", "http://127.0.0.1:9"],
]


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    out = tmp_path / "outside"
    out.mkdir()
    return out


@pytest.mark.parametrize("folder", ["memory", ".memtui", ".memtui/journal"])
@pytest.mark.parametrize("args", ENTRY_POINTS, ids=lambda a: " ".join(a[:2]))
def test_a_folder_linked_outside_the_workspace_is_refused_by_every_entry_point(
        ws: Path, outside: Path, capsys: pytest.CaptureFixture[str], folder: str,
        args: list[str]) -> None:
    if folder == "memory":
        shutil.move(ws / "memory", outside / "memory")
        target = outside / "memory"
    else:
        target = outside / "state"
        (target / "journal").mkdir(parents=True)
        if folder == ".memtui/journal":
            (ws / ".memtui").mkdir()
            target = target / "journal"
    (ws / folder).symlink_to(target, target_is_directory=True)
    before = tree(outside, include_state=True)
    code, out, err = run(capsys, *[a.format(ws=ws) for a in args])
    assert (code, out) == (2, "")
    one_line(err)
    assert f"{folder}/ is a symbolic link leading outside the workspace" in err
    assert tree(outside, include_state=True) == before


def test_a_state_folder_swapped_for_a_link_mid_operation_is_never_written_through(
        ws: Path, outside: Path) -> None:
    from memtui.edit import index_ops
    from memtui.edit.apply import apply
    from memtui.edit.errors import Refused
    from memtui.edit.journal import undo
    from memtui.edit.snapshot import Snapshot

    w = open_workspace(ws)  # checked here, swapped below: the write path must hold alone
    cs = index_ops.add_to_index(Snapshot.read(w), ["lonely_note"])
    (ws / ".memtui").symlink_to(outside, target_is_directory=True)
    start = tree(ws)
    with pytest.raises(Refused, match=r"memtui keeps its journal only in a real folder|"
                                      r"is a symbolic link"):
        apply(w, cs)
    with pytest.raises(Refused):
        undo(w)
    assert list(outside.iterdir()) == []
    assert tree(ws) == start
    (ws / ".memtui").unlink()
    # The memory folder swapped after the plan was made: refused, the outside untouched.
    from memtui.edit import memory_ops

    cs = memory_ops.redact(Snapshot.read(w), "creds")
    shutil.move(ws / "memory", outside / "memory")
    (ws / "memory").symlink_to(outside / "memory", target_is_directory=True)
    before = tree(outside)
    with pytest.raises(Refused, match="memory is a symbolic link"):
        apply(w, cs)
    assert tree(outside) == before


# 3. Dry runs never read through a link the write refuses -------------------------------

def test_a_dry_run_never_shows_or_scans_a_file_behind_a_linked_index(
        ws: Path, outside: Path, capsys: pytest.CaptureFixture[str]) -> None:
    private = outside / "private.md"
    private.write_text(f"PRIVATE LINE one\npassword = \"{SECRET}\"\n")
    (ws / "MEMORY.md").unlink()
    (ws / "MEMORY.md").symlink_to(private)
    for args in (["fix", "add-to-index", ws, "lonely_note", "--dry-run"],
                 ["fix", "add-to-index", ws, "--all-unreachable", "--dry-run"],
                 ["fix", "remove-link", ws, "memory/gone.md", "--dry-run"],
                 ["fix", "redact", ws, "MEMORY.md", "--dry-run"],
                 ["fix", "redact", ws, "MEMORY.md"]):
        code, out, err = run(capsys, *args)
        assert code == 1, args
        one_line(err)
        assert "MEMORY.md is a symbolic link" in err
        assert "PRIVATE" not in out + err and SECRET not in out + err
    assert private.read_text().startswith("PRIVATE LINE one")


# 5. Journal numbering ------------------------------------------------------------------

def test_a_stray_record_never_shares_a_number_or_is_overwritten(
        ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = ws / ".memtui" / "journal"
    assert run(capsys, "fix", "add-to-index", ws, "lonely_note")[0] == 0
    shutil.copy(folder / "000001.json", folder / "1.json")  # copied back by hand
    shutil.copy(folder / "000001.json", folder / "000004.json")  # a copy under a new number
    (folder / "\u00b2.json").write_text("{}")  # a superscript two: a digit, not ASCII
    (folder / "\u0661.json").write_text("{}")  # an Arabic-Indic one
    stray = {n: (folder / n).read_bytes() for n in ("1.json", "000004.json")}
    assert run(capsys, "fix", "remove-link", ws, "memory/gone.md")[0] == 0
    assert sorted(os.listdir(folder)) == sorted(
        ["000001.json", "1.json", "000004.json", "000005.json", "\u00b2.json", "\u0661.json"])
    assert {n: (folder / n).read_bytes() for n in stray} == stray
    entries = Journal(open_workspace(ws)).entries()
    assert [(e.name if isinstance(e, Unreadable) else e["_name"]) for e in entries] == [
        "000001.json", "1.json", "000004.json", "000005.json"]
    assert [e.reason for e in entries if isinstance(e, Unreadable)] == [
        "not a memtui journal record: its file name does not match its id #1 (memtui names "
        "it 000001.json)"] * 2
    code, out, err = run(capsys, "history", ws)
    assert (code, err) == (0, "")
    assert "#4 000004.json: unreadable" in out and "#1 1.json: unreadable" in out
    # Undo takes #5, then stops at the stray copy #4 rather than guess what it did.
    assert run(capsys, "undo", ws)[0] == 0
    code, _, err = run(capsys, "undo", ws)
    assert code == 1 and "000004.json is unreadable" in err
    # Prune lists and checks everything first, then deletes by number only.
    code, _, err = run(capsys, "history", ws, "--prune", "1")
    assert (code, err) == (0, "")
    assert sorted(os.listdir(folder)) == ["000005.json", "\u00b2.json", "\u0661.json"]
    assert run(capsys, "fix", "fix-wikilinks", ws)[0] == 0
    assert "000006.json" in os.listdir(folder)


def test_a_number_taken_between_the_scan_and_the_write_is_skipped(
        ws: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from memtui.edit import index_ops
    from memtui.edit.apply import apply
    from memtui.edit.snapshot import Snapshot

    w = open_workspace(ws)
    apply(w, index_ops.add_to_index(Snapshot.read(w), ["lonely_note"]))
    monkeypatch.setattr(Journal, "_names", lambda self: [])  # a stale scan: "no records"
    rec = apply(w, index_ops.remove_link(Snapshot.read(w), "memory/gone.md"))
    assert rec["id"] == 2
    assert sorted(os.listdir(ws / ".memtui/journal")) == ["000001.json", "000002.json"]
    assert json.loads(record_path(ws, 1).read_text())["op"] == "add-to-index"


def test_journal_files_are_ordered_by_number(ws: Path) -> None:
    folder = ws / ".memtui" / "journal"
    folder.mkdir(parents=True)
    for name in ("000010.json", "9.json", "0100.json", "000002.json"):
        (folder / name).write_text("{}")
    assert Journal(open_workspace(ws))._names() == [
        "000002.json", "9.json", "000010.json", "0100.json"]


# 6. A memory named by a path -----------------------------------------------------------

def test_delete_by_a_path_outside_the_workspace_deletes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    w = write_tree(tmp_path / "w", BASE)
    other = write_tree(tmp_path / "other" / "ws", BASE)
    start, start_other = tree(w), tree(other)
    for arg in ("../other/ws/memory/lonely_note.md", str(other / "memory/lonely_note.md"),
                "/elsewhere/lonely_note", "sub/lonely_note.md", "memory/sub/../../x/lonely_note"):
        code, out, err = run(capsys, "fix", "delete", w, arg)
        assert (code, out) == (2, ""), arg
        one_line(err)
    assert tree(w) == start and tree(other) == start_other
    code, _, err = run(capsys, "fix", "delete", w, str(w / "memory/lonely_note.md"))
    assert (code, err) == (0, "")
    assert not (w / "memory/lonely_note.md").exists()
    assert tree(other) == start_other


# 7. Names that need escaping in a link -------------------------------------------------

AWKWARD = ["c#sharp", "two words", "paren(1)", "less<more>", "what?", "per%20cent",
           "back\\slash", "brack[et]"]


def memory(name: str) -> str:
    return f"---\nname: {json.dumps(name)}\ndescription: d\nmetadata:\n  type: user\n---\nx\n"


def index_targets(ws: Path) -> list[str | None]:
    return [lk.target for lk in parse_index(read(ws, "MEMORY.md")).links]


def test_every_written_link_parses_back_to_its_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from memtui.core.audit import audit

    ws = write_tree(tmp_path / "ws", {"MEMORY.md": "# M\n",
                                      **{f"memory/{n}.md": memory(n) for n in AWKWARD}})
    for _ in range(2):
        assert run(capsys, "fix", "add-to-index", ws, "--all-unreachable")[0] == 0
    assert len(read(ws, "MEMORY.md").splitlines()) == 1 + len(AWKWARD)
    assert sorted(t for t in index_targets(ws) if t) == sorted(f"memory/{n}.md" for n in AWKWARD)
    result = audit(ws)
    assert result.orphans == [] and result.broken_links == []
    # fold, unfold, rename, repoint and new --index write links too (a new or renamed
    # memory's name is a slug since issue 32 item 19; the awkward ones are already there)
    assert run(capsys, "fix", "fold", ws, "memory/c#sharp.md", "memory/two words.md",
               "--label", "Cold")[0] == 0
    packed = [i for i, line in enumerate(read(ws, "MEMORY.md").splitlines(), start=1)
              if line.startswith("- Cold: [")]
    assert len(packed) == 1
    assert run(capsys, "fix", "unfold", ws, str(packed[0]))[0] == 0
    assert run(capsys, "fix", "rename", ws, "memory/what?.md", "q-1-new")[0] == 0
    assert run(capsys, "fix", "new", ws, "x-y-z", "--type", "user",
               "--description", "d", "--index")[0] == 0
    assert run(capsys, "fix", "repoint", ws, "memory/paren(1).md", "memory/x-y-z.md")[0] == 0
    names = {n for n in AWKWARD if n not in ("what?", "paren(1)")} | {"q-1-new", "x-y-z"}
    assert {t for t in index_targets(ws) if t} == {f"memory/{n}.md" for n in names}
    result = audit(ws)
    assert result.broken_links == []
    assert [o.path for o in result.orphans] == ["memory/paren(1).md"]  # repointed away


# 8. Redaction purges the secret from the journal ---------------------------------------

def secret_in_state(ws: Path, secret: str) -> list[str]:
    """Where under .memtui the secret still is: raw, or inside a record's base64 bytes."""
    found = []
    for p in (ws / ".memtui").rglob("*"):
        if not p.is_file():
            continue
        data = p.read_bytes()
        if secret.encode() in data:
            found.append(str(p))
        if p.suffix == ".json":
            for f in json.loads(data).get("files", []):
                if f["before"] != "absent" and secret.encode() in base64.b64decode(f["before"]):
                    found.append(f"{p} (base64)")
    return found


def test_redact_leaves_no_copy_of_the_credential_in_the_journal(
        ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "fix", "rename", ws, "creds", "db-creds")[0] == 0
    assert run(capsys, "fix", "new", ws, "note", "--type", "user", "--description",
               f"password = {SECRET}")[0] == 0
    assert secret_in_state(ws, SECRET)  # the rename kept the file's bytes, the new its args
    code, out, err = run(capsys, "fix", "redact", ws, "db-creds", "--dry-run")
    assert (code, err) == (0, "") and SECRET not in out and '"Tr…yz"' in out
    code, out, err = run(capsys, "fix", "redact", ws, "db-creds")
    assert (code, err) == (0, "")
    assert "not kept in the journal: undo cannot bring it back" in out
    assert "scrubbed it from 2 earlier journal records (#1, #2)" in out
    assert secret_in_state(ws, SECRET) == []
    # Undo refuses the redaction (the file stays redacted), then goes back past it, through
    # the new memory and the rename.
    code, out, err = run(capsys, "undo", ws)
    assert (code, out) == (1, "") and "#3 redact is not undone" in err
    for _ in range(2):
        code, out, err = run(capsys, "undo", ws)
        assert (code, err) == (0, "")
    assert "[REDACTED]" in read(ws, "memory/creds.md")
    assert SECRET not in "".join(read(ws, p) for p in tree(ws))
    assert secret_in_state(ws, SECRET) == []


# 9. FIFOs never block ------------------------------------------------------------------

def cli_quick(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """The CLI in a child with a short timeout: a FIFO opened for reading would hang it."""
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "memtui", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, env=env, timeout=60)


def test_fifos_anywhere_never_block(ws: Path) -> None:
    (ws / "MEMORY.md").unlink()
    os.mkfifo(ws / "MEMORY.md")
    for args in (["fix", "add-to-index", ws, "lonely_note"],
                 ["fix", "add-to-index", ws, "lonely_note", "--dry-run"],
                 ["fix", "redact", ws, "MEMORY.md"]):
        proc = cli_quick(*args)
        assert proc.returncode == 1, proc.stderr
        assert proc.stderr.endswith("MEMORY.md is not a regular file (a FIFO, socket or "
                                    "device); memtui does not open it; nothing was written\n")
        one_line(proc.stderr)
    (ws / "MEMORY.md").unlink()
    (ws / "MEMORY.md").write_text("# M\n")
    assert cli_quick("fix", "add-to-index", ws, "lonely_note").returncode == 0
    # undo with the touched file replaced by a FIFO
    (ws / "MEMORY.md").unlink()
    os.mkfifo(ws / "MEMORY.md")
    proc = cli_quick("undo", ws)
    assert proc.returncode == 1 and "MEMORY.md is not a regular file" in proc.stderr
    one_line(proc.stderr)
    (ws / "MEMORY.md").unlink()
    (ws / "MEMORY.md").write_text("# M\n")
    # a FIFO in the journal folder, and as the lock
    os.mkfifo(ws / ".memtui/journal/000002.json")
    proc = cli_quick("history", ws)
    assert proc.returncode == 0
    assert "#2 000002.json: unreadable (is not a regular file" in proc.stdout
    proc = cli_quick("undo", ws)
    assert proc.returncode == 1 and "000002.json is unreadable" in proc.stderr
    assert cli_quick("fix", "new", ws, "fresh", "--type", "user",
                     "--description", "d").returncode == 0
    assert (ws / ".memtui/journal/000003.json").is_file()
    assert cli_quick("history", ws, "--prune", "1").returncode == 0
    assert os.listdir(ws / ".memtui/journal") == ["000003.json"]
    (ws / ".memtui/lock").unlink()
    os.mkfifo(ws / ".memtui/lock")
    proc = cli_quick("undo", ws)
    assert proc.returncode == 1 and ".memtui/lock is not a regular file" in proc.stderr
    one_line(proc.stderr)


# 10. Disk and path errors are one line -------------------------------------------------

def test_a_path_component_over_255_bytes_is_one_line(
        ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    long = ws / ("x" * 300) / "ws"
    for args in (["undo", long], ["history", long], ["history", long, "--prune", "1"],
                 ["fix", "new", long, "a", "--type", "user",
                  "--description", "d"], ["audit", long]):
        code, out, err = run(capsys, *args)
        assert (code, out) == (2, ""), args
        one_line(err)
        assert "File name too long" in err
    code, out, err = run(capsys, "fix", "delete", ws, "memory/" + "y" * 300 + ".md")
    assert code == 2
    one_line(err)


def test_a_file_where_the_state_folder_should_be_is_one_line(
        ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (ws / ".memtui").write_text("not a folder")
    start = tree(ws)
    for args in (["fix", "add-to-index", ws, "lonely_note"], ["undo", ws], ["history", ws],
                 ["history", ws, "--prune", "0"]):
        code, out, err = run(capsys, *args)
        assert code in (1, 2) and out == "", args
        one_line(err)
        assert ".memtui is not a folder" in err, err
    assert tree(ws) == start
    (ws / ".memtui").unlink()
    (ws / ".memtui").mkdir()
    (ws / ".memtui/journal").write_text("not a folder")
    for args in (["undo", ws], ["history", ws], ["fix", "add-to-index", ws, "lonely_note"]):
        code, out, err = run(capsys, *args)
        assert code in (1, 2) and out == "", args
        one_line(err)
        assert ".memtui/journal is not a folder" in err, err


@pytest.fixture
def mounted(tmp_path: Path) -> Iterator[Path]:
    """A small tmpfs of our own (root only); skipped where mounting is not allowed."""
    point = tmp_path / "mnt"
    point.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(point)],
                      capture_output=True).returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield point
    finally:
        subprocess.run(["umount", "-l", str(point)], capture_output=True)


def test_a_read_only_file_system_is_one_line(
        mounted: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = write_tree(mounted / "ws", BASE)
    assert run(capsys, "fix", "add-to-index", ws, "lonely_note")[0] == 0
    after = tree(ws, include_state=True)
    subprocess.run(["mount", "-o", "remount,ro", str(mounted)], check=True)
    for args in (["undo", ws], ["fix", "remove-link", ws, "memory/gone.md"],
                 ["history", ws, "--prune", "0"]):
        code, out, err = run(capsys, *args)
        assert code == 1 and out == "", args
        one_line(err)
        assert "Read-only file system" in err
    assert run(capsys, "history", ws)[0] == 0
    assert tree(ws, include_state=True) == after


def test_a_full_disk_is_one_line_and_writes_nothing(
        mounted: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = write_tree(mounted / "ws", {**BASE, "memory/creds.md": BASE["memory/creds.md"] * 200})
    assert run(capsys, "fix", "add-to-index", ws, "lonely_note")[0] == 0
    filler = mounted / "filler"
    with open(filler, "wb", buffering=0) as fh, pytest.raises(OSError):
        while True:
            fh.write(b"\0" * 4096)
    start = tree(ws, include_state=True)
    for args in (["fix", "redact", ws, "creds"], ["undo", ws]):
        code, out, err = run(capsys, *args)
        assert code == 1 and out == "", args
        one_line(err)
        assert "No space left on device" in err
        assert tree(ws, include_state=True) == start


@pytest.mark.parametrize("denied", [("MEMORY.md", "000001.json"), (".memtui",)])
def test_an_unreadable_file_or_state_folder_is_one_line(
        ws: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        denied: tuple[str, ...]) -> None:
    """Root reads every file, so the refusal is simulated at the open call (unit test)."""
    from memtui.core.files import safe_open

    assert run(capsys, "fix", "add-to-index", ws, "lonely_note")[0] == 0
    real = os.open

    def deny(path: object, flags: int, *args: object, **kwargs: object) -> int:
        if path in denied:
            raise PermissionError(13, "Permission denied", path)
        return real(path, flags, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(safe_open.os, "open", deny)
    after = tree(ws, include_state=True)
    for args in (["undo", ws], ["fix", "remove-link", ws, "memory/gone.md"]):
        code, out, err = run(capsys, *args)
        assert code in (1, 2) and out == "", args
        one_line(err)
        assert "Permission denied" in err
    code, out, err = run(capsys, "history", ws)
    if denied == (".memtui",):
        assert (code, out) == (1, "")
        one_line(err)
        assert "Permission denied" in err
    else:
        assert (code, err) == (0, "") and "unreadable (Permission denied)" in out
    assert tree(ws, include_state=True) == after


# 11. Bounded memory --------------------------------------------------------------------

def test_a_huge_index_is_refused_without_reading_it_whole(ws: Path) -> None:
    line = "- [Huge](memory/huge.md) — " + "padding " * 20 + "\n"
    with open(ws / "MEMORY.md", "w") as fh:
        fh.write(line * (46_000_000 // len(line)))
    (ws / "memory/big.md").write_bytes(b"---\nname: big\n---\n" + b"x" * 3_000_000)
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    for args in (["fix", "add-to-index", str(ws), "lonely_note"],
                 ["fix", "add-to-index", str(ws), "--all-unreachable", "--dry-run"],
                 ["fix", "redact", str(ws), "memory/big.md"]):
        child = run_measured(args, env)
        assert child.code == 1, child.err
        one_line(child.err)
        assert "is larger than 1 MiB" in child.err
        assert child.peak_mib is not None and child.peak_mib < 195, f"{args}: {child.peak_mib}"


def test_a_huge_journal_file_is_unreadable_not_read(
        ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "fix", "add-to-index", ws, "lonely_note")[0] == 0
    with open(record_path(ws, 2), "wb") as fh:
        fh.truncate(3 << 30)  # 3 GiB, sparse: reading it whole would take the machine
    code, out, err = run(capsys, "history", ws)
    assert (code, err) == (0, "")
    assert "#2 000002.json: unreadable (is larger than 64 MiB" in out
    code, _, err = run(capsys, "undo", ws)
    assert code == 1 and "000002.json is unreadable" in err
    one_line(err)


def test_arguments_and_names_that_are_not_utf8_are_one_line(
        ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = os.fsdecode(b"\xff\xfe")  # what Python makes of such an argument
    for args in (["fix", "new", ws, bad, "--type", "user"],
                 ["fix", "new", ws, "ok", "--type", "user", "--description", bad],
                 ["fix", "rename", ws, "creds", bad]):
        code, out, err = run(capsys, *args)
        assert (code, out) == (2, ""), args
        one_line(err)
        assert "not valid UTF-8" in err
    (ws / os.fsdecode(b"memory/\xffodd.md")).write_text(
        "---\nname: odd\ndescription: d\nmetadata:\n  type: user\n---\nx\n")
    for args in (["fix", "rename", ws, "odd", "even"], ["history", ws],
                 ["history", ws, "--json"], ["undo", ws]):
        code, out, err = run(capsys, *args)
        assert (code, err) == (0, ""), args
    assert "memory/\\xffodd.md" in run(capsys, "history", ws)[1]  # escaped, as shown


def test_an_operation_names_the_files_it_could_not_look_at(
        ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (ws / "memory/big.md").write_bytes(b"[[line-a]] " + b"x" * 2_000_000)
    note = ("  not looked at: memory/big.md is larger than 1 MiB (2,000,011 bytes); memtui "
            "does not edit files that large\n")
    for args in (["fix", "rename", ws, "line-a", "line-aa", "--dry-run"],
                 ["fix", "add-to-index", ws, "--all-unreachable"]):
        code, out, err = run(capsys, *args)
        assert (code, err) == (0, "")
        assert out.endswith(note)
    for name in ("big", "memory/big.md"):  # (newuser25 #31: and what to do instead)
        code, out, err = run(capsys, "fix", "delete", ws, name)
        assert code == 1 and "does not keep a file that large; nothing was written. " \
            "Move it out of the memory folder yourself" in err
