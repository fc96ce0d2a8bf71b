"""Links that leave the memory folder (issue 30 §4) and link targets the system refuses to
look up (issue 31 §4): an existing target outside is an ``outside_link`` info, a missing
one a ``broken_link``; nothing outside is ever opened (watched with the kernel's inotify,
and audited in a real process with a timeout, next to a FIFO and a 1 GiB file); a target
name too long is a broken link, not the end of the audit."""

from __future__ import annotations

import ctypes
import ctypes.util
import io
import json
import os
import struct
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from memtui.core.caches.derived import cache_path
from memtui.core.caches.derived import load as load_derived
from tests.core.helpers import make_ws, memory, run_audit

ROOT = Path(__file__).resolve().parents[2]
IN_ACCESS, IN_OPEN = 0x1, 0x20


def _kinds(result: object) -> dict[str, list[tuple[str, int | None, str, str]]]:
    out: dict[str, list[tuple[str, int | None, str, str]]] = {}
    for f in result.findings:  # type: ignore[attr-defined]
        out.setdefault(f.kind, []).append((f.path, f.line, f.severity, f.message))
    return out


def test_an_existing_target_outside_is_info_and_a_missing_one_an_error(tmp_path: Path) -> None:
    outside = tmp_path / "project"
    (outside / "src").mkdir(parents=True)
    (outside / "src" / "app.py").write_text("print('hi')\n")
    absolute = outside / "README.txt"
    absolute.write_text("x")
    ws = make_ws(tmp_path / "project" / "agent", {
        "MEMORY.md": "- [A](memory/a.md) — about a\n- [Code](../src/app.py) — the app\n"
                     "- [Gone](../src/gone.py) — was here\n",
        "memory/a.md": memory("a", f"See [the readme]({absolute}) and [old](../../nope.md)."),
    })
    result = run_audit(ws)
    kinds = _kinds(result)
    outside_found = sorted((p, ln, sev) for p, ln, sev, _ in kinds.get("outside_link", []))
    assert outside_found == [("MEMORY.md", 2, "info"), ("memory/a.md", 7, "info")]
    broken = sorted((p, ln, sev) for p, ln, sev, _ in kinds.get("broken_link", []))
    assert broken == [("MEMORY.md", 3, "error"), ("memory/a.md", 7, "error")]
    assert all("outside the memory folder" in m for *_, m in kinds["outside_link"])
    assert sorted(b.target for b in result.broken_links) == ["../../nope.md", "../src/gone.py"]


def test_a_symlink_out_is_looked_at_not_followed(tmp_path: Path) -> None:
    """A dangling symbolic link outside is *there* (one lstat), and a path inside that leads
    out through a link is outside, not "no such file"."""
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "dangling.md").symlink_to(tmp_path / "out" / "never-made.md")
    (tmp_path / "out" / "real.md").write_text("x")
    ws = make_ws(tmp_path / "ws", {
        "MEMORY.md": "- [A](memory/a.md)\n",
        "memory/a.md": memory("a", "[d](../../out/dangling.md) [r](../shared/real.md)"),
    })
    (ws / "shared").symlink_to(tmp_path / "out", target_is_directory=True)
    kinds = _kinds(run_audit(ws))
    assert [(ln, sev) for _, ln, sev, _ in kinds["outside_link"]] == [(7, "info"), (7, "info")]
    assert "broken_link" not in kinds


class _Inotify:
    """The kernel's record of every open and read of the files in one folder."""

    def __init__(self, folder: Path) -> None:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        self.fd = libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        if self.fd < 0:
            pytest.skip("no inotify here")
        if libc.inotify_add_watch(self.fd, os.fsencode(folder), IN_OPEN | IN_ACCESS) < 0:
            os.close(self.fd)
            pytest.skip("inotify cannot watch the folder")

    def events(self) -> list[tuple[int, str]]:
        out: list[tuple[int, str]] = []
        try:
            data = os.read(self.fd, 1 << 16)
        except BlockingIOError:
            return out
        at = 0
        while at < len(data):
            _, mask, _, size = struct.unpack_from("iIII", data, at)
            name = data[at + 16:at + 16 + size].rstrip(b"\0").decode()
            out.append((mask, name))
            at += 16 + size
        return out

    def close(self) -> None:
        os.close(self.fd)


@pytest.mark.skipif(not hasattr(os, "mkfifo") or sys.platform != "linux",
                    reason="FIFOs and inotify: Linux")
