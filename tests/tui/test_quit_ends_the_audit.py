"""newuser26 #25: quitting during an audit of a big workspace took about a minute (the
interpreter waits for every worker thread, and the audit worker ran on to its end: the
other views' rows, the scans, the token counts), and keys typed meanwhile went to the
shell. Once the app quits, the worker's next step ends it."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from memtui.tui.app import open_app
from tests.tui.conftest import wait_for

MEMORIES = 3_000


def big_workspace(root: Path) -> Path:
    (root / "memory").mkdir(parents=True)
    lines = ["# Memory", ""]
    for i in range(MEMORIES):
        (root / "memory" / f"m{i}.md").write_text(
            f"---\nname: m{i}\ndescription: memory {i}\nmetadata:\n  type: project\n---\n"
            f"Memory number {i} says something about the process, step {i % 17}.\n",
            encoding="utf-8")
        if i % 2:
            lines.append(f"- [M {i}](memory/m{i}.md) — memory {i}")
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


async def test_quitting_mid_audit_ends_the_worker_at_its_next_step(tmp_path: Path) -> None:
    app = open_app(big_workspace(tmp_path / "big"), watch=False)
    after_quit: list[float] = []
    real = app.auditor.pause

    def pause() -> None:
        if app.give_way._stopped and threading.current_thread() is not threading.main_thread():
            after_quit.append(time.monotonic())
        real()

    app.auditor.pause = pause
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: app._auditing and app.audit_progress is not None,
                       timeout=60)
        await pilot.press("q")
    # the worker thread runs on (main: to the end of the audit) or has ended (a step at most)
    time.sleep(1.0)
    settled = len(after_quit)
    assert settled <= 1, f"the audit worker went on for {settled} steps after the quit"
    assert not app._counting._proc or app._counting._proc.poll() is not None  # child ended
