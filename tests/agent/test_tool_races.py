"""The agent's file tools under attack: a second process swapping files and folders for
symlinks mid-call, hostile arguments, FIFOs, huge files, and the workspace lock (issue 9)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
import time
import tracemalloc
from collections import Counter
from pathlib import Path

import pytest

from memtui.agent.tools import ToolBox
from memtui.core.workspace import Workspace
from memtui.edit.changeset import Changeset
from memtui.edit.journal import Journal
from memtui.edit.safe_write import folder_lock

SECRET = "inside OUTSIDE-SECRET\n"  # "inside" so an escaped edit_file would succeed

FLIPPER = textwrap.dedent("""
    import ctypes, os, sys, time
    mem, outside, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
    x, x_alt = f"{mem}/x.md", f"{mem}/.x-alt"  # a regular file and a link leading out
    sub, sub_alt = f"{mem}/sub", f"{mem}/.sub-alt"  # a folder and a link leading out
    os.symlink(f"{outside}/secret.md", x_alt)
    os.symlink(f"{outside}/dir", sub_alt)
    libc = ctypes.CDLL(None, use_errno=True)
    renameat2 = getattr(libc, "renameat2", None)

    def swap(a, b):  # atomic exchange of two names (Linux); else a short window of neither
        if renameat2 is not None:
            if renameat2(-100, a.encode(), -100, b.encode(), 2) == 0:
                return
        os.rename(a, a + ".t")
        os.rename(b, a)
        os.rename(a + ".t", b)

    end = time.monotonic() + seconds
    flips = 0
    while time.monotonic() < end:
        for a, b in ((x, x_alt), (sub, sub_alt)):
            try:
                swap(a, b)
                flips += 1
            except OSError:
                pass
        if flips % 64 == 0 and not os.path.islink(x) and not os.path.islink(x_alt):
            os.symlink(f"{outside}/secret.md", x_alt + ".l")  # a write replaced the link
            os.replace(x_alt + ".l", x_alt)
    print(flips)
