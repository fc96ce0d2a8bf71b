"""newuser33 #3: a contradiction between two CJK memories showed the whole sentence as "the
value" (CJK has no spaces: the sentence is one token), where English showed ``(0 / 12)``.
The message now shows the part that differs, whole numbers kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main
from memtui.core.checks.near_duplicate_conflict import contradicts

FM = "---\nname: {name}\ndescription: fact {n} in zh\ntype: project\n---\n{body}\n"
TEMPLATE = ("生產線第{n}號機台的良率目標是百分之九十八。\n\n**Why:** observed in review.\n"
            "**How to apply:** check before release.")


def test_a_cjk_contradiction_names_the_value_that_differs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = tmp_path / "memory"
    ws.mkdir()
    lines = ["# Memory index", ""]
    # (files not named by the number that differs: named by it, the two are one template's
    # numbered instances, no contradiction — newuser36 #9, tests/core/test_contradiction_series.py)
    for n, name in ((2, "topic-a"), (14, "topic-b")):
        (ws / f"{name}.md").write_text(
            FM.format(name=name, n=n, body=TEMPLATE.format(n=n)), encoding="utf-8")
        lines.append(f"- [Topic {name}]({name}.md) — hook for fact {n}")
    (ws / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    main(["audit", str(ws), "--json"])
    found = [f["message"] for f in json.loads(capsys.readouterr().out)["findings"]
             if f["kind"] == "contradiction"]
    assert found, "no contradiction found"
    assert all("another value (14 / 2)" in m for m in found), found


@pytest.mark.parametrize(("a", "b", "shown"), [
    ("生產線第12號機台", "生產線第14號機台", "12 / 14"),  # a shared 1 stays in the number
    ("温度は120度です", "温度は20度です", "120 / 20"),
])
def test_the_differing_part_keeps_whole_numbers(a: str, b: str, shown: str) -> None:
    words = "the plant notes say that line output target is set to "
    assert contradicts(words + a, words + b) == shown


def test_an_english_value_is_as_before() -> None:
    words = "the plant notes say that line output target is set to "
    assert contradicts(words + "12% a day", words + "14% a day") == "12% / 14%"
