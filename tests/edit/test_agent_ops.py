"""Issue 33, 5: ``memtui fix`` under each agent's profile, on real folders built from the
agents' documented formats (docs/formats.md, "Agents"): each op writes the agent's own
form, undo gives back every byte, and a refused op writes nothing at all."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from memtui.cli import main
from memtui.core.audit import AuditOptions, Auditor
from memtui.core.workspace import open_workspace
from tests.core.helpers import make_ws
from tests.edit.conftest import tree


def fix(*args: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main([*map(str, args)])
    return status, out.getvalue(), err.getvalue()


def audit(folder: Path) -> object:
    return Auditor(open_workspace(folder), AuditOptions()).run()


def kinds(folder: Path) -> list[tuple[str, str]]:
    return [(f.kind, f.path) for f in audit(folder).findings]  # type: ignore[attr-defined]


def applied_then_undone(folder: Path, *args: str | Path) -> str:
    """Run ``memtui fix ARGS`` (it must write), return the changed text of the file it
    wrote, undo it, and check every byte of the folder is back."""
    before = tree(folder)
    status, out, err = fix("fix", *args)
    assert status == 0, err
    assert "[#" in out and err == ""
    after = tree(folder)
    changed = [p for p in after if after[p] != before.get(p)]
    assert len(changed) == 1, changed
    text = (folder / changed[0]).read_text(encoding="utf-8")
    status, _, err = fix("undo", folder)
    assert status == 0, err
    assert tree(folder) == before
    return text


def refused(folder: Path, *args: str | Path) -> str:
    """Run ``memtui fix ARGS``, which must be refused (exit 1, one line) and write nothing,
    not even memtui's own state."""
    before = tree(folder, include_state=True)
    status, out, err = fix("fix", *args)
    assert status == 1, (out, err)
    assert out == "" and err.count("\n") == 1 and "nothing was written" in err
    assert tree(folder, include_state=True) == before
    return err


# -- Gemini CLI -------------------------------------------------------------------------------

def gemini(tmp: Path, index: str) -> Path:
    folder = tmp / ".gemini" / "tmp" / "my-project" / "memory"
    make_ws(folder, {"deploy-notes.md": "# deploy notes\nFridays.\n",
                     "vpn.md": "# vpn\nDrops at midnight.\n",
                     "skills/deploy/SKILL.md": "---\nname: deploy\n---\nSteps.\n"})
    root = folder.resolve()
    make_ws(folder, {"MEMORY.md": index.replace("$DIR", str(root))})
    return folder


def test_gemini_add_pointer_for_an_orphan_in_geminis_own_form(tmp_path: Path) -> None:
    folder = gemini(tmp_path, "# Project Memory\n- See $DIR/deploy-notes.md for deploy "
                              "notes.\n\n## Other\nFree text.\n")
    root = folder.resolve()
    assert ("orphan", "vpn.md") in kinds(folder)
    text = applied_then_undone(folder, "add-pointer", folder, "vpn")
    assert text == (f"# Project Memory\n- See {root}/deploy-notes.md for deploy notes.\n"
                    f"- See {root}/vpn.md for vpn notes.\n\n## Other\nFree text.\n")
    # add-to-index is the same op under Gemini; --all-unreachable takes the orphans only
    text = applied_then_undone(folder, "add-to-index", folder, "--all-unreachable")
    assert f"- See {root}/vpn.md for vpn notes.\n" in text and "SKILL" not in text
    text = applied_then_undone(folder, "add-pointer", folder, "vpn.md", "--summary",
                               "the office VPN and its midnight drop")
    assert f"- See {root}/vpn.md for the office VPN and its midnight drop.\n" in text
    # once written, the audit finds the file: no orphan left
    fix("fix", "add-pointer", folder, "vpn")
    assert ("orphan", "vpn.md") not in kinds(folder)
    refused(folder, "add-pointer", folder, "vpn")  # named already
    refused(folder, "add-pointer", folder, "skills/deploy/SKILL.md")  # not a topic file


def test_gemini_repoint_and_remove_a_broken_pointer(tmp_path: Path) -> None:
    folder = gemini(tmp_path, "# Project Memory\n- See $DIR/gone.md for gone notes.\n"
                              "- See deploy-notes.md for deploy notes.\n- The VPN: vpn.md\n")
    root = folder.resolve()
    assert ("broken_link", "MEMORY.md") in kinds(folder)
    text = applied_then_undone(folder, "repoint", folder, f"{root}/gone.md", "vpn.md")
    assert text.splitlines()[1] == f"- See {root}/vpn.md for gone notes."  # stays absolute
    text = applied_then_undone(folder, "repoint", folder, "gone.md", "deploy-notes.md")
    assert text.splitlines()[1] == f"- See {root}/deploy-notes.md for gone notes."
    text = applied_then_undone(folder, "remove-link", folder, f"{root}/gone.md")
    assert text == ("# Project Memory\n- See deploy-notes.md for deploy notes.\n"
                    "- The VPN: vpn.md\n")
    fix("fix", "remove-link", folder, "gone.md")
    assert ("broken_link", "MEMORY.md") not in kinds(folder)


