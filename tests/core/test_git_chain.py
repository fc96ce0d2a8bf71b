"""The git reader's line of commits read ahead (memtui/core/git/chain.py, native/git_chain.c):
the compiled reader reads what its Python twin reads, byte for byte, on real and crafted
packs and on packs with bytes broken at random; and a walk that reads ahead dates the same
files, says the same notes and spends the same budget, to the unit, as one that does not,
with budgets cut at many points."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import zlib
from pathlib import Path

import pytest

from bench import git_history
from memtui.core.git import age
from memtui.core.git.chain import chain, chain_py
from memtui.core.git.repo import Budget, Repo
from tests.core.git_craft import Pack, commit, new_repo, tree, zeros_deflated

NATIVE = chain()
needs_native = pytest.mark.skipif(NATIVE is None, reason="memtui_native built without zlib")


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """bench/git_history's repository, small: a workspace at team/agents/memory among
    source files, each commit changing one file, in one pack."""
    return git_history.make_repo(tmp_path_factory.mktemp("chain") / "repo", 180, 30)


def pack_of(gitdir: Path) -> tuple[bytes, bytes]:
    folder = gitdir / "objects" / "pack"
    name = next(p for p in sorted(folder.iterdir()) if p.suffix == ".pack")
    return name.read_bytes(), name.with_suffix(".idx").read_bytes()


def both(pack: bytes, idx: bytes, start: str, commits: int = 10_000,
         size: int = 1 << 30) -> tuple[int, dict]:
    """What both readers give; they must agree."""
    got_py: dict = {}
    n_py = chain_py(pack, idx, start, commits, size, got_py)
    if NATIVE is not None:
        got_c: dict = {}
        n_c = NATIVE(pack, idx, start, commits, size, got_c)
        assert (n_c, got_c) == (n_py, got_py)
    return n_py, got_py


def crafted() -> tuple[Pack, str, dict[str, str]]:
    """A line of commits with what the reader must leave out: a merge, a commit over its
    cap, a root tree stored as a delta, a commit whose header runs past 16 bytes, a commit
    whose data inflate to more than its header says, a blob where a tree is named."""
    pack = Pack()
    blob = pack.add("blob", b"hello\n")[0]
    root, root_at = pack.add("tree", tree([("100644", "a.md", blob)]))
    names: dict[str, str] = {}
    parent = None
    for i in range(6):
        parent = pack.add("commit", commit(root, parent, 1_600_000_000 + i, f"c{i}"))[0]
    names["line"] = parent
    side = pack.add("commit", commit(root, None, 1_600_000_100, "side"))[0]
    merge = (f"tree {root}\nparent {parent}\nparent {side}\n"
             "author t <t@x> 1600000200 +0000\ncommitter t <t@x> 1600000200 +0000\n\nm\n")
    names["merge"] = pack.add("commit", merge.encode())[0]
    big = commit(root, parent, 1_600_000_300, "x" * (1 << 20))
    names["big"] = pack.add("commit", big)[0]
    delta_root = tree([("100644", "a.md", blob), ("100644", "b.md", blob)])
    from tests.core.git_craft import copy_op, delta, insert_op, object_id
    body = tree([("100644", "a.md", blob)])
    extra = delta_root[len(body):]
    delta_id = object_id("tree", delta_root)
    pack.add_delta(delta_id, root_at, delta(len(body), len(delta_root),
                                            copy_op(0, len(body)) + insert_op(extra)))
    names["delta_root"] = pack.add("commit", commit(delta_id, parent, 1_600_000_400, "d"))[0]
    names["delta_tree"] = delta_id
    names["blob_root"] = pack.add("commit", commit(blob, parent, 1_600_000_500, "b"))[0]
    lying = commit(root, parent, 1_600_000_600, "lie")
    names["lying"] = object_id("commit", lying)
    pack.add_raw("commit", len(lying) - 5, zlib.compress(lying), names["lying"])
    bomb = object_id("commit", b"bomb")
    pack.add_raw("commit", 512 * 1024, zeros_deflated(1 << 30), bomb)
    names["bomb"] = bomb
    return pack, parent, names


def written(pack: Pack, top: Path) -> tuple[bytes, bytes]:
    gitdir = new_repo(top, "0" * 40)
    pack.write(gitdir)
    return pack_of(gitdir)


def test_both_readers_read_the_same_line_of_a_real_repository(history: Path) -> None:
    data, idx = pack_of(history / ".git")
    head = subprocess.run(["git", "-C", str(history), "rev-parse", "HEAD"], check=True,
                          capture_output=True, text=True).stdout.strip()
    n, got = both(data, idx, head)
    assert n == 180 and len(got) >= 180
    for commits, size in ((1, 1 << 30), (7, 1 << 30), (1000, 0), (1000, 3000), (1000, 40_000)):
        both(data, idx, head, commits, size)
    assert both(data, idx, "f" * 40) == (0, {})
    assert both(data, idx, "not hex") == (0, {})


def test_both_readers_leave_out_what_the_python_reader_must_read(tmp_path: Path) -> None:
    pack, _, names = crafted()
    data, idx = written(pack, tmp_path)
    n, got = both(data, idx, names["line"])
    assert n == 6
    assert all(v[0] in (1, 2) for v in got.values())
    n, got = both(data, idx, names["merge"])
    assert n == 1  # a merge ends the line (its tree is read)
    assert both(data, idx, names["big"]) == (0, {})  # over 1 MiB: left out
    n, got = both(data, idx, names["delta_root"])
    assert n == 7 and names["delta_root"] in got
    assert names["delta_tree"] not in got  # a root tree stored as a delta: left out
    n, got = both(data, idx, names["blob_root"])
    assert n == 7 and sum(v[0] == 2 for v in got.values()) == 1  # a blob is no tree
    assert both(data, idx, names["lying"]) == (0, {})
    assert both(data, idx, names["bomb"]) == (0, {})  # inflated to its 512 KiB and refused


def test_both_readers_agree_on_broken_packs(tmp_path: Path) -> None:
    pack, head, names = crafted()
    data, idx = written(pack, tmp_path)
    rng = random.Random(35)
    for _ in range(400):
        d, x = bytearray(data), bytearray(idx)
        for _ in range(rng.randint(1, 6)):
            target = d if rng.random() < 0.7 else x
            target[rng.randrange(len(target))] = rng.randrange(256)
        start = rng.choice([*names.values(), head])  # (a tree's id: no commit there)
        both(bytes(d), bytes(x), start)
        both(bytes(d), bytes(x), start, rng.randint(0, 8), rng.randint(0, 4000))
    short = idx[:8 + 1024 + 30]
    assert both(data, short, head) == (0, {})


def walked(gitdir: Path, prefix: str, reader: object, budget: Budget | None
           ) -> tuple[object, ...]:
    with Repo(gitdir) as repo:
        if reader != "default":
            repo.reader = reader  # type: ignore[assignment]
        head = repo.head()
        assert head is not None
        if budget is not None:
            repo.budget = budget
        got = age._times(repo, prefix, head)
        b = repo.budget
        return got, (b.commits, b.entries, b.inflated)


@pytest.mark.parametrize("prefix", [git_history.PREFIX, "team", "", "src/pkg01", "nothing"])
def test_a_walk_reading_ahead_is_the_walk_without(history: Path, prefix: str) -> None:
    gitdir = history / ".git"
    plain = walked(gitdir, prefix, None, None)
    assert walked(gitdir, prefix, chain_py, None) == plain
    if NATIVE is not None:
        assert walked(gitdir, prefix, "default", None) == plain
    full = Budget()
    spent = (full.commits - plain[1][0], full.entries - plain[1][1],
             full.inflated - plain[1][2])
    rng = random.Random(hash(prefix) & 0xFFFF)
    for field, total in zip(("commits", "entries", "inflated"), spent, strict=True):
        for cut in {0, 1, total // 2, total - 1, total, *(rng.randint(0, total)
                                                         for _ in range(6))}:
            want = walked(gitdir, prefix, None, Budget(**{field: cut}))
            assert walked(gitdir, prefix, chain_py, Budget(**{field: cut})) == want
            if NATIVE is not None:
                assert walked(gitdir, prefix, "default", Budget(**{field: cut})) == want


@needs_native
def test_ages_are_the_same_with_the_reader_built_or_not(history: Path, tmp_path: Path) -> None:
    ws = history / git_history.PREFIX
    age._CACHE.clear()
    ahead = age.git_ages(ws)
    age._CACHE.clear()
    env = dict(os.environ, MEMTUI_PURE_PYTHON="1")
    code = ("import json,sys; from pathlib import Path; from memtui.core.git import age; "
            "print(json.dumps(age.git_ages(Path(sys.argv[1]))))")
    out = subprocess.run([shutil.which("python") or "python", "-c", code, str(ws)], env=env,
                         check=True, capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parents[2]).stdout
    import json

    assert json.loads(out) == [ahead[0], ahead[1]]
    assert len(ahead[0]) >= 20
