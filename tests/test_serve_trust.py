"""``memtui serve`` talks only to the user who started it: a real server on 127.0.0.1, real
sockets (a stdlib WebSocket handshake), real app processes (issue 18 §2, issue 20 #25)."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import re
import signal
import socket
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.browser import free_port, port_is_open

ROOT = Path(__file__).resolve().parents[1]


class Served:
    def __init__(self, proc: subprocess.Popen[str], port: int, token: str) -> None:
        self.proc, self.port, self.token = proc, port, token


@pytest.fixture
def served() -> Iterator[Served]:
    port = free_port()
    env = {**os.environ, "MEMTUI_NO_CACHE": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "memtui", "serve", "--demo", "--port",
                             str(port)], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"\?token=(\S+)", line)
    assert found, line
    deadline = time.monotonic() + 60
    while not port_is_open(port):
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.2)
    try:
        yield Served(proc, port, found.group(1))
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(timeout=30)


def http(port: int, target: str, host: str | None = None,
         headers: dict[str, str] | None = None) -> tuple[int, socket.socket]:
    """A raw request (a WebSocket upgrade when ``headers`` say so): status, open socket."""
    s = socket.create_connection(("127.0.0.1", port), timeout=30)
    lines = [f"GET {target} HTTP/1.1", f"Host: {host or f'127.0.0.1:{port}'}",
             *(f"{k}: {v}" for k, v in (headers or {}).items()), "", ""]
    s.sendall("\r\n".join(lines).encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = s.recv(4096)
        if not chunk:
            break
        head += chunk
    return int(head.split()[1]), s


def upgrade(port: int, path: str, origin: str | None = None, host: str | None = None,
            ) -> tuple[int, socket.socket]:
    headers = {"Upgrade": "websocket", "Connection": "Upgrade",
               "Sec-WebSocket-Key": base64.b64encode(os.urandom(16)).decode(),
               "Sec-WebSocket-Version": "13"}
    if origin:
        headers["Origin"] = origin
    return http(port, path, host, headers)


def send_frame(s: socket.socket, opcode: int, data: bytes) -> None:
    mask = os.urandom(4)
    header = bytes([0x80 | opcode]) + (bytes([0x80 | len(data)]) if len(data) < 126
                                       else bytes([0x80 | 126]) + struct.pack("!H", len(data)))
    s.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))


def send_text(s: socket.socket, text: str) -> None:
    send_frame(s, 0x1, text.encode())


def read_exactly(s: socket.socket, n: int) -> bytes | None:
    data = b""
    while len(data) < n:
        chunk = s.recv(n - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def read_frame(s: socket.socket) -> tuple[int, bytes] | None:
    """One frame from the server (unmasked): (opcode, payload), None at end of stream."""
    head = read_exactly(s, 2)
    if head is None:
        return None
    size = head[1] & 0x7F
    if size >= 126:
        extended = read_exactly(s, 2 if size == 126 else 8)
        if extended is None:
            return None
        size = int.from_bytes(extended, "big")
    payload = read_exactly(s, size)
    return None if payload is None else (head[0] & 0x0F, payload)


def app_children(server_pid: int) -> list[int]:
    """The app processes the server started (their command line names served_app)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmd = (entry / "cmdline").read_bytes().split(b"\0")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if b"memtui.commands.served_app" in cmd and str(server_pid).encode() in cmd \
                and state != "Z":
            pids.append(int(entry.name))
    return pids


