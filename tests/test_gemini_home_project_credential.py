"""newuser36 #18: ``memtui audit ~/.gemini`` reported a credential in a project's memory
(``tmp/<project>/memory/``, a workspace of its own) as "no memory, but the agent opens it …
fix redact edits memories only" — advice that is wrong there: ``memtui fix redact`` on the
project's folder redacts it. The finding now names that workspace and the command, and the
command works. Real folders, the CLI."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

TOKEN = "ghp_Zq8Lm3Rt6Yp1Xw4Vn7Bk2Hs5Dj9Fg0Ca2Ee5"


def _run(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "memtui", *args], capture_output=True,
                          text=True, env={"HOME": str(home), "PATH": "/usr/bin:/bin"},
                          timeout=300)


def test_a_project_memory_credential_names_its_workspace_and_the_redaction(
        tmp_path: Path) -> None:
    home = tmp_path / "home"
    gem = home / ".gemini"
    project = gem / "tmp" / "app-slug" / "memory"
    project.mkdir(parents=True)
    (gem / "GEMINI.md").write_text("# Notes\n\n## Gemini Added Memories\n- The user prefers "
                                   "short answers.\n", encoding="utf-8")
    (project / "MEMORY.md").write_text(f"- See {project}/deploy.md for the deploy notes.\n",
                                       encoding="utf-8")
    (project / "deploy.md").write_text(f"# Deploy\n\nTOKEN={TOKEN}\n", encoding="utf-8")
    proc = _run("audit", str(gem), "--json", home=home)
    assert proc.returncode == 1, proc.stderr
    secret = next(f for f in json.loads(proc.stdout)["findings"] if f["kind"] == "secret")
    assert secret["path"] == "tmp/app-slug/memory/deploy.md"
    assert "fix redact edits memories only" not in secret["message"]
    command = secret["message"].split("(memtui ", 1)[1].split(")", 1)[0]
    assert command == f"fix redact {shlex.quote(str(project))} deploy.md"
    done = _run(*shlex.split(command), home=home)
    assert done.returncode == 0, done.stderr
    assert TOKEN not in (project / "deploy.md").read_text(encoding="utf-8")
