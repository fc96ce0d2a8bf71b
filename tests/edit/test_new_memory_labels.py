"""newuser37 #18: ``memtui fix new`` wrote English ``**Why:**`` / ``**How to apply:**`` into
a folder whose feedback and project memories all say ``**السبب:**`` / ``**كيفية التطبيق:**``
(or ``理由：`` / ``適用方法：``), labels missing_why reads. A new memory starts with the labels
the folder writes; a folder that writes none gets the English template."""

from __future__ import annotations

from pathlib import Path

from tests.edit.conftest import cli, write_tree


def memory(name: str, why: str, how: str) -> str:
    return (f"---\nname: {name}\ndescription: {name}\nmetadata:\n  type: feedback\n---\n"
            f"نص.\n{why} سبب ما\n{how} خطوة\n")


def test_fix_new_writes_the_folders_own_labels(tmp_path: Path) -> None:
    ws = write_tree(tmp_path / "ar", {
        "MEMORY.md": "# الفهرس\n- [أ](memory/a.md) — أ\n- [ب](memory/b.md) — ب\n",
        "memory/a.md": memory("a", "**السبب:**", "**كيفية التطبيق:**"),
        "memory/b.md": memory("b", "**السبب:**", "**كيفية التطبيق:**")})
    done = cli("fix", "new", ws, "مناوبة-ليلية", "--type", "feedback", "--description",
               "قاعدة المناوبة الليلية")
    assert done.returncode == 0, done.stderr
    text = (ws / "memory" / "مناوبة-ليلية.md").read_text(encoding="utf-8")
    assert text.endswith("---\n\n**السبب:** \n**كيفية التطبيق:** \n"), text
    assert "Why" not in text


def test_japanese_labels_without_bold(tmp_path: Path) -> None:
    ws = write_tree(tmp_path / "ja", {
        "MEMORY.md": "# 索引\n- [a](memory/a.md) — a\n",
        "memory/a.md": memory("a", "理由：", "適用方法：")})
    assert cli("fix", "new", ws, "夜勤ルール", "--type", "project", "--description",
               "夜勤の規則").returncode == 0
    text = (ws / "memory" / "夜勤ルール.md").read_text(encoding="utf-8")
    assert "\n理由： \n適用方法： \n" in text, text


def test_a_folder_without_labels_gets_the_english_template(tmp_path: Path) -> None:
    ws = write_tree(tmp_path / "en", {
        "MEMORY.md": "# Memory\n- [A](memory/a.md) — a\n",
        "memory/a.md": "---\nname: a\ndescription: a\nmetadata:\n  type: user\n---\nA.\n"})
    assert cli("fix", "new", ws, "night-shift", "--type", "feedback", "--description",
               "the night shift rule").returncode == 0
    text = (ws / "memory" / "night-shift.md").read_text(encoding="utf-8")
    assert "\n**Why:** \n**How to apply:** \n" in text


async def test_the_apps_n_writes_them_too(tmp_path: Path) -> None:
    from textual.widgets import Select

    from memtui.core.workspace import open_workspace
    from memtui.tui import curate
    from memtui.tui.dialogs.new_memory import NewMemoryScreen
    from tests.edit.test_curate_tui import Harness, _finish, _type
    from tests.tui.conftest import wait_for

    ws = write_tree(tmp_path / "ar", {
        "MEMORY.md": "# الفهرس\n- [أ](memory/a.md) — أ\n",
        "memory/a.md": memory("a", "**السبب:**", "**كيفية التطبيق:**")})
    app = Harness(lambda a: curate.run_new_memory(a, open_workspace(ws)))
    async with app.run_test(size=(120, 50)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NewMemoryScreen))
        app.screen.query_one("#type", Select).value = "feedback"
        await _type(pilot, "#name", "night-shift")
        await _type(pilot, "#description", "the night shift rule")
        await pilot.pause()
        await pilot.click("#confirm")
        await _finish(pilot, app)
    text = (ws / "memory" / "night-shift.md").read_text(encoding="utf-8")
    assert "\n**السبب:** \n**كيفية التطبيق:** \n" in text, text
