"""``fix new`` follows the folder's own format: ``type:`` at the top level when its
memories put it there, a title without the type prefix, the entry under the matching
section of the index."""

from __future__ import annotations

from pathlib import Path

from tests.edit.conftest import cli, write_tree


def memory(name: str, type_: str) -> str:
    return f"---\nname: {name}\ndescription: about {name}\ntype: {type_}\n---\nBody.\n"


CLAUDE = {
    "MEMORY.md": "# Memory\n\n## User\n- [Role](user_role.md) — the role\n\n"
                 "## Feedback\n- [Terse](feedback_terse.md) — be terse\n\n"
                 "## Project\n- [Launch](project_launch.md) — launch date\n",
    "user_role.md": memory("user_role", "user"),
    "feedback_terse.md": memory("feedback_terse", "feedback"),
    "project_launch.md": memory("project_launch", "project"),
}


def test_fix_new_follows_a_top_level_type_folder(tmp_path: Path) -> None:
    ws = write_tree(tmp_path / "ws", CLAUDE)
    done = cli("fix", "new", ws, "feedback_keep_changelog", "--type", "feedback",
               "--description", "keep the changelog current", "--index")
    assert done.returncode == 0, done.stderr
    text = (ws / "feedback_keep_changelog.md").read_text()
    assert "\ntype: feedback\n" in text and "metadata:" not in text
    lines = (ws / "MEMORY.md").read_text().splitlines()
    entry = ("- [Keep changelog](feedback_keep_changelog.md) — keep the changelog current")
    assert entry in lines
    at = lines.index(entry)
    assert lines[at - 1].startswith("- [Terse]")  # under ## Feedback, not at the end
    assert lines.index("## Project") > at


def test_fix_new_keeps_metadata_where_the_folder_uses_it(tmp_path: Path) -> None:
    nested = {"MEMORY.md": "# Memory\n- [A](a.md) — a\n",
              "a.md": "---\nname: a\ndescription: a\nmetadata:\n  type: user\n---\nA.\n"}
    ws = write_tree(tmp_path / "ws", nested)
    assert cli("fix", "new", ws, "b", "--type", "user", "--description", "d").returncode == 0
    assert "metadata:\n  type: user\n" in (ws / "b.md").read_text()


def test_fix_new_spells_the_name_the_folder_s_way(tmp_path: Path) -> None:
    """Claude Code names: snake_case with the type in front (added, never twice)."""
    ws = write_tree(tmp_path / "ws", CLAUDE)
    done = cli("fix", "new", ws, "keep-changelog", "--type", "feedback",
               "--description", "d", "--index")
    assert done.returncode == 0, done.stderr
    assert ("created feedback_keep_changelog.md (feedback), name 'keep-changelog'"
            in done.stdout)
    text = (ws / "feedback_keep_changelog.md").read_text()
    # the name: stays as typed, only the file follows the folder (issue 32 item 25)
    assert text.startswith("---\nname: keep-changelog\n")
    assert "- [Keep changelog](feedback_keep_changelog.md)" in (ws / "MEMORY.md").read_text()
    assert cli("fix", "new", ws, "user_shift", "--type", "user",
               "--description", "d").returncode == 0
    assert (ws / "user_shift.md").is_file()
    assert (ws / "user_shift.md").read_text().startswith("---\nname: user_shift\n")
    taken = cli("fix", "new", ws, "keep-changelog", "--type", "user", "--description", "d")
    assert (taken.returncode, taken.stderr) == (1, "memtui fix new: error: a memory named "
                                                "'keep-changelog' exists already "
                                                "(feedback_keep_changelog.md)\n")


