"""real38: a third file beside a Hermes store's MEMORY.md and USER.md (a raw dump) is never
read, and no link would make it read: its orphan finding says so in Hermes's terms, not
"not linked from the index"."""

from __future__ import annotations

from pathlib import Path

from memtui.core.audit import AuditOptions, audit


def test_a_file_beside_the_hermes_store_is_never_read(tmp_path: Path) -> None:
    (tmp_path / "MEMORY.md").write_text("Oracle VM is the main host.\n§\nCron audit: 2 jobs\n",
                                        encoding="utf-8")
    (tmp_path / "USER.md").write_text("Prefers short answers.\n§\nWrites in Cantonese.\n",
                                      encoding="utf-8")
    (tmp_path / "RAW_MEMORY_dump.md").write_text("# Raw dump\nOracle VM is the main host.\n",
                                                 encoding="utf-8")
    result = audit(tmp_path, AuditOptions(profile="hermes"))
    orphans = [(f.path, f.message) for f in result.findings if f.kind == "orphan"]
    assert orphans == [("RAW_MEMORY_dump.md",
                        "neither of the two files Hermes loads (MEMORY.md, USER.md), and "
                        "Hermes follows no link; never read")]
