"""newuser26 #10: at 80 columns the header's count line dropped the one count that was not
nothing ("0 dangling · 4 fuzzy [[ ]]", the only problem of a 34-memory Claude Code folder)
and kept "0 orphans (0 unreachable) · 0 broken links". The counts of nothing give way
first; the ellipsis still says a count went."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.palette import Palette
from memtui.tui.widgets.health_header import HealthHeader
from tests.core.helpers import make_ws, memory, run_audit


def test_the_counts_of_nothing_give_way_before_a_problem(tmp_path: Path) -> None:
    names = [f"note_{i:02}" for i in range(34)]
    files = {f"memory/{n}.md": memory(n, f"See [[Note-{i + 1:02}]]." if i < 4 else "")
             for i, n in enumerate(names)}
    files["MEMORY.md"] = "".join(f"- [{n}](memory/{n}.md) — a hook\n" for n in names)
    result = run_audit(make_ws(tmp_path / "ws", files))
    assert sum(w.state == "fuzzy" for w in result.wikirefs) == 4
    full = HealthHeader.render_text(result, Palette()).plain.splitlines()[1]
    assert "0 orphans" in full and "0 broken links" in full and "4 fuzzy" in full
    counts = HealthHeader.render_text(result, Palette(), 78).plain.splitlines()[1]
    assert len(counts) <= 78 and len(full) > 78
    assert "4 fuzzy [[ ]]" in counts, counts  # main: "… · 0 broken links …"
    assert "34 memories" in counts and counts.endswith(" …"), counts
    assert "0 broken links" not in counts
