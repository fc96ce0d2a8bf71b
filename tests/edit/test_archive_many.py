"""``memtui fix archive`` of many memories (newuser35 #4, #5): one summary line instead of
every move in one line (1,199 named in 73 KB), the moves one per line with ``--verbose``;
the index count says lines and links when packed lines held several links each ("removed
1,199 index lines" for 200 lines); links from the memories kept follow the moved ones."""

from __future__ import annotations

from pathlib import Path

from tests.edit.conftest import cli, tree, write_tree

FRONT = "---\nname: {0}\ndescription: note {0}\ntype: project\n---\n\n{1}\n"


def folder(tmp_path: Path) -> Path:
    root = tmp_path / "memory"
    files = {f"c{i}.md": FRONT.format(f"c{i}", f"Cold note {i}.") for i in range(12)}
    packed = ["- Cold: " + " · ".join(f"[{i}](c{i}.md)" for i in range(k, k + 6))
              for k in (0, 6)]
    files["MEMORY.md"] = "# Index\n- [Hot](hot.md) — the live one\n" + "\n".join(packed) + "\n"
    files["hot.md"] = FRONT.format("hot", "See [c3](c3.md) and [c11](c11.md).")
    write_tree(root, files)
    return root


def test_archiving_packed_lines_says_one_line_of_lines_and_links(tmp_path: Path) -> None:
    ws = folder(tmp_path)
    dry = cli("fix", "archive", ws, *(f"c{i}" for i in range(12)), "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert "dry run, nothing written: will move 12 memories into _archive/; will remove " \
        "2 index lines (12 links)" in dry.stdout
    assert max(map(len, dry.stdout.splitlines())) < 200
    before = tree(ws)
    done = cli("fix", "archive", ws, *(f"c{i}" for i in range(12)), "--verbose")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("archived 12 memories into _archive/; removed 2 index lines "
                               "(12 links) [#1; undo:")
    assert lines[1:13] == [f"  c{i}.md -> _archive/c{i}.md" for i in range(12)]
    assert (ws / "MEMORY.md").read_text() == "# Index\n- [Hot](hot.md) — the live one\n"
    assert "[c3](_archive/c3.md) and [c11](_archive/c11.md)" in (ws / "hot.md").read_text()
    assert sorted(p.name for p in (ws / "_archive").iterdir()) == \
        sorted(f"c{i}.md" for i in range(12))
    assert cli("undo", ws).returncode == 0
    assert tree(ws) == before


def test_links_removed_from_a_line_kept_are_counted_as_links(tmp_path: Path) -> None:
    ws = folder(tmp_path)
    done = cli("fix", "archive", ws, "c0", "c1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("archived c0.md to _archive/c0.md, c1.md to _archive/c1.md; "
                                  "removed 2 index links (no whole line) [#1;")


def test_renaming_only_the_name_says_so(tmp_path: Path) -> None:
    """newuser35 #17: "renamed x.md to x.md (name 'x')" when only ``name:`` changed."""
    ws = tmp_path / "memory"
    write_tree(ws, {"MEMORY.md": "- [V](project_vas_0501.md) — v\n",
                    "project_vas_0501.md": FRONT.format("project-tutu-0500", "Body.")})
    dry = cli("fix", "rename", ws, "project_vas_0501.md", "project-vas-0501", "--dry-run")
    assert dry.stdout.splitlines()[-1] == (
        "dry run, nothing written: will set project_vas_0501.md's name: project-vas-0501 "
        "(file name unchanged); links will be rewritten in 0 files")
    done = cli("fix", "rename", ws, "project_vas_0501.md", "project-vas-0501")
    assert done.stdout.startswith("set project_vas_0501.md's name: project-vas-0501 (file name "
                                  "unchanged); links rewritten in 0 files [#1;")
    assert "name: project-vas-0501\n" in (ws / "project_vas_0501.md").read_text()
