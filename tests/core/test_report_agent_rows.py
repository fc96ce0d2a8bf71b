"""The text report's summary leaves out what does not apply to an index with no link
entries (an agent's MEMORY.md of plain text, or none): no "0 entries (0 memories)" above
"Linked from the index 2 of 2 files", no "Cost per memory hot 0 …" (issue 32 item 15)."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from memtui.commands.report_text import print_report
from tests.core.helpers import make_ws, run_audit


def _summary(ws: Path, **options: object) -> dict[str, str]:
    buf = io.StringIO()
    print_report(run_audit(ws, **options),
                 Console(file=buf, width=200, no_color=True, highlight=False))
    rows = buf.getvalue().split("\n\n")[0].splitlines()[1:]
    return {row[:22].strip(): row[22:].strip() for row in rows}


def test_an_openclaw_index_of_plain_text_says_so(tmp_path: Path) -> None:
    home = tmp_path / ".openclaw"
    make_ws(home, {"workspace/AGENTS.md": "# AGENTS.md\n\nLog each day.\n",
                   "workspace/MEMORY.md": "# MEMORY.md\n\n- Deploys run on Fridays.\n",
                   "workspace/memory/2026-07-20.md": "# 2026-07-20\n\nMet Ann.\n",
                   "workspace/memory/2026-07-21.md": "# 2026-07-21\n\nMet Bob.\n"})
    rows = _summary(home / "workspace")
    assert rows["Layout / profile"].startswith("item / openclaw")
    assert rows["Index"] == "MEMORY.md: 3 lines, no link entries"
    assert rows["Reached by the agent"] == "2 of 2 files"
    assert "Linked from the index" not in rows and "Cost per memory" not in rows


def test_an_index_with_entries_keeps_every_row(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "w", {"MEMORY.md": "- [A](memory/a.md) — a\n",
                                  "memory/a.md": "---\nname: a\ndescription: a\n---\nA.\n"})
    rows = _summary(ws)
    assert rows["Index"].startswith("MEMORY.md: 1 line, 1 entry (1 memory)")
    assert rows["Linked from the index"] == "1 of 1 files"
    assert rows["Cost per memory"].startswith("hot ")


def test_a_gemini_index_counts_its_pointer_lines(tmp_path: Path) -> None:
    """newuser24 #14: Gemini's entries are its pointer lines, not links."""
    folder = make_ws(tmp_path / ".gemini" / "tmp" / "p" / "memory",
                     {"MEMORY.md": "# Memory\n", "build.md": "# build\n\nRun make.\n"})
    (folder / "MEMORY.md").write_text(f"# Memory\n\n- See {folder}/build.md for build.\n"
                                      f"- See {folder}/gone.md for gone.\n", encoding="utf-8")
    rows = _summary(folder)
    assert rows["Index"] == "MEMORY.md: 4 lines, 2 pointer lines, no link entries"


def test_cost_per_memory_names_its_tokenizers(tmp_path: Path) -> None:
    """newuser25 #30: "hot 77.9 chars / 27 tokens" was cl100k's under --tokenizer cl100k,
    beside "Share of the window … qwen count", and qwen's alone under --tokenizer both."""
    ws = make_ws(tmp_path / "w", {"MEMORY.md": "- [A](memory/a.md) — a\n",
                                  "memory/a.md": "---\nname: a\ndescription: a\n---\nA.\n"})
    qwen = _summary(ws, tokenizers=("qwen",))["Cost per memory"]
    assert qwen.startswith("hot 22 chars / ") and qwen.endswith(
        " qwen tokens; packed 0 chars / 0 qwen tokens"), qwen
    cl = _summary(ws, tokenizers=("cl100k",))["Cost per memory"]
    assert cl.endswith("cl100k tokens; packed 0 chars / 0 cl100k tokens"), cl
    both = _summary(ws, tokenizers=("qwen", "cl100k"))["Cost per memory"]
    assert both.endswith("qwen / 0 cl100k tokens") and " qwen / " in both.split(";")[0], both


def test_the_documentation_row_is_bounded(tmp_path: Path) -> None:
    """newuser25 #19: 300 README.md filled 150 lines of the summary at 100 columns; now the
    first few and the count of the rest, as a finding's files."""
    files = {"MEMORY.md": "- [A](a.md) — a\n",
             "a.md": "---\nname: a\ndescription: a\nmetadata:\n  type: user\n---\nA.\n"}
    files |= {f"node_modules/pkg{i}/README.md": "# r\n" for i in range(300)}
    buf = io.StringIO()
    print_report(run_audit(make_ws(tmp_path / "w", files)),
                 Console(file=buf, width=100, no_color=True, highlight=False))
    head = buf.getvalue().split("\n\n")[0]
    row = head[head.index("Documentation"):head.index("\nIndex")]
    assert row.split(None, 1)[1].startswith("300 files: node_modules/pkg0/README.md, ")
    assert " ".join(row.split()).endswith("… and 294 more (not memories)"), row  # wrapped
    assert row.count("\n") <= 3, row
    small = _summary(make_ws(tmp_path / "v", {"MEMORY.md": files["MEMORY.md"],
                                              "a.md": files["a.md"], "README.md": "# r\n"}))
    assert small["Documentation"] == "README.md (not memories)", small
