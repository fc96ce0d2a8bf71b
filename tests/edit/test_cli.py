"""``memtui fix``, ``history`` and ``undo`` as a user runs them (subprocess)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memtui.edit.journal_seal import sealed
from tests.edit.conftest import INDEX, ROOT, cli, read, tree, write_tree

DRY_RUNS = {
    "add-to-index": ["lonely_note", "--under", "People"],
    "repoint": ["memory/gone.md", "memory/creds.md"],
    "remove-link": ["memory/line-a.md"],
    "fold": ["user-role", "yield-source", "--label", "Cold"],
    "unfold": ["9"],
    "rename": ["yield-source", "yield-origin"],
    "fix-wikilinks": [],
    "new": ["fresh", "--type", "user", "--description", "d", "--index"],
    "delete": ["line-a"],
    "redact": ["creds"],
}


@pytest.mark.parametrize("op", list(DRY_RUNS))
def test_dry_run_prints_a_diff_and_writes_nothing(ws: Path, op: str) -> None:
    before = tree(ws, include_state=True)
    proc = cli("fix", op, ws, *DRY_RUNS[op], "--dry-run")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert "\n+++ b/" in proc.stdout or "+++ /dev/null" in proc.stdout
    assert any(line.startswith("dry run, nothing written: ")
               for line in proc.stdout.splitlines())
    assert tree(ws, include_state=True) == before


def test_delete_dry_run_lists_the_links_it_would_leave_dangling(ws: Path) -> None:
    dry = cli("fix", "delete", ws, "line-a", "--dry-run")
    assert dry.stdout.splitlines()[-2:] == [
        "dry run, nothing written: will delete memory/line-a.md; will remove 1 index link",
        "  memory/line-b.md:7: [[line-a]] now dangles"]
    real = cli("fix", "delete", ws, "line-a")
    assert real.stdout.splitlines()[1:] == ["  memory/line-b.md:7: [[line-a]] now dangles"]


@pytest.mark.parametrize(("name", "hint"), [
    ("lonely-not", "named 'lonely-not' (did you mean 'lonely_note'?)"),
    ("lonelynote", "named 'lonelynote' (did you mean 'lonely_note'?)"),
    ("user-rol", "named 'user-rol' (did you mean 'user-role'?)"),
    ("memory/yeild-source.md", "at memory/yeild-source.md (did you mean 'yield-source'?)"),
    ("line-c", "named 'line-c' (did you mean 'line-b' or 'line-a'?)"),
])
def test_an_unknown_name_suggests_the_closest_names(ws: Path, name: str, hint: str) -> None:
    proc = cli("fix", "delete", ws, name, "--dry-run")
    assert (proc.returncode, proc.stderr) == (2, f"memtui fix delete: error: no memory {hint}\n")


def test_add_to_index_puts_an_entry_after_the_last_hot_entry(ws: Path) -> None:
    """Not under a trailing "## Cold" heading after a packed line."""
    index = INDEX + "\n## Cold\n- Cold, 2025: [a](memory/a.md) · [b](memory/b.md)\n"
    write_tree(ws, {"MEMORY.md": index})
    assert cli("fix", "add-to-index", ws, "lonely_note").returncode == 0
    assert cli("fix", "new", ws, "fresh", "--type", "user",
               "--description", "d", "--index").returncode == 0
    assert read(ws, "MEMORY.md") == index.replace(
        "- [Gone](memory/gone.md) — broken link\n",
        "- [Gone](memory/gone.md) — broken link\n"
        "- [Lonely note](memory/lonely_note.md) — A note nothing links to\n"
        "- [Fresh](memory/fresh.md) — d\n")


def test_an_index_of_packed_lines_only_gets_entries_at_the_end(ws: Path) -> None:
    write_tree(ws, {"MEMORY.md": "# Memory\n- Cold: [a](memory/a.md) · [b](memory/b.md)\n"})
    assert cli("fix", "add-to-index", ws, "lonely_note").returncode == 0
    assert read(ws, "MEMORY.md").endswith(
        "[b](memory/b.md)\n- [Lonely note](memory/lonely_note.md) — A note nothing links to\n")


@pytest.mark.parametrize("argv", [["history", "{ws}"], ["fix", "repoint", "{ws}", "memory/gone.md",
                                                      "memory/creds.md", "--dry-run"]])
def test_a_reader_that_stops_early_ends_the_command_quietly(
        ws: Path, argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """``memtui history | head -1``: no traceback, no "Broken pipe", exit status 141."""
    # Output far beyond what the pipe (64 KiB), the reader's buffer and the writer's hold
    # together: 3.14's io.DEFAULT_BUFFER_SIZE is 128 KiB (8 KiB before), and 120 KB of
    # output went through whole there (exit 0). A long index for the diff (5,000 lines: a
    # 480 KB diff, 2.5 × those 192 KiB; 12,000 took most of the test's time repointing),
    # long records.
    write_tree(ws, {"MEMORY.md": INDEX + "- [Gone again](memory/gone.md) — still gone\n" * 5000})
    assert _main(capsys, "fix", "add-to-index", ws, "lonely_note")[0] == 0
    first = ws / ".memtui/journal/000001.json"
    record = json.loads(first.read_text(encoding="utf-8"))
    for n in range(2, 60):
        record.update(id=n, summary="x" * 20_000)
        first.with_name(f"{n:06d}.json").write_text(json.dumps(sealed(record, ws)),
                                                          encoding="utf-8")
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    for _ in range(3):
        proc = subprocess.Popen([sys.executable, "-m", "memtui",
                                 *(a.format(ws=ws) for a in argv)], cwd=ROOT, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert proc.stdout is not None and proc.stderr is not None
        assert proc.stdout.readline()  # like head -1: read one line, then go away
        proc.stdout.close()
        err = proc.stderr.read()
        assert (proc.wait(timeout=120), err) == (141, b"")


def test_fix_prints_a_summary_with_the_undo_hint_then_undo_and_history(ws: Path) -> None:
    start = tree(ws)
    proc = cli("fix", "add-to-index", ws, "lonely_note")
    assert (proc.returncode, proc.stderr) == (0, "")
    assert proc.stdout == (f"MEMORY.md: +1 entry (memory/lonely_note.md) [#1; undo: "
                           f"memtui undo {ws}]\n")
    proc = cli("fix", "rename", ws, "yield-source", "yield-origin")
    assert proc.returncode == 0
    hist = cli("history", ws)
    assert hist.returncode == 0
    lines = hist.stdout.splitlines()
    assert lines[0].startswith("#2 ") and " rename: renamed memory/yield-source.md" in lines[0]
    assert lines[1:4] == ["    R memory/yield-source.md → memory/yield-origin.md",
                          "    M MEMORY.md", "    M memory/user-role.md"]
    assert lines[4].startswith("#1 ") and lines[5] == "    M MEMORY.md"
    data = json.loads(cli("history", ws, "--json").stdout)
    assert [r["op"] for r in data] == ["rename", "add-to-index"]
    assert all("before" not in f for r in data for f in r["files"])
    undone = cli("undo", ws)
    assert undone.returncode == 0
    assert undone.stdout.startswith("undid #2 rename: ")
    assert cli("undo", ws).returncode == 0
    assert tree(ws) == start
    again = cli("undo", ws)
    assert (again.returncode, again.stdout) == (1, "")
    assert again.stderr == ("memtui undo: error: nothing to undo (every journaled operation is "
                            "undone already)\n")
    assert "(undone)" in cli("history", ws).stdout.splitlines()[0]


def test_delete_lists_the_links_left_dangling(ws: Path) -> None:
    proc = cli("fix", "delete", ws, "line-a")
    assert proc.returncode == 0
    assert proc.stdout.splitlines()[1:] == ["  memory/line-b.md:7: [[line-a]] now dangles"]


@pytest.mark.parametrize(("args", "code", "message"), [
    (["fix", "rename", "{ws}", "nope", "x"], 2,
     "memtui fix rename: error: no memory named 'nope' in {ws}\n"),
    (["fix", "rename", "{ws}", "line-a", "line-b"], 1,
     "memtui fix rename: error: memory/line-b.md already exists; nothing was written\n"),
    (["fix", "unfold", "{ws}", "x"], 2,
     "memtui fix unfold: error: argument LINE_NUMBER: not a whole number: 'x' "
     "(see memtui fix unfold --help)\n"),
    (["fix", "frobnicate", "{ws}"], 2, None),
    (["fix", "new", "{ws}", "z", "--type", "nope"], 2, None),
    (["fix", "fold", "{ws}/missing", "a", "b"], 2,
     "memtui fix fold: error: {ws}/missing: no such file or folder\n"),
    (["undo", "{ws}"], 1,
     "memtui undo: error: nothing to undo (no operation journaled in this workspace)\n"),
    (["history", "{ws}/missing"], 2,
     "memtui history: error: {ws}/missing: no such file or folder\n"),
])
def test_refusals_and_usage_errors_are_one_line(ws: Path, args: list[str], code: int,
                                                message: str | None) -> None:
    before = tree(ws, include_state=True)
    proc = cli(*[a.format(ws=ws) for a in args])
    assert proc.returncode == code
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    if message is not None:
        assert proc.stderr == message.format(ws=ws)
    assert tree(ws, include_state=True) == before


def test_fix_refuses_with_exit_1_on_conflict_during_undo(ws: Path) -> None:
    assert cli("fix", "remove-link", ws, "memory/gone.md").returncode == 0
    write_tree(ws, {"MEMORY.md": INDEX + "hand edit\n"})
    proc = cli("undo", ws)
    assert proc.returncode == 1
    assert proc.stderr == ("memtui undo: error: MEMORY.md changed since operation #1 "
                           "(remove-link); nothing was undone\n")
    assert read(ws, "MEMORY.md") == INDEX + "hand edit\n"


def test_nothing_to_change_exits_0_without_journaling(ws: Path) -> None:
    proc = cli("fix", "fix-wikilinks", ws, "line-b")
    assert proc.returncode == 0
    assert proc.stdout == "fix-wikilinks: nothing to change (no fuzzy wikilinks)\n"
    assert not (ws / ".memtui").exists()


def test_what_holds_already_is_nothing_to_change(ws: Path) -> None:
    """newuser25 #41: indexing a memory already in the index, or renaming a memory to the
    name it has, exited 1 as errors, while fix-wikilinks with nothing to do exits 0: the
    state asked for holds in both. Two memories of which one is indexed stay a refusal."""
    before = tree(ws, include_state=True)
    for args, said in (
            (["add-to-index", ws, "user-role"],
             "add-to-index: nothing to change (memory/user-role.md is already in the index "
             "(line 4))\n"),
            (["rename", ws, "line-a", "line-a"],
             "rename: nothing to change (memory/line-a.md is already named 'line-a')\n")):
        proc = cli("fix", *args)
        assert (proc.returncode, proc.stdout, proc.stderr) == (0, said, ""), args
    both = cli("fix", "add-to-index", ws, "user-role", "lonely_note")
    assert both.returncode == 1 and "already in the index" in both.stderr
    assert tree(ws, include_state=True) == before


def CREDS_NOTE(ws: Path) -> str:
    """What indexing the fixture's creds.md says of its credential (newuser40 #9)."""
    return (f"  memory/creds.md holds 1 credential (line 7): indexing it puts the credential "
            f"on the agent's path every turn; redact it first (x in the app; memtui fix "
            f"redact {ws} memory/creds.md) and rotate it\n")


