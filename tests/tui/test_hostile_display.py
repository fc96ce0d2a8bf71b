"""The app on a hostile workspace (issue 9): escape sequences in file names, frontmatter,
link targets and bodies never reach the terminal raw; a YAML alias bomb neither freezes
the preview nor grows memory; markup in a value is text; secrets are masked as findings
mask them."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import yaml
from textual.widgets import Static

from memtui.tui.app import MemtuiApp, open_app
from memtui.tui.widgets.audit_table import AuditTable
from memtui.tui.widgets.preview import MemoryPreview, _meta_table
from tests.core.test_safe_output import PAYLOAD, alias_bomb
from tests.tui.conftest import wait_for
from tests.tui.test_app import _plain, keys, started, switch

MEMORY = "---\nname: {0}\ndescription: {1}\nmetadata:\n  type: {2}\n---\n{3}\n"
TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"


def terminal_output(app: MemtuiApp) -> str:
    """Everything the app would write to the terminal for a full redraw of the screen."""
    update = app.screen._compositor.render_update(full=True)
    return update.render_segments(app.console)


def assert_no_raw_payload(out: str) -> None:
    assert "\x1b]0;PWNED" not in out and "PWNED\x07" not in out
    assert "\x1b[31mRED" not in out and "\x9b" not in out


def hostile_workspace(root: Path) -> Path:
    (root / "memory").mkdir(parents=True)
    evil = f"evil{PAYLOAD}"
    (root / "MEMORY.md").write_text(
        f"- [t{PAYLOAD}](memory/{evil}.md) — hook{PAYLOAD}\n"
        f"- [gone](memory/gone{PAYLOAD}.md)\n- [s](memory/secret.md)\n", encoding="utf-8")
    (root / "memory" / f"{evil}.md").write_text(MEMORY.format(
        evil, "d", f"t{PAYLOAD}", f"body {PAYLOAD} [[dang{PAYLOAD}]]"), encoding="utf-8")
    # valid YAML whose escapes make the value hold ESC and BEL
    (root / "memory" / f"orphan{PAYLOAD}.md").write_text(MEMORY.format(
        "o", '"d\\e]0;PWNED\\a"', "user", f"[[{evil}]]"), encoding="utf-8")
    (Path(os.fsdecode(os.fsencode(root / "memory") + b"/\xff\xfe.md"))
     .write_text(MEMORY.format("bad-bytes", "d", "user", "x"), encoding="utf-8"))
    (root / "memory" / "secret.md").write_text(MEMORY.format(
        "secret", "[/foo] [@click=app.quit]click[/]", "user",
        f"The deploy token is {TOKEN} for CI."), encoding="utf-8")
    return root


async def test_no_escape_sequence_reaches_the_terminal(tmp_path: Path) -> None:
    ws = hostile_workspace(tmp_path / "ws")
    app = open_app(ws, watch=False)
    seen_escaped = False
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        for key in "1234567":
            await switch(pilot, app, key)
            for _ in range(5):  # every row, with its preview
                await pilot.press("down")
                await pilot.pause(0.35)
                out = terminal_output(app)
                assert_no_raw_payload(out)
                seen_escaped = seen_escaped or "\\x1b]0;PWNED" in out
        assert seen_escaped
        # the graph tree, every node expanded
        await switch(pilot, app, "5")
        for _ in range(12):
            await pilot.press("down", "space")
            await pilot.pause(0.1)
        assert_no_raw_payload(terminal_output(app))
        # the notice line names files: data, never markup or escapes
        app.set_notice(f"memory/x{PAYLOAD}[/foo].md created")
        await pilot.pause(0.2)
        out = terminal_output(app)
        assert "x\\x1b]0;PWNED" in out and "\x1b[31mRED" not in out


async def test_preview_masks_secrets_and_shows_markup_as_text(tmp_path: Path) -> None:
    ws = hostile_workspace(tmp_path / "ws")
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        files.table.move_cursor(row=keys(files).index("memory/secret.md"))
        preview = app.query_one(MemoryPreview)
        await wait_for(pilot, lambda: preview.path == "memory/secret.md")
        await pilot.pause(0.3)
        body = preview.body.source
        assert TOKEN not in body and "gh…R8" in body
        assert TOKEN not in terminal_output(app)
        meta = _plain(preview.query_one("#preview-meta", Static).content)
        assert "[/foo] [@click=app.quit]click[/]" in meta  # shown as written, not markup
        # the index preview masks too
        (ws / "MEMORY.md").write_text(f"- [s](memory/secret.md) key {TOKEN}\n",
                                      encoding="utf-8")
        app.start_audit({"MEMORY.md"})
        await wait_for(pilot, lambda: app.audits >= 2)
        # the audit's views tell the preview their rows again: asked after that, or the
        # Files row (memory/secret.md) took the preview back (a CI run under load)
        await wait_for(pilot, lambda: not preview.busy)
        await pilot.pause(0.3)
        preview.request("MEMORY.md", now=True)
        await wait_for(pilot, lambda: preview.path == "MEMORY.md" and not preview.busy)
        await pilot.pause(0.3)
        assert preview.path == "MEMORY.md"  # the index, not the file that masks too
        assert TOKEN not in preview.body.source
        assert TOKEN not in terminal_output(app)


async def test_alias_bomb_preview_stays_responsive(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("- [b](memory/boom.md) — x\n", encoding="utf-8")
    bomb = ("---\nname: boom\ndescription: d\nmetadata:\n  type: user\n" + alias_bomb()
            + "---\nbody\n")
    (root / "memory/boom.md").write_text(bomb, encoding="utf-8")
    app = open_app(root, watch=False)
    started_at = time.monotonic()
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        preview = app.query_one(MemoryPreview)
        await pilot.press("home")
        await wait_for(pilot, lambda: preview.path == "memory/boom.md", timeout=30)
        await pilot.pause(0.3)
        meta = _plain(preview.query_one("#preview-meta", Static).content)
        assert "l8" in meta and len(meta) < 20_000
        findings = str(preview.query_one("#preview-findings", Static).content)
        assert "alias bomb" in findings
    # Before the fix this took over a minute and gigabytes; generous for a loaded machine.
    assert time.monotonic() - started_at < 30


def test_meta_table_bounds_what_it_is_given() -> None:
    """Even a value that did expand (say from another reader) is shown bounded."""
    meta: Any = yaml.load(alias_bomb(), Loader=yaml.SafeLoader)
    meta.update({f"k{i}": i for i in range(100)})
    start = time.process_time()
    text = _plain(_meta_table(meta, {}, app_palette(), []))
    assert time.process_time() - start < 2.0
    assert "more keys" in text and len(text) < 40_000


def app_palette() -> Any:
    from memtui.tui.palette import Palette

    return Palette()


async def test_block_and_index_views_mask_an_index_credential(tmp_path: Path) -> None:
    """newuser24 #27: a credential in MEMORY.md was masked in the preview but shown raw in
    the Block view and the Index view's Title and Hook. Every pane masks it as its finding
    does."""
    ws = hostile_workspace(tmp_path / "ws")
    (ws / "MEMORY.md").write_text(
        f"- [s](memory/secret.md) — key {TOKEN}\n- [Token {TOKEN}](memory/secret.md)\n",
        encoding="utf-8")
    app = open_app(ws, watch=False)
    async with app.run_test(size=(200, 50)) as pilot:
        await started(pilot, app)
        for view in ("1", "7"):
            await switch(pilot, app, view)
            await pilot.pause(0.3)
            out = terminal_output(app)
            assert TOKEN not in out and TOKEN[:12] not in out, view
            assert "gh…R8" in out, view


async def test_an_escaped_name_is_shown_whole_in_every_view(tmp_path: Path) -> None:
    """newuser26 #19: the Files view showed ``evil\\x1b]0;PWNED.md`` for
    ``evil\\x1b]0;PWNED\\x07.md``: a cell made a Text of the raw name (which drops BEL,
    backspace, form feed, vertical tab and carriage return) before escaping it, so the
    name shown was not the file's. Every character is escaped, none dropped."""
    ws = hostile_workspace(tmp_path / "ws")
    app = open_app(ws, watch=False)
    async with app.run_test(size=(240, 50)) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready, timeout=90)
        for key in "1236":  # (the Broken view has no row here: the index line is prose)
            await switch(pilot, app, key)
            await pilot.pause(0.4)
            out = terminal_output(app)
            assert "PWNED\\x07" in out, key
            assert "PWNED\\x1b[31m" not in out, key  # (BEL dropped between them)
