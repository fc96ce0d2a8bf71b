"""Git history bounded by the workspace, not the repository (issue 35): a workspace inside a
repository reads only the commits its own files need, with memtui's own object reader.

- a workspace git does not track reads HEAD's commit and the trees down to its prefix,
  however long the history;
- a tracked one stops at the oldest last change of HEAD's files there: the unrelated
  commits before it are never read, and those after it cost their commit and root tree;
- the times are git's own (``git log -1 --format=%ct -- FILE``), file by file;
- every object of a packed repository (deltas included) reads as ``git cat-file`` gives it;
- a delta that copies outside its base, or makes more than it says, is refused.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from memtui.core.git import age
from memtui.core.git.pack import PackError, apply_delta
from memtui.core.git.repo import Repo, find_repo
from tests.core.git_craft import copy_op, delta, insert_op

pytestmark = pytest.mark.skipif(subprocess.run(["git", "--version"], capture_output=True,
                                               check=False).returncode != 0,
                                reason="git is not installed")

START = 1_600_000_000
PREFIX = "team/agents/memory"


def _put(path: str, data: bytes) -> bytes:
    return f"M 100644 inline {path}\ndata {len(data)}\n".encode() + data + b"\n"


def history(repo: Path, commits: list[list[tuple[str, bytes | None]]], gc: bool = False
            ) -> None:
    """A repository whose commit ``n`` (one hour apart) makes ``commits[n]``'s changes
    (None deletes), written with ``git fast-import``; checked out; packed again by
    ``git gc`` when ``gc`` (deltas)."""
    repo.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    stream: list[bytes] = []
    for n, changes in enumerate(commits):
        stream.append(b"commit refs/heads/main\n")
        stream.append(f"committer t <t@example.invalid> {START + 3600 * n} +0000\n".encode())
        stream.append(f"data <<EOM\ncommit {n}\nEOM\n".encode())
        stream.extend(_put(p, d) if d is not None else f"D {p}\n".encode() for p, d in changes)
        stream.append(b"\n")
    subprocess.run(["git", "-C", str(repo), "fast-import", "--quiet"], input=b"".join(stream),
                   check=True)
    subprocess.run(["git", "-C", str(repo), "symbolic-ref", "HEAD", "refs/heads/main"],
                   check=True)
    subprocess.run(["git", "-C", str(repo), "checkout", "-q", "-f", "main"], check=True)
    if gc:
        subprocess.run(["git", "-C", str(repo), "gc", "-q", "--aggressive"], check=True)


def unrelated(n: int) -> list[tuple[str, bytes | None]]:
    return [(f"src/pkg{n % 7}/mod{n % 31}.py", f"# revision {n}\n".encode())]


def workspace(names: list[str], version: int = 0) -> list[tuple[str, bytes | None]]:
    index = "".join(f"- [{n}](memory/{n}.md) — {n}\n" for n in names).encode()
    return [(f"{PREFIX}/MEMORY.md", index)] + [
        (f"{PREFIX}/memory/{n}.md", f"---\nname: {n}\n---\n{n} v{version}\n".encode())
        for n in names]


class Reads:
    """Counts the objects a `Repo` reads (each read of an object, cached or not: through
    `Repo._object`, or `Repo._packed_object` where a commit or a tree is read without it)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        self.inside = 0
        read, packed = Repo._object, Repo._packed_object

        def counted(repo: Repo, sha: str, kind: bytes, cap: int | None = None) -> bytes:
            self.count += 1
            self.inside += 1
            try:
                return read(repo, sha, kind, cap)
            finally:
                self.inside -= 1

        def counted_packed(repo: Repo, sha: str, kind: bytes, cap: int) -> bytes:
            if not self.inside:  # (not counted twice: `_object` calls it)
                self.count += 1
            return packed(repo, sha, kind, cap)

        monkeypatch.setattr(Repo, "_object", counted)
        monkeypatch.setattr(Repo, "_packed_object", counted_packed)
        monkeypatch.setattr(age, "_CACHE", {})


def git_times(repo: Path, ws: Path) -> dict[str, float]:
    """Each file's last commit time, as git tells it (``git log -1 -- FILE``)."""
    out = {}
    for path in sorted(p for p in ws.rglob("*") if p.is_file()):
        rel = path.relative_to(repo).as_posix()
        stamp = subprocess.run(["git", "-C", str(repo), "log", "-1", "--no-renames",
                                "--format=%ct", "--", rel], capture_output=True, text=True,
                               check=True).stdout.strip()
        if stamp:
            out[path.relative_to(ws).as_posix()] = float(stamp)
    return out


