"""Another agent's limit flag given to ``memtui audit`` is said on stderr, with the profile
it applies to and how to use it; it was accepted and silently ignored (newuser29 #31)."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.cli import main
from tests.core.helpers import make_ws, memory


def _stderr(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    main(["audit", *args, "--json"])
    return capsys.readouterr().err


def test_another_agents_limit_flags_are_named_on_stderr(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cc = make_ws(tmp_path / "cc", {"MEMORY.md": "- [A](a.md) — about a\n",
                                   "a.md": memory("a")})
    err = _stderr(capsys, str(cc), "--profile", "claude-code", "--summary-tokens", "1",
                  "--memory-char-limit", "5", "--bootstrap-max-chars", "10",
                  "--max-lines", "1")
    assert ("memtui audit: --summary-tokens applies to the codex profile; this folder is "
            "audited as claude-code, so it has no effect here (--profile codex to use it)"
            ) in err.splitlines()
    assert "--memory-char-limit applies to the hermes profile" in err
    assert "--bootstrap-max-chars applies to the openclaw profile" in err
    assert "--max-lines" not in err  # claude-code's own


def test_max_lines_under_hermes_is_named(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    home = make_ws(tmp_path / ".hermes", {"memories/MEMORY.md": "Deploys at 02:00.\n",
                                          "memories/USER.md": "Prefers short answers.\n"})
    err = _stderr(capsys, str(home / "memories"), "--max-lines", "1",
                  "--memory-char-limit", "50")
    assert ("memtui audit: --max-lines applies to the claude-code profile; this folder is "
            "audited as hermes, so it has no effect here (--profile claude-code to use it)"
            ) in err.splitlines()
    assert "--memory-char-limit" not in err


def test_discover_trend_and_the_app_say_it_too(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """newuser29 #31's line was said by ``audit`` alone: ``audit --discover``, ``trend`` and
    the app (its first notice) took the same flags and said nothing."""
    import subprocess

    from memtui.commands import app as app_command
    from memtui.commands.parser import ArgumentParser

    cc = make_ws(tmp_path / "fleet" / "cc", {"MEMORY.md": "- [A](a.md) — about a\n",
                                             "a.md": memory("a")})
    main(["audit", str(tmp_path / "fleet"), "--discover", "--summary-tokens", "1"])
    err = capsys.readouterr().err
    assert ("memtui audit: --summary-tokens applies to the codex profile; these folders are "
            "audited as claude-code, so it has no effect here (--profile codex to use it)"
            ) in err.splitlines(), err
    # a flag nobody gave is never named (fix31a: under --discover the defaults merged in
    # first made --max-lines and --max-bytes look given for a fleet of codex folders)
    make_ws(tmp_path / "codex" / ".codex" / "memories", {"memory_summary.md": "# s\n"})
    main(["audit", str(tmp_path / "codex"), "--discover"])
    assert "--max-lines" not in capsys.readouterr().err
    subprocess.run(["git", "init", "-q", str(cc)], check=True)
    subprocess.run(["git", "-C", str(cc), "-c", "user.name=t", "-c", "user.email=t@t",
                    "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(cc), "-c", "user.name=t", "-c", "user.email=t@t",
                    "commit", "-qm", "one"], check=True)
    main(["trend", str(cc), "--memory-char-limit", "5"])
    err = capsys.readouterr().err
    assert "memtui trend: --memory-char-limit applies to the hermes profile; this folder " \
        "is audited as claude-code" in err, err
    parser = ArgumentParser(prog="memtui")
    app_command.add_arguments(parser)
    app = app_command.app_for(str(cc), parser.parse_args(
        [str(cc), "--no-watch", "--bootstrap-max-chars", "10"]))
    assert not isinstance(app, int)
    assert app.start_note.startswith("--bootstrap-max-chars applies to the openclaw "
                                      "profile; this folder is audited as claude-code"), \
        app.start_note
    quiet = app_command.app_for(str(cc), parser.parse_args([str(cc), "--no-watch"]))
    assert not isinstance(quiet, int) and quiet.start_note == ""


def test_the_app_says_the_workspaces_own_file_raised_its_limits(tmp_path: Path) -> None:
    """newuser30 #12: a workspace's own ``.memtui.toml`` with ``max-bytes = 99999999`` made
    the app show an all-clear for an index whose last memories Claude Code never loads;
    only ``audit --fail-on`` said so. The first notice names the settings; a flag given on
    the command line is the operator's, not the file's."""
    from memtui.commands import app as app_command
    from memtui.commands.parser import ArgumentParser

    cc = make_ws(tmp_path / "cc", {"MEMORY.md": "- [A](a.md) — about a\n",
                                   "a.md": memory("a")})
    (cc / ".memtui.toml").write_text("max-bytes = 99999999\nmax-lines = 100000\n")
    parser = ArgumentParser(prog="memtui")
    app_command.add_arguments(parser)
    app = app_command.app_for(str(cc), parser.parse_args([str(cc), "--no-watch"]))
    assert not isinstance(app, int)
    assert "this workspace's own .memtui.toml sets max-lines = 100000, max-bytes = " \
        "99999999: the audit follows it" in app.start_note, app.start_note
    mine = app_command.app_for(str(cc), parser.parse_args(
        [str(cc), "--no-watch", "--max-lines", "150", "--max-bytes", "20000"]))
    assert not isinstance(mine, int) and "own .memtui.toml" not in mine.start_note
