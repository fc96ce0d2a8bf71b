"""A screenshot of the chat pane in a real-model session: the real app on a fresh copy of the
demo workspace, talking to a running llama-server with ``--api openai``, driven by Pilot.

    python screenshots/real_model.py URL [MESSAGE]     # e.g. http://127.0.0.1:8080

It opens the chat (``c``), says a fact, waits for the whole turn (tool calls included, up to
15 minutes on a busy CPU), then saves ``screenshots/chat-real-model.svg`` and prints what the
model did. ``bench/real_model.py`` starts such a server; nothing here is scripted or faked.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

SIZE = (160, 50)
MESSAGE = "I am the on-call engineer for line 3, and I do not use Excel for this item."


async def shoot(workspace: Path, url: str, message: str) -> None:
    from textual.widgets import Input

    from memtui.agent.settings import AgentSettings
    from memtui.tui.app import open_app
    from memtui.tui.chat import ChatPane
    from memtui.tui.chat.banner import Banner

    settings = AgentSettings(model="qwen2.5-coder-0.5b-instruct-q4_k_m", host=url,
                             api="openai", timeout=900)
    app = open_app(workspace, watch=True, theme="memtui-night", settings=settings)
    async with app.run_test(size=SIZE) as pilot:
        deadline = time.monotonic() + 60
        while not (app.audits >= 1 and app.views_ready):
            assert time.monotonic() < deadline, "the app did not finish its first audit"
            await pilot.pause(0.1)
        await pilot.press("c")
        pane = app.query_one(ChatPane)
        while pane.session.facts is None:
            assert time.monotonic() < deadline, app.query_one(Banner).message
            await pilot.pause(0.1)
        box = app.query_one("#chat-input", Input)
        box.focus()
        box.value = message
        await pilot.press("enter")
        deadline = time.monotonic() + 900
        while pane.turns < 1:
            assert time.monotonic() < deadline, "no answer within 15 minutes"
            await pilot.pause(0.5)
        await pilot.pause(2.0)  # the audit views catch up with what was written
        app.save_screenshot("chat-real-model.svg", path=str(HERE))
        for msg in pane.session.history:
            print({k: v for k, v in msg.items() if k in ("role", "content", "tool_calls")})
        print("banner:", app.query_one(Banner).message or "—")


def main() -> int:
    if len(sys.argv) not in (2, 3):
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    scratch = Path(tempfile.mkdtemp(prefix="memtui-shots-"))
    os.environ["MEMTUI_CONFIG_DIR"] = str(scratch / "config")
    os.environ["MEMTUI_NO_CACHE"] = "1"
    from memtui.demo import demo_copy

    workspace = demo_copy(scratch / "demo")
    asyncio.run(shoot(workspace, sys.argv[1], sys.argv[2] if len(sys.argv) == 3 else MESSAGE))
    print("screenshots/chat-real-model.svg")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
