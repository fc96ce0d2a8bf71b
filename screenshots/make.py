"""Make the README screenshots: the real app on a fresh copy of the demo workspace, driven
by Textual's Pilot, saved as SVG into this folder.

    python screenshots/make.py            # from the repository root

Rerunnable: the demo copy is stamped with fixed ages, the theme is fixed, the header shows
its folder as ~/demo/workspace, and the user's config and token cache are left alone (both
are pointed at a temporary folder).
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

WIDE = (160, 50)
COMMON = (120, 40)  # the width most terminals open at
NARROW = (80, 24)


async def wait_for(pilot: object, condition: Callable[[], object], timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit(f"screenshots: timed out waiting for {condition}")
        await pilot.pause(0.05)  # type: ignore[attr-defined]


async def settle(pilot: object) -> None:
    await pilot.pause(0.4)  # type: ignore[attr-defined]


async def show(pilot: object, app: object, key: str) -> None:
    await pilot.press(key)  # type: ignore[attr-defined]
    await wait_for(pilot, lambda: app.focused is not None  # type: ignore[attr-defined]
                   and app.active_view in app.focused.ancestors)  # type: ignore[attr-defined]
    await settle(pilot)


async def select(pilot: object, app: object, view_id: str, key: str) -> None:
    """Put the cursor of a table view on the row with ``key`` (the preview follows)."""
    from memtui.tui.audit_table import AuditTable
    from memtui.tui.preview import MemoryPreview

    view = app.query_one(view_id, AuditTable)  # type: ignore[attr-defined]
    index = [r.key for r in view.shown].index(key)
    view.table.move_cursor(row=index)
    preview = app.query_one(MemoryPreview)  # type: ignore[attr-defined]
    await wait_for(pilot, lambda: preview.path == view.shown[index].path)
    await settle(pilot)


async def wide(workspace: Path, out: Path) -> list[str]:
    from memtui.tui.app import open_app

    saved: list[str] = []
    app = open_app(workspace, watch=False, theme="memtui-night")
    async with app.run_test(size=WIDE) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready)
        await settle(pilot)

        def save(name: str) -> None:
            app.save_screenshot(f"{name}.svg", path=str(out))
            saved.append(f"{name}.svg")

        await select(pilot, app, "#index-view", "L3")
        save("index")
        await show(pilot, app, "2")
        await select(pilot, app, "#files-view", "memory/etch-chamber-b-drift.md")
        save("files-preview")
        await select(pilot, app, "#files-view", "memory/recipe-v2-(draft).md")
        save("preview-fuzzy-wikilink")
        await show(pilot, app, "3")
        save("orphans")
        await show(pilot, app, "4")
        save("broken-links")
        await show(pilot, app, "5")
        from textual.widgets import Tree

        tree = app.query_one("#graph-view Tree", Tree)
        memories = tree.root.children[0]
        node = next(n for n in memories.children
                    if n.data and n.data.path == "memory/etch-chamber-b-drift.md")
        tree.move_cursor(node)
        node.expand()
        await settle(pilot)
        save("graph")
        await show(pilot, app, "6")
        save("findings")
        await show(pilot, app, "7")
        save("injected-block")
        await pilot.press("question_mark")
        await settle(pilot)
        save("help")
        await pilot.press("escape")
        app.theme = "memtui-paper"
        await show(pilot, app, "2")
        await select(pilot, app, "#files-view", "memory/etch-chamber-b-drift.md")
        save("theme-paper")
    return saved


async def common(workspace: Path, out: Path) -> list[str]:
    """The Files view at 120×40: state columns first, the preview beside it."""
    from memtui.tui.app import open_app

    app = open_app(workspace, watch=False, theme="memtui-night")
    async with app.run_test(size=COMMON) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready)
        await show(pilot, app, "2")
        await select(pilot, app, "#files-view", "memory/etch-chamber-b-drift.md")
        app.save_screenshot("files-120x40.svg", path=str(out))
    return ["files-120x40.svg"]


async def narrow(workspace: Path, out: Path) -> list[str]:
    from memtui.tui.app import open_app

    app = open_app(workspace, watch=False, theme="memtui-night")
    async with app.run_test(size=NARROW) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready)
        await show(pilot, app, "3")
        app.save_screenshot("narrow-80x24.svg", path=str(out))
    return ["narrow-80x24.svg"]


def main() -> int:
    scratch = Path(tempfile.mkdtemp(prefix="memtui-shots-"))
    os.environ["MEMTUI_CONFIG_DIR"] = str(scratch / "config")
    os.environ["MEMTUI_NO_CACHE"] = "1"
    os.environ["HOME"] = str(scratch)  # the header shows the copy as ~/demo, every run
    from memtui.demo import demo_copy

    workspace = demo_copy(scratch / "demo")
    saved = asyncio.run(wide(workspace, HERE))
    saved += asyncio.run(common(workspace, HERE))
    saved += asyncio.run(narrow(workspace, HERE))
    for name in saved:
        print(f"screenshots/{name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
