"""Memory operations, each checked against the exact file contents after."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from memtui.edit import memory_ops
from memtui.edit.errors import Refused, UsageError
from tests.edit.conftest import (
    INDEX,
    USER_ROLE,
    YIELD_SOURCE,
    do,
    read,
    snapshot,
    tree,
    with_hot,
    write_tree,
)


def test_rename_moves_the_file_and_rewrites_every_link(ws: Path) -> None:
    before = tree(ws)
    write_tree(ws, {"memory/sub/deep.md": "---\nname: deep\n---\nUp: [y](../yield-source.md), "
                    "[[yield-source#Why]], `[[yield-source]]` stays.\n"})
    cs = do(ws, memory_ops.rename, "yield-source", "yield-origin")
    assert not (ws / "memory/yield-source.md").exists()
    assert read(ws, "memory/yield-origin.md") == YIELD_SOURCE.replace(
        "name: yield-source", "name: yield-origin")
    assert read(ws, "MEMORY.md") == INDEX.replace("memory/yield-source.md",
                                                  "memory/yield-origin.md")
    assert read(ws, "memory/user-role.md") == USER_ROLE.replace(
        "[[Yield_Source]] and [source](yield-source.md)",
        "[[yield-origin]] and [source](yield-origin.md)")
    assert read(ws, "memory/sub/deep.md") == (
        "---\nname: deep\n---\nUp: [y](../yield-origin.md), [[yield-origin#Why]], "
        "`[[yield-source]]` stays.\n")
    assert cs.summary == ("renamed memory/yield-source.md to memory/yield-origin.md "
                          "(name 'yield-origin'); links rewritten in 3 files")
    untouched = set(before) - {"MEMORY.md", "memory/user-role.md", "memory/yield-source.md"}
    assert {k: tree(ws)[k] for k in untouched} == {k: before[k] for k in untouched}


def test_rename_keeps_alias_and_quoting(ws: Path) -> None:
    do(ws, memory_ops.rename, "user-role", "operator")
    assert read(ws, "memory/yield-source.md") == YIELD_SOURCE.replace(
        "[[user-role|the user]]", "[[operator|the user]]")
    write_tree(ws, {"memory/q.md": "---\nname: \"q\"\ndescription: d\n---\n"})
    do(ws, memory_ops.rename, "q", "new-q")
    assert read(ws, "memory/new-q.md") == "---\nname: \"new-q\"\ndescription: d\n---\n"


def test_rename_refuses_an_existing_target(ws: Path) -> None:
    with pytest.raises(Refused, match=re.escape("memory/line-a.md already exists")):
        memory_ops.rename(snapshot(ws), "line-b", "line-a")
    with pytest.raises(UsageError, match=re.escape("cannot be a memory name")):
        memory_ops.rename(snapshot(ws), "line-b", "../x")
    # the name's size, then the limit (newuser29 #41: "(255 bytes with .md)" read as its size)
    with pytest.raises(UsageError, match=re.escape(
            "is too long for a file name: 257 bytes with .md (UTF-8); a file name holds at "
            "most 255 bytes")):
        memory_ops.rename(snapshot(ws), "line-b", "é" * 127)  # 254 bytes + .md
    assert memory_ops.rename(snapshot(ws), "line-b", "é" * 126).paths  # exactly 255 bytes


def test_fix_wikilinks_rewrites_fuzzy_spellings_only(ws: Path) -> None:
    cs = do(ws, memory_ops.fix_wikilinks)
    assert read(ws, "memory/user-role.md") == USER_ROLE.replace("[[Yield_Source]]",
                                                                "[[yield-source]]")
    assert cs.paths == ["memory/user-role.md"]
    assert cs.summary == "rewrote 1 fuzzy wikilink to the exact spelling in 1 file"
    cs2 = memory_ops.fix_wikilinks(snapshot(ws))
    assert not cs2


def test_fix_wikilinks_on_one_memory(ws: Path) -> None:
    assert not memory_ops.fix_wikilinks(snapshot(ws), "line-b")
    assert memory_ops.fix_wikilinks(snapshot(ws), "user-role").paths == ["memory/user-role.md"]


def test_new_creates_from_the_template_and_indexes(ws: Path) -> None:
    cs = do(ws, memory_ops.new, "shift-rule", "feedback", "Never schedule: night shifts", True)
    assert read(ws, "memory/shift-rule.md") == (
        "---\nname: shift-rule\ndescription: \"Never schedule: night shifts\"\nmetadata:\n"
        "  type: feedback\n---\n\n**Why:** \n**How to apply:** \n")
    assert read(ws, "MEMORY.md") == with_hot(
        "- [Shift rule](memory/shift-rule.md) — Never schedule: night shifts\n")
    assert cs.summary == "created memory/shift-rule.md (feedback) and added it to MEMORY.md"
    assert snapshot(ws).memories["memory/shift-rule.md"].type == "feedback"


def test_new_user_memory_in_a_flat_workspace(tmp_path: Path) -> None:
    """A flat folder with no memory yet follows Claude Code's way (the claude-code
    profile's default): a type-prefixed snake_case file name, ``type:`` at the top level;
    the ``name:`` as typed (issue 32 item 25)."""
    root = write_tree(tmp_path, {"MEMORY.md": ""})
    do(root, memory_ops.new, "who", "user", "the user")
    assert read(root, "user_who.md") == ("---\nname: who\ndescription: \"the user\"\n"
                                         "type: user\n---\n\n")
    assert read(root, "MEMORY.md") == ""


def test_new_refuses_an_existing_memory(ws: Path) -> None:
    with pytest.raises(Refused, match=re.escape("memory/line-a.md already exists")):
        memory_ops.new(snapshot(ws), "line-a", "project")
    with pytest.raises(UsageError, match=re.escape("unknown type 'nope'")):
        memory_ops.new(snapshot(ws), "z", "nope")


def test_delete_removes_files_and_index_links_and_reports_dangling(ws: Path) -> None:
    cs = do(ws, memory_ops.delete, ["yield-source", "line-a"])
    assert not (ws / "memory/yield-source.md").exists()
    assert not (ws / "memory/line-a.md").exists()
    assert read(ws, "MEMORY.md") == INDEX.replace(
        "- [Yield source](memory/yield-source.md) — where yield numbers come from\n", "").replace(
        "[line-a](memory/line-a.md) · ", "")
    assert cs.notes == [
        "memory/user-role.md:7: link to memory/yield-source.md now dangles",
        "memory/user-role.md:7: [[Yield_Source]] now dangles",
        "memory/line-b.md:7: [[line-a]] now dangles",
    ]
    assert cs.summary == ("deleted memory/yield-source.md, memory/line-a.md; "
                          "removed 2 index links")


def test_delete_both_links_of_a_packed_line_removes_the_line(ws: Path) -> None:
    do(ws, memory_ops.delete, ["line-a", "line-b"])
    assert read(ws, "MEMORY.md") == INDEX.replace(
        "- Cold, May 2026: [line-a](memory/line-a.md) · [line-b](memory/line-b.md)\n", "")


def test_redact_replaces_credentials_in_place(ws: Path) -> None:
    cs = do(ws, memory_ops.redact, "creds")
    assert read(ws, "memory/creds.md").endswith(
        'The db password = "[REDACTED]" for staging.\nNothing secret on this line.\n')
    assert cs.summary == ("memory/creds.md: replaced 1 credential with [REDACTED] (not kept "
                          "in the journal: undo cannot bring it back)")
    assert not memory_ops.redact(snapshot(ws), "creds")


def test_redact_widens_a_partial_hit_to_the_whole_token(tmp_path: Path) -> None:
    token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    root = write_tree(tmp_path, {"MEMORY.md": "", "t.md": f"---\nname: t\n---\ntoken: {token}\r\n"})
    do(root, memory_ops.redact, "t")
    assert (root / "t.md").read_bytes() == b"---\nname: t\n---\ntoken: [REDACTED]\r\n"


def test_rename_refuses_a_name_another_memory_has(ws: Path) -> None:
    write_tree(ws, {"memory/other-file.md": "---\nname: taken\n---\n"})
    with pytest.raises(Refused) as exc:
        memory_ops.rename(snapshot(ws), "line-a", "taken")
    assert str(exc.value) == "memory/other-file.md is already named 'taken'"


def test_rename_in_a_flat_workspace(tmp_path: Path) -> None:
    root = write_tree(tmp_path, {
        "MEMORY.md": "- [A](a.md) — a\n- [B](notes/b.md) — b\n",
        "a.md": "---\nname: a\n---\nSee [b](notes/b.md).\n",
        "notes/b.md": "---\nname: b\n---\nBack to [a](../a.md) and [[a]].\n",
    })
    do(root, memory_ops.rename, "a", "alpha")
    assert read(root, "MEMORY.md") == "- [A](alpha.md) — a\n- [B](notes/b.md) — b\n"
    assert read(root, "alpha.md") == "---\nname: alpha\n---\nSee [b](notes/b.md).\n"
    assert read(root, "notes/b.md") == \
        "---\nname: b\n---\nBack to [a](../alpha.md) and [[alpha]].\n"


def test_fix_wikilinks_writes_the_file_stem_not_a_title_name(ws: Path) -> None:
    write_tree(ws, {
        "memory/beta-two.md": "---\nname: Beta two — the second beta\ndescription: d\n"
                              "metadata:\n  type: project\n---\nBeta.\n",
        "memory/feedback_no-fabrication.md": "---\nname: No fabrication\ndescription: d\n"
                                             "metadata:\n  type: feedback\n---\nNever.\n",
        "memory/links.md": "---\nname: links\ndescription: d\nmetadata:\n  type: project\n"
                           "---\nSee [[beta two — the second beta]], [[no-fabrication]] and "
                           "[[Beta-Two-The-Second-Beta]].\n",
    })
    cs = do(ws, memory_ops.fix_wikilinks, "links")
    assert cs.paths == ["memory/links.md"]
    assert read(ws, "memory/links.md").endswith(
        "---\nSee [[beta-two]], [[feedback_no-fabrication]] and [[beta-two]].\n")
