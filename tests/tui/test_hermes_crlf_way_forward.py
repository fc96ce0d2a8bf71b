"""newuser34 #18: ``d`` on a Hermes store with ``\\r\\n`` line ends was refused ("MEMORY.md
has \\r line ends, which Hermes folds to \\n: memtui edits only a store it can keep byte for
byte; nothing was written") with no way forward named; the audit had reported the repeat
and this was the only fix offered. The refusal now says what to do, and writes nothing."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from tests.core.helpers import make_ws
from tests.edit.conftest import tree
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch


async def test_d_on_a_crlf_store_names_the_way_forward(tmp_path: Path) -> None:
    folder = tmp_path / ".hermes" / "memories"
    make_ws(folder, {"MEMORY.md": "alpha one\r\n§\r\nbeta two\r\n§\r\nalpha one",
                     "USER.md": "Prefers short answers.\n"})
    before = tree(folder)
    app = open_app(folder, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        await pilot.press("d")
        await wait_for(pilot, lambda: "line ends" in app.notice)
        assert app.notice == (
            "MEMORY.md has \\r line ends, which Hermes folds to \\n: memtui edits only a store "
            "it can keep byte for byte; nothing was written (convert MEMORY.md to \\n line "
            "ends — dos2unix MEMORY.md, or your editor's LF setting — then try again)"), \
            app.notice
    assert tree(folder) == before
