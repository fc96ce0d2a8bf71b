"""real39: relative_date on lines that date nothing. A quoted list of the relative words a
parser reads (`"明天"、"后天"、"下周"`) names the words; a heading such as "## 今日要点"
("today's points") over entries each dated "- 2026-02-21: …", or a state board's "## Today"
above its "Updated: 2026-02-27" stamp, is dated by its own section. A quoted phrase that
holds more than the word, and an undated section's heading, are still reported."""

from __future__ import annotations

from pathlib import Path

from tests.core.helpers import make_ws, memory, run_audit

INDEX = "- [Parser](parser.md) — date words\n- [Log](log.md) — daily points\n"


def relative(root: Path) -> list[tuple[str, int]]:
    return sorted((f.path, f.line or 0) for f in run_audit(root).findings
                  if f.kind == "relative_date")


def test_quoted_words_and_self_dated_sections_are_no_relative_dates(tmp_path: Path) -> None:
    parser = memory("parser", "\n".join([
        "The task parser reads these words:",             # 7
        '- "明天"、"后天"、"下周"、"X月X日"',                # 8: a list of the words
        '- “tomorrow” and “next week” are read too',      # 9: the words alone, quoted
        '- the user said "ship it tomorrow"',             # 10: a quoted phrase: reported
    ]))
    log = memory("log", "\n".join([
        "## 今日要点",                                     # 7: its entries are dated
        "",
        "- 2026-02-21: 互动率突破10%",
        "- 2026-02-21: 导入素材库",
        "",
        "## Today",                                       # 12: stamped below
        "",
        "- [ ]",
        "",
        "*Updated: 2026-02-27 09:00*",
        "",
        "## Tomorrow",                                    # 18: nothing dates it: reported
        "",
        "- call the vendor",
    ]))
    root = make_ws(tmp_path / "w", {"MEMORY.md": INDEX, "parser.md": parser, "log.md": log})
    assert relative(root) == [("log.md", 18), ("parser.md", 10)]