def ended(pid: int) -> bool:
    """The process is gone or a zombie. Its command line reads empty while it exits, so
    ``app_children`` stops naming it a moment before the kernel has finished it."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return True
    return state in ("Z", "X")


def wait_until(predicate: object, seconds: float = 30) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():  # type: ignore[operator]
            return True
        time.sleep(0.2)
    return False


def test_the_page_needs_the_token_and_the_served_host(served: Served) -> None:
    port, token = served.port, served.token
    assert http(port, "/")[0] == 403
    assert http(port, "/?token=wrong")[0] == 403
    assert http(port, "/?token=%C3%A9" + token)[0] == 403  # not ASCII: still 403, no crash
    assert http(port, f"/?token={token}")[0] == 200
    assert http(port, f"/?token={token}", host=f"localhost:{port}")[0] == 200
    # DNS rebinding: the attacker's name resolving to 127.0.0.1
    assert http(port, f"/?token={token}", host=f"attacker.example:{port}")[0] == 403
    assert http(port, f"/?token={token}", host="attacker.example")[0] == 403
    # an SSH tunnel on another local port: the refusal says which Host is served and how
    # to forward (newuser40 #15: a bare "403: wrong Host")
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(f"GET /?token={token} HTTP/1.1\r\nHost: localhost:{port + 1235}\r\n"
                  "Connection: close\r\n\r\n".encode())
        body = b""
        while chunk := s.recv(4096):
            body += chunk
    assert body.startswith(b"HTTP/1.1 403") and f"localhost:{port}".encode() in body, body
    assert f"ssh -L {port}:127.0.0.1:{port}".encode() in body, body
    assert http(port, f"/?token={token}",
                headers={"Origin": "http://evil.example"})[0] == 403
    # textual-serve's public script files need no token (harmless), but the right Host
    assert http(port, "/static/js/textual.js")[0] == 200
    assert http(port, "/static/js/textual.js", host="attacker.example")[0] == 403


def test_the_page_has_a_title_without_the_token(served: Served) -> None:
    """newuser42 #22: no ``<title>``, so a browser tab showed the address with its token."""
    import urllib.request

    with urllib.request.urlopen(f"http://127.0.0.1:{served.port}/?token={served.token}",
                                timeout=30) as page:
        html = page.read().decode("utf-8")
    found = re.search(r"<title>([^<]*)</title>", html)
    assert found and found.group(1).strip() == "memtui", html[:400]
    assert served.token not in found.group(1)


def test_the_socket_needs_the_token_host_and_own_origin(served: Served) -> None:
    port, token = served.port, served.token
    own = f"http://127.0.0.1:{port}"
    assert upgrade(port, "/ws")[0] in (403, 404)  # textual-serve's old socket: gone
    assert upgrade(port, "/ws/wrong", origin=own)[0] == 403
    assert upgrade(port, "/ws/%C3%A9", origin=own)[0] == 403
    assert upgrade(port, f"/ws/{token}", origin="http://evil.example")[0] == 403
    assert upgrade(port, f"/ws/{token}", origin=f"http://127.0.0.1:{port + 1}")[0] == 403
    assert upgrade(port, f"/ws/{token}", origin=own, host="attacker.example")[0] == 403
    assert app_children(served.proc.pid) == []  # no refused socket started an app
    status, s = upgrade(port, f"/ws/{token}?width=80&height=24", origin=own)
    assert status == 101
    s.close()


def test_sessions_are_limited_and_sizes_clamped(served: Served) -> None:
    port, token = served.port, served.token
    own = f"http://127.0.0.1:{port}"
    first = upgrade(port, f"/ws/{token}?width=100000&height=100000", origin=own)
    second = upgrade(port, f"/ws/{token}", origin=own)
    assert first[0] == 101 and second[0] == 101
    assert upgrade(port, f"/ws/{token}", origin=own)[0] == 503  # the default limit is 2
    send_text(first[1], json.dumps(["resize", {"width": 100000, "height": 100000}]))
    assert wait_until(lambda: len(app_children(served.proc.pid)) == 2)
    time.sleep(3)
    for pid in app_children(served.proc.pid):
        rss_kb = int(re.search(r"VmRSS:\s+(\d+)", Path(f"/proc/{pid}/status").read_text())
                     .group(1))  # type: ignore[union-attr]
        assert rss_kb < 400_000  # unclamped, 100000x100000 grew one app to 5.8 GB
    second[1].close()
    assert wait_until(lambda: len(app_children(served.proc.pid)) == 1)
    assert upgrade(port, f"/ws/{token}", origin=own)[0] == 101  # a freed slot is reusable
    first[1].close()


def test_an_app_exits_when_its_socket_closes(served: Served) -> None:
    port, token = served.port, served.token
    status, s = upgrade(port, f"/ws/{token}", origin=f"http://127.0.0.1:{port}")
    assert status == 101
    assert wait_until(lambda: len(app_children(served.proc.pid)) == 1)
    s.close()
    assert wait_until(lambda: app_children(served.proc.pid) == [])


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_no_app_outlives_its_server(served: Served, sig: signal.Signals) -> None:
    port, token = served.port, served.token
    status, s = upgrade(port, f"/ws/{token}", origin=f"http://127.0.0.1:{port}")
    assert status == 101
    assert wait_until(lambda: len(app_children(served.proc.pid)) == 1)
    [child] = app_children(served.proc.pid)
    served.proc.send_signal(sig)
    served.proc.wait(timeout=30)
    assert wait_until(lambda: app_children(served.proc.pid) == [])
    s.close()
    assert wait_until(lambda: ended(child))


