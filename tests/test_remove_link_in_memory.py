"""``memtui fix remove-link --in MEMORY`` removes a broken link inside a memory (its text
kept), as the app's X does (newuser23 #5: the broken_link rule's Fix line sent the user to
remove-link, which looked only in MEMORY.md: "MEMORY.md has no link to …", rc 1)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from memtui.cli import main
from tests.core.helpers import make_ws, memory

ROOT = Path(__file__).resolve().parents[1]


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MEMTUI_NO_CACHE": "1"}
    return subprocess.run([sys.executable, "-m", "memtui", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=120, check=False)


def test_a_memory_s_broken_link_is_removed_from_the_cli(tmp_path: Path) -> None:
    root = make_ws(tmp_path / "w", {
        "MEMORY.md": "- [History](memory/history.md) — older notes\n",
        "memory/history.md": memory("history", "- [PM of 2024](pm-2024.md): the first PM.\n"),
    })
    audit = json.loads(_cli("audit", str(root), "--json").stdout)
    broken = [f for f in audit["findings"] if f["kind"] == "broken_link"]
    assert [f["path"] for f in broken] == ["memory/history.md"]
    # Without --in: the index has none, and the error says how to reach the memory's,
    # naming the memory that holds it (newuser26 #38: it said "--in MEMORY").
    plain = _cli("fix", "remove-link", str(root), "memory/pm-2024.md")
    assert plain.returncode == 1 and "--in memory/history.md" in plain.stderr
    done = _cli("fix", "remove-link", str(root), "memory/pm-2024.md", "--in", "history")
    assert done.returncode == 0, done.stderr
    text = (root / "memory/history.md").read_text(encoding="utf-8")
    assert "- PM of 2024: the first PM." in text and "](pm-2024.md)" not in text
    after = json.loads(_cli("audit", str(root), "--json").stdout)
    assert not [f for f in after["findings"] if f["kind"] == "broken_link"]
    assert main(["undo", str(root)]) == 0  # undone as any fix
    assert "](pm-2024.md)" in (root / "memory/history.md").read_text(encoding="utf-8")


def test_a_dangling_wikilink_loses_its_brackets(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """newuser26 #38: the audit reported "[[future-c]] names no memory yet" on a line and
    remove-link --in said the memory "has no link to future-c" (repoint found it). Now the
    brackets go (the rule's "drop the brackets"), an alias stays as the text, a wikilink
    to another name and one in inline code are left, and undo brings them back."""
    body = ("Swap: [[swap]]; C qual later, see [[future-c]] and [[future-c|the C qual]].\n"
            "Literal `[[future-c]]` stays.\n")
    root = make_ws(tmp_path / "w", {
        "MEMORY.md": "- [Drift](memory/drift.md) — drift\n- [Swap](memory/swap.md) — swap\n",
        "memory/drift.md": memory("drift", body),
        "memory/swap.md": memory("swap", "RF swap.\n"),
    })
    assert main(["audit", str(root), "--json"]) in (0, 1)
    kinds = [f["kind"] for f in json.loads(capsys.readouterr().out)["findings"]]
    assert "dangling_wikilink" in kinds
    before = (root / "memory/drift.md").read_text(encoding="utf-8")
    # Without --in: the error names the memory that holds it.
    assert main(["fix", "remove-link", str(root), "future-c"]) == 1
    assert "--in memory/drift.md" in capsys.readouterr().err
    for target in ("future-c", "[[future-c]]"):
        assert main(["fix", "remove-link", str(root), target, "--in", "drift",
                     "--dry-run"]) == 0, capsys.readouterr().err
        assert "2 links to" in capsys.readouterr().out
    assert main(["fix", "remove-link", str(root), "[[future-c]]", "--in", "drift"]) == 0
    capsys.readouterr()
    text = (root / "memory/drift.md").read_text(encoding="utf-8")
    assert "[[swap]]; C qual later, see future-c and the C qual.\n" in text
    assert "Literal `[[future-c]]` stays." in text
    assert main(["audit", str(root), "--json"]) in (0, 1)
    kinds = [f["kind"] for f in json.loads(capsys.readouterr().out)["findings"]]
    assert "dangling_wikilink" not in kinds
    assert main(["undo", str(root)]) == 0
    assert (root / "memory/drift.md").read_text(encoding="utf-8") == before


def test_the_rule_s_fix_line_names_the_way(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["rules", "broken_link"]) == 0
    assert "remove-link; --in MEMORY for a link inside a memory" in capsys.readouterr().out


def test_a_dropped_executable_bit_is_said(tmp_path: Path) -> None:
    """newuser23 #31: rename made a 755 memory 644 and undo did not give the bits back (no
    memtui write keeps one, by design: SECURITY.md): the command now says so."""
    from memtui.demo import demo_copy

    root = demo_copy(tmp_path / "demo")
    (root / "memory/user-role.md").chmod(0o755)
    done = _cli("fix", "rename", str(root), "user-role", "user-roles")
    assert done.returncode == 0, done.stderr
    assert "memory/user-role.md: its executable bits were dropped" in done.stdout
    assert "undo does not give them back" in done.stdout
    assert (root / "memory/user-roles.md").stat().st_mode & 0o777 == 0o644
    plain = _cli("fix", "rename", str(root), "user-roles", "user-role")  # 644: nothing said
    assert plain.returncode == 0 and "executable bits" not in plain.stdout
