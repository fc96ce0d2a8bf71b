"""Every oddity of issue 2 ("Bad input"): each one audited without a crash, reported exactly."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memtui.core.scanner.index import parse_index
from memtui.core.scanner.textfile import MAX_READ_BYTES, read_text
from memtui.core.workspace import WorkspaceError, open_workspace
from tests.core.helpers import found, make_ws, memory, run_audit


def test_bom_is_dropped_and_frontmatter_still_read(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "w", {
        "MEMORY.md": "\ufeff- [a](memory/a.md) — hook\n",
        "memory/a.md": "\ufeff" + memory("a", "body\n"),
    })
    r = run_audit(ws)
    assert r.findings == []
    assert r.scans["memory/a.md"].memory.name == "a"
    assert r.index.lines[0].kind == "entry"
    assert read_text(ws / "memory/a.md").had_bom is True


def test_crlf_line_endings(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "w", {
        "MEMORY.md": "# I\r\n- [a](memory/a.md) — hook\r\n- [b](memory/b.md)\r\n",
        "memory/a.md": memory("a", "see [[b]]\n").replace("\n", "\r\n"),
        "memory/b.md": memory("b", "x\n").replace("\n", "\r\n"),
    })
    r = run_audit(ws)
    assert r.findings == []
    assert [ln.text for ln in r.index.lines] == ["# I", "- [a](memory/a.md) — hook",
                                                 "- [b](memory/b.md)"]
    assert r.scans["memory/a.md"].memory.type == "project"
    assert [(w.source, w.line, w.resolved) for w in r.wikirefs] == [
        ("memory/a.md", 7, "memory/b.md")]
    assert read_text(ws / "memory/a.md").crlf is True


def test_non_utf8_bytes(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "w", {
        "MEMORY.md": b"- [a](memory/a.md) \xff\xfe hook\n",
        "memory/a.md": memory("a", "ok\n").encode() + b"bad \xc3\x28 byte\n",
    })
    r = run_audit(ws)
    assert [(f.kind, f.path, f.line) for f in r.findings] == [
        ("read_problem", "MEMORY.md", 1), ("read_problem", "memory/a.md", 8)]
    assert r.index_linked == {"memory/a.md"}
    assert "\ufffd" in r.scans["memory/a.md"].memory.body


def test_empty_file(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "w", {"MEMORY.md": "- [a](memory/a.md)\n", "memory/a.md": ""})
    r = run_audit(ws)
    assert [(f.kind, f.path, f.line, f.message) for f in r.findings] == [
        ("frontmatter", "memory/a.md", 1, "empty file")]
    assert r.file("memory/a.md").tokens == {"qwen": 0, "cl100k": 0}  # type: ignore[union-attr]


def test_file_over_one_mebibyte_reads_the_head(tmp_path: Path) -> None:
    big = memory("big", "") + ("記憶" * 100 + "\n") * 4000  # ~2.4 MB
    ws = make_ws(tmp_path / "w", {"MEMORY.md": "- [b](memory/big.md)\n", "memory/big.md": big})
    r = run_audit(ws)
    assert [(f.kind, f.path, f.line) for f in r.findings] == [
        ("read_problem", "memory/big.md", None)]
    msg = r.findings[0].message
    assert msg == f"larger than 1024 KiB ({len(big.encode()):,} bytes); only the head was read"
    scan = r.scans["memory/big.md"]
    assert scan.memory.name == "big"
    assert len(scan.memory.text.encode()) <= MAX_READ_BYTES
    assert "\ufffd" not in scan.memory.text  # never cut a character in half
    assert r.file("memory/big.md").bytes == len(big.encode())  # type: ignore[union-attr]


def test_unreadable_file_fifo(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "w", {"MEMORY.md": "- [p](memory/pipe.md)\n"})
    (ws / "memory").mkdir()
    os.mkfifo(ws / "memory/pipe.md")
    r = run_audit(ws)  # must not block on the FIFO
    assert [(f.kind, f.path, f.message) for f in r.findings] == [
        ("read_problem", "memory/pipe.md", "not a regular file; not read")]


def test_a_fifo_is_no_memory_and_no_orphan(tmp_path: Path) -> None:
    """newuser26 #15: a FIFO named ``*.md`` that no index links was counted as a memory
    and an unreachable orphan, though it is never read (and ``add-to-index
    --all-unreachable`` skips it): only its read problem is reported."""
    ws = make_ws(tmp_path / "w", {"MEMORY.md": "- [a](memory/a.md)\n",
                                  "memory/a.md": memory("a")})
    os.mkfifo(ws / "memory/fifo.md")
    r = run_audit(ws)
    assert [(f.kind, f.path, f.message) for f in r.findings] == [
        ("read_problem", "memory/fifo.md", "not a regular file; not read")]
    assert [f.path for f in r.files] == ["memory/a.md"]
    assert r.orphans == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their mode")
def test_unreadable_file_permissions(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "w", {"MEMORY.md": "- [a](memory/a.md)\n",
                                  "memory/a.md": memory("a")})
    (ws / "memory/a.md").chmod(0)
    try:
        r = run_audit(ws)
    finally:
        (ws / "memory/a.md").chmod(0o644)
    assert [(f.kind, f.path) for f in r.findings] == [("read_problem", "memory/a.md")]
    assert r.findings[0].message.startswith("cannot be read (")


def test_directory_named_like_a_memory_is_a_folder(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "w", {"MEMORY.md": "- [x](memory/x.md)\n",
                                  "memory/x.md/inner.md": memory("inner")})
    r = run_audit(ws)
    assert list(r.scans) == ["memory/x.md/inner.md"]
    # the link names a folder, where the agent opens no memory: broken (newuser25 #7)
    assert [f.message for f in r.findings if f.kind == "broken_link"] == [
        "link to memory/x.md: a folder, not a file"]
    assert [o.path for o in r.orphans] == ["memory/x.md/inner.md"]


def test_symlink_out_of_workspace_is_not_followed(tmp_path: Path) -> None:
    outside = make_ws(tmp_path / "outside", {"secret.md": memory("s", "AKIAQ7XK2MB4VZJ6TR3N\n"),
                                             "dir/x.md": memory("x")})
    ws = make_ws(tmp_path / "w", {"MEMORY.md": "- [a](memory/a.md)\n",
                                  "memory/a.md": memory("a")})
    (ws / "memory/leak.md").symlink_to(outside / "secret.md")
    (ws / "memory/dir").symlink_to(outside / "dir")
    (ws / "memory/inside.md").symlink_to(ws / "memory/a.md")
    r = run_audit(ws)
    assert sorted(r.scans) == ["memory/a.md"]  # inside.md is a.md once (newuser25 #22)
    assert [(f.kind, f.path, f.message) for f in r.findings if f.kind == "read_problem"] == [
        ("read_problem", "memory/dir", "symlink leads outside the workspace, not followed"),
        ("read_problem", "memory/inside.md", "a symbolic link to memory/a.md, audited once "
         "as that file (an index links the file itself)"),
        ("read_problem", "memory/leak.md",
         "symlink leads outside the workspace, not followed"),
    ]
    assert found(r, "secret") == []


def test_index_symlink_out_of_workspace(tmp_path: Path) -> None:
    outside = make_ws(tmp_path / "outside", {"MEMORY.md": "- [a](memory/a.md)\n"})
    ws = make_ws(tmp_path / "w", {"memory/a.md": memory("a")})
    (ws / "MEMORY.md").symlink_to(outside / "MEMORY.md")
    r = run_audit(ws)
    assert r.index.exists is False
    assert [(f.kind, f.path, f.message) for f in r.findings if f.kind == "read_problem"] == [
        ("read_problem", "MEMORY.md",
         "MEMORY.md: symlink leads outside the workspace, not followed")]


def test_index_symlink_into_the_workspace_is_the_index_not_a_memory(tmp_path: Path) -> None:
    """newuser24 #36: MEMORY.md linking to memory/INDEX.md made INDEX.md a memory too: an
    orphan whose links, read from memory/, were 32 broken ones. The file is the index."""
    ws = make_ws(tmp_path / "w", {"memory/INDEX.md": "- [a](memory/a.md)\n",
                                  "memory/a.md": memory("a")})
    (ws / "MEMORY.md").symlink_to("memory/INDEX.md")
    r = run_audit(ws)
    assert r.index.exists and sorted(r.scans) == ["memory/a.md"]
    assert found(r, "broken_link") == [] and r.orphans == []


def test_index_that_is_a_folder(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "w", {"MEMORY.md/readme.txt": "x", "memory/a.md": memory("a")})
    r = run_audit(ws)
    assert r.index.exists is False
    assert r.block.tokens == {"qwen": 0, "cl100k": 0}
    assert [(f.kind, f.path, f.message) for f in r.findings] == [
        ("read_problem", "MEMORY.md", "MEMORY.md is not a regular file"),
        ("orphan", "memory/a.md", "not linked from the index; unreachable: never seen"),
    ]


def test_memory_that_is_a_file(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "w", {"MEMORY.md": "- [n](notes.md)\n", "memory": "not a folder",
                                  "notes.md": memory("notes")})
    r = run_audit(ws)
    assert r.workspace.layout == "flat"
    assert list(r.scans) == ["notes.md"]
    assert [(f.kind, f.path, f.message) for f in r.findings] == [
        ("read_problem", "memory", "'memory' is a file, not a folder")]


def test_symlink_loops(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "w", {"MEMORY.md": "- [a](memory/a.md)\n",
                                  "memory/a.md": memory("a")})
    (ws / "memory/self").symlink_to(ws / "memory")
    (ws / "memory/l1.md").symlink_to(ws / "memory/l2.md")
    (ws / "memory/l2.md").symlink_to(ws / "memory/l1.md")
    r = run_audit(ws)
    assert list(r.scans) == ["memory/a.md"]
    assert [(f.path, f.message) for f in r.findings] == [
        ("memory/l1.md", "symlink loop, not followed"),
        ("memory/l2.md", "symlink loop, not followed"),
        ("memory/self", "symlink loop, not followed"),
    ]


def test_ten_thousand_line_index(tmp_path: Path) -> None:
    lines = [f"- [m{i}](memory/m{i % 50}.md) — hook {i}" for i in range(10_000)]
    files: dict[str, str | bytes] = {"MEMORY.md": "\n".join(lines) + "\n"}
    files.update({f"memory/m{i}.md": memory(f"m{i}") for i in range(50)})
    ws = make_ws(tmp_path / "w", files)
    r = run_audit(ws)
    assert len(r.index.lines) == 10_000
    assert r.index.lines[-1].number == 10_000
    assert r.index.lines[-1].kind == "entry"
    # All 50 memories share one mtime and have no other date: one finding says their age
    # is unknown; the index itself is larger than the Qwen window (newuser24 #29), and
    # nothing else is found.
    assert [(f.kind, f.severity, len(f.files)) for f in r.findings] == [
        ("over_limit", "error", 0), ("unknown_age", "info", 50)]
    assert {f.age_source for f in r.files} == {"unknown"}
    assert len(r.index_linked) == 50
    rc = run_audit(ws, profile="claude-code")
    assert rc.loaded_lines == 200
    assert [f.message for f in rc.findings if f.kind == "beyond_load_limit"] == [
        "lines 201–10000 past the load limit (200 lines / 25,000 bytes): never loaded; "
        "9,800 memory links unseen"]


def test_link_targets_spaces_non_ascii_parentheses_percent(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "w", {
        "MEMORY.md": "- [s](<memory/a b.md>)\n"
                     "- [p](memory/c%20d.md)\n"
                     "- [n](memory/週報.md)\n"
                     "- [e](memory/%E9%80%B1%E5%A0%B1.md#part)\n"
                     "- [r](memory/recipe-(v2).md)\n"
                     "- [q](memory/q.md?x=1 \"title\")\n"
                     "- [web](https://example.com/x.md)\n",
        "memory/a b.md": memory("ab"),
        "memory/c d.md": memory("cd"),
        "memory/週報.md": memory("weekly"),
        "memory/recipe-(v2).md": memory("recipe"),
        "memory/q.md": memory("q"),
    })
    r = run_audit(ws)
    assert r.findings == []
    assert [ln.targets for ln in r.index.lines] == [
        ["memory/a b.md"], ["memory/c d.md"], ["memory/週報.md"], ["memory/週報.md"],
        ["memory/recipe-(v2).md"], ["memory/q.md"], []]
    assert r.index.lines[6].kind == "prose"


def test_dotdot_links_out_are_reported_never_read(tmp_path: Path) -> None:
    make_ws(tmp_path, {"outside.md": memory("out", "AKIAQ7XK2MB4VZJ6TR3N\n")})
    ws = make_ws(tmp_path / "w", {
        "MEMORY.md": "- [o](../outside.md)\n- [a](memory/a.md)\n",
        "memory/a.md": memory("a", "[up](../../outside.md) [fine](../memory/a.md)\n"),
    })
    r = run_audit(ws)
    assert r.broken_links == []  # it exists: an outside_link, looked at and never read
    assert found(r, "outside_link") == [("MEMORY.md", 1), ("memory/a.md", 7)]
    assert found(r, "secret") == []
    assert set(r.scans) == {"memory/a.md"}


def test_path_errors_are_one_line(tmp_path: Path) -> None:
    with pytest.raises(WorkspaceError, match=r"no such file or folder$"):
        open_workspace(tmp_path / "missing")
    (tmp_path / "notes.txt").write_text("x")
    with pytest.raises(WorkspaceError, match=r"not a folder, a MEMORY.md or a file an agent "
                       r"loads every session \(GEMINI.md, memory_summary.md, USER.md, or an "
                       r"OpenClaw bootstrap file: AGENTS.md, SOUL.md, TOOLS.md, IDENTITY.md, "
                       r"HEARTBEAT.md, BOOTSTRAP.md, memory.md\)$"):
        open_workspace(tmp_path / "notes.txt")


def test_the_file_an_agent_loads_opens_its_folder(tmp_path: Path) -> None:
    """newuser32 #44: PATH may be MEMORY.md, and so the file another agent loads every
    session (GEMINI.md, Codex's memory_summary.md, Hermes' USER.md): its folder opens."""
    for name in ("GEMINI.md", "memory_summary.md", "USER.md"):
        folder = tmp_path / name.split(".")[0]
        folder.mkdir()
        (folder / name).write_text("x\n", encoding="utf-8")
        assert open_workspace(folder / name).root == folder.resolve()


def test_index_parser_kinds() -> None:
    idx = parse_index("# Title\n\n- [a](memory/a.md) — hook a\n"
                      "- Cold: [b](memory/b.md) · [c](memory/c.md)\n- just prose\n"
                      "- [[wiki]] — a wikilink entry\n")
    assert [(ln.number, ln.kind) for ln in idx.lines] == [
        (1, "heading"), (2, "blank"), (3, "entry"), (4, "packed"), (5, "prose"), (6, "entry")]
    assert (idx.lines[2].title, idx.lines[2].hook) == ("a", "hook a")
    assert idx.lines[3].title == "Cold"
    assert (idx.lines[5].title, idx.lines[5].hook) == ("wiki", "a wikilink entry")


def test_a_link_to_a_folder_is_no_loop(tmp_path: Path) -> None:
    """newuser29 #36: ``memory/subalias -> sub`` was "symlink loop, not followed": it is a
    second path to a folder audited by its own, said so; the real folder is the one walked
    (its memory keeps its own path), whichever the folder listing gives first."""
    ws = make_ws(tmp_path / "w", {"MEMORY.md": "- [a](memory/a.md)\n",
                                  "memory/a.md": memory("a"), "memory/sub/deep.md": memory("deep")})
    for alias in ("subalias", "aaa-alias"):  # after and before "sub" by name
        (ws / "memory" / alias).symlink_to(ws / "memory" / "sub")
    r = run_audit(ws)
    assert "memory/sub/deep.md" in r.scans and not any("alias/" in p for p in r.scans)
    assert sorted((f.path, f.message) for f in r.findings if f.kind == "read_problem") == [
        ("memory/aaa-alias", "a link to the folder memory/sub (audited there), not followed"),
        ("memory/subalias", "a link to the folder memory/sub (audited there), not followed"),
    ]
