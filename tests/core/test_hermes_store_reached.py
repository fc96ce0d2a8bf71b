"""real40: a Hermes store holding only MEMORY.md (entries split by § lines, no USER.md)
links nothing, and the agent loads it whole all the same: the text report said "Linked from
the index 1 of 1 files" of the index itself, where a store with USER.md beside it says
"Reached by the agent 2 of 2 files"."""

from __future__ import annotations

from pathlib import Path

from memtui.cli import main


def report(root: Path, capsys) -> str:  # type: ignore[no-untyped-def]
    assert main(["audit", str(root)]) in (0, 1)
    return capsys.readouterr().out


def test_a_hermes_memory_md_alone_is_reached_not_linked(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    alone = tmp_path / "a" / "memories"
    alone.mkdir(parents=True)
    (alone / "MEMORY.md").write_text(
        "[ENV] work dir: /srv/app\n§\n[USER] prefers short answers\n§\n"
        "[ENV] deploys go through the blue/green script\n", encoding="utf-8")
    out = report(alone, capsys)
    assert "flat / hermes" in out
    rows = [line for line in out.splitlines() if line.startswith(("Reached", "Linked"))]
    assert [" ".join(r.split()) for r in rows] == ["Reached by the agent 1 of 1 files"]
    both = tmp_path / "b" / "memories"
    both.mkdir(parents=True)
    (both / "MEMORY.md").write_text((alone / "MEMORY.md").read_text(encoding="utf-8"),
                                    encoding="utf-8")
    (both / "USER.md").write_text("Prefers short answers.\n§\nWorks in UTC.\n",
                                  encoding="utf-8")
    rows = [line for line in report(both, capsys).splitlines()
            if line.startswith(("Reached", "Linked"))]
    assert [" ".join(r.split()) for r in rows] == ["Reached by the agent 2 of 2 files"]
