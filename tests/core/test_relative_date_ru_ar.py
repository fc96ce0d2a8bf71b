"""newuser37 #14, #34, #23: Russian relative dates in the genitive ("партии прошлой недели",
"со следующей недели") were missed; Arabic found 1 of 6 common phrases ("الأسبوع المقبل"
beside CLDR's "القادم", "العام الماضي", "بعد غد", "بعد ثلاثة أيام"); and a date in
Arabic-Indic digits beside "غدًا" ("٥ مايو ٢٠٢٦") was not read as the absolute date that
keeps the line quiet."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.audit import audit
from tests.core.helpers import make_ws


def _lines(tmp_path: Path, lines: list[str]) -> list[int]:
    body = "\n".join(lines)
    ws = make_ws(tmp_path / "ws", {
        "MEMORY.md": "- [D](memory/d.md) — dates\n",
        "memory/d.md": f"---\nname: d\ndescription: dates\ntype: project\n---\n{body}\n"})
    return sorted(f.line for f in audit(ws).findings if f.kind == "relative_date")


@pytest.mark.parametrize("line", [
    "Партии прошлой недели все переделаны.",
    "Со следующей недели новый график смен.",
    "Отчёт прошлого месяца не сдан.",
    "سنناقش الميزانية الأسبوع المقبل.",
    "يبدأ التدريب الشهر المقبل.",
    "ارتفعت الأسعار العام الماضي.",
    "سيصل المورد بعد غد.",
    "سنراجع النتائج بعد ثلاثة أيام.",
])
def test_found(tmp_path: Path, line: str) -> None:
    assert _lines(tmp_path, [line]) == [6]


@pytest.mark.parametrize("line", [
    "سنتأكد من هذا مع المورد غدًا (٥ مايو ٢٠٢٦).",
    "قال المدير بعد ذلك إن الخطة جيدة.",  # "after that": no date
    "Смена длится двенадцать часов.",
])
def test_quiet(tmp_path: Path, line: str) -> None:
    assert _lines(tmp_path, [line]) == []
