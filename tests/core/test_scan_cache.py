"""The scan cache in the user cache folder (issue 21): a warm audit reads no memory file,
an ambiguous entry is checked against the file's content, and a cache file that is
tampered with, truncated, huge, stale or a symlink is never trusted and never crashes."""

from __future__ import annotations

import marshal
import os
import shutil
import time
from pathlib import Path

import pytest

import memtui.core.caches.checks_version as checks_version
import memtui.core.caches.scans as scan_cache
from memtui.core.audit import AuditOptions, Auditor
from memtui.core.reporting.json_report import to_json
from memtui.core.workspace import open_workspace
from tests.core.helpers import NOW, make_ws, memory, opened_files, uncached


def _files(n: int = 6) -> dict[str, str]:
    files = {"MEMORY.md": "".join(f"- [m{i}](memory/m{i}.md) — fact {i}\n" for i in range(n))}
    for i in range(n):
        files[f"memory/m{i}.md"] = memory(f"m{i}", f"fact {i}, see [[m{(i + 1) % n}]]\n",
                                          extra="metadata:\n  updated: 2026-05-01\n"
                                          if i == 2 else "")
    return files


def _audit(root: Path, **options: object) -> dict[str, object]:
    opts = AuditOptions(now=NOW, **options)  # type: ignore[arg-type]
    return to_json(Auditor(open_workspace(root), opts).run())


def _reads(root: Path, **options: object) -> tuple[dict[str, object], list[str]]:
    """The audit's report and the memory files it opened."""
    with opened_files() as opened:
        report = _audit(root, **options)
    return report, [p for p in opened if "/memory/" in p]


def _fresh(root: Path, **options: object) -> dict[str, object]:
    """The audit of ``root`` with no cache at all."""
    with uncached():
        return _audit(root, **options)


def _cache_file(folder: Path) -> Path:
    found = list(folder.glob("scans-*.marshal"))
    assert len(found) == 1, found
    return found[0]


def test_a_warm_audit_reads_no_memory_file(tmp_path: Path, cache: Path) -> None:
    root = make_ws(tmp_path / "w", _files())
    cold, opened = _reads(root, keep_texts=False, file_tokens=False)
    assert len(opened) == 6
    warm, opened = _reads(root, keep_texts=False, file_tokens=False)
    assert opened == []  # stat results and the cache alone
    assert warm == cold == _fresh(root, keep_texts=False, file_tokens=False)
    # Token counts and texts come from the caches too, checked against each file's content.
    _reads(root, file_tokens=True)
    with_tokens, opened = _reads(root, keep_texts=False, file_tokens=True)
    assert opened == [] and with_tokens["files"][0]["tokens"]  # type: ignore[index]


def test_a_long_memory_s_scan_is_kept_with_its_sketch_s_window(tmp_path: Path,
                                                               cache: Path) -> None:
    """A sketch holds its slots' window (up to 600 characters, 4 UTF-8 bytes each at most):
    the cache takes it back (it refused every sketch longer than the slots-era bound, so a
    warm audit scanned again nearly every memory)."""
    files = _files(4)
    files["memory/m0.md"] = memory("m0", " ".join(
        f"Step {i} runs tool{i * 7} on host{i * 13} after check{i * 3}." for i in range(60)))
    files["memory/m1.md"] = memory("m1", " ".join(
        f"\U0001f680{i} launch `make ship{i}` via lane{i * 11}" for i in range(120)))
    files["memory/m2.md"] = memory("m2", "".join(
        f"- key{i}: value{i} word{i * 5}\n" for i in range(40)) + "\U0001f680" * 700)
    root = make_ws(tmp_path / "w", files)
    _, opened = _reads(root, keep_texts=False, file_tokens=False)
    assert len(opened) == 4
    # Another memory changed: the derivation is made again, from every other scan kept.
    changed = root / "memory/m3.md"
    changed.write_text(memory("m3", "fact 3, changed\n"), encoding="utf-8")
    os.utime(changed, (NOW - 3600, NOW - 3600))
    warm, opened = _reads(root, keep_texts=False, file_tokens=False)
    assert [Path(p).name for p in opened] == ["m3.md"]
    assert warm == _fresh(root, keep_texts=False, file_tokens=False)


