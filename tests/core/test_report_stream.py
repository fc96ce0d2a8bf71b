"""The streamed JSON report is byte for byte the plain one; dropping texts changes nothing."""

from __future__ import annotations

import io
import json
from pathlib import Path

from memtui.core.reporting.json_report import to_json, write_json
from tests.core.helpers import make_ws, memory, run_audit


def _workspace(tmp_path: Path) -> Path:
    files = {f"memory/m{i:02d}.md": memory(f"m{i % 7}", f"[[m{i + 1}]] [[nowhere-{i}]]\n")
             for i in range(23)}
    files["MEMORY.md"] = "".join(f"- [M {i}](memory/m{i:02d}.md) — 記憶 {i}\n"
                                 for i in range(0, 23, 2)) + "- [Gone](memory/gone.md)\n"
    files["memory/odd.md"] = "no frontmatter, 記憶 \u2028 \"quoted\" \\ back\n"
    return make_ws(tmp_path / "w", files, days_ago=200)


def test_streamed_report_equals_the_plain_one(tmp_path: Path) -> None:
    ws = _workspace(tmp_path)
    for options in ({}, {"file_tokens": False, "tokenizers": ("qwen",)}):
        result = run_audit(ws, **options)
        plain = json.dumps(to_json(result), ensure_ascii=False)
        assert len(result.findings) > 20
        for chunk in (1, 2, 5, 2000):
            out = io.StringIO()
            write_json(result, out.write, chunk=chunk)
            assert out.getvalue() == plain, (options, chunk)


def test_a_report_without_texts_is_the_same_report(tmp_path: Path) -> None:
    ws = _workspace(tmp_path)
    kept = run_audit(ws)
    dropped = run_audit(ws, keep_texts=False)
    assert all(s.memory.text == "" for s in dropped.scans.values())
    assert all(s.memory.text for s in kept.scans.values())
    assert to_json(dropped) == to_json(kept)
    lines = {f.path: f.line for f in dropped.findings if f.kind == "duplicate_name"}
    assert lines and set(lines.values()) == {2}


def test_a_value_of_another_type_is_written_as_the_encoder_would(tmp_path: Path) -> None:
    """The files' rows are written from a template for values of their fields' types; a
    chunk holding another (a bool for a number, a number for a bool, a float) is encoded
    as rows, the same JSON as the plain report."""
    result = run_audit(_workspace(tmp_path), file_tokens=False, tokenizers=("qwen",))
    odd = result.files
    odd[0].bytes, odd[3].linked, odd[5].age_days, odd[7].findings = True, 1, 2.5, False
    odd[9].reachable, odd[11].name = 0, None
    plain = json.dumps(to_json(result), ensure_ascii=False)
    assert '"bytes": true' in plain and '"linked": 1' in plain
    for chunk in (1, 4, 2000):
        out = io.StringIO()
        write_json(result, out.write, chunk=chunk)
        assert out.getvalue() == plain, chunk


def test_findings_of_another_shape_are_written_as_the_encoder_would(tmp_path: Path) -> None:
    """The findings' rows from a template too; one listing files, a line that is no
    number, a kind that is no string: their chunk encoded as rows, the same JSON."""
    from memtui.core.checks.findings import Finding

    result = run_audit(_workspace(tmp_path), file_tokens=False, tokenizers=("qwen",))
    assert len(result.findings) > 12
    result.findings[2] = Finding("stale", "info", ".", None, "2 stale", ("a.md", "b.md"))
    result.findings[6] = Finding("orphan", "warning", "x.md", True, "odd line")  # type: ignore[arg-type]
    result.findings[10] = Finding(None, "info", "y.md", 3, "odd kind")  # type: ignore[arg-type]
    plain = json.dumps(to_json(result), ensure_ascii=False)
    assert '"files": ["a.md", "b.md"]' in plain and '"line": true' in plain
    for chunk in (1, 4, 2000):
        out = io.StringIO()
        write_json(result, out.write, chunk=chunk)
        assert out.getvalue() == plain, chunk