def test_gemini_repoint_onto_a_named_topic_file_warns_and_can_remove_it(
        tmp_path: Path) -> None:
    """newuser23 #19: as the index profiles' repoint does with an entry, a repoint that
    makes a second pointer line to one topic file says so, and --remove-duplicate removes
    the repointed line instead, one undo putting it back."""
    folder = gemini(tmp_path, "# Project Memory\n- See $DIR/gone.md for gone notes.\n"
                              "- See $DIR/deploy-notes.md for deploy notes.\n")
    root = folder.resolve()
    before = tree(folder)
    status, out, err = fix("fix", "repoint", folder, f"{root}/gone.md", "deploy-notes.md")
    assert status == 0 and err == ""
    assert ("  warning: MEMORY.md:3 points at deploy-notes.md already, so lines 3 and 2 "
            "become two pointer lines for one file; --remove-duplicate removes line 2 (the "
            "repointed one)") in out.splitlines()
    fix("undo", folder)
    assert tree(folder) == before
    text = applied_then_undone(folder, "repoint", folder, f"{root}/gone.md",
                               "deploy-notes.md", "--remove-duplicate")
    assert text == f"# Project Memory\n- See {root}/deploy-notes.md for deploy notes.\n"
    status, out, _ = fix("fix", "repoint", folder, "gone.md", "deploy-notes.md",
                         "--remove-duplicate")
    assert out.startswith("MEMORY.md: removed the duplicate pointer line 2 (line 3 points at "
                          "deploy-notes.md already)")
    assert ("broken_link", "MEMORY.md") not in kinds(folder)
    # no duplicate: no warning, and --remove-duplicate changes nothing else
    folder2 = gemini(tmp_path / "b", "- See $DIR/gone.md for gone notes.\n")
    status, out, _ = fix("fix", "repoint", folder2, "gone.md", "vpn.md", "--remove-duplicate")
    assert status == 0 and "warning" not in out and "repointed 1 pointer line" in out


@pytest.mark.parametrize("args", [["fold", "vpn", "deploy-notes"], ["unfold", "2"],
                                  ["rename", "vpn", "net"], ["new", "x", "--type", "user"],
                                  ["delete", "vpn"], ["remove-duplicate-entry"]])
def test_gemini_refuses_the_index_ops_plainly(tmp_path: Path, args: list[str]) -> None:
    folder = gemini(tmp_path, "# Project Memory\n- See $DIR/vpn.md for vpn notes.\n")
    err = refused(folder, args[0], folder, *args[1:])
    assert "not offered under the gemini profile" in err and "pointer lines" in err


# -- Hermes Agent -----------------------------------------------------------------------------

MEMORY = ("The deploy host is build-7; it restarts nightly at 02:00 UTC.\n§\n"
          "Tests run with `make check`; lint with ruff.\n§\n"
          "Production database: read replica only, never writes.\n§\n"
          "Tests run with `make check`; lint with ruff.\n")


def hermes(tmp: Path, memory: str = MEMORY, user: str = "Prefers short answers.\n",
           config: str | None = None) -> Path:
    home = tmp / ".hermes"
    files = {"memories/MEMORY.md": memory, "memories/USER.md": user}
    if config is not None:
        files["config.yaml"] = config
    make_ws(home, files)
    return home / "memories"


def test_hermes_remove_duplicate_entry_keeps_the_first(tmp_path: Path) -> None:
    folder = hermes(tmp_path)
    assert ("duplicate_entry", "MEMORY.md") in kinds(folder)
    text = applied_then_undone(folder, "remove-duplicate-entry", folder)
    assert text == MEMORY.rsplit("§\n", 1)[0].removesuffix("\n") + "\n"
    # a repeat in the middle: only its entry and one separator go
    middle = "  A fact.\n§\nB fact.\n§\nA fact.\n§\nC fact.\n\n"
    folder = hermes(tmp_path / "m", middle)
    text = applied_then_undone(folder, "remove-duplicate-entry", folder, "MEMORY.md",
                               "--line", "5")
    assert text == "  A fact.\n§\nB fact.\n§\nC fact.\n\n"
    fix("fix", "remove-duplicate-entry", folder)
    assert [k for k in kinds(folder) if k[0] == "duplicate_entry"] == []


