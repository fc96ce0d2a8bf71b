"""A real headless Chromium, driven over the DevTools protocol (aiohttp's websocket client):
load a page, press keys, read what the page's websockets received, take a screenshot.

Used by the ``memtui serve`` test. Chromium is Debian's (``apt-get install chromium``); the
flags keep it off the network (this machine has none) and out of the user's profile.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--mute-audio")

#: Installed before any page script: every websocket message the page receives is kept
#: (text as is, binary decoded as UTF-8) in ``window.__received``.
RECORD_WEBSOCKETS = """
window.__received = [];
const Real = window.WebSocket;
window.WebSocket = function (...args) {
  const ws = new Real(...args);
  ws.addEventListener('message', async (e) => {
    let d = e.data;
    if (d instanceof Blob) { d = new Uint8Array(await d.arrayBuffer()); }
    if (d instanceof ArrayBuffer) { d = new Uint8Array(d); }
    if (d instanceof Uint8Array) { d = new TextDecoder().decode(d); }
    window.__received.push(String(d));
  });
  return ws;
};
window.WebSocket.prototype = Real.prototype;
Object.assign(window.WebSocket, Real);
"""


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


class Page:
    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.next_id = 0

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.next_id += 1
        my_id = self.next_id
        await self.ws.send_json({"id": my_id, "method": method, "params": params})
        while True:
            msg = await self.ws.receive_json(timeout=30)
            if msg.get("id") == my_id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})

    async def evaluate(self, expression: str) -> Any:
        result = await self.call("Runtime.evaluate", expression=expression,
                                 returnByValue=True, awaitPromise=True)
        return result.get("result", {}).get("value")

    async def received_text(self) -> str:
        """Everything the page's websockets received, as one string."""
        return "".join(await self.evaluate("window.__received || []") or [])

    async def press(self, key: str) -> None:
        """Type ``key`` into the page's terminal (focused first, as a click would)."""
        await self.evaluate("document.querySelector('.xterm-helper-textarea')?.focus()")
        for kind in ("keyDown", "keyUp"):
            await self.call("Input.dispatchKeyEvent", type=kind, key=key, text=key,
                            unmodifiedText=key)

    async def screenshot(self, path: Path) -> None:
        shot = await self.call("Page.captureScreenshot", format="png")
        path.write_bytes(base64.b64decode(shot["data"]))


@contextlib.asynccontextmanager
async def open_page(url: str, width: int = 1280, height: int = 800) -> AsyncIterator[Page]:
    exe = chromium()
    assert exe, "chromium is not installed"
    with tempfile.TemporaryDirectory(prefix="memtui-chromium-") as profile:
        proc = subprocess.Popen(
            [exe, *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-port=0",
             f"--window-size={width},{height}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            port_file = Path(profile) / "DevToolsActivePort"
            deadline = time.monotonic() + 60
            while not port_file.exists() or not port_file.read_text().strip():
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError("chromium did not start")
                await asyncio.sleep(0.1)
            port = port_file.read_text().split()[0]
            async with aiohttp.ClientSession() as http:
                async with http.get(f"http://127.0.0.1:{port}/json/list") as resp:
                    targets = json.loads(await resp.text())
                page_ws = next(t["webSocketDebuggerUrl"] for t in targets if t["type"] == "page")
                async with http.ws_connect(page_ws, max_msg_size=0) as ws:
                    page = Page(ws)
                    await page.call("Page.enable")
                    await page.call("Page.addScriptToEvaluateOnNewDocument",
                                    source=RECORD_WEBSOCKETS)
                    await page.call("Page.navigate", url=url)
                    yield page
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def strip_ansi(text: str) -> str:
    """Terminal output as plain text: escape sequences dropped."""
    import re

    return re.sub(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b.", "", text)


def port_is_open(port: int) -> bool:
    import socket

    with socket.socket() as s:
        s.settimeout(0.2)
        return s.connect_ex(("127.0.0.1", port)) == 0


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


__all__ = ["Page", "chromium", "free_port", "open_page", "os", "port_is_open", "strip_ansi"]
