"""newuser39 #11: ``memtui trend``'s "kept out" footnote blamed "the configuration" for
findings inline ``memtui: ignore`` comments hid, in a workspace with no configuration.
Each point now says by what (``suppressed.by``), and the footnote names the cause as
``audit`` does. A real git repository, the CLI in a child process."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from tests.core.helpers import memory
from tests.core.test_trend import commit, git

ROOT = Path(__file__).resolve().parents[2]
IGNORED = "STAGING_PASSWORD=Hu7#kd92!xqZ <!-- memtui: ignore secret -->"


def cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "COLUMNS": "250"}
    return subprocess.run([sys.executable, "-m", "memtui", *map(str, args)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def test_inline_comments_are_named_not_the_configuration(tmp_path: Path) -> None:
    repo = tmp_path / "ws"
    repo.mkdir()
    git(repo, "init", "-q")
    commit(repo, {"MEMORY.md": "- [A](memory/a.md) — a\n- [B](memory/b.md) — b\n",
                  "memory/a.md": memory("a", "Plain."), "memory/b.md": memory("b", "Plain.")},
           "first")
    commit(repo, {"memory/a.md": memory("a", IGNORED), "memory/b.md": memory("b", IGNORED)},
           "ignored credentials")
    audit = json.loads(cli("audit", repo, "--json", "--fail-on", "never").stdout)
    assert audit["suppressed"]["inline"] >= 2 and audit["suppressed"]["config"] == 0
    points = json.loads(cli("trend", repo, "--json").stdout)["points"]
    assert points[-1]["suppressed"]["by"] == {"inline": points[-1]["suppressed"]["total"]}
    out = " ".join(cli("trend", repo).stdout.split())
    assert "kept out: findings suppressed or lowered by inline `memtui: ignore` comments in " \
           "the files at that commit" in out, out
    assert "configuration" not in out.split("kept out:")[1]
