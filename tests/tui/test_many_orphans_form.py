"""``A`` with hundreds of unreachable memories opens its form without redoing the whole
form's work for every field (newuser22 #44: 667 orphans took ~3 minutes of an idle-looking
app). Each field posted a change when mounted, and each change rebuilt the preview and the
load-limit check from every field, found by a DOM query: n fields × n queries. The work is
counted here, not timed."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.tui.app import open_app
from memtui.tui.dialogs.add_to_index import MANY, AddToIndexScreen
from tests.core.helpers import memory
from tests.tui.conftest import wait_for
from tests.tui.test_app import started

N = MANY  # the largest form of fields (above: one confirmation, test_many_orphans_confirm)


def workspace(root: Path) -> Path:
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("- [A](memory/a.md) — about a\n", encoding="utf-8")
    (root / "memory/a.md").write_text(memory("a"), encoding="utf-8")
    for i in range(N):
        (root / f"memory/lost-{i:03}.md").write_text(memory(f"lost-{i:03}"), encoding="utf-8")
    return root


async def test_A_with_hundreds_of_orphans_builds_its_preview_a_few_times(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    built = []
    preview = AddToIndexScreen.preview

    def counted(self: AddToIndexScreen) -> str:
        built.append(self.is_mounted)
        return preview(self)

    monkeypatch.setattr(AddToIndexScreen, "preview", counted)
    app = open_app(workspace(tmp_path / "ws"), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await pilot.press("A")
        await wait_for(pilot, lambda: isinstance(app.screen, AddToIndexScreen), 60)
        screen = app.screen
        assert isinstance(screen, AddToIndexScreen)
        await pilot.pause(0.5)
        await pilot.wait_for_scheduled_animations()
        assert len(screen.drafts) == N
        # the preview is built a few times, not once per field (2 × N fields)
        assert len(built) <= 6, len(built)
        assert f"memory/lost-{N - 1:03}.md" in str(screen.query_one("#entry-lines").content)
        # editing one field still updates the preview
        first = screen.query_one("#title-0")
        first.focus()
        await pilot.press("end", "X")
        await pilot.pause(0.3)
        assert "Lost 000X" in str(screen.query_one("#entry-lines").content) or \
            "X](memory/lost-000.md)" in str(screen.query_one("#entry-lines").content)
