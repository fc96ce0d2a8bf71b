"""The derivation kept in the user cache (issue 21, warm runs near the floor): a warm report
with nothing changed opens no scan and no memory file; a change to any one input the
derivation reads (a file's bytes, MEMORY.md, the options, the day, git HEAD, a linked path
that is no memory) gives the fresh audit's report; a derived cache that was tampered with
is never trusted and never crashes."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from memtui.core.audit import AuditOptions, Auditor, AuditResult
from memtui.core.reporting.json_report import to_json
from memtui.core.workspace import open_workspace
from tests.core.helpers import DAY, NOW, make_ws, memory, opened_files, uncached


def _files(n: int = 6) -> dict[str, str]:
    files = {"MEMORY.md": "".join(f"- [m{i}](memory/m{i}.md) — fact {i}\n"
                                  for i in range(n - 1))}
    for i in range(n):
        files[f"memory/m{i}.md"] = memory(f"m{i}", f"fact {i}, see [[m{(i + 1) % n}]] and "
                                          "[the notes](../NOTES.txt)\n")
    return files


def _audit(root: Path, now: float = NOW, **options: object) -> dict[str, object]:
    """A report's audit (no texts kept) of ``root``, as JSON data."""
    opts = AuditOptions(now=now, keep_texts=False, **options)  # type: ignore[arg-type]
    return to_json(Auditor(open_workspace(root), opts).run())


def _opened(root: Path, now: float = NOW, **options: object
            ) -> tuple[dict[str, object], list[str]]:
    """The report, and the scan caches and memory files the audit opened."""
    with opened_files() as opened:
        report = _audit(root, now, **options)
    return report, [p for p in opened if "/memory/" in p or "scans-" in p]


def _fresh(root: Path, now: float = NOW, **options: object) -> dict[str, object]:
    """The audit of ``root`` with no cache at all."""
    with uncached():
        return _audit(root, now, **options)


def _derived(folder: Path) -> Path:
    found = list(folder.glob("derived-*.json"))
    assert len(found) == 1, found
    return found[0]


def test_a_warm_report_opens_no_scan_and_no_memory_file(tmp_path: Path, cache: Path) -> None:
    root = make_ws(tmp_path / "ws", _files(), days_ago=3)
    first = _audit(root)
    report, opened = _opened(root)
    assert opened == []  # neither the scan cache nor a memory file: the derivation is kept
    assert report == first == _fresh(root)
    assert _derived(cache).stat().st_mode & 0o777 == 0o600


def _edit_memory(root: Path) -> None:
    path = root / "memory/m3.md"
    path.write_text(memory("m3", "fact 3, see [[nobody-yet]]\n"), encoding="utf-8")
    os.utime(path, (NOW - 2 * DAY, NOW - 2 * DAY))


def _edit_index(root: Path) -> None:
    path = root / "MEMORY.md"
    text = path.read_text(encoding="utf-8")  # as many lines: another file linked
    path.write_text(text.replace("[m0](memory/m0.md)", "[m5](memory/m5.md)"),
                    encoding="utf-8")
    os.utime(path, (NOW - 2 * DAY, NOW - 2 * DAY))


def _add_linked_path(root: Path) -> None:
    (root / "NOTES.txt").write_text("notes\n", encoding="utf-8")


#: name → (the change, the options and clock of the audit after it).
CHANGES: dict[str, tuple[Callable[[Path], None], dict[str, object], float]] = {
    "a memory's bytes": (_edit_memory, {}, NOW),
    "MEMORY.md's bytes": (_edit_index, {}, NOW),
    "a linked path that is no memory appears": (_add_linked_path, {}, NOW),
    "the options": (lambda root: None, {"stale_days": 2}, NOW),
    "the day": (lambda root: None, {}, NOW + DAY),
}


@pytest.mark.parametrize("name", list(CHANGES))
def test_a_change_to_any_one_input_gives_the_fresh_report(name: str, tmp_path: Path,
                                                          cache: Path) -> None:
    change, options, now = CHANGES[name]
    root = make_ws(tmp_path / "ws", _files(), days_ago=3)
    before = _audit(root)
    assert _opened(root)[1] == []  # kept
    change(root)
    after = _audit(root, now, **options)
    assert after != before  # the change shows (so a stale result would be caught)
    assert after == _fresh(root, now, **options)
    assert _opened(root, now, **options) == (after, [])  # and that is kept in turn


def _git(repo: Path, *args: str, when: str = "2026-05-01T12:00:00+00:00") -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid",
           "GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when}
    subprocess.run(["git", "-C", str(repo), *args], capture_output=True, check=True, env=env)


@pytest.mark.skipif(subprocess.run(["git", "--version"], capture_output=True,
                                   check=False).returncode != 0, reason="no git")
