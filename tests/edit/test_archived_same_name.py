"""newuser39 #13: once ``_archive/c.md`` existed, ``fix add-to-index WS c.md`` refused the
workspace's own ``c.md`` as ambiguous ("'c.md' names 2 memories"), though ``c.md`` is its
path as every report prints it; and ``fix archive WS ./c.md`` refused ("_archive/c.md
already exists"), so a second memory of a name already archived could never be archived.
An exact workspace-relative path wins; the archive picks a free name (``c-2.md``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.cli import main
from tests.core.helpers import memory


def flat(root: Path) -> Path:
    root.mkdir(parents=True)
    for name in ("a", "b", "c"):
        (root / f"{name}.md").write_text(memory(name, f"Fact {name}.\n"), encoding="utf-8")
    (root / "MEMORY.md").write_text(
        "# M\n\n" + "".join(f"- [{n}]({n}.md) — fact {n}\n" for n in "abc"), encoding="utf-8")
    return root


def test_an_exact_path_wins_and_a_second_archive_takes_a_free_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = flat(tmp_path / "ws")
    assert main(["fix", "archive", str(ws), "c"]) == 0
    assert (ws / "_archive" / "c.md").is_file()
    (ws / "c.md").write_text(memory("c", "A new c.\n"), encoding="utf-8")
    capsys.readouterr()
    status = main(["fix", "add-to-index", str(ws), "c.md"])
    out = capsys.readouterr()
    assert status == 0, out.err
    assert "(c.md)" in (ws / "MEMORY.md").read_text(encoding="utf-8")
    status = main(["fix", "archive", str(ws), "c.md"])
    out = capsys.readouterr()
    assert status == 0, out.err
    assert "archived c.md to _archive/c-2.md" in out.out, out.out
    assert (ws / "_archive" / "c-2.md").read_text(encoding="utf-8").endswith("A new c.\n")
    assert (ws / "_archive" / "c.md").read_text(encoding="utf-8").endswith("Fact c.\n")
    assert not (ws / "c.md").exists()
