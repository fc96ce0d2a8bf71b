"""Output that cannot be written (issue 18, section 5), end to end in real subprocesses for
every command: stdout closed (``>&-``), stdout on ``/dev/full``, a reader gone before the
first byte (``| head -c0``), and an ASCII or C locale. Each ends in one line on stderr and
exit 1 or 2 (a gone reader: no line at all), never a traceback; an ASCII locale's report
shows what it cannot encode as escapes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "memtui" / "demo" / "workspace"
NON_ASCII = "memory/naïve-café.md"
ASCII_ENVS = {"PYTHONIOENCODING=ascii": {"PYTHONIOENCODING": "ascii"},
              "LC_ALL=C": {"LC_ALL": "C", "LANG": "C", "PYTHONCOERCECLOCALE": "0",
                           "PYTHONUTF8": "0"}}

#: Every command, given the workspace (its parent is a root for --discover).
COMMANDS: dict[str, Callable[[Path], list[str]]] = {
    "audit": lambda ws: ["audit", str(ws)],
    "audit --json": lambda ws: ["audit", "--json", str(ws)],
    "audit --format sarif": lambda ws: ["audit", "--format", "sarif", str(ws)],
    "audit --discover": lambda ws: ["audit", "--discover", str(ws.parent)],
    "history": lambda ws: ["history", str(ws)],
    "history --json": lambda ws: ["history", "--json", str(ws)],
    "trend": lambda ws: ["trend", str(ws)],
    "trend --json": lambda ws: ["trend", "--json", str(ws)],
    "fix rename --dry-run": lambda ws: ["fix", "rename", "--dry-run", str(ws),
                                        "bias-power-doe", "bias-power"],
    "fix delete --dry-run": lambda ws: ["fix", "delete", "--dry-run", str(ws),
                                        "bias-power-doe"],
    "undo": lambda ws: ["undo", str(ws)],
    "demo": lambda ws: ["demo", str(ws.parent / "copy")],
    "--help": lambda ws: ["--help"],
    "audit --help": lambda ws: ["audit", "--help"],
}
#: These only start (an app, a server, a model): with stdout closed they must refuse.
STARTERS: dict[str, Callable[[Path], list[str]]] = {
    "app": lambda ws: [str(ws)],
    "serve": lambda ws: ["serve", str(ws), "--port", "0"],
    "eval": lambda ws: ["eval", str(ws), "--host", "http://127.0.0.1:9"],
}


def env(extra: dict[str, str] | None = None) -> dict[str, str]:
    full = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    full.pop("PYTHONIOENCODING", None)
    full.update(extra or {})
    return full


def memtui(args: list[str], stdout: int | None, extra: dict[str, str] | None = None,
           close_stdout: bool = False) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "memtui", *args], env=env(extra), cwd=ROOT, stdout=stdout,
        stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, timeout=120,
        preexec_fn=(lambda: os.close(1)) if close_stdout else None)


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    """The demo workspace with a non-ASCII memory, one journaled operation (for history
    and undo) and a git history (for trend)."""
    ws = tmp_path / "root-ü" / "ws"
    shutil.copytree(DEMO, ws)
    (ws / NON_ASCII).write_text(
        "---\nname: naïve-café\ndescription: café ☕ déjà vu\ntype: user\n---\n"
        "über [[bias-power-doe]]\n", encoding="utf-8")
    git = ["git", "-C", str(ws), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "demo"], check=True)
    done = memtui(["fix", "rename", str(ws), "chamber-a-seasoning", "chamber-a-season"],
                  subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    return ws


def one_line(out: subprocess.CompletedProcess[bytes]) -> str:
    err = out.stderr.decode("utf-8")
    assert "Traceback" not in err and "Exception" not in err, err
    assert err.count("\n") == 1 and err.startswith("memtui"), err
    assert out.returncode in (1, 2), (out.returncode, err)
    return err


@pytest.mark.parametrize("name", [*COMMANDS, *STARTERS])
def test_stdout_closed_is_one_line_and_nothing_done(ws: Path, name: str) -> None:
    args = {**COMMANDS, **STARTERS}[name](ws)
    before = sorted(p.name for p in ws.rglob("*"))
    out = memtui(args, None, close_stdout=True)
    if name.endswith("--help"):  # argparse writes help to stderr when stdout is gone
        assert out.returncode in (0, 2) and b"Traceback" not in out.stderr, out.stderr
        return
    assert "standard output is closed" in one_line(out)
    assert sorted(p.name for p in ws.rglob("*")) == before  # undo undid nothing
    assert not (ws.parent / "copy").exists()  # demo copied nothing


@pytest.mark.parametrize("name", COMMANDS)
def test_stdout_full_is_one_line(ws: Path, name: str) -> None:
    with open("/dev/full", "wb") as full:
        out = memtui(COMMANDS[name](ws), full.fileno())
    assert "No space left on device" in one_line(out)


@pytest.mark.parametrize("name", COMMANDS)
def test_gone_reader_is_quiet(ws: Path, name: str) -> None:
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first byte
    try:
        out = memtui(COMMANDS[name](ws), write)
    finally:
        os.close(write)
    assert out.stderr == b"", out.stderr
    assert out.returncode in (1, 2, 141)  # 141: as a shell reports SIGPIPE


@pytest.mark.parametrize("locale", ASCII_ENVS)
@pytest.mark.parametrize("name", ["audit", "trend", "history", "fix rename --dry-run",
                                  "audit --json", "audit --discover"])
def test_ascii_locale_degrades_to_escapes(ws: Path, name: str, locale: str) -> None:
    if name == "history":  # a journaled operation on the non-ASCII memory
        done = memtui(["fix", "rename", str(ws), "naïve-café", "cafe"], subprocess.DEVNULL)
        assert done.returncode == 0, done.stderr
    # wide enough that every file is named (a narrower report lists fewer)
    out = memtui(COMMANDS[name](ws), subprocess.PIPE, {**ASCII_ENVS[locale], "COLUMNS": "400"})
    assert out.stderr == b"" or b"Traceback" not in out.stderr, out.stderr
    assert out.returncode in (0, 1), out.stderr.decode()
    text = out.stdout.decode("ascii")  # strict: nothing but ASCII went out
    assert "\\x" in text or "\\u" in text, text[:2000]  # what it could not encode, escaped
    if name in ("audit", "audit --json"):
        assert "memory/na\\" in text  # escaped (under C: its bytes)