def test_an_app_process_ends_on_sigterm(served: Served) -> None:
    port, token = served.port, served.token
    status, s = upgrade(port, f"/ws/{token}", origin=f"http://127.0.0.1:{port}")
    assert status == 101
    assert wait_until(lambda: len(app_children(served.proc.pid)) == 1)
    [child] = app_children(served.proc.pid)
    os.kill(child, signal.SIGTERM)
    assert wait_until(lambda: app_children(served.proc.pid) == [])
    assert wait_until(lambda: ended(child))
    s.close()


def test_public_says_the_token_is_required() -> None:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "memtui", "serve", "--demo", "--host",
                             "0.0.0.0", "--public", "--port", str(port)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline() + proc.stdout.readline()
        assert "?token=" in line and "required" in line
        assert wait_until(lambda: port_is_open(port))
        assert http(port, "/", host=f"demo.example:{port}")[0] == 403
        # a room's machines reach it under the host's name: with the token, that name
        token = re.search(r"\?token=(\S+)", line).group(1)  # type: ignore[union-attr]
        import urllib.request

        request = urllib.request.Request(f"http://127.0.0.1:{port}/?token={token}",
                                         headers={"Host": f"demo.example:{port}"})
        with urllib.request.urlopen(request, timeout=30) as reply:
            page = reply.read()
        assert f'"ws://demo.example:{port}/ws/{token}"'.encode() in page
    finally:
        proc.terminate()
        _out, err = proc.communicate(timeout=30)
    assert "token" in err


def test_max_sessions_is_checked() -> None:
    bad = subprocess.run([sys.executable, "-m", "memtui", "serve", "--demo", "--max-sessions",
                          "9"], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         check=False)
    assert bad.returncode == 2 and "sessions" in bad.stderr


def test_a_silent_socket_is_closed_and_its_app_ends(served: Served) -> None:
    """25 idle sockets once held 48 app processes: one that never speaks (a browser's page
    sends its size at once) is closed after serve.IDLE_SECONDS."""
    port, token = served.port, served.token
    status, s = upgrade(port, f"/ws/{token}", origin=f"http://127.0.0.1:{port}")
    assert status == 101
    s.settimeout(120)
    give_up = time.monotonic() + 120
    with contextlib.suppress(ConnectionError):
        while (frame := read_frame(s)) is not None and frame[0] != 0x8:
            assert time.monotonic() < give_up, "the silent socket was never closed"
            if frame[0] == 0x9:  # answer the server's heartbeat: alive, only silent
                send_frame(s, 0xA, frame[1])
    s.close()
    assert wait_until(lambda: app_children(served.proc.pid) == [])


def test_a_second_server_on_a_taken_port_prints_no_url(served: Served) -> None:
    """Issue 31 §7: the second server printed a URL with its own new token (which leads to
    the *first* server) before its bind error. It binds first: one line, exit 2, no URL."""
    second = subprocess.run([sys.executable, "-m", "memtui", "serve", "--demo", "--port",
                             str(served.port)], cwd=ROOT, capture_output=True, text=True,
                            timeout=60, check=False,
                            env={**os.environ, "MEMTUI_NO_CACHE": "1"})
    assert second.returncode == 2, second.stderr
    assert second.stdout == ""
    assert "token" not in second.stdout + second.stderr
    assert second.stderr.count("\n") == 1 and f"127.0.0.1:{served.port}" in second.stderr
    assert served.proc.poll() is None  # the first one still serves
    assert http(served.port, f"/?token={served.token}")[0] == 200