def test_no_byte_outside_is_read(tmp_path: Path) -> None:
    """A FIFO (opening it would block the audit for ever), a 1 GiB sparse file (reading it
    would take seconds and a secret scan of it minutes) and a symbolic link to /dev/zero,
    all outside: the audit, a real process under a timeout, calls each an outside_link,
    and the kernel saw no open and no read of any of them."""
    out = tmp_path / "outside"
    out.mkdir()
    os.mkfifo(out / "pipe.md")
    with open(out / "huge.md", "wb") as fh:
        fh.truncate(1 << 30)
    (out / "zero.md").symlink_to("/dev/zero")
    ws = make_ws(tmp_path / "ws", {
        "MEMORY.md": "- [A](memory/a.md)\n- [Pipe](../outside/pipe.md)\n",
        "memory/a.md": memory("a", "[huge](../../outside/huge.md)\n"
                                   f"[zero]({out / 'zero.md'})\n"),
    })
    watch = _Inotify(out)
    try:
        env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
        before = os.times()
        done = subprocess.run([sys.executable, "-m", "memtui", "audit", "--json", str(ws)],
                              env=env, capture_output=True, timeout=60)
        after = os.times()
        assert done.returncode == 0, done.stderr
        found = json.loads(done.stdout)["findings"]
        assert sorted((f["path"], f["line"]) for f in found if f["kind"] == "outside_link") \
            == [("MEMORY.md", 2), ("memory/a.md", 7), ("memory/a.md", 8)]
        assert watch.events() == []
        assert after.children_user + after.children_system - \
            before.children_user - before.children_system < 30
    finally:
        watch.close()


def test_the_inotify_watch_does_see_a_read(tmp_path: Path) -> None:
    """The watch above is not blind: reading one byte of a watched file is seen."""
    (tmp_path / "f.md").write_text("x")
    watch = _Inotify(tmp_path)
    try:
        (tmp_path / "f.md").read_bytes()
        assert {name for _, name in watch.events()} == {"f.md"}
    finally:
        watch.close()


def test_a_link_target_name_too_long_is_a_broken_link(tmp_path: Path) -> None:
    """A 253-character target (``File name too long`` from the system) stopped the whole
    audit with exit 2; it is one broken link, and the rest of the report is there."""
    long = "x" * 253
    ws = make_ws(tmp_path / "ws", {
        "MEMORY.md": f"- [A](memory/a.md)\n- [L](memory/{long}/{long}.md)\n",
        "memory/a.md": memory("a", f"[x]({long}.md) [y](../../{long}.md) [z](/{long}/y.md)"),
    })
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "memtui", "audit", "--json", str(ws)],
                          env=env, capture_output=True, timeout=120)
    assert done.returncode == 1, done.stderr
    found = json.loads(done.stdout)["findings"]
    assert sorted((f["path"], f["line"]) for f in found if f["kind"] == "broken_link") == \
        [("MEMORY.md", 2), ("memory/a.md", 7), ("memory/a.md", 7), ("memory/a.md", 7)]


def test_the_derived_cache_keeps_outside_answers(tmp_path: Path, cache: Path) -> None:
    """A warm run takes the stored result while the outside target is as it was, and
    derives again when it appears or goes."""
    (tmp_path / "notes.md").write_text("x")
    ws = make_ws(tmp_path / "ws", {
        "MEMORY.md": "- [A](memory/a.md)\n- [N](../notes.md)\n- [M](../more.md)\n",
        "memory/a.md": memory("a"),
    })
    first = _kinds(run_audit(ws, keep_texts=False))
    assert len(first["outside_link"]) == 1 and len(first["broken_link"]) == 1
    stored = load_derived(cache_path(ws.resolve()))
    assert stored is not None
    assert stored.exists == {"../notes.md": None, "../more.md": False}
    assert _kinds(run_audit(ws, keep_texts=False)) == first
    (tmp_path / "more.md").write_text("y")
    again = _kinds(run_audit(ws, keep_texts=False))
    assert len(again["outside_link"]) == 2 and "broken_link" not in again