def test_a_new_git_head_gives_the_fresh_report(tmp_path: Path, cache: Path) -> None:
    root = make_ws(tmp_path / "ws", _files(), days_ago=3)
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "first")
    before = _audit(root)
    assert _opened(root) == (before, [])
    # The same files, bytes and mtimes; only the commit (and its date) is new.
    _git(root, "commit", "-q", "--amend", "--no-edit", "--date", "2026-06-01T12:00:00+00:00",
         when="2026-06-01T12:00:00+00:00")
    after = _audit(root)
    assert after != before
    assert after == _fresh(root)


def _body_edited(path: Path, edit: Callable[[dict[str, object]], None],
                 keep_digest: bool) -> None:
    body_raw, _, head_raw = path.read_bytes().rpartition(b"\n")  # the header comes last
    body: dict[str, object] = {}
    for line in body_raw.split(b"\n"):  # [name, items], a long list over several lines
        name, items = json.loads(line)
        if name in body:
            body[name].extend(items)  # type: ignore[attr-defined]
        else:
            body[name] = items
    edit(body)
    new_body = b"\n".join(json.dumps([name, items]).encode() for name, items in body.items())
    head = json.loads(head_raw)
    if not keep_digest:
        head["body"] = hashlib.sha256(new_body).hexdigest()
    path.write_bytes(new_body + b"\n" + json.dumps(head).encode())


def _message(body: dict[str, object]) -> None:
    body["findings"][0][4] = "all is well"  # type: ignore[index]


def _loaded(body: dict[str, object]) -> None:
    body["loaded"] = "many"


def _file_row(body: dict[str, object]) -> None:
    paths = body["files"]["paths"]  # type: ignore[index]  # a column: one string
    body["files"]["paths"] = paths.replace("memory/m0.md", "memory/elsewhere.md", 1)  # type: ignore[index]


def _index_column_short(body: dict[str, object]) -> None:
    kinds = body["index"]["kinds"]  # type: ignore[index]
    body["index"]["kinds"] = kinds.rsplit("\n", 1)[0]  # type: ignore[index]


def _edge_count(body: dict[str, object]) -> None:
    body["out"][2][0] += 1  # type: ignore[index]


def _link_flag(body: dict[str, object]) -> None:
    flags = body["index"]["flags"]  # type: ignore[index]
    body["index"]["flags"] = "9" + flags[1:]  # type: ignore[index]


def _numbers_for_strings(body: dict[str, object]) -> None:
    refs = body["wikirefs"]
    refs["sources"] = [0] * refs["n"]  # type: ignore[index]


def _set_count(body: dict[str, object]) -> None:
    body["reachable"]["n"] += 1  # type: ignore[index]