def test_an_ambiguous_entry_is_checked_against_the_content(tmp_path: Path, cache: Path,
                                                           real_tick: None) -> None:
    """A file written again within its clock's tick keeps size, mtime and inode: the entry
    made in that tick is checked by content hash, and the change is seen."""
    root = make_ws(tmp_path / "w", _files())
    path = root / "memory/m1.md"
    text = memory("m1", "fact 1, see [[m2]]\n")
    path.write_text(text, encoding="utf-8")  # its mtime is now: the scan is ambiguous
    before = os.stat(path)
    _audit(root, keep_texts=False, file_tokens=False)
    changed = text.replace("[[m2]]", "[[zz]]")
    assert len(changed.encode()) == len(text.encode())
    with open(path, "r+b") as fh:  # the same inode
        fh.write(changed.encode())
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = os.stat(path)
    assert (after.st_size, after.st_mtime_ns, after.st_ino) == \
        (before.st_size, before.st_mtime_ns, before.st_ino)
    report, opened = _reads(root, keep_texts=False, file_tokens=False)
    assert any(f["kind"] == "dangling_wikilink" and f["path"] == "memory/m1.md"
               for f in report["findings"])  # type: ignore[union-attr]
    assert report == _fresh(root, keep_texts=False, file_tokens=False)
    assert str(path) in opened


