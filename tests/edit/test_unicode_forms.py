"""Names that are one another in another Unicode form (NFC, NFD) look alike on screen.

newuser27 #8: repointing an NFC link to its NFD file read "from memory/café.md to
memory/café.md" in the dialog, the notice and ``history``; the forms are named.
newuser27 #18: ``fix new`` with an NFD name (pasted from a macOS file name) said "'café_notes'
is not a slug", the same-looking NFC name accepted; it is taken in NFC."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from memtui.core.reporting.safe_output import printable
from tests.edit.conftest import cli, write_tree

NFC = unicodedata.normalize("NFC", "café")
NFD = unicodedata.normalize("NFD", "café")
MEMORY = "---\nname: {0}\ndescription: about {0}\nmetadata:\n  type: project\n---\nBody.\n"


def test_a_repoint_between_two_forms_of_one_name_names_them(tmp_path: Path) -> None:
    ws = write_tree(tmp_path / "ws", {
        "MEMORY.md": f"# M\n\n- [Café](memory/{NFC}.md) — the café\n",
        f"memory/{NFD}.md": MEMORY.format("cafe"),
    })
    dry = cli("fix", "repoint", ws, f"memory/{NFC}.md", f"memory/{NFD}.md", "--dry-run")
    assert dry.returncode == 0, dry.stderr
    # (the NFD name with its combining mark escaped: newuser32 #5)
    said = printable(f"from memory/{NFC}.md to memory/{NFD}.md (NFC → NFD, the same name "
                     "in another Unicode form)")
    assert f"will repoint 1 link {said}" in dry.stdout or said in dry.stdout, dry.stdout
    done = cli("fix", "repoint", ws, f"memory/{NFC}.md", f"memory/{NFD}.md")
    assert done.returncode == 0 and said in done.stdout, done.stdout
    assert said in cli("history", ws).stdout
    # Two different names are said as before.
    assert "Unicode form" not in cli("fix", "repoint", ws, f"memory/{NFD}.md", "MEMORY.md",
                                     "--dry-run").stdout


def test_fix_new_takes_an_nfd_name_in_nfc(tmp_path: Path) -> None:
    ws = write_tree(tmp_path / "ws", {"MEMORY.md": "# M\n", "memory/a.md": MEMORY.format("a")})
    done = cli("fix", "new", ws, f"{NFD}_notes", "--type", "project", "--description", "x")
    assert done.returncode == 0, done.stderr
    assert (ws / "memory" / f"{NFC}-notes.md").is_file() or \
        (ws / "memory" / f"{NFC}_notes.md").is_file(), sorted(p.name for p in
                                                              (ws / "memory").iterdir())
    assert not any(unicodedata.is_normalized("NFD", p.name) and not p.name.isascii()
                   for p in (ws / "memory").iterdir())


def test_the_path_the_audit_prints_can_be_pasted_into_repoint(tmp_path: Path) -> None:
    """newuser33 #19: the audit prints the NFD file as ``memory/cafe\\u0301.md``; pasted
    into ``fix repoint`` it was "does not exist". It is taken as the name it stands for,
    and the diff shows the changed code point escaped (its two lines looked the same)."""
    ws = write_tree(tmp_path / "ws", {
        "MEMORY.md": f"# M\n\n- [Café](memory/{NFC}.md) — the café\n",
        f"memory/{NFD}.md": MEMORY.format("cafe"),
    })
    audit = cli("audit", ws)
    printed = "memory/cafe\\u0301.md"
    assert f"{printed} is there" in audit.stdout, audit.stdout  # what the user copies
    dry = cli("fix", "repoint", ws, f"memory/{NFC}.md", printed, "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert f"-- [Café](memory/{NFC}.md) — the café\n" in dry.stdout
    assert f"+- [Café]({printed}) — the café\n" in dry.stdout  # not two lines alike
    done = cli("fix", "repoint", ws, f"memory/{NFC}.md", printed)
    assert done.returncode == 0, done.stderr
    assert (ws / "MEMORY.md").read_text(encoding="utf-8") == \
        f"# M\n\n- [Café](memory/{NFD}.md) — the café\n"  # the name itself, not the escape
