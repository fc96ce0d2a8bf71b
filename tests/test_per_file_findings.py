"""One finding per file (issue 30 §3): the baseline, inline ignores, ``memtui trend``, the
JSON, SARIF and the text report behave the same with 1, 5, 6 and 500 orphans. Grouping is
how the text report draws many findings of a kind, never what a finding is.

Each test runs every count and fails if any count behaves differently (before the fix, six
or more orphans were one workspace-level finding: a new orphan joined the baselined group,
``ignore-file orphan`` stopped working, trend counted one warning)."""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

import pytest

from memtui.cli import main
from memtui.core.git.trend import trend
from tests.core.helpers import DAY, NOW, make_ws, memory

COUNTS = (1, 5, 6, 500)
IGNORE = "<!-- memtui: ignore-file orphan -->\n"


def _ws(root: Path, n: int, body: str = "a fact\n") -> Path:
    files = {"MEMORY.md": "- [a](a.md) — about a\n", "a.md": memory("a")}
    files.update({f"o{i:03d}.md": memory(f"o{i:03d}", body) for i in range(n)})
    # written now, each a second apart: neither stale nor one copy of unknown age
    ws = make_ws(root, files, days_ago=(NOW - time.time()) / DAY)
    for i, path in enumerate(sorted(ws.glob("*.md"))):
        t = time.time() - 3600 + i
        os.utime(path, (t, t))
    return ws


def _audit(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = main(["audit", *args])
    return status, capsys.readouterr().out


def _orphans(data: dict) -> list[str]:
    return [f["path"] for f in data["findings"] if f["kind"] == "orphan"]


def test_json_has_one_finding_per_orphan(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    for n in COUNTS:
        ws = _ws(tmp_path / f"w{n}", n)
        _, out = _audit(capsys, str(ws), "--json")
        data = json.loads(out)
        assert _orphans(data) == [f"o{i:03d}.md" for i in range(n)], n
        assert all("files" not in f for f in data["findings"] if f["kind"] == "orphan"), n


def test_sarif_has_one_result_per_orphan(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    for n in COUNTS:
        ws = _ws(tmp_path / f"w{n}", n)
        _, out = _audit(capsys, str(ws), "--format", "sarif")
        results = [r for r in json.loads(out)["runs"][0]["results"]
                   if r["ruleId"] == "orphan"]
        where = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                 for r in results]
        assert len(results) == n, n
        assert [w.rsplit("/", 1)[-1] for w in where] == [f"o{i:03d}.md" for i in range(n)]


def test_a_new_orphan_after_the_baseline_is_reported(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    for n in COUNTS:
        ws = _ws(tmp_path / f"w{n}", n)
        base = tmp_path / f"baseline{n}.json"
        assert main(["audit", str(ws), "--write-baseline", str(base)]) == 0
        capsys.readouterr()
        recorded = json.loads(base.read_text(encoding="utf-8"))["findings"]
        assert sum(1 for r in recorded if r["rule"] == "orphan") == n, n
        (ws / "zz-new.md").write_text(memory("zz-new"), encoding="utf-8")
        _, out = _audit(capsys, str(ws), "--baseline", str(base), "--json")
        data = json.loads(out)
        assert _orphans(data) == ["zz-new.md"], n
        assert data["suppressed"]["baseline"] == n, n
        # and the baseline still holds every old one when one is removed
        (ws / "o000.md").unlink()
        _, out = _audit(capsys, str(ws), "--baseline", str(base), "--json")
        assert _orphans(json.loads(out)) == ["zz-new.md"], n


def test_ignore_file_orphan_holds_at_every_count(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    for n in COUNTS:
        ws = _ws(tmp_path / f"w{n}", n, body=IGNORE + "a fact\n")
        (ws / "loud.md").write_text(memory("loud"), encoding="utf-8")
        _, out = _audit(capsys, str(ws), "--json")
        data = json.loads(out)
        assert _orphans(data) == ["loud.md"], n
        assert data["suppressed"]["inline"] == n, n


@pytest.mark.skipif(subprocess.run(["git", "--version"], capture_output=True).returncode != 0,
                    reason="git is not installed")
def test_trend_counts_one_warning_per_orphan(tmp_path: Path) -> None:
    for n in COUNTS:
        ws = _ws(tmp_path / f"w{n}", n)

        def git(*args: str, ws: Path = ws) -> None:
            subprocess.run(["git", "-C", str(ws), "-c", "user.name=t", "-c",
                            "user.email=t@t", *args], check=True, capture_output=True)
        git("init", "-q")
        git("add", "-A")
        git("commit", "-q", "-m", "orphans")
        (ws / "zz-new.md").write_text(memory("zz-new"), encoding="utf-8")
        git("add", "-A")
        git("commit", "-q", "-m", "one more")
        points = trend(ws)
        assert [p["findings"]["warning"] for p in points] == [n, n + 1], n


def test_the_text_report_draws_many_as_one_line_with_the_count(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for n in COUNTS:
        ws = _ws(tmp_path / f"w{n}", n)
        _, out = _audit(capsys, str(ws))
        lines = out.splitlines()
        head = lines.index(f"Orphans (orphan: {n} warning)")
        rows = [ln for ln in lines[head + 1:] if ln.startswith("  ")]
        if n <= 5:
            assert rows == [f"  o{i:03d}.md  not linked from the index; unreachable: never "
                            "seen" for i in range(n)], n
            continue
        assert rows[0].startswith(f"  {n} orphans: o000.md, o001.md, "), (n, rows[0])
        # fits the console: COLUMNS when set; piped without it, 1000 columns (a CI log)
        assert len(rows[0]) <= int(os.environ.get("COLUMNS", 1000)), rows[0]
        shown = rows[0].count(".md")
        assert shown == n or rows[0].endswith(".md, …"), rows[0]
        assert rows[1] == "    each: not linked from the index; unreachable: never seen"
        assert len(lines) <= 50, n


def test_a_group_of_dangling_wikilinks_does_not_read_as_one_target(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = _ws(tmp_path / "w", 0)
    index = "".join(f"- [d{i}](d{i}.md) — d\n" for i in range(7))
    (ws / "MEMORY.md").write_text("- [a](a.md) — about a\n" + index, encoding="utf-8")
    for i in range(7):
        (ws / f"d{i}.md").write_text(memory(f"d{i}", f"see [[does-not-exist-{i}]]\n"),
                                     encoding="utf-8")
    _, out = _audit(capsys, str(ws), "--json")
    dangling = [f for f in json.loads(out)["findings"] if f["kind"] == "dangling_wikilink"]
    assert [f["path"] for f in dangling] == [f"d{i}.md" for i in range(7)]
    _, out = _audit(capsys, str(ws))
    row = next(ln for ln in out.splitlines() if "dangling wikilinks" in ln)
    assert row.startswith("  7 dangling wikilinks to 7 targets: d0.md, d1.md"), row
    assert "does-not-exist-…" not in out
