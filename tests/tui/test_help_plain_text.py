"""newuser30 #10: the help (?) said "… with ask-before = ["delete", "write"] under  in
.memtui.toml" — its rows were Rich markup, which took ``[agent]`` for a style tag — and
ended the Esc and / rows with the bare labels of the Block view's and the preview's own
bindings ("…, else the filter; Close search", "…; Search")."""

from __future__ import annotations

from pathlib import Path

from memtui.core.workspace import open_workspace
from memtui.tui.app import MemtuiApp

from .test_app import started
from .test_help_keys import help_text


async def test_the_help_shows_its_text_as_written(workspace: Path) -> None:
    app = MemtuiApp(open_workspace(workspace), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause(0.2)
        text = " ".join(help_text(app).split())
        assert 'ask-before = ["delete", "write"] under [agent] in .memtui.toml' in text
        assert "Close search" not in text
        assert "; Search" not in text
        # said in words short enough that each row stays one line (test_offered_keys)
        assert "in the Block view: search it" in text
        assert "in a search: close it" in text
