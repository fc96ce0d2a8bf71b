"""A pack index looked up: every id at its offset, in a small bucket (searched as one block
of bytes) and in a large one (bisected), and no id found that is not listed whole, even
one made of two listed ids' halves that the block holds at an odd place."""

from __future__ import annotations

from pathlib import Path

from memtui.core.git import pack as pack_module
from memtui.core.git.pack import PackFile
from tests.core.git_craft import Pack


def _pack_of(tmp_path: Path, ids: list[str]) -> tuple[PackFile, dict[str, int]]:
    built = Pack()
    offsets = {sha: built.add("blob", f"blob {n}".encode(), sha)[1] for n, sha in enumerate(ids)}
    built.write(tmp_path)
    folder = tmp_path / "objects" / "pack"
    name = next(folder.glob("*.pack")).stem
    return PackFile(str(folder / f"{name}.pack"), str(folder / f"{name}.idx")), offsets


def test_a_small_bucket_finds_each_id_and_no_straddling_one(tmp_path: Path) -> None:
    # Two ids in bucket 0xab; the second half of the first followed by the first half of
    # the second starts with 0xab too, and lies in the block 10 bytes off the 20-byte step.
    first = "ab" + "00" * 9 + "ab" + "11" * 9
    second = "ab" + "22" * 19
    other = "cd" + "33" * 19
    found, offsets = _pack_of(tmp_path, [first, second, other])
    try:
        for sha, offset in offsets.items():
            assert found.offset(bytes.fromhex(sha)) == offset
        straddling = bytes.fromhex(first)[10:] + bytes.fromhex(second)[:10]
        assert straddling[0] == 0xAB
        assert found.offset(straddling) is None
        assert found.offset(bytes.fromhex("ab" + "ff" * 19)) is None
        assert found.offset(bytes.fromhex("00" * 20)) is None
    finally:
        found.close()


def test_a_large_bucket_is_bisected_and_finds_each_id(tmp_path: Path) -> None:
    count = pack_module.SCAN_BUCKET + 40
    ids = [f"ab{n:038x}" for n in range(count)]
    found, offsets = _pack_of(tmp_path, ids)
    try:
        assert all(found.offset(bytes.fromhex(sha)) == off for sha, off in offsets.items())
        assert found.offset(bytes.fromhex(f"ab{count:038x}")) is None
    finally:
        found.close()
