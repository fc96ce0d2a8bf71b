"""Adding entries that take the index to most of the model's window, or past it, is said
before anything is written (newuser30 #22: ``A`` and ``fix add-to-index --all-unreachable``
offered 19,850 entries under the item profile without a word, and the index went from
8.4 % of the Qwen window to 1,317 %: the agent could not load it at all)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Button

from memtui.cli import main
from memtui.core.results import AuditOptions
from memtui.tui.app import open_app
from memtui.tui.dialogs.add_to_index import AddToIndexScreen
from memtui.tui.dialogs.confirm import ConfirmScreen
from tests.core.helpers import memory
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch

WINDOW = 700  # tokens: 40 drafted entries of ~25 tokens take it past


def _workspace(root: Path) -> Path:
    (root / "memory").mkdir(parents=True)
    for i in range(40):
        (root / "memory" / f"svc-{i:02}.md").write_text(memory(
            f"svc-{i:02}", f"Service {i} deploys on Tuesdays.\n",
            description=f"the deployment window of service {i} and its rollback owner"))
    (root / "MEMORY.md").write_text("# Memory\n\n- [Svc 00](memory/svc-00.md) — svc 00\n")
    return root


def test_the_dry_run_says_the_window_it_takes(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from memtui.core.profiles.item import Item

    ws = _workspace(tmp_path / "w")
    main(["fix", "add-to-index", str(ws), "--all-unreachable", "--dry-run"])
    assert "of the Qwen window" not in capsys.readouterr().out  # 40,960: room enough
    monkeypatch.setattr(Item, "window", (WINDOW, "Qwen", "qwen"))
    main(["fix", "add-to-index", str(ws), "--all-unreachable", "--dry-run"])
    out = capsys.readouterr().out
    assert "MEMORY.md would be" in out and f"of the Qwen window's {WINDOW}" in out
    assert "could not load it whole" in out


async def test_A_asks_before_crowding_the_window(tmp_path: Path) -> None:
    ws = _workspace(tmp_path / "w")
    before = (ws / "MEMORY.md").read_bytes()
    app = open_app(ws, watch=False, options=AuditOptions(num_ctx=WINDOW))
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "3")
        await pilot.press("A")
        await wait_for(pilot, lambda: isinstance(app.screen, AddToIndexScreen), 60)
        app.screen.query_one("#confirm", Button).press()  # the form's own Add
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), 60)
        said = " ".join(app.screen.lines)
        assert "MEMORY.md would be" in said and "--num-ctx window's 700" in said
        # a warning starts on Cancel: a second Enter (the form's) answers no (newuser31 #13)
        # (the screen is pushed before its buttons are mounted: wait for them, then look)
        await wait_for(pilot, lambda: bool(app.screen.query("#cancel")), 30)
        await wait_for(pilot, lambda: app.screen.focused is not None, 30)
        assert app.screen.focused is app.screen.query_one("#cancel", Button)
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmScreen), 30)
        await pilot.pause(0.3)
    assert (ws / "MEMORY.md").read_bytes() == before
