"""newuser36 #9 in the unspaced scripts: a Japanese or Chinese template's numbered instances
("サーバー2のビルドは…", "第7号构建服务器…", each file named by its server's number) were
still ``contradiction`` warnings, their "value" the whole sentence (``2 サーバー2のビルドは… /
7 サーバー7のビルドは…``): the description's last word, the number, and the body's sentence
(one token: no spaces) were read as one place that differs. The description is set aside
there too; the value is the number, and a number the file is named by is one template's
instance, as in a spaced script. Real files, the CLI's audit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main
from memtui.core.checks.near_duplicate_conflict import contradicts

JA = "サーバー{i}のビルドは事前にキャッシュを温めないとタイムアウトする。担当は佐藤さん。"
ZH = "第{i}号构建服务器需要先预热缓存，否则任务会超时；负责人是王工。"
FM = ("---\nname: {name}\ndescription: note {i} about build server {i}\ntype: project\n---\n"
      "{body}\n\n**Why:** it broke twice.\n**How to apply:** warm the cache first.\n")


def _folder(root: Path, name_of: str, frontmatter: bool = True) -> None:
    root.mkdir()
    lines = ["# Memory", ""]
    for i in range(10):
        name = name_of.format(i=i, letter="abcdefghij"[i])
        body = (JA if i % 2 == 0 else ZH).format(i=i)
        text = FM.format(name=name, i=i, body=body) if frontmatter else body + "\n"
        (root / f"{name}.md").write_text(text, encoding="utf-8")
        lines.append(f"- [Build server {i}]({name}.md) — server {i}")
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _contradictions(root: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    main(["audit", str(root), "--json", "--fail-on", "never"])
    return [f["message"] for f in json.loads(capsys.readouterr().out)["findings"]
            if f["kind"] == "contradiction"]


@pytest.mark.parametrize("frontmatter", [True, False])
def test_cjk_numbered_instances_are_no_contradiction(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], frontmatter: bool) -> None:
    _folder(tmp_path / "memory", "topic-{i:03d}", frontmatter)
    assert _contradictions(tmp_path / "memory", capsys) == []


def test_cjk_instances_not_named_by_the_number_show_the_number(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _folder(tmp_path / "memory", "note-{letter}")
    found = _contradictions(tmp_path / "memory", capsys)
    assert found, "no contradiction found"
    for message in found:
        values = message.split("another value (", 1)[1].split(")", 1)[0]
        x, y = values.split(" / ")
        assert x.isdigit() and y.isdigit(), message  # the number, not the sentence


@pytest.mark.parametrize("template", [JA, ZH], ids=["ja", "zh"])
def test_the_description_s_number_is_not_part_of_the_value(template: str) -> None:
    def text(i: int) -> str:
        return f"note {i} about build server {i}\n{template.format(i=i)}"
    assert contradicts(text(2), text(7)) == "2 / 7"
