"""real26: a Codex memory folder whose memories the Codex home's global ``AGENTS.md`` routes
to (``memories/0_apex/kernel.md``), and nothing in the folder names, were orphans. Codex
loads that file every session (the first non-empty of ``AGENTS.override.md`` and
``AGENTS.md`` in ``$CODEX_HOME``, cut at 32 KiB), so what it names by path is found."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path

from memtui.cli import main
from tests.core.helpers import make_ws


def _orphans(folder: Path) -> list[str]:
    out = io.StringIO()
    with redirect_stdout(out):
        main(["audit", str(folder), "--json", "--fail-on", "never"])
    doc = json.loads(out.getvalue())
    assert doc["profile"] == "codex"
    return sorted(o["path"] for o in doc["orphans"])


def _home(root: Path, files: dict[str, str]) -> Path:
    make_ws(root, {
        "memories/memory_summary.md": "What this user works on.\n",
        "memories/MEMORY.md": "# Memory\n\n- nothing is routed from here\n",
        "memories/0_apex/kernel.md": "# Kernel\n", "memories/notes/x.md": "# X\n",
        "memories/other.md": "# Other\n", **files})
    return root / "memories"


def test_memories_the_global_agents_md_names_are_no_orphans(tmp_path: Path) -> None:
    folder = _home(tmp_path / "codex", {
        "AGENTS.md": "# Global\n\n- Deep rules: `memories/0_apex/kernel.md`, when needed.\n"
                     "- Notes: ~/.codex/memories/notes/x.md.\n- Unrelated: `README.md`.\n"})
    assert _orphans(folder) == ["other.md"]


def test_only_the_file_codex_loads_counts(tmp_path: Path) -> None:
    """A non-empty ``AGENTS.override.md`` replaces ``AGENTS.md``; an empty one does not;
    a name past the first 32 KiB is never loaded; a folder not named ``memories`` has no
    Codex home around it to read."""
    names = "- `memories/0_apex/kernel.md` and `memories/notes/x.md`\n"
    over = _home(tmp_path / "over", {"AGENTS.override.md": "- `memories/notes/x.md`\n",
                                     "AGENTS.md": names})
    assert _orphans(over) == ["0_apex/kernel.md", "other.md"]
    empty = _home(tmp_path / "empty", {"AGENTS.override.md": " \n", "AGENTS.md": names})
    assert _orphans(empty) == ["other.md"]
    far = _home(tmp_path / "far", {"AGENTS.md": "#\n" * 17_000 + names})
    assert _orphans(far) == ["0_apex/kernel.md", "notes/x.md", "other.md"]
    moved = _home(tmp_path / "moved", {"AGENTS.md": names})
    renamed = moved.rename(moved.parent / "mem")
    assert _orphans(renamed) == ["0_apex/kernel.md", "notes/x.md", "other.md"]
