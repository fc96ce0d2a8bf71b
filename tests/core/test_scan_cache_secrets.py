"""A memory holding a credential is kept in the scan cache without the credential's bytes
(newuser22 #30: an 827 KB Codex ``raw_memories.md`` with 8 credentials was scanned again at
every audit, 1.2 s of CPU, because such a scan was never stored). The warm audit reports
what a cold one does, byte for byte; the cache file holds no credential; an entry edited to
lose its credentials is not trusted; a baseline still knows each credential by its whole
value, taken from the file again."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import memtui.core.audit as audit_mod
import memtui.core.caches.scans as scan_cache
from memtui.core.audit import AuditOptions, Auditor
from memtui.core.reporting.json_report import to_json
from memtui.core.workspace import open_workspace
from tests.core.helpers import NOW, make_ws, memory, uncached

ROOT = Path(__file__).resolve().parents[2]
EARLY = "ghp_" + "7Tq2Lm9XvB4nR8sK1wZ6yH3cJ5dF0gP2aE7u"
LATE = "AKIA" + "Z3MHQF4BXRT7NWPK"
FILLER = "".join(f"Step {i} checks the uploader's queue and its retries.\n" for i in range(40))


def _files() -> dict[str, str]:
    files = {"MEMORY.md": "".join(f"- [m{i}](memory/m{i}.md) — fact {i}\n" for i in range(4))}
    for i in range(4):
        files[f"memory/m{i}.md"] = memory(f"m{i}", f"fact {i}, see [[m{(i + 1) % 4}]]\n")
    # One near the top (in the sketch's window), named again in a command line the stale
    # reference check keeps and in a link; one far down, once.
    files["memory/m1.md"] = memory(
        "m1", f"GitHub PAT {EARLY} for the uploader\n\nRun `gh auth login --with-token "
        f"{EARLY}` then see [the runbook](https://example.com/{EARLY}).\n")
    files["memory/m2.md"] = memory("m2", f"{FILLER}\naws_access_key_id = {LATE}\n")
    return files


def _cli(root: Path, cache: Path | None, *args: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("MEMTUI_NO_CACHE", None)
    if cache is None:
        env["MEMTUI_NO_CACHE"] = "1"
    else:
        env["MEMTUI_CACHE_DIR"] = str(cache)
    return subprocess.run([sys.executable, "-m", "memtui", "audit", str(root), *args],
                          capture_output=True, env=env, cwd=ROOT, timeout=120, check=False)


def _cache_bytes(folder: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file())


def test_warm_audit_is_the_cold_one_and_the_cache_holds_no_credential(tmp_path: Path) -> None:
    root = make_ws(tmp_path / "w", _files())
    # The audits run in child processes, with the real tick: a file is remembered only when
    # no folder on its path changed within it of the walk's start (redteam35's `Settled`),
    # and the folders were made a moment ago (their ctime cannot be set back).
    time.sleep(scan_cache.GRANULARITY_NS / 1e9 + 0.2)
    cache = tmp_path / "cache"
    fresh = _cli(root, None, "--json")
    cold = _cli(root, cache, "--json")
    warm = _cli(root, cache, "--json")
    assert fresh.returncode == cold.returncode == warm.returncode == 1
    assert b'"secret"' in fresh.stdout and warm.stdout == cold.stdout == fresh.stdout
    stored = _cache_bytes(cache)
    entries = scan_cache.read_parts(next(cache.glob("scans-*.marshal")).read_bytes())[3]
    assert {"memory/m1.md", "memory/m2.md"} <= set(entries)  # both scans are kept
    for value in (EARLY, LATE):
        assert value.encode() not in stored and value.encode("utf-16-le") not in stored
    assert _cli(root, cache).stdout == _cli(root, None).stdout  # the text report too


def _audit(root: Path) -> dict[str, object]:
    return to_json(Auditor(open_workspace(root), AuditOptions(now=NOW)).run())


def test_a_warm_audit_scans_no_file_holding_a_credential_again(
        tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = make_ws(tmp_path / "w", _files())
    cold = _audit(root)
    scanned: list[str] = []
    real = audit_mod.scan_file
    monkeypatch.setattr(audit_mod, "scan_file",
                        lambda full, rel, *a, **k: scanned.append(rel) or real(full, rel, *a, **k))
    assert _audit(root) == cold and scanned == []
    with uncached():
        assert _audit(root) == cold


def _edit_entry(cache: Path, rel: str, edit) -> None:  # type: ignore[no-untyped-def]
    path = next(cache.glob("scans-*.marshal"))
    _magic, _version, root, entries, index = scan_cache.read_parts(path.read_bytes())
    entries[rel] = (*entries[rel][:5], edit(list(entries[rel][5])))
    path.write_bytes(b"".join(scan_cache.write_parts(root, entries, index)))


@pytest.mark.parametrize("edit", [
    lambda t: [*t[:-3], [], *t[-2:]],  # its credentials gone, their findings kept
    lambda t: [*t[:5], [f for f in t[5] if f[0] != "secret"], *t[6:]],  # findings gone
    lambda t: [*t[:-3], [(h[0], h[1], h[2] + 1, *h[3:]) for h in t[-3]], *t[-2:]],  # moved
    lambda t: [*t[:-3], [(h[0], h[1], h[2], h[3], "ab…yz") for h in t[-3]], *t[-2:]],
], ids=["no-credentials", "no-findings", "moved", "other-mask"])
def test_an_entry_edited_to_lose_a_credential_is_not_trusted(
        tmp_path: Path, cache: Path, edit) -> None:  # type: ignore[no-untyped-def]
    root = make_ws(tmp_path / "w", _files())
    cold = _audit(root)
    secrets = [f for f in cold["findings"] if f["kind"] == "secret"]  # type: ignore[union-attr,index]
    assert {f["path"] for f in secrets} == {"memory/m1.md", "memory/m2.md"}
    _edit_entry(cache, "memory/m1.md", edit)
    assert _audit(root) == cold  # scanned again: the credential is reported
    assert EARLY.encode() not in _cache_bytes(cache)


def test_a_baseline_knows_the_credentials_of_a_warm_audit(tmp_path: Path) -> None:
    """The baseline's keyed hash is of the whole value: a scan from the cache holds none,
    so the value is read from the file again (digest-checked)."""
    root = make_ws(tmp_path / "w", _files())
    cache = tmp_path / "cache"
    base = tmp_path / "baseline.json"
    assert _cli(root, cache, "--write-baseline", str(base)).returncode == 0
    for _ in range(2):  # the second from the cache
        got = _cli(root, cache, "--baseline", str(base), "--json")
        assert got.returncode == 0 and b'"kind": "secret"' not in got.stdout.split(
            b'"suppressed_findings"')[0]
    assert got.stdout == _cli(root, None, "--baseline", str(base), "--json").stdout
    # Another credential in the same place, same length and ends: reported, warm too.
    text = (root / "memory/m2.md").read_text(encoding="utf-8")
    other = LATE[:4] + LATE[4:-2][::-1] + LATE[-2:]
    (root / "memory/m2.md").write_text(text.replace(LATE, other), encoding="utf-8")
    for _ in range(2):
        assert _cli(root, cache, "--baseline", str(base)).returncode == 1


def test_an_index_read_with_a_problem_is_kept_by_its_text_and_problems(
        tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """MEMORY.md with a byte that is not UTF-8 is parsed the same every time: its parse is
    kept (newuser22 #30: a 274 KB Codex index with one bad byte was parsed at every audit),
    keyed by its text and its problems, so two files decoding to the same text with their
    bad bytes in other places are never taken for each other."""
    import memtui.core.scanner.index_read as index_read

    files: dict[str, str | bytes] = dict(_files())
    head = files["MEMORY.md"].encode()  # type: ignore[union-attr]
    files["MEMORY.md"] = head + b"- note \xef\xbf\xbd\xff here\n"
    root = make_ws(tmp_path / "w", files)
    cold = _audit(root)
    problems = [f["message"] for f in cold["findings"]  # type: ignore[union-attr,index]
                if f["kind"] == "read_problem"]
    assert len(problems) == 1 and f"offset {len(head) + 10}" in problems[0]
    parsed: list[object] = []
    real = index_read.index_of
    monkeypatch.setattr(index_read, "index_of",
                        lambda read, rel, *a: parsed.append(a) or real(read, rel, *a))
    assert _audit(root) == cold and [len(a) for a in parsed] == [1]  # the stored parse
    with uncached():
        assert _audit(root) == cold
    # The same text (U+FFFD U+FFFD), its bad byte first now: another problem, parsed again.
    (root / "MEMORY.md").write_bytes(head + b"- note \xff\xef\xbf\xbd here\n")
    again = _audit(root)
    assert [f["message"] for f in again["findings"]  # type: ignore[union-attr,index]
            if f["kind"] == "read_problem"] == [problems[0].replace(
                f"offset {len(head) + 10}", f"offset {len(head) + 7}")]
    with uncached():
        assert _audit(root) == again
