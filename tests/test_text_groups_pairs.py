"""newuser33 #2: the text report drew every ``contradiction`` one per line (each pair twice,
once per side): 206 of them made a 454-line report, against docs/formats.md, which draws
any kind but secret, broken_link, instruction_like, duplicate_name (and stale_reference)
as two lines when there are many. A finding stays one file's (the JSON lists each); the
text report groups them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memtui.cli import main

FM = "---\nname: {name}\ndescription: fact {n}\ntype: project\n---\n{body}\n"
BODY = ("The deploy pipeline uses blue-green switching on port {n}.\n\n**Why:** observed in "
        "review.\n**How to apply:** check before release.")


def test_many_contradictions_are_drawn_as_one_group(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    ws = tmp_path / "memory"
    ws.mkdir()
    lines = ["# Memory index", ""]
    for n in range(12):
        (ws / f"topic-{n:03d}.md").write_text(
            FM.format(name=f"topic-{n:03d}", n=n, body=BODY.format(n=(n + 1) * 100)),
            encoding="utf-8")
        lines.append(f"- [Topic {n:03d}](topic-{n:03d}.md) — hook for fact {n}")
    (ws / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    main(["audit", str(ws), "--json"])
    found = [f for f in json.loads(capsys.readouterr().out)["findings"]
             if f["kind"] == "contradiction"]
    assert len(found) > 5, found  # one finding per file, as before
    main(["audit", str(ws)])
    out = capsys.readouterr().out.splitlines()
    at = next(i for i, line in enumerate(out) if "(contradiction:" in line)
    block = [line for line in out[at + 1:] if line.startswith("  ")]
    assert block[0].startswith(f"  {len(found)} contradictions (one on each file of a pair)"), \
        block[:3]
    assert block[1].lstrip().startswith(("each: ", "e.g. ")), block[:3]
    assert sum("contradicts topic-" in line for line in out) == 1, out


def test_long_hooks_are_named_as_entries_and_their_lines_as_runs(tmp_path: Path) -> None:
    """newuser37 #26: 300 linked entries whose hooks ran past their width were "300 lines with
    no link", and their line numbers were listed one by one (a 1,400-character line)."""
    from memtui.core.reporting.grouping import spans
    assert spans([3, 4, 5, 6, 9, 11, 12]) == ["3–6", "9", "11", "12"]
    memories = {f"memory/n{i}.md": f"---\nname: n{i}\ndescription: note {i}\ntype: user\n---\n"
                f"Note {i}.\n" for i in range(12)}
    hook = " ".join(["the hook says far more than a hook should"] * 12)
    index = "# Index\n\n" + "".join(f"- [Note {i}](memory/n{i}.md) — {hook} {i}\n"
                                    for i in range(12))
    ws = tmp_path / "ws"
    for rel, text in {**memories, "MEMORY.md": index}.items():
        (ws / rel).parent.mkdir(parents=True, exist_ok=True)
        (ws / rel).write_text(text, encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws)], capture_output=True,
                         text=True, env={**os.environ, "MEMTUI_NO_CACHE": "1"}).stdout
    assert "  12 index entries with a long hook in MEMORY.md, lines 3–14\n" in out, out
    assert "with no link" not in out
