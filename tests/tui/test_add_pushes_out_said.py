"""newuser31 #7: ``A`` on a Claude Code index at its load limit put 24 entries among the
loaded lines and pushed 24 loaded ones past the limit. The form named them only below its
24 drafted lines (row 59 of a 45-row screen: never seen) and the notice after the write said
"+24 entries". The form now says it above its fields, with the count, and the notice names
the memories that stopped loading."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from memtui.core.results import AuditOptions
from memtui.tui.app import open_app
from memtui.tui.dialogs.add_to_index import AddToIndexScreen
from tests.tui.conftest import wait_for
from tests.tui.test_acting_on_selection import messages
from tests.tui.test_app import started, switch
from tests.tui.test_keys_dialogs import dialog

FRONT = "---\nname: {0}\ndescription: note {0}\nmetadata:\n  type: project\n---\nBody.\n"


def at_the_limit(tmp_path: Path) -> Path:
    """MEMORY.md: a heading, a blank, 38 entries (lines 3-40, all loaded under a 40-line
    limit), 3 entries past it; 24 memories nothing links."""
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    lines = ["# Memory", ""]
    for name in [f"api-{i:03}" for i in range(38)] + [f"late-{i}" for i in range(3)]:
        (root / "memory" / f"{name}.md").write_text(FRONT.format(name), encoding="utf-8")
        lines.append(f"- [{name}](memory/{name}.md) — {name}")
    for i in range(24):
        (root / "memory" / f"new-{i:02}.md").write_text(FRONT.format(f"new-{i:02}"),
                                                       encoding="utf-8")
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


async def test_A_says_on_screen_and_after_which_loaded_lines_fall_out(tmp_path: Path) -> None:
    ws = at_the_limit(tmp_path)
    app = open_app(ws, options=AuditOptions(profile="claude-code", max_lines=40),
                   watch=False)
    async with app.run_test(size=(140, 45)) as pilot:
        await started(pilot, app)
        assert app.result.loaded_lines == 40
        await switch(pilot, app, "3")
        await pilot.press("A")
        screen = await dialog(pilot, app, AddToIndexScreen)
        past = screen.query_one("#past-limit", Static)
        await wait_for(pilot, lambda: past.display)
        text = str(past.render())
        assert "once added: 24 loaded lines, no longer loaded" in text, text
        assert past.region.y + 2 < app.size.height  # on the screen, not below the form
        # newuser33 #7: it trades loaded memories for new ones, so it asks as a danger:
        # it starts on Cancel, Enter in a field adds nothing, the button says so
        assert screen.danger and "24 loaded lines would fall past the load limit" in \
            screen.heading
        assert screen.focused is not None and screen.focused.id == "cancel"
        screen.query_one("#title-0").focus()
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert app.screen is screen
        screen.query_one("#confirm").focus()
        assert str(screen.query_one("#confirm").label) == "Add anyway"
        audits = app.audits
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.audits > audits and len(app.screen_stack) == 1)
        said = "\n".join(messages(app)) + "\n" + str(app.notice)
        assert "+24 entries" in said
        assert "no longer loaded: 24 lines (were MEMORY.md:17–40: memory/api-014.md, " in said, said
        assert "… and 21 more" in said
