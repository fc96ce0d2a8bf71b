"""newuser38 #19: watching Claude Code write: an outside writer saved a memory and appended
its index line as line 228 of a Claude Code MEMORY.md; the live notice said "MEMORY.md
changed — 61 entries (was 60)" and nothing of the 200-line load limit, while the chat pane
says "index line added past the load limit (line 228; the agent loads 200): never loaded"
for memtui's own agent. One function decides it for both, and the notice says it. The real
app, its watcher, a real outside write."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from tests.tui.conftest import wait_for
from tests.tui.test_app import started

SAID = "index line added past the load limit (line 228; the agent loads 200): never loaded"


def claude_folder(tmp: Path) -> Path:
    root = tmp / ".claude" / "projects" / "-tmp-app" / "memory"
    root.mkdir(parents=True)
    lines = ["# Memory"]
    for i in range(226):
        (root / f"topic-{i}.md").write_text(
            f"---\nname: topic {i}\ndescription: topic {i}\ntype: project\n---\n"
            f"Topic {i} of the project.\n", encoding="utf-8")
        lines.append(f"- [Topic {i}](topic-{i}.md) — topic {i} of the project")
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


async def test_an_outside_index_line_past_the_limit_is_said(tmp_path: Path) -> None:
    ws = claude_folder(tmp_path)
    app = open_app(ws, watch=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await wait_for(pilot, lambda: "watching for changes" in app.notice)
        assert app.result is not None and app.result.profile == "claude-code"
        audits = app.audits
        # as Claude Code saves a memory: the file, then its line appended to the index
        (ws / "live-note.md").write_text(
            "---\nname: live note\ndescription: a live fact\ntype: project\n---\nLive fact.\n",
            encoding="utf-8")
        with (ws / "MEMORY.md").open("a", encoding="utf-8") as fh:
            fh.write("- [Live](live-note.md) — live fact\n")
        await wait_for(pilot, lambda: app.audits > audits and "MEMORY.md changed" in
                       app.notice and "(was 226)" in app.notice, 30)
        assert app.notice.startswith(f"MEMORY.md changed — {SAID}; 227 entries (was 226)"), \
            app.notice


async def test_a_line_the_agent_loads_is_not_said_past_the_limit(tmp_path: Path) -> None:
    """Line 200 and above: the notice counts the entries, as before."""
    ws = tmp_path / ".claude" / "projects" / "-tmp-small" / "memory"
    ws.mkdir(parents=True)
    (ws / "MEMORY.md").write_text("# Memory\n- [A](a.md) — a\n", encoding="utf-8")
    (ws / "a.md").write_text("---\nname: a\ndescription: a\ntype: project\n---\nA.\n",
                             encoding="utf-8")
    app = open_app(ws, watch=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await wait_for(pilot, lambda: "watching for changes" in app.notice)
        audits = app.audits
        (ws / "b.md").write_text("---\nname: b\ndescription: b\ntype: project\n---\nB.\n",
                                 encoding="utf-8")
        with (ws / "MEMORY.md").open("a", encoding="utf-8") as fh:
            fh.write("- [B](b.md) — b\n")
        await wait_for(pilot, lambda: app.audits > audits and "(was 1)" in app.notice, 30)
        assert app.notice.startswith("MEMORY.md changed — 2 entries (was 1)"), app.notice
