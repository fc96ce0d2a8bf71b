"""newuser38 #15: a credential in ``memory/<sub>/.git/config`` (a nested repository's remote
URL) was said to be "no memory, but the agent opens it with its file tools" — memtui's
agent refuses ``.git/`` at any depth. Reported still (redteam34), with what is true. A real
nested git repository, the CLI in a child process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "ghp_" + "R8vQ2mZx7LpK4nW9tY3bHc6dFj1sGa5eUo0i"


def test_a_nested_repositorys_credential_is_said_truly(tmp_path: Path) -> None:
    ws = tmp_path / "agent"
    (ws / "memory" / "vendored").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- nothing yet\n")
    sub = ws / "memory" / "vendored"
    subprocess.run(["git", "init", "-q", str(sub)], check=True)
    subprocess.run(["git", "-C", str(sub), "remote", "add", "origin",
                    f"https://x-access-token:{TOKEN}@github.com/o/r.git"], check=True)
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws), "--json"],
                         capture_output=True, text=True, env=env, cwd=ROOT)
    assert run.returncode == 1, run.stderr
    said = [f["message"] for f in json.loads(run.stdout)["findings"]
            if f["kind"] == "secret" and f["path"] == "memory/vendored/.git/config"]
    assert said and all("refuses .git/" in m and "the agent opens it" not in m
                        for m in said), said
