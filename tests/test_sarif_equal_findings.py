"""newuser31 #30: two equal findings in one file (one credential twice, two index lines
linking one missing file, one dangling wikilink twice) shared one SARIF fingerprint, so code
scanning made one alert of the two. Each occurrence now has its own; the first keeps the
line-independent one, so an alert still follows its finding across lines moving."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from tests.test_cli_hostile import MEMORY
from tests.test_sarif import TOKEN, sarif


def test_equal_findings_of_one_file_are_apart(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Memory\n- [a](memory/a.md) — hook\n"
                                    "- [gone](memory/gone.md) — one\n"
                                    "- [gone](memory/gone.md) — two\n", encoding="utf-8")
    body = f"prod token {TOKEN}\n\nbackup token {TOKEN}\n[[nowhere]] and\n\n[[nowhere]]"
    (root / "memory/a.md").write_text(MEMORY.format("a", body), encoding="utf-8")
    data, _ = sarif(str(root))
    results = data["runs"][0]["results"]
    by_kind = Counter(r["ruleId"] for r in results)
    assert by_kind["secret"] == 2 and by_kind["broken_link"] == 2, by_kind
    prints = [(r["ruleId"], r["partialFingerprints"]["memtui/v1"]) for r in results]
    assert len(set(prints)) == len(prints), prints