def test_hermes_removes_a_repeat_from_a_store_over_its_limit_or_refuses_no_round_trip(
        tmp_path: Path) -> None:
    """newuser27 #29: a store over its limit was refused the removal of a repeated entry
    ("memtui writes no store over its limit; shorten or remove entries first"): the one
    write that shortens it. It is done, and a note says the store stays over its limit and
    where its longest entry starts."""
    folder = hermes(tmp_path, config="memory:\n  memory_char_limit: 100\n")
    text = applied_then_undone(folder, "remove-duplicate-entry", folder)
    assert text == MEMORY.rsplit("§\n", 1)[0].removesuffix("\n") + "\n"
    status, out, err = fix("fix", "remove-duplicate-entry", folder, "--dry-run")
    assert status == 0 and err == "", err
    assert ("MEMORY.md still holds 164 of its 100 characters, past Hermes' limit (Hermes "
            "refuses to add to it): shorten or remove entries (the longest, 61 characters, "
            "starts on line 1)") in out, out
    # a write that would not shorten a store past its limit is still refused
    from memtui.edit.errors import Refused
    from memtui.edit.hermes_ops import check_store

    with pytest.raises(Refused, match="past Hermes' limit"):
        check_store("MEMORY.md", b"A fact.\n\xc2\xa7\nB fact.\n", 5, before="A fact.\n")
    stray = hermes(tmp_path / "s", "A fact.\n§\n\n§\nA fact.\n")
    assert "does not read back" in refused(stray, "remove-duplicate-entry", stray)
    for op in (["add-to-index", "USER.md"], ["fold", "a", "b"], ["delete", "USER.md"]):
        err = refused(folder, op[0], folder, *op[1:])
        assert "not offered under the hermes profile" in err


def test_refused_usage_is_exit_2_and_writes_nothing(tmp_path: Path) -> None:
    folder = hermes(tmp_path)
    before = tree(folder, include_state=True)
    status, _, err = fix("fix", "remove-duplicate-entry", folder, "MEMORY.md", "--line", "1")
    assert status == 2 and "no entry repeating an earlier one starts on line 1" in err
    assert tree(folder, include_state=True) == before


# -- OpenClaw ---------------------------------------------------------------------------------

def openclaw(tmp: Path) -> Path:
    home = tmp / ".openclaw"
    make_ws(home, {
        "workspace/AGENTS.md": "# AGENTS.md\n\nLog each day in memory/YYYY-MM-DD.md.\n",
        "workspace/SOUL.md": "# SOUL.md\n\nCalm, direct.\n",
        "workspace/MEMORY.md": "# MEMORY.md\n\n- Deploys run on Fridays.\n"
                               "- [NAS](memory/nas.md): the NAS at home\n",
        "workspace/memory/2026-07-20.md": "# 2026-07-20\n\nMet Ann about the NAS.\n",
        "workspace/memory/nas.md": "# NAS\n\nnas.local, 4 disks.\n",
        "workspace/memory/projects.md": "# Projects\n\nThe garden shed.\n",
    })
    return home / "workspace"


def test_openclaw_index_ops_on_memory_md_never_index_a_daily_note(tmp_path: Path) -> None:
    ws = openclaw(tmp_path)
    text = applied_then_undone(ws, "add-to-index", ws, "--all-unreachable")
    assert "projects.md" in text and "2026-07-20" not in text
    text = applied_then_undone(ws, "remove-link", ws, "memory/nas.md")
    assert "nas.md" not in text and "- Deploys run on Fridays.\n" in text
    err = refused(ws, "rename", ws, "memory/2026-07-20.md", "day")
    assert "daily note" in err
    assert "not offered under the openclaw profile" in refused(ws, "new", ws, "x", "--type",
                                                               "user")


# -- Codex CLI --------------------------------------------------------------------------------

@pytest.mark.parametrize("args", [["add-to-index", "--all-unreachable"],
                                  ["remove-link", "rollout_summaries/gone.md"],
                                  ["delete", "raw_memories.md"], ["add-pointer", "x"]])
def test_codex_is_read_only_but_for_redact(tmp_path: Path, args: list[str]) -> None:
    folder = tmp_path / ".codex" / "memories"
    make_ws(folder, {"memory_summary.md": "# Summary\n- see rollout_summaries/gone.md\n",
                     "MEMORY.md": "# Memory\n", "raw_memories.md": "- raw\n"})
    err = refused(folder, args[0], folder, *args[1:])
    assert "not offered under the codex profile" in err and "only reads it" in err


