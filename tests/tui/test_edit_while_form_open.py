"""An outside edit of MEMORY.md made while the add-to-index form is open is refused at
the write, as docs/curate.md says ("If it changed, nothing is written and you are told"),
not merged into a file the form never showed (newuser22 #42)."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.dialogs.add_to_index import AddToIndexScreen
from tests.core.helpers import memory
from tests.tui.conftest import wait_for
from tests.tui.test_app import started

INDEX = "- [A](memory/a.md) — about a\n"
OUTSIDE = "- [Z](memory/z.md) — z\n"


async def test_an_outside_edit_while_the_form_is_open_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text(INDEX, encoding="utf-8")
    (root / "memory/a.md").write_text(memory("a"), encoding="utf-8")
    (root / "memory/lost.md").write_text(memory("lost"), encoding="utf-8")
    app = open_app(root, watch=False)
    said: list[str] = []
    set_notice = app.set_notice

    def notice(text: str, error: bool = False) -> None:
        said.append(text)
        set_notice(text, error)

    app.set_notice = notice  # type: ignore[method-assign]
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await pilot.press("A")
        await wait_for(pilot, lambda: isinstance(app.screen, AddToIndexScreen))
        with (root / "MEMORY.md").open("a", encoding="utf-8") as f:
            f.write(OUTSIDE)
        said.clear()
        await pilot.click("#confirm")
        await wait_for(pilot, lambda: not isinstance(app.screen, AddToIndexScreen))
        await wait_for(pilot, lambda: bool(said))
    assert (root / "MEMORY.md").read_text(encoding="utf-8") == INDEX + OUTSIDE
    assert said[0].startswith("MEMORY.md changed on disk since memtui read it; nothing was "
                              "written"), said
