"""``fix new`` follows the folder's own format: ``type:`` at the top level when its
memories put it there, a title without the type prefix, the entry under the matching
section of the index."""

from __future__ import annotations

from pathlib import Path

from tests.edit.conftest import cli, write_tree


def memory(name: str, type_: str) -> str:
    return f"---\nname: {name}\ndescription: about {name}\ntype: {type_}\n---\nBody.\n"


CLAUDE = {
    "MEMORY.md": "# Memory\n\n## User\n- [Role](user_role.md) — the role\n\n"
                 "## Feedback\n- [Terse](feedback_terse.md) — be terse\n\n"
                 "## Project\n- [Launch](project_launch.md) — launch date\n",
    "user_role.md": memory("user_role", "user"),
    "feedback_terse.md": memory("feedback_terse", "feedback"),
    "project_launch.md": memory("project_launch", "project"),
}


def test_fix_new_follows_a_top_level_type_folder(tmp_path: Path) -> None:
    ws = write_tree(tmp_path / "ws", CLAUDE)
    done = cli("fix", "new", ws, "feedback_keep_changelog", "--type", "feedback",
               "--description", "keep the changelog current", "--index")
    assert done.returncode == 0, done.stderr
    text = (ws / "feedback_keep_changelog.md").read_text()
    assert "\ntype: feedback\n" in text and "metadata:" not in text
    lines = (ws / "MEMORY.md").read_text().splitlines()
    entry = ("- [Keep changelog](feedback_keep_changelog.md) — keep the changelog current")
    assert entry in lines
    at = lines.index(entry)
    assert lines[at - 1].startswith("- [Terse]")  # under ## Feedback, not at the end
    assert lines.index("## Project") > at


def test_fix_new_keeps_metadata_where_the_folder_uses_it(tmp_path: Path) -> None:
    nested = {"MEMORY.md": "# Memory\n- [A](a.md) — a\n",
              "a.md": "---\nname: a\ndescription: a\nmetadata:\n  type: user\n---\nA.\n"}
    ws = write_tree(tmp_path / "ws", nested)
    assert cli("fix", "new", ws, "b", "--type", "user").returncode == 0
    assert "metadata:\n  type: user\n" in (ws / "b.md").read_text()
