"""newuser35 #24, the fold dialog: 20 picks, 2 of them broken-link lines, became "Fold 18
entries into one line" and nothing said which 2 were left out or why; the proposed label
named today's month ("Cold, December 2026") for memories written in May (SPEC §1's example
names the memories' month). And `memtui fix fold` did not offer ``user_ekka_0002.md`` for
a mistyped ``project_ekka_0002.md``."""

from __future__ import annotations

import os
import time
from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.dialogs.choice import ChoiceScreen
from memtui.tui.widgets.audit_table import AuditTable
from tests.test_cli_audit import memtui
from tests.tui.conftest import wait_for
from tests.tui.test_acting_on_selection import pick
from tests.tui.test_app import keys, started, switch

FRONT = "---\nname: {0}\ndescription: the {0} note\ntype: project\n---\n{0} body text.\n"


def _workspace(root: Path, when: float) -> Path:
    ws = root / "mem"
    ws.mkdir()
    for n in ("alpha", "beta", "gamma"):
        (ws / f"{n}.md").write_text(FRONT.format(n), encoding="utf-8")
        os.utime(ws / f"{n}.md", (when, when))
    (ws / "MEMORY.md").write_text(
        "# Index\n- [Alpha](alpha.md) — a\n- [Old runbook](old-runbook.md) — gone\n"
        "- [Beta](beta.md) — b\n- [Gamma](gamma.md) — c\n", encoding="utf-8")
    return ws


async def test_fold_names_the_picks_left_out_and_the_memories_month(tmp_path: Path) -> None:
    when = time.time() - 200 * 86400  # mid-way through a month long past, by mtime
    lt = time.localtime(when)
    when = time.mktime((lt.tm_year, lt.tm_mon, 15, 12, 0, 0, 0, 0, -1))
    month = time.strftime("%B %Y", time.localtime(when))
    ws = _workspace(tmp_path, when)
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "1")
        index = app.query_one("#index-view", AuditTable)
        await wait_for(pilot, lambda: {"L2", "L3", "L4"} <= set(keys(index)))
        await pick(pilot, index, "L2", "L3", "L4")
        await pilot.press("f")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        screen = app.screen
        assert isinstance(screen, ChoiceScreen)
        assert screen.heading.startswith("Fold 2 entries into one line"), screen.heading
        assert screen.prompt.startswith(
            'Left out 1 pick: line 3 "Old runbook" (its link leads to no file). Label of '
            "the packed line:"), screen.prompt
        assert screen.value == f"Cold, {month}"
        assert month != time.strftime("%B %Y")


def test_fold_label_spans_the_memories_months() -> None:
    from memtui.edit.draft import fold_label_for

    now = time.mktime((2026, 12, 7, 12, 0, 0, 0, 0, -1))
    assert fold_label_for([200], now) == "Cold, May 2026"
    assert fold_label_for([190, 250], now) == "Cold, April–May 2026"
    assert fold_label_for([190, 400], now) == "Cold, November 2025–May 2026"
    assert fold_label_for([], now) == "Cold, December 2026"


def test_fix_fold_offers_the_same_name_under_another_type_prefix(tmp_path: Path) -> None:
    ws = tmp_path / "mem"
    ws.mkdir()
    index = []
    for stem in ("user_ekka_0002", "project_fika_0009", "project_ekkapel_0121",
                 "project_vasek_0902"):
        (ws / f"{stem}.md").write_text(FRONT.format(stem.replace("_", "-")),
                                       encoding="utf-8")
        index.append(f"- [{stem}]({stem}.md) — h\n")
    (ws / "MEMORY.md").write_text("".join(index), encoding="utf-8")
    out = memtui("fix", "fold", "mem", "project_ekka_0002.md", "user_ekka_0002.md",
                 cwd=tmp_path)
    assert out.returncode == 2
    assert "did you mean 'user-ekka-0002' or " in out.stderr, out.stderr
