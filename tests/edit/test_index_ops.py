"""Index operations, each checked against the exact file contents after."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from memtui.edit import fold_ops, index_ops
from memtui.edit.errors import Refused, UsageError
from tests.edit.conftest import INDEX, do, read, snapshot, tree, with_hot, write_tree


def test_add_to_index_appends_a_drafted_entry(ws: Path) -> None:
    cs = do(ws, index_ops.add_to_index, ["lonely_note"])
    assert read(ws, "MEMORY.md") == with_hot(
        "- [Lonely note](memory/lonely_note.md) — A note nothing links to\n")
    assert cs.summary == "MEMORY.md: +1 entry (memory/lonely_note.md)"


def test_add_to_index_under_a_heading_with_title_and_hook(ws: Path) -> None:
    do(ws, index_ops.add_to_index, ["memory/lonely_note.md"], title="Lonely",
       hook="nobody links it", under="People")
    assert read(ws, "MEMORY.md") == INDEX.replace(
        "explanation\n", "explanation\n- [Lonely](memory/lonely_note.md) — nobody links it\n")


def test_add_to_index_all_unreachable(ws: Path) -> None:
    do(ws, index_ops.add_to_index, [], all_unreachable=True)
    assert read(ws, "MEMORY.md") == with_hot(
        "- [Creds](memory/creds.md) — Database access\n"
        "- [Lonely note](memory/lonely_note.md) — A note nothing links to\n")


def test_a_drafted_entry_copies_no_invisible_character(ws: Path) -> None:
    """newuser24 #10: a RIGHT-TO-LEFT OVERRIDE in a description went into MEMORY.md (the
    control characters were dropped, the bidi one kept), and the repair added a
    ``hidden_text`` finding. What the check reports is dropped; a joiner that Arabic or an
    emoji needs stays."""
    from tests.core.helpers import run_audit

    (ws / "memory/lonely_note.md").write_text(
        "---\nname: lonely_note\ndescription: \"desc \u202e reversed \x1b[31mred, "
        "zero\u200bwidth, \u0644\u200d\u0627 and \U0001f469\u200d\U0001f4bb\"\n"
        "type: user\n---\nA note.\n")
    do(ws, index_ops.add_to_index, ["lonely_note"])
    line, = (x for x in read(ws, "MEMORY.md").splitlines() if "lonely_note" in x)
    assert line.endswith("— desc  reversed [31mred, zerowidth, \u0644\u200d\u0627 and "
                         "\U0001f469\u200d\U0001f4bb")
    assert not [f for f in run_audit(ws).findings
                if f.kind == "hidden_text" and f.path == "MEMORY.md"]


def test_a_drafted_hook_or_fold_label_copies_no_link(ws: Path) -> None:
    """newuser24 #56: a description's `[yield](yield-source.md)` went into the hook as a
    live link (relative to the memory, so broken from MEMORY.md, and the line counted as
    packed); `--hook` and a fold's label wrote links too. They are made plain text."""
    from tests.core.helpers import run_audit

    before = run_audit(ws)
    (ws / "memory/lonely_note.md").write_text(
        "---\nname: lonely_note\ndescription: \"see [yield](yield-source.md) and "
        "[[user-role|the role]]\"\ntype: user\n---\nA note.\n")
    do(ws, index_ops.add_to_index, ["lonely_note"])
    line, = (x for x in read(ws, "MEMORY.md").splitlines() if "lonely_note" in x)
    assert line == "- [Lonely note](memory/lonely_note.md) — see yield and the role"
    after = run_audit(ws)
    assert len(after.broken_links) == len(before.broken_links)
    assert len(after.index.packed) == len(before.index.packed)
    do(ws, fold_ops.fold, ["user-role", "yield-source"], label="[x](evil.md) notes")
    assert "evil.md" not in read(ws, "MEMORY.md")


def test_add_to_index_refuses_an_indexed_memory(ws: Path) -> None:
    with pytest.raises(Refused, match=r"memory/user-role.md is already in the index \(line 4\)"):
        index_ops.add_to_index(snapshot(ws), ["user-role"])


def test_add_to_index_unknown_heading_and_memory_are_usage_errors(ws: Path) -> None:
    with pytest.raises(UsageError, match=re.escape("no heading 'Nope'")):
        index_ops.add_to_index(snapshot(ws), ["creds"], under="Nope")
    with pytest.raises(UsageError, match=re.escape("no memory named 'nope'")):
        index_ops.add_to_index(snapshot(ws), ["nope"])
    with pytest.raises(UsageError, match=re.escape("did you mean 'lonely_note'")):
        index_ops.add_to_index(snapshot(ws), ["Lonely-Note"])


