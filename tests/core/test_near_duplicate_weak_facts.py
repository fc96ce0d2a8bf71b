"""near_duplicate under LOW alike: facts in common that tell nothing (section numbers, a 1-10
scale, the parts of a date) do not make two notes of one project one memory (real28: an
OpenClaw design note and its table's schema, 18 % alike)."""

from __future__ import annotations

from pathlib import Path

from memtui.core.checks.near_duplicate import FLOOR, LOW, similarity, sketch
from tests.core.helpers import make_ws, run_audit

# A design note with numbered sections, a 1-10 scale and a dated footer; the table that
# stores it, with the same scale and footer. Longer than a short rule each (not `_grown`).
DESIGN = (
    '# How the alert service is laid out\n'
    '\n'
    'A queue takes each alert and a worker sends it when it falls due.\n'
    '\n'
    '### 1. Intake\n'
    '- the web form and the chat command both write to the queue\n'
    '### 2. Storage\n'
    '- rows live in one local file, no server to run\n'
    '### 3. Urgency\n'
    '- each alert gets an urgency from 1-10, set by hand or guessed\n'
    '### 4. Sending\n'
    '- mail first, a phone message when the mail bounces\n'
    '### 5. Cleanup\n'
    '- sent alerts are archived after a month\n'
    '### Limits\n'
    '- a burst of messages from one source is folded into a digest; nobody gets woken '
    'twice by the same outage\n'
    '\n'
    '*Written: 2026-03-02*\n'
)
SCHEMA = (
    '# Alert table columns\n'
    '\n'
    '| column | meaning |\n'
    '|---|---|\n'
    '| id | row number |\n'
    '| due_at | when to send |\n'
    '| body | the text shown |\n'
    '| urgency | 1-10, higher goes out first |\n'
    '| channel | mail or phone |\n'
    '| owner | who set the alert up, a team handle |\n'
    '| tries | how often sending failed so far |\n'
    '| created_at | stamp of the insert, never updated |\n'
    '\n'
    'Indexes: due_at alone; owner with created_at for the weekly digest query.\n'
    '\n'
    '*Written: 2026-03-02*\n'
)


def _pairs(tmp_path: Path, design: str, schema: str) -> set[str]:
    ws = make_ws(tmp_path, {
        "MEMORY.md": "- [Design](memory/design.md)\n- [Table](memory/table.md)\n",
        "memory/design.md": design, "memory/table.md": schema})
    return {f.path for f in run_audit(ws).findings if f.kind == "near_duplicate"}


def test_small_numbers_and_a_date_in_common_do_not_pair_two_notes(tmp_path: Path) -> None:
    assert FLOOR <= similarity(sketch(DESIGN), sketch(SCHEMA)) < LOW
    assert _pairs(tmp_path, DESIGN, SCHEMA) == set()


def test_a_telling_fact_in_common_still_pairs_them(tmp_path: Path) -> None:
    """The same two notes naming one file and one host: facts that tell, so the pair stays."""
    tail = "Stored in `alerts.db` on `@ops-box`, checked by `alertctl verify`.\n"
    assert _pairs(tmp_path, DESIGN + tail, SCHEMA + tail) == {"memory/design.md",
                                                              "memory/table.md"}
