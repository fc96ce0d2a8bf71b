"""The app's ``n`` wrote a password into a memory (and its hook into the index) without a
word (newuser33 #17). The credential check runs on the text about to be written and says
so before writing: Redact replaces it with [REDACTED] and creates the memory; Cancel (the
default) goes back to the form as typed, nothing written. Under the real app and Pilot."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, TextArea

from tests.edit.conftest import tree

PASSWORD = "Xk9#mQ2!pL7zR4"
BODY = f"VPN password: {PASSWORD} , valid until tomorrow.\n"


async def fill(pilot, app, body: str = BODY) -> None:  # type: ignore[no-untyped-def]
    from memtui.tui.dialogs.new_memory import NewMemoryScreen
    from tests.tui.conftest import wait_for

    await wait_for(pilot, lambda: isinstance(app.screen, NewMemoryScreen))
    screen = app.screen
    screen.query_one("#name", Input).value = "vpn-access"
    screen.query_one("#description", Input).value = "how to reach the VPN"
    screen.query_one("#body", TextArea).text = body
    await pilot.pause()
    await pilot.click("#confirm")


async def test_n_says_the_credential_before_writing_and_redacts_on_request(
        ws: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from memtui.tui.app import open_app
    from memtui.tui.dialogs.confirm import ConfirmScreen
    from memtui.tui.dialogs.new_memory import NewMemoryScreen
    from tests.tui.conftest import wait_for
    from tests.tui.test_app import started

    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))
    before = tree(ws)
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await pilot.press("n")
        await fill(pilot, app)
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert app.screen.heading == "This memory holds 1 credential"
        assert app.screen.lines[0].startswith("memory/vpn-access.md:")
        assert PASSWORD not in "\n".join(app.screen.lines)  # masked
        assert tree(ws) == before  # nothing written yet
        await pilot.press("enter")  # Cancel is the default: back to the form, as typed
        await wait_for(pilot, lambda: isinstance(app.screen, NewMemoryScreen))
        assert app.screen.query_one("#body", TextArea).text == BODY
        assert app.screen.query_one("#name", Input).value == "vpn-access"
        assert tree(ws) == before
        await pilot.click("#confirm")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.click("#confirm")  # Redact and create
        await wait_for(pilot, lambda: (ws / "memory" / "vpn-access.md").exists())
        text = (ws / "memory" / "vpn-access.md").read_text(encoding="utf-8")
        assert PASSWORD not in text and "VPN password: [REDACTED] , valid" in text
        assert PASSWORD not in (ws / "MEMORY.md").read_text(encoding="utf-8")
        await wait_for(pilot, lambda: "created memory/vpn-access.md" in app.notice)


async def test_n_without_a_credential_asks_nothing_more(
        ws: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from memtui.tui.app import open_app
    from tests.tui.conftest import wait_for
    from tests.tui.test_app import started

    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await pilot.press("n")
        await fill(pilot, app, "The VPN is reached by the jump host.\n")
        await wait_for(pilot, lambda: (ws / "memory" / "vpn-access.md").exists())
