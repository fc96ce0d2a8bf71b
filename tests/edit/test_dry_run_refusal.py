"""newuser27 #6 addendum: ``fix add-to-index --dry-run`` printed the diff and "dry run,
nothing written: MEMORY.md: +5,000 entries", exit 0, for a write the real run refuses
(MEMORY.md would pass the 1 MiB memtui edits and undoes). The dry run ends with the same
refusal and the same non-zero status."""

from __future__ import annotations

from pathlib import Path

from tests.edit.conftest import cli, tree, write_tree


def test_a_dry_run_ends_with_the_refusal_of_the_real_run(tmp_path: Path) -> None:
    filler = "".join(f"Note {n:06d}: a line of the index kept as it is.\n"
                     for n in range(20_000))
    filler = filler[:filler.rfind("\n", 0, 1_048_000) + 1]
    filler += "x" * (1_048_560 - len("# M\n") - len(filler) - 1) + "\n"  # 16 bytes short
    ws = write_tree(tmp_path / "ws", {
        "MEMORY.md": "# M\n" + filler,
        "memory/orphan.md": "---\nname: orphan\ndescription: an orphan of its own that "
                            "the index does not link yet\nmetadata:\n  type: project\n---\n"
                            "Body.\n",
    })
    before = tree(ws, include_state=True)
    real = cli("fix", "add-to-index", ws, "memory/orphan.md")
    assert real.returncode == 1 and "past the 1 MiB memtui edits" in real.stderr, real
    dry = cli("fix", "add-to-index", ws, "memory/orphan.md", "--dry-run")
    assert "+- [Orphan](memory/orphan.md)" in dry.stdout  # the diff, as before
    assert dry.returncode == real.returncode, (dry.stdout[-300:], dry.stderr)
    assert dry.stderr == real.stderr
    assert tree(ws, include_state=True) == before
