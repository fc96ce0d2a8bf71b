"""``memtui [PATH]``: argument errors are one line on stderr and exit status 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from memtui import __version__
from memtui.cli import main
from memtui.commands import COMMANDS

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("argv", "message"), [
    (["/no/such/folder"], "memtui: error: /no/such/folder: no such file or folder\n"),
    (["--theme", "nope", "."], "memtui: error: unknown theme 'nope' (choose from "),
    (["--demo", "."], "memtui: error: give a PATH or --demo, not both\n"),
    (["--system-prompt", "/no/such/prompt.txt", "."],
     "memtui: error: --system-prompt /no/such/prompt.txt: no such file\n"),
    # newuser24 #4: a folder that exists is not "no such file"
    (["--system-prompt", "/", "."],
     "memtui: error: --system-prompt /: a folder; memtui does not read it\n"),
    (["--num-ctx", "0", "."], "memtui: error: argument --num-ctx: must be from 256 to "
                              "100,000,000: '0' (see memtui --help)\n"),
    (["--num-ctx", "100", "."], "memtui: error: argument --num-ctx: must be from 256 to "
                                "100,000,000: '100' (see memtui --help)\n"),
    (["--host", "notaurl", "."], "memtui: error: Ollama host 'notaurl' is not a usable URL "
                                 "(give http://HOST:PORT or HOST:PORT)\n"),
    (["--keep", "."], "memtui: error: --keep goes with --demo\n"),
    (["audti"], "memtui: error: audti: no such file or folder (did you mean memtui audit?)\n"),
    # newuser24 #5: what follows a mistyped command is not blamed
    (["audti", "demo"], "memtui: error: audti: no such file or folder (did you mean memtui "
                        "audit?)\n"),
    (["histroy", ".", "--json"], "memtui: error: histroy: no such file or folder (did you "
                                 "mean memtui history?)\n"),
    # newuser25 #21: the word taken for a workspace, and no pointer to --help
    (["help"], "memtui: error: help: no such file or folder (did you mean memtui --help, or "
               "memtui COMMAND --help?)\n"),
    # newuser41 #20: the README's "watch" row is no command; it said "unrecognized
    # arguments: PATH", blaming the folder
    (["watch", "/tmp"], "memtui: error: watch: no such file or folder (there is no watch "
                        "command: the app watches the folder it opens and its chat pane talks "
                        "to the model — memtui PATH, then c; docs/chat.md)\n"),
    (["--host", "http://127.0.0.1:99999", "."],
     "memtui: error: Ollama host 'http://127.0.0.1:99999' is not a usable URL "
     "(Port out of range 0-65535)\n"),
])
def test_bad_arguments_exit_2_with_one_line(argv: list[str], message: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        raise SystemExit(main(argv))
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(message)
    assert err.count("\n") == 1


def test_a_file_that_is_not_an_index_is_refused(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    note = tmp_path / "note.md"
    note.write_text("x", encoding="utf-8")
    assert main([str(note)]) == 2
    assert capsys.readouterr().err == f"memtui: error: {note}: " \
        "not a folder, a MEMORY.md or a file an agent loads every session (GEMINI.md, " \
        "memory_summary.md, USER.md, or an OpenClaw bootstrap file: AGENTS.md, SOUL.md, " \
        "TOOLS.md, IDENTITY.md, HEARTBEAT.md, BOOTSTRAP.md, memory.md)\n"


def test_options_reach_the_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The launcher hands the audit options, agent settings and theme to the app."""
    seen: dict[str, object] = {}

    def fake_run(self: object) -> None:
        seen.update(vars(self))

    monkeypatch.setattr("memtui.tui.app.MemtuiApp.run", fake_run)
    monkeypatch.setattr("memtui.commands.app.terminal_problem", lambda: None)
    prompt = tmp_path / "prompt.txt"
    prompt.write_text("be brief", encoding="utf-8")
    assert main([str(tmp_path), "--theme", "memtui-paper", "--num-ctx", "8192",
                 "--model", "qwen3:14b", "--host", "localhost:1", "--system-prompt",
                 str(prompt), "--tool-prose", "--decoys", "--profile", "claude-code",
                 "--no-watch"]) == 0
    settings = seen["settings"]
    assert (settings.model, settings.host, settings.num_ctx, settings.system_prompt_file,
            settings.tool_prose, settings.decoys) == (
        "qwen3:14b", "localhost:1", 8192, prompt, True, True)
    options = seen["options"]
    assert (options.num_ctx, options.profile) == (8192, "claude-code")
    assert seen["_requested_theme"] == "memtui-paper"
    assert seen["watching"] is False


