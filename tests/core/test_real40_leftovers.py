"""fix40a: what real40's folders left that is not a detector, each on a folder of the real
one's shape (the real text stays out of the repository).

1. ``dot_gemini/GEMINI.md`` of the user's own rules (no saved-memories section, no import),
   ``settings.json`` beside it (takish's and kenvexar's dotfiles): the text report said
   "Linked from the index 0 of 0 files" and "Orphans 0" of a folder with no memory file.
2. An OpenClaw workspace's ``memory/proxy-config.md`` holding a proxy password (dhtaiyi's):
   its advice said "OpenClaw loads no daily note into a turn"; it is no daily note.
3. A ``.codex/memory`` index naming each memory in backticks with what it holds
   (SlavaRen682's, Russian): 7 orphans "never seen" and 7 unlinked mentions, one fact
   counted twice; the orphan (right by SPEC §3: a name is no link) now says the line and
   the link to write, and the mentions it tells are not counted again.
"""

from __future__ import annotations

import json
from pathlib import Path

from memtui.cli import main


def audit(root: Path, capsys, *extra: str) -> str:  # type: ignore[no-untyped-def]
    assert main(["audit", str(root), *extra]) in (0, 1)
    return capsys.readouterr().out


def test_a_gemini_md_with_nothing_saved_says_so(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    root = tmp_path / "dotfiles" / "dot_gemini"
    root.mkdir(parents=True)
    (root / "GEMINI.md").write_text(
        "# Global rules\n\n## Language\n\n- 日本語で回答する\n- Code comments in English\n\n"
        "## Workflow\n\n- Read the file before editing it\n- Run the tests after a change\n",
        encoding="utf-8")
    (root / "settings.json").write_text('{"theme": "Default"}\n', encoding="utf-8")
    text = audit(root, capsys)
    assert "flat / gemini" in text
    rows = {line.split("  ")[0] for line in text.splitlines() if line[:1].strip()}
    assert "Linked from the index" not in rows and "Orphans" not in rows
    assert "Memory files" not in rows
    said = " ".join(text.split("Saved memories", 1)[1].split("Index", 1)[0].split())
    assert said.startswith("none yet (GEMINI.md holds no '## Gemini Added Memories' section")
    report = json.loads(audit(root, capsys, "--json"))  # the JSON as it was
    assert report["orphans"] == [] and "saved_memories" not in report["injected_block"]


def test_an_openclaw_note_under_memory_is_named_for_what_it_is(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    root = tmp_path / "workspace"
    (root / "memory").mkdir(parents=True)
    (root / "AGENTS.md").write_text("# AGENTS.md\nRead SOUL.md first.\n", encoding="utf-8")
    (root / "SOUL.md").write_text("# SOUL\nBe kind.\n", encoding="utf-8")
    (root / "MEMORY.md").write_text("# MEMORY\n- proxy in memory/proxy-config.md\n",
                                    encoding="utf-8")
    (root / "memory" / "2026-02-22.md").write_text(
        "# 2026-02-22\n\n- 登录后台: 用户 admin, 密码: Qx7rTz93Lm\n", encoding="utf-8")
    (root / "memory" / "proxy-config.md").write_text(
        "# 代理配置\n\n- 地址: 10.0.0.8:3128\n- 密码: Hs82kLq0Zx4\n", encoding="utf-8")
    report = json.loads(audit(root, capsys, "--json"))
    assert report["profile"] == "openclaw"
    said = {f["path"]: f["message"] for f in report["findings"] if f["kind"] == "secret"}
    assert said["memory/2026-02-22.md"].endswith(
        ": OpenClaw loads no daily note into a turn; memory_search finds it, and gives the "
        "agent the value, when the agent searches its memory")
    assert "daily note into" not in said["memory/proxy-config.md"]
    assert ": a note under memory/ (not a daily note: no day in its name), which OpenClaw " \
        "loads into no turn; memory_search finds it" in said["memory/proxy-config.md"]


RU_INDEX = """# Memory Index

Этот файл — стартовый индекс памяти проекта. Держи его короче 200 строк.

## Read First

- `handoff.md`: последнее состояние для нового чата.
- `active.md`: текущая задача, ветка, допущения, следующие шаги.
- `commands.md`: команды сборки, тестов, линтера.

## Topic Files

- `architecture.md`: архитектура, карта модулей, поток данных.
- `decisions.md`: принятые решения и отвергнутые варианты.
- `issues.md`: ошибки, ловушки, проверенные исправления.
- `progress.md`: журнал вех.
- `sessions/`: подробные заметки сессий.
"""


def test_an_index_naming_its_memories_in_backticks_tells_each_orphan_once(
        tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    root = tmp_path / "repo" / ".codex" / "memory"
    (root / "sessions").mkdir(parents=True)
    (root / "MEMORY.md").write_text(RU_INDEX, encoding="utf-8")
    names = ("handoff", "active", "commands", "architecture", "decisions", "issues",
             "progress")
    for name in names:
        (root / f"{name}.md").write_text(f"# {name}\n\n- Заметка о проекте.\n",
                                         encoding="utf-8")
    report = json.loads(audit(root, capsys, "--json"))
    assert [f for f in report["findings"] if f["kind"] == "unlinked_mention"] == []
    orphans = {f["path"]: f["message"] for f in report["findings"] if f["kind"] == "orphan"}
    assert len(orphans) == 7 and len(report["orphans"]) == 7
    assert orphans["handoff.md"] == (
        "named in backticks at MEMORY.md:7, not linked from the index: the agent reads the "
        "name, no link; write [handoff.md](handoff.md) there")
    assert orphans["progress.md"].startswith("named in backticks at MEMORY.md:16,")
    assert not any("never seen" in m for m in orphans.values())
