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
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        url = printed_url(server)
        assert "?token=" in url
        deadline = time.monotonic() + 60
        while not port_is_open(port):
            assert server.poll() is None, server.stderr.read().decode()  # type: ignore[union-attr]
            assert time.monotonic() < deadline, "memtui serve did not listen"
            time.sleep(0.2)
        text = asyncio.run(drive(url, tmp_path / "browser.png"))
        # issue 20 #25: killed while a browser is connected, the server leaves no app behind
        apps = served_apps(server.pid)
        assert len(apps) == 1
    finally:
        server.terminate()
        server.wait(timeout=20)
    deadline = time.monotonic() + 30
    while served_apps(server.pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert served_apps(server.pid) == []
    before, after = text
    assert "orphans" in before and "unreachable" in before  # the health header
    assert "2 Files" in before
    # the Files view is built when first shown: its summary line came only after the key
    assert "memory files —" in after and "memory files —" not in before
    assert (tmp_path / "browser.png").stat().st_size > 10_000
    shot = os.environ.get("MEMTUI_BROWSER_SCREENSHOT")
    if shot:  # screenshots/make.py sets it to keep the picture
        Path(shot).write_bytes((tmp_path / "browser.png").read_bytes())


def printed_url(server: subprocess.Popen[bytes]) -> str:
    """The URL ``memtui serve`` prints first (with its token)."""
    import re

    assert server.stdout is not None
    line = server.stdout.readline().decode()
    found = re.search(r"http://\S+", line)
    assert found, line
    return found.group(0)


def served_apps(server_pid: int) -> list[int]:
    """Live app processes started by the server ``server_pid``."""
    pids = []
    for entry in Path("/proc").iterdir():
        try:
            cmd = (entry / "cmdline").read_bytes().split(b"\0")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if b"memtui.commands.served_app" in cmd and str(server_pid).encode() in cmd \
                and state != "Z":
            pids.append(int(entry.name))
    return pids


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


def ipv6_loopback() -> bool:
    import socket

    try:
        with socket.socket(socket.AF_INET6) as s:
            s.bind(("::1", 0))
    except OSError:
        return False
    return True


def page_urls(port: int, host: str, token: str, header: str | None = None) -> list[str]:
    """The script and socket addresses the page at ``host`` tells a browser to load."""
    import re
    import urllib.request

    request = urllib.request.Request(f"http://{host}:{port}/?token={token}")
    if header:
        request.add_header("Host", header)
    with urllib.request.urlopen(request, timeout=30) as reply:
        html = reply.read().decode()
    return re.findall(r'"((?:http|ws)://[^"]*(?:textual\.js|/ws/[^"]*))"', html)


@pytest.mark.skipif(not ipv6_loopback(), reason="no IPv6 loopback")
def test_the_page_loads_its_scripts_from_the_address_it_was_reached_at() -> None:
    import socket

    port = free_port()
    server = subprocess.Popen(serve_cmd("--demo", "--host", "::1", "--port", str(port)),
                              cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        url = printed_url(server)  # type: ignore[arg-type]
        token = url.split("?token=")[1]
        deadline = time.monotonic() + 60
        while True:
            with socket.socket(socket.AF_INET6) as s:
                if s.connect_ex(("::1", port)) == 0:
                    break
            assert server.poll() is None, server.stderr.read().decode()  # type: ignore[union-attr]
            assert time.monotonic() < deadline, "memtui serve did not listen"
            time.sleep(0.2)
        # textual-serve alone wrote http://::1:PORT/..., which is no URL
        assert page_urls(port, "[::1]", token) == [
            f"http://[::1]:{port}/static/js/textual.js", f"ws://[::1]:{port}/ws/{token}"]
        # reached under another name: refused on loopback (DNS rebinding)
        import urllib.error

        with pytest.raises(urllib.error.HTTPError) as refused:
            page_urls(port, "[::1]", token, f"demo.example:{port}")
        assert refused.value.code == 403
    finally:
        server.terminate()
        server.communicate(timeout=20)
    assert url == f"http://[::1]:{port}/?token={token}"


def test_the_apps_options_pass_after_the_path_and_a_double_dash(tmp_path: Path) -> None:
    """newuser36 #6: serve took none of the app's options (a llama-server, a pinned model, a
    profile could not be served). They come after PATH and ``--``, are checked once at start
    (a bad one: one line, exit 2), and every tab's app gets them."""
    ws = tmp_path / "ws"
    ws.mkdir()
    ok = subprocess.run(serve_cmd(str(ws), "--host", "0.0.0.0", "--", "--model", "qwen3:8b",
                                  "--api", "openai", "--host", "http://127.0.0.1:9"),
                        cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    # past the app's options, to the next check (a non-loopback address wants --public)
    assert ok.returncode == 2 and "--public" in ok.stderr and "unrecognized" not in ok.stderr
    bad = subprocess.run(serve_cmd(str(ws), "--", "--bogus"), cwd=ROOT, capture_output=True,
                         text=True, timeout=60, check=False)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "--bogus" in bad.stderr
