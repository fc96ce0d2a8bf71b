"""newuser39 #12: one-line errors said the same way by every command: ``fleet`` on a missing
path says "no such file or folder" (as every other command does), a configuration value is
quoted as the user wrote it (``1e3``, not ``'1000.0'``), and ``serve``'s error for a bad app
option after ``--`` names ``serve`` in its prefix. The CLI in a child process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1"}
    return subprocess.run([sys.executable, "-m", "memtui", *map(str, args)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "MEMORY.md").write_text("- [A](a.md) — a\n", encoding="utf-8")
    (ws / "a.md").write_text("---\nname: a\ndescription: a\ntype: user\n---\nA.\n",
                             encoding="utf-8")
    return ws


def test_fleet_on_a_missing_path(tmp_path: Path) -> None:
    proc = cli("fleet", tmp_path / "nope")
    assert (proc.returncode, proc.stderr) == (
        2, f"memtui fleet: error: {tmp_path / 'nope'}: no such file or folder\n")
    (tmp_path / "file").write_text("x", encoding="utf-8")
    proc = cli("fleet", tmp_path / "file")
    assert (proc.returncode, proc.stderr) == (
        2, f"memtui fleet: error: {tmp_path / 'file'}: not a folder\n")


def test_a_config_value_is_quoted_as_written(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    for line, said in (("num-ctx = 1e3", "num-ctx: not a whole number, not '1e3'"),
                       ("stale-days = 1_0e9", "stale-days: must be from 0 to 36,500, not "
                                              "'1_0e9'")):
        (ws / ".memtui.toml").write_text(line + "\n", encoding="utf-8")
        proc = cli("audit", ws)
        assert (proc.returncode, proc.stderr) == (
            2, f"memtui audit: error: {ws / '.memtui.toml'}: {said}\n")


def test_serve_names_itself_for_a_bad_app_option(tmp_path: Path) -> None:
    proc = cli("serve", workspace(tmp_path), "--", "--bogus")
    assert proc.returncode == 2
    assert proc.stderr.startswith("memtui serve: error: unrecognized arguments: --bogus"), \
        proc.stderr
