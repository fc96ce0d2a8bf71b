"""newuser37 #29: a frontmatter date other than ISO ``YYYY-MM-DD`` was refused ("modified:
2026年3月1日 is not a date"), even one that names a single day, the forms the relative-date
check itself reads as dates: a Chinese or Russian operator's nine-month-old memories read
as fresh and never stale. The forms that name one day are read now; a day and a month that
read either way round (``01.03.2026``, ``1/3/2026``) are still refused, and the finding
says both readings and the forms read."""

from __future__ import annotations

from pathlib import Path

from tests.core.helpers import run_audit

READ = {"a": "2026-03-01", "b": "2026年3月1日", "c": "1 марта 2026", "d": "2026/03/01",
        "e": "March 1, 2026", "f": "٢٠٢٦-٠٣-٠١", "g": "2026년 3월 1일", "h": "13.03.2026",
        "i": "1er mars 2026"}
REFUSED = {"x": "01.03.2026", "y": "1/3/2026"}


def test_a_date_that_names_one_day_dates_the_memory(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    both = {**READ, **REFUSED}
    (tmp_path / "MEMORY.md").write_text(
        "".join(f"- [{k}](memory/{k}.md) — {k}\n" for k in both), encoding="utf-8")
    for k, value in both.items():
        (tmp_path / "memory" / f"{k}.md").write_text(
            f"---\nname: {k}\ndescription: {k}\ntype: user\nmodified: '{value}'\n---\n\nA.\n",
            encoding="utf-8")
    result = run_audit(tmp_path)
    ages = {f.path: f.age_source for f in result.files}
    assert {k for k in both if ages[f"memory/{k}.md"] == "frontmatter"} == set(READ)
    said = sorted((f.path, f.message) for f in result.findings
                  if f.kind == "frontmatter" and "is not a date" in f.message)
    assert [p for p, _ in said] == ["memory/x.md", "memory/y.md"]
    assert all("it reads as 2026-03-01 or 2026-01-03 (day or month first)" in m
               and "2026-03-01, 1 March 2026, 2026/03/01" in m for _, m in said), said
    days = {f.path: f.age_days for f in result.files}
    # 2026-03-13 is twelve days younger than 2026-03-01
    assert days["memory/h.md"] is not None and days["memory/a.md"] is not None
    assert round(days["memory/a.md"] - days["memory/h.md"]) == 12
    assert len({round(days[f"memory/{k}.md"]) for k in READ if k != "h"}) == 1