""")

CALLS: list[tuple[str, dict[str, str]]] = [
    ("read_file", {"path": "memory/x.md"}),
    ("read_file", {"path": "memory/sub/x.md"}),
    ("write_file", {"path": "memory/x.md", "content": "inside\n"}),
    ("write_file", {"path": "memory/sub/x.md", "content": "inside\n"}),
    ("write_file", {"path": "memory/sub/new.md", "content": "agent\n"}),
    ("edit_file", {"path": "memory/x.md", "old_string": "inside", "new_string": "inside"}),
    ("edit_file", {"path": "memory/sub/x.md", "old_string": "inside",
                   "new_string": "inside"}),
    ("delete_file", {"path": "memory/sub/x.md"}),
    ("delete_file", {"path": "memory/sub/new.md"}),
    ("exists", {"path": "memory/sub/x.md"}),
    ("list_files", {"path": "memory/sub"}),
]


def outside_state(outside: Path) -> dict[str, bytes]:
    return {p.relative_to(outside).as_posix(): p.read_bytes()
            for p in sorted(outside.rglob("*")) if p.is_file()}


def test_symlink_swap_race_never_escapes(ws: Workspace, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    (outside / "dir").mkdir(parents=True)
    (outside / "secret.md").write_text(SECRET)
    (outside / "dir" / "x.md").write_text(SECRET)
    (ws.root / "memory" / "sub").mkdir()
    (ws.root / "memory" / "sub" / "x.md").write_text("inside\n")
    (ws.root / "memory" / "x.md").write_text("inside\n")
    before = outside_state(outside)
    box = ToolBox(ws)
    seconds = 8.0
    flipper = subprocess.Popen(
        [sys.executable, "-c", FLIPPER, str(ws.root / "memory"), str(outside), str(seconds)],
        stdout=subprocess.PIPE, text=True)
    outcomes: Counter[str] = Counter()
    escapes: list[str] = []
    try:
        end = time.monotonic() + seconds
        i = 0
        while time.monotonic() < end:
            name, args = CALLS[i % len(CALLS)]
            i += 1
            out = box.call(name, args)
            kind = ("refused" if out.result.startswith("error: refused") else
                    "error" if not out.ok else "ok")
            outcomes[f"{name} {kind}"] += 1
            if "OUTSIDE-SECRET" in out.result:
                escapes.append(f"{name} read {args['path']}")
            if i % 5 == 0 and outside_state(outside) != before:
                escapes.append(f"{name} changed the outside after call {i}")
                break
    finally:
        flips = int((flipper.communicate(timeout=60)[0] or "0").strip() or 0)
    if outside_state(outside) != before:
        escapes.append("the outside folder changed")
    total = sum(outcomes.values())
    print(f"\n{total} tool calls, {flips} flips, {len(escapes)} escapes")
    for key, n in sorted(outcomes.items()):
        print(f"  {key}: {n}")
    assert escapes == []
    assert total >= 100 and flips >= 10  # the race really ran
    refused = sum(n for k, n in outcomes.items() if k.endswith("refused"))
    assert refused > 0 and outcomes["read_file ok"] > 0  # both states were met


@pytest.mark.parametrize("target", ["x.md", "sub"])
@pytest.mark.parametrize(("name", "args"), CALLS, ids=[f"{c[0]} {c[1]['path']}" for c in CALLS])
def test_swap_before_every_system_call(ws: Workspace, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch, target: str,
                                       name: str, args: dict[str, str]) -> None:
    """The worst scheduler: every system call that names ``target`` relative to a folder
    first flips it between the real thing and a symlink leading outside."""
    outside = tmp_path / "outside"
    (outside / "dir").mkdir(parents=True)
    (outside / "secret.md").write_text(SECRET)
    (outside / "dir" / "x.md").write_text(SECRET)
    mem = ws.root / "memory"
    (mem / "sub").mkdir()
    (mem / "sub" / "x.md").write_text("inside\n")
    (mem / "x.md").write_text("inside\n")
    before = outside_state(outside)
    link_to = outside / ("secret.md" if target == "x.md" else "dir")
    real = {f: getattr(os, f) for f in ("open", "stat", "lstat", "unlink", "rename", "mkdir",
                                         "readlink", "link")}
    flips = 0

    def flip() -> None:
        nonlocal flips
        flips += 1
        spot, aside = str(mem / target), str(mem / ".aside")
        if os.path.islink(spot):
            real["unlink"](spot)
            if os.path.lexists(aside):
                real["rename"](aside, spot)
        else:
            if os.path.lexists(spot):
                real["rename"](spot, aside)
            os.symlink(link_to, spot)

    def wrap(fn_name: str) -> object:
        def call(*a: object, **kw: object) -> object:
            if kw.get("dir_fd") is not None and a and a[0] == target:
                flip()
            return real[fn_name](*a, **kw)
        return call

    box = ToolBox(ws)
    box.audit()
    for fn_name in real:
        monkeypatch.setattr(os, fn_name, wrap(fn_name))
    results = [box.call(name, args).result for _ in range(4)]
    monkeypatch.undo()
    if target in args["path"].split("/"):
        assert flips > 0
    assert not any("OUTSIDE-SECRET" in r for r in results), results
    assert outside_state(outside) == before
    assert sorted(p.name for p in outside.rglob("*")) == ["dir", "secret.md", "x.md"]


# -- arguments that used to raise ----------------------------------------------------------


@pytest.mark.parametrize(("name", "arguments", "expected"), [
    ("read_file", ["memory/notes.md"], "error: the arguments must be a JSON object of named "
     "values, not list"),
    ("write_file", "memory/x.md", "error: the arguments must be a JSON object of named values, "
     "not str"),
    ("exists", 7, "error: the arguments must be a JSON object of named values, not int"),
    ("write_file", {"path": "memory/x.md", "content": 5}, "error: 'content' must be a string, "
     "not int"),
    ("write_file", {"path": ["memory"], "content": "x"}, "error: refused — the path must be a "
     "string, relative to the workspace root"),
    ("edit_file", {"path": "MEMORY.md", "old_string": None, "new_string": "x"},
     "error: 'old_string' must be a string, not NoneType"),
    ("write_file", {"path": "memory/x.md", "content": "a\udc80b"}, "error: 'content' holds a "
     "lone surrogate at character 1 (not valid Unicode text); send plain text"),
    ("edit_file", {"path": "MEMORY.md", "old_string": "# Memory", "new_string": "\ud800"},
     "error: 'new_string' holds a lone surrogate at character 0 (not valid Unicode text); "
     "send plain text"),
    ("read_file", {"path": "memory/\udc80.md"}, "error: refused — the path holds a lone "
     "surrogate (not valid Unicode text); send the path as plain text"),
    ("write_file", {"path": "a/" * 1000 + "x.md", "content": "x"},
     "error: refused — the path is 1001 folders deep; at most 64 are allowed"),
    ("\udc80tool", {}, "error: there is no tool named '\ufffdtool'."),
])
def test_bad_arguments_are_one_readable_line(ws: Workspace, name: str, arguments: object,
                                             expected: str) -> None:
    before = sorted(p.as_posix() for p in ws.root.rglob("*"))
    out = ToolBox(ws).call(name, arguments)
    assert out.ok is False
    assert out.result.startswith(expected)
    assert "\n" not in out.result
    out.result.encode("utf-8")  # printable and storable
    assert sorted(p.as_posix() for p in ws.root.rglob("*")) == before


def test_name_too_long_says_so(ws: Workspace) -> None:
    out = ToolBox(ws).call("read_file", {"path": "memory/" + "n" * 300 + ".md"})
    assert out.result.endswith(": File name too long")


def test_symlinks_inside_are_followed_loops_are_not(ws: Workspace) -> None:
    mem = ws.root / "memory"
    os.symlink("notes.md", mem / "alias.md")
    os.symlink(str(mem / "notes.md"), mem / "absolute.md")  # absolute, but inside
    os.symlink("../memory", mem / "up")
    os.symlink("b", mem / "a")
    os.symlink("a", mem / "b")
    box = ToolBox(ws)
    for path in ("memory/alias.md", "memory/absolute.md", "memory/up/up/notes.md"):
        assert box.call("read_file", {"path": path}).result.startswith("---\nname: notes"), path
    out = box.call("read_file", {"path": "memory/a"})
    assert out.result == "error: refused — 'memory/a' goes through too many symlinks"
    out = box.call("write_file", {"path": "memory/alias.md", "content": "new\n"})
    assert out.ok and (mem / "notes.md").read_text() == "new\n"  # written through, as before
    assert (mem / "alias.md").is_symlink()
    gone = box.call("delete_file", {"path": "memory/alias.md"})
    assert gone.ok and gone.journaled is None and "only the link went" in gone.result
    assert (mem / "notes.md").exists() and not (mem / "alias.md").exists()
    listing = box.call("list_files", {"path": "memory"}).result.splitlines()
    assert "memory/up (symlink)" in listing and "memory/notes.md" in listing


def test_fifo_is_never_opened(ws: Workspace) -> None:
    os.mkfifo(ws.root / "memory" / "pipe.md")
    box = ToolBox(ws)
    results: list[str] = []

    def run() -> None:
        for name, extra in (("read_file", {}), ("edit_file", {"old_string": "a",
                                                              "new_string": "b"}),
                            ("write_file", {"content": "x"}), ("exists", {})):
            results.append(box.call(name, {"path": "memory/pipe.md", **extra}).result)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(60)
    assert not worker.is_alive(), "a tool blocked on a FIFO"
    assert results[:3] == ["error: memory/pipe.md is not a regular file (a FIFO, socket or "
                           "device); memtui does not open it"] * 3
    assert results[3] == "yes: memory/pipe.md exists but is not a regular file (it is never " \
                         "opened)"


def test_read_file_reads_a_bounded_head(ws: Workspace) -> None:
    big = ws.root / "memory" / "big.md"
    with big.open("wb") as fh:
        fh.truncate(512 * 1024 * 1024)  # sparse: costs no disk
    # The tokenizers' rank tables (~50 MiB, built once per process when the user's token
    # cache lacks a count) are built first, so what is measured is the read whatever that
    # cache holds.
    from memtui.core.counting.tokens import TOKENIZERS, encoder

    for name in TOKENIZERS:
        encoder(name)
    tracemalloc.start()
    try:
        out = ToolBox(ws).call("read_file", {"path": "memory/big.md"})
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "[… cut: the file has 536,870,912 bytes]" in out.result
    print(f"\nread_file on a 512 MiB file: peak {peak / 2**20:.1f} MiB traced")
    assert peak < 32 * 2**20
    edit = ToolBox(ws).call("edit_file", {"path": "memory/big.md", "old_string": "a",
                                          "new_string": "b"})
    assert edit.result == ("error: memory/big.md is larger than 1 MiB (536,870,912 bytes); "
                           "memtui does not edit files that large")


def test_writes_wait_for_the_workspace_lock(ws: Workspace) -> None:
    box = ToolBox(ws)
    box.audit()
    done = threading.Event()

    def write() -> None:
        box.call("write_file", {"path": "memory/locked.md", "content": "x\n"})
        done.set()

    with folder_lock(ws.state_dir):
        worker = threading.Thread(target=write, daemon=True)
        worker.start()
        assert not done.wait(0.5)  # a curation operation holds the lock: the agent waits
        assert not (ws.root / "memory" / "locked.md").exists()
    worker.join(60)
    assert done.is_set() and (ws.root / "memory" / "locked.md").read_text() == "x\n"


def test_edit_refuses_a_file_changed_underneath(ws: Workspace,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """An outside edit between the tool's read and its write is never overwritten."""
    import memtui.agent.tools as tools

    real_apply = tools.apply_locked

    def outside_edit_first(w: Workspace, cs: Changeset) -> dict[str, object]:
        (w.root / cs.paths[0]).write_text("outside edit\n")
        return real_apply(w, cs)

    monkeypatch.setattr(tools, "apply_locked", outside_edit_first)
    out = ToolBox(ws).call("edit_file", {"path": "memory/notes.md", "old_string": "Tracking",
                                         "new_string": "Watching"})
    assert out.ok is False
    assert out.result == ("error: memory/notes.md changed on disk since memtui read it; "
                          "nothing was written (reload and try again)")
    assert (ws.root / "memory" / "notes.md").read_text() == "outside edit\n"
    assert Journal(ws).records() == []  # nothing written, nothing journaled
