"""A memory's name and description are drafted into the `a` form's fields, the `R` form's
new name and MEMORY.md without their control characters (newuser23 #14, #16: an ESC [2J in
a name blanked the screen from the Title field, an OSC 52 in a description wrote the
clipboard from the Hook field, and ``fix add-to-index`` wrote both raw into MEMORY.md)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from textual.widgets import Input

from memtui.tui.app import open_app
from memtui.tui.dialogs.add_to_index import AddToIndexScreen
from memtui.tui.dialogs.choice import ChoiceScreen
from tests.tui.test_acting_on_selection import dialog
from tests.tui.test_app import started
from tests.tui.test_keys_dialogs import to_row

ROOT = Path(__file__).resolve().parents[2]
ESC = ('---\nname: "esc\\x1b[2J"\ndescription: "clears \\x1b]52;c;ZXZpbA==\\x07 screen"\n'
       "metadata:\n  type: user\n---\nbody\n")
CONTROLS = set(map(chr, [*range(0x20), *range(0x7F, 0xA0)]))


def _bad(workspace: Path) -> Path:
    (workspace / "memory" / "esc.md").write_text(ESC, encoding="utf-8")
    return workspace


async def test_the_add_and_rename_forms_hold_no_control_character(workspace: Path) -> None:
    app = open_app(_bad(workspace), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await to_row(pilot, app, "3", "#orphans-view", "memory/esc.md")
        await pilot.press("a")
        screen = await dialog(pilot, app, AddToIndexScreen)
        values = [w.value for w in screen.query(Input)]
        assert "esc(2J" in values[0].lower() or "esc[2j" in values[0].lower(), values
        assert any("clears ]52;c;ZXZpbA== screen" in v for v in values), values
        assert not CONTROLS & set("".join(values))
        await pilot.press("escape")
        await pilot.pause(0.2)
        await pilot.press("R")
        screen = await dialog(pilot, app, ChoiceScreen)
        value = screen.query_one("#value", Input).value
        # the file's name, its `name:` being a title (control characters shown, not kept):
        # a rename keeps such a name: and renames the file (fix28b, newuser27 #4 addendum)
        assert value == "esc" and not CONTROLS & set(value)


def test_fix_add_to_index_writes_no_control_character(workspace: Path) -> None:
    root = _bad(workspace)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MEMTUI_NO_CACHE": "1"}
    got = subprocess.run([sys.executable, "-m", "memtui", "fix", "add-to-index", str(root),
                          "memory/esc.md"], capture_output=True, text=True, env=env,
                         cwd=ROOT, timeout=120, check=False)
    assert got.returncode == 0, got.stderr
    index = (root / "MEMORY.md").read_text(encoding="utf-8")
    line = next(ln for ln in index.splitlines() if "memory/esc.md" in ln)
    assert line == "- [Esc(2J](memory/esc.md) — clears ]52;c;ZXZpbA== screen"
    assert not (CONTROLS - {"\n"}) & set(index)


def test_a_title_or_label_with_a_line_break_stays_one_line(tmp_path: Path) -> None:
    """newuser23 #46: ``--title $'two\\n## Injected heading'`` made two lines, neither a link
    (and "+1 entry", exit 0); ``fold --label`` with a break made the packed line a heading."""
    from memtui.demo import demo_copy

    root = demo_copy(tmp_path / "demo")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MEMTUI_NO_CACHE": "1"}

    def fix(*args: str) -> None:
        got = subprocess.run([sys.executable, "-m", "memtui", "fix", args[0], str(root),
                              *args[1:]], capture_output=True, text=True, env=env, cwd=ROOT,
                             timeout=120, check=False)
        assert got.returncode == 0, got.stderr

    before = (root / "MEMORY.md").read_text(encoding="utf-8").count("\n")
    fix("add-to-index", "scrap-log", "--title", "two\n## Injected heading")
    index = (root / "MEMORY.md").read_text(encoding="utf-8")
    assert index.count("\n") == before + 1 and "\n## Injected" not in index
    assert "- [two ## Injected heading](memory/scrap-log.md)" in index
    fix("fold", "memory/cpk-target.md", "legacy-export", "--label", "L\n# H")
    index = (root / "MEMORY.md").read_text(encoding="utf-8")
    assert "\n# H" not in index and "- L # H: [" in index
