"""newuser33 #12: under the hermes profile the one repair, ``d`` (remove a repeated entry),
was in no footer of the Findings view, no ``?`` help and no command palette entry (typing
"dupl" found nothing); and after a write refused before it was journaled (Hermes' lock
held), which leaves an empty journal folder, the footer offered ``u Undo`` and ``u`` said
"every journaled operation is undone already" where nothing was ever journaled."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from textual.widgets import Static

from memtui.tui.app import open_app
from memtui.tui.dialogs.help import HelpScreen
from memtui.tui.widgets.fitting_footer import FittingFooter
from tests.core.helpers import make_ws
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch


def hermes(tmp_path: Path) -> Path:
    folder = tmp_path / ".hermes" / "memories"
    make_ws(folder, {"MEMORY.md": "A fact.\n§\nB fact.\n§\nA fact.\n",
                     "USER.md": "Prefers short answers.\n"})
    (folder / ".memtui" / "journal").mkdir(parents=True)  # what a refused write leaves
    return folder


async def test_d_is_offered_in_the_findings_view_help_and_palette(tmp_path: Path) -> None:
    folder = hermes(tmp_path)
    app = open_app(folder, watch=False)
    async with app.run_test(size=(200, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "6")
        footer = app.query_one(FittingFooter)
        await wait_for(pilot, lambda: any(k.action.endswith("delete") for k in footer.shown))
        said = {k.action.removeprefix("app."): k.description for k in footer.shown}
        assert said["delete"] == "Remove repeats"
        assert "undo" not in said  # nothing journaled: u could only say so
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert any(t.startswith("Remove repeated entries") for t in titles), titles
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        console = Console(width=200, record=True)
        console.print(app.screen.query_one(Static).content)
        text = " ".join(console.export_text().split())
        assert "remove the entries MEMORY.md and USER.md repeat exactly" in text
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, HelpScreen))
        await pilot.press("u")
        await wait_for(pilot, lambda: "journaled" in app.notice)
        assert app.notice == ("nothing to undo: no operation has been journaled in this "
                              "workspace")
