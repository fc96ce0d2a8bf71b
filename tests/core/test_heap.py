"""memtui.core.heap: freed memory handed back to the system (issue 35)."""

from __future__ import annotations

import platform
import subprocess
import sys
from pathlib import Path

import pytest

from memtui.core import heap
from memtui.core.audit import AuditOptions, Auditor
from memtui.core.workspace import open_workspace
from tests.core.helpers import NOW, make_ws, memory, uncached

_CHILD = r"""
import sys
from memtui.core import heap

def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) // 1024
# 50,000 blocks of ~1.5 KB (a sketch's size), a long-lived one of the C heap after every
# tenth, as the scans leave them; then the sketches let go of.
kept, blocks = [], []
for i in range(50_000):
    blocks.append(bytes(1500) + i.to_bytes(4, "little"))
    if i % 10 == 9:
        kept.append(bytes(600) + i.to_bytes(4, "little"))
del blocks
before = rss()
heap.give_back()
print(before, rss())
"""


@pytest.mark.skipif(not sys.platform.startswith("linux") or
                    not Path("/proc/self/status").exists(), reason="reads /proc")
def test_freed_blocks_are_given_back_to_the_system() -> None:
    """The ~75 MB of freed blocks stay the process's until `give_back` (glibc); elsewhere
    it does nothing, and never fails."""
    out = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True,
                         check=True, cwd=Path(__file__).resolve().parents[2]).stdout
    before, after = map(int, out.split())
    if platform.libc_ver()[0] != "glibc":
        assert after <= before
        return
    assert before >= 70 and before - after >= 50, (before, after)  # MiB


def test_worth_it_only_for_large_runs() -> None:
    assert not heap.worth_it(heap.MANY - 1)
    assert heap.worth_it(heap.MANY)
    heap.give_back()  # twice: looked up once, then called
    heap.give_back()


def test_a_one_shot_run_gives_back_the_sketches_room_once_paired(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A one-shot run of `MANY` memories or more hands the heap back right after the
    pairing, its sketches let go of; a smaller one, or a kept auditor, never."""
    import memtui.core.derivation.derive as derive_module

    files = {f"memory/m{i}.md": memory(f"m{i}", f"Note {i}: the deploy of service {i} "
                                       "needs the VPN up first, then the bastion key, then "
                                       "the migration run by hand before it restarts.\n")
             for i in range(6)}
    root = make_ws(tmp_path / "ws", files, days_ago=3)
    opts = AuditOptions(now=NOW, keep_texts=False)
    events: list[str] = []
    real = derive_module.pairs

    def pairs(sketches: dict[str, bytes], *args: object) -> object:
        events.append("paired")
        return real(sketches, *args)  # type: ignore[arg-type]
    monkeypatch.setattr(derive_module, "give_back", lambda: events.append("given back"))
    monkeypatch.setattr(derive_module, "pairs", pairs)
    with uncached():
        for many, one_shot, expected in ((7, True, ["paired"]),
                                         (6, True, ["paired", "given back"]),
                                         (6, False, ["paired"])):
            monkeypatch.setattr(heap, "MANY", many)
            events.clear()
            result = Auditor(open_workspace(root), opts, one_shot=one_shot).run()
            assert events == expected, (many, one_shot)
            assert all(not s.sketch for s in result.scans.values()) == one_shot
