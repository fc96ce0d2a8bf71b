"""A budget for git history (issue 31 §5): crafted repositories, written byte by byte, read
by ``memtui audit`` and ``memtui trend`` in a process with a memory and a CPU limit.

- a 1 MiB pack holding a commit or a tree whose header says 1 GiB, a delta whose result is
  1 GiB, a loose tree whose header says 1 GiB: refused from the header, before inflating;
- 20,000 commits each changing one of 1,000 memories: the walk stops at its budget, the
  ages it could not read fall back to mtime with a note, the trend says where it stopped;
- a 1,000,000-entry tree (one tree object, or 1,000 folders of 1,000): refused or cut.

Each failed on the code before (2 GB of memory, or over a minute of CPU).
"""

from __future__ import annotations

import json
import os
import tempfile
from functools import cache
from pathlib import Path

import pytest

from tests.core.git_craft import (
    GIB,
    Pack,
    commit,
    copy_op,
    delta,
    insert_op,
    new_repo,
    object_id,
    tree,
    write_loose,
    zeros_deflated,
)
from tests.core.helpers import memory
from tests.peak_memory import run_measured

ROOT = Path(__file__).resolve().parents[2]
#: The limits each command runs under: the old code needed 2 GB or a minute of CPU.
MEMORY_LIMIT = GIB
CPU_LIMIT = 60
#: What a command may use, well within the limits.
PEAK_MIB, CPU_SECONDS = 400, 30


def limited(*args: str) -> tuple[int, str, str, float, float]:
    """``memtui ARGS`` under the limits: exit code, stdout, stderr, peak RSS (MiB), CPU (s)."""
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    run = run_measured(list(args), env, MEMORY_LIMIT, CPU_LIMIT)
    return run.code, run.out, run.err, run.peak_mib or float("inf"), run.cpu_seconds


def workspace_files(top: Path, names: list[str]) -> dict[str, bytes]:
    """MEMORY.md linking each memory, and the memories, on disk and as blobs."""
    files = {"MEMORY.md": "".join(f"- [{n}](memory/{n}.md) — {n}\n" for n in names).encode()}
    files.update({f"memory/{n}.md": memory(n, f"{n}.\n").encode() for n in names})
    for rel, data in files.items():
        (top / rel).parent.mkdir(parents=True, exist_ok=True)
        (top / rel).write_bytes(data)
    return files


def good_trees(pack: Pack, files: dict[str, bytes]) -> str:
    """The blobs and trees of ``files`` in ``pack``; the root tree's id."""
    ids = {rel: pack.add("blob", data)[0] for rel, data in files.items()}
    mem = tree([("100644", rel.split("/", 1)[1], sha) for rel, sha in ids.items()
                if rel.startswith("memory/")])
    mem_id = pack.add("tree", mem)[0]
    return pack.add("tree", tree([("100644", "MEMORY.md", ids["MEMORY.md"]),
                                  ("40000", "memory", mem_id)]))[0]


@cache
def gib_of_zeros(prefix: bytes = b"") -> bytes:
    import zlib

    z = zlib.compressobj(9)
    chunk = bytes(1 << 20)
    return z.compress(prefix) + b"".join(z.compress(chunk) for _ in range(1024)) + z.flush()


def huge_object_repo(top: Path, case: str) -> None:
    """A good first commit, then HEAD whose commit or tree is a gigabyte (said or made)."""
    files = workspace_files(top, ["a"])
    pack = Pack()
    root = good_trees(pack, files)
    first = pack.add("commit", commit(root, None, 1_600_000_000, "first"))[0]
    fake = object_id("blob", case.encode())  # any id: memtui never hashes what it reads
    gitdir = top / ".git"
    if case == "packed-commit":
        pack.add_raw("commit", GIB, zeros_deflated(GIB), fake)
        head = fake
    else:
        if case == "packed-tree":
            pack.add_raw("tree", GIB, zeros_deflated(GIB), fake)
        elif case == "delta-tree":  # a 16 KiB delta that copies a 64 KiB tree 16,384 times
            base = tree([("100644", f"f{i:05d}.md", object_id("blob", b"")) for i in range(2400)])
            _, at = pack.add("tree", base)
            pack.add_delta(fake, at, delta(len(base), GIB, copy_op(0, 0x10000) * (GIB >> 16)))
        else:  # a loose tree: its file is 1 MiB, its header says 1 GiB
            write_loose_later = gib_of_zeros(f"tree {GIB}\0".encode())
        head = pack.add("commit", commit(fake, first, 1_600_000_100, "huge"))[0]
    new_repo(top, head)
    pack.write(gitdir)
    if case == "loose-tree":
        write_loose(gitdir, fake, write_loose_later)
    assert sum(f.stat().st_size for f in gitdir.rglob("*") if f.is_file()) < 4 << 20


HUGE = ["packed-commit", "packed-tree", "delta-tree", "loose-tree"]


