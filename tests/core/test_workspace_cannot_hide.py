"""What a workspace's writer controls (its files, its links, its imports) never hides a
credential from the verdict (redteam33, issue "a workspace must not fool the verdict").

Each test builds a real workspace in a temporary folder and runs the real ``memtui audit``
(text, ``--json``, ``--discover``) in a child process: the run fails (exit 1) and the JSON
reports a guarded finding (``secret`` or ``unchecked_text``) at the name the agent reads.
One mechanism each: a name the agent opens is read where it leads inside the workspace
(`memtui.core.scanner.readable.walk`, `memtui.core.profiles.files.AgentFiles`), and what is
not read — a link out, an import past the files followed — is an ``unchecked_text`` error
(`memtui.core.scanner.scan.unchecked`) that no setting of the workspace accepts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.core.helpers import make_ws, memory

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "ghp_Q7m2Xv9Lr4Tb8Nc1Kz6Wd3Hp5Fs0Gj2Ya7Ue"
CRED = f"Deploy with {TOKEN} when asked.\n"
INDEX = "- [Deploy](memory/deploy.md) — how we deploy\n"


def _memtui(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1",
           "COLUMNS": "100"}
    return subprocess.run([sys.executable, "-m", "memtui", *args], env=env, text=True,
                          capture_output=True, timeout=120)


def _guarded(ws: Path, *flags: str) -> list[tuple[str, str]]:
    """The guarded findings ``memtui audit --json`` reports, after checking that the text
    and JSON runs both fail."""
    text = _memtui("audit", str(ws), *flags)
    assert text.returncode == 1, (text.stdout[-2000:], text.stderr)
    run = _memtui("audit", "--json", str(ws), *flags)
    assert run.returncode == 1, run.stderr
    return sorted((f["path"], f["kind"]) for f in json.loads(run.stdout)["findings"]
                  if f["kind"] in ("secret", "unchecked_text"))


def _item(tmp: Path, files: dict[str, str]) -> Path:
    return make_ws(tmp / "ws", {"MEMORY.md": INDEX, "memory/deploy.md": memory("deploy"),
                                **files})


@pytest.mark.parametrize("skipped", [".memtui", ".git"])
def test_a_link_under_the_memory_root_into_a_skipped_folder_is_read(
        tmp_path: Path, skipped: str) -> None:
    """memory/notes.txt → ../.memtui/x.md (or ../.git/x.md): the agent opens the name and
    reads the credential; the walk skipped the folder the link leads into and said nothing
    (exit 0). The skip is for the folder reached by its own name, not for a link into it."""
    ws = _item(tmp_path, {f"{skipped}/x.md": CRED, f"{skipped}/sub/y.txt": CRED})
    if skipped == ".git":
        (ws / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    os.symlink(f"../{skipped}/x.md", ws / "memory" / "notes.txt")
    os.symlink(f"../{skipped}/sub", ws / "memory" / "more")
    # (the state folder's own files are read under their names too: redteam37)
    own = [(".memtui/sub/y.txt", "secret"), (".memtui/x.md", "secret")] \
        if skipped == ".memtui" else []
    assert _guarded(ws) == [*own, ("memory/more/y.txt", "secret"),
                            ("memory/notes.txt", "secret")]


@pytest.mark.parametrize("target", ["docs/tools.md", ".memtui/tools.md"])
def test_an_openclaw_bootstrap_file_that_is_a_link_inside_is_read(
        tmp_path: Path, target: str) -> None:
    """TOOLS.md, loaded into every turn, a symbolic link to a file inside the workspace:
    OpenClaw reads what it leads to; memtui read nothing and reported nothing (exit 0)."""
    ws = make_ws(tmp_path / "ws", {
        "MEMORY.md": "# Memory\n- nothing yet\n", "AGENTS.md": "# Agents\nBe brief.\n",
        "SOUL.md": "# Soul\nCalm.\n", "memory/2026-01-01.md": "# day\nnothing\n",
        target: "# Tools\n" + CRED})
    os.symlink(target, ws / "TOOLS.md")
    assert ("TOOLS.md", "secret") in _guarded(ws, "--profile", "openclaw")
    found = json.loads(_memtui("audit", "--json", str(ws), "--profile", "openclaw").stdout)
    assert "TOOLS.md" in found["injected_block"]["files"]


def test_an_openclaw_bootstrap_file_that_links_out_is_unchecked(tmp_path: Path) -> None:
    """TOOLS.md a link out of the workspace: never read, and an error says so (the agent
    loads it every turn), as a memory linking out is (newuser32 #20)."""
    (tmp_path / "outside.md").write_text("# Tools\n" + CRED)
    ws = make_ws(tmp_path / "ws", {
        "MEMORY.md": "# Memory\n- nothing yet\n", "AGENTS.md": "# Agents\nBe brief.\n",
        "SOUL.md": "# Soul\nCalm.\n", "memory/2026-01-01.md": "# day\nnothing\n"})
    os.symlink(tmp_path / "outside.md", ws / "TOOLS.md")
    assert _guarded(ws, "--profile", "openclaw") == [("TOOLS.md", "unchecked_text")]
    # no setting of the workspace accepts it
    (ws / ".memtui.toml").write_text('ignore = ["unchecked_text"]\nfail-on = "never"\n')
    assert _memtui("audit", str(ws), "--profile", "openclaw").returncode == 1


def test_an_import_past_the_files_followed_is_unchecked(tmp_path: Path) -> None:
    """GEMINI.md imports 205 notes, then a file in .memtui/ (which the walk of the memory
    root skips) holding a credential: Gemini CLI loads every one; memtui followed 200 and
    dropped the rest without a word (exit 0)."""
    files = {f"n{i}.md": f"note {i}\n" for i in range(205)}
    files["GEMINI.md"] = "# Notes\n" + "".join(f"@n{i}.md\n" for i in range(205)) + \
        "@.memtui/c.md\n"
    files[".memtui/c.md"] = CRED
    ws = make_ws(tmp_path / "ws", files)
    # (the state folder's files are read for credentials since redteam37: the import past
    # the bound is still said)
    assert _guarded(ws, "--profile", "gemini") == [(".memtui/c.md", "secret"),
                                                   ("n200.md", "unchecked_text")]


def test_discover_counts_them_too(tmp_path: Path) -> None:
    """The fleet's verdict is the same: ``--discover`` fails on the workspace."""
    ws = _item(tmp_path / "items", {".memtui/x.md": CRED})
    os.symlink("../.memtui/x.md", ws / "memory" / "notes.txt")
    make_ws(tmp_path / "items" / "other", {"MEMORY.md": INDEX,
                                           "memory/deploy.md": memory("deploy")})
    run = _memtui("audit", str(tmp_path / "items"), "--discover", "--json")
    assert run.returncode == 1, run.stderr


def test_a_baseline_inside_the_workspace_accepts_no_credential(tmp_path: Path) -> None:
    """``--baseline`` naming a file inside the workspace: the change that adds a credential
    writes the entry that accepts it (the key is in the file), and the run passed (exit 0,
    one line on stderr). Now it is the workspace's own, as its .memtui.toml is: the run
    fails, in every format, and (newuser40 #6) the credential is reported as the finding it
    is, saying why the baseline did not accept it; the same file outside the workspace
    accepts it."""
    ws = _item(tmp_path, {"memory/creds.md": memory("creds", CRED)})
    base = ws / ".memtui-baseline.json"
    assert _memtui("audit", str(ws), "--write-baseline", str(base)).returncode == 0
    for flags in ((), ("--json",), ("--format", "sarif"), ("--fail-on", "error")):
        run = _memtui("audit", str(ws), "--baseline", str(base), *flags)
        assert run.returncode == 1, (flags, run.stderr)
        assert "inside the audited workspace" in run.stderr
    data = json.loads(_memtui("audit", str(ws), "--baseline", str(base), "--json").stdout)
    assert not [f for f in data["suppressed_findings"] if f["kind"] == "secret"]
    (found,) = [f for f in data["findings"] if f["kind"] == "secret"]
    assert found["path"] == "memory/creds.md"
    assert "lists it but cannot accept it: it lies inside the audited workspace" in \
        found["message"]
    outside = tmp_path / "baseline.json"
    base.rename(outside)
    assert _memtui("audit", str(ws), "--baseline", str(outside)).returncode == 0
    assert _memtui("audit", str(ws), "--baseline", str(outside),
                   "--fail-on", "never").returncode == 0


def test_a_file_the_agent_loads_linking_out_is_said_once(tmp_path: Path) -> None:
    """Codex's memory_summary.md (injected every session) a link out: one ``unchecked_text``
    error, not one from the walk of the memory folder and one more from the profile."""
    (tmp_path / "outside.md").write_text("# Summary\n" + CRED)
    folder = make_ws(tmp_path / ".codex" / "memories", {
        "MEMORY.md": "# Memory\n- see rollout_summaries/a.md\n",
        "rollout_summaries/a.md": "# a\nnothing\n"})
    os.symlink(tmp_path / "outside.md", folder / "memory_summary.md")
    assert _guarded(folder) == [("memory_summary.md", "unchecked_text")]


@pytest.mark.parametrize("profile", ["item", "codex"])
def test_a_profile_the_workspace_sets_keeps_no_loaded_file_unread(
        tmp_path: Path, profile: str) -> None:
    """An OpenClaw workspace whose own .memtui.toml says ``profile = "item"``: the audit
    follows it and never reads TOOLS.md, which OpenClaw loads into every turn; its
    credential passed (exit 0) unless ``--fail-on`` was given as a flag. The audit with the
    operator's settings finds it, and a guarded finding it finds fails the run whatever
    the workspace's settings, as an ``ignore`` of it does."""
    ws = make_ws(tmp_path / "ws", {
        "MEMORY.md": "# Memory\n- nothing yet\n", "AGENTS.md": "# Agents\nBe brief.\n",
        "SOUL.md": "# Soul\nCalm.\n", "memory/2026-01-01.md": "# day\nnothing\n",
        "TOOLS.md": "# Tools\n" + CRED, ".memtui.toml": f'profile = "{profile}"\n'})
    # the top-level files are read under every profile now (newuser38 #6 #25,
    # `memtui.core.scanner.walk_scope`): found under the profile the workspace sets, and
    # under the one the command line gives, not only kept from failing
    for flags in ((), ("--profile", profile)):
        run = _memtui("audit", str(ws), *flags)
        assert run.returncode == 1 and "TOOLS.md:2" in run.stdout, (flags, run.stderr)
    assert _memtui("audit", str(ws), "--fail-on", "never").returncode == 0

