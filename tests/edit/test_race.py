"""Lost updates: an outside edit racing a memtui write is refused or recoverable, never lost.

The race loop runs memtui's real write path against a second process that keeps appending
lines to the same file, and counts the outcomes; every line the other process wrote must
end up in the file or in ``.memtui/displaced/``.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from memtui.core.workspace import open_workspace
from memtui.edit import safe_write
from memtui.edit.apply import apply
from memtui.edit.changeset import Changeset, FileChange
from memtui.edit.safe_write import Conflict, Recovered, digest, read_bytes, write_file
from tests.edit.conftest import BASE, write_tree

WRITER = """
import os, random, sys, time
path, stop = sys.argv[1], sys.argv[2]
i = 0
while not os.path.exists(stop):
    for _ in range(random.randint(1, 4)):  # a burst of appends, then a pause of 0-20 ms
        with open(path, "a") as fh:
            fh.write(f"outside {i}\\n")
        i += 1
    time.sleep(random.random() * 0.02)
print(i)
"""


def outside_lines(ws: Path) -> str:
    """The file and every displaced version kept, as one text."""
    kept = ws / ".memtui" / "displaced"
    texts = [(ws / "memory/a.md").read_text()]
    if kept.is_dir():
        texts += [p.read_text() for p in kept.iterdir()]
    return "".join(texts)


def test_an_appending_writer_never_loses_a_line(tmp_path: Path) -> None:
    ws = write_tree(tmp_path / "ws", {**BASE, "memory/a.md": "---\nname: a\n---\n"})
    w = open_workspace(ws)
    stop = tmp_path / "stop"
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(ws / "memory/a.md"),
                               str(stop)], stdout=subprocess.PIPE, text=True)
    counts = {"clean": 0, "refused": 0, "refused after the swap": 0, "recovered": 0}
    runs = 0
    deadline = time.monotonic() + 240  # bounded: 200 runs take a few seconds when idle
    try:
        # on a loaded machine the writer's interpreter can take longer to start than 200
        # runs take: race only once it appends, and go on past 200 runs until the race has
        # met an outside edit at least once (bounded by the deadline)
        while b"outside 0" not in (read_bytes(ws, "memory/a.md") or b""):
            assert time.monotonic() < deadline and writer.poll() is None
            time.sleep(0.01)
        while (runs < 200 or counts["clean"] == runs) and time.monotonic() < deadline:
            before = read_bytes(ws, "memory/a.md")
            assert before is not None
            after = before + f"memtui {runs}\n".encode()
            cs = Changeset("test", {}, f"run {runs}", [FileChange("memory/a.md", before, after)])
            try:
                apply(w, cs)
                counts["clean"] += 1
            except Recovered:
                counts["recovered"] += 1
            except Conflict as exc:
                late = "while memtui was writing" in str(exc)  # caught after the rename
                counts["refused after the swap" if late else "refused"] += 1
            runs += 1
    finally:
        stop.touch()
        out, _ = writer.communicate(timeout=60)
    written = int(out)
    text = outside_lines(ws)
    lost = [i for i in range(written) if f"outside {i}\n" not in text]
    print(f"\n{runs} runs against {written} outside appends: "
          + ", ".join(f"{n} {k}" for k, n in counts.items()) + f", {len(lost)} lost silently")
    assert runs >= 200
    assert lost == []
    final = (ws / "memory/a.md").read_text()
    assert final.count("memtui ") == counts["clean"]  # every accepted write is there too
    # the writer really raced the loop: some of memtui's writes met an outside edit (how many
    # depends on how the scheduler shares a busy machine, so not a ratio)
    assert written > 0 and runs - counts["clean"] > 0


def test_an_edit_landing_between_the_check_and_the_rename_is_put_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Deterministic: the outside edit lands exactly inside the window."""
    (tmp_path / "a.md").write_bytes(b"read\n")
    real = safe_write.exchange

    def late_edit(fd: int, a: str, b: str) -> bool:
        if b == "a.md" and not calls:
            with open(tmp_path / "a.md", "ab") as fh:
                fh.write(b"outside\n")
        calls.append(b)
        return real(fd, a, b)

    calls: list[str] = []
    monkeypatch.setattr(safe_write, "exchange", late_edit)
    with pytest.raises(Conflict) as exc:
        write_file(tmp_path, "a.md", b"mine\n", digest(b"read\n"))
    assert not isinstance(exc.value, Recovered)
    assert str(exc.value) == ("a.md changed on disk while memtui was writing it; the outside "
                              "edit was kept and nothing was written (reload and try again)")
    assert (tmp_path / "a.md").read_bytes() == b"read\noutside\n"
    assert sorted(os.listdir(tmp_path)) == ["a.md"]


def test_without_an_atomic_exchange_the_displaced_version_is_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the system cannot exchange two names, the old file is linked aside first."""
    (tmp_path / "a.md").write_bytes(b"read\n")
    real_replace = os.replace

    def late_edit(src: str, dst: str, **kw: int) -> None:
        if dst == "a.md":
            with open(tmp_path / "a.md", "ab") as fh:
                fh.write(b"outside\n")
        real_replace(src, dst, **kw)

    monkeypatch.setattr(safe_write, "exchange", lambda fd, a, b: False)
    write_file(tmp_path, "a.md", b"one\n", digest(b"read\n"))
    assert (tmp_path / "a.md").read_bytes() == b"one\n"
    monkeypatch.setattr(safe_write.os, "replace", late_edit)
    with pytest.raises(Recovered) as exc:
        write_file(tmp_path, "a.md", b"two\n", digest(b"one\n"))
    kept = next((tmp_path / ".memtui" / "displaced").iterdir())
    assert kept.read_bytes() == b"one\noutside\n"
    assert f".memtui/displaced/{kept.name}" in str(exc.value)


HOLDER = """
import sys, time
fh = open(sys.argv[1], "a")
print("open", flush=True)
time.sleep(60)
"""


def test_a_file_held_open_for_writing_elsewhere_is_not_replaced(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A writer that opened the file before the swap could write into the displaced copy
    afterwards: memtui waits for it to close the file, then refuses."""
    (tmp_path / "a.md").write_bytes(b"read\n")
    monkeypatch.setattr(safe_write, "WRITER_WAIT_SECONDS", 0.3)
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path / "a.md")],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "open\n"
        probe = os.open(tmp_path / "a.md", os.O_RDONLY)
        try:
            if safe_write._no_writer(probe) is None:
                pytest.skip("no file leases here (not Linux, or not the file's owner)")
        finally:
            os.close(probe)
        with pytest.raises(Conflict, match=re.escape(
                "a.md is open for writing in another process; the outside edit was kept")):
            write_file(tmp_path, "a.md", b"mine\n", digest(b"read\n"))
        assert (tmp_path / "a.md").read_bytes() == b"read\n"
    finally:
        holder.kill()
        holder.wait()
    write_file(tmp_path, "a.md", b"mine\n", digest(b"read\n"))
    assert (tmp_path / "a.md").read_bytes() == b"mine\n"