@pytest.mark.parametrize("gc", [False, True], ids=["fast-import", "gc"])
def test_unrelated_history_before_the_workspace_is_never_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, gc: bool) -> None:
    names = ["a", "b", "c"]
    commits = [unrelated(n) for n in range(1500)]
    commits.append(workspace(names))
    for n in range(20):  # after it: unrelated commits and one memory rewritten
        commits.append(workspace(["b"], n + 1) if n == 10 else unrelated(n))
    history(tmp_path / "repo", commits, gc)
    ws = tmp_path / "repo" / PREFIX
    reads = Reads(monkeypatch)
    times, note = age.git_ages(ws)
    assert note is None
    assert times == git_times(tmp_path / "repo", ws)
    assert times["memory/b.md"] == times["MEMORY.md"] > times["memory/a.md"]
    # 21 commits and their root trees, the trees down the prefix, the workspace's trees:
    # not the 1,500 commits before the workspace (3,000 objects and more before issue 35).
    assert reads.count < 80, reads.count


def test_an_untracked_workspace_reads_no_history(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = tmp_path / "repo"
    history(repo, [unrelated(n) for n in range(1500)])
    ws = repo / "scratch" / "ws"
    ws.mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- [a](memory/a.md) — a\n")
    reads = Reads(monkeypatch)
    assert age.git_ages(ws) == ({}, None)
    assert reads.count <= 2, reads.count  # HEAD's commit and its root tree


def test_times_are_gits_own_file_by_file(tmp_path: Path) -> None:
    """Files changed at different commits, one deleted and made again untracked, one
    deleted for good, a merge-free history with unrelated commits between: each time is
    ``git log -1 -- FILE``'s, and a file HEAD does not hold has none."""
    names = [f"m{i}" for i in range(12)]
    commits = [unrelated(0), workspace(names)]
    for n in range(1, 60):
        if n % 4 == 0:
            commits.append(workspace([names[n % len(names)]], n))
        elif n == 30:
            commits.append([(f"{PREFIX}/memory/m5.md", None), (f"{PREFIX}/memory/m6.md", None)])
        else:
            commits.append(unrelated(n))
    history(tmp_path / "repo", commits, gc=True)
    ws = tmp_path / "repo" / PREFIX
    (ws / "memory" / "m5.md").write_text("made again, not committed\n")
    age._CACHE.clear()
    times = age.git_times(ws)
    told = git_times(tmp_path / "repo", ws)
    del told["memory/m5.md"]  # git tells its deletion; memtui: not in HEAD, no git time
    assert times == told
    assert "memory/m5.md" not in times and "memory/m6.md" not in times


def test_every_object_reads_as_git_gives_it(tmp_path: Path) -> None:
    names = [f"m{i}" for i in range(30)]
    commits = [unrelated(0), workspace(names)]
    commits += [workspace([names[n % 30]], n) if n % 2 else unrelated(n) for n in range(1, 80)]
    history(tmp_path / "repo", commits, gc=True)
    listed = subprocess.run(["git", "-C", str(tmp_path / "repo"), "cat-file",
                             "--batch-all-objects", "--batch-check"], capture_output=True,
                            text=True, check=True).stdout.split("\n")
    objects = [line.split() for line in listed if line]
    deltas = subprocess.run(["git", "-C", str(tmp_path / "repo"), "verify-pack", "-v",
                             *map(str, (tmp_path / "repo/.git/objects/pack").glob("*.idx"))],
                            capture_output=True, text=True, check=True).stdout
    assert " 1 " in deltas or "chain length = 1" in deltas  # the pack holds deltas
    top = find_repo(tmp_path / "repo")
    assert top is not None
    with Repo(top[1]) as repo:
        for sha, kind, size in objects:
            body = subprocess.run(["git", "-C", str(tmp_path / "repo"), "cat-file", kind, sha],
                                  capture_output=True, check=True).stdout
            got = repo._object(sha, kind.encode(), 1 << 20)
            assert got == body and len(got) == int(size), (sha, kind)


def test_a_delta_that_does_not_fit_is_refused() -> None:
    base = b"0123456789"
    assert apply_delta(base, delta(10, 7, copy_op(2, 4) + insert_op(b"abc"))) == b"2345abc"
    # git's patch_delta takes a last copy past the base once the result is whole
    assert apply_delta(base, delta(10, 4, copy_op(0, 4) + copy_op(8, 0))) == b"0123"
    for bad in (delta(10, 7, copy_op(8, 4) + insert_op(b"abc")),  # copies past the base
                delta(10, 3, copy_op(0, 4)),  # makes more than it says
                delta(10, 9, copy_op(0, 4)),  # makes less than it says
                delta(11, 4, copy_op(0, 4)),  # another base
                delta(10, 4, b"\x00"),  # a reserved instruction
                delta(10, 4, insert_op(b"abcd")[:3])):  # ends inside an insertion
        with pytest.raises(PackError):
            apply_delta(base, bad)


def test_times_are_the_same_whatever_packs_them(tmp_path: Path) -> None:
    """The same history loose (fast-import's pack unpacked) and packed by ``git gc``."""
    names = ["x", "y"]
    commits = [unrelated(0), workspace(names), unrelated(2), workspace(["y"], 3), unrelated(4)]
    history(tmp_path / "packed", commits, gc=True)
    history(tmp_path / "loose", commits)
    loose = tmp_path / "loose" / ".git"
    for pack in (loose / "objects" / "pack").glob("*.pack"):
        data = pack.read_bytes()
        for f in (pack, pack.with_suffix(".idx")):
            f.unlink()
        subprocess.run(["git", "-C", str(tmp_path / "loose"), "unpack-objects", "-q"],
                       input=data, check=True)
    assert not list((loose / "objects" / "pack").glob("*.pack"))
    age._CACHE.clear()
    packed = age.git_times(tmp_path / "packed" / PREFIX)
    assert packed == age.git_times(tmp_path / "loose" / PREFIX)
    assert packed["memory/y.md"] == START + 3 * 3600 and packed["memory/x.md"] == START + 3600
    assert os.path.isdir(loose)


def fast_import(repo: Path, commits: list[list[tuple[str, bytes | None]]], first: int,
                parent: str | None = None) -> None:
    """More commits on ``main`` (numbered from ``first``), on top of ``parent`` (default:
    where ``main`` is)."""
    stream: list[bytes] = []
    for n, changes in enumerate(commits, first):
        stream.append(b"commit refs/heads/main\n")
        stream.append(f"committer t <t@example.invalid> {START + 3600 * n} +0000\n".encode())
        stream.append(f"data <<EOM\ncommit {n}\nEOM\n".encode())
        if n == first:
            stream.append(f"from {parent or 'refs/heads/main^0'}\n".encode())
        stream.extend(_put(p, d) if d is not None else f"D {p}\n".encode() for p, d in changes)
        stream.append(b"\n")
    subprocess.run(["git", "-C", str(repo), "fast-import", "--quiet", "--force"],
                   input=b"".join(stream), check=True)
    subprocess.run(["git", "-C", str(repo), "checkout", "-q", "-f", "main"], check=True)


def test_the_user_cache_reads_only_the_commits_since(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Kept per (repository, prefix): at the same HEAD no history is read; five commits on,
    those five (and the trees down the prefix); the times are always a fresh walk's."""
    monkeypatch.setenv("MEMTUI_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("MEMTUI_NO_CACHE", raising=False)
    repo = tmp_path / "repo"
    names = ["a", "b", "c", "d"]
    history(repo, [unrelated(0), workspace(names)] + [unrelated(n) for n in range(2, 400)])
    ws = repo / PREFIX
    reads = Reads(monkeypatch)
    first = age.git_ages(ws, keep=True)
    walked = reads.count
    assert first[1] is None and first[0] == git_times(repo, ws)
    assert list((tmp_path / "cache").glob("git-ages-*.marshal"))
    age._CACHE.clear()
    reads.count = 0
    assert age.git_ages(ws, keep=True) == first
    assert reads.count == 1 + PREFIX.count("/") + 1  # HEAD's commit, the trees to the prefix
    fast_import(repo, [unrelated(400), workspace(["b"], 401), [(f"{PREFIX}/memory/c.md", None)],
                       unrelated(403), unrelated(404)], 400)
    (ws / "memory" / "c.md").unlink(missing_ok=True)
    age._CACHE.clear()
    reads.count = 0
    times, note = age.git_ages(ws, keep=True)
    assert note is None and reads.count < 40 < walked, (reads.count, walked)
    age._CACHE.clear()
    assert (times, note) == age.git_ages(ws)  # a fresh walk, no cache
    assert times == git_times(repo, ws) and "memory/c.md" not in times


@pytest.mark.parametrize("case", ["another-version", "bad-head", "bad-time", "rewritten"])
def test_a_record_that_does_not_fit_changes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str) -> None:
    """A record of another version, with a HEAD that is no id or a time that is no number,
    or whose HEAD today's history does not descend from (history rewritten, same folder):
    the times are a fresh walk's."""
    import marshal

    from memtui.core.git import cache as git_cache

    monkeypatch.setenv("MEMTUI_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("MEMTUI_NO_CACHE", raising=False)
    repo = tmp_path / "repo"
    history(repo, [unrelated(0), workspace(["a", "b"]), unrelated(2), workspace(["a"], 3)])
    ws = repo / PREFIX
    age._CACHE.clear()
    age.git_ages(ws, keep=True)
    [path] = (tmp_path / "cache").glob("git-ages-*.marshal")
    record = list(marshal.loads(path.read_bytes()))
    forged = {p: 1.0 for p in record[5]}
    if case == "another-version":
        record[1], record[5] = "0" * 32, forged
    elif case == "bad-head":
        record[4], record[5] = "../../HEAD", forged
    elif case == "bad-time":
        record[5] = {**forged, "MEMORY.md": "yesterday"}
    else:  # main rewritten from its first commit on: the record's HEAD is no ancestor
        root = subprocess.run(["git", "-C", str(repo), "rev-list", "--max-parents=0", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
        fast_import(repo, [workspace(["a", "b"], 7), unrelated(8)], 10, parent=root)
        record[5] = forged
    path.write_bytes(marshal.dumps(tuple(record)))
    assert git_cache.load(str(repo / ".git"), PREFIX) is None or case == "rewritten"
    age._CACHE.clear()
    got = age.git_ages(ws, keep=True)
    age._CACHE.clear()
    assert got == age.git_ages(ws) and got[0] == git_times(repo, ws)