def test_add_to_index_creates_a_missing_index(tmp_path: Path) -> None:
    root = write_tree(tmp_path, {"memory/a-b.md": "---\nname: a-b\ndescription: d\n---\nx\n"})
    do(root, index_ops.add_to_index, ["a-b"])
    assert read(root, "MEMORY.md") == "- [A b](memory/a-b.md) — d\n"


def test_add_to_index_keeps_crlf_bom_and_missing_final_newline(tmp_path: Path) -> None:
    index = "\ufeff# Memory\r\n\r\n- [A](memory/a.md) — a"
    root = write_tree(tmp_path, {
        "MEMORY.md": index.encode("utf-8"),
        "memory/a.md": "---\nname: a\ndescription: a\n---\n",
        "memory/b.md": "---\nname: b\ndescription: Bee\n---\n",
    })
    do(root, index_ops.add_to_index, ["b"])
    assert (root / "MEMORY.md").read_bytes() == (
        index + "\r\n- [B](memory/b.md) — Bee").encode("utf-8")


def test_add_to_index_flat_layout_links_relative_to_the_index(tmp_path: Path) -> None:
    root = write_tree(tmp_path, {"MEMORY.md": "# M\n", "notes/my note.md":
                                 "---\nname: my note\ndescription: spaced\n---\n"})
    do(root, index_ops.add_to_index, ["notes/my note.md"])
    assert read(root, "MEMORY.md") == "# M\n- [my note](<notes/my note.md>) — spaced\n"


def test_repoint_rewrites_the_index_and_memories(ws: Path) -> None:
    write_tree(ws, {"memory/user-role.md": read(ws, "memory/user-role.md") +
                    "Also [old](gone.md#top).\n"})
    cs = do(ws, index_ops.repoint, "memory/gone.md", "memory/line-a.md")
    assert read(ws, "MEMORY.md") == INDEX.replace("(memory/gone.md)", "(memory/line-a.md)")
    assert read(ws, "memory/user-role.md").endswith("Also [old](line-a.md#top).\n")
    assert cs.summary == ("repointed 2 links from memory/gone.md to memory/line-a.md in "
                          "MEMORY.md, memory/user-role.md")


def test_repoint_refuses_a_missing_new_target_and_an_unknown_old_one(ws: Path) -> None:
    with pytest.raises(Refused, match=re.escape("memory/nope.md does not exist")):
        index_ops.repoint(snapshot(ws), "memory/gone.md", "memory/nope.md")
    with pytest.raises(Refused, match=re.escape("no link leads to memory/other.md")):
        index_ops.repoint(snapshot(ws), "memory/other.md", "memory/line-a.md")


def test_repoint_refuses_the_index_as_its_new_target(ws: Path) -> None:
    """newuser29 #43: `fix repoint WS user_role.md MEMORY.md` made the index link itself."""
    for new in ("MEMORY.md", "./MEMORY.md"):
        with pytest.raises(UsageError, match=re.escape("MEMORY.md is the index, not a memory")):
            index_ops.repoint(snapshot(ws), "memory/gone.md", new)


REPOINT_INDEX = ("\ufeff# Memory\r\n- [Gone](memory/gone.md) — old\r\n"
                 "- [[gone]] · [[Gone#Part|the old part]] · [[line-a]]\r\n").encode()
REPOINT_NOTES = (b"---\r\nname: notes\r\ndescription: \"was [[gone]]\"\r\n---\r\n"
                 b"See [[gone|the old one]] and [[ gone ]] and `[[gone]]` and "
                 b"[old](gone.md#top).\r\n"
                 b"```\r\n[[gone]]\r\n```\r\n"
                 b"caf\xe9 [[memory/gone]] then [[line-b]]")


def test_repoint_rewrites_wikilinks_keeping_alias_heading_and_every_other_byte(
        tmp_path: Path) -> None:
    from memtui.core.workspace import open_workspace
    from memtui.edit.journal import undo

    root = write_tree(tmp_path, {"MEMORY.md": REPOINT_INDEX, "memory/notes.md": REPOINT_NOTES,
                                 "memory/line-a.md": "---\nname: line-a\n---\nA.\n",
                                 "memory/line-b.md": "---\nname: line-b\n---\nB.\n"})
    start = tree(root)
    cs = do(root, index_ops.repoint, "memory/gone.md", "memory/line-a.md")
    assert (root / "MEMORY.md").read_bytes() == (
        "\ufeff# Memory\r\n- [Gone](memory/line-a.md) — old\r\n"
        "- [[line-a]] · [[line-a#Part|the old part]] · [[line-a]]\r\n").encode()
    assert (root / "memory/notes.md").read_bytes() == (
        b"---\r\nname: notes\r\ndescription: \"was [[gone]]\"\r\n---\r\n"
        b"See [[line-a|the old one]] and [[ line-a ]] and `[[gone]]` and "
        b"[old](line-a.md#top).\r\n"
        b"```\r\n[[gone]]\r\n```\r\n"
        b"caf\xe9 [[line-a]] then [[line-b]]")
    assert cs.summary == ("repointed 7 links from memory/gone.md to memory/line-a.md in "
                          "MEMORY.md, memory/notes.md")
    assert cs.notes == []
    undo(open_workspace(root))
    assert tree(root) == start


