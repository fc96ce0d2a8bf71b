"""newuser24 #22: ``memtui audit`` on a folder with no index and no memory file (an empty
folder, a project's code) is refused, exit 2 in every format, rather than "No findings" and
exit 0 under any --fail-on: a CI step green forever on the wrong folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_cli_audit import memtui

LINE = ("holds no MEMORY.md and no memory file: nothing to audit (give the folder that "
        "holds the agent's MEMORY.md or its memories)\n")


@pytest.mark.parametrize("fmt", [(), ("--json",), ("--format", "sarif")])
def test_a_folder_of_code_is_refused_in_every_format(tmp_path: Path, fmt: tuple[str, ...]
                                                     ) -> None:
    (tmp_path / "p" / "src").mkdir(parents=True)
    (tmp_path / "p" / "src" / "a.py").write_text("print(1)\n")
    out = memtui("audit", "p", "--fail-on", "info", *fmt, cwd=tmp_path)
    assert (out.returncode, out.stdout, out.stderr) == (2, "", f"memtui audit: error: p {LINE}")


def test_an_empty_folder_as_the_default_path_is_refused(tmp_path: Path) -> None:
    out = memtui("audit", "--fail-on", "never", cwd=tmp_path)
    assert (out.returncode, out.stdout, out.stderr) == (2, "", f"memtui audit: error: . {LINE}")


def test_an_index_alone_or_an_agents_store_is_still_audited(tmp_path: Path) -> None:
    (tmp_path / "i").mkdir()
    (tmp_path / "i" / "MEMORY.md").write_text("# Memory\n")
    assert memtui("audit", "i", cwd=tmp_path).returncode == 0
    store = tmp_path / ".hermes" / "memories"
    store.mkdir(parents=True)
    (store / "USER.md").write_text("Prefers short answers.\n")
    out = memtui("audit", str(store), cwd=tmp_path)
    assert out.returncode == 0 and "hermes" in out.stdout


@pytest.mark.parametrize("fmt", [(), ("--json",), ("--format", "sarif")])
def test_a_new_item_s_empty_memory_folder_is_an_empty_memory(tmp_path: Path,
                                                             fmt: tuple[str, ...]) -> None:
    """newuser33 #18: an item workspace whose ``memory/`` is still empty (no MEMORY.md yet)
    is a valid, empty memory (SPEC §2), as the app opens it: exit 0, not a usage error."""
    (tmp_path / "item" / "memory").mkdir(parents=True)
    out = memtui("audit", "item", "--fail-on", "info", *fmt, cwd=tmp_path)
    assert (out.returncode, out.stderr) == (0, "")
    assert out.stdout
