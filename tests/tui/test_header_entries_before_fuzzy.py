"""newuser39 #8: at 120 columns the header's count line dropped "2 fuzzy" and kept "index 220
entries", against docs/app.md's order (the counts of nothing first, then the index's entry
count, so a count of something after it stays). The entry count gives way first."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from tests.tui.test_app import started
from tests.tui.test_widths import screen_text


def folder(root: Path) -> Path:
    (root / "memory").mkdir(parents=True)
    lines = ["# Memory"]
    for i in range(40):
        body = "See [[no-such-note]] and [[Other_Note]].\n" if i == 0 else f"Fact {i}.\n"
        (root / "memory" / f"note-{i:02}.md").write_text(
            f"---\nname: note-{i:02}\ndescription: fact {i}\ntype: user\n---\n{body}",
            encoding="utf-8")
        if i < 30:
            lines.append(f"- [Note {i}](memory/note-{i:02}.md) — fact {i}")
    (root / "memory" / "other-note.md").write_text(
        "---\nname: other-note\ndescription: other\ntype: user\n---\nOther.\n", encoding="utf-8")
    lines += [f"- [Gone {i}](memory/gone-{i}.md) — gone" for i in range(3)]
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


async def test_the_entry_count_gives_way_before_the_fuzzy_count(tmp_path: Path) -> None:
    root = folder(tmp_path / "ws")
    app = open_app(root, watch=False)
    async with app.run_test(size=(200, 40)) as pilot:
        await started(pilot, app)
        whole = screen_text(app).splitlines()[1].strip()
        assert "index 33 entries" in whole and "1 fuzzy [[ ]]" in whole, whole
    # a width where the line does not fit, and fits without the entry count
    width = len(whole)
    app = open_app(root, watch=False)
    async with app.run_test(size=(width, 40)) as pilot:
        await started(pilot, app)
        counts = screen_text(app).splitlines()[1].strip()
        assert "1 fuzzy [[ ]]" in counts, counts
        assert "index 33 entries" not in counts, counts
