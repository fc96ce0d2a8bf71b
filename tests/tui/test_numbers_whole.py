"""newuser24 #11, #30: the views cut big numbers in half however wide the terminal: a
112,519-token, 900,068-byte memory read Tok "112,…" and Bytes "900,0…" in the Files view,
and past line 9,999 every Index row's Ln read "400…". A numeric column is now at least as
wide as its widest number (the text columns give way)."""

from __future__ import annotations

import re
from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable
from tests.tui.conftest import wait_for
from tests.tui.test_app import keys, started, switch

FRONT = "---\nname: {0}\ndescription: the {0} memory\nmetadata:\n  type: project\n---\n"


def shown(app: object) -> str:
    return re.sub(r"<[^>]+>", "", app.export_screenshot()).replace("&#160;", " ")  # type: ignore[attr-defined]


async def test_big_counts_are_never_cut(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    body = "".join(f"word{i} " for i in range(20_000)) + "\n"  # ~120 KB, ~40,000 tokens
    (ws / "memory/huge.md").write_text(FRONT.format("huge") + body, encoding="utf-8")
    index = "# Memory\n- [Huge](memory/huge.md) — big\n" + "".join(
        f"- note {i}\n" for i in range(10_050))  # lines past 9,999
    (ws / "MEMORY.md").write_text(index, encoding="utf-8")
    size = (ws / "memory/huge.md").stat().st_size
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 40)) as pilot:
        await started(pilot, app)
        tokens = app.result.files[0].tokens[app.result.block.tokenizer]
        assert tokens >= 10_000 and size >= 100_000
        await switch(pilot, app, "2")
        await pilot.pause(0.3)
        text = shown(app)
        assert f"{tokens:,}" in text and f"{size:,}" in text, text[-3000:]
        await switch(pilot, app, "1")
        view = app.query_one("#index-view", AuditTable)
        await wait_for(pilot, lambda: "L10050" in keys(view))
        view.table.move_cursor(row=keys(view).index("L10050"))
        await pilot.pause(0.3)
        # (the cells' text runs together in the screenshot: "10050prose")
        assert re.search(r"(?<![\d,])10050(?!\d)", shown(app))  # was "100…"
