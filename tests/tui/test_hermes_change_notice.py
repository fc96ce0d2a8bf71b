"""newuser34 #12: under Hermes, an outside write to MEMORY.md (a store of § entries) was
announced "MEMORY.md changed — 0 entries", the count of an item index's link lines, for a
store of 44. The notice now counts the store's entries, as the header does. Real files,
the real auditor run again on the change, as the app's watcher has it."""

from __future__ import annotations

from pathlib import Path

from memtui.core.audit import Auditor
from memtui.core.workspace import open_workspace
from memtui.tui.change_notice import describe_change


def test_a_hermes_store_change_counts_its_entries(tmp_path: Path) -> None:
    ws = tmp_path / ".hermes" / "memories"
    ws.mkdir(parents=True)
    entries = [f"Fact {i}: the deploy of service {i} runs on host {i * 7}." for i in range(43)]
    (ws / "MEMORY.md").write_text("\n§\n".join(entries), encoding="utf-8")
    (ws / "USER.md").write_text("The user is an engineer.", encoding="utf-8")
    auditor = Auditor(open_workspace(ws))
    first = auditor.run()
    assert first.profile == "hermes"
    with (ws / "MEMORY.md").open("a", encoding="utf-8") as f:
        f.write("\n§\nThe staging host is db-7.")
    second = auditor.run({"MEMORY.md"})
    assert describe_change({"MEMORY.md"}, first, second) == \
        "MEMORY.md changed — 44 entries (was 43)"
    with (ws / "MEMORY.md").open("a", encoding="utf-8") as f:
        f.write("\n§\nThe staging DB password is Xk9#mP2q!vL7")
    third = auditor.run({"MEMORY.md"})
    assert describe_change({"MEMORY.md"}, second, third) == \
        "MEMORY.md changed — 45 entries (was 44), 1 new credential"
