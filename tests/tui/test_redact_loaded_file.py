"""newuser30 #21: ``x`` on the Secrets row of OpenClaw's TOOLS.md (loaded into every turn)
said "select a memory with a secret finding to redact"; it redacts the file as
``memtui fix redact PATH TOOLS.md`` does."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.dialogs.confirm import ConfirmScreen
from tests.core.helpers import make_ws
from tests.tui.conftest import wait_for
from tests.tui.test_app import started
from tests.tui.test_keys_dialogs import switch_to_secret


async def test_x_redacts_a_credential_in_a_file_the_agent_loads(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / ".openclaw" / "workspace", {
        "AGENTS.md": "# AGENTS.md\n", "SOUL.md": "# SOUL.md\n\nCalm.\n",
        "MEMORY.md": "# MEMORY.md\n\n- Deploys run on Fridays.\n",
        "memory/2026-07-20.md": "# 2026-07-20\n\nMet Ann.\n",
        "TOOLS.md": "# TOOLS.md\n\nAPI key: BSa8Kd93jdK2mZq81LxPw0vR7tYu4nEwS\n"})
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        view = await switch_to_secret(pilot, app)
        assert view.current_row().path == "TOOLS.md"
        audits = app.audits
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert app.screen.heading == "Redact secrets in TOOLS.md"
        await pilot.press("tab", "enter")  # the dialog starts on Cancel: to Redact
        await wait_for(pilot, lambda: app.audits > audits and len(app.screen_stack) == 1)
    assert (ws / "TOOLS.md").read_text(encoding="utf-8") == "# TOOLS.md\n\nAPI key: [REDACTED]\n"