@pytest.mark.parametrize("case", HUGE)
def test_a_gigabyte_object_is_refused_from_its_header(tmp_path: Path, case: str) -> None:
    huge_object_repo(tmp_path, case)
    code, out, err, peak, cpu = limited("audit", str(tmp_path), "--json")
    print(f"\naudit {case}: exit {code}, peak {peak:.0f} MiB, {cpu:.1f} s CPU")
    assert code in (0, 1) and "Traceback" not in err, err
    report = json.loads(out)
    notes = [f["message"] for f in report["findings"] if f["kind"] == "read_problem"
             and f["path"] == "."]
    assert len(notes) == 1 and "git history read only in part" in notes[0], report["findings"]
    assert "too large" in notes[0] and "1,073,741,824 bytes" in notes[0], notes
    ages = {f["path"]: f["age_source"] for f in report["files"]}
    # the first commit lies past the cut: every age falls back to the file's mtime
    assert ages == {"memory/a.md": "mtime"}
    assert peak < PEAK_MIB and cpu < CPU_SECONDS

    code, out, err, peak, cpu = limited("trend", str(tmp_path), "--json")
    print(f"trend {case}: exit {code}, peak {peak:.0f} MiB, {cpu:.1f} s CPU")
    assert code == 0 and "Traceback" not in err, err
    data = json.loads(out)
    # the first commit is a point; HEAD is where the trend stopped
    assert len(data["points"]) == (0 if case == "packed-commit" else 1), data
    assert "too large" in data["stopped"]["reason"], data
    assert data["stopped"]["commit"] == (tmp_path / ".git/refs/heads/main").read_text().strip()
    assert peak < PEAK_MIB and cpu < CPU_SECONDS
    code, out, err, _, _ = limited("trend", str(tmp_path))
    assert code == 0 and "History cut at commit" in out and "too large" in out, out + err


def test_sizes_are_told_from_headers(tmp_path: Path) -> None:
    """The reader itself: type and size of each crafted object without inflating it."""
    from memtui.core.git.repo import MAX_TREE, Repo

    huge_object_repo(tmp_path, "delta-tree")
    with Repo(tmp_path / ".git") as repo:
        head = repo.head()
        assert head is not None
        info = repo.commit(head)
        assert repo.header(info.tree) == (b"tree", GIB)
        assert repo.blob(info.tree, 1 << 20) is None  # not a blob, never inflated
        assert repo.size(info.tree) == GIB > MAX_TREE


@cache
def long_history_pack(commits: int = 20_000, memories: int = 1_000) -> tuple[bytes, bytes, str]:
    """20,000 commits each changing one of 1,000 memories (memory m0 only in the first):
    (pack, index, HEAD), made once. Each memory tree is a delta of the one before (a full one
    every 50), as git packs them."""
    names = [f"m{j}" for j in range(memories)]
    index = "".join(f"- [{n}](memory/{n}.md) — {n}\n" for n in names).encode()
    pack = Pack()
    index_id = pack.add("blob", index)[0]
    blobs = {n: pack.add("blob", memory(n, "v0\n").encode())[0] for n in names}
    order = sorted(names, key=lambda n: f"{n}.md".encode())
    body = bytearray(tree([("100644", f"{n}.md", blobs[n]) for n in names]))
    where, at = {}, 0
    for n in order:  # where each memory's blob id sits in the tree's bytes
        at += len(f"100644 {n}.md\0")
        where[n] = at
        at += 20
    parent, base_at = None, 0
    for i in range(commits):
        if i:
            n = names[i % (memories - 1) + 1]
            sha = pack.add("blob", memory(n, f"v{i}\n").encode())[0]
            body[where[n]:where[n] + 20] = bytes.fromhex(sha)
        mem_id = object_id("tree", bytes(body))
        if i % 50 == 0:
            base_at = pack.add("tree", bytes(body))[1]
        else:
            pos = where[n]
            ops = (copy_op(0, pos) + insert_op(bytes(body[pos:pos + 20])) +
                   copy_op(pos + 20, len(body) - pos - 20))
            base_at = pack.add_delta(mem_id, base_at, delta(len(body), len(body), ops))
        root = pack.add("tree", tree([("100644", "MEMORY.md", index_id),
                                      ("40000", "memory", mem_id)]))[0]
        parent = pack.add("commit", commit(root, parent, 1_600_000_000 + 60 * i, f"c{i}"))[0]
    with tempfile.TemporaryDirectory() as tmp:
        pack.write(Path(tmp))
        made = sorted((Path(tmp) / "objects" / "pack").iterdir())
        return made[1].read_bytes(), made[0].read_bytes(), str(parent)


