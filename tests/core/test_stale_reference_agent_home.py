"""real29 #3: an OpenClaw workspace is the agent's home, about itself: its daily notes name
the agent's own tools (`web_search`, `web_fetch`), which no file of the home holds. Such a
code-shaped name is stale only when the home's git history held it and its text no longer
does (a function renamed in a script the home keeps); absent from both, nothing. The same
note in the platform's item workspace (a codebase) reports a name its text lacks when it has
no git history to ask (newuser29 #32: with one, only what that history held)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.core.helpers import make_ws, run_audit

NOTE = ("# 2026-03-06\n\nEnabled `web_search` and `web_fetch` in the tool allow-list.\n"
        "The lead script's `fetch_leads` became `fetch_companies`.\n")


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t",
                    "-c", "commit.gpgsign=false", *args], check=True, capture_output=True)


def _home(root: Path, bootstrap: bool) -> Path:
    files = {"MEMORY.md": "# Memory\n\n- Leads come from the scraper.\n",
             "scraper/leads.py": "def fetch_leads():\n    return []\n",
             # a daily note's name is OpenClaw's too: the item workspace's note is named else
             ("memory/2026-03-06.md" if bootstrap else "memory/tools.md"): NOTE}
    if bootstrap:
        files["SOUL.md"] = "# Soul\n\nBe brief.\n"
        files["AGENTS.md"] = "# Agents\n\nRead MEMORY.md first.\n"
    ws = make_ws(root, files)
    _git(ws, "init", "-q")
    _git(ws, "add", "-A")
    _git(ws, "commit", "-qm", "one")
    (ws / "scraper" / "leads.py").write_text("def fetch_companies():\n    return []\n",
                                             encoding="utf-8")
    _git(ws, "commit", "-qam", "rename")
    return ws


def _stale(ws: Path) -> tuple[str, list[str]]:
    result = run_audit(ws)
    return result.profile, sorted(f.message.split(":")[0] for f in result.findings
                                  if f.kind == "stale_reference")


def test_an_agents_home_reports_only_what_its_history_held(tmp_path: Path) -> None:
    assert _stale(_home(tmp_path / "home", bootstrap=True)) == ("openclaw", ["`fetch_leads`"])


def test_an_item_workspace_with_git_reports_only_what_its_history_held(
        tmp_path: Path) -> None:
    """newuser29 #32: with git history, a symbol never held is outside the project."""
    profile, stale = _stale(_home(tmp_path / "item", bootstrap=False))
    assert profile == "item"
    assert stale == ["`fetch_leads`"]


def test_an_item_workspace_without_git_still_reports_a_name_its_text_lacks(
        tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "item", {"MEMORY.md": "- [T](memory/tools.md) — tools\n",
                                     "scraper/leads.py": "def fetch_companies():\n    pass\n",
                                     "memory/tools.md": NOTE})
    profile, stale = _stale(ws)
    assert profile == "item"
    assert stale == ["`fetch_leads`", "`web_fetch`", "`web_search`"]
