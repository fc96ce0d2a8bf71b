"""newuser39 #3: with an agent writing MEMORY.md, ``u`` never undid an index operation
("MEMORY.md changed since"), though memtui's own line was still there byte for byte. It
takes back the operation's own lines now, showing the diff it makes before it does."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.dialogs.add_to_index import AddToIndexScreen
from memtui.tui.dialogs.confirm import ConfirmScreen
from tests.tui.conftest import wait_for
from tests.tui.test_acting_on_selection import dialog
from tests.tui.test_app import started
from tests.tui.test_keys_dialogs import to_row


async def test_u_takes_back_its_own_index_line_the_agent_s_edits_kept(workspace: Path) -> None:
    index = workspace / "MEMORY.md"
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await to_row(pilot, app, "3", "#orphans-view", "memory/lonely.md")
        await pilot.press("a")
        await dialog(pilot, app, AddToIndexScreen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.notice.endswith("(u to undo #1)"))
        ours = [ln for ln in index.read_text().splitlines() if "lonely.md" in ln]
        assert len(ours) == 1
        # the agent inserts a line near the top and edits another one since
        lines = index.read_text().splitlines(keepends=True)
        agent = [lines[0], "- [Agent](memory/agent.md) — the agent's own line\n", *lines[1:]]
        agent = [ln.replace("line-a", "line-a (agent edit)") if "line-a.md" in ln else ln
                 for ln in agent]
        index.write_text("".join(agent))
        expected = "".join(ln for ln in agent if ln.rstrip("\n") != ours[0])
        await pilot.press("u")
        screen = await dialog(pilot, app, ConfirmScreen)
        body = [ln for ln in screen.diff.splitlines()[2:] if ln[:1] in "+-"]
        assert body == ["-" + ours[0]]  # its own line goes, nothing else changes
        await pilot.press("tab", "enter")  # (Cancel has the focus: a danger dialog)
        await wait_for(pilot, lambda: app.notice.startswith("undid #1 add-to-index"))
        assert index.read_text() == expected
