"""newuser37 #38: an index whose type sections are headed in Chinese (## 用户, ## 反馈,
## 项目, ## 参考) got a feedback and a project memory appended under its last section,
"## 参考", while the message said "+2 entries". A section whose entries are all of one type
is that type's section, in any language."""

from __future__ import annotations

from pathlib import Path

from tests.edit.conftest import cli, read, write_tree

TYPES = {"用户一": "user", "反馈一": "feedback", "项目一": "project", "参考一": "reference",
         "反馈二": "feedback", "项目二": "project"}


def test_new_lines_go_under_their_types_sections(tmp_path: Path) -> None:
    files = {f"memory/{n}.md": f"---\nname: {n}\ndescription: {n}的说明\ntype: {t}\n---\n"
             f"{n}的内容。\n" for n, t in TYPES.items()}
    files["MEMORY.md"] = ("# 记忆\n\n## 用户\n- [用户一](memory/用户一.md) — 用户\n\n## 反馈\n"
                          "- [反馈一](memory/反馈一.md) — 反馈\n\n## 项目\n"
                          "- [项目一](memory/项目一.md) — 项目\n\n## 参考\n"
                          "- [参考一](memory/参考一.md) — 参考\n")
    ws = write_tree(tmp_path / "ws", files)
    proc = cli("fix", "add-to-index", ws, "memory/反馈二.md", "memory/项目二.md")
    assert proc.returncode == 0, proc.stderr
    assert "under their types' sections" in proc.stdout
    lines = read(ws, "MEMORY.md").splitlines()
    assert lines.index("- [反馈二](memory/反馈二.md) — 反馈二的说明") == \
        lines.index("- [反馈一](memory/反馈一.md) — 反馈") + 1
    assert lines.index("- [项目二](memory/项目二.md) — 项目二的说明") == \
        lines.index("- [项目一](memory/项目一.md) — 项目") + 1


def test_a_section_of_mixed_types_is_no_types_section(tmp_path: Path) -> None:
    files = {f"memory/{n}.md": f"---\nname: {n}\ndescription: {n}的说明\ntype: {t}\n---\n"
             f"{n}的内容。\n" for n, t in TYPES.items()}
    files["MEMORY.md"] = ("# 记忆\n\n## 杂项\n- [用户一](memory/用户一.md) — 用户\n"
                          "- [反馈一](memory/反馈一.md) — 反馈\n\n## 其他\n"
                          "- [参考一](memory/参考一.md) — 参考\n")
    ws = write_tree(tmp_path / "ws", files)
    proc = cli("fix", "add-to-index", ws, "memory/反馈二.md")
    assert proc.returncode == 0, proc.stderr
    assert read(ws, "MEMORY.md").splitlines()[-1] == "- [反馈二](memory/反馈二.md) — 反馈二的说明"
