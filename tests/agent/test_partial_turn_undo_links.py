"""newuser34 #7: a turn undo in part (a file the turn wrote changed since) must not delete
a memory the file left as it is still links: that would leave a broken link nobody named.
The memory stays with its index line, the dialog and the CLI say so, and the history does
not call a record undone whose only file stayed. Real app under Pilot, the Ollama emulator
on 127.0.0.1, the real CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.agent.settings import AgentSettings
from memtui.core.audit import audit
from memtui.core.workspace import Workspace
from memtui.tui.app import MemtuiApp
from memtui.tui.dialogs.confirm import ConfirmScreen
from tests.edit.conftest import cli

from .fake_ollama import FakeOllama
from .test_agent_undo import reorganiser, run_turn
from .test_chat_pane import turns, wait_until
from .test_chat_undo import open_chat

OUTSIDE = "- outside edit line\n"


@pytest.fixture(autouse=True)
def _config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))


def broken(root: Path) -> list[str]:
    return [f"{f.path}: {f.message}" for f in audit(root).findings if f.kind == "broken_link"]


async def test_the_app_keeps_the_memory_the_kept_index_links(ws: Workspace,
                                                             fake: FakeOllama) -> None:
    fake.add(reorganiser())
    settings = AgentSettings(model="reorg", host=fake.url, ask_before=())
    app = MemtuiApp(ws, settings=settings, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        pane = await open_chat(app, pilot)
        await pilot.press(*"tidy up", "enter")
        await wait_until(pilot, turns(pane, 1))
        with (ws.root / "MEMORY.md").open("a", encoding="utf-8") as fh:
            fh.write(OUTSIDE)
        await pilot.press("ctrl+z")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        screen = app.screen
        assert isinstance(screen, ConfirmScreen)
        text = "\n".join(str(line) for line in screen.lines)
        assert "  MEMORY.md stays as it is" in text
        assert ("  memory/user-role.md stays too: MEMORY.md, which stays, links it (deleting "
                "it would leave a broken link)") in text
        assert "delete memory/user-role.md" not in text
        assert "  restore memory/notes.md" in text
        await pilot.click("#confirm")
        await wait_until(pilot, lambda: app.notice.startswith("undid turn 1"))
        # the notes come back without the line the turn took out of MEMORY.md, which stays:
        # said (lead38, as the operation undo says it)
        assert " except MEMORY.md, memory/user-role.md; memory/notes.md comes back without " \
            "its index line: an orphan" in app.notice
    assert (ws.root / "memory/user-role.md").exists()
    assert (ws.root / "memory/notes.md").exists()
    assert (ws.root / "MEMORY.md").read_text(encoding="utf-8").endswith(OUTSIDE)
    assert broken(ws.root) == []


async def test_the_cli_and_the_history_say_what_stayed(ws: Workspace,
                                                       fake: FakeOllama) -> None:
    fake.add(reorganiser())
    await run_turn(ws, fake, "reorg")
    with (ws.root / "MEMORY.md").open("a", encoding="utf-8") as fh:
        fh.write(OUTSIDE)
    proc = cli("undo", ws.root, "--turn", "--skip-changed")
    assert (proc.returncode, proc.stderr) == (0, "")
    assert proc.stdout.startswith("undid turn 1 ")
    assert "left as they were: MEMORY.md, memory/user-role.md" in proc.stdout
    assert (ws.root / "memory/user-role.md").exists()
    assert broken(ws.root) == []
    history = cli("history", ws.root).stdout
    # a record whose every file stayed was not undone at all
    lines = [x.strip() for x in history.splitlines() if x.strip().startswith("#")]
    index_writes = [x for x in lines if "MEMORY.md" in x and "edit_file" in x]
    assert index_writes and all("(not undone: " in x for x in index_writes), history
    assert not any("(undone, except MEMORY.md)" in x for x in index_writes)
    pruned = cli("history", ws.root, "--prune", "0")
    assert pruned.stdout.startswith("pruned 4 records (#1–#4), whose operations can no longer "
                                    "be undone (#3 undone already)"), pruned.stdout
