"""newuser23 #45: deleting a hub strands the memories only it led to. On the demo,
memory/chamber-a-history.md alone links memory/chamber-a-pm-2025-03.md; deleting it made
that memory an unreachable orphan (8 orphans, 5 unreachable → 7, 6) without a word, in the
CLI's dry run (which also spoke in the past tense) and in the ``d`` dialog."""

from __future__ import annotations

import json
from pathlib import Path

from memtui.demo import demo_copy
from memtui.tui.app import open_app
from memtui.tui.dialogs.confirm import ConfirmScreen
from tests.edit.conftest import cli
from tests.tui.test_app import started
from tests.tui.test_keys_dialogs import dialog, to_row

HUB = "memory/chamber-a-history.md"
STRANDED = (f"memory/chamber-a-pm-2025-03.md: unreachable without {HUB} (nothing else "
            "leads to it)")


def test_the_cli_names_the_memories_a_delete_strands(tmp_path: Path) -> None:
    ws = demo_copy(tmp_path)
    dry = cli("fix", "delete", ws, "chamber-a-history", "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert dry.stdout.splitlines()[-2:] == [
        f"dry run, nothing written: will delete {HUB}; will remove 1 index link",
        f"  {STRANDED}"]
    real = cli("fix", "delete", ws, "chamber-a-history")
    assert real.returncode == 0, real.stderr
    assert real.stdout.splitlines()[-1] == f"  {STRANDED}"
    audit = cli("audit", ws, "--json")
    orphans = {o["path"]: o for o in json.loads(audit.stdout)["orphans"]}
    assert orphans["memory/chamber-a-pm-2025-03.md"]["reachable"] is False


def test_a_leaf_strands_nothing(tmp_path: Path) -> None:
    ws = demo_copy(tmp_path)
    dry = cli("fix", "delete", ws, "chamber-a-pm-2025-03", "--dry-run")
    assert not any("unreachable without" in ln for ln in dry.stdout.splitlines())


async def test_the_d_dialog_names_them(tmp_path: Path) -> None:
    app = open_app(demo_copy(tmp_path), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await to_row(pilot, app, "2", "#files-view", HUB)
        await pilot.press("d")
        screen = await dialog(pilot, app, ConfirmScreen)
        at = screen.lines.index("memories no longer reachable (unreachable orphans after):")
        assert screen.lines[at + 1] == STRANDED
        assert "links that will dangle:" not in screen.lines
        await pilot.press("escape")


def test_delete_names_the_backtick_mentions_it_leaves(tmp_path: Path) -> None:
    """newuser24 #51: deleting memory/scrap-log.md left MEMORY.md:34's "`memory/scrap-log.md`"
    naming nothing, without a word (rename rewrites such mentions); it is listed with the
    links left dangling, and the audit names it after (newuser23 #42)."""
    ws = demo_copy(tmp_path)
    dry = cli("fix", "delete", ws, "scrap-log", "--dry-run")
    assert dry.stdout.splitlines()[-1] == "  MEMORY.md:34: `memory/scrap-log.md` (in backticks) " \
                                          "now dangles"
    assert cli("fix", "delete", ws, "scrap-log").returncode == 0
    audit = cli("audit", ws)
    assert "MEMORY.md:34  `memory/scrap-log.md` is named in backticks but no such file" \
        in audit.stdout
