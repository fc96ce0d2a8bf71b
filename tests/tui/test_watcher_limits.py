"""The watcher watches only the folders the audit reads: no link is followed out (counted in
this process's own inotify watches), and a folder it cannot read or watches running out are
said in one line, with polling taking over."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import memtui.tui.watcher as watcher
from memtui.tui.watcher import watch_workspace

MEMORY = "---\nname: {0}\ndescription: d\nmetadata:\n  type: project\n---\nbody {1}\n"


def inotify_watches() -> int:
    """How many inotify watches this process holds now (from /proc)."""
    n = 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            if "inotify" not in os.readlink(f"/proc/self/fd/{fd}"):
                continue
            with open(f"/proc/self/fdinfo/{fd}") as fh:
                n += sum(1 for line in fh if line.startswith("inotify wd:"))
        except OSError:
            continue
    return n


class Watching:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.seen: set[str] = set()
        self.problems: list[str] = []
        self.stop = threading.Event()
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            watch_workspace(self.root, self.seen.update, self.stop, self.problems.append)
        except BaseException as exc:
            self.error = exc

    def until_seen(self, rel: str, timeout: float = 30.0) -> None:
        """Write memory ``rel`` again and again until the watcher reports it."""
        deadline = time.monotonic() + timeout
        n = 0
        while rel not in self.seen:
            assert self.error is None, self.error
            assert time.monotonic() < deadline, f"{rel} was never seen: {self.seen}"
            n += 1
            (self.root / rel).write_text(MEMORY.format("x", n))
            time.sleep(0.3)


@pytest.fixture
def watching() -> Iterator[Callable[[Path], Watching]]:
    started: list[Watching] = []

    def start(root: Path) -> Watching:
        w = Watching(root)
        started.append(w)
        return w

    yield start
    for w in started:
        w.stop.set()
        w.thread.join(10)


def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "memory/a.md").write_text(MEMORY.format("a", 0))
    (root / "MEMORY.md").write_text("# Memory\n- [A](memory/a.md) — d\n")
    return root


def test_a_link_out_is_never_followed(tmp_path: Path,
                                      watching: Callable[[Path], Watching]) -> None:
    root = workspace(tmp_path)
    outside = tmp_path / "big"
    for i in range(300):
        (outside / f"d{i:03d}").mkdir(parents=True)
    (root / "memory/escape").symlink_to(outside, target_is_directory=True)
    base = inotify_watches()
    w = watching(root)
    w.until_seen("memory/a.md")
    assert inotify_watches() - base < 10  # root and memory/, not the 301 folders outside
    (outside / "d007/secret.md").write_text("outside")
    (outside / "new.md").write_text("outside")
    w.seen.clear()
    w.until_seen("memory/a.md")  # everything before it has been reported by now
    assert not any("escape" in rel for rel in w.seen), w.seen
    assert w.problems == []


def test_a_new_folder_is_watched_too(tmp_path: Path,
                                     watching: Callable[[Path], Watching]) -> None:
    root = workspace(tmp_path)
    w = watching(root)
    w.until_seen("memory/a.md")
    (root / "memory/sub").mkdir()
    w.until_seen("memory/sub/b.md")


def test_watches_running_out_fall_back_to_polling(tmp_path: Path,
                                                  watching: Callable[[Path], Watching],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    real = watcher.watch

    def no_watches_left(*paths: Any, **kw: Any) -> Any:
        if not kw.get("force_polling"):
            raise OSError(28, "OS file watch limit reached")
        return real(*paths, **kw)

    monkeypatch.setattr(watcher, "watch", no_watches_left)
    root = workspace(tmp_path)
    w = watching(root)
    w.until_seen("memory/a.md")
    assert len(w.problems) == 1 and "polling" in w.problems[0], w.problems
    assert "watch limit" in w.problems[0]


def test_an_unreadable_folder_is_said(tmp_path: Path, watching: Callable[[Path], Watching],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    root = workspace(tmp_path)
    (root / "memory/locked").mkdir()
    real = os.scandir

    def scandir(path: Any) -> Any:
        if Path(path).name == "locked":  # root reads everything: refuse as the system would
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(watcher.os, "scandir", scandir)
    w = watching(root)
    w.until_seen("memory/a.md")
    assert w.problems == ["not watching memory/locked (cannot be read: Permission denied)"]


def test_a_file_name_not_utf8_keeps_live_watching(tmp_path: Path,
                                                  watching: Callable[[Path], Watching]) -> None:
    """newuser23 #15: a change to ``bad\\xffname.md`` ended the live watch and the watcher
    polled every second from then on; now its folder is said changed and watching goes on,
    live (no problem said, inotify watches held)."""
    root = workspace(tmp_path)
    base = inotify_watches()
    w = watching(root)
    w.until_seen("memory/a.md")
    w.seen.clear()
    with open(os.fsencode(root / "memory") + b"/bad\xffname.md", "w") as fh:
        fh.write("x\n")
    deadline = time.monotonic() + 30
    while "memory" not in w.seen:
        assert w.error is None, w.error
        assert time.monotonic() < deadline, w.seen
        time.sleep(0.1)
    w.seen.clear()
    w.until_seen("memory/a.md")
    assert w.problems == []  # no "live updates stopped …; polling"
    assert inotify_watches() - base >= 2  # root and memory/ watched, live


def test_the_folder_removed_and_back_is_watched_again(tmp_path: Path,
                                                      watching: Callable[[Path], Watching]
                                                      ) -> None:
    """newuser24 #47: removed (a git checkout of a branch without it) and back, the folder
    went unwatched for good and nothing said so. Now the watcher says it is gone, waits for
    it, says it is back, reports the whole folder changed, and watches its new folders."""
    import shutil

    root = workspace(tmp_path)
    copy = tmp_path / "copy"
    shutil.copytree(root, copy)
    w = watching(root)
    w.until_seen("memory/a.md")
    shutil.rmtree(root)
    deadline = time.monotonic() + 30
    while not any("gone" in p for p in w.problems):
        assert w.error is None, w.error
        assert time.monotonic() < deadline, w.problems
        time.sleep(0.1)
    assert w.problems[-1] == ("not watching: the folder is gone; watching again once it is "
                              "back")
    w.seen.clear()
    shutil.copytree(copy, root)
    deadline = time.monotonic() + 30
    while "." not in w.seen:  # the whole folder: audited again
        assert w.error is None, w.error
        assert time.monotonic() < deadline, w.seen
        time.sleep(0.1)
    assert w.problems[-1] == "watching for changes again (the folder is back)"
    w.until_seen("memory/a.md")  # its new folders are watched: edits are seen, live
    w.seen.clear()
    w.until_seen("MEMORY.md")
