"""Trees compared by their entries' bytes and commits read by one pattern (issue 35, branch
i35git3) give what the entry-by-entry reading gives, hostile trees included:

- ``Repo.changes`` splits only the entries whose bytes differ; a name a tree holds twice
  (git never writes one, a crafted tree may) must still read as its last entry, and bytes
  that look like a name inside another entry (a longer name, an id) must not confuse it;
- ``_parse_commit`` reads the usual header by one pattern: every variant here must give the
  line-by-line reading's result (or its error).
"""

from __future__ import annotations

import itertools
import re
import zlib
from pathlib import Path

import pytest

from memtui.core.git import repo as git_repo
from memtui.core.git.repo import GitReadError, Repo
from tests.core.git_craft import new_repo, object_id, write_loose

_ENTRY = re.compile(rb"([0-7]{1,7}) ([^\0]*)\0(.{20})", re.S)


def loose_tree(gitdir: Path, body: bytes) -> str:
    sha = object_id("tree", body)
    write_loose(gitdir, sha, zlib.compress(b"tree %d\0" % len(body) + body))
    return sha


def reference(body_a: bytes, body_b: bytes) -> list[tuple[str, str, str]]:
    """The changes between two trees of blobs, each name read as its last entry."""
    def entries(body: bytes) -> dict[str, tuple[int, str]]:
        return {name.decode(): (int(mode, 8), sha.hex())
                for mode, name, sha in _ENTRY.findall(body)}
    a, b = entries(body_a), entries(body_b)
    out = []
    for name in sorted(set(a) | set(b)):
        if a.get(name) == b.get(name):
            continue
        if name not in b:
            out.append(("0", a[name][1], name))
        else:
            out.append((f"{b[name][0]:06o}", b[name][1], name))
    return out


def entry(mode: bytes, name: bytes, sha: bytes) -> bytes:
    return mode + b" " + name + b"\0" + sha


ID1, ID2, ID3 = b"\x01" * 20, b"\x02" * 20, b"\x03" * 20
#: An id holding the bytes of " x\0" (an entry named x, as the bytes search would see it).
TRICKY = b"\x05 x\0" + b"\x06" * 16
TREES = [
    b"",
    entry(b"100644", b"x", ID1),
    entry(b"100644", b"x", ID2),
    entry(b"100644", b"x", ID1) + entry(b"100644", b"x", ID2),  # twice: the last counts
    entry(b"100644", b"x", ID2) + entry(b"100644", b"x", ID1),
    entry(b"100644", b"x", ID1) + entry(b"100644", b"y", ID2),
    entry(b"100644", b"a x", ID1) + entry(b"100644", b"x", ID2),  # " x\0" inside a name
    entry(b"100644", b"a x", ID1),
    entry(b"100644", b"w", TRICKY) + entry(b"100644", b"x", ID3),  # ... inside an id
    entry(b"100644", b"w", TRICKY),
    entry(b"100755", b"x", ID1) + entry(b"0100644", b"y", ID2),  # modes, one written odd
    entry(b"100644", b"x", ID1) + entry(b"100644", b"y", ID2) + entry(b"100644", b"x", ID3),
]