def test_repoint_away_from_an_existing_memory_follows_how_wikilinks_resolve(
        tmp_path: Path) -> None:
    root = write_tree(tmp_path, {
        "MEMORY.md": "- [Old](memory/old-file.md)\n",
        "memory/old-file.md": "---\nname: Old Fact\n---\nold\n",
        "memory/new-file.md": "---\nname: New Fact\n---\nnew\n",
        "memory/user.md": "---\nname: user\n---\n"
                          "[[Old Fact]], [[old-file|x]], [[OLD_FILE]], [[old fact#h]], "
                          "[[New Fact]], [[elsewhere]]\n"})
    cs = do(root, index_ops.repoint, "memory/old-file.md", "memory/new-file.md")
    assert read(root, "MEMORY.md") == "- [Old](memory/new-file.md)\n"
    assert read(root, "memory/user.md") == (
        "---\nname: user\n---\n[[New Fact]], [[New Fact|x]], [[New Fact]], [[New Fact#h]], "
        "[[New Fact]], [[elsewhere]]\n")
    assert cs.summary == ("repointed 5 links from memory/old-file.md to memory/new-file.md in "
                          "MEMORY.md, memory/user.md")


def test_repoint_to_a_file_that_is_not_a_memory_leaves_wikilinks_and_says_so(
        tmp_path: Path) -> None:
    root = write_tree(tmp_path, {
        "MEMORY.md": "- [Gone](memory/gone.md)\n",
        "notes/ref.md": "reference\n",
        "memory/a.md": "---\nname: a\n---\nsee [[gone]]\n"})
    cs = do(root, index_ops.repoint, "memory/gone.md", "notes/ref.md")
    assert read(root, "MEMORY.md") == "- [Gone](notes/ref.md)\n"
    assert read(root, "memory/a.md") == "---\nname: a\n---\nsee [[gone]]\n"
    assert cs.notes == ["memory/a.md:4: [[gone]] left as it is (notes/ref.md is not a memory "
                        "a wikilink can name)"]
    with pytest.raises(Refused) as exc:
        index_ops.repoint(snapshot(root), "memory/gone.md", "notes/ref.md")
    assert str(exc.value) == ("only [[wikilinks]] lead to memory/gone.md, and notes/ref.md "
                              "is not a memory a wikilink can name")


def test_remove_link_removes_the_whole_entry_line(ws: Path) -> None:
    do(ws, index_ops.remove_link, "memory/gone.md")
    assert read(ws, "MEMORY.md") == INDEX.replace("- [Gone](memory/gone.md) — broken link\n", "")


@pytest.mark.parametrize(("target", "line"), [
    ("memory/line-a.md", "- Cold, May 2026: [line-b](memory/line-b.md)"),
    ("memory/line-b.md", "- Cold, May 2026: [line-a](memory/line-a.md)"),
])
def test_remove_link_on_a_packed_line_removes_only_that_link(ws: Path, target: str,
                                                             line: str) -> None:
    do(ws, index_ops.remove_link, target)
    assert read(ws, "MEMORY.md") == INDEX.replace(
        "- Cold, May 2026: [line-a](memory/line-a.md) · [line-b](memory/line-b.md)", line)


def test_remove_link_refuses_when_absent(ws: Path) -> None:
    with pytest.raises(Refused, match=re.escape("MEMORY.md has no link to memory/creds.md")):
        index_ops.remove_link(snapshot(ws), "memory/creds.md")


def test_fold_packs_entries_at_the_first_ones_place(ws: Path) -> None:
    do(ws, fold_ops.fold, ["yield-source", "user-role"], label="Cold, Nov 2026")
    assert read(ws, "MEMORY.md") == """# Memory

## People
- Cold, Nov 2026: [User role](memory/user-role.md) — process engineer, Cpk needs no \
explanation · [Yield source](memory/yield-source.md) — where yield numbers come from

## Projects
- [Gone](memory/gone.md) — broken link
- Cold, May 2026: [line-a](memory/line-a.md) · [line-b](memory/line-b.md)
"""


