"""``memtui history`` after a bulk operation (newuser35 #23: one archive of 1,199 memories
was 1,210 lines of history): a record of many files says how many, by kind of change, in
one line; ``--verbose`` lists them; ``--limit N`` shows the newest N records."""

from __future__ import annotations

from pathlib import Path

from tests.edit.conftest import cli, write_tree

FRONT = "---\nname: {0}\ndescription: note {0}\ntype: project\n---\n\n{1}\n"


def test_a_bulk_archive_is_one_record_line_and_a_count(tmp_path: Path) -> None:
    ws = tmp_path / "memory"
    files = {f"c{i}.md": FRONT.format(f"c{i}", f"Cold note {i}.") for i in range(14)}
    files["MEMORY.md"] = "# Index\n" + "".join(f"- [C{i}](c{i}.md) — note {i}\n"
                                               for i in range(14))
    write_tree(ws, files)
    assert cli("fix", "archive", ws, *(f"c{i}" for i in range(12))).returncode == 0
    assert cli("fix", "archive", ws, "c12").returncode == 0
    lines = cli("history", ws).stdout.splitlines()
    assert len(lines) == 5, lines
    assert lines[3].startswith("#1 ") and "archived 12 memories into _archive/; removed 12 " \
        "index lines" in lines[3]
    assert lines[4] == "    R 12 files → _archive/, M 1 file (--verbose lists them)"
    verbose = cli("history", ws, "--verbose").stdout.splitlines()
    assert [ln for ln in verbose if ln.startswith("    R ")][-12:] == \
        [f"    R c{i}.md → _archive/c{i}.md" for i in range(12)]
    newest = cli("history", ws, "--limit", "1").stdout.splitlines()
    assert newest[0].startswith("#2 ") and "c12.md" in newest[0]
    assert newest[-1] == "… 1 older record (without --limit: all)"


def test_where_entries_go_names_the_packed_lines_they_stop_at(tmp_path: Path) -> None:
    """newuser35 #24: "after the last entry (line 3)" when entries came after the packed
    line: the new one goes after the last entry before it."""
    from memtui.core.workspace import open_workspace
    from memtui.edit.index_ops import where_entries_go
    from memtui.edit.snapshot import Snapshot

    ws = tmp_path / "memory"
    files = {f"c{i}.md": FRONT.format(f"c{i}", f"Note {i}.") for i in range(6)}
    files["MEMORY.md"] = ("# Index\n- [C0](c0.md) — hot\n- [C1](c1.md) — hot\n"
                          "- Cold: [2](c2.md) · [3](c3.md)\n## Recent\n- [C4](c4.md) — new\n")
    write_tree(ws, files)
    assert where_entries_go(Snapshot.read(open_workspace(ws))) == \
        "after the last entry before the packed lines (line 3 of MEMORY.md)"


def test_a_daily_log_entry_keeps_its_date(tmp_path: Path) -> None:
    """newuser35 #24: logs/2026-11-10.md drafted the title "2026 11 10"."""
    ws = tmp_path / "memory"
    write_tree(ws, {"MEMORY.md": "- [A](a.md) — a\n", "a.md": FRONT.format("a", "A."),
                    "logs/2026-11-10.md": "# 2026-11-10\n\n- deployed the runner\n"})
    dry = cli("fix", "add-to-index", ws, "logs/2026-11-10.md", "--dry-run")
    assert "+- [2026-11-10](logs/2026-11-10.md)" in dry.stdout.splitlines()