def memtui(*args: str | Path, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "memtui", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.parametrize("command", [[], ["audit"], ["eval", "--model", "m", "-m", "hi"]])
def test_num_ctx_is_checked_the_same_in_every_command(command: list[str]) -> None:
    proc = memtui(*command, ".", "--num-ctx", "255")
    prog = " ".join(["memtui", *command[:1]])
    assert (proc.returncode, proc.stderr) == (
        2, f"{prog}: error: argument --num-ctx: must be from 256 to 100,000,000: '255' "
           f"(see {prog} --help)\n")


def test_version_and_help() -> None:
    version = memtui("--version")
    assert (version.returncode, version.stdout) == (0, f"memtui {__version__}\n")
    helped = memtui("--help")
    usage = helped.stdout.split("\n\n")[0]
    assert usage == ("usage: memtui [options] [PATH]\n"
                     f"       memtui {{{','.join(COMMANDS)}}} ...  (memtui COMMAND --help)")
    assert {"audit", "fix", "history", "undo", "eval", "demo"} <= set(COMMANDS)
    for name, (_, text) in COMMANDS.items():
        assert f"  {name:<8} {text}\n" in helped.stdout


def test_demo_copy_is_shown_and_removed_on_quit(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    opened: list[Path] = []

    def fake_run(self: object) -> None:
        root = self.workspace.root  # type: ignore[attr-defined]
        assert (root / "MEMORY.md").is_file()
        opened.append(root)

    monkeypatch.setattr("memtui.tui.app.MemtuiApp.run", fake_run)
    monkeypatch.setattr("memtui.commands.app.terminal_problem", lambda: None)
    assert main(["--demo", "--no-watch"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err == [f"memtui: the demo is a temporary copy at {opened[0]}",
                   f"memtui: removed the demo copy at {opened[0]} (--keep keeps it; memtui demo "
                   "DIR makes a lasting copy)"]
    assert not opened[0].parent.exists()
    assert main(["--demo", "--keep", "--no-watch"]) == 0
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"memtui: kept the demo copy at {opened[1]}")
    assert (opened[1] / "MEMORY.md").is_file()
    import shutil

    shutil.rmtree(opened[1].parent)


def test_demo_dir_makes_a_lasting_copy(tmp_path: Path) -> None:
    target = tmp_path / "try"
    proc = memtui("demo", target)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0] == f"demo workspace copied to {target}; try:"
    assert (target / "MEMORY.md").is_file() and (target / "memory/scrap-log.md").is_file()
    audited = memtui("audit", target, "--json", "--fail-on", "never")
    assert audited.returncode == 0
    again = memtui("demo", target)
    assert (again.returncode, again.stderr) == (
        2, f"memtui demo: error: {target} exists and is not an empty folder; nothing was "
           "copied\n")
    (tmp_path / "empty").mkdir()
    assert memtui("demo", tmp_path / "empty").returncode == 0


def test_the_demos_hint_names_a_folder_called_demo_as_a_path(tmp_path: Path) -> None:
    """newuser25 #5: `memtui demo demo` advised "memtui demo", which is the demo command
    (rc 2, "DIR is required"); now "memtui ./demo", and that command, given no DIR beside
    a folder demo/, says how to open it."""
    proc = memtui("demo", "demo", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[1:] == ["  memtui ./demo", "  memtui audit ./demo",
                                           "  memtui fix delete ./demo scrap-log --dry-run"]
    again = memtui("demo", cwd=tmp_path)
    assert (again.returncode, again.stderr) == (
        2, "memtui demo: error: the following arguments are required: DIR (see memtui demo "
           "--help); to open the folder demo/, write memtui ./demo\n")
    spaced = memtui("demo", "my demo", cwd=tmp_path)
    assert spaced.stdout.splitlines()[1] == "  memtui 'my demo'"


@pytest.mark.parametrize("argv", [["PATH"], ["--demo"], ["fleet", "ROOT"]])
def test_the_app_without_a_terminal_says_so_and_exits_2(argv: list[str],
                                                        tmp_path: Path) -> None:
    """newuser22 #37: ``memtui PATH`` with stdin and stdout not a terminal (CI, a pipe, a
    redirected file) drew its screen into the file and waited for keys forever. One line,
    exit 2, nothing on stdout (and no demo copy made)."""
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("# Memory\n", encoding="utf-8")
    args = [str(ws) if a == "PATH" else str(tmp_path) if a == "ROOT" else a for a in argv]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MEMTUI_NO_CACHE": "1",
           "TMPDIR": str(tmp_path)}
    env.pop("TEXTUAL_DRIVER", None)
    env.pop("MEMTUI_SERVED", None)
    proc = subprocess.run([sys.executable, "-m", "memtui", *args], cwd=ROOT, env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=60)
    prog = "memtui fleet" if argv[0] == "fleet" else "memtui"
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == (f"{prog}: error: the app needs a terminal (stdin and stdout are "
                           "not one here); for a report run memtui audit PATH\n")
    assert not list(tmp_path.glob("memtui-demo-*"))