def test_the_fix_commands_keep_refusing_to_write_outside(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("outside\n")
    ws = make_ws(tmp_path / "ws", {"MEMORY.md": "- [A](memory/a.md)\n- [N](../notes.md)\n",
                                   "memory/a.md": memory("a")})
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    for args in (("repoint", "../notes.md", "memory/a.md"),
                 ("repoint", "memory/a.md", "../notes.md"),
                 ("remove-link", "../notes.md")):
        done = subprocess.run([sys.executable, "-m", "memtui", "fix", args[0], str(ws),
                               *args[1:]], env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 2, args
        assert done.stderr.endswith("'../notes.md' is not a path inside the workspace\n")
    assert {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == before


def test_links_inside_to_links_resolve_as_before(tmp_path: Path) -> None:
    """Inside, a link to a file through a symbolic link that stays inside is there; one to
    a dangling link or a loop is broken (as ``Path.exists`` said before)."""
    ws = make_ws(tmp_path / "ws", {
        "MEMORY.md": "- [A](memory/a.md)\n",
        "memory/a.md": memory("a", "[r](docs/readme.txt) [v](via.txt) [d](dangling.txt) "
                                   "[l](loop.txt)"),
        "memory/docs/readme.txt": "x",
    })
    (ws / "memory/via.txt").symlink_to("docs/readme.txt")
    (ws / "memory/dangling.txt").symlink_to("gone.txt")
    (ws / "memory/loop.txt").symlink_to("loop.txt")
    result = run_audit(ws)
    assert sorted(b.target for b in result.broken_links) == ["memory/dangling.txt",
                                                             "memory/loop.txt"]
    assert "outside_link" not in _kinds(result)


def test_a_path_out_that_comes_back_in_is_inside(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "ws", {
        "MEMORY.md": "- [A](memory/a.md)\n",
        "memory/a.md": memory("a", "[abs]({0}/memory/b.txt) [up](../../ws/memory/b.txt) "
                                   "[gone]({0}/memory/gone.txt)"
                              .format(tmp_path.resolve() / "ws")),
        "memory/b.txt": "x",
    })
    result = run_audit(ws)
    kinds = _kinds(result)
    assert "outside_link" not in kinds
    assert [(p, ln) for p, ln, *_ in kinds["broken_link"]] == [("memory/a.md", 7)]


def test_a_link_to_a_folder_is_a_broken_link(tmp_path: Path, cache: Path) -> None:
    """newuser25 #7: an index link to a folder (`memory/notes.md/`, `memory/sub`) and a
    memory's link to one were counted nowhere (Links "1 broken" for the missing file only),
    while the Index view marked them ✗. The agent opens no memory there: each is a broken
    link, said so, in the text, the JSON and a warm run (its answer cached, and asked again
    once a file takes the folder's place)."""
    from memtui.cli import main

    ws = make_ws(tmp_path / "dl", {
        "MEMORY.md": "# Memory\n\n- [Notes](memory/notes.md) — the notes\n"
                     "- [Sub](memory/sub) — a folder\n- [Gone](memory/gone.md) — gone\n"
                     "- [X](memory/x.md) — x\n- [Pic](memory/chart.png) — a chart\n",
        "memory/x.md": memory("x", "See [n](notes.md)."),
        "memory/chart.png": b"\x89PNG",  # a file that is no memory: not broken
        "memory/sub/inner.txt": "x", "memory/notes.md/inner.txt": "x"})
    found = sorted((f.path, f.line, f.message) for f in run_audit(ws).findings
                   if f.kind == "broken_link")
    assert found == [("MEMORY.md", 3, "link to memory/notes.md: a folder, not a file"),
                     ("MEMORY.md", 4, "link to memory/sub: a folder, not a file"),
                     ("MEMORY.md", 5, "link to memory/gone.md: no such file"),
                     ("memory/x.md", 7, "link to memory/notes.md: a folder, not a file")]
    for _ in range(2):  # cold, then warm (the derived cache's answers)
        out = io.StringIO()
        with redirect_stdout(out):
            main(["audit", str(ws), "--json"])
        doc = json.loads(out.getvalue())
        assert sorted(b["target"] for b in doc["broken_links"]) == [
            "memory/gone.md", "memory/notes.md", "memory/notes.md", "memory/sub"]
    (ws / "memory/sub/inner.txt").unlink()
    (ws / "memory/sub").rmdir()
    (ws / "memory/sub").write_text("now a file\n")
    out = io.StringIO()
    with redirect_stdout(out):
        main(["audit", str(ws), "--json"])
    assert sorted(b["target"] for b in json.loads(out.getvalue())["broken_links"]) == [
        "memory/gone.md", "memory/notes.md", "memory/notes.md"]


def test_an_index_entry_into_an_excluded_folder_says_so(tmp_path: Path) -> None:
    """newuser25 #28: an index entry linking into ``memory/archive/`` (excluded by default)
    or into an ``exclude`` pattern's folder got no finding at all, so the index looked
    clean while the agent loads the entry and opens an unaudited file. It is an
    ``unaudited_link`` warning naming why (newuser26 #8: its own findings are reported);
    audited (include-archives), it is a memory again."""
    ws = make_ws(tmp_path / "ws", {
        "MEMORY.md": "- [A](memory/a.md) — a\n- [Old](memory/archive/old.md) — old\n"
                     "- [Brief](memory/briefs/b.md) — b\n",
        "memory/a.md": memory("a", "See [old](archive/old.md)."),
        "memory/archive/old.md": memory("old", "Old."),
        "memory/briefs/b.md": memory("b", "Brief."),
    })
    found = _kinds(run_audit(ws, exclude=("memory/briefs/**",))).get("unaudited_link", [])
    assert found == [
        ("MEMORY.md", 2, "warning", "link to memory/archive/old.md leads into the archive folder "
         "memory/archive/, which the audit leaves out by default (include-archives = true "
         "audits it): the agent opens it, the audit does not read it"),
        ("MEMORY.md", 3, "warning", "link to memory/briefs/b.md leads to a file the "
         "configuration leaves out (exclude = [\"memory/briefs/**\"]): the agent opens it, "
         "the audit does not read it")]
    assert "unaudited_link" not in _kinds(run_audit(ws, include_archives=True))
