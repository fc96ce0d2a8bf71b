"""``memtui fix add-to-index`` on a memory linked only past the load limit says why and
what helps, as the app does (issue 32 item 28, CLI side): it said a bare "already in the
index (line 201)"."""

from __future__ import annotations

from pathlib import Path

from tests.edit.conftest import cli, tree

FRONT = "---\nname: {0}\ndescription: fact {0}\ntype: project\n---\nFact.\n"


def big(tmp_path: Path) -> Path:
    """A Claude Code folder (flat: the 200-line limit) with 210 memories, one a line."""
    root = tmp_path / "big"
    root.mkdir()
    lines = []
    for i in range(1, 211):
        (root / f"fact_{i}.md").write_text(FRONT.format(f"fact_{i}"), encoding="utf-8")
        lines.append(f"- [Fact {i}](fact_{i}.md) — fact {i}")
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def test_a_memory_linked_past_the_limit_is_refused_saying_what_helps(tmp_path: Path) -> None:
    ws = big(tmp_path)
    before = tree(ws, include_state=True)
    done = cli("fix", "add-to-index", ws, "fact_201.md")
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (
        "memtui fix add-to-index: error: fact_201.md is already in MEMORY.md at line 201, "
        "past the load limit (200 lines loaded): adding it again would not load it; move "
        "its line up, or fold entries (memtui fix fold) to make room\n")
    assert tree(ws, include_state=True) == before


def test_a_memory_linked_within_the_limit_keeps_the_plain_refusal(tmp_path: Path) -> None:
    done = cli("fix", "add-to-index", big(tmp_path), "fact_3.md")
    assert (done.returncode, done.stderr) == (
        1, "memtui fix add-to-index: error: fact_3.md is already in the index (line 3)\n")
