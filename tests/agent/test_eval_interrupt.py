"""Ctrl+C ends ``memtui eval`` promptly while the model server sends one byte a second
(issue 31 §6): a real server on 127.0.0.1, a real process, a real SIGINT."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from memtui.core.workspace import Workspace
from tests.child_signals import default_sigint

ROOT = Path(__file__).resolve().parents[2]


class _Drip(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    chatting: threading.Event

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _json(self, obj: dict[str, Any]) -> None:
        data = json.dumps(obj).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        self._json({"version": "0.12.6"} if self.path == "/api/version" else {"models": []})

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if self.path == "/api/show":
            self._json({"model_info": {"general.architecture": "qwen3",
                                       "qwen3.context_length": 40960},
                        "capabilities": ["completion", "tools"]})
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/x-ndjson")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.chatting.set()
        try:
            for _ in range(120):  # one blank byte a second: never a whole reply
                self.wfile.write(b"1\r\n \r\n")
                self.wfile.flush()
                time.sleep(1)
        except OSError:
            pass
        self.close_connection = True


@pytest.fixture
def drip() -> Iterator[tuple[str, threading.Event]]:
    chatting = threading.Event()
    handler = type("Handler", (_Drip,), {"chatting": chatting})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", chatting
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("runs", [1, 3])
def test_sigint_ends_eval_promptly(ws: Workspace, drip: tuple[str, threading.Event],
                                   runs: int) -> None:
    url, chatting = drip
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "memtui", "eval", str(ws.root), "-m", "hi", "-n", str(runs),
         "--model", "m", "--host", url, "--timeout", "600"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        preexec_fn=default_sigint)
    try:
        assert chatting.wait(60), "eval never asked the server for a reply"
        time.sleep(1.5)  # a byte or two on the way
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=10)
        took = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    stderr = err.decode()
    print(f"\n-n {runs}: exit {proc.returncode} {took:.1f} s after SIGINT: {stderr.strip()}")
    assert took < 5
    assert proc.returncode == 130
    assert "Traceback" not in stderr
    assert stderr.count("\n") == 1, stderr
    assert stderr.startswith("memtui eval: error: interrupted")
    assert os.listdir(ws.root / "memory") == ["notes.md"]