@pytest.mark.parametrize("counted", [git_repo._NAMES_COUNTED, 0])  # 0: split for any
@pytest.mark.parametrize("work", [git_repo._COMPARE_WORK, 0])  # 0: always by the dicts
def test_changes_read_each_name_as_its_last_entry(tmp_path: Path, work: int, counted: int,
                                                  monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(git_repo, "_COMPARE_WORK", work)
    monkeypatch.setattr(git_repo, "_NAMES_COUNTED", counted)
    gitdir = new_repo(tmp_path, "0" * 40)
    ids = [loose_tree(gitdir, body) for body in TREES]
    with Repo(gitdir) as repo:
        for (a, body_a), (b, body_b) in itertools.product(zip(ids, TREES, strict=True),
                                                          repeat=2):
            assert list(repo.changes(a, b)) == reference(body_a, body_b), (body_a, body_b)


def wide(*changes: tuple[int, bytes]) -> bytes:
    """A tree of 12 entries (``f00`` .. ``f11``, id ``\\x10`` + i), some replaced."""
    entries = [entry(b"100644", b"f%02d" % i, bytes([16 + i]) * 20) for i in range(12)]
    for at, replaced in changes:
        entries[at] = replaced
    return b"".join(entries)


#: Trees of one length told from one another (`_items_like`): an id changed in place (one
#: place, two, far apart), a name held twice (the changed one, another), the changed
#: entry's key inside an unchanged id, a mode written longer beside a name shorter (one
#: entry of the same length; two of other starts, one length), every id changed, a name
#: changed in place to one another entry holds (then held twice), another name's key
#: inside the changed id.
WIDE = [
    wide(),
    wide((5, entry(b"100644", b"f05", ID1))),
    wide((5, entry(b"100644", b"f05", ID2))),
    wide((5, entry(b"100644", b"f05", ID1)), (11, entry(b"100644", b"f11", ID2))),
    wide((0, entry(b"100644", b"f05", ID1))),
    wide((0, entry(b"100644", b"f05", ID2)), (5, entry(b"100644", b"f05", ID1))),
    wide((9, entry(b"100644", b"f09", b"\x05 f05\0" + b"\x06" * 14))),
    wide((9, entry(b"100644", b"f09", b"\x05 f05\0" + b"\x06" * 14)),
         (5, entry(b"100644", b"f05", ID3))),
    wide((5, entry(b"0100644", b"f5", ID1))),
    wide((5, entry(b"100644", b"g05", ID1))),
    wide(*((i, entry(b"100644", b"f%02d" % i, ID3)) for i in range(12))),
    wide((5, entry(b"0100644", b"f05", ID1)), (6, entry(b"100644", b"f6", ID2))),
    wide((5, entry(b"0100644", b"f05", ID1)), (6, entry(b"100644", b"f6", ID3))),
    wide((5, entry(b"100644", b"f07", ID1))),  # renamed in place to a name held after it
    wide((5, entry(b"100644", b"f05", b"\x05 f07\0" + b"\x06" * 14))),
]


@pytest.mark.parametrize("counted", [git_repo._NAMES_COUNTED, 0])  # 0: split for any
@pytest.mark.parametrize("order", ["forward", "backward"])
def test_trees_told_from_one_another_compare_as_their_entries(
        tmp_path: Path, counted: int, order: str, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Each pair read by a fresh `Repo` in the walk's order (the newer tree first, the older
    told from it), then every pair on one `Repo` (trees told from whichever was kept)."""
    monkeypatch.setattr(git_repo, "_NAMES_COUNTED", counted)
    gitdir = new_repo(tmp_path, "0" * 40)
    ids = [loose_tree(gitdir, body) for body in WIDE]
    pairs = list(itertools.product(zip(ids, WIDE, strict=True), repeat=2))
    if order == "backward":
        pairs.reverse()
    for (a, body_a), (b, body_b) in pairs:
        with Repo(gitdir) as repo:
            repo.entry(b, "f00")  # b read and kept: a is told from it
            assert list(repo.changes(a, b)) == reference(body_a, body_b), (body_a, body_b)
    with Repo(gitdir) as repo:
        for (a, body_a), (b, body_b) in pairs:
            assert list(repo.changes(a, b)) == reference(body_a, body_b), (body_a, body_b)


def test_a_tree_with_bytes_past_its_entries_is_refused(tmp_path: Path) -> None:
    gitdir = new_repo(tmp_path, "0" * 40)
    good = loose_tree(gitdir, entry(b"100644", b"x", ID1))
    for body in (entry(b"100644", b"x", ID1) + b"junk", b"junk" + entry(b"100644", b"x", ID1),
                 entry(b"100644", b"x", ID1)[:-1]):
        bad = loose_tree(gitdir, body)
        with Repo(gitdir) as repo, pytest.raises(GitReadError, match="not a tree"):
            list(repo.changes(good, bad))


HEX = "ab" * 20
COMMITS = [
    f"tree {HEX}\nauthor a <a> 1 +0000\ncommitter c <c> 12 +0000\n\nsubject\n\nbody\n",
    f"tree {HEX}\nparent {HEX}\nparent {'cd' * 20}\nauthor a <a> 1 +0000\n"
    f"committer c <c> 0012 -0130\n\n  two\nlines\n",
    f"tree {HEX}\nauthor \ncommitter > x> <y> 99 +0\n\n",
    f"tree {HEX}\nauthor a <a> 1 +0000\ncommitter c <c> 12 +0000\n",  # no message
    f"tree {HEX}\nauthor a <a> 1 +0000\ncommitter c <c> 12 +0000\ngpgsig -----\n sig\n\nm\n",
    f"tree {HEX}\nauthor a <a> 1 +0000\ncommitter c <c> 12 +0000\nencoding x\n\nm\n",
    f"tree {HEX}\ntree {'cd' * 20}\nauthor a <a> 1 +0000\ncommitter c <c> 12 +0000\n\nm\n",
    f"tree {HEX}\nauthor a <a> 1 +0000\ncommitter c <c> 12 +0000\n"
    f"committer d <d> 13 +0000\n\nm\n",
    f"tree {HEX}\nauthor a <a> 1 +0000\ncommitter c <c> 12 0000\n\nm\n",
    f"tree {HEX}\nauthor a <a> 1 +0000\ncommitter c <c> 1_2 +0000\n\nm\n",
    f"tree {HEX.upper()}\nauthor a <a> 1 +0000\ncommitter c <c> 12 +0000\n\nm\n",
    f"tree {HEX}\nparent {HEX[:-1]}\nauthor a <a> 1 +0000\ncommitter c <c> 12 +0000\n\nm\n",
    f"tree {HEX}\nauthor a <a> 1 +0000\ncommitter c <c> {'9' * 5000} +0000\n\nm\n",
    f"tree {HEX}\nauthor a <a> 1 +0000\ncommitter c <c> 12 +0000\n\n\xff\xfe \u00e9\n",
]


def parsed(body: bytes) -> object:
    try:
        return git_repo._parse_commit("f" * 40, body)
    except (GitReadError, ValueError) as exc:
        return type(exc)


def test_a_commit_read_by_its_pattern_is_read_as_line_by_line(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    bodies = [text.encode("utf-8", "surrogateescape") for text in COMMITS]
    fast = [parsed(body) for body in bodies]
    assert sum(git_repo._PLAIN_COMMIT.match(body) is not None for body in bodies) >= 5
    monkeypatch.setattr(git_repo, "_PLAIN_COMMIT", re.compile(b"(?!)"))
    assert fast == [parsed(body) for body in bodies]