def test_the_page_loads_nothing_from_another_host(served: Served) -> None:
    """Issue 31 §7: the page fetched its web font from fonts.googleapis.com (the viewer's
    address and the demo's time to a third party). Every address the page and its style
    sheets name for loading is on the served host."""
    import urllib.request

    base = f"http://127.0.0.1:{served.port}"

    def get(target: str) -> str:
        with urllib.request.urlopen(base + target, timeout=30) as reply:
            return reply.read().decode("utf-8", "replace")

    page = get(f"/?token={served.token}")
    loaded = re.findall(r'(?:src|href)\s*=\s*"([^"]*)"', page)
    sheets = [u for u in re.findall(r'<link[^>]*href="([^"]+)"', page)
              if urlsplit(u).netloc == f"127.0.0.1:{served.port}"]
    styles = [page, *(get(urlsplit(u).path) for u in sheets)]
    for text in styles:
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)  # comments name no load
        loaded += re.findall(r'url\(\s*["\']?([^"\')]+)', text)
        loaded += re.findall(r'@import\s+(?:url\()?\s*["\']?([^"\');\s]+)', text)
    assert loaded
    for address in loaded:
        host = urlsplit(address).netloc
        assert host in ("", f"127.0.0.1:{served.port}"), address
    assert "googleapis" not in page and "Roboto Mono" in page
    # the font it names is there, served without the token
    font = re.search(r'url\("([^"]+\.ttf)"\)', page)
    assert font is not None
    with urllib.request.urlopen(font.group(1), timeout=30) as reply:
        assert reply.status == 200 and len(reply.read()) > 10_000


def test_public_on_every_address_prints_urls_the_room_can_open() -> None:
    """newuser27 #25: ``--host 0.0.0.0 --public`` printed ``http://0.0.0.0:PORT/?token=…``,
    an address to listen on, not one to open (another machine cannot, browsers refuse it).
    The URLs name the machine and its addresses; each opens the page."""
    import urllib.request

    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "memtui", "serve", "--demo", "--host",
                             "0.0.0.0", "--public", "--port", str(port)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(2)]
        assert "0.0.0.0" not in lines[0], lines
        assert f"http://{socket.gethostname()}:{port}/?token=" in lines[0], lines
        lines.append(proc.stdout.readline())  # (a third line only with an address)
        assert lines[2].startswith("memtui: also by address: http://"), lines
        urls = re.findall(r"http://\S+\?token=\S+", "".join(lines))
        assert len(urls) >= 2 and not any("0.0.0.0" in u for u in urls), lines
        assert wait_until(lambda: port_is_open(port))
        for url in urls:
            with urllib.request.urlopen(url, timeout=30) as reply:
                assert reply.status == 200, url
    finally:
        proc.terminate()
        proc.communicate(timeout=30)



def answer(port: int, target: str, upgrade_to: bool = False, origin: str = "") -> str:
    """The whole answer (head and body) to one request, a WebSocket upgrade when asked."""
    headers = {"Upgrade": "websocket", "Connection": "Upgrade",
               "Sec-WebSocket-Key": base64.b64encode(os.urandom(16)).decode(),
               "Sec-WebSocket-Version": "13", "Origin": origin} if upgrade_to else {}
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    lines = [f"GET {target} HTTP/1.1", f"Host: 127.0.0.1:{port}",
             *(f"{k}: {v}" for k, v in headers.items()), "", ""]
    s.sendall("\r\n".join(lines).encode())
    data = b""
    with contextlib.suppress(OSError):
        while b"--max-sessions" not in data or not data.endswith(b"\n"):
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
    s.close()
    return data.decode("utf-8", "replace")

def test_a_tab_past_max_sessions_is_told_why(served: Served) -> None:
    """newuser36 #29: a tab past ``--max-sessions`` got the page (200) and a refused socket
    whose reason the page never showed: its only words were "Session ended.". The page
    itself is refused now, saying why, and the socket's refusal says it too."""
    port, token = served.port, served.token
    own = f"http://127.0.0.1:{port}"
    page = answer(port, f"/?token={token}")
    assert " 200 " in page.splitlines()[0] and "--max-sessions 2" in page  # the note
    first = upgrade(port, f"/ws/{token}", origin=own)
    second = upgrade(port, f"/ws/{token}", origin=own)
    assert first[0] == 101 and second[0] == 101
    page = answer(port, f"/?token={token}")
    assert " 503 " in page.splitlines()[0], page
    assert "showing 2 sessions already (--max-sessions 2)" in page
    refused = answer(port, f"/ws/{token}", upgrade_to=True, origin=own)
    assert " 503 " in refused.splitlines()[0] and "--max-sessions 3" in refused
    first[1].close()
    second[1].close()
