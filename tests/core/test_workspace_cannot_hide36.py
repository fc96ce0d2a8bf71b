"""What a workspace's writer controls never hides a credential from the verdict, round four
(redteam36): a ``label=value`` pair written as a file's name, a link's target
percent-encoded, memtui's own files at the top of every profile's workspace, and the
in-process scans (the app's re-audits, the excluded files' memo) kept under a folder swap.

Each test builds a real workspace in a temporary folder and runs the real audit: ``memtui
audit`` in a child process, or, for what one process keeps between runs, the auditor as the
app builds it. One mechanism a class: a name is text the credential check reads, as the
name it spells (`memtui.core.scanner.names`, `memtui.core.creds.named`); memtui's own files
are read for credentials wherever they lie (`memtui.core.scanner.readable.top_files`); a
read is remembered by its stat key only when no folder on its path changed meanwhile
(`memtui.core.caches.scans.Settled`), in a process as on disk."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from memtui.core.record import replace
from tests.core.helpers import make_ws, memory

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "ghp_Q7m2Xv9Lr4Tb8Nc1Kz6Wd3Hp5Fs0Gj2Ya7Ue"
CRED = f"Deploy with {TOKEN} when asked.\n"
INDEX = "- [Deploy](memory/deploy.md) — how we deploy\n"


def _memtui(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1",
           "COLUMNS": "100"}
    return subprocess.run([sys.executable, "-m", "memtui", *args], env=env, text=True,
                          capture_output=True, timeout=180, cwd=ROOT)


def _guarded(ws: Path, *flags: str) -> list[tuple[str, str, int | None]]:
    """The guarded findings ``memtui audit --json`` reports, after checking that it fails."""
    run = _memtui("audit", "--json", str(ws), *flags)
    assert run.returncode == 1, (run.stdout[-2000:], run.stderr)
    found = json.loads(run.stdout)["findings"]
    return sorted((str(f["path"]), str(f["kind"]), f.get("line"))  # type: ignore[misc]
                  for f in found if f["kind"] in ("secret", "unchecked_text"))


def _item(tmp: Path, files: dict[str, str | bytes]) -> Path:
    return make_ws(tmp / "ws", {"MEMORY.md": INDEX, "memory/deploy.md": memory("deploy"),
                                **files})


# 1. a credential as a label and its value in a name; a link's target percent-encoded


@pytest.mark.parametrize(("files", "expected"), [
    ({"memory/password=Zq8#mL2!vR9x.txt": "plain\n"},
     [("memory/password=Zq8#mL2!vR9x.txt", "secret", None)]),
    ({"memory/api_key=Xk9mQ2vLp7Rt4Wz.md": memory("key")},
     [("memory/api_key=Xk9mQ2vLp7Rt4Wz.md", "secret", None)]),
    ({"MEMORY.md": INDEX + f"- [Tok](memory/{TOKEN.replace('_', '%5F')}.md) — the token\n"},
     [("MEMORY.md", "secret", 2)]),
], ids=["a label=value file name", "a label=value memory name",
        "a percent-encoded link target"])
def test_a_credential_spelt_by_a_name_is_reported(
        tmp_path: Path, files: dict[str, str], expected: list[tuple[str, str, int | None]]
        ) -> None:
    """A file named ``password=Zq8#mL2!vR9x.txt`` (the listing shows it to the agent; read
    whole, its value ended ``.txt``, a path to the check), and MEMORY.md's link to
    ``memory/ghp%5F….md`` (the name a reader opens is ``ghp_….md``; a word holding ``%``
    was never read as a name): exit 0 on integ."""
    assert _guarded(_item(tmp_path, files)) == expected


def test_names_are_read_one_at_a_time(tmp_path: Path) -> None:
    """A name is no value of the label the name listed before it holds: ``base-passwd``
    then ``libbrotli1`` read as one text made a password (a guard: names in a row, as a
    package list or a Czech office's notes hold them)."""
    ws = _item(tmp_path, {f"memory/{name}": "plain\n" for name in (
        "base-passwd", "libbrotli1", "libgcc-s1", "gpo-hesla.md", "vpn-fortigate-1.md",
        "passwords-nukib.md", "vpn-fortigate-2.md", "password-reset-flow.md")})
    run = _memtui("audit", "--json", str(ws))
    found = json.loads(run.stdout)["findings"]
    assert [f for f in found if f["kind"] in ("secret", "unchecked_text")] == []


def test_a_name_is_no_value_of_the_name_before_it() -> None:
    """The walk's names in the order a listing gives them: ``base-passwd`` then
    ``libbrotli1`` was "password label passwd + 10-character mixed value" (integ; ten
    such on /usr/share's names). Each name is read on its own (a guard against a false
    credential)."""
    from memtui.core.scanner.names import name_findings

    assert name_findings([("memory/base-passwd", False), ("memory/libbrotli1", False),
                          ("memory/gpo-hesla.md", False),
                          ("memory/vpn-fortigate-1.md", False)]) == []


# 2. memtui's own files at the top of every profile's workspace


def _openclaw(tmp: Path, files: dict[str, str]) -> Path:
    return make_ws(tmp / "ws", {
        "MEMORY.md": "# Memory\n- nothing yet\n", "AGENTS.md": "# Agents\nBe brief.\n",
        "SOUL.md": "# Soul\nCalm.\n", "memory/2026-01-01.md": "# day\nnothing\n", **files})


@pytest.mark.parametrize("kind", ["openclaw", "item"])
@pytest.mark.parametrize("name", [".memtui.toml", ".memtui-baseline.json"])
def test_memtuis_own_files_at_the_top_are_read_for_credentials(
        tmp_path: Path, kind: str, name: str) -> None:
    """A ``.memtui.toml`` (a comment holding the token) or a baseline file at the top of an
    OpenClaw or item workspace: the agent's file tools open it as any file, and a flat
    workspace's are read, but the top-level walk left every ``.memtui*`` name out (exit 0
    on integ)."""
    text = f"# deploy token {TOKEN}\n" if name.endswith(".toml") else \
        json.dumps({"note": f"token {TOKEN}"}) + "\n"
    ws = (_openclaw(tmp_path, {name: text}) if kind == "openclaw"
          else _item(tmp_path, {name: text}))
    assert (name, "secret", 1) in _guarded(ws)


def test_a_baseline_written_at_the_top_is_no_credential(tmp_path: Path) -> None:
    """The baseline ``memory audit --write-baseline`` writes at the top of an item
    workspace holds fingerprints, not values: read for credentials, it yields none (a
    guard), and the credential it accepts still fails the run (the verdict's rule)."""
    ws = _item(tmp_path, {"memory/deploy.md": memory("deploy", CRED)})
    base = ws / ".memtui-baseline.json"
    _memtui("audit", str(ws), "--write-baseline", str(base))
    assert base.is_file()
    run = _memtui("audit", "--json", str(ws), "--baseline", str(base))
    assert run.returncode == 1, run.stderr  # (accepted by a file inside: still failing)
    found = json.loads(run.stdout)["findings"]
    assert [f for f in found if f["path"] == base.name] == []


# 3. what one process keeps between its runs, under a folder swap


def _swap(ws: Path) -> None:
    """Exchange memory/sub and memory/clean by renames of the folders alone: no file in
    them changes (their stat keys, ctime included, stay as they were)."""
    mem = ws / "memory"
    os.rename(mem / "sub", mem / "tmp")
    os.rename(mem / "clean", mem / "sub")
    os.rename(mem / "tmp", mem / "clean")


def _swapping(monkeypatch: pytest.MonkeyPatch, module: object, ws: Path, rel: str) -> None:
    """``module``'s ``scan_file`` swaps the folders round the read of ``rel`` (a writer
    racing the audit, made exact: the real renames at the moment the file is read)."""
    real = module.scan_file  # type: ignore[attr-defined]

    def swapped(full: str, path: str, *args: object, **kwargs: object) -> object:
        if path != rel:
            return real(full, path, *args, **kwargs)
        _swap(ws)
        try:
            return real(full, path, *args, **kwargs)
        finally:
            _swap(ws)

    monkeypatch.setattr(module, "scan_file", swapped)


def _twins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """memory/sub/p.md holds the credential, memory/clean/p.md not; both made more than the
    caches' tick (half a second here) before the audit, so that only a change during it
    unsettles a folder."""
    import memtui.core.caches.scans as scan_cache

    head = "---\nname: p\ndescription: p\nmetadata:\n  type: project\n---\n"
    ws = _item(tmp_path, {"memory/sub/p.md": head + CRED,
                          "memory/clean/p.md": head + "Nothing secret here.\n"})
    monkeypatch.setattr(scan_cache, "GRANULARITY_NS", 500_000_000)
    time.sleep(0.6)
    return ws


def test_the_apps_auditor_does_not_keep_a_scan_read_under_a_folder_swap(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's auditor keeps each memory's scan by its stat key for its next re-audit.
    Its folder swapped for a clean twin while it was read, then back: the scan of the twin
    stayed under the credential file's key, and every re-audit after, nothing writing,
    reported no credential (integ: the CLI's caches on disk asked `Settled`, the app's
    memo did not)."""
    import memtui.core.audit as audit_module
    from memtui.core.audit import AuditOptions, Auditor
    from memtui.core.workspace import open_workspace

    ws = _twins(tmp_path, monkeypatch)
    _swapping(monkeypatch, audit_module, ws, "memory/sub/p.md")
    # (as memtui.tui.app builds it)
    auditor = Auditor(open_workspace(ws), replace(AuditOptions(), file_tokens=False),
                      lazy_scans=True, hold_stored_scans=False, hold_texts=False)
    first = auditor.run()
    assert not [f for f in first.findings if f.kind == "secret"]  # the twin was read
    monkeypatch.setattr(audit_module, "scan_file", _real_scan_file())
    assert TOKEN in (ws / "memory/sub/p.md").read_text()
    again = auditor.run()  # the app's `r`, or a watcher's event: a whole re-audit
    assert [(f.path, f.kind) for f in again.findings if f.kind == "secret"] == \
        [("memory/sub/p.md", "secret")]
    hinted = auditor.run({"memory/sub/p.md"})  # (and a re-audit told of the file)
    assert [f.path for f in hinted.findings if f.kind == "secret"] == ["memory/sub/p.md"]


def test_the_apps_auditor_keeps_a_settled_scan(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing swapped: the re-audit takes the scan the run before made (a guard: the
    check costs the memo nothing when no folder changed)."""
    from memtui.core.audit import AuditOptions, Auditor
    from memtui.core.workspace import open_workspace

    ws = _twins(tmp_path, monkeypatch)
    auditor = Auditor(open_workspace(ws), replace(AuditOptions(), file_tokens=False),
                      lazy_scans=True, hold_stored_scans=False, hold_texts=False)
    auditor.run()
    kept = auditor._scans["memory/sub/p.md"][1]
    auditor.run()
    assert auditor._scans["memory/sub/p.md"][1] is kept


@pytest.mark.parametrize("in_process", [True, False], ids=["the memo", "the cache on disk"])
def test_an_excluded_file_read_under_a_folder_swap_is_not_remembered_clean(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, in_process: bool) -> None:
    """A file the audit leaves out (an archive folder: the agent opens it, so it is read for
    credentials) is kept by its stat key in the process (the app's re-audits) and in a cache
    on disk. Read while its folder was swapped for a clean twin, it was remembered clean:
    the next read, nothing writing, passed the credential (integ)."""
    import memtui.core.reporting.hidden as hidden
    from memtui.core.workspace import open_workspace

    monkeypatch.setenv("MEMTUI_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("MEMTUI_NO_CACHE", raising=False)
    ws = _twins(tmp_path, monkeypatch)
    rel = "memory/sub/p.md"
    _swapping(monkeypatch, hidden, ws, rel)
    found, _unread = hidden.excluded_findings(open_workspace(ws), [rel], cached=True)
    assert not found  # the twin was read
    monkeypatch.setattr(hidden, "scan_file", _real_scan_file())
    if not in_process:
        hidden._MEMOS.clear()  # a new process: the cache on disk alone
    found, _unread = hidden.excluded_findings(open_workspace(ws), [rel], cached=True)
    assert [(f.path, f.kind) for f in found if f.kind == "secret"] == [(rel, "secret")]


def _real_scan_file() -> object:
    from memtui.core.scanner.scan import scan_file

    return scan_file


# 4. a stall: pathological text for the credential check's name pass


def test_a_word_of_dotted_pieces_does_not_stall_the_audit(tmp_path: Path) -> None:
    """``bbbb….a.a.a….a.``, one word of 256 KiB: each ``.`` started a search for the
    word's extensions that ran to its end and failed (quadratic: 64 KB cost 22 s of CPU on
    integ, 256 KiB ~6 minutes, a 1 MiB memory hours). The audit ends, and the credential
    after the word is reported."""
    word = "b" * 20 + ".a" * (128 << 10) + "."
    ws = _item(tmp_path, {"memory/deploy.md": memory("deploy", word + "\n\n" + CRED)})
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    try:
        run = subprocess.run([sys.executable, "-m", "memtui", "audit", "--json", str(ws)],
                             env=env, text=True, capture_output=True, timeout=90, cwd=ROOT)
    except subprocess.TimeoutExpired:
        pytest.fail("the audit of one 256 KiB memory ran past 90 s")
    assert run.returncode == 1, run.stderr
    found = json.loads(run.stdout)["findings"]
    assert ("memory/deploy.md", "secret") in [(f["path"], f["kind"]) for f in found]
