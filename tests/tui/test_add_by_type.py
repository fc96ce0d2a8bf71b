"""newuser27 #3: ``A`` on orphans of several types put every entry in one place, "at the
end of MEMORY.md", which was under the index's last section ("## References") — project
memories under References — while ``a`` on one of them proposed its type's section. Each
entry now goes under its own type's section (when the index has one), in the app and the
CLI alike."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select

from memtui.cli import main
from memtui.edit.index_ops import BY_TYPE
from memtui.tui.app import open_app
from memtui.tui.dialogs.add_to_index import AddToIndexScreen
from tests.tui.conftest import wait_for
from tests.tui.test_app import started
from tests.tui.test_keys_dialogs import dialog, to_row

INDEX = ("# Memory\n\n## Feedback\n- [Tabs](feedback_tabs.md) — tabs\n\n"
         "## Project Memories\n- [Purpose](project_purpose.md) — purpose\n\n"
         "## References\n- [Docs](reference_docs.md) — docs\n")


def folder(tmp_path: Path) -> Path:
    root = tmp_path / "memory"
    root.mkdir()
    for name, type_ in (("feedback_tabs", "feedback"), ("project_purpose", "project"),
                        ("reference_docs", "reference"), ("project_new_a", "project"),
                        ("project_new_b", "project"), ("reference_new_c", "reference")):
        (root / f"{name}.md").write_text(
            f"---\nname: {name}\ndescription: the {name} memory\ntype: {type_}\n---\nx\n")
    (root / "MEMORY.md").write_text(INDEX)
    return root


def sections(root: Path) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    head = ""
    for line in (root / "MEMORY.md").read_text().splitlines():
        if line.startswith("## "):
            head = line[3:]
        elif line.startswith("- ["):
            out.setdefault(head, []).append(line.split("](")[1].split(")")[0])
    return out


EXPECTED = {"Feedback": ["feedback_tabs.md"],
            "Project Memories": ["project_purpose.md", "project_new_a.md", "project_new_b.md"],
            "References": ["reference_docs.md", "reference_new_c.md"]}


async def test_A_puts_each_entry_under_its_types_section(tmp_path: Path) -> None:
    root = folder(tmp_path)
    app = open_app(root, watch=False)
    async with app.run_test(size=(140, 45)) as pilot:
        await started(pilot, app)
        await to_row(pilot, app, "3", "#orphans-view", "project_new_a.md")
        await pilot.press("A")
        screen = await dialog(pilot, app, AddToIndexScreen)
        assert screen.query_one("#under", Select).value == BY_TYPE
        screen.query_one("#title-0").focus()
        audits = app.audits
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.audits > audits and len(app.screen_stack) == 1)
    assert sections(root) == EXPECTED


def test_the_cli_puts_each_entry_under_its_types_section(tmp_path: Path) -> None:
    root = folder(tmp_path)
    assert main(["fix", "add-to-index", str(root), "--all-unreachable"]) == 0
    assert sections(root) == EXPECTED
