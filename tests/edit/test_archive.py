"""newuser30 #18: past the load limit the only index-shrinking action was fold, which keeps
every hook, and the refusal of ``A`` said "move its line up" with no way to. ``archive``
moves memories into the ``_archive/`` folder beside them (left out of the audit and of the
index) and drops their index lines, as one undoable operation (``memtui fix archive``, the
app's ``v``); the refusal names it."""

from __future__ import annotations

import json
from pathlib import Path

from memtui.demo import demo_copy
from memtui.tui.app import open_app
from memtui.tui.dialogs.confirm import ConfirmScreen
from tests.edit.conftest import cli, tree, write_tree
from tests.tui.conftest import wait_for
from tests.tui.test_app import started
from tests.tui.test_keys_dialogs import dialog, to_row

FRONT = "---\nname: {0}\ndescription: note {0}\ntype: project\n---\n\n{1}\n"


def folder(tmp_path: Path) -> Path:
    root = tmp_path / "memory"
    write_tree(root, {
        "MEMORY.md": "# Index\n- [m1](m1.md) — note 1\n- [m2](m2.md) — note 2\n"
                     "- [m3](m3.md) — note 3\n",
        "m1.md": FRONT.format("m1", "Old release notes."),
        "m2.md": FRONT.format("m2", "See [m3](m3.md)."),
        "m3.md": FRONT.format("m3", "The 2024 rota.")})
    return root


def test_archive_moves_the_memories_and_drops_their_lines_undoably(tmp_path: Path) -> None:
    ws = folder(tmp_path)
    before = tree(ws)
    done = cli("fix", "archive", ws, "m1", "m3")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0].startswith(
        "archived m1.md to _archive/m1.md, m3.md to _archive/m3.md; removed 2 index lines")
    # the link it leaves leading into the archive is listed (newuser33 #27)
    assert done.stdout.splitlines()[1:] == [
        "  m2.md:7: link to m3.md now leads into the archive (_archive/m3.md): not audited, "
        "not in the index (repoint or unlink it)"]
    assert (ws / "MEMORY.md").read_text() == "# Index\n- [m2](m2.md) — note 2\n"
    assert (ws / "_archive" / "m3.md").read_text() == FRONT.format("m3", "The 2024 rota.")
    assert not (ws / "m1.md").exists()
    assert "See [m3](_archive/m3.md)." in (ws / "m2.md").read_text()  # the link follows
    assert json.loads(cli("audit", ws, "--json").stdout)["broken_links"] == []
    undone = cli("undo", ws)
    assert undone.returncode == 0, undone.stderr
    assert tree(ws) == before


def test_an_archived_memory_is_not_archived_again(tmp_path: Path) -> None:
    ws = folder(tmp_path)
    assert cli("fix", "archive", ws, "m1").returncode == 0
    again = cli("fix", "archive", ws, "_archive/m1.md")
    assert again.returncode != 0
    assert "nothing was written" in again.stderr


async def test_v_archives_the_selected_memory(tmp_path: Path) -> None:
    ws = demo_copy(tmp_path)
    rel = "memory/yield-source.md"
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await to_row(pilot, app, "2", "#files-view", rel)
        await pilot.press("v")
        screen = await dialog(pilot, app, ConfirmScreen)
        assert "will move memory/yield-source.md to memory/_archive/yield-source.md" in \
            " ".join(screen.lines)
        await pilot.press("enter")
        await wait_for(pilot, lambda: (ws / "memory/_archive/yield-source.md").exists())
    assert not (ws / rel).exists()
    assert "yield-source.md)" not in (ws / "MEMORY.md").read_text()
