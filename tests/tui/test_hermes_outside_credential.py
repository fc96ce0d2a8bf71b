"""newuser34 #12: the app on a Hermes store, an outside write (as Hermes appends) puts a
credential into MEMORY.md. The Findings view had the new `secret` error, but the header's
counts line under Hermes showed only the stores' entries ("MEMORY.md 44 entries · USER.md
29 entries"), where every other profile's header counts credentials: a credential just
written into a store injected every session is the one thing to see. The real app, its
watcher, a real outside write."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from tests.tui.conftest import wait_for
from tests.tui.test_app import header_text, started

SECRET = "\n§\nThe staging DB password is Xk9#mP2q!vL7"


def _hermes(tmp: Path) -> Path:
    ws = tmp / ".hermes" / "memories"
    ws.mkdir(parents=True)
    entries = [f"Fact {i}: the deploy of service {i} runs on host {i * 7}." for i in range(43)]
    (ws / "MEMORY.md").write_text("\n§\n".join(entries), encoding="utf-8")
    (ws / "USER.md").write_text("The user is an engineer.", encoding="utf-8")
    return ws


async def test_the_header_counts_a_credential_written_into_a_store(tmp_path: Path) -> None:
    ws = _hermes(tmp_path)
    app = open_app(ws, watch=True)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await wait_for(pilot, lambda: "watching for changes" in app.notice)
        assert app.result is not None and app.result.profile == "hermes"
        assert header_text(app).splitlines()[1] == "MEMORY.md 43 entries · USER.md 1 entry"
        audits = app.audits
        with (ws / "MEMORY.md").open("a", encoding="utf-8") as fh:
            fh.write(SECRET)
        await wait_for(pilot, lambda: app.audits > audits and "MEMORY.md changed" in
                       app.notice, 20)
        assert app.notice == "MEMORY.md changed — 44 entries (was 43), 1 new credential"
        await wait_for(pilot, lambda: "credential" in header_text(app).splitlines()[1])
        assert header_text(app).splitlines()[1] == \
            "MEMORY.md 44 entries · USER.md 1 entry · 1 credential"
