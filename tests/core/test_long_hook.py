"""newuser30 #25: an index entry whose hook is stuffed with content (50,000 characters after
its link) is ``content_in_index``, as a long line without a link is; a usual hook is not."""

from __future__ import annotations

from pathlib import Path

from memtui.core.audit import audit

MEMORY = "---\nname: a\ndescription: a\nmetadata:\n  type: project\n---\nbody\n"


def test_a_hook_stuffed_with_content_is_content_in_the_index(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "a.md").write_text(MEMORY, encoding="utf-8")
    (tmp_path / "memory" / "b.md").write_text(MEMORY.replace("name: a", "name: b"),
                                              encoding="utf-8")
    (tmp_path / "MEMORY.md").write_text(
        "# Index\n- [A](memory/a.md) — " + "word " * 10_000 + "\n"
        "- [B](memory/b.md) — " + "a usual one-line hook of ninety-odd characters, " * 2 + "\n",
        encoding="utf-8")
    found = [(f.line, f.message) for f in audit(tmp_path).findings
             if f.kind == "content_in_index"]
    assert found == [(2, "49,999-character hook: memory content injected every turn; move "
                         "it into the memory file it links and keep a one-line hook")]
