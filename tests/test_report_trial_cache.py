"""The readable report's trial audit (`fitting_exclude`: the report again with a folder
excluded) writes no cache: its derivation took the place of the audit's own in the derived
cache, so that every `memtui audit` of a long report derived afresh (issue 35: 2.8 s of CPU
a warm run at 3,000 templated memories instead of 1.5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.cli import main
from memtui.commands import report_text
from memtui.core.caches import derived as derived_cache
from tests.core.helpers import make_ws


def test_the_trial_audit_leaves_the_audit_s_own_derivation_cached(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
        ) -> None:
    monkeypatch.delenv("MEMTUI_NO_CACHE", raising=False)
    monkeypatch.setenv("MEMTUI_CACHE_DIR", str(tmp_path / "cache"))
    files = {"MEMORY.md": "- [A](memory/a.md) — a\n",
             "memory/a.md": "---\nname: a\ndescription: a\ntype: project\n---\nA.\n"}
    files |= {f"memory/briefs/b{i}.md": f"# Brief {i}\n\nSee [[Topic {i}]].\n"
              for i in range(12)}
    root = make_ws(tmp_path / "ws", files)
    tried: list[tuple[str, ...]] = []

    def trial(result: object, length: int, console: object, reaudit: object) -> None:
        tried.append(("memory/briefs",))
        reaudit(("memory/briefs",))  # type: ignore[operator]
    monkeypatch.setattr(report_text, "fitting_exclude", trial)
    assert main(["audit", str(root)]) in (0, 1)
    assert tried
    capsys.readouterr()
    stored = derived_cache.load(derived_cache.cache_path(root))
    assert stored is not None
    assert stored.key["options"]["exclude"] == []  # main: ["memory/briefs/**"], the trial's
    assert len(stored.files) == 13
