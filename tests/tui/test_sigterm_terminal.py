"""newuser27 #17: SIGTERM (the only way out of a frozen app) left the terminal in the app's
alternate screen, input not echoed, until ``reset``. The app ends on SIGTERM as on ``q``,
the terminal given back; an app whose loop is held up is ended after a short grace with the
terminal given back all the same. In a real terminal (tmux): its alternate-screen state."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

from tests.tmux import needs_tmux, tm, wait_for

pytestmark = needs_tmux
ROOT = Path(__file__).resolve().parents[2]
FROZEN = """
import sys
import time
from pathlib import Path
from textual.app import App
from textual.widgets import Static
from memtui.commands.app_signals import ends_on_signals

class Frozen(App):
    def compose(self):
        yield Static("frozen-soon")
    def on_mount(self):
        self.call_after_refresh(lambda: time.sleep(600))  # the loop held up, as in #13

app = Frozen()
with ends_on_signals(app):
    app.run()
Path(sys.argv[1]).write_text("ended by its loop")  # not reached: the loop is held up
sys.exit(app.return_code or 0)
"""


def _ends_with_the_terminal_given_back(tmux: list[str], command: str, shown: str,
                                      status_file: Path) -> str:
    """Run ``command`` in a pane, SIGTERM it once ``shown``, and return its exit status. The
    shell of the pane writes the status to ``status_file``: tmux marks a pane dead when its
    terminal closes and sometimes never records the status of a process that ended from
    another thread (``#{pane_dead_status}`` stayed empty in one run of three)."""
    tm(tmux, "new-session", "-d", "-s", "t", "-x", "80", "-y", "24", "sleep 600")
    tm(tmux, "set", "-g", "remain-on-exit", "on")
    tm(tmux, "respawn-pane", "-k", "-t", "t", f"{command}; echo $? > {status_file}")
    wait_for(tmux, shown)
    assert tm(tmux, "display", "-p", "-t", "t", "#{alternate_on}").strip() == "1"
    time.sleep(1.5)
    shell = int(tm(tmux, "display", "-p", "-t", "t", "#{pane_pid}"))
    os.kill(_child_of(shell), signal.SIGTERM)
    wait_for(tmux, lambda _s: tm(tmux, "display", "-p", "-t", "t", "#{pane_dead}").strip()
             == "1", timeout=30)
    assert tm(tmux, "display", "-p", "-t", "t", "#{alternate_on}").strip() == "0"
    return status_file.read_text().strip()


def _child_of(pid: int) -> int:
    """The process whose parent is ``pid`` (the command the pane's shell runs)."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                return int(entry.name)
    raise AssertionError(f"no child of {pid}")


def _env(**more: str) -> str:
    env = {"PYTHONPATH": str(ROOT), "MEMTUI_NO_CACHE": "1", "TERM": "xterm-256color", **more}
    return " ".join(["env", "-u", "COLUMNS", "-u", "LINES"] + [f"{k}={v}" for k, v in env.items()])


def test_sigterm_ends_the_app_with_the_terminal_given_back(tmp_path: Path,
                                                          tmux: list[str]) -> None:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "memory" / "a.md").write_text("---\nname: a\ndescription: a\ntype: project\n---\na\n",
                                        encoding="utf-8")
    (ws / "MEMORY.md").write_text("# M\n\n- [A](memory/a.md) — a\n", encoding="utf-8")
    status = _ends_with_the_terminal_given_back(
        tmux, f"{_env()} {sys.executable} -m memtui {ws} --no-watch", "Quit",
        tmp_path / "status")
    assert status == str(128 + signal.SIGTERM)


def test_a_held_up_app_is_ended_with_the_terminal_given_back(tmp_path: Path,
                                                            tmux: list[str]) -> None:
    script = tmp_path / "frozen.py"
    script.write_text(FROZEN, encoding="utf-8")
    status = _ends_with_the_terminal_given_back(
        tmux, f"{_env()} {sys.executable} {script} {tmp_path / 'ended'}", "frozen-soon",
        tmp_path / "status")
    assert status == str(128 + signal.SIGTERM)
    assert not (tmp_path / "ended").exists()
