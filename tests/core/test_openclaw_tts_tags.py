"""real32: OpenClaw's text-to-speech directives are tags of a reply, not wikilinks.

A reply may carry ``[[tts:<key=value …>]]`` and a ``[[tts:text]]…[[/tts:text]]`` block
(docs.openclaw.ai, tools/tts/commands); notes the agent keeps quote them, and name the
family ``[[tts]]``. A real workspace had a dangling wikilink for each note saying its
``[[tts]]`` tags did not work.
"""

from __future__ import annotations

from pathlib import Path

from tests.core.helpers import make_ws, run_audit

NOTE = ("# 2026-07-25\n\n- The [[tts]] tags did nothing; use the tts tool instead.\n"
        "- assistant: Done. [[tts:voice=alloy speed=1.1]][[tts:text]](sighs) Done.[[/tts:text]]\n"
        "- Steps are in [[voice-runbook]].\n")


def _workspace(tmp: Path) -> Path:
    return make_ws(tmp / ".openclaw" / "workspace", {
        "AGENTS.md": "# AGENTS.md\n\nLog each day in memory/YYYY-MM-DD.md.\n",
        "SOUL.md": "# SOUL.md\n\nCalm.\n",
        "MEMORY.md": "# MEMORY.md\n\n- Voice replies go out on Telegram.\n",
        "memory/2026-07-25.md": NOTE,
    })


def test_tts_directives_are_no_wikilinks_under_openclaw(tmp_path: Path) -> None:
    result = run_audit(_workspace(tmp_path))
    assert result.profile == "openclaw"
    # (newuser40 #18: nor is any [[name]]: OpenClaw follows no link, AGENT_LAYOUTS.md)
    assert result.wikirefs == []
    assert not [f for f in result.findings if f.kind == "dangling_wikilink"]


def test_tts_lookalikes_stay_wikilinks(tmp_path: Path) -> None:
    ws = _workspace(tmp_path)
    (ws / "memory" / "2026-07-25.md").write_text(
        "# 2026-07-25\n\n- See [[tts-setup]] and [[ttsnotes]].\n", encoding="utf-8")
    result = run_audit(ws)
    assert result.wikirefs == []  # under openclaw, no [[ ]] is one (newuser40 #18)
    assert sorted(w.target for w in run_audit(ws, profile="item").wikirefs) == [
        "tts-setup", "ttsnotes"]
    # under another profile the tag is what it looks like
    other = run_audit(_workspace(tmp_path / "b"), profile="item")
    assert "tts" in [w.target for w in other.wikirefs]
