"""The fake servers run by hand, as docs/chat.md says (newuser23 #10)."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from tests.child_signals import default_sigint

ROOT = Path(__file__).resolve().parents[2]


def _serve(module: str, *args: str) -> tuple[subprocess.Popen[str], list[str]]:
    proc = subprocess.Popen([sys.executable, "-m", module, "--port", "0", *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=default_sigint)
    assert proc.stdout is not None
    lines = [proc.stdout.readline() for _ in range(2)]
    while not lines[-1].startswith("try:") and lines[-1]:
        lines.append(proc.stdout.readline())
    return proc, [x.rstrip("\n") for x in lines]


def _stop(proc: subprocess.Popen[str]) -> int:
    proc.send_signal(signal.SIGINT)
    try:
        return proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()


def test_fake_ollama_runs_by_hand_and_prints_its_url_and_models(tmp_path: Path) -> None:
    proc, lines = _serve("tests.agent.fake_ollama")
    try:
        assert lines[0].startswith("fake Ollama on http://127.0.0.1:"), lines
        url = lines[0].split(" on ")[1].split(" ")[0]
        names = [m["name"] for m in httpx.get(url + "/api/tags", timeout=10).json()["models"]]
        assert names == ["writer", "orphan", "fabricator", "skiller", "chatter", "obeyer",
                         "forgetful"]
        assert [x.split()[0] for x in lines[1:-1]] == names
        assert lines[-1].startswith(f"try:  memtui DIR --host {url} --model writer")
        # the command it prints works: a chat through memtui's own agent, by eval
        ws = tmp_path / "ws"
        ws.mkdir()
        (ws / "MEMORY.md").write_text("# Memory\n")
        run = subprocess.run([sys.executable, "-m", "memtui", "eval", str(ws), "-m",
                              "I am a process engineer", "--host", url, "--model", "writer",
                              "-n", "1"], cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert run.returncode == 0 and "pass rate: 1/1" in run.stdout, run.stdout + run.stderr
        assert "memory_written" in run.stdout  # eval works on a copy: ws is left alone
    finally:
        rc = _stop(proc)
    assert rc == 0


def test_fake_llama_server_runs_by_hand_with_its_window_and_model() -> None:
    proc, lines = _serve("tests.agent.fake_openai", "--n-ctx", "2048", "--model", "chatter")
    try:
        assert lines[0].startswith("fake llama-server on http://127.0.0.1:"), lines
        assert "window 2048" in lines[0]
        url = lines[0].split(" on ")[1].split(",")[0]
        assert httpx.get(url + "/props", timeout=10).json()["default_generation_settings"][
            "n_ctx"] == 2048
        assert [x.split()[0] for x in lines[1:-1]] == ["chatter"]
        assert lines[-1].startswith(f"try:  memtui DIR --api openai --host {url}")
    finally:
        assert _stop(proc) == 0


@pytest.mark.parametrize("args", [["--port", "70000"], ["--n-ctx", "0"]])
def test_bad_arguments_are_one_line_and_exit_2(args: list[str]) -> None:
    run = subprocess.run([sys.executable, "-m", "tests.agent.fake_openai", *args], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and "error:" in run.stderr and "Traceback" not in run.stderr


def test_a_port_in_use_is_one_line_not_a_traceback() -> None:
    proc, lines = _serve("tests.agent.fake_ollama")
    try:
        port = lines[0].split(" on ")[1].split(" ")[0].rsplit(":", 1)[1]
        run = subprocess.run([sys.executable, "-m", "tests.agent.fake_ollama", "--port", port],
                             cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert run.returncode == 2 and run.stdout.startswith(
            f"error: cannot listen on 127.0.0.1:{port}"), run.stdout + run.stderr
        assert "Traceback" not in run.stderr
    finally:
        _stop(proc)


def test_forgetful_shows_the_cut_nobody_sent_num_ctx_for(tmp_path: Path) -> None:
    """newuser30 #14: every scripted model reported a trained context, so memtui always
    sent num_ctx and the README's headline failure could not be seen without a real
    Ollama. ``forgetful`` reports none; under ``--ollama-version 0.6.6`` the server's 2048
    applies and a longer prompt comes back cut to 2048/2 + 2 tokens."""
    proc, lines = _serve("tests.agent.fake_ollama", "--ollama-version", "0.6.6")
    try:
        url = lines[0].split(" on ")[1].split(" ")[0]
        assert "Ollama 0.6.6's 2048 applies" in lines[-1], lines
        show = httpx.post(url + "/api/show", json={"model": "forgetful"}, timeout=10).json()
        assert not any(k.endswith(".context_length") for k in show["model_info"])
        ws = tmp_path / "ws"
        ws.mkdir()
        (ws / "MEMORY.md").write_text("# Memory\n" + "".join(
            f"- Fact {i}: the line {i} oven runs at its own temperature profile\n"
            for i in range(200)))
        run = subprocess.run([sys.executable, "-m", "memtui", "eval", str(ws), "-m",
                              "I am a process engineer", "--host", url, "--model",
                              "forgetful", "-n", "1"], cwd=ROOT, capture_output=True,
                             text=True, timeout=120)
        assert "truncated" in run.stdout and "1,026" in run.stdout, run.stdout + run.stderr
        assert "likely 2048 (Ollama 0.6.6)" in " ".join(run.stdout.split())
    finally:
        rc = _stop(proc)
    assert rc == 0


def test_docs_chat_says_how_to_run_them() -> None:
    text = " ".join((ROOT / "docs" / "chat.md").read_text(encoding="utf-8").split())
    assert "`python -m tests.agent.fake_ollama`" in text
    assert "`python -m tests.agent.fake_openai --n-ctx 2048`" in text
    assert "`--ollama-version 0.6.6`" in text
    for name in ("writer", "orphan", "fabricator", "skiller", "chatter", "obeyer",
                 "forgetful"):
        assert f"`{name}`" in text
