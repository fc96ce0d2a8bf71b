"""real33: OpenClaw's MEMORY.md linking the bootstrap files the agent loads every turn.

A real workspace's MEMORY.md said "details: [SOUL.md](./SOUL.md) | [USER.md](./USER.md)".
OpenClaw injects both into every turn (`memtui.core.profiles.openclaw`), yet the audit
warned ``unaudited_link`` ("a file the audit does not read as a memory; the agent reads
it when it follows the link") for each, and reported "no frontmatter" on each and on a
hidden note the index linked, though no OpenClaw file carries frontmatter: the findings
of a file the index links were not judged as the profile judges its memories'.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.core.helpers import make_ws

ROOT = Path(__file__).resolve().parents[2]


def _audit(ws: Path) -> dict:
    out = subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws), "--json"],
                         cwd=ROOT, capture_output=True, text=True, check=False, timeout=300)
    assert out.returncode in (0, 1), out.stderr
    return json.loads(out.stdout)


def _workspace(tmp: Path, index: str) -> Path:
    return make_ws(tmp / ".openclaw" / "workspace", {
        "AGENTS.md": "# AGENTS.md\n\nRead SOUL.md first.\n",
        "SOUL.md": "# SOUL.md\n\nCalm.\n",
        "USER.md": "# USER.md\n\nName: Pat\n",
        "MEMORY.md": index,
        "memory/2026-07-25.md": "# 2026-07-25\n\n- set up the workspace\n",
        "memory/.abstract": "# Notes\n\n- [the first day](2026-07-25.md)\n",
        "notes/extra.md": "# Extra\n\nA note kept outside memory/.\n",
    })


def test_links_to_injected_bootstrap_files_are_no_unaudited_links(tmp_path: Path) -> None:
    report = _audit(_workspace(tmp_path, "# MEMORY.md\n\n- Who: [SOUL.md](./SOUL.md) | "
                                         "[USER.md](./USER.md)\n"
                                         "- Notes: [index](./memory/.abstract)\n"
                                         "- More: [extra](notes/extra.md)\n"))
    assert report["profile"] == "openclaw"
    assert {"SOUL.md", "USER.md"} <= set(report["injected_block"]["files"])
    unaudited = sorted(f["message"].split(":")[0] for f in report["findings"]
                       if f["kind"] == "unaudited_link")
    # the hidden note and the file outside memory/ are opened only by following the link
    assert unaudited == ["link to memory/.abstract", "link to notes/extra.md"]
    # and no file of an OpenClaw workspace is asked for frontmatter, linked or not
    assert [f["path"] for f in report["findings"] if f["kind"] == "frontmatter"] == []


def test_a_linked_files_credential_is_still_reported(tmp_path: Path) -> None:
    ws = _workspace(tmp_path, "# MEMORY.md\n\n- Who: [USER.md](./USER.md)\n"
                              "- More: [extra](notes/extra.md)\n")
    (ws / "notes" / "extra.md").write_text(
        "# Extra\n\n- mail password: Vq8rTz2mLp5wKx\n", encoding="utf-8")
    report = _audit(ws)
    assert [(f["path"], f["line"]) for f in report["findings"] if f["kind"] == "secret"] == [
        ("notes/extra.md", 3)]
