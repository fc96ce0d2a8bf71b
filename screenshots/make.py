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
    from memtui.tui.widgets.audit_table import AuditTable
    from memtui.tui.widgets.preview import MemoryPreview

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


def grown_history(workspace: Path, repo: Path) -> Path:
    """A git repository in which ``workspace`` (a demo copy) grows over eight commits, its
    index lagging behind: orphans climb as they do in a real long-lived item."""
    import re
    import shutil
    import subprocess

    def git(*args: str, date: str = "") -> None:
        subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                       env={**os.environ, "GIT_AUTHOR_NAME": "agent", "GIT_COMMITTER_NAME":
                            "agent", "GIT_AUTHOR_EMAIL": "agent@example.invalid",
                            "GIT_COMMITTER_EMAIL": "agent@example.invalid",
                            "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date})

    ws = repo / "items" / "line-3-etch"
    (ws / "memory").mkdir(parents=True)
    git("init", "-q")
    files = sorted(p.relative_to(workspace).as_posix()
                   for p in (workspace / "memory").rglob("*.md"))
    index = (workspace / "MEMORY.md").read_text(encoding="utf-8").splitlines(keepends=True)
    for step in range(1, 9):
        upto = files[:round(len(files) * step / 8)]
        for rel in upto:
            (ws / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(workspace / rel, ws / rel)
        indexed = set(upto[:round(len(upto) * (1.0 - step / 16))])
        lines = [ln for ln in index
                 if not re.findall(r"\((memory/[^)]*)\)", ln)
                 or all(t in indexed for t in re.findall(r"\((memory/[^)]*)\)", ln))]
        (ws / "MEMORY.md").write_text("".join(lines), encoding="utf-8")
        git("add", "-A")
        git("commit", "-q", "-m", f"agent: memory after session {step}",
            date=f"2026-{1 + step:02d}-{10 + step:02d}T12:00:00")
    return ws


async def trend_and_fleet(workspace: Path, scratch: Path, out: Path) -> list[str]:
    import shutil

    from textual.widgets import DataTable

    from memtui.tui.app import open_app
    from memtui.tui.fleet.app import FleetApp

    grown = grown_history(workspace, scratch / "fleet")
    app = open_app(grown, watch=False, theme="memtui-night")
    async with app.run_test(size=WIDE) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready)
        await pilot.press("p")  # the plot takes the preview's room
        await pilot.press("8")
        view = app.query_one("#trend-view")
        await wait_for(pilot, lambda: len(view.points) == 8)
        view.query_one(DataTable).move_cursor(row=5)
        await settle(pilot)
        app.save_screenshot("trend.svg", path=str(out))
    for name, drop in (("photo-bay", 6), ("cmp-polish", 0), ("metrology", 12)):
        copy = scratch / "fleet" / "items" / name
        shutil.copytree(workspace, copy)
        for victim in sorted((copy / "memory").glob("*.md"))[:drop]:
            victim.unlink()
    claude = scratch / "fleet" / ".claude" / "projects" / "-home-op-yield" / "memory"
    shutil.copytree(workspace / "memory", claude)
    flat_index = (workspace / "MEMORY.md").read_text(encoding="utf-8")
    (claude / "MEMORY.md").write_text(flat_index.replace("](memory/", "]("), encoding="utf-8")
    fleet = FleetApp(scratch / "fleet", watch=False, theme="memtui-night")
    async with fleet.run_test(size=(WIDE[0], 16)) as pilot:
        await wait_for(pilot, lambda: len(fleet.state.rows) == 5 and fleet.state.sparks,
                       timeout=120)
        await pilot.press("s")
        await settle(pilot)
        fleet.save_screenshot("fleet.svg", path=str(out))
    return ["trend.svg", "fleet.svg"]


def browser(out: Path) -> list[str]:
    """The app served to a headless Chromium (skipped without one): the browser test
    keeps its picture when asked to."""
    import shutil
    import subprocess

    if not (shutil.which("chromium") or shutil.which("chromium-browser")):
        print("screenshots: no chromium, browser.png left as it was", file=sys.stderr)
        return []
    env = {**os.environ, "MEMTUI_BROWSER_SCREENSHOT": str(out / "browser.png")}
    subprocess.run([sys.executable, "-m", "pytest", "-q", "tests/test_serve.py", "-k",
                    "browser"], cwd=HERE.parent, env=env, check=True)
    return ["browser.png"]


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
    saved += asyncio.run(trend_and_fleet(workspace, scratch, HERE))
    saved += browser(HERE)
    for name in saved:
        print(f"screenshots/{name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
