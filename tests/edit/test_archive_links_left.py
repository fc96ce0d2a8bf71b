"""Archiving a memory others link (newuser33 #27): the archive lists the links it leaves
leading into ``_archive/`` (as ``delete`` lists what now dangles), in ``fix archive``'s
output, the app's dialog and its status line; and the audit then says a ``[[name]]`` names
an archived memory, not "names no memory yet" (the wording for one worth writing later)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main

WIKI = ("memory/user-role.md:7: [[Yield_Source]] now names an archived memory "
        "(memory/_archive/yield-source.md): not audited, not in the index (repoint or "
        "unlink it)")
LINK = ("memory/user-role.md:7: link to memory/yield-source.md now leads into the archive "
        "(memory/_archive/yield-source.md): not audited, not in the index (repoint or "
        "unlink it)")


def test_fix_archive_lists_the_links_left_into_the_archive(
        ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fix", "archive", str(ws), "yield-source"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("archived memory/yield-source.md to "
                             "memory/_archive/yield-source.md; removed 1 index line")
    assert sorted(out[1:]) == sorted([f"  {WIKI}", f"  {LINK}"])


def test_the_audit_says_the_wikilink_names_an_archived_memory(
        ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fix", "archive", str(ws), "yield-source"]) == 0
    capsys.readouterr()
    main(["audit", str(ws), "--json"])
    found = [f for f in json.loads(capsys.readouterr().out)["findings"]
             if f["kind"] == "dangling_wikilink"]
    assert [(f["path"], f["line"], f["message"]) for f in found] == [
        ("memory/user-role.md", 7, "[[Yield_Source]] names an archived memory "
         "(memory/_archive/yield-source.md, not audited)")]


async def test_the_app_archive_dialog_and_status_list_them(
        ws: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from memtui.tui.app import open_app
    from memtui.tui.dialogs.confirm import ConfirmScreen
    from tests.tui.conftest import wait_for
    from tests.tui.test_app import started
    from tests.tui.test_keys_dialogs import to_row

    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await to_row(pilot, app, "2", "#files-view", "memory/yield-source.md")
        await pilot.press("v")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert WIKI in app.screen.lines and LINK in app.screen.lines
        await pilot.click("#confirm")
        await wait_for(pilot, lambda: (ws / "memory/_archive/yield-source.md").exists())
        await wait_for(pilot, lambda: "archived memory/yield-source.md" in app.notice)
        assert WIKI in app.notice and LINK in app.notice