def test_fix_new_in_a_kebab_folder_writes_kebab_names(tmp_path: Path) -> None:
    kebab = {"MEMORY.md": "# Memory\n- [Line a](memory/line-a.md) — a\n",
             "memory/line-a.md": "---\nname: line-a\ndescription: a\nmetadata:\n"
                                 "  type: project\n---\nA.\n",
             "memory/shift-plan.md": "---\nname: shift-plan\ndescription: s\nmetadata:\n"
                                     "  type: project\n---\nS.\n"}
    ws = write_tree(tmp_path / "ws", kebab)
    assert cli("fix", "new", ws, "keep_changelog", "--type", "feedback",
               "--description", "d").returncode == 0
    assert (ws / "memory" / "keep-changelog.md").is_file()
    assert not (ws / "memory" / "feedback-keep-changelog.md").exists()


def test_drafted_titles_follow_a_title_case_index(tmp_path: Path) -> None:
    titled = {**CLAUDE,
              "MEMORY.md": "# Memory\n\n## User\n- [User Role](user_role.md) — the role\n\n"
                           "## Feedback\n- [Be Terse](feedback_terse.md) — be terse\n"}
    ws = write_tree(tmp_path / "ws", titled)
    done = cli("fix", "new", ws, "keep_the_changelog", "--type", "feedback",
               "--description", "d", "--index")
    assert done.returncode == 0, done.stderr
    assert ("- [Keep the Changelog](feedback_keep_the_changelog.md)"
            in (ws / "MEMORY.md").read_text())


def test_fix_add_to_index_drafts_under_the_type_s_section(tmp_path: Path) -> None:
    ws = write_tree(tmp_path / "ws", {**CLAUDE, "feedback_keep_changelog.md":
                                      memory("feedback_keep_changelog", "feedback")})
    done = cli("fix", "add-to-index", ws, "feedback_keep_changelog")
    assert done.returncode == 0, done.stderr
    assert "under 'Feedback'" in done.stdout
    lines = (ws / "MEMORY.md").read_text().splitlines()
    at = lines.index("- [Keep changelog](feedback_keep_changelog.md) — about "
                     "feedback_keep_changelog")
    assert lines[at - 1].startswith("- [Terse]") and lines.index("## Project") > at


def test_what_fix_new_writes_in_a_claude_code_folder_is_not_called_older(
        tmp_path: Path) -> None:
    """newuser23 #17: ``fix new`` writes top-level ``type:`` in a Claude Code folder (its
    own format), and the next audit called it "top-level `type` (older format)". Under the
    claude-code profile it is the agent's format, no finding; under item (its format
    ``metadata: type:``) the one workspace info stays."""
    ws = write_tree(tmp_path / "ws", CLAUDE)
    assert cli("fix", "new", ws, "keep-changelog", "--type", "feedback", "--description",
               "keep a changelog", "--index").returncode == 0
    done = cli("audit", ws)
    assert done.returncode == 0, done.stdout
    assert "Layout / profile       flat / claude-code" in done.stdout
    assert "top-level `type`" not in done.stdout and "older format" not in done.stdout
    item = cli("audit", ws, "--profile", "item")
    assert "4 memories use top-level `type` (older format; tolerated)" in item.stdout


def test_docs_say_what_fix_new_writes_as_the_name(tmp_path: Path) -> None:
    """newuser23 #18: docs/curate.md said "The `name:` is the file stem"; the file is
    ``feedback_keep_changelog.md`` and its ``name:`` is ``keep-changelog`` as typed. The
    docs quote what the command prints and the frontmatter it writes."""
    ws = write_tree(tmp_path / "ws", CLAUDE)
    done = cli("fix", "new", ws, "keep-changelog", "--type", "feedback", "--description", "d")
    said = done.stdout.split(" [#", 1)[0]
    assert said == "created feedback_keep_changelog.md (feedback), name 'keep-changelog'"
    assert "\nname: keep-changelog\n" in (ws / "feedback_keep_changelog.md").read_text()
    docs = " ".join((Path(__file__).parents[2] / "docs" / "curate.md").read_text().split())
    assert f"(`{said}`)" in docs
    assert "`name: keep-changelog` in `feedback_keep_changelog.md`" in docs
    assert "The `name:` is the file stem" not in docs