def test_a_fifo_in_the_workspace_is_never_opened(ws: Path) -> None:
    import os

    os.mkfifo(ws / "memory/pipe.md")  # opening it for reading would block forever
    proc = cli("fix", "add-to-index", ws, "--all-unreachable", "--dry-run")
    assert (proc.returncode, proc.stderr) == (0, "")
    assert proc.stdout.endswith("dry run, nothing written: MEMORY.md: +2 entries "
                                "(memory/creds.md, memory/lonely_note.md)\n" + CREDS_NOTE(ws)
                                + "  not looked at: "
                                "memory/pipe.md is not a regular file (a FIFO, socket or "
                                "device); memtui does not open it\n")
    proc = cli("fix", "delete", ws, "memory/pipe.md")
    assert (proc.returncode, proc.stderr) == (
        1, "memtui fix delete: error: memory/pipe.md is not a regular file (a FIFO, socket or "
           "device); memtui does not open it; nothing was written\n")


def test_a_disk_error_while_writing_is_one_line_and_exit_1(
        ws: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from memtui.cli import main
    from memtui.commands import fix as commands

    def disk_full(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device", str(ws / "MEMORY.md"))

    monkeypatch.setattr(commands, "apply", disk_full)
    before = tree(ws)
    assert main(["fix", "new", str(ws), "fresh-fact", "--type", "user", "--description", "d"]) == 1
    err = capsys.readouterr().err
    assert err == (f"memtui fix new: error: No space left on device ({ws / 'MEMORY.md'})\n")
    assert tree(ws) == before


def _main(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    from memtui.cli import main

    code = main([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_history_lists_an_unreadable_record_and_undo_stops_at_it(
        ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _main(capsys, "fix", "add-to-index", ws, "lonely_note")[0] == 0
    (ws / ".memtui/journal/000002.json").write_text("{cut short", encoding="utf-8")
    code, out, err = _main(capsys, "history", ws)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "#2 000002.json: unreadable (not valid JSON); undo stops here"
    assert lines[1].startswith("#1 ") and lines[1].endswith(
        " add-to-index: MEMORY.md: +1 entry (memory/lonely_note.md)")
    code, out, err = _main(capsys, "history", ws, "--json")
    data = json.loads(out)
    assert data[0] == {"id": 2, "file": "000002.json", "unreadable": "not valid JSON"}
    assert data[1]["id"] == 1 and data[1]["op"] == "add-to-index"
    after = tree(ws, include_state=True)
    code, out, err = _main(capsys, "undo", ws)
    assert (code, out) == (1, "")
    assert err == ("memtui undo: error: journal record .memtui/journal/000002.json is unreadable "
                   "(not valid JSON); nothing was undone (move that file away to undo the "
                   "operations before it)\n")
    assert tree(ws, include_state=True) == after


def test_history_prune_keeps_the_newest_n(ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _main(capsys, "history", ws, "--prune", "3")
    assert (code, out) == (0, "no operations journaled in this workspace; nothing to prune\n")
    assert not (ws / ".memtui").exists()
    assert _main(capsys, "fix", "add-to-index", ws, "lonely_note")[0] == 0
    after_first = tree(ws)
    assert _main(capsys, "fix", "fix-wikilinks", ws)[0] == 0
    assert _main(capsys, "fix", "remove-link", ws, "memory/gone.md")[0] == 0
    (ws / ".memtui/journal/000001.json").write_text("damaged", encoding="utf-8")
    code, out, err = _main(capsys, "history", ws, "--prune", "2")
    assert (code, err) == (0, "")
    assert out == ("pruned 1 record (#1), whose operations can no longer be undone; kept the "
                   "newest 2\n")
    assert sorted(p.name for p in (ws / ".memtui/journal").iterdir()) == [
        "000002.json", "000003.json"]
    code, out, _ = _main(capsys, "history", ws, "--prune", "2")
    assert (code, out) == (0, "nothing to prune: 2 records journaled, keeping up to 2\n")
    assert _main(capsys, "undo", ws)[0] == 0
    assert _main(capsys, "undo", ws)[0] == 0
    assert tree(ws) == after_first
    code, _, err = _main(capsys, "undo", ws)
    # newuser23 #30: not "every … undone already": #1's change stays
    assert (code, err) == (1, "memtui undo: error: nothing left to undo: #1 was pruned (memtui "
                              "history --prune): undo cannot go back to it; every operation "
                              "journaled since is undone already\n")
    code, out, _ = _main(capsys, "history", ws, "--prune", "0")
    assert (code, out) == (0, "pruned 2 records (#2–#3), undone already; kept the newest 0\n")
    assert _main(capsys, "history", ws)[1] == "no operations journaled in this workspace\n"


@pytest.mark.parametrize(("args", "message"), [
    (["--prune", "-1"], "argument --prune: must be from 0 to 1,000,000,000: '-1'"),
    (["--prune", "two"], "argument --prune: not a whole number: 'two'"),
    (["--prune", "1", "--json"], "argument --json: not allowed with argument --prune"),
])
def test_history_prune_usage_errors_are_one_line(ws: Path, capsys: pytest.CaptureFixture[str],
                                                 args: list[str], message: str) -> None:
    assert _main(capsys, "fix", "add-to-index", ws, "lonely_note")[0] == 0
    before = tree(ws, include_state=True)
    with pytest.raises(SystemExit) as exc:
        _main(capsys, "history", ws, *args)
    assert exc.value.code == 2
    assert capsys.readouterr().err == (f"memtui history: error: {message} "
                                       "(see memtui history --help)\n")
    assert tree(ws, include_state=True) == before


def test_a_memory_past_the_edit_cap_is_indexed_and_its_delete_says_how(ws: Path) -> None:
    """newuser25 #31: the audit lists a memory over 1 MiB (an orphan), but ``fix
    add-to-index`` and ``fix delete`` refused it with no way forward. Its entry is added
    now (only MEMORY.md is written, from the memory's head; undoable), and its delete,
    which memtui cannot undo at that size, says why and what to do instead."""
    big = ws / "memory" / "big-log.md"
    big.write_text("---\nname: big-log\ndescription: the raw run log\nmetadata:\n"
                   "  type: reference\n---\n" + "line of log\n" * 120_000, encoding="utf-8")
    before = read(ws, "MEMORY.md")
    added = cli("fix", "add-to-index", ws, "memory/big-log.md")
    assert added.returncode == 0, added.stderr
    assert "[Big log](memory/big-log.md) — the raw run log" in read(ws, "MEMORY.md")
    refused = cli("fix", "delete", ws, "big-log")
    assert refused.returncode == 1 and refused.stdout == ""
    assert refused.stderr.count("\n") == 1
    assert refused.stderr.startswith("memtui fix delete: error: memory/big-log.md is larger "
                                     "than 1 MiB (")
    assert f"mv {big} SOMEWHERE), then drop its index line: memtui fix remove-link {ws} " \
           "memory/big-log.md" in refused.stderr
    assert big.exists()
    undone = cli("undo", ws)
    assert undone.returncode == 0, undone.stderr
    assert read(ws, "MEMORY.md") == before
    refused = cli("fix", "delete", ws, "big-log")  # not indexed: nothing to drop then
    assert refused.returncode == 1 and "remove-link" not in refused.stderr


def test_a_dry_run_diff_masks_the_credentials_in_its_context_lines(ws: Path) -> None:
    """newuser26 #20: ``fix fix-wikilinks --dry-run`` printed a GitHub token the audit
    flags, whole, in a context line of its diff (the preview masks it; the app's dialogs
    show the same diff). Masked now; the write itself keeps the bytes."""
    token = "ghp_R8kLm2Qx9Vt4Zy7Wn3Jp5Hs1Fd6Gc0Ba2Ek8"
    (ws / "memory" / "creds.md").write_text(
        "---\nname: creds\ndescription: the bot's access\nmetadata:\n  type: reference\n"
        f"---\nSee [[Yield_Source]] first.\nThe token is {token} for the bot.\n",
        encoding="utf-8")
    dry = cli("fix", "fix-wikilinks", ws, "creds", "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert "+See [[yield-source]] first." in dry.stdout
    assert token not in dry.stdout
    assert " The token is gh" in dry.stdout
    done = cli("fix", "fix-wikilinks", ws, "creds")
    assert done.returncode == 0, done.stderr
    assert f"The token is {token} for the bot." in read(ws, "memory/creds.md")
@pytest.mark.parametrize("config", ["", "include-archives = true\n"])
def test_all_unreachable_leaves_archived_memories_out(ws: Path, config: str) -> None:
    """newuser26 #40: ``--all-unreachable`` indexed the memories in archive folders (one
    holding a password), put away on purpose, which the app's ``A`` leaves out; whether
    the audit reads them or not, they are left out and the output says so."""
    for folder, name in (("_archive", "old1"), ("Archiv", "old2")):
        (ws / "memory" / folder).mkdir()
        (ws / "memory" / folder / f"{name}.md").write_text(
            f"---\nname: {name}\ndescription: {name}\ntype: project\n---\nold\n",
            encoding="utf-8")
    if config:
        (ws / ".memtui.toml").write_text(config, encoding="utf-8")
    proc = cli("fix", "add-to-index", ws, "--all-unreachable", "--dry-run")
    assert (proc.returncode, proc.stderr) == (0, "")
    assert "old1" not in proc.stdout.split("dry run")[0]
    assert "old2" not in proc.stdout.split("dry run")[0]
    assert proc.stdout.endswith(
        "dry run, nothing written: MEMORY.md: +2 entries (memory/creds.md, "
        "memory/lonely_note.md)\n" + CREDS_NOTE(ws) + "  left out 2 archived memories (in "
        "memory/Archiv/ and 1 more folder): name one to index it\n"), proc.stdout
    named = cli("fix", "add-to-index", ws, "old1", "--dry-run")  # named, it is added
    assert named.returncode == 0 and "+- [" in named.stdout and "_archive/old1.md" in \
        named.stdout, named.stdout + named.stderr
