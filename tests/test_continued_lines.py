"""A credential split by a ``\\`` at a line's end is read joined, as the shell reads it
(newuser38 #3: ``GH="ghp_…\\`` ⏎ ``…"`` passed ``--fail-on error`` with no finding).
`memtui.core.scanner.continued_lines`. Real files in a temp dir, the CLI in a child
process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEAD, TAIL = "ghp_" + "R8vQ2mZx7LpK4", "nW9tY3bHc6dFj1sGa5eUo0i"
PASSWORD = "Zq8mL2" + "vR9xWt4kP"
MEMORY = "---\nname: ci env\ndescription: how CI is set up\ntype: reference\n---\n\n{}"


def memtui(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "memtui", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT)


def workspace(tmp_path: Path, body: str) -> Path:
    (tmp_path / "MEMORY.md").write_text("- [CI env](ci-env.md) — how CI is set up\n")
    (tmp_path / "ci-env.md").write_text(MEMORY.format(body))
    return tmp_path


def test_a_token_split_by_a_shell_continuation_fails_the_gate(tmp_path: Path) -> None:
    ws = workspace(tmp_path, f'Set it in the shell:\n\nGH="{HEAD}\\\n{TAIL}"\n')
    done = memtui("audit", str(ws), "--fail-on", "error")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "ci-env.md:9  GitHub Token, written over 2 lines a \\ at the line's end joins" \
        in done.stdout
    assert "ci-env.md:10  the rest of a value begun on line 9 (GitHub Token)" in done.stdout
    assert HEAD not in done.stdout and TAIL not in done.stdout


def test_a_label_continued_to_its_value_and_an_escaped_backslash(tmp_path: Path) -> None:
    """``export DB_PASSWORD=\\`` ⏎ ``  value``: the label's value is on the next line;
    ``\\\\`` at a line's end is a backslash written, no join."""
    ws = workspace(tmp_path, f"```sh\nexport DB_PASSWORD=\\\n  {PASSWORD}\n```\n\n"
                             "A path ends C:\\\\\nand the next line is prose.\n")
    done = memtui("audit", str(ws), "--fail-on", "error", "--json")
    assert done.returncode == 1, done.stdout + done.stderr
    assert '"line": 9' in done.stdout and "password label" in done.stdout


def test_redact_takes_every_piece_and_the_audit_is_then_clean(tmp_path: Path) -> None:
    ws = workspace(tmp_path, f'GH="{HEAD}\\\n{TAIL}"\n')
    done = memtui("fix", "redact", str(ws), "ci-env.md")
    assert done.returncode == 0, done.stdout + done.stderr
    text = (ws / "ci-env.md").read_text()
    assert HEAD not in text and TAIL not in text and 'GH="[REDACTED]\\\n[REDACTED]"' in text
    assert memtui("audit", str(ws), "--fail-on", "error").returncode == 0


def test_a_joined_reading_pairs_no_words_lines_apart(tmp_path: Path) -> None:
    """A value the join does not put right after the line before is the line's own to
    judge: ``token_1x`` ending one line does not label ``abc129`` in the middle of the
    next (found measuring a 20,000-line file of continued commands)."""
    ws = workspace(tmp_path, "".join(f"echo step {i} token_{i}x \\\ncurl -H 'X-Trace: abc{i}' \\\n"
                                     for i in range(40)) + "done\n")
    done = memtui("audit", str(ws), "--fail-on", "error")
    assert done.returncode == 0, done.stdout
