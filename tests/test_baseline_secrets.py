"""A baseline knows a credential by a keyed hash of its whole value (issue 31 §2): one made
with one credential does not accept another in the same place, even one with the same first
and last two characters (all the finding's text shows of it)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from memtui.cli import main
from memtui.core.checks.findings import finding
from memtui.core.reporting.suppress import fingerprint
from tests.core.helpers import DAY, NOW, make_ws, memory

ONE = "ADMIN_PASSWORD=Hu7#kd92!xq\n"
OTHER = "ADMIN_PASSWORD=Hu3$Lm40?xq\n"  # same label, length and ends: the same message


def _ws(tmp: Path, body: str) -> Path:
    return make_ws(tmp / "w", {"MEMORY.md": "- [A](memory/a.md) — about a\n",
                               "memory/a.md": memory("a", body)},
                   days_ago=(NOW - time.time()) / DAY)


def _secrets(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[dict]]:
    status = main(["audit", *args, "--json"])
    data = json.loads(capsys.readouterr().out)
    return status, [f for f in data["findings"] if f["kind"] == "secret"]


def test_another_credential_in_the_same_place_is_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = _ws(tmp_path, ONE)
    base = tmp_path / "baseline.json"
    status, before = _secrets(capsys, str(ws))
    assert status == 1 and len(before) == 1
    assert main(["audit", str(ws), "--write-baseline", str(base)]) == 0
    capsys.readouterr()
    # The same credential, moved down a line: still accepted.
    (ws / "memory/a.md").write_text(memory("a", "a new first line\n" + ONE), encoding="utf-8")
    assert _secrets(capsys, str(ws), "--baseline", str(base)) == (0, [])
    # Another credential the finding's text cannot tell apart: reported, exit 1.
    (ws / "memory/a.md").write_text(memory("a", OTHER), encoding="utf-8")
    status, after = _secrets(capsys, str(ws), "--baseline", str(base))
    assert [f["message"] for f in after] == [f["message"] for f in before]  # same display
    assert status == 1 and len(after) == 1


def test_the_baseline_holds_a_key_and_no_display_text_fingerprint(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = _ws(tmp_path, ONE)
    base = tmp_path / "baseline.json"
    assert main(["audit", str(ws), "--write-baseline", str(base)]) == 0
    capsys.readouterr()
    data = json.loads(base.read_text(encoding="utf-8"))
    assert data["memtui-baseline"] == 2
    assert len(bytes.fromhex(data["key"])) == 32
    (row,) = [r for r in data["findings"] if r["rule"] == "secret"]
    shown = finding("secret", row["path"], None, row["message"])
    assert row["fingerprint"] != fingerprint(shown)
    assert "Hu7#kd92!xq" not in base.read_text(encoding="utf-8")
    # Two baselines of the same workspace have their own keys and fingerprints.
    again = tmp_path / "again.json"
    assert main(["audit", str(ws), "--write-baseline", str(again)]) == 0
    other = json.loads(again.read_text(encoding="utf-8"))
    assert other["key"] != data["key"]
    assert [r["fingerprint"] for r in other["findings"] if r["rule"] == "secret"] != \
        [row["fingerprint"]]


def test_an_old_baseline_accepts_no_credential(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """A version-1 baseline (fingerprints of the display text) still loads: its other
    findings match, its credentials are reported until it is written again."""
    ws = _ws(tmp_path, ONE)
    (ws / "memory/lone.md").write_text(memory("lone"), encoding="utf-8")
    base = tmp_path / "old.json"
    status = main(["audit", str(ws), "--json"])
    findings = json.loads(capsys.readouterr().out)["findings"]
    rows = [{"rule": f["kind"], "path": f["path"], "message": f["message"],
             "fingerprint": fingerprint(finding(f["kind"], f["path"], f["line"],
                                                f["message"]))} for f in findings]
    base.write_text(json.dumps({"memtui-baseline": 1, "findings": rows}), encoding="utf-8")
    assert status == 1
    status = main(["audit", str(ws), "--baseline", str(base), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert [f["kind"] for f in data["findings"]] == ["secret"]
    assert data["suppressed"]["baseline"] == 1 and status == 1


@pytest.mark.parametrize("key", ["", "zz" * 32, "ab" * 31, None, 7])
def test_a_baseline_with_a_bad_key_is_one_line(tmp_path: Path, key: object,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    base = tmp_path / "bad.json"
    data: dict[str, object] = {"memtui-baseline": 2, "findings": []}
    if key is not None:
        data["key"] = key
    base.write_text(json.dumps(data), encoding="utf-8")
    assert main(["audit", str(_ws(tmp_path, "fine\n")), "--baseline", str(base)]) == 2
    err = capsys.readouterr().err
    assert "bad.json: not a memtui baseline" in err and err.count("\n") == 1


@pytest.mark.parametrize("fmt", [[], ["--json"], ["--format", "sarif"]])
def test_an_old_baseline_says_its_credentials_are_not_used(
        tmp_path: Path, fmt: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """newuser26 #39: a version-1 baseline's credential entries cannot match; the audit says
    so on stderr, in every format, instead of reporting them as new without a word."""
    ws = _ws(tmp_path, ONE + "\nDB_PASSWORD=Zq8$wn31!pk\n")
    base = tmp_path / "old.json"
    main(["audit", str(ws), "--json"])
    findings = json.loads(capsys.readouterr().out)["findings"]
    rows = [{"rule": f["kind"], "path": f["path"], "message": f["message"],
             "fingerprint": fingerprint(finding(f["kind"], f["path"], f["line"],
                                                f["message"]))} for f in findings]
    assert sum(r["rule"] == "secret" for r in rows) == 2
    base.write_text(json.dumps({"memtui-baseline": 1, "findings": rows}), encoding="utf-8")
    assert main(["audit", str(ws), "--baseline", str(base), *fmt]) == 1
    err = capsys.readouterr().err
    assert err == (f"memtui audit: baseline {base} is version 1: its 2 credential entries "
                   "are not used; write it again with --write-baseline\n")
    # Written again: version 2, no such line.
    assert main(["audit", str(ws), "--write-baseline", str(base)]) == 0
    capsys.readouterr()
    assert main(["audit", str(ws), "--baseline", str(base), *fmt]) == 0
    # no version-1 line; the accepted credentials named (newuser27 #16)
    assert capsys.readouterr().err == (f"memtui audit: the baseline {base} accepts 2 "
                                       "credentials (memory/a.md:7, memory/a.md:9)\n")


def test_a_baseline_records_the_index_and_non_memory_credentials_it_reports(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """newuser29 #2: --write-baseline reported 3 suppressed and "No findings" but recorded
    only the memory's credential: the index's and the .txt's had no value at hand, so the
    next --baseline run failed on them."""
    ws = make_ws(tmp_path / "w", {
        "MEMORY.md": "- [A](memory/a.md) — about a\nKennwort: Wq8#zuP3vLx2\n",
        "memory/a.md": memory("a", ONE),
        "memory/notes.txt": "notes\nDB_PASSWORD=Zr5@pLq81!mw\n"},
        days_ago=(NOW - time.time()) / DAY)
    base = tmp_path / "baseline.json"
    status, before = _secrets(capsys, str(ws))
    assert status == 1
    assert sorted(f["path"] for f in before) == ["MEMORY.md", "memory/a.md", "memory/notes.txt"]
    assert main(["audit", str(ws), "--write-baseline", str(base)]) == 0
    assert "3 findings recorded in" in capsys.readouterr().err
    data = json.loads(base.read_text(encoding="utf-8"))
    assert len([r for r in data["findings"] if r["rule"] == "secret"]) == 3
    assert _secrets(capsys, str(ws), "--baseline", str(base)) == (0, [])
    # another value on the index's line is not accepted by that entry
    (ws / "MEMORY.md").write_text("- [A](memory/a.md) — about a\nKennwort: Wq3#zuP7vLx2\n",
                                  encoding="utf-8")
    status, after = _secrets(capsys, str(ws), "--baseline", str(base))
    assert status == 1 and [f["path"] for f in after] == ["MEMORY.md"]