def test_fold_refuses_a_memory_without_its_own_entry(ws: Path) -> None:
    with pytest.raises(Refused, match=re.escape("memory/line-a.md has no index entry of its own")):
        fold_ops.fold(snapshot(ws), ["user-role", "line-a"], label="x")
    with pytest.raises(UsageError, match=re.escape("two or more")):
        fold_ops.fold(snapshot(ws), ["user-role"], label="x")


def test_unfold_drafts_one_entry_per_link(ws: Path) -> None:
    do(ws, fold_ops.unfold, 9)
    assert read(ws, "MEMORY.md") == INDEX.replace(
        "- Cold, May 2026: [line-a](memory/line-a.md) · [line-b](memory/line-b.md)\n",
        "- [Line A](memory/line-a.md) — Line A runs two shifts\n"
        "- [Line B](memory/line-b.md) — Line B is being retooled\n")


def test_unfold_rejects_a_line_that_is_not_packed(ws: Path) -> None:
    with pytest.raises(UsageError, match=re.escape("line 4 of MEMORY.md is not a packed line")):
        fold_ops.unfold(snapshot(ws), 4)
    with pytest.raises(UsageError, match=re.escape("has no line 99")):
        fold_ops.unfold(snapshot(ws), 99)


def test_fold_then_unfold_keeps_everything_else(ws: Path) -> None:
    """The curated titles and hooks survive the round trip (not the memories' own
    descriptions, nor their stems)."""
    before = tree(ws)
    do(ws, fold_ops.fold, ["user-role", "yield-source"], label="L")
    do(ws, fold_ops.unfold, 4)
    after = read(ws, "MEMORY.md")
    yield_line = "- [Yield source](memory/yield-source.md) — where yield numbers come from\n"
    user_line = ("- [User role](memory/user-role.md) — process engineer, Cpk needs no "
                 "explanation\n")
    assert after == INDEX.replace(yield_line, "").replace(user_line, user_line + yield_line)
    assert {k: v for k, v in tree(ws).items() if k != "MEMORY.md"} == \
        {k: v for k, v in before.items() if k != "MEMORY.md"}


def test_remove_link_accepts_a_memory_name(ws: Path) -> None:
    do(ws, index_ops.remove_link, "user-role")
    assert read(ws, "MEMORY.md") == INDEX.replace(
        "- [User role](memory/user-role.md) — process engineer, Cpk needs no explanation\n", "")


def test_a_wikilink_entry_counts_as_indexed(tmp_path: Path) -> None:
    root = write_tree(tmp_path, {"MEMORY.md": "- [[a]] — a\n",
                                 "memory/a.md": "---\nname: a\n---\n"})
    with pytest.raises(Refused, match=re.escape("memory/a.md is already in the index (line 1)")):
        index_ops.add_to_index(snapshot(root), ["a"])


def test_fold_into_an_existing_packed_line_by_its_label(ws: Path) -> None:
    do(ws, fold_ops.fold, ["user-role", "yield-source"], label="Cold, May 2026")
    text = read(ws, "MEMORY.md")
    assert text.count("Cold, May 2026") == 1 and "- [User role]" not in text
    assert text.endswith("- Cold, May 2026: [line-a](memory/line-a.md) · "
                         "[line-b](memory/line-b.md) · [User role](memory/user-role.md) — "
                         "process engineer, Cpk needs no explanation · "
                         "[Yield source](memory/yield-source.md) — where yield numbers come "
                         "from\n")


def test_a_memory_whose_name_is_not_utf8_is_never_linked_from_the_index(ws: Path) -> None:
    """newuser22 #35: ``a`` on memory/bad\\xff.md wrote the raw 0xFF byte into MEMORY.md (no
    longer UTF-8) and a link the audit then called broken. Refused in one line naming the
    file and what to do; ``--all-unreachable`` leaves it out and says so."""
    import os

    from tests.edit.conftest import cli

    bad = os.fsencode(ws / "memory") + b"/bad\xff.md"
    with open(bad, "wb") as fh:
        fh.write(b"---\nname: bad\ndescription: bad name\ntype: project\n---\nBody.\n")
    index = (ws / "MEMORY.md").read_bytes()
    proc = cli("fix", "add-to-index", ws, os.fsdecode(b"memory/bad\xff.md"))
    assert proc.returncode == 1 and (ws / "MEMORY.md").read_bytes() == index
    assert proc.stderr == (
        "memtui fix add-to-index: error: memory/bad\\xff.md: its file name is not valid "
        "UTF-8, so no link in MEMORY.md can name it; rename it first (R in the app, memtui "
        "fix rename); nothing was written\n")
    proc = cli("fix", "add-to-index", ws, "--all-unreachable")
    assert proc.returncode == 0, proc.stderr
    assert "memory/bad\\xff.md: its file name is not valid UTF-8" in proc.stdout
    (ws / "MEMORY.md").read_bytes().decode("utf-8")  # still UTF-8
    assert b"\xff" not in (ws / "MEMORY.md").read_bytes()