def test_a_long_history_is_read_within_its_budget(tmp_path: Path) -> None:
    data, idx, head = long_history_pack()
    gitdir = new_repo(tmp_path, head)
    (gitdir / "objects" / "pack" / "pack-x.pack").write_bytes(data)
    (gitdir / "objects" / "pack" / "pack-x.idx").write_bytes(idx)
    workspace_files(tmp_path, [f"m{j}" for j in range(1000)])
    for i in range(20_000):  # each memory as HEAD holds it: none edited since (newuser26 #13)
        n = f"m{i % 999 + 1 if i else 0}"
        (tmp_path / "memory" / f"{n}.md").write_text(memory(n, f"v{i}\n"))

    code, out, err, peak, cpu = limited("audit", str(tmp_path), "--json")
    print(f"\naudit: exit {code}, peak {peak:.0f} MiB, {cpu:.1f} s CPU")
    assert code in (0, 1) and "Traceback" not in err, err
    report = json.loads(out)
    notes = [f["message"] for f in report["findings"] if f["kind"] == "read_problem"]
    assert len(notes) == 1 and "git history read only in part" in notes[0], notes
    assert "dated by their mtime" in notes[0]
    ages = {f["path"]: f["age_source"] for f in report["files"]}
    assert ages["memory/m0.md"] == "mtime"  # changed only in the first commit: past the cut
    assert ages["memory/m999.md"] == ages["memory/m1.md"] == "git"
    assert cpu < CPU_SECONDS and peak < PEAK_MIB

    code, out, err, peak, cpu = limited("trend", str(tmp_path), "--json")
    print(f"trend: exit {code}, peak {peak:.0f} MiB, {cpu:.1f} s CPU")
    assert code == 0 and "Traceback" not in err, err
    trend = json.loads(out)
    assert 10 <= len(trend["points"]) <= 1000
    assert trend["points"][-1]["commit"] == head  # the newest points are kept
    stop = trend["stopped"]
    assert stop["commit"] and stop["date"] and "not shown" in stop["reason"], stop
    assert cpu < CPU_SECONDS and peak < PEAK_MIB


def million_entry_repo(top: Path, nested: bool) -> None:
    """The workspace's ``memory`` folder holds 1,000,000 files: in one tree object (39 MB,
    a few hundred KiB packed), or in 1,000 folders of the same 1,000-entry tree."""
    files = workspace_files(top, ["a"])
    pack = Pack()
    blob = pack.add("blob", files["memory/a.md"])[0]
    index = pack.add("blob", files["MEMORY.md"])[0]
    if nested:
        leaf = pack.add("tree", tree([("100644", f"f{i:03d}.md", blob)
                                      for i in range(1000)]))[0]
        mem = pack.add("tree", tree([("40000", f"d{i:03d}", leaf) for i in range(1000)]))[0]
    else:
        mem = pack.add("tree", tree([("100644", f"f{i:07d}.md", blob)
                                     for i in range(1_000_000)]))[0]
    root = pack.add("tree", tree([("100644", "MEMORY.md", index), ("40000", "memory", mem)]))[0]
    head = pack.add("commit", commit(root, None, 1_600_000_000, "a million"))[0]
    new_repo(top, head)
    pack.write(top / ".git")


@pytest.mark.parametrize("nested", [False, True], ids=["one-tree", "nested"])
def test_a_million_entry_tree_is_bounded(tmp_path: Path, nested: bool) -> None:
    million_entry_repo(tmp_path, nested)
    for command in ("audit", "trend"):
        code, out, err, peak, cpu = limited(command, str(tmp_path), "--json")
        print(f"\n{command} nested={nested}: exit {code}, peak {peak:.0f} MiB, {cpu:.1f} s CPU")
        assert code in (0, 1) and "Traceback" not in err, err
        assert cpu < CPU_SECONDS and peak < PEAK_MIB
        data = json.loads(out)
        if command == "trend":
            assert data["points"] == [] and data["stopped"] is not None, data
            assert ("too large" if not nested else "files") in data["stopped"]["reason"]
        elif not nested:
            notes = [f["message"] for f in data["findings"] if f["kind"] == "read_problem"]
            assert notes and "too large" in notes[0], notes


def test_the_trend_view_says_where_the_history_was_cut(tmp_path: Path) -> None:
    """The app's Trend view (key 8) shows the points it could make, and the cut."""
    import asyncio

    from memtui.core.audit import AuditOptions
    from memtui.core.workspace import open_workspace
    from memtui.tui.app import MemtuiApp
    from tests.tui.conftest import wait_for

    huge_object_repo(tmp_path, "delta-tree")

    async def run() -> str:
        app = MemtuiApp(open_workspace(tmp_path), AuditOptions(), watch=False)
        async with app.run_test(size=(200, 40)) as pilot:
            await wait_for(pilot, lambda: app.audits >= 1, timeout=60)
            await pilot.press("8")
            view = app.query_one("#trend-view")
            await wait_for(pilot, lambda: len(view.points) == 1, timeout=60)
            await pilot.pause(0.2)
            return str(view.query_one(".summary").render())

    summary = asyncio.run(run())
    assert "1 commit" in summary and "history cut" in summary and "too large" in summary
    # the cut first, where any width shows it (newuser27 #9: it was past the line's end)
    assert summary.startswith("history cut at "), summary
    assert "older commits not shown · 1 commit · " in summary and "first shown:" in summary
