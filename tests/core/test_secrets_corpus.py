"""The credential checks against a labelled corpus: recall and precision, measured and
printed (``pytest -s`` shows them; they are asserted either way)."""

from __future__ import annotations

from memtui.core.creds.detector import scan_text
from tests.core.secrets_corpus import CREDENTIALS, LOOK_ALIKES

RECALL_GOAL = 0.95
PRECISION_GOAL = 0.90


def _measure() -> tuple[list[str], list[str], int, int, int]:
    missed: list[str] = []
    false: list[str] = []
    true_pos = 0
    for line, value in CREDENTIALS:
        values = [h.value for h in scan_text(line)]
        if value in values:
            true_pos += 1
        else:
            missed.append(f"{line!r}: expected {value!r}, got {values}")
    for line in LOOK_ALIKES:
        hits = scan_text(line)
        if hits:
            false.append(f"{line!r}: {[(h.kind, h.value) for h in hits]}")
    return missed, false, true_pos, len(false), len(missed)


def test_corpus_is_big_enough_and_balanced() -> None:
    assert len(CREDENTIALS) + len(LOOK_ALIKES) >= 60
    assert min(len(CREDENTIALS), len(LOOK_ALIKES)) >= 30


def test_recall_and_precision_reach_the_goals() -> None:
    missed, false, tp, fp, fn = _measure()
    recall = tp / (tp + fn)
    precision = tp / (tp + fp) if tp + fp else 1.0
    print(f"\nsecrets corpus: {len(CREDENTIALS)} credentials, {len(LOOK_ALIKES)} look-alikes; "
          f"recall {recall:.1%} ({tp}/{tp + fn}), precision {precision:.1%} ({tp}/{tp + fp})")
    for m in missed:
        print("  missed:", m)
    for f in false:
        print("  false alarm:", f)
    assert recall >= RECALL_GOAL, missed
    assert precision >= PRECISION_GOAL, false