TAMPERS: dict[str, Callable[[Path], None]] = {
    "a finding's message, the digest not made again": lambda p: _body_edited(p, _message,
                                                                               True),
    "a field of the wrong type": lambda p: _body_edited(p, _loaded, False),
    "a file row for another file": lambda p: _body_edited(p, _file_row, False),
    "an index column one line short": lambda p: _body_edited(p, _index_column_short, False),
    "an edge count that does not add up": lambda p: _body_edited(p, _edge_count, False),
    "a link's flags unknown": lambda p: _body_edited(p, _link_flag, False),
    "a set's count that does not fit": lambda p: _body_edited(p, _set_count, False),
    "numbers in a column of strings": lambda p: _body_edited(p, _numbers_for_strings, False),
    "garbage": lambda p: p.write_bytes(b"\x00\xff garbage {"),
    "truncated": lambda p: p.write_bytes(p.read_bytes()[: p.stat().st_size // 2]),
    "empty": lambda p: p.write_bytes(b""),
    "a header of the wrong shape": lambda p: p.write_bytes(
        b'{"magic": "memtui-derived", "files": 3}\n{}'),
    "another file's key": lambda p: p.write_bytes(p.read_bytes().replace(  # the stat rows'
        b'memory/m1.md\\n', b'memory/m9.md\\n', 1)),
}


@pytest.mark.parametrize("name", list(TAMPERS))
def test_a_tampered_derived_cache_is_not_trusted(name: str, tmp_path: Path,
                                                 cache: Path) -> None:
    root = make_ws(tmp_path / "ws", _files(), days_ago=3)
    fresh = _audit(root)
    TAMPERS[name](_derived(cache))
    report, opened = _opened(root)
    assert report == fresh
    assert opened  # derived again from the scans
    assert _opened(root) == (fresh, [])  # and kept again


def test_a_symlinked_derived_cache_is_neither_read_nor_written(tmp_path: Path,
                                                               cache: Path) -> None:
    root = make_ws(tmp_path / "ws", _files(), days_ago=3)
    fresh = _audit(root)
    path = _derived(cache)
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_bytes(path.read_bytes())
    path.unlink()
    path.symlink_to(elsewhere)
    before = elsewhere.read_bytes()
    report, opened = _opened(root)
    assert report == fresh and opened
    assert path.is_symlink() and elsewhere.read_bytes() == before


KEY = "AKIAZ3MHQF4BXRT7NWPK"


def _cache_bytes(cache: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(cache.rglob("*")) if p.is_file())


def test_a_memorys_credential_keeps_the_warm_path_without_its_value(tmp_path: Path,
                                                                   cache: Path) -> None:
    """newuser33 #16: one credential made every warm audit derive afresh (~5x dearer). The
    derivation is kept, as without one, and no cache file holds the value."""
    files = _files()
    files["memory/m4.md"] = memory("m4", f"key {KEY} and more\n")
    root = make_ws(tmp_path / "ws", files, days_ago=3)
    first = _audit(root)
    assert any(f["kind"] == "secret" for f in first["findings"])  # type: ignore[union-attr]
    assert _derived(cache).is_file()
    assert KEY.encode() not in _cache_bytes(cache) and KEY[2:-2].encode() not in \
        _cache_bytes(cache)
    report, opened = _opened(root)
    assert opened == []  # neither the scan cache nor a memory file: the derivation is kept
    assert report == first == _fresh(root)


def test_a_credential_read_back_from_the_scan_cache_keeps_the_warm_path(
        tmp_path: Path, cache: Path) -> None:
    """Another memory edited: the run derives from the scan cache, whose scan of the
    credential's memory holds no value; the value is read from the file again and the
    derivation kept, so the run after it is warm again."""
    files = _files()
    files["memory/m4.md"] = memory("m4", f"key {KEY} and more\n")
    root = make_ws(tmp_path / "ws", files, days_ago=3)
    _audit(root)
    _edit_memory(root)
    edited = _audit(root)
    report, opened = _opened(root)
    assert opened == []
    assert report == edited == _fresh(root)
    assert KEY.encode() not in _cache_bytes(cache)


@pytest.mark.parametrize("where", ["index", "name"])
def test_a_credential_the_result_would_hold_keeps_the_derivation_out(
        where: str, tmp_path: Path, cache: Path) -> None:
    """A credential of MEMORY.md (its parse is kept), or one the result spells out (a
    memory's name): nothing derived is kept, so no cache file holds it."""
    files = _files()
    if where == "index":
        files["MEMORY.md"] += f"- key {KEY}\n"
    else:
        files["memory/m4.md"] = memory(f"m4 {KEY}", f"key {KEY} and more\n")
    root = make_ws(tmp_path / "ws", files, days_ago=3)
    report = _audit(root)
    assert any(f["kind"] == "secret" for f in report["findings"])  # type: ignore[union-attr]
    assert not list(cache.glob("derived-*.json"))
    assert KEY.encode() not in _cache_bytes(cache)
    assert _audit(root) == report == _fresh(root)


# -- the app's auditor: texts kept, scans made when asked for, the cache kept as it quits --

def _app_auditor(root: Path) -> Auditor:
    return Auditor(open_workspace(root), AuditOptions(now=NOW), lazy_scans=True)


def test_the_apps_first_audit_comes_from_the_cache_and_its_next_run_scans(
        tmp_path: Path, cache: Path) -> None:
    root = make_ws(tmp_path / "ws", _files(), days_ago=3)
    first = _app_auditor(root)
    fresh = to_json(first.run())
    assert first.holds_scans and list(cache.glob("derived-*.json"))
    again = _app_auditor(root)
    result = again.run()
    assert not again.holds_scans and to_json(result) == fresh
    assert result.scans["memory/m2.md"].memory.text == (root / "memory/m2.md").read_text()
    assert to_json(again.run(set())) == fresh and again.holds_scans  # every file scanned
    assert len(again._scans) == 6  # the next change re-audits only what it touched


def test_comparing_a_lazy_result_makes_none_of_its_scans(tmp_path: Path, cache: Path) -> None:
    """A result is equal to itself alone: compared field by field (as the preview's "shown
    already?" test did, with the next result), the lazy first result read and scanned
    every memory on the screen's thread (issue 35: ~40 MB and a freeze at 10,000)."""
    root = make_ws(tmp_path / "ws", _files(), days_ago=3)
    full = _app_auditor(root).run()
    auditor = _app_auditor(root)
    lazy = auditor.run()
    assert not auditor.holds_scans
    with opened_files() as opened:
        assert lazy != full and (1, None, lazy) != (1, None, full)
        assert lazy == lazy and (1, None, lazy) == (1, None, lazy)
    assert not [p for p in opened if "/memory/" in p]


def test_a_lazy_scan_of_a_file_changed_since_is_made_from_its_new_bytes(
        tmp_path: Path, cache: Path) -> None:
    root = make_ws(tmp_path / "ws", _files(), days_ago=3)
    _app_auditor(root).run()
    auditor = _app_auditor(root)
    result = auditor.run()
    assert not auditor.holds_scans
    text = memory("m1", "now the key AKIAZ3MHQF4BXRT7NWPK\n")
    (root / "memory/m1.md").write_text(text, encoding="utf-8")
    scan = result.scans["memory/m1.md"]  # asked for after the change, as a preview would
    assert scan.memory.text == text and scan.secrets  # masked by what it now holds


def test_quitting_keeps_the_result_of_the_last_re_audit(tmp_path: Path, cache: Path) -> None:
    root = make_ws(tmp_path / "ws", _files(), days_ago=3)
    auditor = _app_auditor(root)
    auditor.run()
    _edit_memory(root)  # aged two days: its key can vouch for it
    auditor.run({"memory/m3.md"})
    assert auditor.keep_derived()
    assert not auditor.keep_derived()  # nothing new to keep
    nxt = _app_auditor(root)
    assert to_json(nxt.run()) == _fresh(root) and not nxt.holds_scans


def test_a_launch_that_changed_nothing_keeps_nothing_at_quit(tmp_path: Path,
                                                            cache: Path) -> None:
    from memtui.core.caches import derived as derived_cache

    root = make_ws(tmp_path / "ws", _files(), days_ago=3)
    _app_auditor(root).run()
    for hold in (True, False):  # the app's auditor keeps no text (issue 35)
        auditor = Auditor(open_workspace(root), AuditOptions(now=NOW), lazy_scans=True,
                          hold_texts=hold)
        auditor.run()
        assert not auditor.holds_scans  # from the derived cache
        auditor.run(set())  # every file scanned (as the app's worker does next)
        path = derived_cache.cache_path(root)
        assert path is not None
        before = path.stat().st_mtime_ns
        assert not auditor.keep_derived()  # what the cache holds already
        assert path.stat().st_mtime_ns == before
    _edit_memory(root)
    auditor.run({"memory/m3.md"})
    assert auditor.keep_derived()


def test_a_file_written_just_now_or_changed_since_its_audit_is_not_kept(
        tmp_path: Path, cache: Path, real_tick: None) -> None:
    root = make_ws(tmp_path / "ws", _files(), days_ago=3)
    auditor = _app_auditor(root)
    auditor.run()
    path = root / "memory/m3.md"
    path.write_text(memory("m3", "fact 3, see [[nobody-yet]]\n"), encoding="utf-8")
    auditor.run({"memory/m3.md"})
    auditor.keep_derived()  # written a moment ago: kept, the next run checks its content
    os.utime(path, (NOW - 2 * DAY, NOW - 2 * DAY))
    auditor.run({"memory/m3.md"})
    _edit_index(root)  # and no re-audit saw this
    path.write_text(memory("m3", "fact 3 once more\n"), encoding="utf-8")
    os.utime(path, (NOW - 2 * DAY + 1, NOW - 2 * DAY + 1))
    auditor.keep_derived()  # what it keeps names m3's key as its audit saw it
    nxt = _app_auditor(root)
    assert to_json(nxt.run()) == _fresh(root) and nxt.holds_scans  # so it is not trusted


def test_a_long_body_is_read_a_chunk_at_a_time(tmp_path: Path, cache: Path) -> None:
    from memtui.core.caches import derived as derived_cache

    root = make_ws(tmp_path / "ws", _files(derived_cache.CHUNK * 2 + 5), days_ago=3)
    report = _audit(root)
    pauses: list[int] = []
    stored = derived_cache.load(_derived(cache), lambda: pauses.append(1))
    assert stored is not None and len(stored.files) == derived_cache.CHUNK * 2 + 5
    lines = _derived(cache).read_bytes().split(b"\n")
    assert len(pauses) == len(lines) - 1 >= 6  # the stat rows and file reports in 3 each
    assert max(len(line) for line in lines) < 400_000
    assert _audit(root) == report


def test_a_warm_report_with_the_config_applied_opens_no_memory_file(tmp_path: Path,
                                                                     cache: Path) -> None:
    """``memtui audit`` applies the configuration (`memtui.core.reporting.suppress.apply_to`) to the
    stored result: looking for inline ignore comments must not make every scan again (a
    warm 2,000-file audit cost 2.3× the time when it did)."""
    from memtui.core.config import Config
    from memtui.core.reporting.suppress import apply_to

    files = _files()
    files["memory/m2.md"] = memory("m2", "a fact <!-- memtui: ignore secret -->\n")
    root = make_ws(tmp_path / "ws", files, days_ago=3)

    def audit() -> dict[str, object]:
        opts = AuditOptions(now=NOW, keep_texts=False)
        return to_json(apply_to(Auditor(open_workspace(root), opts).run(), Config()))

    first = audit()
    with opened_files() as opened:
        again = audit()
    assert [p for p in opened if "/memory/" in p or "scans-" in p] == []
    assert again == first
    assert [f["path"] for f in again["findings"] if f["kind"] == "unused_ignore"] == \
        ["memory/m2.md"]


def test_what_is_kept_is_the_result_as_the_audit_made_it(tmp_path: Path, cache: Path) -> None:
    """The derivation is encoded as the cache is written, a line at a time: lists the
    caller puts in the result's place before then (suppression replaces the findings) are
    not what is kept."""
    root = make_ws(tmp_path / "ws", _files(), days_ago=3)
    first = _audit(root)
    _derived(cache).unlink()  # the next audit derives, and keeps it only when told to save
    auditor = Auditor(open_workspace(root), AuditOptions(now=NOW, keep_texts=False),
                      autosave=False)
    result = auditor.run()
    assert result.findings and auditor.holds_scans  # derived here, not taken from the cache
    result.findings, result.files = [], []
    auditor.save_cache()
    report, opened = _opened(root)
    assert opened == [] and report == first == _fresh(root)


def _graph_and_index(result: AuditResult) -> tuple[object, ...]:
    g = result.graph
    return ({k: v for k, v in g.out.items() if v}, {k: v for k, v in g.back.items() if v},
            {k: v for k, v in g.placeholders.items() if v}, result.index_linked,
            result.reachable, result.index.lines, result.index.code_spans,
            result.index.line_count, result.index.kind_count("entry"),
            result.index.first_lines(3))


@pytest.mark.parametrize("name", ["plain", "with a newline"])
def test_the_graph_and_the_index_come_back_as_they_were_made(name: str, tmp_path: Path,
                                                             cache: Path) -> None:
    """The graph, the linked and reachable sets and MEMORY.md's parse are kept as columns
    (`memtui.core.caches.columns`), the graph's edges and the index's lines made only when
    first asked for; a column with a string holding a newline (a file's name) is a JSON
    list: either way the same as the audit made them."""
    files = _files()
    files["memory/m2.md"] = memory("m2", "see [[nobody-yet]] and [[m3]]\n")
    if name != "plain":
        files["memory/odd\nname.md"] = memory("odd", "see [[m3]]\n")
    root = make_ws(tmp_path / "ws", files, days_ago=3)
    opts = AuditOptions(now=NOW, keep_texts=False)
    made = Auditor(open_workspace(root), opts).run()
    kept = Auditor(open_workspace(root), opts).run()
    stored = dict(json.loads(line) for line in _derived(cache).read_bytes().split(b"\n")[:-1])
    keys = stored["out"][1]  # the column of the files that link: one string, or a list
    assert type(keys) is (str if name == "plain" else list)
    assert type(stored[" files"]["rels"]) is type(keys)
    assert type(stored["index"]) is dict and type(stored["reachable"]) is dict
    assert type(kept.graph).__name__ == "StoredGraph" and "out" not in vars(kept.graph)
    assert type(kept.index).__name__ == "StoredIndex"
    assert _graph_and_index(kept) == _graph_and_index(made)
    assert made.graph.placeholders["nobody-yet"] == ["memory/m2.md"]


def test_a_one_shot_auditor_keeps_no_step_of_its_derivation(tmp_path: Path) -> None:
    """``memtui audit`` runs once: what the derivation's steps made is let go before the
    caches are written (issue 35, the CLI's peak); the report is the same, and a run
    after that derives again from nothing."""
    root = make_ws(tmp_path / "ws", _files(), days_ago=3)
    opts = AuditOptions(now=NOW, keep_texts=False)
    with uncached():
        kept = Auditor(open_workspace(root), opts)
        once = Auditor(open_workspace(root), opts, one_shot=True)
        report = to_json(once.run())
        assert report == to_json(kept.run())
        assert kept._memo._once and not once._memo._once and not once._memo._each
        assert to_json(once.run()) == report


def test_a_one_shot_run_saves_its_scans_before_it_derives(tmp_path: Path, cache: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """``memtui audit``'s auditor writes the scan cache (MEMORY.md's parse with it) and lets
    go of it before the derivation, not at its peak after it (issue 35); the report is the
    same, and the next run is a warm one."""
    import memtui.core.audit as audit_module
    from memtui.core.caches.scans import ScanStore

    root = make_ws(tmp_path / "ws", _files(), days_ago=3)
    seen: list[list[str]] = []
    real = audit_module.derive

    def derive(*args: object, **kwargs: object) -> AuditResult:
        seen.append([p.name for p in cache.glob("scans-*")])
        return real(*args, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(audit_module, "derive", derive)
    opts = AuditOptions(now=NOW, keep_texts=False)
    report = to_json(Auditor(open_workspace(root), opts, one_shot=True).run())
    assert len(seen) == 1 and len(seen[0]) == 1  # written before the derivation
    store = ScanStore(open_workspace(root).root)
    assert store.index_entry is not None and len(store.entries) == 6
    assert report == _fresh(root)
    again, opened = _opened(root)
    assert again == report and opened == []


def test_the_column_parts_are_written_a_column_at_a_time(tmp_path: Path, cache: Path
                                                         ) -> None:
    """Each part kept as columns is made a column at a time as it is written
    (`columns.Columns`, issue 35): the file is the compact JSON of its columns' objects, as
    before, and each part reads back as what was kept."""
    from memtui.core.caches import columns

    root = make_ws(tmp_path / "ws", _files(40), days_ago=3)
    made = Auditor(open_workspace(root), AuditOptions(now=NOW, keep_texts=False)).run()
    lines = _derived(cache).read_bytes().split(b"\n")[:-1]
    for line in lines:
        assert line == json.dumps(json.loads(line), ensure_ascii=False,
                                  separators=(",", ":")).encode("utf-8")
    stored = dict(json.loads(line) for line in lines)
    parts = {"files": columns.reports_out(made.files, made.options.file_tokens),
             "wikirefs": columns.wikirefs_out(made.wikirefs),
             "index": columns.index_out(made.index)}
    for name, part in parts.items():
        assert type(part) is columns.Columns
        assert part.as_dict() == stored[name], name
    assert columns.wikirefs_in(stored["wikirefs"]) == made.wikirefs
    assert columns.reports_in(stored["files"], [f.path for f in made.files],
                              [None] * len(made.files), dict) == made.files


def test_a_one_shot_run_lets_go_of_each_files_links_once_resolved(tmp_path: Path,
                                                                  cache: Path) -> None:
    """A one-shot run's scans hold no links once they are resolved (issue 35: their room
    is what the derivation makes next); the report is the fresh one, and a second run of
    the same auditor scans again."""
    root = make_ws(tmp_path / "ws", _files(), days_ago=3)
    opts = AuditOptions(now=NOW, keep_texts=False)
    once = Auditor(open_workspace(root), opts, one_shot=True)
    result = once.run()
    assert all(not s.links and not s.wikilinks for s in result.scans.values())
    report = to_json(result)
    assert report == _fresh(root)
    with uncached():
        kept = Auditor(open_workspace(root), opts).run()
        assert all(s.wikilinks for s in kept.scans.values())
        again = once.run()
    assert to_json(again) == report and to_json(kept) == report


def test_a_one_shot_run_keeps_only_the_frontmatter_keys_once_stored(tmp_path: Path,
                                                                    cache: Path) -> None:
    """Once its scans are stored (or when none is), a one-shot run's memories keep of their
    frontmatter only its keys, one mapping for every memory with the same keys, and their
    description's truth value (issue 35: ~25 MB at 50,000 before the derivation's peak);
    the report is the fresh one (another schema's note names the keys as before), the
    scan cache holds every value, and the derived cache's file rows are the files'."""
    from memtui.core.caches.scans import ScanStore
    from memtui.core.scanner.memory_file import DESCRIBED

    files = _files()
    files["memory/agent.md"] = "---\ntools: [read]\nmodel: big\ncolour: red\n---\nan agent\n"
    root = make_ws(tmp_path / "ws", files, days_ago=3)
    opts = AuditOptions(now=NOW, keep_texts=False)
    once = Auditor(open_workspace(root), opts, one_shot=True)
    result = once.run()
    memories = [result.scans[f"memory/m{i}.md"].memory for i in range(6)]
    assert all(mf.meta == {"name": None, "description": None, "metadata": None}
               and mf.meta is memories[0].meta and mf.description == DESCRIBED
               for mf in memories)
    assert result.scans["memory/agent.md"].memory.meta == dict.fromkeys(
        ["tools", "model", "colour"])
    report = to_json(result)
    assert report == _fresh(root)
    assert any("(tools, model, colour)" in f["message"] for f in report["findings"])
    stored = ScanStore(open_workspace(root).root)
    whole = stored.get("memory/m1.md", stored.entries["memory/m1.md"][:4])
    assert whole is not None and whole[0].memory.description == "about m1"
    assert whole[0].memory.meta["metadata"] == {"type": "project"}
    with uncached():  # no scan cache: let go of all the same
        alone = Auditor(open_workspace(root), opts, one_shot=True).run()
        assert alone.scans["memory/m2.md"].memory.description == DESCRIBED
        assert to_json(alone) == report


@pytest.mark.parametrize("file_tokens", [False, True])
def test_a_one_shot_run_counts_its_block_then_lets_go_of_the_vocabulary(
        tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch, file_tokens: bool
        ) -> None:
    """A one-shot run counts MEMORY.md's lines and its injected block before it writes the
    scan cache and derives, building each vocabulary once, and lets go of them then
    (issue 35: ~55 MB no longer held at either's peak); when it counts no file's tokens,
    before it scans the first memory (the vocabularies never held beside the scans). Its
    block and report are a kept auditor's, whose vocabulary stays."""
    import memtui.core.audit as audit_module
    from memtui.core.counting import tokens

    root = make_ws(tmp_path / "ws", _files(), days_ago=3)
    opts = AuditOptions(now=NOW, keep_texts=False, file_tokens=file_tokens)
    built: list[str] = []
    events: list[str] = []  # each vocabulary built, each scan (and whether one was held)
    real = tokens.encoder

    def encoder(name: str) -> object:
        built.append(name)
        events.append("built")
        return real(name)
    monkeypatch.setattr(tokens, "encoder", encoder)
    monkeypatch.setattr(tokens, "_PARTIAL_CHARS", 0)  # the whole encoder, as at 50,000
    real_scan = audit_module.scan_file

    def scan_file(*args: object, **kwargs: object) -> object:
        events.append("scan, held" if tokens._encoders or tokens._rank_tables else "scan")
        return real_scan(*args, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(audit_module, "scan_file", scan_file)
    tokens.let_go_of_vocabularies()
    with uncached():
        once = Auditor(open_workspace(root), opts, one_shot=True).run()
        assert built and sorted(built) == sorted(set(built))  # each built once
        assert tokens._encoders == {} and tokens._rank_tables == {}
        scans = ["scan"] * 6
        assert events[-6:] == scans if not file_tokens else events[:6] == scans
        kept = Auditor(open_workspace(root), opts).run()
    assert "qwen" in tokens._encoders
    assert once.block == kept.block and once.block.tokens["qwen"] > 0
    assert to_json(once) == to_json(kept)


def test_a_derivations_file_rows_are_read_from_the_auditors_columns(
        tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The derived cache's row of each file made in this process (`columns.StatRows`) is
    made from the auditor's paths, stat keys, digests and read times (issue 35): the same
    rows, by index, by slice and in turn, as the stored entry reads back."""
    import memtui.core.audit as audit_module
    from memtui.core.caches import derived as derived_cache

    root = make_ws(tmp_path / "ws", _files(), days_ago=3)
    made: list[derived_cache.Derived] = []
    real = derived_cache.entry

    def entry(*args: object, **kwargs: object) -> derived_cache.Derived | None:
        got = real(*args, **kwargs)  # type: ignore[arg-type]
        if got is not None:
            made.append(got)
        return got
    monkeypatch.setattr(audit_module.derived_cache, "entry", entry)
    _audit(root)
    rows = made[0].files
    assert len(rows) == 6 and [r[0] for r in rows] == [f"memory/m{i}.md" for i in range(6)]
    assert list(rows) == [rows[i] for i in range(6)] == rows[0:6]
    assert all(len(r) == 7 and type(r[5]) is bytes and r[6] > 0 for r in rows)
    loaded = derived_cache.load(_derived(cache))
    assert loaded is not None and loaded.files == list(rows)


def test_a_one_shot_run_pairs_its_sketches_first_and_lets_go_of_them(
        tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A one-shot run pairs the near-duplicate sketches before the rest of its derivation
    and lets go of each (issue 35: ~75 MB at 50,000 memories no longer held at its peak):
    its scans hold no sketch after, and its report, near-duplicates included, is a kept
    auditor's (whose scans keep theirs)."""
    import memtui.core.derivation.derive as derive_module

    text = ("The staging deploy needs the VPN up first, then the bastion key loaded, then "
            "the migration run by hand before the service restarts; skipping the order "
            "left the queue workers reading an old schema for an hour last spring.\n")
    files = _files()
    files["memory/twin_a.md"] = memory("twin_a", text)
    files["memory/twin_b.md"] = memory("twin_b", text.replace("an hour", "two hours"))
    root = make_ws(tmp_path / "ws", files, days_ago=3)
    opts = AuditOptions(now=NOW, keep_texts=False)
    paired: list[int] = []  # how many sketches each pairing read, and when
    real = derive_module.pairs

    def pairs(sketches: dict[str, bytes], *args: object) -> object:
        paired.append(sum(1 for sk in sketches.values() if sk))
        return real(sketches, *args)  # type: ignore[arg-type]
    monkeypatch.setattr(derive_module, "pairs", pairs)
    with uncached():
        kept = Auditor(open_workspace(root), opts).run()
    sketched = sum(1 for scan in kept.scans.values() if scan.sketch)
    for cached in (False, True):  # no scan cache, and one filled (let go of before)
        paired.clear()
        if cached:
            once = Auditor(open_workspace(root), opts, one_shot=True).run()
        else:
            with uncached():
                once = Auditor(open_workspace(root), opts, one_shot=True).run()
        # one pairing, of every memory long enough to sketch (the twins among them)
        assert paired == [sketched] and sketched >= 2
        assert all(scan.sketch == b"" for scan in once.scans.values())
        assert kept.scans["memory/twin_a.md"].sketch
        assert [f.path for f in once.findings if f.kind == "near_duplicate"] == \
            ["memory/twin_a.md", "memory/twin_b.md"]
        assert to_json(once) == to_json(kept)


def test_a_one_shot_derivation_lets_go_of_its_resolver_before_the_files_states(
        tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Once every link is resolved, a one-shot derivation holds its resolver no longer
    (issue 35: its tables made room for each file's state), nor a file's first lines; a
    kept auditor holds both for its next run. The reports are the same."""
    import weakref

    import memtui.core.derivation.derive as derive_module

    root = make_ws(tmp_path / "ws", _files(), days_ago=3)
    opts = AuditOptions(now=NOW, keep_texts=False)
    made: list[weakref.ref[object]] = []
    alive: list[bool] = []  # at each file's state: the last resolver made still held

    class Resolver(derive_module.Resolver):
        def __init__(self, *args: object) -> None:
            super().__init__(*args)  # type: ignore[arg-type]
            made.append(weakref.ref(self))
    real_state = derive_module.file_state

    def file_state(*args: object, **kwargs: object) -> object:
        alive.append(made[-1]() is not None)
        return real_state(*args, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(derive_module, "Resolver", Resolver)
    monkeypatch.setattr(derive_module, "file_state", file_state)
    with uncached():
        once = Auditor(open_workspace(root), opts, one_shot=True).run()
        assert alive == [False] * 6
        alive.clear()
        kept = Auditor(open_workspace(root), opts).run()
        assert alive == [True] * 6
    assert to_json(once) == to_json(kept)


def test_a_memory_past_the_read_cap_keeps_the_warm_path(tmp_path: Path, cache: Path) -> None:
    """newuser25 #14: one memory over 1 MiB (read for its head, a read problem) kept every
    scan and the derivation out of the caches: each audit of 10,000 memories ran cold
    (3.4 s, not 0.35 s). Its size, in the key, decides that problem: the second audit opens
    no memory file, reports the problem still, and a change to the big file is seen."""
    from memtui.core.scanner.textfile import MAX_READ_BYTES

    files = _files()
    files["memory/m4.md"] = memory("m4", "a pasted log line\n" * (MAX_READ_BYTES // 18 + 10))
    root = make_ws(tmp_path / "ws", files, days_ago=3)
    first = _audit(root)
    assert any(f["kind"] == "read_problem" and f["path"] == "memory/m4.md"
               for f in first["findings"])  # type: ignore[union-attr]
    report, opened = _opened(root)
    assert opened == []  # the derivation kept: no scan, no memory file read
    assert report == first == _fresh(root)
    big = root / "memory/m4.md"
    big.write_text(memory("m4", "short now, see [[nobody-yet]]\n"), encoding="utf-8")
    os.utime(big, (NOW - 2 * DAY, NOW - 2 * DAY))
    assert _audit(root) == _fresh(root) != first


def test_a_file_read_just_after_it_was_written_is_checked_by_its_content(
        tmp_path: Path, cache: Path, real_tick: None) -> None:
    """newuser29 #47: a `touch` made the next two audits cold — the first because a file
    changed, the second because the first read it too soon after the change for its key to
    vouch for it, so nothing was kept. Now the derivation is kept, and the next run reads
    that one file again and compares its content (its digest) instead of deriving all."""
    root = make_ws(tmp_path / "ws", _files())  # every file written just now: all ambiguous
    first = _audit(root)
    report, opened = _opened(root)
    assert report == first == _fresh(root)
    assert not [p for p in opened if "scans-" in p]  # served from the derivation kept…
    assert sorted(p.rsplit("/", 1)[-1] for p in opened) == [f"m{i}.md" for i in range(6)]
    path = root / "memory/m3.md"  # …but a content changed under the same key is not served
    st = path.stat()
    path.write_bytes(path.read_bytes().replace(b"fact 3", b"fact 9"))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert _audit(root) == _fresh(root)
