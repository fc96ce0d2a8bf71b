"""newuser30 #7: Gemini CLI's memory folder holding only its legacy GEMINI.md (no MEMORY.md,
no topic file) was refused, "holds no MEMORY.md and no memory file: nothing to audit",
exit 2, with or without ``--profile gemini`` — though docs/formats.md says the agent
loads that GEMINI.md whole, and one topic file beside it made the same folder audited
that way. A folder whose file the agent loads is audited; one with nothing is refused."""

from __future__ import annotations

import json
from pathlib import Path

from tests.edit.conftest import cli

GEMINI = ("# Project\n\n## Gemini Added Memories\n- The user prefers tabs.\n"
          "- Deploys go through staging first.\n")


def test_a_gemini_memory_folder_with_only_its_legacy_gemini_md_is_audited(
        tmp_path: Path) -> None:
    folder = tmp_path / ".gemini" / "tmp" / "proj" / "memory"
    folder.mkdir(parents=True)
    (folder / "GEMINI.md").write_text(GEMINI, encoding="utf-8")
    done = cli("audit", folder, "--json")
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    report = json.loads(done.stdout)
    assert report["profile"] == "gemini"
    assert report["injected_block"]["chars"] == len(GEMINI)
    text = cli("audit", folder)
    assert "GEMINI.md whole, legacy, as there is no MEMORY.md" in text.stdout


def test_profile_gemini_on_a_folder_with_only_gemini_md_is_audited(tmp_path: Path) -> None:
    (tmp_path / "GEMINI.md").write_text(GEMINI, encoding="utf-8")
    done = cli("audit", tmp_path, "--profile", "gemini", "--json")
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert json.loads(done.stdout)["injected_block"]["chars"] == len(GEMINI)


def test_a_folder_with_nothing_the_agent_loads_is_an_empty_memory(tmp_path: Path) -> None:
    """SPEC §2 (session 36: it was refused, exit 2): audited as an empty memory, said."""
    (tmp_path / "notes.txt").write_text("not a memory\n", encoding="utf-8")
    done = cli("audit", tmp_path)
    assert done.returncode == 0
    assert "audited as an empty memory" in done.stderr