def test_the_name_rule_the_docs_state_is_the_one_enforced(tmp_path: Path) -> None:
    """newuser23 #36: docs/curate.md said a NAME of words joined by spaces is kept as given;
    the CLI (and the app) refuse it, and accept a name in a script without case."""
    ws = write_tree(tmp_path / "ws", CLAUDE)
    done = cli("fix", "new", ws, "night shift notes", "--type", "project",
               "--description", "d", "--dry-run")
    assert done.returncode != 0 and "say 'night-shift-notes'" in done.stderr, done.stderr
    assert cli("fix", "new", ws, "夜班", "--type", "project", "--description", "d").returncode == 0
    assert (ws / "project_夜班.md").is_file()
    docs = " ".join((Path(__file__).parents[2] / "docs" / "curate.md").read_text().split())
    assert "must be a slug: lowercase words, in any script, joined by `-` or `_`" in docs
    assert "or spaces is kept as given" not in docs


def test_fix_rename_keeps_the_folder_s_type_prefix(tmp_path: Path) -> None:
    """newuser26 #23 / newuser27 #4: in a folder whose files carry their type, rename gave
    the only file without it (reference_gsim_architecture.md → gsim_arch.md). The file is
    now named as ``fix new`` names one; name: is what was typed; a prefix is never doubled."""
    ws = write_tree(tmp_path / "ws", {**CLAUDE, "reference_gsim_architecture.md": memory(
        "gsim-architecture", "reference")})
    done = cli("fix", "rename", ws, "gsim-architecture", "gsim_arch")
    assert done.returncode == 0, done.stderr
    assert "to reference_gsim_arch.md (name 'gsim_arch')" in done.stdout
    assert (ws / "reference_gsim_arch.md").read_text().startswith("---\nname: gsim_arch\n")
    done = cli("fix", "rename", ws, "project_launch", "project_go_live")
    assert "to project_go_live.md (name 'project_go_live')" in done.stdout, done.stdout


def test_fix_rename_keeps_a_name_that_is_a_title(tmp_path: Path) -> None:
    """newuser27 #4 addendum: rename replaced ``name: Workflow rules for features and
    commits`` (the title the agent reads) with the slug typed for the file. A name that is
    a title, not a slug, is kept: the file alone is renamed; a wikilink by that name still
    finds it, one by the old file stem names the new file. One undo puts all back."""
    from tests.edit.conftest import tree

    title = "Workflow rules for features and commits"
    ws = write_tree(tmp_path / "ws", {
        **CLAUDE,
        "MEMORY.md": CLAUDE["MEMORY.md"] + "- [Workflow](feedback_workflow.md) — rules\n",
        "feedback_workflow.md": memory(title, "feedback"),
        "project_launch.md": memory("project_launch", "project").replace(
            "Body.", f"See [[{title}]] and [[feedback_workflow]]."),
    })
    before = tree(ws)
    done = cli("fix", "rename", ws, "feedback_workflow.md", "workflow_rules")
    assert done.returncode == 0, done.stderr
    assert f"to feedback_workflow_rules.md (name kept: '{title}')" in done.stdout, done.stdout
    assert not (ws / "feedback_workflow.md").exists()
    assert (ws / "feedback_workflow_rules.md").read_text() == memory(title, "feedback")
    assert f"See [[{title}]] and [[feedback_workflow_rules]]." in \
        (ws / "project_launch.md").read_text()
    assert "- [Workflow](feedback_workflow_rules.md) — rules" in (ws / "MEMORY.md").read_text()
    import json

    wikilinks = json.loads(cli("audit", ws, "--json").stdout)["wikilinks"]
    assert (wikilinks["total"], wikilinks["dangling"]) == (2, [])
    assert cli("undo", ws).returncode == 0
    assert tree(ws) == before
    # A slug name is a name the rename gives: replaced as before.
    done = cli("fix", "rename", ws, "project_launch", "project_go_live")
    assert "(name 'project_go_live')" in done.stdout, done.stdout
