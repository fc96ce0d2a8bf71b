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