def test_an_old_file_is_trusted_on_its_key(tmp_path: Path, cache: Path) -> None:
    """The other side of the check: an entry made well after the file's last change is
    trusted without reading it; a rewrite with its mtime set back is not (its ctime moved:
    tests/core/test_cache_trust.py)."""
    root = make_ws(tmp_path / "w", _files())
    _audit(root)
    _report, opened = _reads(root, keep_texts=False, file_tokens=False)
    assert opened == []
    path = root / "memory/m1.md"
    before = os.stat(path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("fact 1", "fict 1"), encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    _report, opened = _reads(root, keep_texts=False, file_tokens=False)
    assert opened == [str(path)]


def _tamper(cache_folder: Path, data: bytes) -> None:
    _cache_file(cache_folder).write_bytes(data)


@pytest.mark.parametrize("how", ["garbage", "truncated", "empty", "wrong shape",
                                 "wrong types", "a code object", "a chunk too many",
                                 "huge"])
def test_a_broken_cache_is_never_trusted_and_never_crashes(
        tmp_path: Path, cache: Path, how: str, monkeypatch: pytest.MonkeyPatch) -> None:
    root = make_ws(tmp_path / "w", _files())
    expected = _audit(root)
    data = _cache_file(cache).read_bytes()
    stored = scan_cache.read_parts(data)
    assert stored is not None
    if how == "garbage":
        _tamper(cache, os.urandom(4096))
    elif how == "truncated":
        _tamper(cache, data[: len(data) // 2])
    elif how == "empty":
        _tamper(cache, b"")
    elif how == "wrong shape":
        _tamper(cache, marshal.dumps((stored[0], stored[1], stored[2], [1, 2, 3], None)))
    elif how == "wrong types":
        entries = dict(stored[3])
        rel = "memory/m1.md"
        mtime_ns, size, ino, ctime_ns, made, scan = entries[rel]
        mf = list(scan[0])
        mf[1] = 12345  # the name: not a string
        entries[rel] = (mtime_ns, size, ino, ctime_ns, made, (tuple(mf), *scan[1:]))
        entries["memory/m2.md"] = (*entries["memory/m2.md"][:5], ("x",) * 10)
        entries["memory/m3.md"] = "not an entry"
        index = (stored[4][0], ([("x",)],), [("secret", "nonsense")])
        _tamper(cache, b"".join(scan_cache.write_parts(stored[2], entries, index)))
    elif how == "a code object":  # refused by marshal from 3.13 on, by the checks before
        code = compile("import os; os.system('touch /tmp/pwned')", "x", "exec")
        entries = dict(stored[3])
        entries["memory/m1.md"] = (*entries["memory/m1.md"][:5], code)
        _tamper(cache, b"".join(scan_cache.write_parts(stored[2], entries, code)))
    elif how == "a chunk too many":  # more than the header says: not what was written
        extra = marshal.dumps({"memory/m1.md": stored[3]["memory/m1.md"]})
        _tamper(cache, data + len(extra).to_bytes(8, "little") + extra)
    else:  # larger than the cache may be: not even read
        monkeypatch.setattr(scan_cache, "MAX_BYTES", len(data) - 1)
    report, opened = _reads(root)
    assert report == expected
    if how in ("wrong types",):
        assert {p.rsplit("/", 1)[-1] for p in opened} >= {"m1.md", "m2.md", "m3.md"}


def test_a_new_version_of_the_scanner_drops_the_cache(tmp_path: Path, cache: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    root = make_ws(tmp_path / "w", _files())
    _audit(root)
    first = scan_cache.version()
    # A new detect-secrets (or any scanner module's source): another version.
    monkeypatch.setattr(checks_version, "_VERSION", None)
    monkeypatch.setattr(checks_version, "_detect_secrets_version", lambda: b"detect-secrets 9")
    assert scan_cache.version() != first
    report, opened = _reads(root, keep_texts=False, file_tokens=False)
    assert len(opened) == 6
    assert report == _fresh(root, keep_texts=False, file_tokens=False)
    monkeypatch.setattr(checks_version, "_VERSION", None)
    monkeypatch.setattr(checks_version, "_detect_secrets_version", lambda: b"detect-secrets 9")
    second = scan_cache.version()

    # Any file of memtui.core, a module no list named included: a copy of the package with
    # one byte changed in each in turn (the project reader, a part of the credential
    # detector, the lexicon) gives another digest each time.
    copy = tmp_path / "core"
    shutil.copytree(checks_version.CODE_ROOT, copy,
                    ignore=shutil.ignore_patterns("__pycache__"))
    digests = {checks_version.code_digest(copy)}
    assert digests == {checks_version.code_digest()}
    for rel in ("checks/project.py", "creds/pairs.py", "creds/lexicon.json",
                "profiles/hermes.py"):
        (copy / rel).write_bytes((copy / rel).read_bytes() + b" ")
        digests.add(checks_version.code_digest(copy))
    assert len(digests) == 5
    monkeypatch.setattr(checks_version, "CODE_ROOT", copy)
    monkeypatch.setattr(checks_version, "_VERSION", None)
    assert scan_cache.version() not in (first, second, "")


def test_a_symlinked_cache_file_is_neither_read_nor_written(tmp_path: Path,
                                                            cache: Path) -> None:
    root = make_ws(tmp_path / "w", _files())
    _audit(root)
    real = _cache_file(cache)
    elsewhere = tmp_path / "elsewhere.marshal"
    real.rename(elsewhere)
    real.symlink_to(elsewhere)
    before = elsewhere.read_bytes()
    (root / "memory/m0.md").write_text(memory("m0", "changed\n"), encoding="utf-8")
    report, opened = _reads(root, keep_texts=False, file_tokens=False)
    assert len(opened) == 6  # the cache behind the symlink was not used
    assert report == _fresh(root, keep_texts=False, file_tokens=False)
    assert elsewhere.read_bytes() == before and real.is_symlink()


def test_the_cache_is_written_atomically_inside_its_folder(tmp_path: Path,
                                                           cache: Path) -> None:
    root = make_ws(tmp_path / "w", _files())
    _audit(root)
    assert sorted(p.name for p in cache.iterdir() if p.name.startswith(".")) == []
    path = _cache_file(cache)
    assert path.parent == cache and path.stat().st_mode & 0o077 == 0
    stored = scan_cache.read_parts(path.read_bytes())
    assert stored is not None and stored[0] == scan_cache.MAGIC and stored[2] == str(root.resolve())
    # Nothing changed: nothing written again.
    mtime = path.stat().st_mtime_ns
    time.sleep(0.01)
    _audit(root)
    assert path.stat().st_mtime_ns == mtime


def test_a_credential_never_reaches_the_cache(tmp_path: Path, cache: Path) -> None:
    files = _files()
    key = "ghp_" + "7Tq2Lm9XvB4nR8sK1wZ6yH3cJ5dF0gP2aE7u"
    files["memory/m4.md"] = memory("m4", f"GitHub PAT {key} for the uploader\n")
    root = make_ws(tmp_path / "w", files)
    report = _audit(root)
    assert any(f["kind"] == "secret" for f in report["findings"])  # type: ignore[union-attr]
    assert key.encode() not in _cache_file(cache).read_bytes()
    assert _audit(root) == report


def test_the_folder_keeps_a_bounded_number_of_scan_caches(
        tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scan_cache, "MAX_FILES", 3)
    cache.mkdir()
    (cache / "token-counts-v1.marshal").write_bytes(b"not ours to delete")
    for i in range(5):
        (cache / f"scans-old{i}.marshal").write_bytes(b"x")
        os.utime(cache / f"scans-old{i}.marshal", (NOW + i, NOW + i))
    (cache / "scans-link.marshal").symlink_to(tmp_path / "nowhere")
    root = make_ws(tmp_path / "w", _files())
    _audit(root)
    mine = scan_cache.cache_path(root.resolve())
    left = sorted(p.name for p in cache.iterdir())
    assert left == sorted(["token-counts-v1.marshal", "scans-link.marshal", "scans-old3.marshal",
                           "scans-old4.marshal", mine.name, *[n for n in left
                                                              if n.startswith("clean")]])


def test_a_temporary_copy_keeps_no_scans(tmp_path: Path, cache: Path) -> None:
    from memtui.cli import main

    assert main(["audit", "--demo", "--json"]) in (0, 1)
    assert list(cache.glob("scans-*")) == []
    root = make_ws(tmp_path / "w", _files())
    Auditor(open_workspace(root), AuditOptions(now=NOW), scan_cache=False).run()
    assert list(cache.glob("scans-*")) == []


def test_a_large_cache_is_read_and_written_a_chunk_at_a_time(tmp_path: Path) -> None:
    entries = {f"memory/m{i}.md": (i, 1, i, 2, ("x",)) for i in range(2 * scan_cache.CHUNK + 1)}
    pauses: list[int] = []
    parts = list(scan_cache.write_parts("/root", entries, None, lambda: pauses.append(1)))
    assert len(parts) == 4 and len(pauses) == 3  # a header, three chunks
    got = scan_cache.read_parts(b"".join(parts), lambda: pauses.append(1))
    assert got is not None and got[3] == entries and len(pauses) == 6


def test_a_scan_put_in_this_process_is_encoded_as_written_and_given_back_as_a_copy(
        tmp_path: Path, cache: Path) -> None:
    """The store keeps a scan made in this process as it is (no second, encoded copy of
    50,000 scans until the file is written): what ``get`` gives back is still a copy of
    its own, without the text, and what is written reads back the same."""
    from memtui.core.scanner.scan import scan_file
    from memtui.core.scanner.share import stat_key

    root = make_ws(tmp_path / "ws", _files())
    rel = "memory/m2.md"
    st, key, mtime = stat_key(str(root / rel))
    made = time.time_ns() + 10 * scan_cache.GRANULARITY_NS  # read well after its write
    scan = scan_file(str(root / rel), rel, mtime, st, clean=None)
    scan.digest = b"d" * 16
    store = scan_cache.ScanStore(root, cache / "scans-test.marshal")
    store.put(rel, key, made, scan)
    hit = store.get(rel, key)
    assert hit is not None and hit[1] is False
    again = hit[0]
    assert again is not scan and again.memory is not scan.memory
    assert again.memory.text == "" and scan.memory.text  # the text stays out of the cache
    assert again.memory.meta == scan.memory.meta and again.wikilinks == scan.wikilinks
    again.wikilinks.clear()
    assert scan.wikilinks  # a copy: the stored scan is untouched
    assert store.save()
    read = scan_cache.ScanStore(root, cache / "scans-test.marshal").get(rel, key)
    assert read is not None and read[0].memory.meta == scan.memory.meta
    assert read[0].wikilinks == scan.wikilinks and read[0].digest == scan.digest


def _held_after_run(root: Path, hold: bool) -> tuple[int, Auditor]:
    """Bytes an auditor of ``root`` (texts kept, as the app's) still holds after its first
    run, and the auditor."""
    import gc
    import tracemalloc

    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        auditor = Auditor(open_workspace(root), AuditOptions(now=NOW),
                          hold_stored_scans=hold)
        result = auditor.run()
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    del result
    return held, auditor


def test_an_auditor_that_keeps_its_scans_lets_go_of_the_stored_ones(
        tmp_path: Path, cache: Path) -> None:
    """The app's auditor keeps every scan itself: the scan cache's copy of each (a third of
    its memory at 10,000 memories, issue 35) is saved and let go of after the first pass;
    what it audits after is the same as with the cache held, and the next launch still
    takes the saved scans."""
    root = make_ws(tmp_path / "ws", _files(300))
    _held_after_run(root, True)  # what a first audit in this process sets up, out of the count
    shutil.rmtree(cache)
    held, _ = _held_after_run(root, True)
    shutil.rmtree(cache)
    lighter, auditor = _held_after_run(root, False)
    assert list(cache.glob("scans-*"))  # saved before it was let go of
    # Since the store keeps a scan made in this process as it is (no encoded copy), letting
    # go of it saves little (0.94 here); before that it was 0.81. Never heavier:
    assert lighter <= held * 1.02, (lighter, held)

    (root / "memory/m1.md").write_text(memory("m1", "changed, see [[m2]]\n"), encoding="utf-8")
    with opened_files() as opened:
        again = to_json(auditor.run({"memory/m1.md"}))
    assert not [p for p in opened if "scans-" in p]  # not loaded again
    with uncached():
        assert again == _audit(root)
    report, reads = _reads(root, keep_texts=False)  # a report after: only the changed
    assert report == again and reads == [str(root / "memory/m1.md")]  # file is read


def test_memory_md_s_parse_is_encoded_only_as_the_cache_is_written(
        tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """MEMORY.md's parse put in the scan cache is held as the parse itself and encoded as
    the file is written (issue 35: not held twice through the scans), its lines a chunk at
    a time (issue 35: encoded whole, ~25 MB at 50,000 memories' index, it was the writing's
    peak); the written file, and what the cache gives back before it is written, are the
    parse encoded at once."""
    from memtui.core.counting.tokens import bytes_digest
    from memtui.core.scanner.index import read_index
    from memtui.core.scanner.scan import index_findings

    root = make_ws(tmp_path / "ws", _files(), days_ago=3)
    index = read_index(root / "MEMORY.md")
    assert len(index.lines) >= 5
    own = index_findings(index)
    digest = bytes_digest((root / "MEMORY.md").read_bytes())
    encoded: list[int] = []
    real = scan_cache.encode_line

    def encode_line(ln: object) -> object:
        encoded.append(1)
        return real(ln)  # type: ignore[arg-type]
    monkeypatch.setattr(scan_cache, "encode_line", encode_line)
    monkeypatch.setattr(scan_cache, "CHUNK", 2)  # its lines in three chunks or more
    store = scan_cache.ScanStore(open_workspace(root).root)
    store.put_index(digest, index, own)
    assert store.index_entry is None and encoded == []
    written: list[bytes] = []
    real_parts = scan_cache.write_parts

    def write_parts(*args: object) -> object:
        for part in real_parts(*args):  # type: ignore[arg-type]
            written.append(part)
            yield part
    monkeypatch.setattr(scan_cache, "write_parts", write_parts)
    assert store.save() and len(encoded) == len(index.lines)
    assert len(written) == 1 + -(-len(index.lines) // 2)  # a header, the lines' chunks
    lines = len(index.lines)
    kept = scan_cache.ScanStore(open_workspace(root).root)
    assert kept.index_entry == (digest, scan_cache.encode_index(index),
                                [scan_cache.finding_out(f) for f in own])
    got = kept.index(digest, index.text)
    assert got is not None and got[0] == index and got[1] == own
    encoded.clear()
    store.put_index(digest, index, own)
    again = store.index(digest, index.text)  # asked before it is written: encoded then
    assert again is not None and again[0] == index and len(encoded) == lines
    assert again[0] is not index  # (a parse of its own: its reader may add to it)


def _scans_watched(monkeypatch: pytest.MonkeyPatch, cache: Path,
                   fail_at: int | None = None) -> list[tuple[int, object]]:
    """Each file's scan as a one-shot audit makes it: (the bytes its scan cache's new file
    held then, the previous scan's frontmatter); raises at the ``fail_at``-th scan. Each
    scan is stored as it is made (a batch of one sketch: `memtui.core.audit.SKETCH_BATCH`;
    tests/core/test_sketch_batch.py has a batch's)."""
    import memtui.core.audit as audit_module

    monkeypatch.setattr(audit_module, "SKETCH_BATCH", 1)

    seen: list[tuple[int, object]] = []
    made: list[object] = []
    real = audit_module.scan_file

    def scan_file(*args: object, **kwargs: object) -> object:
        if fail_at is not None and len(seen) == fail_at:
            raise RuntimeError("a scan that fails")
        new = [p for p in cache.glob(".scans-*")]
        seen.append((sum(p.stat().st_size for p in new), made[-1].memory.meta if made else None))
        made.append(real(*args, **kwargs))  # type: ignore[arg-type]
        return made[-1]
    monkeypatch.setattr(audit_module, "scan_file", scan_file)
    return seen


def test_a_one_shot_audit_writes_its_scans_as_the_files_are_scanned(
        tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`memtui audit` (one-shot) writes its scan cache a chunk at a time while it scans, and
    lets go of each file's frontmatter values once its scan is written (issue 35: neither
    the values nor their encoding held to the scans' end); the file holds what a kept
    auditor writes, and a warm audit reads no memory file."""
    import memtui.core.audit as audit_module

    chunk, real_scan = scan_cache.CHUNK, audit_module.scan_file
    monkeypatch.setattr(scan_cache, "CHUNK", 2)
    files = _files(7)
    files["memory/m5.md"] = memory("m5", "fact 5\n", extra="metadata:\n  owner: ops\n")
    root = make_ws(tmp_path / "w", files)
    seen = _scans_watched(monkeypatch, cache)
    opts = AuditOptions(now=NOW, keep_texts=False)
    report = to_json(Auditor(open_workspace(root), opts, one_shot=True).run())
    assert len(seen) == 7
    sizes = [size for size, _meta in seen]
    assert sizes[1] == 0 < sizes[2] < sizes[4] < sizes[6]  # a chunk of two after each two
    metas = [meta for _size, meta in seen[1:]]
    assert all(meta is None or set(meta.values()) <= {None} for meta in metas)  # keys only
    assert {"metadata": None}.items() <= next(m for m in metas if m and "metadata" in m).items()
    assert list(cache.glob(".scans-*")) == []
    streamed = scan_cache.read_parts(_cache_file(cache).read_bytes())
    monkeypatch.setattr(scan_cache, "CHUNK", chunk)
    monkeypatch.setattr(audit_module, "scan_file", real_scan)
    for path in cache.iterdir():  # (the derived cache too: the kept auditor scans)
        path.unlink()
    assert _audit(root, keep_texts=False) == report  # a kept auditor: no stream
    kept = scan_cache.read_parts(_cache_file(cache).read_bytes())
    assert streamed is not None and kept is not None
    assert {rel: (e[:4], e[5]) for rel, e in streamed[3].items()} == \
        {rel: (e[:4], e[5]) for rel, e in kept[3].items()} and len(kept[3]) == 7
    assert streamed[4] == kept[4] and streamed[2] == kept[2]
    (cache / _cache_file(cache).name.replace("scans-", "derived-")).with_suffix(".json").unlink()
    again, opened = _reads(root, keep_texts=False)
    assert opened == [] and again == report


def test_a_one_shot_audit_that_fails_part_way_leaves_the_cache_as_it_was(
        tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scan_cache, "CHUNK", 2)
    root = make_ws(tmp_path / "w", _files(7))
    _audit(root)
    before = _cache_file(cache).read_bytes()
    for i in range(7):
        (root / f"memory/m{i}.md").write_text(memory(f"m{i}", f"changed {i}\n"), encoding="utf-8")
    _scans_watched(monkeypatch, cache, fail_at=5)
    with pytest.raises(RuntimeError):
        Auditor(open_workspace(root), AuditOptions(now=NOW), one_shot=True).run()
    assert list(cache.glob(".scans-*")) == [] and _cache_file(cache).read_bytes() == before
