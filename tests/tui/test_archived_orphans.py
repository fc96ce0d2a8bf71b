"""``A`` (index every unreachable memory) leaves archived ones out and says so (issue 32
§23): a workspace that audits its archive folders (``include-archives = true``) put those
memories away on purpose; ``a`` on one still indexes it, its dialog saying it is archived."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Label

from memtui.tui.app import open_app
from memtui.tui.dialogs.add_to_index import AddToIndexScreen
from memtui.tui.widgets.audit_table import AuditTable
from tests.core.helpers import memory
from tests.tui.conftest import wait_for
from tests.tui.test_acting_on_selection import messages
from tests.tui.test_app import keys, started, switch


def workspace(root: Path, lost: bool = True) -> Path:
    (root / "memory" / "archive").mkdir(parents=True)
    (root / ".memtui.toml").write_text("include-archives = true\n", encoding="utf-8")
    (root / "MEMORY.md").write_text("- [A](memory/a.md) — about a\n", encoding="utf-8")
    (root / "memory/a.md").write_text(memory("a"), encoding="utf-8")
    if lost:
        (root / "memory/lost.md").write_text(memory("lost"), encoding="utf-8")
    for name in ("old-plan", "old-vendor"):
        (root / f"memory/archive/{name}.md").write_text(memory(name), encoding="utf-8")
    return root


async def test_A_leaves_archived_memories_out_and_says_so(tmp_path: Path) -> None:
    app = open_app(workspace(tmp_path / "ws"), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        assert app.result is not None
        assert {o.path for o in app.result.orphans if not o.reachable} == {
            "memory/lost.md", "memory/archive/old-plan.md", "memory/archive/old-vendor.md"}
        await pilot.press("A")
        await wait_for(pilot, lambda: isinstance(app.screen, AddToIndexScreen))
        screen = app.screen
        assert isinstance(screen, AddToIndexScreen)
        assert [rel for rel, _, _ in screen.drafts] == ["memory/lost.md"]
        assert messages(app)[-1] == ("left out 2 archived memories (in memory/archive/): "
                                     "select one and press a to index it")


async def test_A_with_only_archived_memories_opens_nothing(tmp_path: Path) -> None:
    app = open_app(workspace(tmp_path / "ws", lost=False), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await pilot.press("A")
        await pilot.pause(0.3)
        assert not isinstance(app.screen, AddToIndexScreen)
        assert messages(app)[-1] == (
            "no unreachable memory to index; left out 2 archived memories (in "
            "memory/archive/): select one and press a to index it")


async def test_a_on_an_archived_memory_says_it_is_archived(tmp_path: Path) -> None:
    app = open_app(workspace(tmp_path / "ws"), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "3")
        view = app.query_one("#orphans-view", AuditTable)
        await wait_for(pilot, lambda: "memory/archive/old-plan.md" in keys(view))
        view.table.move_cursor(row=keys(view).index("memory/archive/old-plan.md"))
        await pilot.press("a")
        await wait_for(pilot, lambda: isinstance(app.screen, AddToIndexScreen))
        label = app.screen.query(Label).filter(".file").first()
        assert str(label.content) == ("memory/archive/old-plan.md  (archived: indexing brings "
                                      "it back into the agent's context)")
