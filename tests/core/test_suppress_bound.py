"""Inline ignore comments are read in time linear in the file (issue 31 §4): an unclosed
``<!-- memtui: ignore `` repeated over a 1 MiB memory with a finding in it cost hours of CPU
(a regex tried every opening against the rest of the line). Each case runs in a child
process under a CPU limit, so the old quadratic reader fails the test instead of hanging
it, and reports its own CPU time (``time.process_time``) for reading the comments."""

from __future__ import annotations

import json
import random
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memtui.core.reporting.suppress import comments

ROOT = Path(__file__).resolve().parents[2]
MIB = 1 << 20
#: CPU seconds per MiB the comments of one memory may cost (generous: it takes ~0.05 s).
BOUND = 2.0
#: The child is killed past this much CPU (the old reader needed hours).
LIMIT = 20

CHILD = r"""
import json, sys, time
from pathlib import Path
from memtui.core.config import Config
from memtui.core.checks.findings import finding
from memtui.core.reporting.suppress import apply
root = Path(sys.argv[1])
findings = [finding("orphan", "a.md", None, "not linked from the index"),
            finding("stale", "a.md", 3, "old")]
start = time.process_time()
kept, gone = apply(findings, root, Config())
print(json.dumps({"cpu": time.process_time() - start, "kept": len(kept),
                  "gone": len(gone)}))
"""

ADVERSARIAL = {
    "unclosed openings": "<!-- memtui: ignore ",
    "unclosed ignore-file": "<!-- memtui: ignore-file orphan ",
    "openings and one far >": "<!-- memtui: ignore x",
    "bare openings": "<!--",
    "openings with spaces": "<!--   memtui:   ",
    "closed with a lone >": "<!-- memtui: ignore -> ",
}


#: The reader before issue 31 (quadratic): on short lines, the reference.
OLD = re.compile(r"<!--\s*memtui:\s*(ignore-file|ignore)\b([^>]*?)\s*-->")


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (LIMIT, LIMIT))


@pytest.mark.parametrize("name", list(ADVERSARIAL))
def test_a_mib_of_hostile_comments_is_read_in_linear_time(name: str, tmp_path: Path) -> None:
    unit = ADVERSARIAL[name]
    body = unit * (MIB // len(unit))
    if name == "openings and one far >":
        body += ">"
    (tmp_path / "a.md").write_text(body[:MIB], encoding="utf-8")
    out = subprocess.run([sys.executable, "-c", CHILD, str(tmp_path)], capture_output=True,
                         text=True, preexec_fn=_limit, timeout=LIMIT * 3,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, (name, out.returncode, out.stderr[-500:])
    got = json.loads(out.stdout)
    assert got["cpu"] < BOUND, (name, got)
    assert got["kept"] == 2  # nothing there is a closed ignore comment


def test_a_closed_comment_after_many_openings_still_counts() -> None:
    row = "<!-- memtui: ignore " * 1000 + "<!-- memtui: ignore orphan -->"
    found, alone = comments(row)
    assert found == [(m.group(1), m.group(2).strip()) for m in OLD.finditer(row)]
    assert len(found) == 1 and found[0][1].endswith("orphan") and alone


PIECES = ["<!--", " ", "memtui:", "ignore", "ignore-file", "-->", ">", "-", "x", ",",
          "orphan", "<", "!", "\t"]


def test_the_linear_reader_reads_as_the_regex_did() -> None:
    """On short lines the regex was fast: there, both must find the same comments."""
    rng = random.Random(31)
    for _ in range(50_000):
        row = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 14)))
        old = [(m.group(1), m.group(2).strip()) for m in OLD.finditer(row)]
        found, alone = comments(row)
        assert found == old, row
        if old:
            assert alone == (not OLD.sub("", row).strip()), row


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=8))
def test_any_repeated_unit_is_read_in_linear_time(unit: list[str]) -> None:
    """Property: a 256 KiB line of any unit of comment syntax, repeated, costs the reader
    no more than the bound per MiB (scaled)."""
    text = "".join(unit)
    row = text * ((256 << 10) // len(text) + 1)
    start = time.process_time()
    comments(row)
    assert time.process_time() - start < BOUND / 4
