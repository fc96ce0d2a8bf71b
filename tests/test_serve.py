"""``memtui serve``: the app in a real headless browser (Debian's chromium), on loopback."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.browser import chromium, free_port, open_page, port_is_open, strip_ansi

ROOT = Path(__file__).resolve().parents[1]


def serve_cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "memtui", "serve", *args]


def test_non_loopback_host_needs_public() -> None:
    proc = subprocess.run(serve_cmd("--demo", "--host", "0.0.0.0", "--port", "1"), cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "--public" in proc.stderr
    bad = subprocess.run(serve_cmd("--demo", "--port", "70000"), cwd=ROOT,
                         capture_output=True, text=True, timeout=60, check=False)
    assert bad.returncode == 2 and "port" in bad.stderr


@pytest.mark.skipif(chromium() is None, reason="chromium is not installed (apt-get install "
                    "chromium)")
def test_browser_shows_the_header_and_keys_switch_views(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "MEMTUI_NO_CACHE": "1"}
    server = subprocess.Popen(serve_cmd("--demo", "--port", str(port)), cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while not port_is_open(port):
            assert server.poll() is None, server.stderr.read().decode()  # type: ignore[union-attr]
            assert time.monotonic() < deadline, "memtui serve did not listen"
            time.sleep(0.2)
        text = asyncio.run(drive(f"http://127.0.0.1:{port}/", tmp_path / "browser.png"))
    finally:
        server.terminate()
        server.wait(timeout=20)
    before, after = text
    assert "orphans" in before and "unreachable" in before  # the health header
    assert "2 Files" in before
    # the Files view is built when first shown: its summary line came only after the key
    assert "memory files —" in after and "memory files —" not in before
    assert (tmp_path / "browser.png").stat().st_size > 10_000
    shot = os.environ.get("MEMTUI_BROWSER_SCREENSHOT")
    if shot:  # screenshots/make.py sets it to keep the picture
        Path(shot).write_bytes((tmp_path / "browser.png").read_bytes())


async def drive(url: str, png: Path) -> tuple[str, str]:
    async with open_page(url) as page:
        before = await wait_for(page, "orphans", 90)
        await asyncio.sleep(1.0)
        before = strip_ansi(await page.received_text())
        seen = len(await page.received_text())
        await page.press("2")
        after = ""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            after = strip_ansi((await page.received_text())[seen:])
            if "memory files —" in after:
                break
            await asyncio.sleep(0.3)
        await asyncio.sleep(0.5)
        await page.screenshot(png)
        return before, after


async def wait_for(page: object, needle: str, seconds: float) -> str:
    deadline = time.monotonic() + seconds
    text = ""
    while time.monotonic() < deadline:
        text = strip_ansi(await page.received_text())  # type: ignore[attr-defined]
        if needle in text:
            return text
        await asyncio.sleep(0.3)
    raise AssertionError(f"{needle!r} never reached the browser; got {text[-500:]!r}")