def test_unfold_then_fold_gives_back_the_packed_line(tmp_path: Path) -> None:
    """newuser23 #39: unfold drafts each entry's hook from the memory's description, and
    fold kept those hooks, so the demo's packed line grew from 264 to ~500 characters on a
    round trip meant to stay cheap. Fold now leaves out a hook that only repeats the
    description (unfold drafts it back); a curated hook is kept (the tests above)."""
    from tests.edit.conftest import cli

    ws = tmp_path / "fu"
    assert cli("demo", ws).returncode == 0
    before = read(ws, "MEMORY.md")
    packed = before.splitlines()[36]
    assert packed.startswith("- Cold, spring 2025: ") and " — " not in packed
    assert cli("fix", "unfold", ws, "37").returncode == 0
    unfolded = read(ws, "MEMORY.md").splitlines()[36:42]
    assert all(" — " in ln for ln in unfolded)  # the descriptions drafted as hooks
    rels = [re.search(r"\]\((memory/[^)]+)\)", ln).group(1) for ln in unfolded]
    proc = cli("fix", "fold", ws, *rels, "--label", "Cold, spring 2025")
    assert proc.returncode == 0, proc.stderr
    assert read(ws, "MEMORY.md") == before


LONG = " ".join(f"Sentence {i} says the chamber ran hot on lot {i} and the purge fixed it."
                for i in range(60))


def test_a_long_description_drafts_a_bounded_hook_and_says_so(ws: Path) -> None:
    """newuser24 #40: a 2,640-character description became a 2,678-character index line
    (the demo's block 936 → 1,489 tokens, every turn), said nowhere. The hook is cut at the
    description's first sentence, the output says so; `--hook` writes what it is given."""
    from memtui.edit import memory_ops
    from memtui.edit.draft import HOOK_CHARS

    (ws / "memory/lonely_note.md").write_text(
        f"---\nname: lonely_note\ndescription: {LONG}\ntype: user\n---\nA note.\n")
    cs = do(ws, index_ops.add_to_index, ["lonely_note"])
    line, = (x for x in read(ws, "MEMORY.md").splitlines() if "lonely_note" in x)
    assert line == ("- [Lonely note](memory/lonely_note.md) — Sentence 0 says the chamber ran "
                    "hot on lot 0 and the purge fixed it")
    assert cs.notes == [f"memory/lonely_note.md: hook cut to 67 of its description's "
                        f"{len(LONG):,} characters: MEMORY.md is loaded every turn; --hook "
                        "writes another"]
    # one sentence past the bound: cut at a word, with an ellipsis; a 10,000-bracket one too
    for i, description in enumerate(["word " * 100, "[" * 10_000]):
        made = do(ws, memory_ops.new, f"long-{i}", "user", description, True)
        line, = (x for x in read(ws, "MEMORY.md").splitlines() if f"long-{i}.md" in x)
        hook = line.split(" — ", 1)[1]
        assert len(hook) <= HOOK_CHARS and hook.endswith("…"), hook
        assert any("hook cut to" in n for n in made.notes), made.notes
    cs = do(ws, index_ops.add_to_index, ["creds"], hook="x" * 300)  # given: written whole
    assert any(x.endswith(" — " + "x" * 300) for x in read(ws, "MEMORY.md").splitlines())
    # no note of a hook; creds.md's credential is said (newuser40 #9)
    assert [n.split(" (")[0] for n in cs.notes] == ["memory/creds.md holds 1 credential"]


def test_add_at_a_line_past_the_index_end_is_refused(ws: Path) -> None:
    """newuser29 #44: `--at 99999` on a 37-line index said "+1 entry at line 99999" and put
    the entry at the end, under a cold section."""
    lines = len((ws / "MEMORY.md").read_text().splitlines())
    with pytest.raises(UsageError, match=re.escape(f"--at takes 1 to {lines + 1}")):
        index_ops.add_entries(snapshot(ws), [("memory/lonely_note.md", "Lonely", "x")], 99999)