def test_agent_ops_are_refused_under_item_and_claude_code(tmp_path: Path) -> None:
    folder = make_ws(tmp_path / "cc", {"MEMORY.md": "# Memory\n", "a.md": "---\nname: a\n"
                                       "description: a\ntype: user\n---\nA.\n"})
    err = refused(folder, "add-pointer", folder, "a")
    assert "a gemini operation" in err and "--profile gemini" in err
    assert "a hermes operation" in refused(folder, "remove-duplicate-entry", folder)


def test_openclaw_never_indexes_a_bootstrap_file(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / ".openclaw" / "workspace", {
        "AGENTS.md": "# AGENTS.md\n", "SOUL.md": "# SOUL.md\n",
        "MEMORY.md": "# MEMORY.md\n\n- Deploys run on Fridays.\n"})
    assert "bootstrap file" in refused(ws, "add-to-index", ws, "AGENTS.md")
    status, out, _ = fix("fix", "add-to-index", ws, "--all-unreachable")
    assert status == 0 and "nothing to change" in out


def test_gemini_pointer_paths_and_summaries_stay_one_clean_line(tmp_path: Path) -> None:
    folder = make_ws(tmp_path / "my work" / ".gemini" / "tmp" / "p" / "memory", {
        "MEMORY.md": "# Project Memory\n", "vpn.md": "# vpn\n", "two words.md": "# x\n"})
    text = applied_then_undone(folder, "add-pointer", folder, "vpn")
    assert text == "# Project Memory\n- See vpn.md for vpn notes.\n"  # the root has a blank
    assert "blanks" in refused(folder, "add-pointer", folder, "two words.md")
    status, _, err = fix("fix", "add-pointer", folder, "vpn", "--summary", "a\x1b[2Jb")
    assert status == 2 and "control characters" in err


def test_hermes_repeated_entry_diff_removes_the_line_it_names(tmp_path: Path) -> None:
    """newuser30 #20: "-1 repeated entry (line 5)" and "the first stays", while the diff
    removed the first copy (line 3) and kept line 5: the diff now removes line 5 and the
    separator before it."""
    folder = hermes(tmp_path, "A fact.\n§\nB fact.\n§\nB fact.\n§\nC fact.\n")
    status, out, err = fix("fix", "remove-duplicate-entry", folder, "--dry-run")
    assert status == 0 and err == "", err
    assert "-1 repeated entry (line 5)" in out
    hunk = out.split("@@", 2)[2].split("dry run", 1)[0]
    assert hunk.splitlines()[1:] == [" A fact.", " §", " B fact.", "-§", "-B fact.", " §",
                                     " C fact."], hunk


def test_openclaw_redacts_a_credential_in_a_bootstrap_file(tmp_path: Path) -> None:
    """newuser30 #21: the API key in TOOLS.md (injected into every turn) could not be
    redacted ("no memory named 'TOOLS.md'"); the file the agent loads is redacted as a
    memory is, and a file it does not load is still refused."""
    ws = openclaw(tmp_path)
    (ws / "TOOLS.md").write_text("# TOOLS.md\n\nAPI key: BSa8Kd93jdK2mZq81LxPw0vR7tYu4nEwS\n",
                                 encoding="utf-8")
    (ws / "notes.md").write_text("API key: BSa8Kd93jdK2mZq81LxPw0vR7tYu4nEwS\n",
                                 encoding="utf-8")
    _, report, _ = fix("audit", ws)
    assert "the agent loads this file into every turn; memtui fix redact removes the " \
        "value, then rotate it" in " ".join(report.split()), report
    status, out, err = fix("fix", "redact", ws, "TOOLS.md")
    assert status == 0 and "TOOLS.md: replaced 1 credential" in out, err
    assert (ws / "TOOLS.md").read_text(encoding="utf-8") == "# TOOLS.md\n\nAPI key: [REDACTED]\n"
    status, _, err = fix("fix", "redact", ws, "notes.md")
    assert status == 2 and "no memory named 'notes.md'" in err


def test_gemini_all_unreachable_adds_what_it_can_and_names_the_rest(tmp_path: Path) -> None:
    """newuser32 #49: one topic file with a blank in its name refused every pointer of
    --all-unreachable; now the others get theirs and the refused one is named."""
    folder = make_ws(tmp_path / ".gemini" / "tmp" / "p" / "memory", {
        "MEMORY.md": "# Project Memory\n", "stray.md": "# stray\n", "my notes.md": "# x\n"})
    root = folder.resolve()
    before = tree(folder)
    status, out, err = fix("fix", "add-pointer", folder, "--all-unreachable")
    assert status == 0, err
    assert (folder / "MEMORY.md").read_text(encoding="utf-8") == \
        f"# Project Memory\n- See {root}/stray.md for stray notes.\n"
    assert "my notes.md: not pointed to" in out + err
    assert fix("undo", folder)[0] == 0 and tree(folder) == before
