"""A folder with no index and no memory file (an empty folder, a project's code) is a valid,
empty memory (SPEC §2): ``memtui audit`` audits it as one — 0 memory files, no MEMORY.md, an
injected block of 0 tokens — and exits by ``--fail-on`` as any audit (newuser34 #18,
newuser35 #15; it was refused with exit 2 after newuser24 #22). newuser24's concern, a CI step
green on the wrong folder unseen, is kept by one line on stderr in every format, and by the
app's first notice. Only a path that does not exist is an error, for audit, history and undo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.tui.app import open_app
from tests.test_cli_audit import memtui
from tests.tui.conftest import wait_for
from tests.tui.test_app import started

NOTE = ("holds no MEMORY.md and no memory file: audited as an empty memory — if this is not "
        "the agent's memory folder, give the folder that holds it\n")


@pytest.mark.parametrize("fmt", [(), ("--json",), ("--format", "sarif")])
def test_a_folder_of_code_is_an_empty_memory_said_on_stderr(tmp_path: Path,
                                                             fmt: tuple[str, ...]) -> None:
    (tmp_path / "p" / "src").mkdir(parents=True)
    (tmp_path / "p" / "src" / "a.py").write_text("print(1)\n")
    out = memtui("audit", "p", "--fail-on", "info", *fmt, cwd=tmp_path)
    assert (out.returncode, out.stderr) == (0, f"memtui audit: note: p {NOTE}")
    if fmt == ("--json",):
        report = json.loads(out.stdout)
        assert report["memory_files"] == 0 and report["index"]["exists"] is False
        assert report["injected_block"]["files"] == []
        assert set(report["injected_block"]["tokens"].values()) == {0}
    elif not fmt:
        rows = {line[:23].strip(): line[23:] for line in out.stdout.splitlines()}
        assert rows["Memory files"] == "0 (none)"
        assert rows["Index"] == "MEMORY.md: none"
        assert rows["Injected block"].startswith("0 chars, 0 bytes, 0 ")
        assert "No findings." in out.stdout
    else:
        assert json.loads(out.stdout)["runs"][0]["results"] == []


def test_an_empty_folder_as_the_default_path_is_an_empty_memory(tmp_path: Path) -> None:
    out = memtui("audit", "--fail-on", "never", cwd=tmp_path)
    assert (out.returncode, out.stderr) == (0, f"memtui audit: note: . {NOTE}")
    assert "Memory files           0 (none)" in out.stdout


@pytest.mark.parametrize("command", [("audit",), ("history",), ("undo",)])
def test_a_missing_path_is_still_an_error(tmp_path: Path, command: tuple[str, ...]) -> None:
    out = memtui(*command, "gone", cwd=tmp_path)
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr == f"memtui {command[0]}: error: gone: no such file or folder\n"


def test_an_index_alone_or_an_agents_store_gets_no_note(tmp_path: Path) -> None:
    (tmp_path / "i").mkdir()
    (tmp_path / "i" / "MEMORY.md").write_text("# Memory\n")
    out = memtui("audit", "i", cwd=tmp_path)
    assert (out.returncode, out.stderr) == (0, "")
    store = tmp_path / ".hermes" / "memories"
    store.mkdir(parents=True)
    (store / "USER.md").write_text("Prefers short answers.\n")
    out = memtui("audit", str(store), cwd=tmp_path)
    assert out.returncode == 0 and "hermes" in out.stdout and "empty memory" not in out.stderr


@pytest.mark.parametrize("fmt", [(), ("--json",), ("--format", "sarif")])
def test_a_new_item_s_empty_memory_folder_is_an_empty_memory(tmp_path: Path,
                                                             fmt: tuple[str, ...]) -> None:
    """newuser33 #18: an item workspace whose ``memory/`` is still empty (no MEMORY.md yet)
    is a valid, empty memory (SPEC §2), as the app opens it: exit 0, no note (its memory
    folder says it is the agent's)."""
    (tmp_path / "item" / "memory").mkdir(parents=True)
    out = memtui("audit", "item", "--fail-on", "info", *fmt, cwd=tmp_path)
    assert (out.returncode, out.stderr) == (0, "")
    assert out.stdout


async def test_the_app_says_it_opened_an_empty_memory(tmp_path: Path) -> None:
    (tmp_path / "e").mkdir()
    app = open_app(tmp_path / "e", watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await wait_for(pilot, lambda: "audited 0 memory files" in app.notice)
        assert app.notice.startswith(
            "an empty memory: no MEMORY.md and no memory file here (if this is not the "
            "agent's memory folder, open the folder that holds it) — audited 0 "), app.notice


async def test_the_app_opens_a_workspace_without_that_note(tmp_path: Path) -> None:
    (tmp_path / "w").mkdir()
    (tmp_path / "w" / "MEMORY.md").write_text("# Memory\n")
    app = open_app(tmp_path / "w", watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await wait_for(pilot, lambda: "audited 0 memory files" in app.notice)
        assert "empty memory" not in app.notice
